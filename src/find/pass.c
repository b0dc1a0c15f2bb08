/* One search pass: the walk runs on the thread pool; each worker reads a file whole (a large one
 * the walk found, a window at a time), searches it and feeds its sink (sink.h), which counts
 * hits, keeps the lines it may print (none once the call is over its cap) and tallies what was
 * skipped. When the walk is done the results are sorted by path, so the answer is the same
 * whatever the thread count. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../file.h"
#include "../match.h"
#include "../opt.h"
#include "../search.h"
#include "find.h"

/* One worker thread: its regex state, its read buffer and its sink. */
struct fworker {
	struct rx_state *st;
	struct buf data;
	struct sink_worker sink;
	enum search_status status; /* of the file file_scan last handed over */
};

struct finder {
	const struct opts *o;
	const struct worktree *wt; /* reads go beneath its root; NULL with --allow-outside */
	struct searcher s;
	struct sink_shared sh;
	struct fworker *w;
	unsigned nw;
};

struct scan_ctx {
	struct finder *f;
	struct fworker *w;
};

/* file_scan's callback: everything it does stays in the worker until the file is committed. */
static void search_data(void *ctx, const char *data, size_t size)
{
	struct scan_ctx *c = ctx;
	struct fworker *w = c->w;
	struct search_sink ss;
	sink_begin(&c->f->sh, &w->sink, &ss, false);
	/* the byte-order mark here; NUL bytes are found by the search itself, next to its scan */
	if (file_is_binary(data, size < 2 ? size : 2)) {
		w->status = SEARCH_BINARY;
		return;
	}
	w->status = search_parallel(&c->f->s, w->st, c->f->nw, data, size, &ss, &w->sink.spans,
				    &w->sink.spans_cap);
	sink_render(&c->f->sh, &w->sink, data, size, w->status);
}

/* file_scan_stream's callback for a large file in the walk: read and searched a window at a time. */
static void search_stream_data(void *ctx, struct buf *b, struct file_stream *fs)
{
	struct scan_ctx *c = ctx;
	struct fworker *w = c->w;
	struct search_sink ss;
	sink_begin(&c->f->sh, &w->sink, &ss, true);
	if (file_is_binary(b->data, b->len < 2 ? b->len : 2)) {
		w->status = SEARCH_BINARY;
		return;
	}
	w->status = search_stream(&c->f->s, w->st, b, file_stream_fill, fs, &ss, &w->sink.spans,
				  &w->sink.spans_cap);
	sink_render(&c->f->sh, &w->sink, NULL, 0, w->status);
}

/* Reads a file the walk's d_type (or the command line's stat) says is regular: one the walk found
 * (wf) is opened in its directory and never followed; a root named on the command line may be a
 * symlink. */
static void search_file(struct finder *f, struct fworker *w, const char *path, const struct walk_file *wf)
{
	struct scan_ctx c = {f, w};
	struct sink_counts *n = &w->sink.n;
	/* a file named on the command line is mapped and split among the threads; in the walk, whose
	 * threads are busy with other files, a large one is streamed (no context lines around) */
	size_t stream_min = !wf || f->sh.before || f->sh.after ? 0 : f->s.stream_min;
	long max = f->o->max_file_bytes;
	enum file_scan_status st = wf ? file_scan_stream_at(wf->dirfd, wf->name, max, &w->data, search_data,
							    search_stream_data, stream_min, &c)
				      : file_scan_stream(f->wt, path, true, max, &w->data, search_data,
							 search_stream_data, stream_min, &c);
	switch (st) {
	case FILE_SCAN_OK: sink_commit(&f->sh, &w->sink, path, w->status); break;
	case FILE_SCAN_UNREADABLE: n->unreadable++; break;
	case FILE_SCAN_TOO_LARGE: n->too_large++; break;
	case FILE_SCAN_OTHER: n->other++; break;
	case FILE_SCAN_VANISHED: sink_abandon(&w->sink); break;
	}
}

static void on_file(void *ctx, unsigned worker, const struct walk_file *wf)
{
	struct finder *f = ctx;
	search_file(f, &f->w[worker], wf->path, wf);
}

static int fres_path_cmp(const void *a, const void *b)
{
	return roots_path_cmp(((const struct sink_result *)a)->path, ((const struct sink_result *)b)->path);
}

void find_pass_release(struct find_tally *t)
{
	for (size_t i = 0; i < t->n_res; i++) {
		free(t->res[i].path);
		block_release(&t->res[i].blk);
	}
	free(t->res);
	memset(t, 0, sizeof(*t));
}

void find_pass_run(struct find_call *c, const struct worktree *wt)
{
	const struct opts *o = c->o;
	const struct roots *rs = &c->rs;
	struct find_tally *t = &c->t;
	const struct worktree *beneath = o->allow_outside ? NULL : wt;
	t->beneath = beneath;
	struct walk_opts wo = {.hidden = o->hidden,
			       .no_ignore = o->no_ignore,
			       .globs = o->globs.n ? &c->globs : NULL,
			       .wt = beneath,
			       .cancel = o->cancel};
	struct finder f = {.o = o, .wt = beneath};
	f.sh = (struct sink_shared){.mode = c->mode,
				    .cap = c->mode == SINK_LINES ? o->cap : -1,
				    .before = opts_before(o),
				    .after = opts_after(o)};
	if (f.sh.before < 0)
		f.sh.before = 0;
	if (f.sh.after < 0)
		f.sh.after = 0;
	searcher_init(&f.s, c->re, c->used, c->rx_flags);
	f.nw = walk_threads(&wo);
	wo.threads = f.nw; /* the walk asks again otherwise: a read of /sys each time */
	f.w = xcalloc(f.nw, sizeof(*f.w));
	for (unsigned i = 0; i < f.nw; i++)
		f.w[i].st = rx_state_new(c->re);
	struct sigaction bus_was;
	file_scan_guard_begin(&bus_was);
	for (size_t i = 0; i < rs->n_files; i++)
		search_file(&f, &f.w[0], rs->files[i], NULL);
	if (rs->n_dirs)
		walk_run(rs->dirs, rs->n_dirs, &wo, on_file, &f, &t->wc);
	file_scan_guard_end(&bus_was);
	t->wc.other += rs->other;
	for (unsigned i = 0; i < f.nw; i++) {
		sink_worker_drain(&f.w[i].sink, &t->res, &t->n_res, &t->n);
		rx_state_free(f.w[i].st);
		buf_release(&f.w[i].data);
	}
	t->wc.other += t->n.other;
	t->total = f.sh.total;
	free(f.w);
	searcher_release(&f.s);
	qsort(t->res, t->n_res, sizeof(*t->res), fres_path_cmp);
	for (size_t i = 0; i < t->n_res; i++) {
		t->res[i].blk.target = xstrdup(t->res[i].path);
		t->res[i].blk.path = xstrdup(t->res[i].path);
	}
}
