/* Symbol resolution for #name and #Outer.inner targets: tree-sitter for the bundled grammars,
 * a plaintext heuristic for other text files. */
#ifndef LETS_SYMBOLS_H
#define LETS_SYMBOLS_H
#include "../error.h"

struct file;
struct span;

/* Resolves name in f to the enclosing definition's span. target_text is the target as typed, for
 * messages. Records not_found / ambiguous / no_grammar in d. */
enum lets_err symbols_resolve(struct file *f, const char *name, const char *target_text, struct span *out,
			      struct diag *d);

#endif
