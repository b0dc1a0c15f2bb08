/* Indentation for the edit engine: a file's indent style, --old matched with whitespace folded,
 * and text re-indented into a file's style. Pure functions on bytes in memory.
 *
 * Folding is line-based: --old folds onto a run of whole file lines when every line's text, its
 * leading and trailing whitespace and "\r" aside, is equal, and the indentation of --old maps onto
 * the file's consistently (one file indent per --old indent, one --old indent per file indent,
 * deeper stays deeper). Inner whitespace is never folded, a blank line matches only a blank one,
 * and a region holding invalid UTF-8 never folds. */
#ifndef LETS_EDIT_INDENT_H
#define LETS_EDIT_INDENT_H
#include <stdbool.h>
#include <stddef.h>

struct file;
struct place_site;

/* How a file indents: with tabs (unit 1 tab) or with unit spaces. */
struct indent_style {
	bool tabs;
	int unit; /* columns of one level: 4 for a tab, the space count otherwise */
};

/* The style of f's lines (tabs when more indented lines start with a tab; else the most common
 * step between space indents, 4 when nothing tells; tabs in a Go file or a Makefile with no
 * indented line yet). */
void indent_style_of(const struct file *f, struct indent_style *st);

/* A run of whole lines --old folded onto: bytes [start, end) of the file, lines first..last. */
struct fold_region {
	size_t start, end;
	long first, last;
};

/* The regions of lines lo..hi that --old folds onto; *out (caller frees) holds them in order.
 * Returns their count; 0 for an --old that is blank. At most max are collected (the count goes on). */
size_t fold_find(const struct file *f, long lo, long hi, const char *old, size_t old_len,
		 struct fold_region **out, size_t max);

/* nw re-indented for region r: a line equal to --old's line at the same place, counted from
 * either end, is the file's line it stands for, byte for byte (its trailing whitespace, a Markdown
 * hard break, kept); any other line indented as one of --old's lines takes the file's indent of
 * that line; any other by its level under --old's base, in the file's style. Only leading
 * whitespace changes (line endings stay as in nw), and never inside a multi-line literal
 * (lexical.h): those lines keep their bytes, or move by the columns their literal's first line
 * moved (a YAML block scalar, a Markdown code block). In a Makefile only a recipe line's
 * indentation becomes a tab (place.h). Caller frees; *len gets the length. NULL, with
 * *literal_line the file's line, when --old gives a line inside a literal with other whitespace
 * than the file's (whitespace there is content, so the fold misread it) and nw writes a line
 * inside a literal other than as one it left unchanged; *literal_line is 0 otherwise. */
char *fold_reindent(const struct file *f, const struct fold_region *r, const char *old, size_t old_len,
		    const char *nw, size_t nw_len, size_t *len, long *literal_line);

/* Inserted text for site (place.h), going in at byte off of f, in f's style, each line's level
 * kept and counted in the file's unit: from the base place_insert_base gives when the first line
 * has no indentation, else from column 0; literals and Makefiles as for fold_reindent, except
 * that lines inside a literal of the file (the insert lands in one) take the base before their
 * bytes, as one block. Caller frees. */
char *indent_insert(const struct file *f, const struct place_site *site, size_t off, const char *text,
		    size_t n, size_t *len);

/* nw for an exact one-line --old that starts inside the indentation of its line, at byte start
 * (through end): nw's first line goes in as typed, after the indentation before start; its later
 * lines keep their levels under the first, which sits at the line's real indentation. NULL when
 * --old does not start so, spans lines (its later lines are the file's own bytes, and so are
 * nw's), or nw has one line. Caller frees. */
char *indent_tail(const struct file *f, size_t start, size_t end, const char *old, size_t old_len,
		  const char *nw, size_t nw_len, size_t *len);

/* Bytes of leading spaces and tabs of s[0..n). */
size_t indent_len(const char *s, size_t n);

#endif
