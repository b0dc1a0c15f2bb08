/* Counting lets and hook use in Claude Code transcripts (.jsonl, one JSON event per line). Only
 * counts and verb names leave the scan: no transcript text, path or content is kept.
 *
 * Streaming: a file is read in chunks and split into lines; memory is one line plus the tool
 * calls still waiting for their result (capped), whatever the transcript's size. */
#ifndef LETS_HOOK_TRANSCRIPT_H
#define LETS_HOOK_TRANSCRIPT_H
#include <stddef.h>

/* The verbs lets_calls counts, alphabetical (the report's order). */
#define TRANSCRIPT_VERBS 11
extern const char *const transcript_verbs[TRANSCRIPT_VERBS];

struct transcript_counts {
	long sessions, bash_calls, hook_blocks, blocks_followed, calls_saved, read_calls, read_bytes;
	long lets_calls[TRANSCRIPT_VERBS];
	long malformed_lines, non_utf8_lines, unreadable_files, walk_errors;
};

/* Scans one transcript from fd (read to its end) into c, counting it as one session. Returns
 * 0, or -1 when reading failed (the file then counts as unreadable, not as a session). */
int transcript_scan_fd(int fd, struct transcript_counts *c);

/* For one Bash command: the index of the lets verb it runs (-1: not a lets call) and how many
 * targets it names (paths for find). */
int transcript_lets_verb(const char *command, size_t len, long *targets);

#endif
