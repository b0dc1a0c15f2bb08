/* Searching one buffer for lines that match: the whole buffer is searched at once (line by line
 * only after the regex hits its backtracking limit, so the linear fallback gets one line at a time), a required literal found in the pattern is located first with a SIMD scan so most bytes
 * are skipped without running the regex (a pattern that is a few literals in an alternation has
 * them all scanned for at once), and line numbers are counted only up to each hit, and not at all
 * for a sink that only counts. A large buffer can be split at line boundaries and searched by
 * several threads (search_parallel), with the same result as one search.
 * Every matching line is pushed to a sink, which owns the caps and counts: the searcher keeps no
 * state between calls and allocates nothing per line.
 *
 * A hit is a line holding at least one match confined to that line (a regex that could match
 * across a newline, such as \s+, is re-checked on the line alone), as grep and ripgrep define it. */
#ifndef LETS_SEARCH_H
#define LETS_SEARCH_H
#include <stdbool.h>
#include <stddef.h>

#include "error.h"
#include "literal.h"

struct buf;
struct regex;
struct rx_state;

/* The most alternatives the literal scan tests at once. */
#define SEARCH_ALTS_MAX 4

/* A compiled search: the regex plus the literal prefilter derived from the pattern (literal.h).
 * Read-only after searcher_init, shared by every thread. */
struct searcher {
	const struct regex *re; /* borrowed */
	char *lit; /* owned; a literal every match contains, lowercased when fold */
	size_t lit_len;
	size_t rare1, rare2; /* positions of lit's two rarest bytes, scanned for first */
	bool fold; /* lit is compared ASCII-caselessly */
	bool avx2; /* the CPU scans 32 bytes at a time */
	bool lit_is_match; /* the regex is exactly lit: the prefilter's hit is the match */
	/* a pattern that is a few plain literals in a top-level alternation (TODO|FIXME|XXX): each
	 * one, scanned for at once (AVX2 CPUs only); lit_len is then 0 */
	struct literal_alt alts[SEARCH_ALTS_MAX];
	size_t n_alts, alts_max_len;
	bool alts_are_match; /* a line holding one of them is a hit (no -w) */
	bool chunkable; /* a line's hit does not depend on other lines: search_parallel may split */
	size_t chunk_min; /* search_parallel splits buffers at least this big (0: even one thread) */
	size_t chunk_bytes; /* its chunks' size, 0: from the buffer's size and the threads */
	size_t stream_min; /* a file at least this big is read in windows (search_stream); 0: never */
	size_t stream_window; /* search_stream's window, 0: SEARCH_WINDOW */
};
#define SEARCHER_INIT \
	{             \
		0     \
	}

/* Buffers at least this big are split into chunks searched by several threads. */
#define SEARCH_CHUNK_MIN (4u * 1024 * 1024)
/* Chunks per thread: more than one, so a thread the scheduler delays leaves its share to others. */
#define SEARCH_CHUNKS_PER_THREAD 4

/* Derives the prefilter from pattern and the RX_* flags it was compiled with. */
void searcher_init(struct searcher *s, const struct regex *re, const char *pattern, unsigned rx_flags);
void searcher_release(struct searcher *s);

/* Where the matches of one hit line lie: n pairs of [start, end) byte offsets into the line,
 * empty matches left out. Valid only during the callback. */
struct search_line {
	size_t number; /* 1-based */
	size_t offset; /* of the line's first byte in the buffer */
	const char *text;
	size_t len; /* without the '\n' */
	const size_t *spans;
	size_t n_spans;
};

struct search_sink {
	/* Called once per hit line, in order. Returns false to stop searching this buffer. */
	bool (*on_line)(void *ctx, const struct search_line *line);
	void *ctx;
	bool want_spans; /* false: spans are not computed (counting) */
	bool binary_check; /* a NUL byte anywhere in the buffer makes it binary */
	bool count_only; /* on_line reads nothing of the line: numbers and spans are not computed */
};

enum search_status {
	SEARCH_DONE,
	SEARCH_STOPPED, /* the sink asked to stop */
	SEARCH_LIMIT, /* a line no matcher could answer (a backreference, invalid UTF-8, beyond the
			 * backtracker's limit): the rest of the buffer is unsearched */
	SEARCH_BINARY, /* binary_check found a NUL: the lines already pushed are not to be used */
};

/* Searches data[0..size) and pushes every hit line to sink. With binary_check the NUL test runs
 * a window ahead of the literal scan, so each byte is read from memory once. spans is scratch owned by the
 * caller's thread (grown as needed; free it when the thread is done). */
enum search_status search_buffer(const struct searcher *s, struct rx_state *st, const char *data, size_t size,
				 const struct search_sink *sink, size_t **spans, size_t *spans_cap);

/* search_buffer's work (search.c), for search_parallel (search_chunk.c): *lines gets the newlines
 * before the last hit's line (the lines counted so far) and *counted_to the offset they were
 * counted up to, so a caller can count the rest only when a later hit needs the number. */
enum search_status search_range(const struct searcher *s, struct rx_state *st, const char *data, size_t size,
				const struct search_sink *sink, size_t **spans, size_t *spans_cap,
				size_t *lines, size_t *counted_to);

/* search_buffer with a buffer of at least SEARCH_CHUNK_MIN bytes split at line boundaries into
 * chunks that up to `threads` threads (the caller's among them) search at once, each with its own
 * regex state; the hits are kept per chunk and pushed to sink afterwards, in order and numbered,
 * so the sink sees exactly what search_buffer would push (on the calling thread). A helper that
 * finds its mapping truncated abandons the caller's file_scan callback (file_scan_vanish). The
 * environment variable LETS_SEARCH_CHUNK=N (for tests) splits every buffer into N-byte chunks,
 * even with one thread. */
enum search_status search_parallel(const struct searcher *s, struct rx_state *st, unsigned threads,
				   const char *data, size_t size, const struct search_sink *sink,
				   size_t **spans, size_t *spans_cap);

/* Files at least this big in a walk are streamed: read() a window at a time into one reused
 * buffer rather than mapped. Searching a mapped file waits on its page-table setup and TLB misses
 * (and munmap on the other threads' TLBs); a window copied by read() is searched while it is in
 * cache. Measured on the bench's large tree: see bench/run.sh's big-* pairs. */
#define SEARCH_STREAM_MIN (256u * 1024)
/* Bytes searched per window: big enough that a read() and a search call per window cost nothing,
 * small enough to stay in the core's L2 cache. */
#define SEARCH_WINDOW (64u * 1024)
/* The least search_stream asks its filler for at a time, whatever the window. */
#define SEARCH_READ_MIN (64u * 1024)

/* Appends to b at most about want bytes more of a streamed file (b grown as needed); returns how
 * many, 0 at its end (or when reading failed: the filler remembers). */
typedef size_t (*search_fill_fn)(void *ctx, struct buf *b, size_t want);

/* search_buffer over a file read a window at a time: b holds its first bytes (maybe all of it)
 * and fill appends the rest. Each window ends at a line boundary (a line longer than a window is
 * read whole), so the sink sees exactly what search_buffer on the whole file would push, numbered
 * and placed (offset) in the whole file, except that a line's text is in b and valid only during
 * the callback, and that lines pushed before a later window's NUL are pushed (the status is then
 * SEARCH_BINARY, so they are not to be used). Only for a chunkable searcher. After a stop or a
 * regex limit the rest is still read for the binary check. The environment variable
 * LETS_SEARCH_WINDOW=N (for tests) makes every file of a chunkable search streamed
 * (stream_min 1) in N-byte windows. */
enum search_status search_stream(const struct searcher *s, struct rx_state *st, struct buf *b,
				 search_fill_fn fill, void *fill_ctx, const struct search_sink *sink,
				 size_t **spans, size_t *spans_cap);

#endif
