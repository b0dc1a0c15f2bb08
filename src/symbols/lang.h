/* File extension → language: its bundled tree-sitter grammar and the format layer 1 validates it
 * as. The tables in lang.c are the single place an extension, a grammar or a format checker is
 * registered: adding a language is one row there (plus its rules in ts_rules.c); symbols, show,
 * edit's structural check and check.c's format check all ask lang_for_path.
 *
 * A path whose extension has no row (Kotlin, Vue, text, no extension) has no grammar and is left
 * to the plaintext heuristic. Extensions match ignoring ASCII case: "C.JSON" is JSON for show's
 * #key and for edit's check alike, as an agent reading the name would expect. */
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

/* The format a language's files are validated as, beyond the tree-sitter parse (check.c). */
enum lang_format {
	FMT_NONE, /* tree-sitter's error nodes decide */
	FMT_JSON, /* a JSON parser (comments allowed) */
	FMT_YAML, /* libyaml */
	FMT_TOML, /* check_toml.c */
	FMT_FRONTMATTER, /* markdown: its frontmatter, when it has one, as YAML */
};

struct lang {
	enum lang_id id;
	const char *name; /* "go", "typescript", ... */
	const TSLanguage *(*grammar)(void);
	/* Top-level items start at column 0 after a blank line, so a large file can be parsed one
	 * item at a time (see symbols.c); false where that does not hold (markup, config, shell
	 * heredocs, PHP's <?php prelude). */
	bool chunkable;
	enum lang_format format;
};

/* The language with this id (every id has one). */
const struct lang *lang_by_id(enum lang_id id);
/* The language of path's extension (ASCII case ignored), or NULL. */
const struct lang *lang_for_path(const char *path);
/* The extension of path's last component including its dot (".kt"), or the whole last
 * component when it has none ("Makefile"). Points into path. */
const char *lang_extension(const char *path);

#endif
