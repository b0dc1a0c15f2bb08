/* File extension → bundled tree-sitter grammar. The table in lang.c is the single place a
 * grammar is registered: adding a language is one row there (plus its rules in ts_rules.c).
 *
 * A path whose extension has no row (Kotlin, Vue, text, no extension) has no grammar and is left
 * to the plaintext heuristic. Extensions match case-sensitively, as the file system does. */
#ifndef LETS_SYMBOLS_LANG_H
#define LETS_SYMBOLS_LANG_H
#include <stdbool.h>
#include <stdint.h>

#include <tree_sitter/api.h>

enum lang_id {
	L_GO,
	L_TYPESCRIPT,
	L_TSX,
	L_JAVASCRIPT,
	L_PYTHON,
	L_RUST,
	L_MARKDOWN,
	L_JSON,
	L_YAML,
	L_TOML,
	L_BASH,
	L_C,
	L_CPP,
	L_CSHARP,
	L_JAVA,
	L_PHP,
	L_RUBY,
	L_SWIFT,
	L_COUNT
};

struct lang {
	enum lang_id id;
	const char *name; /* "go", "typescript", ... */
	const TSLanguage *(*grammar)(void);
	/* Top-level items start at column 0 after a blank line, so a large file can be parsed one
	 * item at a time (see symbols.c); false where that does not hold (markup, config, shell
	 * heredocs, PHP's <?php prelude). */
	bool chunkable;
};

/* The language with this id (every id has one). */
const struct lang *lang_by_id(enum lang_id id);
/* The grammar for path's extension, or NULL. */
const struct lang *lang_for_path(const char *path);
/* The extension of path's last component including its dot (".kt"), or the whole last
 * component when it has none ("Makefile"). Points into path. */
const char *lang_extension(const char *path);

#endif
