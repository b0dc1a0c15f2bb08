/* The `lets edit --from -` batch on stdin, in either of its two forms, read into a list of edits
 * before anything is matched, so a malformed batch fails whole (exit 64) with nothing written.
 *
 * Fence form, no escaping needed for code bodies:
 *     @@ <target>[ insert-after <anchor> | insert-before <anchor>]
 *     <<<<<<< old          (absent for an insert)
 *     <text>
 *     ======= new
 *     <text>
 *     >>>>>>>
 * A section's text is the lines between its fences, without the newline before the next fence.
 * JSONL form, one object per line: {"file","old"|"insert_after"|"insert_before"|"symbol","new"
 * [,"all"][,"word"][,"substring"][,"line_hint"]}; "symbol" makes the target file#symbol, with
 * neither old nor anchor: the symbol's whole span is replaced.
 * A first non-blank byte '{' selects JSONL. Problems are recorded one per line as usage
 * failures ("line <n>: <problem>"), every line checked. */
#ifndef LETS_BATCH_H
#define LETS_BATCH_H
#include <stdbool.h>
#include <stddef.h>

#include "error.h"

struct batch_entry {
	char *target; /* owned; the @@ target or "file" */
	char *old, *new_text; /* owned; old NULL for an insert */
	size_t old_len, new_len;
	char *anchor; /* owned; NULL unless an insert */
	bool after;
	int all; /* -1 unset, else 0/1 (JSONL "all") */
	int word; /* -1 unset, else 0/1 (JSONL "word") */
	int substring; /* -1 unset, else 0/1 (JSONL "substring") */
	long line_hint; /* 0 unset (JSONL "line_hint", 1 or more) */
	long line; /* 1-based input line the entry starts on */
};

struct batch {
	struct batch_entry *v;
	size_t n, cap;
};
#define BATCH_INIT \
	{          \
		0  \
	}

/* Parses s[0..n); on any problem d holds one usage failure per problem and b may be partial. */
void batch_parse(struct batch *b, const char *s, size_t n, struct diag *d);
void batch_release(struct batch *b);

/* Descriptors for a call on the files (or targets) named[0..n): it holds each directory once
 * and up to LIMIT_BATCH_HELD files at a time, three descriptors each (lock, temporary, directory
 * for the rename). When that needs more than the soft RLIMIT_NOFILE, the soft limit is raised to
 * the hard one (lets uses poll, never select, so a descriptor past 1024 is fine; a checker gets the
 * soft limit back, proc_raise_nofile); when even the
 * hard limit is too few, io_error names the directories, the limit and the way out, before any
 * file is opened. Directories are counted by the text before each name's last '/': equal text is
 * one directory, so the count is never below the real one. */
enum lets_err batch_fd_room(const char *const *named, size_t n, struct diag *d);

#endif
