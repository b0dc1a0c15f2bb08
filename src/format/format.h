/* The data formats lets reads — JSON (and JSONC), YAML, TOML and Markdown frontmatter. A
 * language's format is on its row (symbols/lang.c); check.c validates a file as it, transform
 * edits it, the meaning proof compares two versions of it. */
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
/* The frontmatter block of s: a first line "---", then YAML up to a line "---" or "..." (a CR
 * before the line's LF allowed). Returns the offset just past the block's closing line (its YAML
 * is s[*first, *close)), 0 when s has no frontmatter, SIZE_MAX when the block never closes. */
size_t format_frontmatter(const char *s, size_t n, size_t *first, size_t *close);

#endif
