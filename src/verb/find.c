/* lets find: walk → search → sink → output. The walk runs on a thread pool; each worker reads a
 * file whole, searches the buffer and feeds the sink below, which counts hits, keeps the lines it
 * may print (none once the call is over its cap) and tallies what was skipped. When the walk is
 * done, the results are sorted by path, so the answer is the same whatever the thread count, and
 * rendered once as text, --json or --jsonl. */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../alloc.h"
#include "../file.h"
#include "../ignore.h"
#include "../match.h"
#include "../output.h"
#include "../search.h"
#include "../sink.h"
#include "../walk.h"
#include "../worktree.h"
#include "verbs.h"

#define TOP_FILES 10

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
	sink_begin(&c->f->sh, &w->sink, &ss);
	/* the byte-order mark here; NUL bytes are found by the search itself, next to its scan */
	if (file_is_binary(data, size < 2 ? size : 2)) {
		w->status = SEARCH_BINARY;
		return;
	}
	w->status = search_buffer(&c->f->s, w->st, data, size, &ss, &w->sink.spans, &w->sink.spans_cap);
	sink_render(&c->f->sh, &w->sink, data, size, w->status);
}

/* Reads a file the walk's d_type (or the command line's stat) says is regular; follow: a root
 * named on the command line may be a symlink, what the walk found is never followed. */
static void search_file(struct finder *f, struct fworker *w, const char *path, bool follow)
{
	struct scan_ctx c = {f, w};
	struct sink_counts *n = &w->sink.n;
	switch (file_scan(f->wt, path, follow, f->o->max_file_bytes, &w->data, search_data, &c)) {
	case FILE_SCAN_OK:
		sink_commit(&f->sh, &w->sink, path, w->status);
		break;
	case FILE_SCAN_UNREADABLE:
		n->unreadable++;
		break;
	case FILE_SCAN_TOO_LARGE:
		n->too_large++;
		break;
	case FILE_SCAN_OTHER:
		n->other++;
		break;
	case FILE_SCAN_VANISHED:
		sink_abandon(&w->sink);
		break;
	}
}

static void on_file(void *ctx, unsigned worker, const char *path, size_t len)
{
	(void)len;
	struct finder *f = ctx;
	search_file(f, &f->w[worker], path, false);
}

/* Path order by components: "a/b" sorts before "a.b", as a directory listing does. */
static int path_cmp(const char *a, const char *b)
{
	for (;; a++, b++) {
		int x = (unsigned char)*a, y = (unsigned char)*b;
		if (x == y) {
			if (!x)
				return 0;
			continue;
		}
		x = x == '/' ? 1 : x ? x + 1 : 0;
		y = y == '/' ? 1 : y ? y + 1 : 0;
		return x - y;
	}
}

static int fres_path_cmp(const void *a, const void *b)
{
	return path_cmp(((const struct sink_result *)a)->path, ((const struct sink_result *)b)->path);
}

static int fres_busiest_cmp(const void *a, const void *b)
{
	const struct sink_result *x = a, *y = b;
	if (x->hits != y->hits)
		return x->hits > y->hits ? -1 : 1;
	return path_cmp(x->path, y->path);
}

struct roots {
	const char **dirs;
	size_t n_dirs, cap_dirs;
	const char **files;
	size_t n_files, cap_files;
	long other; /* named roots that are neither file nor directory */
};

/* Totals of one search pass. */
struct tally {
	struct sink_result *res;
	size_t n_res;
	long total;
	struct sink_counts n; /* n.other is also added to wc.other */
	struct walk_counts wc;
};

static void tally_release(struct tally *t)
{
	for (size_t i = 0; i < t->n_res; i++) {
		free(t->res[i].path);
		block_release(&t->res[i].blk);
	}
	free(t->res);
	memset(t, 0, sizeof(*t));
}

static void run_search(const struct opts *o, const struct worktree *wt, enum sink_mode mode, const struct regex *re,
		       const char *pattern, unsigned rx_flags, const struct roots *rs, const struct ignore_list *globs,
		       struct tally *t)
{
	const struct worktree *beneath = o->allow_outside ? NULL : wt;
	struct walk_opts wo = {.hidden = o->hidden, .no_ignore = o->no_ignore, .globs = globs, .wt = beneath};
	struct finder f = {.o = o, .wt = beneath};
	f.sh = (struct sink_shared){.mode = mode, .cap = mode == SINK_LINES ? o->cap : -1,
				    .before = opts_before(o), .after = opts_after(o)};
	if (f.sh.before < 0)
		f.sh.before = 0;
	if (f.sh.after < 0)
		f.sh.after = 0;
	searcher_init(&f.s, re, pattern, rx_flags);
	f.nw = walk_threads(&wo);
	f.w = xcalloc(f.nw, sizeof(*f.w));
	for (unsigned i = 0; i < f.nw; i++)
		f.w[i].st = rx_state_new(re);
	struct sigaction bus_was;
	file_scan_guard_begin(&bus_was);
	for (size_t i = 0; i < rs->n_files; i++)
		search_file(&f, &f.w[0], rs->files[i], true);
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

static void lead_hits(struct buf *b, long hits, long files)
{
	plural(b, hits, "hit", "hits");
	buf_adds(b, " in ");
	plural(b, files, "file", "files");
}

static void lead_searched(struct buf *b, long searched)
{
	buf_adds(b, OUT_DOT "searched ");
	plural(b, searched, "file", "files");
}

/* Over the cap no line prints: the busiest files instead, and the over_cap error. */
static void render_over_cap(const struct opts *o, struct tally *t, struct omits *om, const char *lead,
			    struct buf *out, struct diag *d)
{
	struct sink_result *by = xmalloc((t->n_res + 1) * sizeof(*by));
	if (t->n_res)
		memcpy(by, t->res, t->n_res * sizeof(*by));
	qsort(by, t->n_res, sizeof(*by), fres_busiest_cmp);
	size_t shown = t->n_res < TOP_FILES ? t->n_res : TOP_FILES;
	struct out_row top[TOP_FILES];
	for (size_t i = 0; i < shown; i++)
		top[i] = (struct out_row){.path = by[i].path, .count = by[i].hits};
	omit_add(om, OM_HIT_CAP, t->total, o->cap, 0, NULL, NULL);
	omit_add(om, OM_TOP_FILES, (long)shown, 0, 0, NULL, NULL);
	struct response r = {.list_key = "targets", .top = top, .n_top = shown, .top_more = (long)(t->n_res - shown),
			     .om = om, .lead = lead, .quiet = o->quiet, .no_cost = true};
	response_emit(out, &r, o);
	struct buf msg = BUF_INIT;
	lead_hits(&msg, t->total, (long)t->n_res);
	diag_add(d, E_OVER_CAP, "%s" OUT_DOT "over the %ld-hit cap" OUT_DOT "narrow the pattern or the paths, or --files",
		 msg.data, o->cap);
	buf_release(&msg);
	free(by);
}

static void render_lines(const struct opts *o, struct tally *t, struct omits *om, struct buf *out,
			 struct diag *d)
{
	struct buf lead = BUF_INIT;
	lead_hits(&lead, t->total, (long)t->n_res);
	lead_searched(&lead, t->n.searched);
	if (t->total > o->cap) {
		render_over_cap(o, t, om, lead.data, out, d);
		buf_release(&lead);
		return;
	}

	struct out_block *blocks = xcalloc(t->n_res + 1, sizeof(*blocks));
	for (size_t i = 0; i < t->n_res; i++)
		blocks[i] = t->res[i].blk;
	blocks_shape(blocks, t->n_res, o->budget, o->max_bytes, om, d);
	struct response r = {.list_key = "targets", .blocks = blocks, .n_blocks = t->n_res, .om = om,
			     .header = HDR_PATH, .lead = lead.data, .numbers = true, .quiet = o->quiet};
	blocks_stats(blocks, t->n_res, &r.lines, &r.bytes);
	response_emit(out, &r, o);
	/* the trimmed blocks share their lines with the results */
	for (size_t i = 0; i < t->n_res; i++)
		t->res[i].blk = blocks[i];
	free(blocks);
	buf_release(&lead);
}

/* --files and --count: one row per file with hits, shaped by --budget/--max-bytes like lines. */
static void render_rows(const struct opts *o, struct tally *t, struct omits *om, struct buf *out,
			struct diag *d)
{
	bool counted = o->count && !o->files;
	struct out_row *rows = xcalloc(t->n_res + 1, sizeof(*rows));
	for (size_t i = 0; i < t->n_res; i++)
		rows[i] = (struct out_row){.path = t->res[i].path, .count = t->res[i].hits};
	size_t shown = rows_shape(rows, t->n_res, counted, o->budget, o->max_bytes, om, d);
	struct response r = {.list_key = counted ? "counts" : "files", .rows = rows, .n_rows = shown,
			     .rows_counted = counted, .om = om, .quiet = o->quiet, .footer_first = counted};
	r.bytes = rows_bytes(rows, shown, counted);
	struct buf lead = BUF_INIT;
	if (counted) {
		lead_hits(&lead, t->total, (long)t->n_res);
	} else {
		plural(&lead, (long)t->n_res, "file", "files");
		lead_searched(&lead, t->n.searched);
	}
	r.lines = (long)shown;
	r.lead = lead.data;
	response_emit(out, &r, o);
	buf_release(&lead);
	free(rows);
}

static unsigned rx_flags_of(const struct opts *o)
{
	unsigned fl = RX_MULTILINE;
	if (o->fixed)
		fl |= RX_LITERAL;
	if (o->ignore_case)
		fl |= RX_CASELESS;
	if (o->word)
		fl |= RX_WORD;
	return fl;
}

/* Sorts the paths named on the command line (or ".") into directories to walk and files to read;
 * a path that cannot be searched is recorded in d and as an unresolved omission in failed. */
static void collect_roots(const struct opts *o, const struct worktree *wt, struct roots *rs, struct omits *failed,
			  struct diag *d)
{
	static const char *const dot[] = {"."};
	const char *const *paths = o->positional.n > 1 ? o->positional.items + 1 : dot;
	size_t n_paths = o->positional.n > 1 ? o->positional.n - 1 : 1;
	for (size_t i = 0; i < n_paths; i++) {
		const char *p = paths[i];
		struct stat st;
		/* the boundary first: outside the tree is outside_tree whether or not the path exists */
		enum lets_err e = worktree_check(wt, p, o->allow_outside, d);
		if (e) {
			omit_add(failed, OM_UNRESOLVED, 0, 0, 0, p, err_slug(e));
			continue;
		}
		if (stat(p, &st)) {
			int err = errno;
			struct stat lst;
			if (err == ENOENT && !lstat(p, &lst)) {
				rs->other++; /* a dangling link: nothing to read */
				continue;
			}
			enum lets_err e = err == ENOENT || err == ENOTDIR ? E_NOT_FOUND : E_IO_ERROR;
			diag_add(d, e, "%s: %s (os error %d)", p, strerror(err), err);
			omit_add(failed, OM_UNRESOLVED, 0, 0, 0, p, err_slug(e));
			continue;
		}
		if (S_ISDIR(st.st_mode)) {
			XGROW(rs->dirs, rs->cap_dirs, rs->n_dirs + 1);
			rs->dirs[rs->n_dirs++] = p;
		} else if (S_ISREG(st.st_mode)) {
			XGROW(rs->files, rs->cap_files, rs->n_files + 1);
			rs->files[rs->n_files++] = p;
		} else {
			rs->other++;
		}
	}
}

/* What the search left out, in the footer's order. */
static void add_omissions(const struct opts *o, enum sink_mode mode, const struct tally *t, const struct omits *failed,
			  const char *pattern, const char *used, bool retried, struct omits *om)
{
	if (t->wc.gitignore + t->wc.hidden + t->wc.other)
		omit_add(om, OM_IGNORED, t->wc.gitignore, t->wc.hidden, t->wc.other, NULL, NULL);
	if (t->n.binary + t->n.too_large + t->n.unreadable + t->wc.unreadable)
		omit_add(om, OM_SKIPPED, t->n.binary, t->n.too_large, t->n.unreadable + t->wc.unreadable, NULL, NULL);
	if (o->globs.n) {
		struct omission *g = omit_add(om, OM_GLOB, 0, 0, 0, NULL, NULL);
		for (size_t i = 0; i < o->globs.n; i++)
			omission_add_item(g, o->globs.items[i]);
	}
	for (size_t i = 0; i < failed->n; i++)
		omit_add(om, OM_UNRESOLVED, 0, 0, 0, failed->items[i].s1, failed->items[i].s2);
	if (retried)
		omit_add(om, OM_GREP_STYLE, 0, 0, 0, pattern, used);
	if (t->n.limited)
		omit_add(om, OM_MATCH_LIMIT, t->n.limited, 0, 0, NULL, NULL);
	if (mode == SINK_LINES && t->total <= o->cap) {
		if (t->n.long_lines)
			omit_add(om, OM_LONG_LINES_CUT, t->n.long_lines, 0, 0, NULL, NULL);
		if (t->n.lossy)
			omit_add(om, OM_LOSSY_LINES, t->n.lossy, 0, 0, NULL, NULL);
	}
}

enum lets_err cmd_find(const struct opts *o, struct buf *out, struct diag *d)
{
	const char *pattern = o->positional.items[0];
	enum sink_mode mode = o->files ? SINK_FILES : o->count ? SINK_COUNT : SINK_LINES;
	unsigned fl = rx_flags_of(o);
	struct omits om = OMITS_INIT;
	struct roots rs = {0};
	struct ignore_list globs = IGNORE_LIST_INIT;
	struct worktree wt = WORKTREE_INIT;
	struct tally t = {0};
	struct buf reading = BUF_INIT;
	struct regex *re = regex_new(pattern, fl, d);
	struct omits failed = OMITS_INIT;
	const char *used = pattern;
	bool retried = false;
	if (!re)
		goto out;

	worktree_init(&wt);
	collect_roots(o, &wt, &rs, &failed, d);
	/* a path outside the tree refuses the whole call: nothing is searched, only the refusal prints */
	for (size_t i = 0; i < d->n; i++)
		if (d->items[i].code == E_OUTSIDE_TREE)
			goto out;
	for (size_t i = 0; i < o->globs.n; i++)
		ignore_list_add_line(&globs, o->globs.items[i], strlen(o->globs.items[i]));

	run_search(o, &wt, mode, re, pattern, fl, &rs, o->globs.n ? &globs : NULL, &t);
	if (!t.total && !o->fixed && bre_reading(pattern, &reading)) {
		struct diag quiet = DIAG_INIT;
		struct regex *re2 = regex_new(reading.data, fl, &quiet);
		diag_release(&quiet);
		if (re2) {
			tally_release(&t);
			run_search(o, &wt, mode, re2, reading.data, fl, &rs, o->globs.n ? &globs : NULL, &t);
			regex_free(re);
			re = re2;
			used = reading.data;
			retried = true;
		}
	}

	add_omissions(o, mode, &t, &failed, pattern, used, retried, &om);
	if (mode == SINK_LINES)
		render_lines(o, &t, &om, out, d);
	else
		render_rows(o, &t, &om, out, d);

	if (!t.total && (rs.n_dirs || rs.n_files || !failed.n)) {
		if (retried)
			diag_add(d, E_NOT_FOUND, "no hits for \xC2\xAB%s\xC2\xBB, nor for its grep-style reading \xC2\xAB%s\xC2\xBB",
				 pattern, used);
		else
			diag_add(d, E_NOT_FOUND, "no hits for \xC2\xAB%s\xC2\xBB", pattern);
	}
out:
	regex_free(re);
	tally_release(&t);
	omits_release(&om);
	omits_release(&failed);
	ignore_list_release(&globs);
	worktree_release(&wt);
	buf_release(&reading);
	free(rs.dirs);
	free(rs.files);
	return diag_first(d);
}
