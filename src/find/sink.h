/* find's sinks: what search_buffer pushes each hit line to, per worker thread. The sink owns the
 * cap and the counts (rule 7): it counts a file's hits, keeps the hit lines it may print (none
 * once the whole search is over its cap, which it learns from the total shared by the threads),
 * renders them with -B/-A context into a block, and tallies every file it searched or skipped.
 * Nothing a worker holds is seen by another thread until sink_commit adds the file to the shared
 * total, so a file abandoned mid-search (a mapped file truncated under it) leaves no trace. */
#ifndef LETS_SINK_H
#define LETS_SINK_H
#include <stdbool.h>
#include <stddef.h>

#include "../buf.h"
#include "../output.h"
#include "../search.h"

enum sink_mode { SINK_LINES, SINK_FILES, SINK_COUNT };

/* One file that had hits. */
struct sink_result {
	char *path; /* owned */
	long hits;
	struct out_block blk; /* hit and context lines, when they may be printed */
};

/* Shared by every worker of one search; total is updated atomically. */
struct sink_shared {
	enum sink_mode mode;
	long cap; /* -1: no cap (files, counts) */
	long before, after;
	long total; /* hits so far, across threads */
};

struct sink_hit {
	size_t number, offset, len;
	size_t span0, n_spans; /* into the worker's span copy */
};

/* Counts of files searched and left out, summed over the workers. */
struct sink_counts {
	long searched, binary, too_large, unreadable, other, limited, long_lines, lossy;
};

/* One thread's sink. Zero is valid. */
struct sink_worker {
	struct buf disp;
	size_t *spans, spans_cap; /* search scratch */
	size_t *fspans, fspans_cap; /* this file's spans, copied */
	size_t n_fspans;
	struct sink_hit *hits;
	size_t n_hits, cap_hits;
	long file_hits;
	bool keep; /* this file's lines may still be printed */
	long keep_max; /* its hits the cap left room for at sink_begin (-1: none) */
	bool copy; /* the hit lines' text is copied into text (a streamed file) */
	struct buf text;
	struct out_block blk; /* this file's lines, until the file is committed */
	struct sink_result *res;
	size_t n_res, cap_res;
	struct sink_counts n;
	struct sink_counts saved; /* n at sink_begin, for sink_abandon */
};

/* Readies w for one file's search and fills ss for search_buffer. copy: the lines pushed are
 * valid only during the push (search_stream), so the kept ones are copied, and no context is
 * rendered around them (stream only without -B/-A). */
void sink_begin(const struct sink_shared *sh, struct sink_worker *w, struct search_sink *ss, bool copy);
/* After search_buffer returned status on data: renders the kept lines into w's block while the
 * shared total may stay under the cap (from w's copies, not data, after a copying sink_begin). */
void sink_render(const struct sink_shared *sh, struct sink_worker *w, const char *data, size_t size,
		 enum search_status status);
/* Adds the file to w's results and the shared total; path is copied. */
void sink_commit(struct sink_shared *sh, struct sink_worker *w, const char *path, enum search_status status);
/* Takes back what the file since sink_begin did to w; the file counts as unreadable. */
void sink_abandon(struct sink_worker *w);
/* Moves w's results into *res (grown, n_res updated), adds its counts to *n and releases w. */
void sink_worker_drain(struct sink_worker *w, struct sink_result **res, size_t *n_res, struct sink_counts *n);

#endif
