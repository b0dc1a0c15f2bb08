/* Where to parse: the byte ranges of a file that can hold the definition a #name asks for, found
 * from the text alone so that tree-sitter parses only them (its included ranges keep every
 * position that of the whole file). Internal to src/symbols/; symbols.c decides whether a parse
 * of these ranges is trusted.
 *
 * Every cutter adds ranges in ascending, merged order; occ lists where the name's last dotted
 * part occurs (ascending byte offsets), and the tree walk descends only into nodes holding one. */
#ifndef LETS_SYMBOLS_RANGES_H
#define LETS_SYMBOLS_RANGES_H
#include <stdbool.h>
#include <stddef.h>

#include <tree_sitter/api.h>

struct file;
struct chunk_lexis;

struct ranges {
	TSRange *v;
	size_t n, cap;
	size_t bytes; /* covered by v */
	bool windowed; /* an item too long to parse was cut to a window around the name */
	size_t *occ;
	size_t n_occ, cap_occ;
	/* Set before ranges_occurrences: bytes [0, prelude) go in before the first item (a PHP
	 * file's "<?php" line, without which the grammar reads the rest as HTML). */
	size_t prelude;
	/* Set before ranges_occurrences (chunk set): the file's comment forms; an occurrence in a
	 * comment that starts its line is skipped, as no definition is named there. */
	const struct chunk_lexis *lx;
	/* ranges_namespaces: a C++ file's namespaces opened at column 0, whose items start at column
	 * 0 too; a qualifier is also found in the header of a namespace around the item. */
	struct ranges_ns {
		size_t line, open, close; /* the header's line start, its '{', the matching '}' */
	} * ns;
	size_t n_ns;
	bool ns_unmatched; /* ranges_namespaces failed: parse the file whole */
};
#define RANGES_INIT \
	{           \
		0   \
	}

void ranges_release(struct ranges *r);
/* One of occ[0..n) (ascending) lies in [a, b). */
bool ranges_occ_in(const size_t *occ, size_t n, size_t a, size_t b);
/* Adds [a, b) at or after the last range (merging with it when they touch). */
void ranges_add(struct ranges *r, const struct file *f, size_t a, size_t b);

/* Records in r->occ where seg (the last dotted part of q, seg inside q) occurs — as a whole word,
 * and not on a comment line (r->lx), when chunk is set — and, when chunk is set, adds the
 * top-level items (chunk.h) holding them, keeping only items that also hold q's other parts.
 * False when seg does not occur at all (so counted). */
bool ranges_occurrences(const struct file *f, const char *q, const char *seg, size_t len, bool chunk,
			struct ranges *r);

/* Finds f's namespaces opened at column 0 (a line starting "namespace" that is no alias) into
 * r->ns, each with its closing brace; false when one cannot be matched (see chunk_match_braces),
 * and then the items cannot be told from the text: the file is parsed whole. */
bool ranges_namespaces(const struct file *f, const struct chunk_lexis *lx, struct ranges *r);
/* Adds to r, for each namespace of r->ns around the start of one of its ranges, the namespace's
 * header (through its '{') and its closing '}': the items then parse inside it as in the whole
 * file, with their qualified names. */
void ranges_wrap_namespaces(struct ranges *r, const struct file *f);

/* Narrows r's items (cut by the text, their cuts checked) to what a walk to r->occ needs, so less
 * is parsed: an item's opening comment lines go, as a comment at the top level is inside no
 * definition (kept inside a namespace of r->ns, which encloses them), and the whole item when
 * every occurrence in it lies there; so does the inside of each brace block that holds no
 * occurrence, whose '{' ends its line and whose '}' starts one: "{}" parses as the same
 * definition over the same lines, and the lines inside it hold nothing asked about; and, under a
 * lexis of '//' comments, each run of whole statements or list elements holding no occurrence
 * (see run_end in ranges.c). r is left as it was when nothing would be left to parse, and for
 * windowed ranges or a prelude. */
void ranges_elide(struct ranges *r, const struct file *f, const struct chunk_lexis *lx);

/* Records in r->occ the first and the last non-blank byte of each of lines[0..n) (1-based,
 * ascending) and, when chunk is set, adds the top-level items holding them: where
 * symbols_enclosing parses. An item too long to parse is added whole (the caller's check of the
 * cuts decides). */
void ranges_lines(const struct file *f, const long *lines, size_t n, bool chunk, struct ranges *r);

/* YAML: the block under each occurrence (lines indented deeper than the key that holds it) plus
 * the one line of each enclosing key, where q's first seg_off bytes (its qualifiers) are found. */
void ranges_yaml(const struct file *f, const char *q, size_t seg_off, struct ranges *r);

/* JSON (jsonranges.c): for each occurrence inside a key string whose enclosing keys hold q's
 * qualifiers, the whole pair, and for each enclosing container the bytes from its key (or its
 * opening bracket) through its opening bracket, and its closer; a comma between two kept members
 * is kept too, so the cut reads as JSON with the other members left out. */
void ranges_json(const struct file *f, const char *q, size_t seg_off, struct ranges *r);

struct md_head {
	size_t row; /* 0-based */
	int level;
};
/* ATX headings found line by line, outside fenced code and front matter. False when the text
 * holds a possible setext underline ("---" or "===" under a text line), which a line scan
 * cannot tell from a thematic break reliably. The caller frees *out. */
bool ranges_md_scan(const struct file *f, struct md_head **out, size_t *n_out);
/* Markdown: the section of each heading whose line holds an occurrence, the heading that ends
 * it, and the heading line of each enclosing section. *expect gets how many heading lines the
 * ranges cover. False when the line scan cannot be trusted. */
bool ranges_md(const struct file *f, const char *q, size_t seg_off, struct ranges *r, size_t *expect);

#endif
