/* Symbol resolution for #name and #Outer.inner targets: tree-sitter for the bundled grammars
 * (lang.c), the plaintext heuristic for other text files (plaintext.c, Kotlin always).
 *
 * Decisions every caller can rely on:
 *  - a span is the whole definition, with its decorators/attributes and the wrappers the grammar
 *    puts around it (export, template<>, a single-spec Go type/var/const), never a leading
 *    comment; a Markdown heading runs to the next heading of the same or a higher level;
 *  - "a.b" matches a definition named "a.b", or one named "b" directly inside one matching "a"
 *    (Go receiver types, Rust impl types, C++ Outer:: qualifiers count as containers); in JSON,
 *    YAML and TOML "$.a.b" matches only where "a" is at the top level;
 *  - failures: more than one candidate is ambiguous (up to 20 listed as path:line\ttext, then
 *    "(+N more)", then in JSON, YAML and TOML "from the root: #$.a.b · ..." when those paths
 *    differ); none is not_found "#name (try @'name') not found in <target_text>"; no_grammar
 *    only for a grammar-less file holding invalid UTF-8 that no line matches (0.0.1 reports a
 *    grammar-less text file with no match as not_found);
 *  - span.guessed_end is true only for a plaintext span not closed by brace matching (edit
 *    --insert-after refuses those). */
#ifndef LETS_SYMBOLS_H
#define LETS_SYMBOLS_H
#include "error.h"

struct file;
struct span;

/* Resolves name in f to the enclosing definition's span. target_text is the target as typed, for
 * messages (edit passes the file path for an anchor). Records not_found / ambiguous / no_grammar
 * in d. */
enum lets_err symbols_resolve(struct file *f, const char *name, const char *target_text, struct span *out,
			      struct diag *d);

#endif
