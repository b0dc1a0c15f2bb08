/* The edit engine: one edit applied to one file's bytes in memory. It opens, writes and prints
 * nothing; its only outputs are the new bytes, what changed, and a failure recorded in a diag.
 *
 * Bytes outside a matched span are never touched: the new content is always
 * old[0..start) + replacement + old[end..). A failed edit leaves the file's bytes as they were,
 * so a batch applies its edits one after another to one working copy and drops it on the first
 * failure.
 *
 * The matching ladder of a replacement: --old's bytes as typed; then with the file's line
 * endings; then, unless --exact, folded over whitespace (indent.h) when exactly one region folds;
 * then, with --normalize, with typographic characters folded. An exact match always wins.
 * -w keeps only matches that cut through no identifier (words.h); --all of an --old that is one
 * identifier is ambiguous when some matches do, unless --substring. --line-hint picks, among
 * several, the one whose span holds the line, and never moves an edit to a match that does not.
 *
 * An insert's @'regex' anchor without +N must match one line; --line-hint picks the match nearest
 * it (show keeps the first match). */
#ifndef LETS_EDIT_ENGINE_H
#define LETS_EDIT_ENGINE_H
#include <stdbool.h>
#include <stddef.h>

#include "../error.h"

struct file;
struct omits;
struct target;
struct edit_result;

/* One splice an edit made, in the lines of the bytes it was applied to: its span touched lines
 * first..last (last = first - 1 for an insert before line first), and the lines after it moved
 * by delta. */
struct edit_shift {
	long first, last, delta;
};

/* The edits a batch applied to a file before this one, newest first: a line_hint is a line of
 * the file as read (the numbers show printed before the batch), and so is every line a refusal
 * names. */
struct edit_history {
	const struct edit_result *r;
	const struct edit_history *prev;
};

/* A line of the file as read, as a line of the working copy after every edit in h (NULL: the
 * same line). A line an edit rewrote keeps its place in the rewritten lines, clamped to them. */
long edit_history_forward(const struct edit_history *h, long line);
/* A line of the working copy after every edit in h, as a line of the file as read; a line an
 * edit wrote maps into the lines that edit replaced (for an insert, the line after it). */
long edit_history_back(const struct edit_history *h, long line);

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
	bool exact; /* --exact: no whitespace folding */
	bool word; /* -w: no match starts or ends inside an identifier */
	bool substring; /* --substring: --all of an identifier may replace inside longer ones */
	long line_hint; /* --line-hint: of several occurrences, the one whose span holds this line; 0 unset.
			 * A line of the file as read: mapped through history */
	const struct edit_history *history; /* earlier edits to this file in the call, or NULL */
	long batch_line; /* the entry's batch line (0: the command line), for the commands a refusal suggests */
	bool tool_terms; /* lets mcp: a refusal names tool arguments and suggests tool calls (opts.h) */
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
	EDIT_MATCH_FOLDED, /* --old matched whole lines with indentation and trailing whitespace folded */
};

/* What one edit did. EDIT_RESULT_INIT is empty; fields are meaningful after a success only. */
struct edit_result {
	enum edit_match kind;
	char *match; /* owned: "exact", "normalized (– → -)", "expect matched", "whitespace-folded" */
	bool insert; /* an insert, not a replacement */
	bool crlf_matched; /* --old's LF line breaks matched the file's CRLF ones */
	bool guessed; /* the target's span ends at a plaintext guess */
	long count; /* replacements made, or lines inserted */
	long *lines; /* owned: the lines of the new bytes the edit covered, ascending, 1-based */
	size_t n_lines, cap_lines;
	long *marked; /* owned: those of lines whose bytes changed (a line diff of each span) */
	size_t n_marked, cap_marked;
	bool reindented; /* --new's indentation was rewritten into the file's style */
	long anchor_line; /* an insert's anchor line */
	char *anchor_shown; /* owned: "#usage (line 3)" or "line 5" */
	struct edit_shift *shifts; /* owned: each splice, ascending (for edit_history) */
	size_t n_shifts, cap_shifts;
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
