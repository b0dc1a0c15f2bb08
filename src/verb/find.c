/* lets find: walk → search → sink → output. The walk runs on a thread pool; each worker reads a
 * file whole (a large one the walk found, a window at a time), searches it and feeds the sink
 * below, which counts hits, keeps the lines it may print (none once the call is over its cap) and
 * tallies what was skipped. When the walk is
 * done, the results are sorted by path, so the answer is the same whatever the thread count, and
 * rendered once as text, --json or --jsonl. */
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../file.h"
#include "../ignore.h"
#include "../keypath.h"
#include "../match.h"
#include "../output.h"
#include "../roots.h"
#include "../search.h"
#include "../sink.h"
#include "../symbols/symbols.h"
#include "../walk.h"
#include "../worktree.h"
#include "verb.h"

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

/* Reads a file the walk's d_type (or the command line's stat) says is regular; follow: a root
 * named on the command line may be a symlink, what the walk found is never followed. */
static void search_file(struct finder *f, struct fworker *w, const char *path, bool follow)
{
	struct scan_ctx c = {f, w};
	struct sink_counts *n = &w->sink.n;
	/* a file named on the command line is mapped and split among the threads; in the walk, whose
	 * threads are busy with other files, a large one is streamed (no context lines around) */
	size_t stream_min = follow || f->sh.before || f->sh.after ? 0 : f->s.stream_min;
	switch (file_scan_stream(f->wt, path, follow, f->o->max_file_bytes, &w->data, search_data,
				 search_stream_data, stream_min, &c)) {
	case FILE_SCAN_OK: sink_commit(&f->sh, &w->sink, path, w->status); break;
	case FILE_SCAN_UNREADABLE: n->unreadable++; break;
	case FILE_SCAN_TOO_LARGE: n->too_large++; break;
	case FILE_SCAN_OTHER: n->other++; break;
	case FILE_SCAN_VANISHED: sink_abandon(&w->sink); break;
	}
}

static void on_file(void *ctx, unsigned worker, const char *path, size_t len)
{
	(void)len;
	struct finder *f = ctx;
	search_file(f, &f->w[worker], path, false);
}

static int fres_path_cmp(const void *a, const void *b)
{
	return roots_path_cmp(((const struct sink_result *)a)->path, ((const struct sink_result *)b)->path);
}

static int fres_busiest_cmp(const void *a, const void *b)
{
	const struct sink_result *x = a, *y = b;
	if (x->hits != y->hits)
		return x->hits > y->hits ? -1 : 1;
	return roots_path_cmp(x->path, y->path);
}

/* Totals of one search pass. */
struct tally {
	struct sink_result *res;
	size_t n_res;
	long total;
	struct sink_counts n; /* n.other is also added to wc.other */
	struct walk_counts wc;
	const struct worktree *beneath; /* what hit files are read again beneath; NULL: --allow-outside */
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

static void run_search(const struct opts *o, const struct worktree *wt, enum sink_mode mode,
		       const struct regex *re, const char *pattern, unsigned rx_flags, const struct roots *rs,
		       const struct ignore_list *globs, struct tally *t)
{
	const struct worktree *beneath = o->allow_outside ? NULL : wt;
	t->beneath = beneath;
	struct walk_opts wo = {.hidden = o->hidden,
			       .no_ignore = o->no_ignore,
			       .globs = globs,
			       .wt = beneath,
			       .cancel = o->cancel};
	struct finder f = {.o = o, .wt = beneath};
	f.sh = (struct sink_shared){.mode = mode,
				    .cap = mode == SINK_LINES ? o->cap : -1,
				    .before = opts_before(o),
				    .after = opts_after(o)};
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
	/* --files is find's way out, but --def and -p refuse it: theirs is a --cap that holds them all */
	struct buf hint = BUF_INIT;
	if (o->def || o->function)
		buf_addf(&hint, "narrow the %s or the paths, or --cap %ld", o->def ? "name" : "pattern",
			 t->total);
	else
		buf_adds(&hint, "narrow the pattern or the paths, or --files");
	omit_hit_cap(om, t->total, o->cap, hint.data);
	omit_top_files(om, (long)shown);
	struct response r = {.list_key = "targets",
			     .top = top,
			     .n_top = shown,
			     .top_more = (long)(t->n_res - shown),
			     .om = om,
			     .lead = lead,
			     .quiet = o->quiet,
			     .no_cost = true};
	response_emit(out, &r, opts_format(o), o->json_twin);
	struct buf msg = BUF_INIT;
	if (o->def) {
		plural(&msg, t->total, "definition", "definitions");
		buf_adds(&msg, " in ");
		plural(&msg, (long)t->n_res, "file", "files");
	} else {
		lead_hits(&msg, t->total, (long)t->n_res);
	}
	diag_add(d, E_OVER_CAP, "%s" OUT_DOT "over the %ld-hit cap" OUT_DOT "%s", msg.data, o->cap,
		 hint.data);
	buf_release(&msg);
	buf_release(&hint);
	free(by);
}

/* Hit lines under the cap (blocks, owned by the caller, trimmed here), or the busiest files over it. */
static void render_blocks(const struct opts *o, struct tally *t, struct out_block *blocks, size_t n,
			  const char *lead, struct omits *om, struct buf *out, struct diag *d)
{
	if (t->total > o->cap) {
		render_over_cap(o, t, om, lead, out, d);
		return;
	}
	if (blocks_shape(blocks, n, o->budget, o->max_bytes, om, d, o->tool_terms))
		return; /* over --max-bytes with no --budget: refused, nothing printed */
	struct response r = {.list_key = "targets",
			     .blocks = blocks,
			     .n_blocks = n,
			     .om = om,
			     .header = HDR_PATH,
			     .lead = lead,
			     .numbers = true,
			     .quiet = o->quiet,
			     .group_lines = opts_before(o) > 0 || opts_after(o) > 0};
	blocks_stats(blocks, n, &r.lines, &r.bytes);
	response_emit(out, &r, opts_format(o), o->json_twin);
}

/* A result file read again for the symbol layer (--def, -p): fn runs on its bytes where file_scan
 * holds them (a large file's mapping), as a lazily indexed struct file (file_index_lazy), and is
 * not copied: a copy's pages are all new memory, which costs more than parsing the items around a
 * hit. */
struct in_place {
	void (*fn)(void *ctx, struct file *f);
	void *ctx;
	const char *path;
};

static void in_place_data(void *arg, const char *data, size_t size)
{
	struct in_place *ip = arg;
	struct file f = FILE_INIT;
	f.path = xstrdup(ip->path);
	/* struct file promises data[size] == '\0': true of file_scan's buffer, and of a mapping past
	 * its end within the last page; a size that fills the last page has no byte after it. */
	bool copy = size && size % (size_t)sysconf(_SC_PAGESIZE) == 0;
	f.data = copy ? xmalloc(size + 1) : (char *)data;
	if (copy) {
		memcpy(f.data, data, size);
		f.data[size] = '\0';
	}
	f.size = size;
	file_index_lazy(&f);
	ip->fn(ip->ctx, &f);
	if (!copy)
		f.data = NULL;
	file_release(&f);
}

/* Runs fn on path's bytes, read again beneath the same root; false when the file cannot be read
 * as the search read it. As with every file_scan callback, fn's effects are kept only on true:
 * a file truncated meanwhile abandons fn mid-way (what it had allocated is lost). The caller
 * holds the file_scan guard. */
static bool reload(const struct opts *o, const struct worktree *beneath, const char *path,
		   struct buf *scratch, void (*fn)(void *ctx, struct file *f), void *ctx)
{
	struct in_place ip = {fn, ctx, path};
	return file_scan(beneath, path, true, o->max_file_bytes, scratch, in_place_data, &ip) == FILE_SCAN_OK;
}

/* Work on the result files shared by the walk's threads: each takes the next index, so what lands
 * in each file's slot does not depend on the thread count. */
struct fanout {
	void (*work)(void *ctx, size_t i, struct buf *scratch);
	void *ctx;
	size_t n;
	atomic_size_t next;
};

static void *fanout_worker(void *arg)
{
	struct fanout *f = arg;
	struct buf scratch = BUF_INIT;
	for (size_t i; (i = atomic_fetch_add(&f->next, 1)) < f->n;)
		f->work(f->ctx, i, &scratch);
	buf_release(&scratch);
	return NULL;
}

/* Runs work(ctx, i, scratch) for each i in [0, n) on as many threads as the walk uses (this one
 * included), under the file_scan guard its reloads need. */
static void fan_out(size_t n, void (*work)(void *ctx, size_t i, struct buf *scratch), void *ctx)
{
	struct fanout f = {.work = work, .ctx = ctx, .n = n};
	atomic_init(&f.next, 0);
	struct walk_opts wo = {0};
	unsigned nt = walk_threads(&wo);
	nt = nt > n ? (unsigned)n : nt;
	pthread_t *th = xcalloc(nt + 1, sizeof(*th));
	unsigned started = 0;
	struct sigaction was;
	file_scan_guard_begin(&was);
	while (started + 1 < nt && !pthread_create(&th[started], NULL, fanout_worker, &f))
		started++;
	fanout_worker(&f);
	for (unsigned i = 0; i < started; i++)
		pthread_join(th[i], NULL);
	file_scan_guard_end(&was);
	free(th);
}

/* Moves lines [a, b) of from into a new block at the end of *v, headed by target (owned). */
static void split_add(struct out_block **v, size_t *n, size_t *cap, struct out_block *from, size_t a,
		      size_t b, char *target)
{
	XGROW(*v, *cap, *n + 1);
	struct out_block *nb = &(*v)[(*n)++];
	*nb = (struct out_block){.target = target, .path = xstrdup(from->path)};
	for (size_t i = a; i < b; i++) {
		XGROW(nb->lines, nb->cap_lines, nb->n_lines + 1);
		nb->lines[nb->n_lines++] = from->lines[i];
	}
}

/* A definition's target: path#Qualified.name, or path:a-b when that name would be ambiguous. */
static void sym_target(struct buf *t, const char *path, const struct sym_def *s)
{
	if (s->unique)
		buf_addf(t, "%s#%s", path, s->qname);
	else if (s->start == s->end)
		buf_addf(t, "%s:%ld", path, s->start);
	else
		buf_addf(t, "%s:%ld-%ld", path, s->start, s->end);
}

static bool in_span(const struct sym_defs *sd, int g, long line)
{
	return g >= 0 && sd->v[g].start <= line && line <= sd->v[g].end;
}

/* -p's question to the symbol layer about one file: the enclosing definition of each hit line. */
struct enclosing {
	const long *hits;
	size_t nh;
	struct sym_defs sd;
	int *which;
};

static void enclosing_in(void *ctx, struct file *f)
{
	struct enclosing *e = ctx;
	symbols_enclosing(f, e->hits, e->nh, &e->sd, e->which);
}

/* -p: blk's lines as blocks headed by each hit's enclosing symbol (path#Qualified.name, or the
 * path alone outside every definition), split where that changes; a context line goes with the
 * hit before it (the first hit's, before any) unless it lies past that hit's symbol and in the next
 * hit's (or that one is outside every symbol). blk's lines move out. False (blk untouched) when
 * the file cannot be read again. */
static bool split_by_symbol(const struct opts *o, const struct worktree *beneath, struct buf *scratch,
			    struct out_block *blk, struct out_block **v, size_t *n, size_t *cap)
{
	long *hits = xmalloc((blk->n_lines + 1) * sizeof *hits);
	int *which = xmalloc((blk->n_lines + 1) * sizeof *which);
	size_t nh = 0;
	for (size_t i = 0; i < blk->n_lines; i++)
		if (blk->lines[i].marker == MK_HIT)
			hits[nh++] = blk->lines[i].number;
	struct enclosing e = {hits, nh, SYM_DEFS_INIT, which};
	if (!reload(o, beneath, blk->path, scratch, enclosing_in, &e)) {
		sym_defs_release(&e.sd);
		free(which);
		free(hits);
		return false;
	}
	struct sym_defs sd = e.sd;
	int cur = nh ? which[0] : -1;
	size_t start = 0;
	for (size_t i = 0, h = 0; i <= blk->n_lines; i++) {
		int g = cur;
		if (i < blk->n_lines && blk->lines[i].marker == MK_HIT)
			g = which[h++];
		else if (i < blk->n_lines && h < nh && !in_span(&sd, cur, blk->lines[i].number) &&
			 (which[h] < 0 || in_span(&sd, which[h], blk->lines[i].number)))
			g = which[h]; /* context past the end of the last hit's symbol, before the next one */
		if (i < blk->n_lines && (g == cur || i == start)) {
			cur = g;
			continue;
		}
		struct buf t = BUF_INIT;
		if (cur >= 0)
			sym_target(&t, blk->path, &sd.v[cur]);
		else
			buf_adds(&t, blk->path);
		split_add(v, n, cap, blk, start, i, buf_detach(&t));
		start = i;
		cur = g;
	}
	blk->n_lines = 0;
	sym_defs_release(&sd);
	free(which);
	free(hits);
	return true;
}

/* The blocks of a line search: one per file, or under -p one per enclosing symbol. */
static void render_lines(const struct opts *o, struct tally *t, struct omits *om, struct buf *out,
			 struct diag *d)
{
	struct buf lead = BUF_INIT, scratch = BUF_INIT;
	lead_hits(&lead, t->total, (long)t->n_res);
	lead_searched(&lead, t->n.searched);
	struct out_block *blocks = NULL;
	size_t n = 0, cap = 0;
	struct sigaction was;
	bool split = o->function && t->total <= o->cap;
	if (split)
		file_scan_guard_begin(&was);
	for (size_t i = 0; i < t->n_res; i++) {
		struct out_block *blk = &t->res[i].blk;
		if (split && blk->n_lines && split_by_symbol(o, t->beneath, &scratch, blk, &blocks, &n, &cap))
			continue;
		XGROW(blocks, cap, n + 1);
		blocks[n++] = *blk;
		*blk = (struct out_block){0};
	}
	if (split)
		file_scan_guard_end(&was);
	render_blocks(o, t, blocks, n, lead.data, om, out, d);
	for (size_t i = 0; i < n; i++)
		block_release(&blocks[i]);
	free(blocks);
	buf_release(&scratch);
	buf_release(&lead);
}

/* The part of a --def name its definition must spell out, into b: the last key as the key-path
 * grammar reads it ("Pull" of "Client.Pull", "b" of "$.a.b", "my.dep" of 'deps."my.dep"'), as
 * a file's bytes hold it; else the last dotted part. */
static const char *def_segment(struct buf *b, const char *name)
{
	struct keypath_keys keys = KEYPATH_KEYS_INIT;
	buf_truncate(b, 0);
	if (keypath_split(name, &keys)) {
		keypath_key_occurs(b, keys.v[keys.n - 1]);
	} else {
		const char *dot = strrchr(name, '.');
		buf_adds(b, dot && dot[1] ? dot + 1 : name);
	}
	keypath_keys_release(&keys);
	return buf_str(b);
}

static bool word_byte(unsigned char c)
{
	return c == '_' || c >= 0x80 || (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
}

/* The first occurrence of w in t as a whole word ("Parse" in "Parser::Parse" is the second), else
 * the first at all, else NULL. */
static const char *word_in(const char *t, size_t len, const char *w, size_t wl)
{
	const char *first = memmem(t, len, w, wl);
	for (const char *p = first; p; p = memmem(p + 1, len - (size_t)(p + 1 - t), w, wl)) {
		bool left = p == t || !word_byte((unsigned char)p[-1]);
		bool right = p + wl == t + len || !word_byte((unsigned char)p[wl]);
		if (left && right)
			return p;
		if ((size_t)(p + 1 - t) >= len)
			break;
	}
	return first;
}

/* Line s->line of f as a hit line, the first occurrence of seg on it in «». */
static void def_line(struct out_block *b, const struct file *f, long line, const char *seg)
{
	struct buf disp = BUF_INIT;
	const char *t = "";
	size_t len = line >= 1 && (size_t)line <= f->n_lines ? file_line(f, (size_t)line, &t) : 0;
	size_t sl = strlen(seg);
	const char *at = len <= LINE_CUT_BYTES ? word_in(t, len, seg, sl) : NULL;
	bool lossy, cut;
	if (at) {
		line_display(&disp, t, (size_t)(at - t), &lossy, &cut);
		buf_adds(&disp, "\xC2\xAB");
		line_display(&disp, at, sl, &lossy, &cut);
		buf_adds(&disp, "\xC2\xBB");
		line_display(&disp, at + sl, len - (size_t)(at - t) - sl, &lossy, &cut);
	} else {
		line_display(&disp, t, len, &lossy, &cut);
	}
	block_add_line(b, line, MK_HIT, disp.data ? disp.data : "", disp.len);
	buf_release(&disp);
}

/* One definition as a block. */
static void def_block(struct out_block *b, const struct file *f, const struct sym_defs *sd, size_t k,
		      const char *seg)
{
	const struct sym_def *s = &sd->v[k];
	struct buf t = BUF_INIT;
	sym_target(&t, f->path, s);
	*b = (struct out_block){.target = buf_detach(&t),
				.path = xstrdup(f->path),
				.kind = s->kind,
				.span_start = s->start,
				.span_end = s->end};
	if (strcmp(s->resolver, "tree-sitter"))
		b->resolver = s->resolver;
	def_line(b, f, s->line, seg);
}

/* --def's second pass over the files the prefilter kept (fan_out): each fills its file's slot. */
struct def_pass {
	const struct opts *o;
	const struct worktree *beneath;
	const char *name;
	const struct sink_result *res;
	struct def_slot {
		struct out_block *v;
		size_t n;
	} * slots;
};

/* One file's definitions as blocks in its slot (counted in n only once each is whole). */
struct def_file {
	const char *name;
	struct def_slot *slot;
	struct sym_defs sd;
};

static void def_file_in(void *ctx, struct file *f)
{
	struct def_file *df = ctx;
	struct buf seg = BUF_INIT;
	symbols_definitions(f, df->name, &df->sd);
	df->slot->v = xcalloc(df->sd.n + 1, sizeof(*df->slot->v));
	for (size_t k = 0; k < df->sd.n; k++, df->slot->n++)
		def_block(&df->slot->v[k], f, &df->sd, k, def_segment(&seg, df->name));
	buf_release(&seg);
}

static void def_work(void *ctx, size_t i, struct buf *scratch)
{
	struct def_pass *p = ctx;
	struct def_slot *slot = &p->slots[i];
	struct def_file df = {p->name, slot, SYM_DEFS_INIT};
	if (!reload(p->o, p->beneath, p->res[i].path, scratch, def_file_in, &df)) {
		/* a file that vanished mid-way: what its blocks had is dropped */
		for (size_t k = 0; k < slot->n; k++)
			block_release(&slot->v[k]);
		free(slot->v);
		*slot = (struct def_slot){0};
	}
	sym_defs_release(&df.sd);
}

/* --def: the definitions of name in each file the prefilter kept (t's results, which become the
 * files holding one, each counted by its definitions), as blocks appended to *v, in path order.
 * The files are parsed on as many threads as the walk uses. */
static void def_blocks(const struct opts *o, const char *name, struct tally *t, struct out_block **v,
		       size_t *n)
{
	struct def_pass p = {.o = o, .beneath = t->beneath, .name = name, .res = t->res};
	p.slots = xcalloc(t->n_res + 1, sizeof(*p.slots));
	fan_out(t->n_res, def_work, &p);
	size_t kept = 0, cap = 0;
	t->total = 0;
	for (size_t i = 0; i < t->n_res; i++) {
		struct sink_result *r = &t->res[i];
		r->hits = (long)p.slots[i].n;
		t->total += r->hits;
		XGROW(*v, cap, *n + p.slots[i].n + 1);
		for (size_t k = 0; k < p.slots[i].n; k++)
			(*v)[(*n)++] = p.slots[i].v[k];
		free(p.slots[i].v);
		if (r->hits) {
			struct sink_result keep = *r;
			t->res[i] = t->res[kept];
			t->res[kept++] = keep;
		}
	}
	for (size_t i = kept; i < t->n_res; i++) {
		free(t->res[i].path);
		block_release(&t->res[i].blk);
	}
	t->n_res = kept;
	free(p.slots);
}

/* --def's answer; none_found: say not_found when there is no definition (false when every root
 * failed, which said so already). */
static void render_defs(const struct opts *o, const char *name, struct tally *t, bool none_found,
			struct omits *om, struct buf *out, struct diag *d)
{
	size_t mentioned = t->n_res, n = 0;
	struct out_block *blocks = NULL;
	struct buf seg = BUF_INIT;
	def_blocks(o, name, t, &blocks, &n);
	struct buf lead = BUF_INIT;
	plural(&lead, t->total, "definition", "definitions");
	buf_adds(&lead, " in ");
	plural(&lead, (long)t->n_res, "file", "files");
	lead_searched(&lead, t->n.searched);
	render_blocks(o, t, blocks, n, lead.data, om, out, d);
	if (!t->total && mentioned && none_found)
		diag_add(
			d, E_NOT_FOUND,
			"no definition of \xC2\xAB%s\xC2\xBB in the %zu file%s that mention%s it \xC2\xB7 see the uses with lets find -w '%s'",
			name, mentioned, mentioned == 1 ? "" : "s", mentioned == 1 ? "s" : "",
			def_segment(&seg, name));
	else if (!t->total && none_found)
		diag_add(d, E_NOT_FOUND, "no definition of \xC2\xAB%s\xC2\xBB: no file searched mentions it",
			 name);
	for (size_t i = 0; i < n; i++)
		block_release(&blocks[i]);
	free(blocks);
	buf_release(&lead);
	buf_release(&seg);
}

/* --files and --count: one row per file with hits, shaped by --budget/--max-bytes like lines. */
static void render_rows(const struct opts *o, struct tally *t, struct omits *om, struct buf *out,
			struct diag *d)
{
	bool counted = o->count && !o->files;
	struct out_row *rows = xcalloc(t->n_res + 1, sizeof(*rows));
	for (size_t i = 0; i < t->n_res; i++)
		rows[i] = (struct out_row){.path = t->res[i].path, .count = t->res[i].hits};
	size_t shown;
	if (rows_shape(rows, t->n_res, counted, o->budget, o->max_bytes, om, d, &shown, o->tool_terms)) {
		free(rows); /* refused, as hit lines are */
		return;
	}
	struct response r = {.list_key = counted ? "counts" : "files",
			     .rows = rows,
			     .n_rows = shown,
			     .rows_counted = counted,
			     .om = om,
			     .quiet = o->quiet,
			     .footer_first = counted};
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
	response_emit(out, &r, opts_format(o), o->json_twin);
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

/* What the search left out, in the footer's order. */
static void add_omissions(const struct opts *o, enum sink_mode mode, const struct tally *t,
			  const struct omits *failed, const char *pattern, const char *used, bool retried,
			  struct omits *om)
{
	if (t->wc.gitignore + t->wc.hidden + t->wc.other)
		omit_ignored(om, t->wc.gitignore, t->wc.hidden, t->wc.other);
	if (t->n.binary + t->n.too_large + t->n.unreadable + t->wc.unreadable)
		omit_skipped(om, t->n.binary, t->n.too_large, t->n.unreadable + t->wc.unreadable);
	if (o->globs.n)
		omit_glob(om, o->globs.items, o->globs.n);
	for (size_t i = 0; i < failed->n; i++)
		omit_copy(om, &failed->items[i]);
	if (retried)
		omit_grep_style(om, pattern, used);
	if (t->n.limited)
		omit_match_limit(om, t->n.limited);
	if (mode == SINK_LINES && t->total <= o->cap) {
		if (t->n.long_lines)
			omit_long_lines_cut(om, t->n.long_lines);
		if (t->n.lossy)
			omit_lossy_lines(om, t->n.lossy);
	}
}

/* --def's prefilter: the name's last part literally, as a whole word when it starts and ends
 * with a word character (a definition's name is a whole token there). */
static unsigned def_flags(const char *seg)
{
	size_t n = strlen(seg);
	bool word = n && word_byte((unsigned char)seg[0]) && word_byte((unsigned char)seg[n - 1]);
	return RX_MULTILINE | RX_LITERAL | (word ? RX_WORD : 0);
}

/* --def's refusals the option table cannot state: context flags, an empty name. */
static bool def_usage(const struct opts *o, struct diag *d)
{
	const char *ctx = o->context != OPT_UNSET  ? "-C <CONTEXT>"
			  : o->after != OPT_UNSET  ? "-A <AFTER>"
			  : o->before != OPT_UNSET ? "-B <BEFORE>"
						   : NULL;
	if (ctx)
		opt_usage_error(d, "find", true, "the argument '--def' cannot be used with '%s'", ctx);
	else if (!*o->positional.items[0])
		opt_usage_error(d, "find", true, "--def needs a symbol name, e.g. --def Client.Pull");
	return ctx || !*o->positional.items[0];
}

verb_fn cmd_find;
enum lets_err cmd_find(const struct opts *o, struct buf *out, struct diag *d)
{
	/* --def prefilters the files by the name's last part, literally */
	struct buf seg = BUF_INIT;
	const char *pattern = o->def ? def_segment(&seg, o->positional.items[0]) : o->positional.items[0];
	enum sink_mode mode = o->files || o->def ? SINK_FILES : o->count ? SINK_COUNT : SINK_LINES;
	unsigned fl = o->def ? def_flags(pattern) : rx_flags_of(o);
	struct omits om = OMITS_INIT;
	struct roots rs = ROOTS_INIT;
	struct ignore_list globs = IGNORE_LIST_INIT;
	const struct worktree *wt = o->wt;
	struct tally t = {0};
	struct buf reading = BUF_INIT;
	struct regex *re = NULL;
	struct omits failed = OMITS_INIT;
	const char *used = pattern;
	bool retried = false;
	if (o->def && def_usage(o, d))
		goto out;
	re = regex_new(pattern, fl, d);
	if (!re)
		goto out;

	/* a path outside the tree refuses the whole call: nothing is searched, only the refusal prints */
	if (roots_collect(o, wt, &rs, &failed, d) == E_OUTSIDE_TREE)
		goto out;
	for (size_t i = 0; i < o->globs.n; i++)
		ignore_list_add_line(&globs, o->globs.items[i], strlen(o->globs.items[i]));

	run_search(o, wt, mode, re, pattern, fl, &rs, o->globs.n ? &globs : NULL, &t);
	if (!t.total && !o->fixed && !o->def && bre_reading(pattern, &reading)) {
		struct diag quiet = DIAG_INIT;
		struct regex *re2 = regex_new(reading.data, fl, &quiet);
		diag_release(&quiet);
		if (re2) {
			tally_release(&t);
			run_search(o, wt, mode, re2, reading.data, fl, &rs, o->globs.n ? &globs : NULL, &t);
			regex_free(re);
			re = re2;
			used = reading.data;
			retried = true;
		}
	}

	add_omissions(o, mode, &t, &failed, pattern, used, retried, &om);
	if (o->def) {
		render_defs(o, o->positional.items[0], &t, rs.n_dirs || rs.n_files || !failed.n, &om, out, d);
		goto out;
	}
	if (mode == SINK_LINES)
		render_lines(o, &t, &om, out, d);
	else
		render_rows(o, &t, &om, out, d);

	if (!t.total && (rs.n_dirs || rs.n_files || !failed.n)) {
		if (retried)
			diag_add(
				d, E_NOT_FOUND,
				"no hits for \xC2\xAB%s\xC2\xBB, nor for its grep-style reading \xC2\xAB%s\xC2\xBB",
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
	buf_release(&reading);
	buf_release(&seg);
	roots_release(&rs);
	return diag_first(d);
}
