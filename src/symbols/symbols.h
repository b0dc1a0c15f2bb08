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
#include <stdbool.h>

#include "error.h"

struct file;
/* Where a target lands in a loaded file; symbols_resolve fills it for #name, target.c for the
 * other kinds (it lives here so that symbols/ needs nothing of target.h). */
struct target_span {
	long start, end; /* 1-based, inclusive; the matched line for a regex */
	const char *resolver; /* NULL, "tree-sitter" or "heuristic (plaintext)" */
	bool guessed_end; /* plaintext span whose end was not brace-matched */
};

/* Resolves name in f to the enclosing definition's span. target_text is the target as typed, for
 * messages (edit passes the file path for an anchor). Records not_found / ambiguous / no_grammar
 * in d. */
enum lets_err symbols_resolve(struct file *f, const char *name, const char *target_text,
			      struct target_span *out, struct diag *d);

/* A definition named for the next call: qname is the dotted path of names from the top level
 * ("Client.Pull": a Go method under its receiver type, a class member under its class), the
 * #target that reaches it. */
struct sym_def {
	char *qname; /* owned */
	const char *kind; /* static: "function", "method", "type", "value", "section", "key", or
			   * "overload" (a Python @overload signature, listed beside its implementation) */
	long start, end; /* the span, 1-based inclusive lines (as symbols_resolve gives it) */
	long line; /* the line its name is on */
	const char *resolver; /* static: "tree-sitter" or "heuristic (plaintext)" */
	bool unique; /* #qname resolves to this definition alone (else name it by its lines) */
};
struct sym_defs {
	struct sym_def *v;
	size_t n, cap;
};
#define SYM_DEFS_INIT \
	{             \
		0     \
	}
void sym_defs_release(struct sym_defs *s);

/* Appends to out every definition in f that #name would resolve to (the candidates of an
 * ambiguity, in line order; none when name does not occur), with the same rules. */
void symbols_definitions(struct file *f, const char *name, struct sym_defs *out);

/* For each of lines[0..n) (1-based, ascending), the innermost definition whose span holds it:
 * which[i] is its index in out (appended to, one entry per distinct definition), or -1 outside
 * every definition and in a file without a grammar. Only the top-level items holding the lines
 * are parsed where the text can be cut there (ranges.h); the whole file otherwise, or when a
 * definition found holds a parse error. Each definition found is then resolved by its qname,
 * to set unique. */
void symbols_enclosing(struct file *f, const long *lines, size_t n, struct sym_defs *out, int *which);

#endif
