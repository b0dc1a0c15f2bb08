/* The JSON cut of ranges.h: the pairs whose key holds the name asked (and q's qualifiers on the
 * keys around it), with the opener and closer of each container around them and the commas
 * between kept members, so tree-sitter parses a valid JSON document with the rest left out. A
 * lenient scan with the JSON(C) lexer (format/jsonc.h): on text that is not JSON the cut is only
 * smaller or larger, and symbols.c checks the parse of it. */
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../file.h"
#include "../format/jsonc.h"
#include "ranges.h"

struct byte_range {
	size_t a, b;
};

static int byte_range_cmp(const void *x, const void *y)
{
	const struct byte_range *p = x, *q = y;
	return p->a < q->a ? -1 : p->a > q->a;
}

/* An open JSON container: its range starts at its key (or at its bracket when it has none);
 * wanted once a pair inside it is kept, so its opener and closer are parsed too; filled once one
 * of its members is. */
struct json_open {
	size_t from, key_end, bracket;
	bool wanted, filled;
};

/* The key of level lvl (depth: the pair's own, d[s..e)) holds part. */
static bool json_key_holds(const char *d, const struct json_open *st, size_t depth, size_t lvl, size_t s,
			   size_t e, const char *part, size_t plen)
{
	size_t a = lvl == depth ? s : st[lvl].from, b = lvl == depth ? e : st[lvl].key_end;
	return plen && b - a >= plen && memmem(d + a, b - a, part, plen);
}

/* q's qualifiers (its first seg_off bytes), innermost first, each on the pair's own key (a key
 * can hold a dot) or on an enclosing one further out. */
static bool json_qualified(const char *d, const struct json_open *st, size_t depth, size_t s, size_t e,
			   const char *q, size_t seg_off)
{
	size_t lvl = depth + 1;
	for (size_t i = seg_off; i > 0;) {
		size_t end = i - 1, b = end;
		while (b > 0 && q[b - 1] != '.')
			b--;
		do {
			if (lvl-- == 0)
				return false;
		} while (!json_key_holds(d, st, depth, lvl, s, e, q + b, end - b));
		lvl++; /* the next part may sit on the same key */
		i = b;
	}
	return true;
}

struct json_cut {
	struct byte_range *v;
	size_t n, cap;
};

static void json_keep(struct json_cut *c, size_t a, size_t b)
{
	XGROW(c->v, c->cap, c->n + 1);
	c->v[c->n++] = (struct byte_range){a, b};
}

/* Keeps the member d[a..b) of container in (NULL: the document), with the comma before it when
 * an earlier member of the same container is kept: the cut then reads as valid JSON with the
 * other members left out. */
static void json_keep_member(struct json_cut *c, const char *d, struct json_open *in, size_t a, size_t b)
{
	size_t p = a;
	while (p > 0 && strchr(" \t\r\n", d[p - 1]))
		p--;
	if (in && in->filled && p > 0 && d[p - 1] == ',')
		json_keep(c, p - 1, p);
	if (in)
		in->filled = true;
	json_keep(c, a, b);
}

/* Keeps the pair whose key starts at s and the opener of every container around it not kept
 * yet (their closers are kept when the scan leaves them). */
static void json_pair(const struct file *f, struct json_open *st, size_t depth, size_t s, size_t colon,
		      struct json_cut *c)
{
	for (size_t i = 0; i < depth; i++) {
		if (st[i].wanted)
			continue;
		st[i].wanted = true;
		json_keep_member(c, f->data, i ? &st[i - 1] : NULL, st[i].from, st[i].bracket + 1);
	}
	json_keep_member(c, f->data, depth ? &st[depth - 1] : NULL, s,
			 jsonc_value(f->data, jsonc_space(f->data, colon + 1, f->size), f->size));
}

void ranges_json(const struct file *f, const char *q, size_t seg_off, struct ranges *r)
{
	const char *d = f->data;
	size_t len = f->size, depth = 0, cap_st = 0, k = 0, pending = SIZE_MAX, pending_end = 0;
	struct json_open *st = NULL;
	struct json_cut cut = {0};
	for (size_t i = 0; i < len && (k < r->n_occ || depth); i++) {
		size_t past = jsonc_comment(d, i, len, NULL);
		if (past > i) {
			i = past - 1;
			continue;
		}
		char c = d[i];
		if (c == '"') {
			size_t e = jsonc_string(d, i, len), colon = jsonc_space(d, e, len);
			pending = SIZE_MAX;
			if (colon < len && d[colon] == ':') {
				while (k < r->n_occ && r->occ[k] < i)
					k++;
				if (k < r->n_occ && r->occ[k] < e &&
				    json_qualified(d, st, depth, i, e, q, seg_off))
					json_pair(f, st, depth, i, colon, &cut);
				pending = i;
				pending_end = e;
			}
			i = e - 1;
		} else if (c == '{' || c == '[') {
			XGROW(st, cap_st, depth + 1);
			st[depth++] = pending != SIZE_MAX
					      ? (struct json_open){pending, pending_end, i, false, false}
					      : (struct json_open){i, i, i, false, false};
			pending = SIZE_MAX;
		} else if ((c == '}' || c == ']') && depth) {
			if (st[--depth].wanted)
				json_keep(&cut, i, i + 1);
		} else if (c == ',') {
			pending = SIZE_MAX;
		}
	}
	if (cut.n)
		qsort(cut.v, cut.n, sizeof *cut.v, byte_range_cmp);
	for (size_t i = 0; i < cut.n; i++)
		ranges_add(r, f, cut.v[i].a, cut.v[i].b);
	free(cut.v);
	free(st);
}
