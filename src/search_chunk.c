/* search_parallel: one large buffer cut at line boundaries into chunks that several threads
 * search at once (search_range on each), the hits merged afterwards in order and numbered as one
 * search would number them. */
#include "search.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "alloc.h"
#include "file.h"
#include "match.h"
#include "walk.h"

/* Bytes search_parallel looks at for a NUL before it splits a buffer. */
#define BINARY_PEEK (64 * 1024)

/* One hit of a chunk: its number and offset count from the chunk's start. */
struct chunk_hit {
	size_t number, offset, len;
	size_t span0, n_spans; /* into the chunk's spans */
};

/* A piece of the buffer, starting and ending at line boundaries, and what its search found, kept
 * until the merge pushes it to the caller's sink in order. */
struct chunk {
	size_t start, end;
	enum search_status status;
	size_t lines; /* newlines in [start, end), when the sink wants numbers */
	size_t lines_seen, counted; /* the search's: newlines in [start, start + counted) */
	bool count_only;
	size_t n_hits, cap_hits;
	struct chunk_hit *hits;
	size_t *spans, n_spans, cap_spans;
};

struct chunk_run {
	const struct searcher *s;
	const char *data;
	const struct search_sink *sink; /* the caller's: its flags are each chunk's */
	struct chunk *chunks;
	size_t n_chunks;
	size_t page; /* the page size */
	size_t next; /* the next chunk to take (atomic) */
	size_t count_upto; /* 0: the search pass; else the counting pass, over chunks [0, count_upto) */
	bool vanished; /* a helper found the mapping truncated (atomic) */
};

/* One thread of a parallel search: its own regex state and span scratch. */
struct chunk_worker {
	struct chunk_run *run;
	struct rx_state *st;
	size_t *scratch, cap_scratch;
	bool whole; /* its chunks were searched to their end (the mapping was not truncated) */
};

static bool chunk_collect(void *ctx, const struct search_line *l)
{
	struct chunk *c = ctx;
	if (c->count_only) {
		c->n_hits++;
		return true;
	}
	XGROW(c->hits, c->cap_hits, c->n_hits + 1);
	c->hits[c->n_hits++] = (struct chunk_hit){.number = l->number,
						  .offset = l->offset,
						  .len = l->len,
						  .span0 = c->n_spans,
						  .n_spans = l->n_spans};
	XGROW(c->spans, c->cap_spans, 2 * (c->n_spans + l->n_spans));
	if (l->n_spans)
		memcpy(c->spans + 2 * c->n_spans, l->spans, 2 * l->n_spans * sizeof(size_t));
	c->n_spans += l->n_spans;
	return true;
}

/* Takes chunks until none is left. */
static void chunk_work(void *ctx)
{
	struct chunk_worker *w = ctx;
	struct chunk_run *r = w->run;
	for (;;) {
		size_t i = __atomic_fetch_add(&r->next, 1, __ATOMIC_RELAXED);
		if (r->count_upto) {
			if (i >= r->count_upto)
				return;
			struct chunk *c = &r->chunks[i];
			c->lines = c->lines_seen + file_count_newlines(r->data + c->start + c->counted,
								       c->end - c->start - c->counted);
			continue;
		}
		if (i >= r->n_chunks)
			return;
		struct chunk *c = &r->chunks[i];
		struct search_sink ss = *r->sink;
		ss.on_line = chunk_collect;
		ss.ctx = c;
		c->count_only = ss.count_only;
		const char *d = r->data + c->start;
		size_t n = c->end - c->start, lines, counted;
#ifdef MADV_POPULATE_READ
		/* one call maps the chunk's pages of a mapped file, where reading them would take a fault
		 * per 16 pages: 15-20% less CPU on a 250 MB log; anywhere else it does nothing */
		uintptr_t page = (uintptr_t)d & ~(uintptr_t)(r->page - 1);
		madvise((void *)page, (size_t)((uintptr_t)(d + n) - page), MADV_POPULATE_READ);
#endif
		c->status =
			search_range(r->s, w->st, d, n, &ss, &w->scratch, &w->cap_scratch, &lines, &counted);
		/* the rest of its lines are counted only if a later chunk has a hit to number */
		c->lines_seen = lines;
		c->counted = counted;
	}
}

/* walk_parallel's task: worker 0 is the caller's thread, with the caller's regex state; a helper
 * that finds the mapping truncated says so in the run. */
static void chunk_thread(void *ctx, unsigned worker)
{
	struct chunk_worker *w = &((struct chunk_worker *)ctx)[worker];
	if (worker && !w->st)
		w->st = rx_state_new(w->run->s->re);
	w->whole = file_scan_guarded(chunk_work, w);
	if (worker && !w->whole)
		__atomic_store_n(&w->run->vanished, true, __ATOMIC_RELAXED);
}

/* Cuts data into pieces of about want bytes, each ending just after a newline (or at the end). */
static size_t chunk_split(const char *data, size_t size, size_t want, struct chunk **out)
{
	size_t n = 0, cap = 0;
	struct chunk *c = NULL;
	for (size_t at = 0; at < size;) {
		size_t end = size - at > want ? at + want : size;
		if (end < size) {
			const char *nl = memchr(data + end - 1, '\n', size - end + 1);
			end = nl ? (size_t)(nl - data) + 1 : size;
		}
		XGROW(c, cap, n + 1);
		c[n++] = (struct chunk){.start = at, .end = end};
		at = end;
	}
	*out = c;
	return n;
}

/* Pushes every chunk's hits to sink in buffer order, numbered as one search would number them. */
static enum search_status chunk_merge(const struct chunk_run *r, const struct search_sink *sink)
{
	for (size_t i = 0; i < r->n_chunks; i++)
		if (r->chunks[i].status == SEARCH_BINARY)
			return SEARCH_BINARY;
	size_t base = 0;
	for (size_t i = 0; i < r->n_chunks; i++) {
		const struct chunk *c = &r->chunks[i];
		for (size_t k = 0; k < c->n_hits; k++) {
			struct search_line sl = {0};
			if (!c->count_only) {
				const struct chunk_hit *h = &c->hits[k];
				sl = (struct search_line){.number = base + h->number,
							  .offset = c->start + h->offset,
							  .text = r->data + c->start + h->offset,
							  .len = h->len,
							  .spans =
								  h->n_spans ? c->spans + 2 * h->span0 : NULL,
							  .n_spans = h->n_spans};
			}
			if (!sink->on_line(sink->ctx, &sl))
				return SEARCH_STOPPED;
		}
		if (c->status == SEARCH_LIMIT)
			return SEARCH_LIMIT;
		base += c->lines;
	}
	return SEARCH_DONE;
}

static void chunk_run_release(struct chunk_run *r)
{
	for (size_t i = 0; i < r->n_chunks; i++) {
		free(r->chunks[i].hits);
		free(r->chunks[i].spans);
	}
	free(r->chunks);
}

enum search_status search_parallel(const struct searcher *s, struct rx_state *st, unsigned threads,
				   const char *data, size_t size, const struct search_sink *sink,
				   size_t **spans, size_t *spans_cap)
{
	/* a binary file usually shows a NUL in its first bytes: found there, no thread is started
	 * and no chunk's pages are mapped for nothing (the tests' tiny chunks skip the shortcut) */
	size_t head = size < BINARY_PEEK ? size : BINARY_PEEK;
	if (!s->chunkable || !size || size < s->chunk_min || (threads < 2 && s->chunk_min) ||
	    (sink->binary_check && s->chunk_min && memchr(data, '\0', head)))
		return search_buffer(s, st, data, size, sink, spans, spans_cap);
	size_t want = s->chunk_bytes;
	if (!want) {
		want = size / ((size_t)threads * SEARCH_CHUNKS_PER_THREAD);
		if (want < SEARCH_CHUNK_MIN / 4)
			want = SEARCH_CHUNK_MIN / 4;
	}
	struct chunk_run r = {.s = s, .data = data, .sink = sink, .page = (size_t)sysconf(_SC_PAGESIZE)};
	r.n_chunks = chunk_split(data, size, want, &r.chunks);
	size_t helpers = threads > 1 ? threads - 1 : 0;
	if (helpers > r.n_chunks - 1)
		helpers = r.n_chunks - 1;
	struct chunk_worker *w = xcalloc(helpers + 1, sizeof(*w));
	for (size_t i = 1; i <= helpers; i++)
		w[i].run = &r;
	w[0] = (struct chunk_worker){.run = &r, .st = st, .scratch = *spans, .cap_scratch = *spans_cap};
	walk_parallel((unsigned)helpers + 1, chunk_thread, w);
	/* A hit's number needs the lines of every chunk before it: those are counted now, on the
	 * threads again, and none at all when nothing was found (a whole pass over the file saved) */
	if (w[0].whole && !r.vanished && !sink->count_only) {
		for (size_t i = r.n_chunks; i-- > 0 && !r.count_upto;)
			if (r.chunks[i].n_hits)
				r.count_upto = i;
		r.next = 0;
		if (r.count_upto)
			walk_parallel((unsigned)helpers + 1, chunk_thread, w);
	}
	*spans = w[0].scratch;
	*spans_cap = w[0].cap_scratch;
	bool whole = w[0].whole && !r.vanished;
	enum search_status status = whole ? chunk_merge(&r, sink) : SEARCH_DONE;
	for (size_t i = 1; i <= helpers; i++) {
		rx_state_free(w[i].st);
		free(w[i].scratch);
	}
	free(w);
	chunk_run_release(&r);
	if (!whole)
		file_scan_vanish();
	return status;
}
