/* The meaning proof (meaning.h): both versions flattened to nodes with parent links and their
 * values sorted by offset; each value outside the changed lines is looked up at its shifted
 * offset in the other version, and its chain of keys and containers is walked up in both at once
 * until a container already matched (so each container is walked once). */
#include "meaning.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../buf.h"
#include "../quote.h"
#include "../json.h"
#include "../utf8.h"
#include "tf_int.h"

#define NONE UINT32_MAX
#define SHOWN 3 /* changed values named one by one; the rest are counted */
#define VALUE_SHOWN 40 /* bytes of a value in a message */

struct mnode {
	const struct tn *t;
	uint32_t parent; /* NONE: the top */
	const char *key; /* the entry's key; NULL in a sequence */
	uint32_t index; /* the entry's index in its container */
	uint32_t mate; /* a container's counterpart in the other version, once matched */
	bool shadowed; /* a later entry of its map has the same key: parsers keep that one */
	bool hidden; /* it or an entry above it is shadowed: not part of what the file means */
	uint32_t key_at; /* where its entry (its key) starts; NONE for the top and implicit tables */
};

struct mleaf {
	uint32_t start, end, node;
};

struct side {
	struct doc doc;
	const char *src;
	size_t len;
	struct mnode *n;
	size_t nn, capn;
	struct mleaf *l;
	size_t nl, capl;
	size_t from, to; /* the changed lines, [from, to) */
	/* the indentation of the first changed line holding more than a comment, the deeper of the
	 * two versions'; -1 when neither has one */
	long change_indent;
	bool no_fences; /* frontmatter expected, and the file has none */
};

/* How a value outside the change changed. */
enum why { W_GONE, W_KEYS, W_MOVED, W_OVERRIDDEN, W_NEW, W_REVEALED };

struct run {
	struct side b, a;
	size_t ask_from, ask_to; /* before's bytes on the lines the edit asked for (none: equal) */
	size_t changed;
	struct buf shown;
	uint32_t first, first_a; /* the first changed value's nodes (NONE where it has none) */
	enum why first_why;
};

static int key_cmp(const void *x, const void *y, void *kids)
{
	const struct te *k = kids;
	size_t i = *(const size_t *)x, j = *(const size_t *)y;
	int c = strcmp(k[i].key, k[j].key);
	return c ? c : (i > j) - (i < j);
}

/* Which entries of map t a later entry with the same key overrides. */
static bool *repeated_keys(const struct tn *t)
{
	if (t->kind != TN_MAP || t->n < 2)
		return NULL;
	bool *sh = NULL;
	if (t->n <= 8) {
		/* the common small map: no sort */
		for (size_t i = 0; i < t->n; i++)
			for (size_t k = i + 1; k < t->n && t->kids[i].key; k++)
				if (t->kids[k].key && !strcmp(t->kids[i].key, t->kids[k].key)) {
					if (!sh)
						sh = xcalloc(t->n, sizeof(*sh));
					sh[i] = true;
				}
		return sh;
	}
	size_t *o = xmalloc(t->n * sizeof(*o));
	size_t n = 0;
	for (size_t i = 0; i < t->n; i++)
		if (t->kids[i].key)
			o[n++] = i;
	qsort_r(o, n, sizeof(*o), key_cmp, t->kids);
	for (size_t i = 0; i + 1 < n; i++)
		if (!strcmp(t->kids[o[i]].key, t->kids[o[i + 1]].key)) {
			if (!sh)
				sh = xcalloc(t->n, sizeof(*sh));
			sh[o[i]] = true; /* sorted by key, then position: the later one wins */
		}
	free(o);
	return sh;
}

static void flatten(struct side *s, const struct tn *t, uint32_t parent, const struct te *e, size_t index,
		    bool shadowed)
{
	XGROW(s->n, s->capn, s->nn + 1);
	uint32_t me = (uint32_t)s->nn++;
	bool hidden = shadowed || (parent != NONE && s->n[parent].hidden);
	uint32_t key_at = e && e->end > e->start ? e->start : NONE;
	s->n[me] =
		(struct mnode){t, parent, e ? e->key : NULL, (uint32_t)index, NONE, shadowed, hidden, key_at};
	/* a value is a scalar or an empty [] or {}; a TOML table's span is its header, not its value */
	if (t->kind == TN_SCALAR || (t->n == 0 && t->style == ST_FLOW)) {
		XGROW(s->l, s->capl, s->nl + 1);
		s->l[s->nl++] = (struct mleaf){t->start, t->end, me};
		return;
	}
	bool *sh = repeated_keys(t);
	for (size_t i = 0; i < t->n; i++)
		flatten(s, t->kids[i].val, me, &t->kids[i], i, sh && sh[i]);
	free(sh);
}

static int leaf_cmp(const void *x, const void *y)
{
	const struct mleaf *a = x, *b = y;
	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	return (a->end > b->end) - (a->end < b->end);
}

/* The columns of spaces the line holding byte at starts with. */
static long line_indent(const char *src, size_t len, size_t at)
{
	size_t b = line_begin(src, at), i = b;
	while (i < len && src[i] == ' ')
		i++;
	return (long)(i - b);
}

/* An absent YAML value ("a:", "- ", an empty document) right above the change: it means null only
 * while no indented line follows, and the parser places it where the next token starts. */
static bool null_touching(const struct side *s, const struct mleaf *l)
{
	return l->start == l->end && s->doc.fmt == FMT_YAML &&
	       line_after(s->src, s->len, l->start) >= s->from && l->start <= s->to;
}

/* Is the leaf's source outside the changed lines? A null touching the change is not: lines
 * indented under it give it a value, the edit's business (but see key_above_change). */
static bool outside(const struct side *s, const struct mleaf *l)
{
	if (null_touching(s, l))
		return false;
	return l->end <= s->from || l->start >= s->to;
}

/* A key's null touching the change when the change starts at the key line's column or left of
 * it: nothing of the change can be its value, so it stays null, and what it means is judged —
 * found in after by its key, which the change did not move (its value's place did). */
static bool key_above_change(const struct side *s, const struct mleaf *l)
{
	const struct mnode *m = &s->n[l->node];
	return null_touching(s, l) && m->key && m->key_at != NONE && m->key_at < s->from &&
	       s->change_indent <= line_indent(s->src, s->len, l->start);
}

/* The span in the other version of a leaf outside the changed lines: the same before them,
 * shifted after them. */
static void shift_to(const struct side *from, const struct side *to, const struct mleaf *l, size_t *s,
		     size_t *e)
{
	size_t d = l->end <= from->from ? 0 : to->to - from->to;
	*s = l->start + d;
	*e = l->end + d;
}

/* The leaf with exactly this span, else NONE. *hint is where the last search ended: the spans
 * asked for come in order, so the answer is usually at or just past it. */
static uint32_t leaf_at(const struct side *s, size_t start, size_t end, size_t *hint)
{
	size_t lo = *hint < s->nl ? *hint : 0, hi = s->nl;
	if (lo && (s->l[lo - 1].start > start || (s->l[lo - 1].start == start && s->l[lo - 1].end >= end)))
		lo = 0;
	for (size_t k = 0;
	     k < 8 && lo < hi && (s->l[lo].start < start || (s->l[lo].start == start && s->l[lo].end < end));
	     k++)
		lo++;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct mleaf *l = &s->l[mid];
		if (l->start < start || (l->start == start && l->end < end))
			lo = mid + 1;
		else
			hi = mid;
	}
	*hint = lo;
	return lo < s->nl && s->l[lo].start == start && s->l[lo].end == end ? (uint32_t)lo : NONE;
}

/* The leaf whose bytes hold off, else NONE. */
static uint32_t leaf_holding(const struct side *s, size_t off)
{
	size_t lo = 0, hi = s->nl;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (s->l[mid].start <= off)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t i = lo; i-- > 0 && lo - i < 4;)
		if (s->l[i].start <= off && off < s->l[i].end)
			return (uint32_t)i;
	return NONE;
}

static bool same_value(const struct tn *x, const struct tn *y)
{
	if (x->kind != y->kind)
		return false;
	if (x->kind != TN_SCALAR)
		return true;
	return x->sc == y->sc && x->alias == y->alias && x->tagged == y->tagged &&
	       x->text_len == y->text_len && (!x->text_len || !memcmp(x->text, y->text, x->text_len));
}

/* Do two values mean the same: scalars alike, containers of the same keys and values in order. */
static bool same_tree(const struct tn *x, const struct tn *y)
{
	if (!same_value(x, y) || x->n != y->n)
		return false;
	for (size_t i = 0; i < x->n; i++) {
		const struct te *a = &x->kids[i], *b = &y->kids[i];
		if (!a->key != !b->key || (a->key && strcmp(a->key, b->key)) || !same_tree(a->val, b->val))
			return false;
	}
	return true;
}

/* The value parsers keep for the key of entry node (the last one of that key in its map). */
static const struct tn *winner(const struct side *s, uint32_t node)
{
	const struct tn *map = s->n[s->n[node].parent].t, *win = NULL;
	for (size_t i = 0; i < map->n; i++)
		if (map->kids[i].key && !strcmp(map->kids[i].key, s->n[node].key))
			win = map->kids[i].val;
	return win;
}

/* ---- words ---- */

static bool key_needs_quotes(const char *k)
{
	return !*k || strpbrk(k, ".[]=\"'# ") != NULL;
}

static void path_segments(struct buf *b, const struct side *s, uint32_t node, size_t start)
{
	const struct mnode *m = &s->n[node];
	if (m->parent == NONE)
		return;
	path_segments(b, s, m->parent, start);
	if (!m->key) {
		buf_addf(b, "[%u]", m->index);
		return;
	}
	if (b->len > start)
		buf_addc(b, '.');
	if (key_needs_quotes(m->key))
		json_cstr(b, m->key);
	else
		buf_adds(b, m->key);
}

/* The key path of node as transform reads it ("linters.disable[0]"); "(the top)" for the root. */
static void path_print(struct buf *b, const struct side *s, uint32_t node)
{
	size_t start = b->len;
	path_segments(b, s, node, start);
	if (b->len == start)
		buf_adds(b, "(the top)");
}

static void value_print(struct buf *b, const struct side *s, const struct tn *t)
{
	if (t->kind != TN_SCALAR) {
		buf_adds(b, t->kind == TN_MAP ? "{}" : "[]");
		return;
	}
	if (t->start == t->end) {
		buf_adds(b, "null");
		return;
	}
	bool str = t->sc == SC_STRING && t->text;
	const char *v = str ? t->text : s->src + t->start;
	size_t n = str ? t->text_len : t->end - t->start;
	struct buf one = BUF_INIT;
	if (t->quote == '|' && !t->tagged) {
		/* a plain scalar over several lines reads as one line: its line breaks fold to spaces */
		for (size_t i = 0; i < n; i++) {
			size_t k = i;
			while (k < n && (v[k] == ' ' || v[k] == '\t' || v[k] == '\r' || v[k] == '\n'))
				k++;
			bool fold = k > i && memchr(v + i, '\n', k - i);
			if (fold)
				buf_addc(&one, ' ');
			else
				buf_add(&one, v + i, k > i ? k - i : 1);
			i = k > i ? k - 1 : i;
		}
		v = one.data;
		n = one.len;
	}
	size_t cut = utf8_floor(v, n, VALUE_SHOWN);
	if (str)
		json_str(b, v, cut);
	else
		utf8_add_lossy(b, v, cut);
	if (cut < n)
		buf_adds(b, "\xE2\x80\xA6");
	buf_release(&one);
}

/* "→ part of the string "…"" / "→ no longer a value": where the bytes of a value went. */
static void where_now(struct buf *b, const struct side *to, size_t off)
{
	uint32_t h = leaf_holding(to, off);
	if (h == NONE) {
		buf_adds(b, "no longer a value");
		return;
	}
	const struct tn *t = to->n[to->l[h].node].t;
	buf_adds(b, t->sc == SC_STRING ? "part of the string " : "part of the value ");
	value_print(b, to, t);
}

static void note(struct run *u, uint32_t bnode, uint32_t anode, enum why why, size_t off)
{
	if (!u->changed++) {
		u->first = bnode;
		u->first_a = anode;
		u->first_why = why;
	}
	if (u->changed > SHOWN)
		return;
	struct buf *b = &u->shown, was = BUF_INIT, now = BUF_INIT;
	bool later = why == W_NEW || why == W_REVEALED; /* named as it is after the change */
	const struct side *s = later ? &u->a : &u->b;
	uint32_t node = later ? anode : bnode;
	path_print(&was, s, node);
	buf_addf(b, "\n  %s: ", was.data);
	value_print(b, s, s->n[node].t);
	buf_adds(b, later ? " \xE2\x86\x90 " : " \xE2\x86\x92 ");
	switch (why) {
	case W_GONE: where_now(b, &u->a, off); break;
	case W_NEW: where_now(b, &u->b, off); break;
	case W_OVERRIDDEN: buf_adds(b, "overridden by the same key further down"); break;
	case W_REVEALED:
		buf_adds(b, "was overridden by the same key further down, which the edit removed");
		break;
	case W_KEYS:
	case W_MOVED:
		path_print(&now, &u->a, anode);
		if (strcmp(was.data, now.data))
			buf_addf(b, "now %s", now.data);
		else
			buf_adds(b, "now in another item of that name (an item was split, or two merged)");
		break;
	}
	buf_release(&was);
	buf_release(&now);
}

/* ---- the walk ---- */

/* Is the key of m's entry on the changed lines? A list item's dash is no key; a TOML [[array]]
 * element's header is its key. */
static bool key_edited(const struct side *s, const struct mnode *m)
{
	bool keyed = m->key || (m->parent != NONE && s->n[m->parent].t->style == ST_TOML_AOT);
	return keyed && m->key_at != NONE && m->key_at >= s->from && m->key_at < s->to;
}

/* Walks both chains up from a pair of leaves at the same bytes; false (and why) when they
 * differ. */
static bool same_chain(struct run *u, uint32_t b, uint32_t a, enum why *why)
{
	*why = W_KEYS;
	for (;;) {
		struct mnode *mb = &u->b.n[b], *ma = &u->a.n[a];
		if (mb->parent == NONE || ma->parent == NONE)
			return mb->parent == ma->parent;
		/* a key renamed on the edited lines (its line edited in both versions) takes what is
		 * under it along, and so does a TOML [[array]] element's header */
		bool renamed = key_edited(&u->b, mb) && key_edited(&u->a, ma);
		if (renamed && !mb->key && !ma->key)
			return true;
		if ((!mb->key != !ma->key || (mb->key && strcmp(mb->key, ma->key))) && !renamed)
			return false;
		/* a key written again further down with the same value means what it meant */
		if (!mb->shadowed && ma->shadowed && !same_tree(mb->t, winner(&u->a, a))) {
			*why = W_OVERRIDDEN;
			return false;
		}
		b = mb->parent;
		a = ma->parent;
		struct mnode *cb = &u->b.n[b], *ca = &u->a.n[a];
		if (cb->mate == NONE && ca->mate == NONE) {
			cb->mate = a;
			ca->mate = b;
			continue;
		}
		if (cb->mate == a)
			return true; /* matched before, and everything above it with it */
		*why = W_MOVED;
		return false;
	}
}

/* A value a repeated key overrode in before and no longer does (the winner went): does what it
 * brings differ from what the winner meant? */
static bool revealed(const struct run *u, uint32_t b, uint32_t a)
{
	if (!u->b.n[b].hidden)
		return false;
	while (!u->b.n[b].shadowed && u->b.n[b].parent != NONE && u->a.n[a].parent != NONE) {
		b = u->b.n[b].parent;
		a = u->a.n[a].parent;
	}
	return u->b.n[b].shadowed && !same_tree(winner(&u->b, b), u->a.n[a].t);
}

/* Only a string written to span lines (a YAML block scalar, a TOML multi-line string) is extended
 * by a line added inside it; a plain YAML scalar that absorbs the next line (`- a` then `  - b`
 * reads as the string "a - b") did not ask for that line. */
static bool block_string(const struct side *v, const struct mleaf *l)
{
	const char *p = v->src + l->start;
	size_t n = l->end - l->start;
	if (n >= 1 && (p[0] == '|' || p[0] == '>'))
		return true;
	return n >= 3 && (memcmp(p, "\"\"\"", 3) == 0 || memcmp(p, "'''", 3) == 0);
}

/* Did the edit extend before's leaf l, on the lines it asked for, into the change: is there a
 * value at l's start (shifted: s) in after, reached by the same keys, that ends further on? */
static bool extended(struct run *u, const struct mleaf *l, size_t s)
{
	if (l->start < u->ask_from || l->end > u->ask_to || !block_string(&u->b, l))
		return false;
	size_t lo = 0, hi = u->a.nl;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (u->a.l[mid].start < s)
			lo = mid + 1;
		else
			hi = mid;
	}
	enum why why;
	return lo < u->a.nl && u->a.l[lo].start == s && u->a.l[lo].end > s + (l->end - l->start) &&
	       same_chain(u, l->node, u->a.l[lo].node, &why);
}

/* Before's node b, keyed above the change: its counterpart in after is the entry whose key starts
 * where b's does; judged as forward judges a leaf. */
static void by_key(struct run *u, uint32_t b)
{
	uint32_t at = u->b.n[b].key_at;
	for (uint32_t a = 0; a < u->a.nn; a++) {
		if (u->a.n[a].key_at != at || !u->a.n[a].key)
			continue;
		enum why why;
		if (!same_value(u->b.n[b].t, u->a.n[a].t))
			note(u, b, a, W_GONE, at);
		else if (!same_chain(u, b, a, &why))
			note(u, b, a, why, at);
		return;
	}
}

static void forward(struct run *u)
{
	size_t hint = 0;
	for (size_t i = 0; i < u->b.nl; i++) {
		const struct mleaf *l = &u->b.l[i];
		if (u->b.n[l->node].hidden)
			continue;
		if (key_above_change(&u->b, l)) {
			by_key(u, l->node);
			continue;
		}
		if (!outside(&u->b, l))
			continue;
		size_t s, e;
		shift_to(&u->b, &u->a, l, &s, &e);
		uint32_t k = leaf_at(&u->a, s, e, &hint);
		if (k == NONE) {
			if (!extended(u, l, s))
				note(u, l->node, NONE, W_GONE, s);
			continue;
		}
		uint32_t an = u->a.l[k].node;
		enum why why;
		if (!same_value(u->b.n[l->node].t, u->a.n[an].t))
			note(u, l->node, an, W_GONE, s);
		else if (!same_chain(u, l->node, an, &why))
			note(u, l->node, an, why, s);
	}
}

/* A value outside the change in after that was not one in before: structure out of a string. And
 * one that was, but hidden (a key written again below it): forward passed it by, so its chain is
 * walked here, or a container could be matched to another one of after through the hidden value's
 * neighbours alone (a document split in two by a `---` where its keys are written twice). */
static void backward(struct run *u)
{
	size_t hint = 0;
	for (size_t i = 0; i < u->a.nl; i++) {
		const struct mleaf *l = &u->a.l[i];
		bool out = outside(&u->a, l);
		if (u->a.n[l->node].hidden || (!out && l->start >= u->a.from && l->start < u->a.to))
			continue;
		size_t s, e;
		shift_to(&u->a, &u->b, l, &s, &e);
		uint32_t k = leaf_at(&u->b, s, e, &hint);
		enum why why;
		if (k == NONE && out)
			note(u, NONE, l->node, W_NEW, s);
		else if (k != NONE && revealed(u, u->b.l[k].node, l->node))
			note(u, u->b.l[k].node, l->node, W_REVEALED, s);
		else if (k != NONE && out && u->b.n[u->b.l[k].node].hidden &&
			 !same_chain(u, u->b.l[k].node, l->node, &why))
			note(u, u->b.l[k].node, l->node, why, s);
	}
}

/* The indentation of v's first changed line that holds more than blanks or a comment, or -1. */
static long first_content_indent(const struct side *v)
{
	for (size_t i = v->from; i < v->to;) {
		const char *nl = memchr(v->src + i, '\n', v->to - i);
		size_t e = nl ? (size_t)(nl - v->src) : v->to;
		long indent = line_indent(v->src, e, i);
		size_t k = i + (size_t)indent;
		if (k < e && v->src[k] != '#' && v->src[k] != '\r')
			return indent;
		i = e + 1;
	}
	return -1;
}

/* The changed lines: common whole lines at the top, then common bytes at the end moved forward
 * to a line start in both versions. */
static void changed_lines(struct run *u)
{
	const char *x = u->b.src, *y = u->a.src;
	size_t bl = u->b.len, al = u->a.len, min = bl < al ? bl : al, p = 0, s = 0;
	while (p < min && x[p] == y[p])
		p++;
	p = p == bl && p == al ? p : line_begin(x, p);
	while (s < min - p && x[bl - 1 - s] == y[al - 1 - s])
		s++;
	/* the common tail starts at a line start in both, or past its first newline */
	if (!((bl - s == 0 || x[bl - s - 1] == '\n') && (al - s == 0 || y[al - s - 1] == '\n'))) {
		const char *nl = memchr(x + bl - s, '\n', s);
		s = nl ? bl - (size_t)(nl - x) - 1 : 0;
	}
	u->b.from = u->a.from = p;
	u->b.to = bl - s;
	u->a.to = al - s;
	long deep_b = first_content_indent(&u->b), deep_a = first_content_indent(&u->a);
	u->b.change_indent = u->a.change_indent = deep_b > deep_a ? deep_b : deep_a;
}

/* The offset line n (1-based) starts at in s, len past the last line. */
static size_t line_offset(const char *s, size_t len, long n)
{
	size_t off = 0;
	for (long k = 1; k < n && off < len; k++) {
		const char *nl = memchr(s + off, '\n', len - off);
		off = nl ? (size_t)(nl - s) + 1 : len;
	}
	return off;
}

/* The bytes of before's lines the edit asked for. A whitespace-folded --old keeps the file's bytes,
 * so a value on those lines may keep its start and grow into the change: the edit extended it. */
static void asked_bytes(struct run *u, const struct meaning_lines *asked)
{
	u->ask_from = line_offset(u->b.src, u->b.len, asked->b1);
	u->ask_to = line_offset(u->b.src, u->b.len, asked->b2);
}

/* ---- the ready command ---- */

static const char *line_end(const char *s, size_t len, size_t off)
{
	const char *nl = memchr(s + off, '\n', len - off);
	return nl ? nl : s + len;
}

/* The inserted lines when each is "- <scalar>" (the items of a YAML list), else 0. */
static size_t list_items(const struct side *a, int *min_indent)
{
	size_t n = 0;
	*min_indent = -1;
	for (size_t i = a->from; i < a->to;) {
		const char *e = line_end(a->src, a->to, i);
		size_t k = i;
		while (k < (size_t)(e - a->src) && a->src[k] == ' ')
			k++;
		size_t rest = (size_t)(e - a->src) - k;
		if (rest < 3 || a->src[k] != '-' || a->src[k + 1] != ' ' || memchr(a->src + k, ':', rest) ||
		    memchr(a->src + k, '#', rest) || strchr("[{&*!|>'\"", a->src[k + 2]))
			return 0;
		if (*min_indent < 0 || (int)(k - i) < *min_indent)
			*min_indent = (int)(k - i);
		n++;
		i = (size_t)(e - a->src) + 1;
	}
	return n;
}

/* For a YAML list item inserted where it is not one: the transform that appends it, and the
 * insert at the list's indentation. */
static bool advise_list(struct buf *b, const struct run *u, const char *path)
{
	const struct side *bs = &u->b, *as = &u->a;
	int min;
	if (bs->doc.fmt != FMT_YAML || bs->from != bs->to || u->first == NONE || !bs->from ||
	    u->first_why != W_GONE)
		return false;
	uint32_t seq = bs->n[u->first].parent;
	if (seq == NONE || bs->n[seq].t->kind != TN_SEQ || bs->n[seq].t->style != ST_BLOCK ||
	    !list_items(as, &min))
		return false;
	struct buf arg = BUF_INIT, lines = BUF_INIT;
	buf_addf(b, "\n  run: lets transform ");
	quote_shell(b, path);
	for (size_t i = as->from; i < as->to;) {
		const char *e = line_end(as->src, as->to, i);
		size_t k = i + (size_t)min;
		buf_truncate(&arg, 0);
		path_print(&arg, bs, seq);
		buf_addc(&arg, '=');
		const char *item = as->src + k;
		while (*item == ' ' || *item == '-')
			item++;
		size_t il = (size_t)(e - item);
		while (il && (item[il - 1] == ' ' || item[il - 1] == '\r'))
			il--;
		buf_add(&arg, item, il);
		buf_adds(b, " --append ");
		quote_shell(b, arg.data);
		if (lines.len)
			buf_addc(&lines, '\n');
		buf_add_spaces(&lines, (size_t)bs->n[seq].t->indent);
		buf_add(&lines, as->src + k, (size_t)(e - as->src) - k);
		i = (size_t)(e - as->src) + 1;
	}
	/* the insert after the line above, as an anchor only when it quotes plainly */
	size_t prev = line_begin(bs->src, bs->from - 1);
	size_t pl = bs->from - 1 - prev;
	if (!memchr(bs->src + prev, '\'', pl) && !memchr(bs->src + prev, '"', pl) &&
	    !memchr(bs->src + prev, '\\', pl) && !memchr(bs->src + prev, '$', pl) &&
	    !memchr(bs->src + prev, '`', pl) && !memchr(bs->src + prev, '!', pl) &&
	    !memchr(bs->src + prev, '\r', pl)) {
		buf_adds(b, "\n  or:  lets edit ");
		quote_shell(b, path);
		buf_adds(b, " --insert-after \"@'^");
		for (size_t i = prev; i < bs->from - 1; i++) {
			if (strchr("\\^$.|?*+()[]{}", bs->src[i]))
				buf_addc(b, '\\');
			buf_addc(b, bs->src[i]);
		}
		buf_adds(b, "$'\" --new ");
		quote_shell(b, lines.data);
	}
	buf_release(&arg);
	buf_release(&lines);
	return true;
}

/* The value text --set takes for t, replacing a value of type old: a string's text as is over
 * a string (--set keeps a string a string), else as JSON reads it. */
static void set_value(struct buf *b, const struct side *s, const struct tn *t, const struct tn *old)
{
	if (t->sc == SC_STRING && t->text && !(old->kind == TN_SCALAR && old->sc == SC_STRING))
		json_str(b, t->text, t->text_len);
	else if (t->sc == SC_STRING && t->text)
		buf_add(b, t->text, t->text_len);
	else
		buf_add(b, s->src + t->start, t->end - t->start);
}

/* A key written again further down in its map: the --set that changes the value in place. */
static bool advise_overridden(struct buf *b, const struct run *u, const char *path)
{
	if (u->first_why != W_OVERRIDDEN)
		return false;
	uint32_t bn = u->first, an = u->first_a;
	while (!u->a.n[an].shadowed) {
		an = u->a.n[an].parent;
		bn = u->b.n[bn].parent;
	}
	const struct tn *map = u->a.n[u->a.n[an].parent].t, *win = winner(&u->a, an);
	buf_addf(b, "\n  the key %s is written twice in one %s, and the later one wins", u->a.n[an].key,
		 map->style == ST_FLOW ? "object" : "mapping");
	if (!win || win->kind != TN_SCALAR || win->start == win->end || win->quote == '|')
		return true;
	struct buf arg = BUF_INIT;
	path_print(&arg, &u->b, bn);
	buf_addc(&arg, '=');
	set_value(&arg, &u->a, win, u->b.n[bn].t);
	buf_adds(b, "\n  run: lets transform ");
	quote_shell(b, path);
	buf_adds(b, " --set ");
	quote_shell(b, arg.data);
	buf_release(&arg);
	return true;
}

static void advise(struct buf *b, const struct run *u, const char *path, enum meaning_verb verb)
{
	if (verb == MEANING_EDIT && (advise_list(b, u, path) || advise_overridden(b, u, path)))
		return;
	const char *s = u->b.src;
	long first = line_of(s, u->b.from), last = line_of(s, u->b.to);
	long lines = line_of(s, u->b.len) - (u->b.len && s[u->b.len - 1] == '\n');
	first = first > 2 ? first - 2 : 1;
	last = last + 2 < lines ? last + 2 : lines;
	buf_adds(b, "\n  re-read: lets show ");
	struct buf t = BUF_INIT;
	buf_addf(&t, "%s:%ld-%ld", path, first, last > first ? last : first);
	quote_shell(b, t.data);
	buf_release(&t);
	if (verb == MEANING_TRANSFORM)
		buf_adds(b, " \xC2\xB7 nothing was written; make the change with lets edit");
	else if (u->a.no_fences)
		buf_adds(b, " \xC2\xB7 the frontmatter is the YAML between the --- lines: keep both");
	else if (u->b.doc.fmt == FMT_YAML)
		buf_adds(b, " \xC2\xB7 indent the new lines as the lines around them, or change values "
			    "with lets transform --set, --append or --delete");
	else if (u->b.doc.fmt == FMT_TOML)
		buf_adds(b, " \xC2\xB7 a [table] header takes every key line below it, up to the next "
			    "header; add keys with lets transform --set");
	else
		buf_adds(b, " \xC2\xB7 check the edit's brackets and keys, or change values with lets "
			    "transform --set, --append or --delete");
}

static bool side_build(struct side *s, enum format f, const char *src, size_t len)
{
	s->src = src;
	s->len = len;
	bool has = true;
	if (f == FMT_FRONTMATTER && format_frontmatter_valid(src, len, &has) && !has) {
		/* the fences went: the block is Markdown now, and means nothing as data */
		memset(&s->doc, 0, sizeof(s->doc));
		s->doc.fmt = FMT_YAML;
		s->no_fences = true;
		return true;
	}
	if (!doc_read(&s->doc, f, src, len))
		return false;
	if (s->doc.root)
		flatten(s, s->doc.root, NONE, NULL, 0, false);
	if (s->nl) /* qsort takes no null list, even empty */
		qsort(s->l, s->nl, sizeof(*s->l), leaf_cmp);
	return true;
}

static void side_release(struct side *s)
{
	doc_release(&s->doc);
	free(s->n);
	free(s->l);
}

enum meaning_verdict meaning_check(enum format f, const char *path, const char *before, size_t blen,
				   const char *after, size_t alen, const struct meaning_lines *asked,
				   enum meaning_verb verb, struct buf *why)
{
	struct run u;
	memset(&u, 0, sizeof(u));
	enum meaning_verdict v = MEANING_UNPROVEN;
	if (blen > UINT32_MAX || alen > UINT32_MAX)
		return v;
	if (side_build(&u.b, f, before, blen) && side_build(&u.a, f, after, alen)) {
		changed_lines(&u);
		if (asked)
			asked_bytes(&u, asked);
		forward(&u);
		backward(&u);
		v = u.changed ? MEANING_CHANGED : MEANING_KEPT;
	}
	if (v == MEANING_CHANGED) {
		buf_addf(why, "%zu value%s outside the %s changed", u.changed, u.changed == 1 ? "" : "s",
			 verb == MEANING_EDIT ? "edited lines" : "keys asked");
		buf_add(why, u.shown.data, u.shown.len);
		if (u.changed > SHOWN)
			buf_addf(why, "\n  (+%zu more)", u.changed - SHOWN);
		advise(why, &u, path, verb);
	}
	buf_release(&u.shown);
	side_release(&u.b);
	side_release(&u.a);
	return v;
}
