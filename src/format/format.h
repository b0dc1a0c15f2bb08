/* The data formats lets reads — JSON (and JSONC), YAML, TOML and Markdown frontmatter — and the
 * one verdict on a file's bytes in each: edit's and write's layer 1 (check.c), transform's before
 * and after its splices, hooks install's read of a settings file. A language's format is on its row
 * (symbols/lang.c); this layer is below every module that reads one (src/format/: this verdict, the
 * JSON(C) lexer in jsonc.h, the document model in model.h) and reads no file itself.
 *
 * The verdict per format:
 *  - JSON: the lexer's reading (jsonc.h: a BOM skipped, comments in any file, trailing commas where
 *    format_jsonc says the file is JSONC), numbers of any size, and a file of only blanks and
 *    comments not broken; the strict scanner (jsonscan.c) vouches for the common case, jansson
 *    decides the rest;
 *  - YAML: libyaml, with the anchor every alias needs; the block scanner (yamlscan.c) vouches for
 *    the common case;
 *  - TOML: TOML 1.0 (toml.c), a BOM skipped;
 *  - frontmatter: a first line "---", YAML up to a line "---" or "...". */
#ifndef LETS_FORMAT_FORMAT_H
#define LETS_FORMAT_FORMAT_H
#include <stdbool.h>
#include <stddef.h>

enum format {
	FMT_NONE, /* no data format: a language tree-sitter's error nodes decide, or none at all */
	FMT_JSON,
	FMT_YAML,
	FMT_TOML,
	FMT_FRONTMATTER, /* Markdown's: its frontmatter, when it has one, as YAML */
	FMT_COUNT
};

/* "json", "yaml", "toml", "frontmatter" ("none" for FMT_NONE). */
const char *format_name(enum format f);
/* The one verdict on data as f (see the top); path decides JSONC (NULL: JSONC). On failure detail
 * gets a short reason ("line 3: …", "invalid", "no frontmatter"). */
bool format_valid(enum format f, const char *path, const char *data, size_t len, char *detail,
		  size_t detail_size);
/* Is the JSON file at path JSONC (trailing commas allowed) to the tools that own it: *.jsonc,
 * tsconfig*.json, jsconfig*.json, .vscode/<name>.json, (.)devcontainer.json,
 * .claude/settings(.local).json, and the configuration files of ESLint, TSLint, Turborepo, Biome
 * and Deno. */
bool format_jsonc(const char *path);

/* The frontmatter block of s: a first line "---", then YAML up to a line "---" or "..." (a CR
 * before the line's LF allowed). Returns the offset just past the block's closing line (its YAML
 * is s[*first, *close)), 0 when s has no frontmatter, SIZE_MAX when the block never closes. */
size_t format_frontmatter(const char *s, size_t n, size_t *first, size_t *close);
/* True when s has no frontmatter, or its block closes and parses as YAML; *has tells which. */
bool format_frontmatter_valid(const char *s, size_t n, bool *has);

/* One validator per format (format_valid's, without a BOM's skip for TOML). */
bool json_valid(const char *s, size_t n, bool jsonc, char *detail, size_t detail_size);
bool yaml_valid(const char *s, size_t n, char *detail, size_t detail_size);
/* The deepest YAML nesting of collections yaml_valid loads; deeper is invalid ("nested more than
 * N levels deep"), as PyYAML stops near Python's recursion limit (1000) and jansson at 2048. */
#define YAML_MAX_DEPTH 200
bool toml_valid(const char *s, size_t n);

/* The value jansson reads off s as json_valid does (a BOM skipped, comments blanked, numbers read
 * as 0, trailing commas too when jsonc), with jansson's decoding flags as given (json_valid's are
 * JSON_DECODE_ANY | JSON_ALLOW_NUL); NULL with detail "line N: …" when it does not parse. Caller
 * decrefs. */
struct json_t *json_read(const char *s, size_t n, bool jsonc, size_t flags, char *detail, size_t detail_size);

/* The references the fast paths are tested against (tests/unit/t_scan.c): json_valid from jansson
 * alone, and yaml_valid from libyaml alone. */
bool json_valid_jansson(const char *s, size_t n, bool jsonc, char *detail, size_t detail_size);
bool yaml_valid_libyaml(const char *s, size_t n, char *detail, size_t detail_size);

#endif
