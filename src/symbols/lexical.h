/* What the grammar says about whole lines of a text, for an edit that re-indents or places lines:
 * which lines lie inside a multi-line literal (their leading whitespace is the literal's content,
 * not indentation), and which comment lines lead a definition. The tree-sitter types stay inside
 * src/symbols/; callers pass bytes and get line facts.
 *
 * A line is inside a literal when the literal opened on an earlier line and has not ended before
 * the line starts (its closing line included: `"""` and a heredoc's terminator are content too),
 * or when the literal is a Markdown indented code block holding the line. A text that does not
 * parse cleanly still gets the literals its tokens show: tree-sitter keeps them inside its error
 * nodes. */
#ifndef LETS_SYMBOLS_LEXICAL_H
#define LETS_SYMBOLS_LEXICAL_H
#include <stdbool.h>
#include <stddef.h>

/* What a line's leading whitespace is. */
enum lex_kind {
	LEX_CODE, /* indentation: re-indenting it changes nothing the text means */
	LEX_KEEP, /* inside a literal whose bytes are its value: a string of any quoting, a heredoc */
	LEX_SHIFT, /* inside a block whose common indentation the format strips (a YAML block scalar,
		    * a Markdown code block): its lines may move together, by the same columns */
};

struct lex_line {
	unsigned char kind; /* enum lex_kind */
	long owner; /* the 1-based line the literal opens on, 0 when that is one of its own lines */
};

/* For lines first..last (1-based, last <= the text's lines) of data[0..len), as path's grammar
 * parses it: out[i] describes line first + i. In a code grammar only the top-level items around
 * those lines are parsed when they parse cleanly alone. Returns whether any line is inside a
 * literal; false, with every out[i] LEX_CODE, when path has no grammar. */
bool lexical_lines(const char *path, const char *data, size_t len, long first, long last,
		   struct lex_line *out);

/* The first of the lines directly above line (1-based) that hold a comment alone, indented as
 * line is, with no blank line between them and line: a definition's leading comment. line itself
 * when there is none, or when path has no grammar. */
long lexical_comment_above(const char *path, const char *data, size_t len, long line);

#endif
