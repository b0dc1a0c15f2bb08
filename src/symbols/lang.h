/* File extension → language: its bundled tree-sitter grammar and its data format (format.h),
 * which layer 1 validates it as. Symbols, show, edit's structural check, check.c's format check and
 * transform all ask lang_for_path (or lang_format_for).
 *
 * Adding a language takes, always:
 *  1. here, its L_<NAME> before L_COUNT;
 *  2. in lang.c, its tree_sitter_<name>() declaration, its row in langs[] (name, grammar,
 *     chunkable, FMT_NONE for code) and its extensions in exts[];
 *  3. in ts_rules.c, the node types that are its definitions, as lang_rules[L_<NAME>] (an action
 *     no language has yet is a value of enum act in ts_walk.h, a visitor in ts_code.c and its
 *     row in ts_walk.c's visitors[]);
 *  4. in the build, its grammar's line in the Makefile's GRAMMARS and its npm package in
 *     deps/package.json.
 * and where it applies: a chunkable language's comment and string forms in partial.c's lexis_of
 * (without them its cuts are not checked by a scan), identifier bytes beyond [A-Za-z0-9_] in
 * edit/words.c, tab indentation in edit/indent.c. A new data format is more: its FMT_ value and
 * name (format/format.h, format.c), its validator under src/format/ called by format_valid, its
 * reject note in check.c, and for transform a model reader (format/model_<name>.c) and its
 * splices (transform/splice.c).
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
