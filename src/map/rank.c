/* map's ranking (see map.h): names, the file graph, PageRank, each definition's score, the order. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../find/roots.h"
#include "../opt.h"
#include "map.h"

#define DAMPING 0.85
#define MAX_ITER 100
#define TOLERANCE 1e-10
/* A name defined in more files than this says nothing about which one a reference means. */
#define MAX_DEFINERS 16
/* A name defined in more files than this is a common word (New, Close, String): worth less. */
#define COMMON_DEFINERS 5

/* A defined name (the last part of a qualified name) and the files defining it, ascending, with
 * the rank flowing to each through references to it. */
struct name {
	const char *s;
	uint32_t len;
	uint64_t hash;
	uint32_t *files;
	double *flow;
	size_t n, cap;
};

struct names {
	struct name *v; /* open-addressed by hash */
	size_t cap, n;
};

static uint64_t fnv(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603ULL;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
	return h;
}

static struct name *names_find(const struct names *t, const char *s, size_t len, uint64_t h)
{
	for (size_t k = (size_t)h & (t->cap - 1);; k = (k + 1) & (t->cap - 1)) {
		struct name *e = &t->v[k];
		if (!e->s || (e->hash == h && e->len == len && !memcmp(e->s, s, len)))
			return e;
	}
}

static void names_grow(struct names *t)
{
	struct names old = *t;
	t->cap = old.cap ? old.cap * 2 : 1024;
	t->v = xcalloc(t->cap, sizeof(*t->v));
	for (size_t k = 0; k < old.cap; k++)
		if (old.v[k].s)
			*names_find(t, old.v[k].s, old.v[k].len, old.v[k].hash) = old.v[k];
	free(old.v);
}

static const char *last_part(const struct sym_item *d)
{
	return d->qname + strlen(d->qname) - d->name_len;
}

static bool ranked(const struct map_file *f)
{
	return f->defs.n || f->n_ids;
}

/* Every definition's name, with the files defining it (files are visited in order). */
static void names_build(struct map_call *c, struct names *t)
{
	for (size_t i = 0; i < c->n_files; i++) {
		const struct map_file *f = &c->files[i];
		for (size_t k = 0; k < f->defs.n; k++) {
			const struct sym_item *d = &f->defs.v[k];
			if (d->name_len >= UINT32_MAX)
				continue;
			if ((t->n + 1) * 2 > t->cap)
				names_grow(t);
			const char *s = last_part(d);
			uint64_t h = fnv(s, d->name_len);
			struct name *e = names_find(t, s, d->name_len, h);
			if (!e->s) {
				*e = (struct name){.s = s, .len = (uint32_t)d->name_len, .hash = h};
				t->n++;
			}
			if (e->n && e->files[e->n - 1] == i)
				continue;
			XGROW(e->files, e->cap, e->n + 1);
			e->files[e->n++] = (uint32_t)i;
		}
	}
	for (size_t k = 0; k < t->cap; k++)
		if (t->v[k].s)
			t->v[k].flow = xcalloc(t->v[k].n + 1, sizeof(double));
}

static void names_release(struct names *t)
{
	for (size_t k = 0; k < t->cap; k++) {
		free(t->v[k].files);
		free(t->v[k].flow);
	}
	free(t->v);
}

static bool same_dir(const char *a, const char *b)
{
	const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');
	size_t la = sa ? (size_t)(sa - a) : 0, lb = sb ? (size_t)(sb - b) : 0;
	return la == lb && !memcmp(a, b, la);
}

/* File a can refer to e as file b defines it: not itself, and a Go name that is not exported
 * (lower case) only from b's own package, its directory. */
static bool visible(const struct map_call *c, uint32_t a, uint32_t b, const struct name *e)
{
	if (a == b)
		return false;
	const struct map_file *fb = &c->files[b];
	bool go_private = fb->lang && !strcmp(fb->lang, "go") && !(e->s[0] >= 'A' && e->s[0] <= 'Z');
	return !go_private || same_dir(c->files[a].path, fb->path);
}

/* Calls fn for each reference edge of file a: the name, the slot of the file it points at, the
 * weight: the square root of how often a spells the name, shared among the files a can mean,
 * a tenth for a common name. */
static void each_ref(const struct map_call *c, const struct names *t, uint32_t a,
		     void (*fn)(void *ctx, struct name *e, size_t slot, double w), void *ctx)
{
	const struct map_file *f = &c->files[a];
	for (size_t k = 0; k < f->n_ids; k++) {
		const struct map_ident *id = &f->ids[k];
		struct name *e = names_find(t, f->ident_text + id->at, id->len, id->hash);
		if (!e->s || e->n > MAX_DEFINERS)
			continue;
		size_t others = 0;
		for (size_t i = 0; i < e->n; i++)
			others += visible(c, a, e->files[i], e);
		if (!others)
			continue;
		double w = sqrt((double)id->count) / (double)others * (e->n > COMMON_DEFINERS ? 0.1 : 1.0);
		for (size_t i = 0; i < e->n; i++)
			if (visible(c, a, e->files[i], e))
				fn(ctx, e, i, w);
	}
}

struct edges {
	uint32_t *from, *to;
	double *w;
	size_t n, cap_from, cap_to, cap_w;
	uint32_t a;
};

static void edge_add(void *ctx, struct name *e, size_t slot, double w)
{
	struct edges *g = ctx;
	XGROW(g->from, g->cap_from, g->n + 1);
	XGROW(g->to, g->cap_to, g->n + 1);
	XGROW(g->w, g->cap_w, g->n + 1);
	g->from[g->n] = g->a;
	g->to[g->n] = e->files[slot];
	g->w[g->n++] = w;
}

struct pair {
	uint32_t to;
	double w;
};

static int pair_cmp(const void *x, const void *y)
{
	const struct pair *a = x, *b = y;
	return a->to < b->to ? -1 : a->to > b->to;
}

/* Edges from[from..] (one file's) sorted by target and merged, so the sums run in one order. */
static void edges_merge(struct edges *g, size_t from)
{
	size_t n = g->n - from;
	if (n < 2)
		return;
	struct pair *p = xmalloc(n * sizeof(*p));
	for (size_t i = 0; i < n; i++)
		p[i] = (struct pair){g->to[from + i], g->w[from + i]};
	qsort(p, n, sizeof(*p), pair_cmp);
	size_t m = 0;
	for (size_t i = 0; i < n; i++) {
		if (m && p[m - 1].to == p[i].to)
			p[m - 1].w += p[i].w;
		else
			p[m++] = p[i];
	}
	for (size_t i = 0; i < m; i++) {
		g->to[from + i] = p[i].to;
		g->w[from + i] = p[i].w;
	}
	g->n = from + m;
	free(p);
}

void map_pagerank(size_t n, const uint32_t *from, const uint32_t *to, const double *w, size_t n_edges,
		  const double *t, double *rank)
{
	double *out = xcalloc(n + 1, sizeof(double)), *next = xcalloc(n + 1, sizeof(double));
	for (size_t e = 0; e < n_edges; e++)
		out[from[e]] += w[e];
	for (size_t i = 0; i < n; i++)
		rank[i] = t[i];
	for (int it = 0; it < MAX_ITER; it++) {
		double dangling = 0;
		for (size_t i = 0; i < n; i++)
			dangling += out[i] > 0 ? 0 : rank[i];
		for (size_t i = 0; i < n; i++)
			next[i] = (1 - DAMPING + DAMPING * dangling) * t[i];
		for (size_t e = 0; e < n_edges; e++)
			next[to[e]] += DAMPING * rank[from[e]] * w[e] / out[from[e]];
		double delta = 0;
		for (size_t i = 0; i < n; i++) {
			delta += fabs(next[i] - rank[i]);
			rank[i] = next[i];
		}
		if (delta < TOLERANCE)
			break;
	}
	free(out);
	free(next);
}

/* The teleport vector: every ranked file alike; with a focus, its files, and at half weight the
 * files that refer to them or that they refer to (edges g), so the rank starts around the focus
 * in both directions. */
static void teleport(const struct map_call *c, const struct edges *g, double *t)
{
	for (size_t i = 0; i < c->n_files; i++)
		t[i] = (c->focus.files ? c->focus.files[i] : ranked(&c->files[i])) ? 1.0 : 0;
	for (size_t e = 0; c->focus.files && e < g->n; e++) {
		if (c->focus.files[g->from[e]] && t[g->to[e]] < 0.5)
			t[g->to[e]] = 0.5;
		if (c->focus.files[g->to[e]] && t[g->from[e]] < 0.5)
			t[g->from[e]] = 0.5;
	}
	double sum = 0;
	for (size_t i = 0; i < c->n_files; i++)
		sum += t[i];
	for (size_t i = 0; i < c->n_files && sum > 0; i++)
		t[i] /= sum;
}

struct flow {
	double share; /* the file's rank over its out-weight */
};

static void flow_add(void *ctx, struct name *e, size_t slot, double w)
{
	e->flow[slot] += ((struct flow *)ctx)->share * w;
}

/* The rank that flows to file i's definition k through references to its name. */
static double flow_in(const struct map_call *c, const struct names *t, size_t i, size_t k)
{
	const struct sym_item *d = &c->files[i].defs.v[k];
	const char *s = last_part(d);
	struct name *e = names_find(t, s, d->name_len, fnv(s, d->name_len));
	for (size_t j = 0; e->s && j < e->n; j++)
		if (e->files[j] == i)
			return e->flow[j];
	return 0;
}

/* Each definition's score: the rank that flows to its file through references to its name, plus
 * a share of the rest of its file's rank: with a focus, that rest (the teleport's, around the
 * focus) is shared evenly among the file's definitions; without one, a millionth of the file's
 * rank only orders the definitions nothing refers to. */
static void scores(struct map_call *c, struct names *t, const double *out)
{
	for (uint32_t a = 0; a < c->n_files; a++) {
		struct flow fl = {out[a] > 0 ? DAMPING * c->files[a].rank / out[a] : 0};
		if (fl.share > 0)
			each_ref(c, t, a, flow_add, &fl);
	}
	for (size_t i = 0; i < c->n_files; i++) {
		struct map_file *f = &c->files[i];
		f->score = xcalloc(f->defs.n + 1, sizeof(double));
		double in = 0;
		for (size_t k = 0; k < f->defs.n; k++)
			in += f->score[k] = flow_in(c, t, i, k);
		double rest = f->rank > in ? f->rank - in : 0;
		for (size_t k = 0; k < f->defs.n; k++)
			f->score[k] += c->focus.files ? rest / (double)f->defs.n : f->rank * 1e-6;
	}
}

/* The definition the focus names: #NAME as its qualified name or its last parts. */
static bool focus_def(const struct map_call *c, const struct sym_item *d)
{
	const char *n = c->focus.name;
	if (!n)
		return false;
	size_t q = strlen(d->qname), l = strlen(n);
	return q >= l && !strcmp(d->qname + q - l, n) && (q == l || d->qname[q - l - 1] == '.');
}

static bool forced(const struct map_call *c, size_t file, const struct sym_item *d)
{
	if (c->focus.name)
		return focus_def(c, d);
	return c->focus.files && c->focus.files[file];
}

static int ref_cmp(const void *x, const void *y, void *ctx)
{
	const struct map_ref *a = x, *b = y;
	const struct map_call *c = ctx;
	const struct map_file *fa = &c->files[a->file], *fb = &c->files[b->file];
	bool ka = forced(c, a->file, &fa->defs.v[a->def]), kb = forced(c, b->file, &fb->defs.v[b->def]);
	if (ka != kb)
		return ka ? -1 : 1;
	double sa = fa->score[a->def], sb = fb->score[b->def];
	if (sa != sb)
		return sa > sb ? -1 : 1;
	if (a->file != b->file)
		return a->file < b->file ? -1 : 1;
	return a->def < b->def ? -1 : a->def > b->def;
}

void map_rank(struct map_call *c)
{
	struct names t = {0};
	names_build(c, &t);
	if (!t.cap)
		names_grow(&t);
	struct edges g = {0};
	for (uint32_t a = 0; a < c->n_files; a++) {
		size_t from = g.n;
		g.a = a;
		each_ref(c, &t, a, edge_add, &g);
		edges_merge(&g, from);
	}
	double *tv = xcalloc(c->n_files + 1, sizeof(double)), *rank = xcalloc(c->n_files + 1, sizeof(double));
	double *out = xcalloc(c->n_files + 1, sizeof(double));
	teleport(c, &g, tv);
	map_pagerank(c->n_files, g.from, g.to, g.w, g.n, tv, rank);
	for (size_t i = 0; i < c->n_files; i++)
		c->files[i].rank = rank[i];
	for (size_t e = 0; e < g.n; e++)
		out[g.from[e]] += g.w[e];
	scores(c, &t, out);
	size_t n = 0;
	for (size_t i = 0; i < c->n_files; i++)
		n += c->files[i].defs.n;
	c->order = xcalloc(n + 1, sizeof(*c->order));
	n = 0;
	for (size_t i = 0; i < c->n_files; i++)
		for (size_t k = 0; k < c->files[i].defs.n; k++)
			c->order[n++] = (struct map_ref){(uint32_t)i, (uint32_t)k};
	c->n_order = n;
	qsort_r(c->order, n, sizeof(*c->order), ref_cmp, c);
	free(out);
	free(rank);
	free(tv);
	free(g.from);
	free(g.to);
	free(g.w);
	names_release(&t);
}

/* path without a leading "./" and trailing slashes: the length of what is left. */
static const char *bare(const char *p, size_t *len)
{
	while (p[0] == '.' && p[1] == '/')
		for (p += 2; *p == '/';)
			p++;
	size_t n = strlen(p);
	while (n > 1 && p[n - 1] == '/')
		n--;
	*len = strcmp(p, ".") ? n : 0;
	return p;
}

enum lets_err map_focus_resolve(struct map_call *c, struct diag *d)
{
	const char *f = c->focus.text;
	if (!f)
		return LETS_OK;
	if (!*f || !strcmp(f, "#"))
		return opt_usage_error(d, "map", true,
				       "--focus is empty: give a path (src/store.go, src/) or #Name");
	c->focus.files = xcalloc(c->n_files + 1, sizeof(bool));
	size_t hits = 0;
	if (f[0] == '#')
		c->focus.name = f + 1;
	size_t fl = 0;
	const char *fp = c->focus.name ? NULL : bare(f, &fl);
	for (size_t i = 0; i < c->n_files; i++) {
		const struct map_file *mf = &c->files[i];
		bool in = false;
		for (size_t k = 0; c->focus.name && !in && k < mf->defs.n; k++)
			in = focus_def(c, &mf->defs.v[k]);
		if (fp) {
			size_t pl;
			const char *p = bare(mf->path, &pl);
			in = !fl || (pl >= fl && !memcmp(p, fp, fl) && (pl == fl || p[fl] == '/'));
		}
		c->focus.files[i] = in;
		hits += in;
	}
	if (hits)
		return LETS_OK;
	if (c->focus.name)
		return diag_add(d, E_NOT_FOUND,
				"--focus %s: no file mapped defines %s \xC2\xB7 try lets find --def %s", f,
				c->focus.name, c->focus.name);
	return diag_add(
		d, E_NOT_FOUND,
		"--focus %s: no file mapped is %s or under it \xC2\xB7 try lets paths '%s' to find it", f, f,
		f);
}
