/* lets find: walk → search → sink → output. The walk runs on a thread pool; each worker reads a
 * file whole, searches the buffer and feeds the sink below, which counts hits, keeps the lines it
 * may print (none once the call is over its cap) and tallies what was skipped. When the walk is
 * done, the results are sorted by path, so the answer is the same whatever the thread count, and
 * rendered once as text, --json or --jsonl. */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../alloc.h"
#include "../file.h"
#include "../ignore.h"
#include "../match.h"
#include "../output.h"
#include "../search.h"
#include "../utf8.h"
#include "../walk.h"
#include "../worktree.h"
#include "verbs.h"

#define TOP_FILES 10
/* Files at least this big are mapped rather than read. */
#define MMAP_MIN (256 * 1024)
/* The first read of every file: most source files fit, and end there. */
#define PROBE (32 * 1024)

enum mode { M_LINES, M_FILES, M_COUNT };

/* One file that had hits. */
struct fres {
	char *path;
	long hits;
	struct out_block blk; /* hit and context lines, when they may be printed */
};

struct hitrec {
	size_t number, offset, len;
	size_t span0, n_spans; /* into the worker's span copy */
};

struct fworker {
	struct rx_state *st;
	struct buf data, disp;
	size_t *spans, spans_cap;   /* search scratch */
	size_t *fspans, fspans_cap; /* this file's spans, copied */
	size_t n_fspans;
	struct hitrec *hits;
	size_t n_hits, cap_hits;
	long file_hits;
	bool keep; /* this file's lines may still be printed */
	struct out_block blk; /* this file's lines, until the file is committed */
	struct fres *res;
	size_t n_res, cap_res;
	long searched, binary, too_large, unreadable, other, limited, long_lines, lossy;
};

struct finder {
	const struct opts *o;
	enum mode mode;
	struct searcher s;
	long cap, before, after;
	long total; /* hits so far, across threads (atomic) */
	struct fworker *w;
	unsigned nw;
};

static bool sink_line(void *ctx, const struct search_line *l)
{
	struct fworker *w = ctx;
	w->file_hits++;
	if (!w->keep)
		return true;
	XGROW(w->hits, w->cap_hits, w->n_hits + 1);
	struct hitrec *h = &w->hits[w->n_hits++];
	h->number = l->number;
	h->offset = l->offset;
	h->len = l->len;
	h->span0 = w->n_fspans;
	h->n_spans = l->n_spans;
	XGROW(w->fspans, w->fspans_cap, 2 * (w->n_fspans + l->n_spans));
	if (l->n_spans)
		memcpy(w->fspans + 2 * w->n_fspans, l->spans, 2 * l->n_spans * sizeof(size_t));
	w->n_fspans += l->n_spans;
	return true;
}

static bool sink_files(void *ctx, const struct search_line *l)
{
	(void)l;
	((struct fworker *)ctx)->file_hits++;
	return false;
}

static bool sink_count(void *ctx, const struct search_line *l)
{
	(void)l;
	((struct fworker *)ctx)->file_hits++;
	return true;
}

static size_t strip_cr(const char *t, size_t n)
{
	return n && t[n - 1] == '\r' ? n - 1 : n;
}

static size_t char_ceil(const char *s, size_t n, size_t i)
{
	while (i < n && (s[i] & 0xC0) == 0x80)
		i++;
	return i;
}

/* A hit line with every match wrapped in «»; a line over LINE_CUT_BYTES keeps a window around
 * its first match, with … at each cut end. */
static void render_hit(struct fworker *w, const char *line, size_t len, const size_t *spans, size_t n)
{
	struct buf *b = &w->disp;
	buf_truncate(b, 0);
	len = strip_cr(line, len);
	if (!utf8_valid(line, len))
		w->lossy++;
	size_t a = 0, z = len;
	if (len > LINE_CUT_BYTES) {
		w->long_lines++;
		size_t ms = n ? spans[0] : 0, me = n ? spans[1] : 0;
		if (me > len)
			me = len;
		size_t room = me - ms < LINE_CUT_BYTES ? LINE_CUT_BYTES - (me - ms) : 0;
		size_t left = ms < room / 2 ? ms : room / 2;
		size_t right = len - me < room - left ? len - me : room - left;
		if (left + right < room)
			left = ms < room - right ? ms : room - right;
		a = char_ceil(line, len, ms - left);
		z = me + right;
		z = utf8_floor(line, len, z);
		if (z < me)
			z = me;
	}
	if (a > 0)
		buf_adds(b, "\xE2\x80\xA6");
	size_t at = a;
	for (size_t i = 0; i < n; i++) {
		size_t s = spans[2 * i], e = spans[2 * i + 1];
		if (e > z)
			e = z;
		if (s < at)
			s = at;
		if (s >= e)
			continue;
		utf8_add_lossy(b, line + at, s - at);
		buf_adds(b, "\xC2\xAB");
		utf8_add_lossy(b, line + s, e - s);
		buf_adds(b, "\xC2\xBB");
		at = e;
	}
	if (at < z)
		utf8_add_lossy(b, line + at, z - at);
	if (z < len)
		buf_adds(b, "\xE2\x80\xA6");
}

static void add_context(struct fworker *w, struct out_block *blk, long number, const char *line, size_t len)
{
	bool lossy, cut;
	buf_truncate(&w->disp, 0);
	line_display(&w->disp, line, strip_cr(line, len), &lossy, &cut);
	w->lossy += lossy;
	w->long_lines += cut;
	block_add_line(blk, number, MK_CONTEXT, w->disp.data, w->disp.len);
}

/* Hit lines plus -B/-A context, each line once, in order. */
static void render_file(struct finder *f, struct fworker *w, struct out_block *blk, const char *data, size_t size)
{
	size_t cur_no = 1, cur_off = 0; /* the first line not yet printed */
	for (size_t i = 0; i < w->n_hits; i++) {
		const struct hitrec *h = &w->hits[i];
		size_t from = h->number > (size_t)f->before ? h->number - (size_t)f->before : 1;
		if (from < cur_no)
			from = cur_no;
		size_t off = h->offset;
		for (size_t k = h->number; k > from; k--) {
			const char *nl = off >= 2 ? memrchr(data, '\n', off - 1) : NULL;
			off = nl ? (size_t)(nl - data) + 1 : 0;
		}
		for (size_t k = from; k < h->number; k++) {
			const char *nl = memchr(data + off, '\n', size - off);
			size_t end = nl ? (size_t)(nl - data) : size;
			add_context(w, blk, (long)k, data + off, end - off);
			off = end + 1;
		}
		render_hit(w, data + h->offset, h->len, w->fspans + 2 * h->span0, h->n_spans);
		block_add_line(blk, (long)h->number, MK_HIT, w->disp.data, w->disp.len);
		cur_no = h->number + 1;
		cur_off = h->offset + h->len + 1;
		size_t stop = i + 1 < w->n_hits ? w->hits[i + 1].number : (size_t)-1;
		for (long k = 0; k < f->after && cur_no < stop && cur_off < size; k++) {
			const char *nl = memchr(data + cur_off, '\n', size - cur_off);
			size_t end = nl ? (size_t)(nl - data) : size;
			add_context(w, blk, (long)cur_no, data + cur_off, end - cur_off);
			cur_no++;
			cur_off = end + 1;
		}
	}
}

/* Searches one file's bytes and renders its lines into w->blk while they may still print. The
 * only function that reads a file's bytes: nothing it does is seen by other threads, so a mapped
 * file that vanishes under it can be abandoned (see search_mapped). */
static enum search_status search_data(struct finder *f, struct fworker *w, const char *data, size_t size)
{
	w->file_hits = 0;
	/* the byte-order mark here; NUL bytes are found by the search itself, next to its scan */
	if (file_is_binary(data, size < 2 ? size : 2))
		return SEARCH_BINARY;
	w->n_hits = 0;
	w->n_fspans = 0;
	w->keep = f->mode == M_LINES && __atomic_load_n(&f->total, __ATOMIC_RELAXED) <= f->cap;
	struct search_sink sink = {.ctx = w, .want_spans = w->keep, .binary_check = true};
	sink.on_line = f->mode == M_FILES ? sink_files : f->mode == M_COUNT ? sink_count : sink_line;
	enum search_status status = search_buffer(&f->s, w->st, data, size, &sink, &w->spans, &w->spans_cap);
	/* Over the cap nothing prints, and the total only grows, so lines are rendered only while
	 * the total may stay under. */
	if (status != SEARCH_BINARY && w->file_hits && w->keep &&
	    __atomic_load_n(&f->total, __ATOMIC_RELAXED) + w->file_hits <= f->cap)
		render_file(f, w, &w->blk, data, size);
	return status;
}

/* Adds the file search_data saw to the worker's results and the shared total. */
static void commit_file(struct finder *f, struct fworker *w, const char *path, enum search_status status)
{
	if (status == SEARCH_BINARY) {
		w->binary++;
		return;
	}
	w->searched++;
	if (status == SEARCH_LIMIT)
		w->limited++;
	if (!w->file_hits)
		return;
	long before = __atomic_fetch_add(&f->total, w->file_hits, __ATOMIC_RELAXED);
	XGROW(w->res, w->cap_res, w->n_res + 1);
	struct fres *r = &w->res[w->n_res++];
	memset(r, 0, sizeof(*r));
	r->path = xstrdup(path);
	r->hits = w->file_hits;
	if (before + w->file_hits <= f->cap) {
		r->blk = w->blk;
		memset(&w->blk, 0, sizeof(w->blk));
	}
	block_release(&w->blk);
}

/* Where a worker thread resumes when the file it has mapped shrinks under it: another process
 * truncating a mapped file makes reading the lost pages raise SIGBUS, which would kill lets.
 * Reading large files with read() instead was measured 2.8x slower (make bench, big-lit). */
static _Thread_local sigjmp_buf *bus_resume;

static void on_sigbus(int sig)
{
	if (bus_resume)
		siglongjmp(*bus_resume, 1);
	/* not a mapped file's fault: the default action, when the access repeats */
	signal(sig, SIG_DFL);
}

/* search_data on a mapped file; a file truncated meanwhile counts as unreadable, and what its
 * search had counted is taken back. */
static void search_mapped(struct finder *f, struct fworker *w, const char *path, const char *map, size_t size)
{
	sigjmp_buf resume;
	long long_lines = w->long_lines, lossy = w->lossy;
	if (sigsetjmp(resume, 1)) {
		bus_resume = NULL;
		block_release(&w->blk);
		w->long_lines = long_lines;
		w->lossy = lossy;
		w->unreadable++;
		return;
	}
	bus_resume = &resume;
	enum search_status status = search_data(f, w, map, size);
	bus_resume = NULL;
	commit_file(f, w, path, status);
}

/* Reads a file the walk's d_type (or the command line's stat) says is regular; follow: a root
 * named on the command line may be a symlink, what the walk found is never followed. Most files
 * are small, and one read of PROBE bytes returns all of such a file (a regular file reads short
 * only at its end), so the common case costs open, read and close. A full probe means a bigger
 * file: it is measured and refused over --max-file-bytes; under MMAP_MIN the rest is read after
 * the probe, from MMAP_MIN on the file is mapped rather than copied, which would stream every
 * byte through the cache twice. */
static void search_file(struct finder *f, struct fworker *w, const char *path, bool follow)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK | (follow ? 0 : O_NOFOLLOW));
	if (fd < 0) {
		w->unreadable++;
		return;
	}
	buf_truncate(&w->data, 0);
	buf_reserve(&w->data, PROBE + 1);
	ssize_t r;
	do
		r = read(fd, w->data.data, PROBE);
	while (r < 0 && errno == EINTR);
	if (r < 0) {
		close(fd);
		w->unreadable++;
		return;
	}
	if (r < PROBE) {
		close(fd);
		if (r > f->o->max_file_bytes) {
			w->too_large++;
			return;
		}
		w->data.len = (size_t)r;
		w->data.data[r] = '\0';
		commit_file(f, w, path, search_data(f, w, w->data.data, w->data.len));
		return;
	}
	struct stat st;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		w->other++;
		return;
	}
	if (st.st_size > f->o->max_file_bytes) {
		close(fd);
		w->too_large++;
		return;
	}
	size_t size = (size_t)st.st_size;
	if (size < MMAP_MIN) {
		/* a medium file: the rest follows the probe in the same buffer */
		w->data.len = (size_t)r;
		bool failed = false;
		for (;;) {
			if (w->data.len > (size_t)f->o->max_file_bytes)
				break;
			buf_reserve(&w->data, 65536);
			ssize_t got = read(fd, w->data.data + w->data.len, w->data.cap - w->data.len - 1);
			if (got < 0 && errno == EINTR)
				continue;
			if (got <= 0) {
				failed = got < 0;
				break;
			}
			w->data.len += (size_t)got;
		}
		close(fd);
		if (failed) {
			w->unreadable++;
			return;
		}
		if (w->data.len > (size_t)f->o->max_file_bytes) {
			w->too_large++;
			return;
		}
		w->data.data[w->data.len] = '\0';
		commit_file(f, w, path, search_data(f, w, w->data.data, w->data.len));
		return;
	}
	void *map = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED) {
		w->unreadable++;
		return;
	}
	search_mapped(f, w, path, map, size);
	munmap(map, size);
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
	return path_cmp(((const struct fres *)a)->path, ((const struct fres *)b)->path);
}

static int fres_busiest_cmp(const void *a, const void *b)
{
	const struct fres *x = a, *y = b;
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
	struct fres *res;
	size_t n_res;
	long total, searched, binary, too_large, unreadable, limited, long_lines, lossy;
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

static void run_search(const struct opts *o, enum mode mode, const struct regex *re, const char *pattern,
		       unsigned rx_flags, const struct roots *rs, const struct ignore_list *globs, struct tally *t)
{
	struct walk_opts wo = {.hidden = o->hidden, .no_ignore = o->no_ignore, .globs = globs};
	struct finder f = {.o = o, .mode = mode, .cap = o->cap, .before = opts_before(o), .after = opts_after(o)};
	if (mode != M_LINES)
		f.cap = -1;
	if (f.before < 0)
		f.before = 0;
	if (f.after < 0)
		f.after = 0;
	searcher_init(&f.s, re, pattern, rx_flags);
	f.nw = walk_threads(&wo);
	f.w = xcalloc(f.nw, sizeof(*f.w));
	for (unsigned i = 0; i < f.nw; i++)
		f.w[i].st = rx_state_new(re);
	struct sigaction bus = {.sa_handler = on_sigbus}, bus_was;
	sigemptyset(&bus.sa_mask);
	sigaction(SIGBUS, &bus, &bus_was);
	for (size_t i = 0; i < rs->n_files; i++)
		search_file(&f, &f.w[0], rs->files[i], true);
	if (rs->n_dirs)
		walk_run(rs->dirs, rs->n_dirs, &wo, on_file, &f, &t->wc);
	sigaction(SIGBUS, &bus_was, NULL);
	t->wc.other += rs->other;
	for (unsigned i = 0; i < f.nw; i++) {
		struct fworker *w = &f.w[i];
		t->searched += w->searched;
		t->binary += w->binary;
		t->too_large += w->too_large;
		t->unreadable += w->unreadable;
		t->wc.other += w->other;
		t->limited += w->limited;
		t->long_lines += w->long_lines;
		t->lossy += w->lossy;
		t->res = xrealloc(t->res, (t->n_res + w->n_res + 1) * sizeof(*t->res));
		if (w->n_res)
			memcpy(t->res + t->n_res, w->res, w->n_res * sizeof(*w->res));
		t->n_res += w->n_res;
		free(w->res);
		rx_state_free(w->st);
		buf_release(&w->data);
		buf_release(&w->disp);
		block_release(&w->blk);
		free(w->spans);
		free(w->fspans);
		free(w->hits);
	}
	t->total = f.total;
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
	struct fres *by = xmalloc((t->n_res + 1) * sizeof(*by));
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
	lead_searched(&lead, t->searched);
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

/* --files and --count: one row per file with hits; bytes are what the text rows cost. */
static void render_rows(const struct opts *o, struct tally *t, struct omits *om, struct buf *out)
{
	bool counted = o->count && !o->files;
	struct out_row *rows = xcalloc(t->n_res + 1, sizeof(*rows));
	struct response r = {.list_key = counted ? "counts" : "files", .rows = rows, .n_rows = t->n_res,
			     .rows_counted = counted, .om = om, .quiet = o->quiet, .footer_first = counted};
	long widest = 0;
	for (size_t i = 0; i < t->n_res; i++) {
		rows[i] = (struct out_row){.path = t->res[i].path, .count = t->res[i].hits};
		if (rows[i].count > widest)
			widest = rows[i].count;
	}
	for (size_t i = 0; i < t->n_res; i++)
		r.bytes += (long)strlen(rows[i].path) + 1 + (counted ? num_width(widest) + 2 : 0);
	struct buf lead = BUF_INIT;
	if (counted) {
		lead_hits(&lead, t->total, (long)t->n_res);
	} else {
		plural(&lead, (long)t->n_res, "file", "files");
		lead_searched(&lead, t->searched);
	}
	r.lines = (long)t->n_res;
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
static void add_omissions(const struct opts *o, enum mode mode, const struct tally *t, const struct omits *failed,
			  const char *pattern, const char *used, bool retried, struct omits *om)
{
	if (t->wc.gitignore + t->wc.hidden + t->wc.other)
		omit_add(om, OM_IGNORED, t->wc.gitignore, t->wc.hidden, t->wc.other, NULL, NULL);
	if (t->binary + t->too_large + t->unreadable + t->wc.unreadable)
		omit_add(om, OM_SKIPPED, t->binary, t->too_large, t->unreadable + t->wc.unreadable, NULL, NULL);
	if (o->globs.n) {
		struct omission *g = omit_add(om, OM_GLOB, 0, 0, 0, NULL, NULL);
		for (size_t i = 0; i < o->globs.n; i++)
			omission_add_item(g, o->globs.items[i]);
	}
	for (size_t i = 0; i < failed->n; i++)
		omit_add(om, OM_UNRESOLVED, 0, 0, 0, failed->items[i].s1, failed->items[i].s2);
	if (retried)
		omit_add(om, OM_GREP_STYLE, 0, 0, 0, pattern, used);
	if (t->limited)
		omit_add(om, OM_MATCH_LIMIT, t->limited, 0, 0, NULL, NULL);
	if (mode == M_LINES && t->total <= o->cap) {
		if (t->long_lines)
			omit_add(om, OM_LONG_LINES_CUT, t->long_lines, 0, 0, NULL, NULL);
		if (t->lossy)
			omit_add(om, OM_LOSSY_LINES, t->lossy, 0, 0, NULL, NULL);
	}
}

enum lets_err cmd_find(const struct opts *o, struct buf *out, struct diag *d)
{
	const char *pattern = o->positional.items[0];
	enum mode mode = o->files ? M_FILES : o->count ? M_COUNT : M_LINES;
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

	run_search(o, mode, re, pattern, fl, &rs, o->globs.n ? &globs : NULL, &t);
	if (!t.total && !o->fixed && bre_reading(pattern, &reading)) {
		struct diag quiet = DIAG_INIT;
		struct regex *re2 = regex_new(reading.data, fl, &quiet);
		diag_release(&quiet);
		if (re2) {
			tally_release(&t);
			run_search(o, mode, re2, reading.data, fl, &rs, o->globs.n ? &globs : NULL, &t);
			regex_free(re);
			re = re2;
			used = reading.data;
			retried = true;
		}
	}

	add_omissions(o, mode, &t, &failed, pattern, used, retried, &om);
	if (mode == M_LINES)
		render_lines(o, &t, &om, out, d);
	else
		render_rows(o, &t, &om, out);

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
