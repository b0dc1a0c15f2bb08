/* Where inserted lines belong, read from the file's text around the anchor: the indentation an
 * unindented --new takes, and, in a Makefile, which lines are recipe lines. Pure functions on a
 * file's bytes in memory.
 *
 * After a line that opens a block (its next non-blank line is deeper; or it ends in "{", "(",
 * "[" or ":", a Makefile rule line) an insert takes the block's first child's indentation, else
 * the anchor's plus one unit of the file; before a line that closes one ("}", ")", "]", "end",
 * "fi", "done", "esac"), the last child's. A #symbol anchor is its header's indentation. */
#ifndef LETS_EDIT_PLACE_H
#define LETS_EDIT_PLACE_H
#include <stdbool.h>
#include <stddef.h>

struct buf;
struct file;

/* Where an insert goes. */
struct place_site {
	long line; /* the line the text goes after (after) or before */
	bool after;
	long header; /* a #symbol anchor: the symbol's first line; 0 for a regex anchor */
	long top, end; /* a #symbol anchor: the first line of its leading comment (else header) and its
			* last line, for the blank lines around an insert (place_blank_lines) */
};

/* Appends to base the indentation an insert's unindented first line takes at site. */
void place_insert_base(const struct file *f, const struct place_site *site, struct buf *base);

/* The blank lines an insert after a definition (its comment from line top, header line header,
 * last line end) takes between it and the definition, in code: the blank lines between the
 * definition and the sibling below it (the next non-blank line at the header's indentation that
 * does not close a block), else the one above it, else 1; at least 1 when the definition has a
 * body (spans several lines). -1 in prose and data files (Markdown, JSON, YAML, TOML, .txt),
 * where the insert keeps the blank lines it was given. */
long place_blank_lines(const struct file *f, long top, long header, long end);

/* f is a Makefile (Makefile, makefile, GNUmakefile, *.mk, *.mak): a leading tab there makes a
 * recipe line, so indentation is not a style to convert. */
bool place_is_makefile(const struct file *f);

enum place_make {
	PLACE_MAKE_NONE, /* not indented, or not a Makefile */
	PLACE_MAKE_RECIPE, /* a recipe line: its indentation must be a tab */
	PLACE_MAKE_OTHER, /* anything else (an assignment in an ifeq, a continuation): never a tab */
};

/* For each of the n_lines lines of text, written after the first `before` lines of f (a
 * Makefile): out[i] says which it is. A line is a recipe line when it is indented (as typed, or
 * by base for the first lines of an insert) and the nearest line above it that is neither blank
 * nor a comment is a rule line or a recipe line, and it is no variable assignment, directive or
 * rule line typed at column 0; a continuation line (after a backslash) is what the line it
 * continues is. */
void place_make_lines(const struct file *f, long before, const char *text, size_t n, bool based,
		      unsigned char *out, size_t n_lines);

#endif
