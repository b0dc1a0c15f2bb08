#include "indent.h"

#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../buf.h"
#include "../file.h"
#include "../utf8.h"

/* How many lines of a file its style is read from: enough to tell, bounded on a huge file. */
#define STYLE_LINES 20000
/* Columns a tab counts for when widths are compared; one level either way. */
#define TAB_COLS 4

/* One line of a text: [s, s+n) without "\n" and "\r"; ws bytes of indentation. */
struct tline {
	const char *s;
	size_t n, ws;
};

struct tlines {
	struct tline *v;
	size_t n, cap;
};

size_t indent_len(const char *s, size_t n)
{
	size_t i = 0;
	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	return i;
}

static int width(const char *s, size_t n)
{
	int w = 0;
	for (size_t i = 0; i < n; i++)
		w = s[i] == '\t' ? (w / TAB_COLS + 1) * TAB_COLS : w + 1;
	return w;
}

static int gcd(int a, int b)
{
	while (b) {
		int t = a % b;
		a = b;
		b = t;
	}
	return a;
}

/* The lines of s; a final newline ends the last line rather than starting an empty one. */
static void split(const char *s, size_t n, struct tlines *out)
{
	size_t i = 0;
	while (i < n) {
		const char *nl = memchr(s + i, '\n', n - i);
		size_t e = nl ? (size_t)(nl - s) : n, len = e - i;
		if (len && s[e - 1] == '\r')
			len--;
		XGROW(out->v, out->cap, out->n + 1);
		out->v[out->n++] = (struct tline){s + i, len, indent_len(s + i, len)};
		i = nl ? e + 1 : n;
	}
}

static bool blank(const struct tline *l)
{
	return l->ws == l->n || utf8_blank(l->s, l->n);
}

/* The line's text without leading and trailing whitespace. */
static void core(const struct tline *l, const char **s, size_t *n)
{
	*s = l->s + l->ws;
	*n = l->n - l->ws;
	while (*n && ((*s)[*n - 1] == ' ' || (*s)[*n - 1] == '\t'))
		(*n)--;
}

void indent_style_of(const struct file *f, struct indent_style *st)
{
	long tabs = 0, spaces = 0, steps[9] = {0};
	int prev = 0;
	for (size_t l = 1; l <= f->n_lines && l <= STYLE_LINES; l++) {
		const char *t;
		size_t n = file_line(f, l, &t), ws = indent_len(t, n);
		if (ws == n)
			continue;
		tabs += ws && t[0] == '\t';
		spaces += ws && t[0] == ' ';
		int w = width(t, ws);
		if (t[0] != '\t' && w > prev && w - prev <= 8)
			steps[w - prev]++;
		prev = w;
	}
	st->tabs = tabs > spaces;
	st->unit = TAB_COLS;
	if (st->tabs)
		return;
	long best = 0;
	for (int u = 2; u <= 8; u++)
		if (steps[u] > best)
			best = steps[u], st->unit = u;
}

/* --old's indentation maps onto the region's one to one, keeping order. */
static bool indents_agree(const struct tlines *o, const struct tline *fl)
{
	for (size_t i = 0; i < o->n; i++) {
		if (blank(&o->v[i]))
			continue;
		int wo = width(o->v[i].s, o->v[i].ws), wf = width(fl[i].s, fl[i].ws);
		for (size_t j = 0; j < i; j++) {
			if (blank(&o->v[j]))
				continue;
			bool so = o->v[i].ws == o->v[j].ws && !memcmp(o->v[i].s, o->v[j].s, o->v[i].ws);
			bool sf = fl[i].ws == fl[j].ws && !memcmp(fl[i].s, fl[j].s, fl[i].ws);
			int d_o = wo - width(o->v[j].s, o->v[j].ws), df = wf - width(fl[j].s, fl[j].ws);
			if (so != sf || (d_o > 0) != (df > 0) || (d_o < 0) != (df < 0))
				return false;
		}
	}
	return true;
}

/* File lines at..at+o->n-1 as tlines, when each one's text equals --old's line's. */
static bool lines_fold(const struct file *f, long at, const struct tlines *o, struct tline *fl)
{
	for (size_t i = 0; i < o->n; i++) {
		const char *t, *a, *b;
		size_t n = file_line(f, (size_t)at + i, &t), an, bn;
		fl[i] = (struct tline){t, n, indent_len(t, n)};
		if (blank(&fl[i]) != blank(&o->v[i]))
			return false;
		core(&fl[i], &a, &an);
		core(&o->v[i], &b, &bn);
		if (an != bn || memcmp(a, b, an))
			return false;
	}
	return indents_agree(o, fl);
}

/* Window at, when --old folds onto it, appended to *out (up to max; the count goes on). */
static void fold_at(const struct file *f, long at, const struct tlines *o, bool final_nl, struct tline *fl,
		    struct fold_region **out, size_t *found, size_t *cap, size_t max)
{
	if (!lines_fold(f, at, o, fl))
		return;
	long last = at + (long)o->n - 1;
	size_t s = f->line_start[at - 1];
	size_t e = final_nl ? f->line_start[last] : (size_t)(fl[o->n - 1].s - f->data) + fl[o->n - 1].n;
	if (!utf8_valid(f->data + s, e - s))
		return;
	if (*found < max) {
		XGROW(*out, *cap, *found + 1);
		(*out)[*found] = (struct fold_region){s, e, at, last};
	}
	(*found)++;
}

size_t fold_find(const struct file *f, long lo, long hi, const char *old, size_t old_len,
		 struct fold_region **out, size_t max)
{
	struct tlines o = {0};
	size_t found = 0, cap = 0, key = 0;
	*out = NULL;
	split(old, old_len, &o);
	bool final_nl = old_len && old[old_len - 1] == '\n';
	struct tline *fl = xmalloc((o.n ? o.n : 1) * sizeof(*fl));
	if (!o.n || utf8_blank(old, old_len))
		goto out;
	/* a window folds only where its line key holds --old's line key's text: the windows tried
	 * are those of the lines memmem finds that text in, in order, each once */
	while (blank(&o.v[key]))
		key++;
	const char *kt, *p = f->data + f->line_start[lo - 1], *end = f->data + f->line_start[hi], *hit;
	size_t kn;
	core(&o.v[key], &kt, &kn);
	while (p < end && (hit = memmem(p, (size_t)(end - p), kt, kn))) {
		long line = file_line_at(f, (size_t)(hit - f->data)), at = line - (long)key;
		if (at >= lo && at + (long)o.n - 1 <= hi)
			fold_at(f, at, &o, final_nl, fl, out, &found, &cap, max);
		p = f->data + f->line_start[line];
	}
out:
	free(fl);
	free(o.v);
	return found;
}

/* How --new's indents become the file's: known pairs, else levels under a base. */
struct remap {
	const struct tline *from, *to; /* pairs of --old line and file line, n_pairs of them */
	size_t n_pairs;
	struct indent_style st;
	const char *base_to; /* the file indent levels count from */
	size_t base_to_len;
	int base_from, unit_from; /* the width levels count from in the text, and one level's */
	bool keep_unmapped_empty; /* a line with no indent stays so */
};

static void add_levels(struct buf *b, const struct remap *m, int levels, int rem)
{
	size_t keep = m->base_to_len;
	for (; levels < 0 && keep; levels++) {
		size_t cut = 0;
		while (keep && m->base_to[keep - 1] == ' ' && cut < (size_t)m->st.unit)
			keep--, cut++;
		if (!cut)
			keep--;
	}
	buf_add(b, m->base_to, keep);
	for (int i = 0; i < levels; i++)
		if (m->st.tabs)
			buf_addc(b, '\t');
		else
			buf_add(b, "        ", (size_t)m->st.unit);
	for (int i = 0; i < rem; i++)
		buf_addc(b, ' ');
}

static void new_indent(struct buf *b, const struct remap *m, const char *ws, size_t n)
{
	for (size_t i = 0; i < m->n_pairs; i++)
		if (!blank(&m->from[i]) && m->from[i].ws == n && !memcmp(m->from[i].s, ws, n)) {
			buf_add(b, m->to[i].s, m->to[i].ws);
			return;
		}
	if (!n && m->keep_unmapped_empty)
		return;
	int rel = width(ws, n) - m->base_from;
	int levels = rel >= 0 ? rel / m->unit_from : -((-rel + m->unit_from - 1) / m->unit_from);
	add_levels(b, m, levels, rel >= 0 ? rel % m->unit_from : 0);
}

/* text with every line's leading whitespace replaced as m says. */
static char *remap_text(const struct remap *m, const char *s, size_t n, size_t *len)
{
	struct buf b = BUF_INIT;
	size_t i = 0;
	while (i < n) {
		const char *nl = memchr(s + i, '\n', n - i);
		size_t e = nl ? (size_t)(nl - s) + 1 : n, ws = indent_len(s + i, e - i);
		bool empty = i + ws == e || s[i + ws] == '\n' || s[i + ws] == '\r';
		if (!(empty && !ws))
			new_indent(&b, m, s + i, ws);
		buf_add(&b, s + i + ws, e - i - ws);
		i = e;
	}
	*len = b.len;
	return buf_detach(&b);
}

/* The greatest common step between the indents of lines and the narrowest; 0 when all are equal. */
static int unit_of(const struct tline *v, size_t n, int base)
{
	int u = 0;
	for (size_t i = 0; i < n; i++)
		if (!blank(&v[i]))
			u = gcd(u, width(v[i].s, v[i].ws) - base);
	return u;
}

static int narrowest(const struct tline *v, size_t n, size_t *at)
{
	int w = -1;
	for (size_t i = 0; i < n; i++) {
		int x = width(v[i].s, v[i].ws);
		if (!blank(&v[i]) && (w < 0 || x < w))
			w = x, *at = i;
	}
	return w < 0 ? 0 : w;
}

char *fold_reindent(const struct file *f, const struct fold_region *r, const char *old, size_t old_len,
		    const char *nw, size_t nw_len, size_t *len)
{
	struct tlines o = {0}, fl = {0};
	split(old, old_len, &o);
	split(f->data + r->start, r->end - r->start, &fl);
	struct remap m = {o.v, fl.v, o.n < fl.n ? o.n : fl.n, {0}, "", 0, 0, 0, false};
	indent_style_of(f, &m.st);
	size_t at = 0;
	m.base_from = narrowest(o.v, m.n_pairs, &at);
	if (m.n_pairs) {
		m.base_to = fl.v[at].s;
		m.base_to_len = fl.v[at].ws;
	}
	m.unit_from = unit_of(o.v, m.n_pairs, m.base_from);
	/* one step unknown: --old's base over the levels the file's base holds, else a default */
	int levels = width(m.base_to, m.base_to_len) / (m.st.tabs ? TAB_COLS : m.st.unit);
	if (!m.unit_from && levels && m.base_from % levels == 0)
		m.unit_from = m.base_from / levels;
	if (!m.unit_from)
		m.unit_from = memchr(old, '\t', old_len) || m.st.tabs ? TAB_COLS : m.st.unit;
	char *res = remap_text(&m, nw, nw_len, len);
	free(o.v);
	free(fl.v);
	return res;
}

char *indent_insert(const struct file *f, const char *base, size_t base_len, const char *text, size_t n,
		    size_t *len)
{
	struct tlines t = {0};
	split(text, n, &t);
	struct remap m = {NULL, NULL, 0, {0}, base, base_len, 0, 0, false};
	indent_style_of(f, &m.st);
	size_t first = 0;
	while (first < t.n && blank(&t.v[first]))
		first++;
	if (first < t.n && t.v[first].ws) {
		/* indented from its first line: the levels are absolute, counted from column 0 */
		m.base_to = "";
		m.base_to_len = 0;
	}
	size_t at = 0;
	m.unit_from = unit_of(t.v, t.n, narrowest(t.v, t.n, &at));
	if (!m.unit_from)
		m.unit_from = memchr(text, '\t', n) || m.st.tabs ? TAB_COLS : m.st.unit;
	char *res = remap_text(&m, text, n, len);
	free(t.v);
	return res;
}
