/* Top-level items of code, found from the text alone, so a large file can be parsed one item at
 * a time instead of whole (tree-sitter parses ~3 MB/s; a 19k-line file takes ~100 ms).
 *
 * An item starts on a line that begins at column 0 with something other than a closer ("}", ")",
 * "]", "end") or a lone word and colon (a C or Go label, "else:", "public:") and follows a blank
 * line, a line that closes at column 0, or the start of the file;
 * it runs to the next such line. This holds in the chunkable grammars (struct lang.chunkable) for
 * ordinary code; where it does not (a column-0 line inside a multi-line string, a C++ namespace
 * body at column 0) the item usually fails to parse on its own, and callers fall back to the
 * whole file when that happens. All offsets are byte offsets into data[0..len). */
#ifndef LETS_SYMBOLS_CHUNK_H
#define LETS_SYMBOLS_CHUNK_H
#include <stdbool.h>
#include <stddef.h>

/* Start of the line holding byte at. */
size_t chunk_line_start(const char *data, size_t at);
/* The string and comment forms of a grammar, enough to tell code from text by a forward scan. */
struct chunk_lexis {
	bool slash_comments; /* // and block comments */
	bool hash_comments; /* # to the end of the line */
	bool single_quotes; /* '...' is a string or character literal (not a Rust lifetime) */
	bool triple_quotes; /* Python's multi-line strings */
	bool backticks; /* Go raw strings, JavaScript template literals: may span lines */
	bool multiline_dq; /* "..." may span lines (Rust) */
	bool char_literals; /* 'x' and '\n' are characters, a lone ' a lifetime (Rust) */
};

/* Start of the top-level item holding byte at. */
size_t chunk_item_start(const char *data, size_t len, size_t at);
/* End (exclusive) of the top-level item holding byte at: the start of the next item, or len. */
size_t chunk_item_end(const char *data, size_t len, size_t at);
/* The same under lx's comment forms: a line of comment alone starts an item only when the first
 * line of code after it can (a column-0 comment over an indented line is inside a body). */
size_t chunk_item_start_lx(const char *data, size_t len, size_t at, const struct chunk_lexis *lx);
size_t chunk_item_end_lx(const char *data, size_t len, size_t at, const struct chunk_lexis *lx);
/* Every at[0..n) (ascending offsets, each a line start) lies in code, not inside a string or a
 * comment, by one scan of data from the start. An item cut there is where the text says. */
bool chunk_in_code(const char *data, size_t len, const struct chunk_lexis *lx, const size_t *at, size_t n);

/* The same check asked many times of one file's bytes with one lexis (a -p call's lookups): the
 * literals the scan found so far, so the file is scanned once, only as far as asked. */
struct chunk_scan {
	size_t to; /* scanned up to here */
	size_t *lit; /* [start, end) of each literal spanning a newline, in pairs, ascending */
	size_t n, cap; /* entries of lit, twice the literals */
};
bool chunk_scan_in_code(struct chunk_scan *s, const char *data, size_t len, const struct chunk_lexis *lx,
			const size_t *at, size_t n);
void chunk_scan_release(struct chunk_scan *s);

/* The '}' matching the '{' at each opens[0..n) (ascending) into closes, from one scan of data
 * from opens[0] that skips strings and comments; false unless every one is closed and the braces
 * from there balance (a preprocessor branch repeating an opening line, a brace in a raw string:
 * the text alone cannot say). */
bool chunk_match_braces(const char *data, size_t len, const struct chunk_lexis *lx, const size_t *opens,
			size_t n, size_t *closes);

/* The '}' closing the C++ namespace named by data[name..name_end) (its last part: "namespace
 * a::b {" gives b), by brace matching over the whole file, which must balance (as in
 * chunk_match_braces); SIZE_MAX when the text there is no namespace header or its braces cannot
 * be matched. */
size_t chunk_namespace_close(const char *data, size_t len, const struct chunk_lexis *lx, size_t name,
			     size_t name_end);

/* s[0..len) holds only spaces, tabs and carriage returns. */
bool chunk_blank(const char *s, size_t len);

/* The start of the first line of data[a..b) (a a line start) holding code, past blank lines and
 * lines of comment alone; b when there is none. */
size_t chunk_code_start(const char *data, size_t a, size_t b, const struct chunk_lexis *lx);

/* A '{' and its matching '}'. */
struct chunk_block {
	size_t open, close;
};
/* One line as a forward scan of the code sees it; brackets are '{', '(' and '[' outside strings
 * and comments. */
struct chunk_line {
	size_t start, end; /* [start, end): the line without its '\n' */
	size_t depth; /* brackets open at its start */
	size_t low; /* the fewest open anywhere in it */
	char inner; /* the innermost bracket open at its start; 0 when none */
	/* that bracket holds a list: a '(' or '[', or a '{' opened right after ',', '(' or '[' (an
	 * initializer or an object, not a body) */
	bool in_list;
	char last; /* its last byte of code (a string's closing quote counts, a comment not); 0: none */
	bool starts_in_literal, ends_in_literal; /* inside a string or comment that spans lines */
};
/* The lines of data[a..b) (a in code, a line start) and its brace pairs in the order they open. */
struct chunk_shape {
	struct chunk_line *lines;
	size_t n_lines;
	struct chunk_block *blocks;
	size_t n_blocks;
};
/* Scans data[a..b) into *s (released with chunk_shape_release); false, with *s empty, when its
 * brackets do not balance (a preprocessor branch repeating an opening line, a regular expression
 * holding one). */
bool chunk_shape(const char *data, size_t a, size_t b, const struct chunk_lexis *lx, struct chunk_shape *s);
void chunk_shape_release(struct chunk_shape *s);

#endif
