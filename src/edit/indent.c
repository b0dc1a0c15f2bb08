#include "indent.h"

#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../buf.h"
#include "../file.h"
#include "../symbols/lang.h"
#include "../symbols/lexical.h"
#include "../utf8.h"
#include "place.h"

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

static bool same_bytes(const struct tline *a, const struct tline *b)
{
	return a->n == b->n && !memcmp(a->s, b->s, a->n);
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
	if (!tabs && !spaces) {
		/* nothing indented yet: the indentation gofmt and make require */
		const struct lang *l = lang_for_path(f->path);
		st->tabs = (l && l->id == L_GO) || place_is_makefile(f);
	}
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

/* How --new's indents become the file's: known pairs, else levels under a base; and, per line of
 * the text (each array NULL when unused), what must not be re-indented. */
struct remap {
	const struct tline *from, *to; /* pairs of --old line and file line, n_pairs of them */
	size_t n_pairs;
	struct indent_style st;
	const char *base_to; /* the file indent levels count from */
	size_t base_to_len;
	int base_from, unit_from; /* the width levels count from in the text, and one level's */
	bool keep_unmapped_empty; /* a line with no indent stays so */
	size_t from_line; /* lines before this one are written as typed */
	const struct tline *const *same; /* the file line a line of --new stands for unchanged */
	const struct lex_line *lex; /* lines inside literals; owner: 1-based line of the text, 0 none */
	const unsigned char *make; /* enum place_make per line, in a Makefile */
	bool outer_by_base; /* an insert: lines inside a literal opened above the text move by the base */
};

static void add_levels(struct buf *b, const struct remap *m, const struct indent_style *st, int levels,
		       int rem)
{
	size_t keep = m->base_to_len;
	for (; levels < 0 && keep; levels++) {
		size_t cut = 0;
		while (keep && m->base_to[keep - 1] == ' ' && cut < (size_t)st->unit)
			keep--, cut++;
		if (!cut)
			keep--;
	}
	buf_add(b, m->base_to, keep);
	for (int i = 0; i < levels; i++)
		if (st->tabs)
			buf_addc(b, '\t');
		else
			buf_add_spaces(b, (size_t)st->unit);
	for (int i = 0; i < rem; i++)
		buf_addc(b, ' ');
}

/* In a Makefile a recipe line's indentation is tabs, one at least, and any other line's never
 * gains a tab it was not typed with: a leading tab is what makes a recipe. */
static void make_fix(struct buf *b, size_t at, unsigned char mk, const char *ws, size_t n)
{
	if (mk == PLACE_MAKE_RECIPE && (b->len == at || b->data[at] != '\t')) {
		buf_truncate(b, at);
		buf_addc(b, '\t');
	} else if (mk == PLACE_MAKE_OTHER && memchr(b->data + at, '\t', b->len - at) &&
		   !memchr(ws, '\t', n)) {
		buf_truncate(b, at);
		buf_add(b, ws, n);
	}
}

/* The indentation of a code line k: a pair's, else by levels. */
static void new_indent(struct buf *b, const struct remap *m, size_t k, const char *ws, size_t n)
{
	unsigned char mk = m->make ? m->make[k] : PLACE_MAKE_NONE;
	struct indent_style st = m->st;
	if (mk == PLACE_MAKE_RECIPE)
		st = (struct indent_style){true, TAB_COLS};
	else if (mk == PLACE_MAKE_OTHER)
		st = (struct indent_style){false, m->unit_from};
	size_t at = b->len;
	for (size_t i = 0; i < m->n_pairs; i++)
		if (!blank(&m->from[i]) && m->from[i].ws == n && !memcmp(m->from[i].s, ws, n)) {
			buf_add(b, m->to[i].s, m->to[i].ws);
			make_fix(b, at, mk, ws, n);
			return;
		}
	if (!n && m->keep_unmapped_empty)
		return;
	int rel = width(ws, n) - m->base_from;
	int levels = rel >= 0 ? rel / m->unit_from : -((-rel + m->unit_from - 1) / m->unit_from);
	add_levels(b, m, &st, levels, rel >= 0 ? rel % m->unit_from : 0);
	make_fix(b, at, mk, ws, n);
}

/* A literal's indentation ws moved by delta columns: spaces added, or leading spaces taken. */
static void shift(struct buf *b, const char *ws, size_t n, int delta)
{
	if (delta > 0)
		buf_add_spaces(b, (size_t)delta);
	size_t cut = 0;
	while (delta < 0 && cut < n && ws[cut] == ' ')
		cut++, delta++;
	buf_add(b, ws + cut, n - cut);
}

/* Line k of the text, [s, s+n) with its ending, written as m says; deltas[k] gets the columns
 * its indentation moved (the lines of a block that moves follow the line it opens on). */
static void remap_line(struct buf *b, const struct remap *m, size_t k, const char *s, size_t n, int *deltas)
{
	size_t ws = indent_len(s, n), at = b->len, c = n;
	while (c > ws && (s[c - 1] == '\n' || s[c - 1] == '\r'))
		c--;
	bool empty = c == ws; /* nothing but whitespace */
	unsigned char kind = m->lex ? m->lex[k].kind : LEX_CODE;
	if (k < m->from_line) {
		buf_add(b, s, n);
	} else if (m->same && m->same[k]) {
		buf_add(b, m->same[k]->s, m->same[k]->n);
		buf_add(b, s + c, n - c);
	} else if (kind == LEX_CODE) {
		if (!empty || ws)
			new_indent(b, m, k, s, ws);
		buf_add(b, s + ws, n - ws);
	} else if (empty || (kind == LEX_KEEP && !(m->outer_by_base && !m->lex[k].owner))) {
		buf_add(b, s, n);
	} else {
		/* a block that moves: with the line it opens on, or by the base when that is above */
		long o = m->lex[k].owner;
		if (o >= 1 && (size_t)o <= k)
			shift(b, s, ws, deltas[o - 1]);
		else if (m->outer_by_base)
			buf_add(b, m->base_to, m->base_to_len), buf_add(b, s, ws);
		else
			shift(b, s, ws, width(m->base_to, m->base_to_len) - m->base_from);
		buf_add(b, s + ws, n - ws);
	}
	deltas[k] = width(b->data + at, indent_len(b->data + at, b->len - at)) - width(s, ws);
}

static size_t count_lines(const char *s, size_t n)
{
	size_t k = 0;
	for (size_t i = 0; i < n; k++) {
		const char *nl = memchr(s + i, '\n', n - i);
		i = nl ? (size_t)(nl - s) + 1 : n;
	}
	return k;
}

/* text with every line's leading whitespace replaced as m says. */
static char *remap_text(const struct remap *m, const char *s, size_t n, size_t *len)
{
	struct buf b = BUF_INIT;
	int *deltas = xcalloc(count_lines(s, n) + 1, sizeof *deltas);
	size_t i = 0;
	for (size_t k = 0; i < n; k++) {
		const char *nl = memchr(s + i, '\n', n - i);
		size_t e = nl ? (size_t)(nl - s) + 1 : n;
		remap_line(&b, m, k, s + i, e - i, deltas);
		i = e;
	}
	free(deltas);
	*len = b.len;
	return buf_detach(&b);
}

static bool literal(const struct lex_line *lex, size_t i)
{
	return lex && lex[i].kind != LEX_CODE;
}

/* The greatest common step between the indents of code lines and base; 0 when all are equal. */
static int unit_of(const struct tline *v, size_t n, const struct lex_line *lex, int base)
{
	int u = 0;
	for (size_t i = 0; i < n; i++)
		if (!blank(&v[i]) && !literal(lex, i))
			u = gcd(u, width(v[i].s, v[i].ws) - base);
	return u;
}

static int narrowest(const struct tline *v, size_t n, const struct lex_line *lex, size_t *at)
{
	int w = -1;
	for (size_t i = 0; i < n; i++) {
		int x = width(v[i].s, v[i].ws);
		if (!blank(&v[i]) && !literal(lex, i) && (w < 0 || x < w))
			w = x, *at = i;
	}
	return w < 0 ? 0 : w;
}

/* file[0..a) + text + file[b..): where the text's lines will be, to parse. */
static char *splice_copy(const struct file *f, size_t a, size_t b, const char *text, size_t n, size_t *len)
{
	struct buf c = BUF_INIT;
	buf_add(&c, f->data, a);
	if (a == f->size && a && f->data[a - 1] != '\n')
		buf_addc(&c, '\n');
	buf_add(&c, text, n);
	if (a == b && (!n || text[n - 1] != '\n'))
		buf_addc(&c, '\n'); /* an insert ends its last line (insert_text) */
	buf_add(&c, f->data + b, f->size - b);
	*len = c.len;
	return buf_detach(&c);
}

/* When re-indenting text (n_lines lines) gave done, something other than text (or always): the lines of text
 * inside multi-line literals, as a text of its own and with done in place of bytes [a, b) of f
 * (its first line then line row): owners are 1-based lines of text, 0 outside it. NULL when
 * nothing was re-indented or no line is inside a literal. */
static struct lex_line *probe(const struct file *f, size_t a, size_t b, long row, const char *text, size_t n,
			      size_t n_lines, const char *done, size_t done_len, bool always)
{
	if (!n_lines || (!always && done_len == n && !memcmp(done, text, n)))
		return NULL;
	struct lex_line *own = xmalloc(n_lines * sizeof *own), *ctx = xmalloc(n_lines * sizeof *ctx);
	size_t cl;
	char *cand = splice_copy(f, a, b, done, done_len, &cl);
	bool any = lexical_lines(f->path, cand, cl, row, row + (long)n_lines - 1, ctx);
	/* the text read alone, unless it starts inside a literal of the file: its quotes would pair
	 * up wrongly then */
	if (ctx[0].kind == LEX_CODE || ctx[0].owner >= row)
		any |= lexical_lines(f->path, text, n, 1, (long)n_lines, own);
	else
		memset(own, 0, n_lines * sizeof *own);
	for (size_t i = 0; i < n_lines && any; i++) {
		long o = ctx[i].owner - row + 1;
		if (ctx[i].kind != LEX_CODE)
			own[i] = (struct lex_line){ctx[i].kind, o >= 1 && o <= (long)n_lines ? o : 0};
	}
	free(cand);
	free(ctx);
	if (!any) {
		free(own);
		return NULL;
	}
	return own;
}

/* For each line of --new, the file line it stands for when it equals --old's line at the same
 * place counted from the start, or from the end: a line --new did not change keeps the file's
 * bytes, trailing whitespace (a Markdown hard break) included. */
static const struct tline **unchanged(const struct tlines *o, const struct tlines *nw,
				      const struct tlines *fl)
{
	const struct tline **same = xcalloc(nw->n + 1, sizeof *same);
	size_t pre = 0, suf = 0, min = o->n < nw->n ? o->n : nw->n;
	if (fl->n != o->n)
		return same;
	while (pre < min && same_bytes(&o->v[pre], &nw->v[pre]))
		same[pre] = &fl->v[pre], pre++;
	while (suf < min - pre && same_bytes(&o->v[o->n - 1 - suf], &nw->v[nw->n - 1 - suf]))
		same[nw->n - 1 - suf] = &fl->v[o->n - 1 - suf], suf++;
	return same;
}

/* The remap of a folded region: --old's lines paired with the file's, levels counted from --old's
 * narrowest code line. */
static void fold_setup(struct remap *m, const struct file *f, const struct tlines *o, const struct tlines *fl,
		       const struct lex_line *olex, const char *old, size_t old_len)
{
	size_t at = 0;
	m->from = o->v;
	m->to = fl->v;
	m->n_pairs = o->n < fl->n ? o->n : fl->n;
	indent_style_of(f, &m->st);
	m->base_from = narrowest(o->v, m->n_pairs, olex, &at);
	if (m->n_pairs) {
		m->base_to = fl->v[at].s;
		m->base_to_len = fl->v[at].ws;
	}
	m->unit_from = unit_of(o->v, m->n_pairs, olex, m->base_from);
	/* one step unknown: --old's base over the levels the file's base holds, else a default */
	int levels = width(m->base_to, m->base_to_len) / (m->st.tabs ? TAB_COLS : m->st.unit);
	if (!m->unit_from && levels && m->base_from % levels == 0)
		m->unit_from = m->base_from / levels;
	if (!m->unit_from)
		m->unit_from = memchr(old, '\t', old_len) || m->st.tabs ? TAB_COLS : m->st.unit;
}

/* The Makefile recipe lines of text (n_lines lines) after the first `before` lines of f; NULL in
 * any other file. */
static unsigned char *make_lines(const struct file *f, long before, const char *text, size_t n, bool based,
				 size_t n_lines)
{
	if (!place_is_makefile(f))
		return NULL;
	unsigned char *mk = xmalloc(n_lines + 1);
	place_make_lines(f, before, text, n, based, mk, n_lines);
	return mk;
}

/* The first line of the region (fl, --old's o; lx the region's literal lines, at its first line)
 * inside a multi-line literal that --old does not give as the file has it: a literal's bytes are
 * its value, so its whitespace folds only where the format strips it (a YAML block scalar, a
 * Markdown code block), by as many columns as the literal's first line moved. -1 when there is
 * none; blank lines aside (an unchanged one keeps the file's bytes). */
static long unfaithful(const struct lex_line *lx, long at, const struct tlines *o, const struct tline *fl)
{
	bool have_ref = false;
	int ref = 0;
	for (size_t i = 0; lx && i < o->n; i++) {
		const struct tline *a = &fl[i], *b = &o->v[i];
		if (lx[i].kind == LEX_CODE || blank(a))
			continue;
		if (lx[i].kind == LEX_KEEP) {
			if (!same_bytes(a, b))
				return (long)i;
			continue;
		}
		int d = width(a->s, a->ws) - width(b->s, b->ws);
		long w = lx[i].owner - at;
		if (w >= 0 && w < (long)i)
			ref = width(fl[w].s, fl[w].ws) - width(o->v[w].s, o->v[w].ws), have_ref = true;
		else if (!have_ref)
			ref = d, have_ref = true;
		if (d != ref || a->n - a->ws != b->n - b->ws ||
		    memcmp(a->s + a->ws, b->s + b->ws, a->n - a->ws))
			return (long)i;
	}
	return -1;
}

/* A line of --new inside a literal that it writes itself rather than as the file has it. */
static bool writes_literal(const struct lex_line *lex, const struct tline *const *same, size_t n)
{
	for (size_t k = 0; lex && k < n; k++)
		if (lex[k].kind != LEX_CODE && !same[k])
			return true;
	return false;
}

char *fold_reindent(const struct file *f, const struct fold_region *r, const char *old, size_t old_len,
		    const char *nw, size_t nw_len, size_t *len, long *literal_line)
{
	struct tlines o = {0}, fl = {0}, t = {0};
	split(old, old_len, &o);
	split(f->data + r->start, r->end - r->start, &fl);
	split(nw, nw_len, &t);
	struct lex_line *olex = xmalloc((o.n + 1) * sizeof *olex), *lex = NULL;
	if (fl.n < o.n ||
	    !lexical_lines(f->path, f->data, f->size, r->first, r->first + (long)o.n - 1, olex)) {
		free(olex);
		olex = NULL;
	}
	const struct tline **same = unchanged(&o, &t, &fl);
	long bad = fl.n < o.n ? -1 : unfaithful(olex, r->first, &o, fl.v);
	unsigned char *make = NULL;
	char *res = NULL;
	for (int pass = 0; pass < 2; pass++) {
		struct remap m = {.same = same, .lex = lex};
		fold_setup(&m, f, &o, &fl, olex, old, old_len);
		if (!make)
			make = make_lines(f, r->first - 1, nw, nw_len, m.base_to_len > 0, t.n);
		m.make = make;
		res = remap_text(&m, nw, nw_len, len);
		/* where --old misread a literal, --new's lines there are checked even if unchanged */
		if (pass ||
		    !(lex = probe(f, r->start, r->end, r->first, nw, nw_len, t.n, res, *len, bad >= 0)))
			break;
		free(res);
	}
	*literal_line = 0;
	if (bad >= 0 && writes_literal(lex, same, t.n)) {
		free(res);
		res = NULL;
		*literal_line = r->first + bad;
	}
	free(lex);
	free(make);
	free(same);
	free(olex);
	free(o.v);
	free(fl.v);
	free(t.v);
	return res;
}

/* The remap of an insert: levels under base from --new's first code line's, or from column 0 when
 * that line is indented. */
static void insert_setup(struct remap *m, const struct file *f, const struct tlines *t,
			 const struct buf *base, const char *text, size_t n)
{
	indent_style_of(f, &m->st);
	size_t first = 0;
	while (first < t->n && (blank(&t->v[first]) || literal(m->lex, first)))
		first++;
	m->base_to = base->data ? base->data : "";
	m->base_to_len = base->len;
	if (first < t->n && t->v[first].ws) {
		/* indented from its first line: the levels are absolute, counted from column 0 */
		m->base_to = "";
		m->base_to_len = 0;
	}
	size_t at = 0;
	m->unit_from = unit_of(t->v, t->n, m->lex, narrowest(t->v, t->n, m->lex, &at));
	if (!m->unit_from)
		m->unit_from = memchr(text, '\t', n) || m->st.tabs ? TAB_COLS : m->st.unit;
}

/* In a Makefile a base holding a tab comes from a recipe line: when the text's first line is no
 * recipe line (a new rule, an assignment), the text goes from column 0 instead. */
static bool make_leaves_recipe(const unsigned char *make, const struct tlines *t, struct buf *base)
{
	size_t first = 0;
	while (first < t->n && blank(&t->v[first]))
		first++;
	if (first == t->n || make[first] != PLACE_MAKE_OTHER || t->v[first].ws || !base->len ||
	    !memchr(base->data, '\t', base->len))
		return false;
	buf_truncate(base, 0);
	return true;
}

char *indent_insert(const struct file *f, const struct place_site *site, size_t off, const char *text,
		    size_t n, size_t *len)
{
	struct tlines t = {0};
	struct buf base = BUF_INIT;
	split(text, n, &t);
	place_insert_base(f, site, &base);
	long row = off < f->size ? file_line_at(f, off) : (long)f->n_lines + 1;
	struct lex_line *lex = NULL;
	unsigned char *make = NULL;
	char *res = NULL;
	for (int pass = 0; pass < 2; pass++) {
		struct remap m = {.lex = lex, .outer_by_base = true};
		insert_setup(&m, f, &t, &base, text, n);
		if (!make && (make = make_lines(f, row - 1, text, n, m.base_to_len > 0, t.n)) &&
		    make_leaves_recipe(make, &t, &base))
			insert_setup(&m, f, &t, &base, text, n);
		m.make = make;
		res = remap_text(&m, text, n, len);
		if (pass || !(lex = probe(f, off, off, row, text, n, t.n, res, *len, false)))
			break;
		free(res);
	}
	free(lex);
	free(make);
	buf_release(&base);
	free(t.v);
	return res;
}

char *indent_tail(const struct file *f, size_t start, size_t end, const char *old, size_t old_len,
		  const char *nw, size_t nw_len, size_t *len)
{
	size_t ls = start;
	while (ls && f->data[ls - 1] != '\n')
		ls--;
	/* a later line of --old is the file's own bytes, so the lines of --new after it are too */
	const char *nl = memchr(old, '\n', old_len);
	if (ls == start || indent_len(f->data + ls, start - ls) != start - ls || !old_len ||
	    (old[0] != ' ' && old[0] != '\t') || !memchr(nw, '\n', nw_len) || (nl && nl + 1 < old + old_len))
		return NULL;
	struct tlines t = {0};
	split(nw, nw_len, &t);
	if (t.n < 2) {
		free(t.v);
		return NULL;
	}
	struct buf base = BUF_INIT;
	buf_add(&base, f->data + ls, start - ls);
	buf_add(&base, t.v[0].s, t.v[0].ws);
	long row = file_line_at(f, start);
	struct lex_line *lex = NULL;
	unsigned char *make = NULL;
	char *res = NULL;
	for (int pass = 0; pass < 2; pass++) {
		/* --new's first line sits at the line's real indentation; the later ones keep their
		 * levels under it */
		struct remap m = {.base_to = base.data, .base_to_len = base.len, .from_line = 1, .lex = lex};
		indent_style_of(f, &m.st);
		m.base_from = width(t.v[0].s, t.v[0].ws);
		m.unit_from = unit_of(t.v + 1, t.n - 1, lex ? lex + 1 : NULL, m.base_from);
		if (!m.unit_from)
			m.unit_from = memchr(nw, '\t', nw_len) || m.st.tabs ? TAB_COLS : m.st.unit;
		if (!make)
			make = make_lines(f, row - 1, nw, nw_len, true, t.n);
		m.make = make;
		res = remap_text(&m, nw, nw_len, len);
		if (pass || !(lex = probe(f, start, end, row, nw, nw_len, t.n, res, *len, false)))
			break;
		free(res);
	}
	free(lex);
	free(make);
	buf_release(&base);
	free(t.v);
	return res;
}
