/* Every definition a code file holds, from one whole parse, for lets map (src/map/): the names a
 * tree's other files can refer to. Only what a reference can reach is listed: definitions at the
 * top level and members of types, never a function's locals, a virtual container (a Go receiver
 * type, a Rust impl's type) or a bodiless declaration (a C prototype); data and markup files (JSON,
 * YAML, TOML, Markdown) list nothing. The qualified name is built as symbols_definitions builds
 * it, but whether #qname resolves alone is not decided here (map asks symbols_definitions for the
 * few definitions it prints). */
#ifndef LETS_SYMBOLS_OUTLINE_H
#define LETS_SYMBOLS_OUTLINE_H
#include <stdbool.h>
#include <stddef.h>

struct sym_item {
	char *qname; /* owned: "Client.Pull" */
	size_t name_at, name_len; /* the last part's bytes in the data parsed */
	const char *kind; /* static: "function", "method", "type", "value" */
	long line, start, end; /* 1-based: the name's line, the span */
};
struct sym_items {
	struct sym_item *v;
	size_t n, cap;
};
#define SYM_ITEMS_INIT \
	{              \
		0      \
	}
void sym_items_release(struct sym_items *s);

/* Appends every reachable definition of data (path's bytes, data[size] == '\0') to out in
 * document order; false, out untouched, when path has no code grammar. A file the grammar
 * cannot make sense of (text under a code extension: a template, Qt's XML .ts files) lists
 * nothing: a probe parses its first lines of code alone, and when each of them but the last holds
 * its own parse error, the file is not parsed whole (tree-sitter's error recovery costs 10-20
 * times more per byte than a valid parse), and Go that does not open with its package clause
 * is not parsed at all. Where a parse error ends on a definition's line before its name, and
 * not inside the definition, error recovery made that definition up of text: it is left out. A
 * file with a few errors, as one mid-edit, lists every definition it did. */
bool symbols_outline(const char *path, const char *data, size_t size, struct sym_items *out);

#endif
