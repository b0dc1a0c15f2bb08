/* A buffer parsed with the tree-sitter grammar its path's extension selects, for the structural
 * check of lets edit ("the file is parsed before and after; a new parse error reverts it").
 *
 * The tree-sitter types stay inside src/symbols/: callers hold an opaque struct parse. A parse
 * owns a copy of the bytes it last parsed, so the caller may free or reuse its buffers at once.
 *
 *     struct parse *p = parse_new(path, before, before_len);   // NULL: no grammar → skip the check
 *     long line0, line1;
 *     int errs0 = parse_errors(p, &line0);
 *     parse_update(p, after, after_len);                        // incremental: reuses the old tree
 *     int errs1 = parse_errors(p, &line1);                      // errs1 > errs0 → revert
 *     parse_free(p);
 *
 * An error is a tree-sitter ERROR node or a MISSING node (a token the parser had to invent, such
 * as an unclosed bracket's partner). Counting is exact and deterministic for given bytes, so
 * before/after counts compare. */
#ifndef LETS_SYMBOLS_PARSE_H
#define LETS_SYMBOLS_PARSE_H
#include <stdbool.h>
#include <stddef.h>

struct parse;

/* True when path's extension has a bundled grammar. */
bool parse_has_grammar(const char *path);
/* Parses data[0..len) (no NUL needed) with the grammar for path; NULL when there is none.
 * Free with parse_free. */
struct parse *parse_new(const char *path, const char *data, size_t len);
/* Re-parses after the bytes became data[0..len). The changed region is found as the longest
 * common prefix and suffix with the bytes parsed before, given to tree-sitter as one edit
 * (ts_tree_edit), and the old tree is reused for everything outside it. Any number of splices
 * between two calls is fine: they are covered by the one region. */
void parse_update(struct parse *p, const char *data, size_t len);
/* Number of ERROR and MISSING nodes in the current tree. *first_line, when first_line is not
 * NULL, gets the 1-based line where the first of them (in document order) starts, 0 if none. */
int parse_errors(const struct parse *p, long *first_line);
/* Same count; fills lines[0..cap) with the 1-based start line of each error in document order
 * (duplicates kept), so a caller can pick the first one inside the region it changed. */
int parse_error_lines(const struct parse *p, long *lines, size_t cap);
/* Accepts NULL. */
void parse_free(struct parse *p);

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

/* One-shot: the error count of data parsed with path's grammar, or -1 when path has no grammar.
 * *first_error_line as in parse_errors (left untouched on -1). */
int syntax_errors(const char *path, const char *data, size_t len, long *first_error_line);

#endif
