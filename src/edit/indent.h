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

/* How a file indents: with tabs (unit 1 tab) or with unit spaces. */
struct indent_style {
	bool tabs;
	int unit; /* columns of one level: 4 for a tab, the space count otherwise */
};

/* The style of f's lines (tabs when more indented lines start with a tab; else the most common
 * step between space indents, 4 when nothing tells). */
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

/* nw re-indented for region r: a line indented as one of --old's lines takes the file's indent of
 * that line; any other by its level under --old's base, in the file's style. Only leading
 * whitespace changes (line endings stay as in nw). Caller frees; *len gets the length. */
char *fold_reindent(const struct file *f, const struct fold_region *r, const char *old, size_t old_len,
		    const char *nw, size_t nw_len, size_t *len);

/* Inserted text in f's style, each line's level kept and counted in the file's unit: from base
 * (the anchor line's indentation) when the first line has no indentation, else from column 0.
 * Caller frees. */
char *indent_insert(const struct file *f, const char *base, size_t base_len, const char *text, size_t n,
		    size_t *len);

/* Bytes of leading spaces and tabs of s[0..n). */
size_t indent_len(const char *s, size_t n);

#endif
