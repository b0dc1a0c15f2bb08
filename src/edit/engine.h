/* The edit engine: one edit applied to one file's bytes in memory. It opens, writes and prints
 * nothing; its only outputs are the new bytes, what changed, and a failure recorded in a diag.
 *
 * Bytes outside a matched span are never touched: the new content is always
 * old[0..start) + replacement + old[end..). A failed edit leaves the file's bytes as they were,
 * so a batch applies its edits one after another to one working copy and drops it on the first
 * failure. Later matching modes (whitespace-tolerant, a line hint, whole words, re-indented
 * inserts) are new fields of edit_req and new values of edit_match; the result shape stays. */
#ifndef LETS_EDIT_ENGINE_H
#define LETS_EDIT_ENGINE_H
#include <stdbool.h>
#include <stddef.h>

#include "../error.h"

struct file;
struct omits;
struct target;

/* One edit as asked. Strings are borrowed for the call; lengths count bytes (NULs allowed). */
struct edit_req {
	const char *target_text; /* as typed, for messages */
	const struct target *t; /* where a replacement may match: T_WHOLE, a line range, regex or symbol */
	const char *old; /* the text to replace; NULL for an insert or a confirmed range */
	size_t old_len;
	const char *new_text; /* the replacement or the inserted text */
	size_t new_len;
	const char *anchor; /* an insert's anchor as typed (@'regex' or #symbol); NULL otherwise */
	bool after; /* insert after the anchor (else before) */
	bool all; /* replace every occurrence instead of refusing an ambiguity */
	bool normalize; /* accept a match with smart quotes, dashes and odd spaces folded */
	bool literal_newlines; /* keep --new's line endings as typed */
	const char *expect; /* a :N target's line must read this (trimmed); NULL: not asked */
	bool expect_all; /* a :a-b target's lines must read expect_all_text */
	const char *expect_all_text;
	size_t expect_all_len;
};

enum edit_match {
	EDIT_MATCH_EXACT, /* the bytes of --old, or an insert */
	EDIT_MATCH_NORMALIZED, /* --normalize folded characters to match */
	EDIT_MATCH_EXPECT, /* a range replaced after --expect or --expect-all confirmed it */
};

/* What one edit did. EDIT_RESULT_INIT is empty; fields are meaningful after a success only. */
struct edit_result {
	enum edit_match kind;
	char *match; /* owned: "exact", "normalized (– → -)", "expect matched" */
	bool insert; /* an insert, not a replacement */
	bool crlf_matched; /* --old's LF line breaks matched the file's CRLF ones */
	bool guessed; /* the target's span ends at a plaintext guess */
	long count; /* replacements made, or lines inserted */
	long *lines; /* owned: the changed lines of the new bytes, ascending, 1-based */
	size_t n_lines, cap_lines;
	long anchor_line; /* an insert's anchor line */
	char *anchor_shown; /* owned: "#usage (line 3)" or "line 5" */
};
#define EDIT_RESULT_INIT \
	{                \
		0        \
	}

/* Applies rq to f (bytes with their line index, f->path naming it in messages). On success
 * f holds the new bytes, re-indexed, and r says what changed. On failure f is unchanged and the
 * failure (not_found, ambiguous, expect_refused, mixed_endings, unsupported_file, empty_file,
 * guessed_span, or a target's own) is recorded in d. Grep-style readings of a regex target or
 * anchor are recorded in notes. */
enum lets_err edit_apply(struct file *f, const struct edit_req *rq, struct edit_result *r,
			 struct omits *notes, struct diag *d);
void edit_result_release(struct edit_result *r);

#endif
