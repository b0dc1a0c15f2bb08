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
};
/* Returns false (out untouched) when path has no grammar. */
bool syntax_check_change(const char *path, const char *before, size_t before_len, const char *after,
			 size_t after_len, struct syntax_delta *out);

#endif
