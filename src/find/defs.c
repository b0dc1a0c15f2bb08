/* The symbol layer's views of find's hits (-p, --def): each result file is read again beneath the
 * same root and the symbol layer (symbols.h) asked about its bytes; what it answers becomes
 * blocks headed by the targets that read each definition whole. The files are parsed on the
 * walk's thread pool, each into its own slot, so the answer does not depend on the thread count.
 *
 * These views live here, beside the search, rather than in symbols/: they build find's output
 * blocks, read files through file_scan beneath find's root and run on find's pool, while symbols/
 * answers questions about one file's bytes and knows nothing of output, the disk or threads. */
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../alloc.h"
#include "../file.h"
#include "../keypath.h"
#include "../match.h"
#include "../opt.h"
#include "../symbols/symbols.h"
#include "find.h"

/* A result file read again for the symbol layer: fn runs on its bytes where file_scan holds them
 * (a large file's mapping), as a lazily indexed struct file (file_index_lazy), and is not
 * copied: a copy's pages are all new memory, which costs more than parsing the items around a
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

/* Work on the result files shared by the pool's threads: each takes the next index, so what lands
 * in each file's slot does not depend on the thread count. */
struct fanout {
	void (*work)(void *ctx, size_t i, struct buf *scratch);
	void *ctx;
	size_t n;
	atomic_size_t next;
};

static void fanout_worker(void *arg, unsigned worker)
{
	(void)worker;
	struct fanout *f = arg;
	struct buf scratch = BUF_INIT;
	for (size_t i; (i = atomic_fetch_add(&f->next, 1)) < f->n;)
		f->work(f->ctx, i, &scratch);
	buf_release(&scratch);
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
	struct sigaction was;
	file_scan_guard_begin(&was);
	walk_parallel(nt, fanout_worker, &f);
	file_scan_guard_end(&was);
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

/* -p's question to the symbol layer about one file: the enclosing definition of each line. */
struct enclosing {
	const long *lines;
	size_t n;
	struct sym_defs sd;
	int *which;
};

static void enclosing_in(void *ctx, struct file *f)
{
	struct enclosing *e = ctx;
	symbols_enclosing(f, e->lines, e->n, &e->sd, e->which);
}

static bool holds(const struct sym_defs *sd, int g, long line)
{
	return line > 0 && in_span(sd, g, line);
}

/* The group of the context line at i (a definition's index, or -1 for the path alone), between
 * the hit before it (prev, its line pl; -1 and 0 before the first) and the one after it (next,
 * nl; 0 past the last): the previous hit's definition while the line is in it, else the next
 * one's; else the line's own definition (own) when it holds neither hit, so one function's lines
 * are never headed by another's; else as before: with the hit before it, or before the first hit
 * (or, past the previous one's definition, before a hit outside every definition) with the next. */
static int context_group(const struct sym_defs *sd, int prev, long pl, int next, long nl, int own, long line)
{
	if (pl && holds(sd, prev, line))
		return prev;
	if (nl && holds(sd, next, line))
		return next;
	if (own >= 0 && !holds(sd, own, pl) && !holds(sd, own, nl))
		return own;
	return !pl || (nl && next < 0) ? next : prev;
}

/* -p: blk's lines as blocks headed by each line's definition (path#Qualified.name, or the path
 * alone outside every definition), split where that changes: a hit's is the one enclosing it, a
 * context line's as context_group says. blk's lines move out. False (blk untouched) when the file
 * cannot be read again. */
static bool split_by_symbol(const struct opts *o, const struct worktree *beneath, struct buf *scratch,
			    struct out_block *blk, struct out_block **v, size_t *n, size_t *cap)
{
	size_t nl = blk->n_lines;
	long *lines = xmalloc((nl + 1) * sizeof *lines);
	int *which = xmalloc((nl + 1) * sizeof *which);
	for (size_t i = 0; i < nl; i++)
		lines[i] = blk->lines[i].number;
	struct enclosing e = {lines, nl, SYM_DEFS_INIT, which};
	if (!reload(o, beneath, blk->path, scratch, enclosing_in, &e)) {
		sym_defs_release(&e.sd);
		free(which);
		free(lines);
		return false;
	}
	struct sym_defs sd = e.sd;
	/* the hit at or after each line, by index (nl: none) */
	size_t *after = xmalloc((nl + 1) * sizeof *after);
	after[nl] = nl;
	for (size_t i = nl; i-- > 0;)
		after[i] = blk->lines[i].marker == MK_HIT ? i : after[i + 1];
	int cur = -2; /* no group yet */
	size_t start = 0, prev = nl;
	for (size_t i = 0; i <= nl; i++) {
		int g = cur;
		if (i < nl && blk->lines[i].marker == MK_HIT) {
			g = which[i];
			prev = i;
		} else if (i < nl) {
			size_t nx = after[i];
			g = context_group(&sd, prev < nl ? which[prev] : -1, prev < nl ? lines[prev] : 0,
					  nx < nl ? which[nx] : -1, nx < nl ? lines[nx] : 0, which[i],
					  lines[i]);
		}
		if (i < nl && (g == cur || i == start)) {
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
	free(after);
	free(which);
	free(lines);
	return true;
}

void find_defs_by_symbol(struct find_call *c)
{
	struct find_tally *t = &c->t;
	struct buf scratch = BUF_INIT;
	struct sigaction was;
	/* over the cap no line prints: nothing is read again */
	bool split = t->total <= c->o->cap;
	if (split)
		file_scan_guard_begin(&was);
	for (size_t i = 0; i < t->n_res; i++) {
		struct out_block *blk = &t->res[i].blk;
		if (split && blk->n_lines &&
		    split_by_symbol(c->o, t->beneath, &scratch, blk, &c->blocks, &c->n_blocks,
				    &c->cap_blocks))
			continue;
		XGROW(c->blocks, c->cap_blocks, c->n_blocks + 1);
		c->blocks[c->n_blocks++] = *blk;
		*blk = (struct out_block){0};
	}
	if (split)
		file_scan_guard_end(&was);
	buf_release(&scratch);
}

const char *find_defs_segment(struct buf *b, const char *name)
{
	/* the last key as the key-path grammar reads it ("Pull" of "Client.Pull", "b" of "$.a.b",
	 * "my.dep" of 'deps."my.dep"'), as a file's bytes hold it; else the last dotted part */
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

unsigned find_defs_flags(const char *seg)
{
	size_t n = strlen(seg);
	bool word = n && word_byte((unsigned char)seg[0]) && word_byte((unsigned char)seg[n - 1]);
	return RX_MULTILINE | RX_LITERAL | (word ? RX_WORD : 0);
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
		def_block(&df->slot->v[k], f, &df->sd, k, find_defs_segment(&seg, df->name));
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

void find_defs_collect(struct find_call *c)
{
	struct find_tally *t = &c->t;
	struct def_pass p = {
		.o = c->o, .beneath = t->beneath, .name = c->o->positional.items[0], .res = t->res};
	c->mentioned = t->n_res;
	p.slots = xcalloc(t->n_res + 1, sizeof(*p.slots));
	fan_out(t->n_res, def_work, &p);
	size_t kept = 0;
	t->total = 0;
	for (size_t i = 0; i < t->n_res; i++) {
		struct sink_result *r = &t->res[i];
		r->hits = (long)p.slots[i].n;
		t->total += r->hits;
		XGROW(c->blocks, c->cap_blocks, c->n_blocks + p.slots[i].n + 1);
		for (size_t k = 0; k < p.slots[i].n; k++)
			c->blocks[c->n_blocks++] = p.slots[i].v[k];
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
