/* The structural check of lets edit ("the file is parsed before and after; a new parse error
 * reverts it"), with the tree-sitter grammar the path's extension selects. The tree-sitter types
 * stay inside src/symbols/; callers pass bytes and get counts.
 *
 * An error is a tree-sitter ERROR node or a MISSING node (a token the parser had to invent, such
 * as an unclosed bracket's partner). Counting is exact and deterministic for given bytes, so
 * before/after counts compare. */
#ifndef LETS_SYMBOLS_PARSE_H
#define LETS_SYMBOLS_PARSE_H
#include <stdbool.h>
#include <stddef.h>

/* True when path's extension has a bundled grammar. */
bool parse_has_grammar(const char *path);

/* An edited region in line numbers: before's lines [b1, b2) became after's lines [a1, a2)
 * (1-based, half-open; an empty side is an insert or a deletion). */
struct line_hunk {
	long b1, b2, a1, a2;
};

/* The shape proof's verdict (shape.h): what an edit that parses still got wrong. */
enum shape_kind {
	SHAPE_OK,
	SHAPE_MOVED, /* a line outside the edit changed blocks */
	SHAPE_NESTED, /* the edit's code entered a block that had closed before it */
	SHAPE_COMPILE, /* Python would not compile the result (and compiled the file before) */
};
struct shape_verdict {
	enum shape_kind kind;
	long line; /* 1-based: a moved line in the file's numbering, else in the edited text's */
	char what[320]; /* "def helper (line 5) is now nested in Foo — was top-level" */
	char note[96]; /* for the region's first changed line: "← nested in Foo" */
	char into[96]; /* SHAPE_NESTED: the block it entered, as named in what ("Foo") */
	long indent_before, indent_after; /* SHAPE_NESTED: the edit's first code line's indentation */
	long last_inside; /* SHAPE_NESTED: the last line of the block it entered, before the edit; 0 unknown */
	long moved_first, moved_last; /* SHAPE_MOVED: the first and last line that moved */
};

/* The structural check of an edit in one call: ERROR/MISSING counts over the same region of the
 * file before and after the change. In a code grammar only the top-level items around the
 * changed bytes are parsed (chunk.h), both times, whenever they are under half the file, so the
 * check costs about the same on an 18k-line file as on a 200-line one; if that region does not
 * parse cleanly before the change (a cut that the text alone got wrong), or is most of the file,
 * the whole file is parsed instead, incrementally the second time. An edit introduced a parse
 * error when after > before. */
struct syntax_delta {
	int before, after;
	/* 1-based line in the new bytes of the first error there, preferring one inside the changed
	 * lines (the line edit marks "← parse error"); 0 when after == 0. */
	long first_line;
	bool partial; /* only the items around the change were parsed */
	struct shape_verdict shape; /* syntax_check_edit's: SHAPE_OK unless it found a violation */
};
/* Returns false (out untouched) when path has no grammar. */
bool syntax_check_change(const char *path, const char *before, size_t before_len, const char *after,
			 size_t after_len, struct syntax_delta *out);
/* syntax_check_change, then, on the same trees when neither holds a parse error, the shape proof
 * (shape.h) of an edit whose edited lines are h[0..n) (ascending); h NULL takes the lines from
 * the first changed byte to the last as one hunk, as does a map that does not fit the texts. */
bool syntax_check_edit(const char *path, const char *before, size_t before_len, const char *after,
		       size_t after_len, const struct line_hunk *h, size_t n, struct syntax_delta *out);

#endif
