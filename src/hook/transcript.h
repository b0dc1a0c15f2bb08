/* Counting lets and hook use in Claude Code transcripts (.jsonl, one JSON event per line). Only
 * counts and verb names leave the scan: no transcript text, path or content is kept.
 *
 * Streaming: a file is read in chunks and split into lines; memory is one line plus the tool
 * calls still waiting for their result (capped), whatever the transcript's size. */
#ifndef LETS_HOOK_TRANSCRIPT_H
#define LETS_HOOK_TRANSCRIPT_H
#include <stddef.h>

/* Zero is a valid, empty count; release frees lets_calls. */
struct transcript_counts {
	long sessions, bash_calls, hook_blocks, blocks_followed, calls_saved, read_calls, read_bytes;
	/* lets calls by verb, indexed by the verb's row in verb_table (verb_count entries); NULL
	 * until the first call is counted. Owned. A Bash command may hold several
	 * (src/hook/cmdline.h reads it). */
	long *lets_calls;
	long malformed_lines, non_utf8_lines, unreadable_files, walk_errors;
};
void transcript_counts_release(struct transcript_counts *c);

/* Scans one transcript from fd (read to its end) into c, counting it as one session. Returns
 * 0, or -1 when reading failed (the file then counts as unreadable, not as a session). */
int transcript_scan_fd(int fd, struct transcript_counts *c);

#endif
