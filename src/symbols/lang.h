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

#include "../format/format.h"

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
	enum format format; /* the data format check.c validates its files as (format/format.h) */
};

/* The language with this id (every id has one). */
const struct lang *lang_by_id(enum lang_id id);
/* The language of path's extension (ASCII case ignored), or NULL. */
const struct lang *lang_for_path(const char *path);
/* The data format of path's bytes: its language's (FMT_NONE without one), and Markdown's
 * FMT_FRONTMATTER only when data opens with a frontmatter block (format_frontmatter). */
enum format lang_format_for(const char *path, const char *data, size_t len);
/* The extension of path's last component including its dot (".kt"), or the whole last
 * component when it has none ("Makefile"). Points into path. */
const char *lang_extension(const char *path);

#endif
