/* #name resolution: tree-sitter where a grammar is bundled, the plaintext heuristic elsewhere.
 *
 * Speed. A full tree-sitter parse costs ~3 MB/s (a 19k-line Go file: ~100 ms), far over the
 * 15 ms this lookup is allowed. So a file is never parsed beyond what can hold the answer:
 *  1. every definition's name is written in the file, so the name's last dotted part must occur
 *     in the bytes (as a whole word in code): no occurrence is not_found without any parse;
 *  2. in code grammars (lang->chunkable) each occurrence is widened to its top-level item
 *     (chunk.h) and only those items are parsed, in one parse with tree-sitter's included
 *     ranges (positions stay those of the whole file);
 *  3. that partial parse is trusted only when it is clean and found a candidate; otherwise (a
 *     multi-line string or a C++ namespace cut the item wrong) the whole file is parsed. The
 *     shortcut changes an answer only where a wrong cut still parses cleanly and differently
 *     (code-like text at column 0 inside a multi-line string, after a blank line).
 * For "Outer.inner" an item is kept only if it also holds "Outer": in these grammars every
 * container of a definition is inside its top-level item (a C++ namespace written at column 0
 * is the exception, and falls back to the full parse through step 3).
 * YAML from symbols_partial_min bytes up is cut by indentation instead (indent_ranges): the block under
 * each occurrence plus the one line of each enclosing key, with the same trust rule.
 * Markdown from that size up is cut by headings (md_ranges): the section of each heading that
 * holds the name, the heading that ends it, and the heading line of each enclosing section —
 * trusted when tree-sitter finds exactly the headings the line scan expected there.
 * An item longer than CHUNK_MAX (minified code on one line) is parsed as a window of WINDOW bytes
 * either side of the occurrence instead, for at most MAX_WINDOWS occurrences, and that answer
 * stands even with parse errors: resolving what can be resolved beats parsing 5 MB.
 *
 * Matching. "a.b.c" matches a definition named "a.b.c", or one named "c" inside one matching
 * "a.b" (the immediately enclosing definition, virtual containers included). A definition with
 * a body beats a bodiless one (prototype, overload signature); overload signatures right before
 * their implementation join its span. Candidates with the same span count once. */
#include "symbols.h"

#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../buf.h"
#include "../file.h"
#include "../target.h"
#include "../utf8.h"
#include "chunk.h"
#include "defs.h"
#include "lang.h"

#define CHUNK_MAX (256 * 1024)
#define WINDOW (4 * 1024)
#define MAX_WINDOWS 16
#define MAX_LISTED 20
/* Ambiguities of up to this many candidates get a target that picks each one. */
#define PICKS_LISTED 5

int defs_add(struct defs *ds, const struct def *d)
{
	XGROW(ds->v, ds->cap, ds->n + 1);
	ds->v[ds->n] = *d;
	return (int)ds->n++;
}

void defs_release(struct defs *ds)
{
	free(ds->v);
	*ds = (struct defs)DEFS_INIT;
}

static bool word_byte(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c >= 0x80;
}

/* The 0-based line holding byte b (n_lines for the end of a file ending in a newline). */
static size_t line_at(const struct file *f, size_t b)
{
	size_t lo = 0, hi = f->n_lines + 1; /* line_start[lo] <= b < line_start[hi] */
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (f->line_start[mid] <= b)
			lo = mid;
		else
			hi = mid;
	}
	if (lo == f->n_lines && lo > 0 && f->data[f->size - 1] != '\n')
		lo--;
	return lo;
}

static TSPoint point_at(const struct file *f, size_t b)
{
	size_t row = line_at(f, b);
	return (TSPoint){(uint32_t)row, (uint32_t)(b - f->line_start[row])};
}

struct ranges {
	TSRange *v;
	size_t n, cap;
	size_t bytes;
	bool windowed;
	size_t *occ; /* where the name's last part occurs, ascending: the walk descends only there */
	size_t n_occ, cap_occ;
};

static void ranges_add(struct ranges *r, const struct file *f, size_t a, size_t b)
{
	if (r->n && a <= r->v[r->n - 1].end_byte) {
		if (b > r->v[r->n - 1].end_byte) {
			r->bytes += b - r->v[r->n - 1].end_byte;
			r->v[r->n - 1].end_byte = (uint32_t)b;
			r->v[r->n - 1].end_point = point_at(f, b);
		}
		return;
	}
	XGROW(r->v, r->cap, r->n + 1);
	r->v[r->n++] = (TSRange){point_at(f, a), point_at(f, b), (uint32_t)a, (uint32_t)b};
	r->bytes += b - a;
}

/* Every dotted part of q before its last one occurs in data[a..b). */
static bool holds_qualifiers(const struct file *f, size_t a, size_t b, const char *q, size_t seg_off)
{
	for (size_t i = 0; i < seg_off;) {
		const char *dot = memchr(q + i, '.', seg_off - i);
		size_t plen = (size_t)((dot ? dot : q + seg_off) - (q + i));
		if (plen && !memmem(f->data + a, b - a, q + i, plen))
			return false;
		i += plen + 1;
	}
	return true;
}

/* Records in r->occ where seg occurs (as a whole word in code) and, when chunk is set, adds the
 * top-level items holding them as included ranges, in document order. Returns false when seg
 * does not occur at all. */
static bool occurrence_ranges(const struct file *f, const char *q, const char *seg, size_t len, bool chunk,
			      struct ranges *r)
{
	size_t windows = 0;
	bool found = false;
	bool check_left = word_byte((unsigned char)seg[0]), check_right = word_byte((unsigned char)seg[len - 1]);
	const char *data = f->data, *end = f->data + f->size;
	size_t covered_to = 0; /* items already added end here */
	for (const char *p = data; (size_t)(end - p) >= len;) {
		const char *hit = memmem(p, (size_t)(end - p), seg, len);
		if (!hit)
			break;
		p = hit + 1;
		size_t at = (size_t)(hit - data);
		if (chunk && ((check_left && at && word_byte((unsigned char)data[at - 1])) ||
			      (check_right && at + len < f->size && word_byte((unsigned char)data[at + len]))))
			continue;
		found = true;
		XGROW(r->occ, r->cap_occ, r->n_occ + 1);
		r->occ[r->n_occ++] = at;
		if (!chunk || at < covered_to)
			continue;
		size_t a = chunk_item_start(data, f->size, at), b = chunk_item_end(data, f->size, at);
		if (b - a > CHUNK_MAX) {
			if (windows++ == MAX_WINDOWS)
				break;
			a = at > a + WINDOW ? at - WINDOW : a;
			b = at + len + WINDOW < b ? at + len + WINDOW : b;
			r->windowed = true;
		}
		covered_to = b;
		if (seg > q && !holds_qualifiers(f, a, b, q, (size_t)(seg - q)))
			continue;
		ranges_add(r, f, a, b);
	}
	return found;
}

/* YAML nests by indentation, so the pair at an occurrence and its path are known from the lines
 * alone: its block is the lines below indented deeper than the key, and each enclosing key is the
 * nearest line above indented less. Parsing only those lines (tree-sitter keeps the gaps out)
 * gives the same definitions on the way to the name as the whole file would. */
size_t symbols_partial_min = 64 * 1024;

/* The column of the first non-space byte of 0-based row; *skip for a blank or comment line. */
static size_t indent_of(const struct file *f, size_t row, bool *skip)
{
	const char *t;
	size_t len = file_line(f, row + 1, &t), i = 0;
	while (i < len && t[i] == ' ')
		i++;
	*skip = i == len || t[i] == '#' || t[i] == '\r';
	return i;
}

/* Row is a sequence entry ("- ..."): YAML lets those sit at their key's own column. */
static bool seq_item(const struct file *f, size_t row, size_t ind)
{
	const char *t;
	size_t len = file_line(f, row + 1, &t);
	return ind < len && t[ind] == '-' && (ind + 1 == len || t[ind + 1] == ' ' || t[ind + 1] == '\r');
}

struct byte_range {
	size_t a, b;
};

static int byte_range_cmp(const void *x, const void *y)
{
	const struct byte_range *p = x, *q = y;
	return p->a < q->a ? -1 : p->a > q->a;
}

/* A line of an enclosing key holds this dotted part of q (its qualifiers are checked before a
 * block is kept, as for code items). */
static bool line_holds(const struct file *f, size_t row, const char *part, size_t len)
{
	const char *t;
	size_t tl = file_line(f, row + 1, &t);
	return memmem(t, tl, part, len) != NULL;
}

static void indent_ranges(const struct file *f, const char *q, size_t seg_off, struct ranges *r)
{
	/* parent[row]: the nearest line above indented less (SIZE_MAX: none), one pass with a stack. */
	size_t *parent = xmalloc((f->n_lines + 1) * sizeof *parent), *stack = xmalloc((f->n_lines + 1) * sizeof *stack);
	size_t depth = 0;
	bool skip;
	for (size_t row = 0; row < f->n_lines; row++) {
		size_t ind = indent_of(f, row, &skip);
		parent[row] = SIZE_MAX;
		if (skip)
			continue;
		bool item = seq_item(f, row, ind);
		for (; depth; depth--) {
			size_t top = stack[depth - 1], ti = indent_of(f, top, &skip);
			if (ti < ind || (ti == ind && item && !seq_item(f, top, ti)))
				break;
		}
		parent[row] = depth ? stack[depth - 1] : SIZE_MAX;
		stack[depth++] = row;
	}
	struct byte_range *v = NULL;
	size_t n = 0, cap = 0;
	for (size_t k = 0; k < r->n_occ; k++) {
		size_t row = line_at(f, r->occ[k]), col = r->occ[k] - f->line_start[row];
		/* Qualifiers, outermost last, each on some enclosing line. */
		bool keep = true;
		size_t up = parent[row];
		for (size_t i = seg_off; keep && i > 0;) {
			size_t e = i - 1, b = e;
			while (b > 0 && q[b - 1] != '.')
				b--;
			/* The next part may sit on the same line: a key can hold a dot. */
			while (up != SIZE_MAX && !line_holds(f, up, q + b, e - b))
				up = parent[up];
			keep = up != SIZE_MAX;
			i = b;
		}
		if (!keep)
			continue;
		size_t end = row + 1, ind;
		while (end < f->n_lines &&
		       ((ind = indent_of(f, end, &skip)) > col || skip || (ind == col && seq_item(f, end, ind))))
			end++;
		XGROW(v, cap, n + 1);
		v[n++] = (struct byte_range){f->line_start[row], f->line_start[end]};
		for (up = parent[row]; up != SIZE_MAX; up = parent[up]) {
			XGROW(v, cap, n + 1);
			v[n++] = (struct byte_range){f->line_start[up], f->line_start[up + 1]};
		}
	}
	if (n)
		qsort(v, n, sizeof *v, byte_range_cmp);
	for (size_t i = 0; i < n; i++)
		ranges_add(r, f, v[i].a, v[i].b);
	free(v);
	free(stack);
	free(parent);
}

struct md_head {
	size_t row; /* 0-based */
	int level;
};

/* ATX headings found line by line, outside fenced code and front matter. False when the text
 * holds a possible setext underline ("---" or "===" under a text line), which a line scan
 * cannot tell from a thematic break reliably: the caller then parses the whole file. */
static bool md_scan(const struct file *f, struct md_head **out, size_t *n_out)
{
	struct md_head *v = NULL;
	size_t n = 0, cap = 0, row = 0;
	char fence = 0;
	size_t fence_len = 0;
	bool prev_text = false;
	const char *t;
	size_t len;
	if (f->n_lines && (len = file_line(f, 1, &t)) >= 3 && !memcmp(t, "---", 3)) {
		for (row = 1; row < f->n_lines; row++) {
			len = file_line(f, row + 1, &t);
			if (len >= 3 && (!memcmp(t, "---", 3) || !memcmp(t, "...", 3))) {
				row++;
				break;
			}
		}
	}
	for (; row < f->n_lines; row++) {
		len = file_line(f, row + 1, &t);
		size_t i = 0, j, k;
		while (i < len && t[i] == ' ')
			i++;
		for (j = i; j < len && (t[j] == ' ' || t[j] == '\t'); j++)
			;
		/* A fence at any indentation: one nested in a list item is still a fence. */
		for (k = j; k < len && (t[k] == '`' || t[k] == '~') && t[k] == t[j]; k++)
			;
		if (k - j >= 3) {
			if (!fence) {
				fence = t[j];
				fence_len = k - j;
			} else if (t[j] == fence && k - j >= fence_len) {
				fence = 0;
			}
			prev_text = false;
			continue;
		}
		if (fence)
			continue;
		bool blank = j == len || (len && t[j] == '\r' && j + 1 == len);
		if (i <= 3 && i < len && t[i] == '#') {
			for (k = i; k < len && t[k] == '#'; k++)
				;
			if (k - i <= 6 && (k == len || t[k] == ' ' || t[k] == '\t' || t[k] == '\r')) {
				XGROW(v, cap, n + 1);
				v[n++] = (struct md_head){row, (int)(k - i)};
				prev_text = false;
				continue;
			}
		}
		if (i <= 3 && i < len && (t[i] == '=' || t[i] == '-') && prev_text) {
			for (k = i; k < len && t[k] == t[i]; k++)
				;
			while (k < len && (t[k] == ' ' || t[k] == '\t' || t[k] == '\r'))
				k++;
			if (k == len) {
				free(v);
				return false;
			}
		}
		prev_text = !blank;
	}
	*out = v;
	*n_out = n;
	return true;
}

/* Fills r for the headings whose line holds an occurrence; *expect gets how many heading lines
 * the ranges cover. False when the line scan cannot be trusted (md_scan). */
static bool md_ranges(const struct file *f, const char *q, size_t seg_off, struct ranges *r, size_t *expect)
{
	struct md_head *h;
	size_t nh;
	if (!md_scan(f, &h, &nh))
		return false;
	struct byte_range *v = NULL;
	size_t n = 0, cap = 0, hi = 0;
	for (size_t k = 0; k < r->n_occ; k++) {
		size_t row = line_at(f, r->occ[k]);
		while (hi < nh && h[hi].row < row)
			hi++;
		if (hi == nh || h[hi].row != row)
			continue;
		/* Qualifiers, innermost first, each on an enclosing heading's line. */
		bool keep = true;
		size_t up = hi;
		int lvl = h[hi].level;
		for (size_t i = seg_off; keep && i > 0;) {
			size_t e = i - 1, b = e;
			while (b > 0 && q[b - 1] != '.')
				b--;
			/* The next part may sit on the same heading: a heading can hold a dot. */
			keep = up != hi && line_holds(f, h[up].row, q + b, e - b);
			while (!keep && up-- > 0) {
				if (h[up].level >= lvl)
					continue;
				lvl = h[up].level;
				keep = line_holds(f, h[up].row, q + b, e - b);
			}
			i = b;
		}
		if (!keep)
			continue;
		size_t end = hi + 1;
		while (end < nh && h[end].level > h[hi].level)
			end++;
		size_t end_row = end < nh ? h[end].row + 1 : f->n_lines; /* the ending heading included */
		XGROW(v, cap, n + 1);
		v[n++] = (struct byte_range){f->line_start[row], f->line_start[end_row]};
		int m = h[hi].level;
		for (size_t a = hi; a-- > 0 && m > 1;) {
			if (h[a].level >= m)
				continue;
			XGROW(v, cap, n + 1);
			v[n++] = (struct byte_range){f->line_start[h[a].row], f->line_start[h[a].row + 1]};
			m = h[a].level;
		}
	}
	if (n)
		qsort(v, n, sizeof *v, byte_range_cmp);
	for (size_t i = 0; i < n; i++)
		ranges_add(r, f, v[i].a, v[i].b);
	*expect = 0;
	for (size_t i = 0, ri = 0; i < nh; i++) {
		size_t b = f->line_start[h[i].row];
		while (ri < r->n && r->v[ri].end_byte <= b)
			ri++;
		*expect += ri < r->n && r->v[ri].start_byte <= b;
	}
	free(v);
	free(h);
	return true;
}

static bool def_matches(const struct defs *ds, int i, const char *q, size_t qlen)
{
	const struct def *d = &ds->v[i];
	if (d->name_len == qlen && !memcmp(d->name, q, qlen))
		return true;
	if (d->parent < 0 || qlen < d->name_len + 2)
		return false;
	size_t cut = qlen - d->name_len;
	if (q[cut - 1] != '.' || memcmp(q + cut, d->name, d->name_len))
		return false;
	return def_matches(ds, d->parent, q, cut - 1);
}

struct cand {
	long start, end, line;
	bool guessed_end;
	int def; /* index in the defs */
};

static int cand_cmp(const void *a, const void *b)
{
	const struct cand *x = a, *y = b;
	return x->line != y->line ? (x->line < y->line ? -1 : 1) : (x->start < y->start ? -1 : x->start > y->start);
}

/* The candidates for q among ds: those with a body, else the bodiless ones; one per span. */
static size_t select_candidates(const struct defs *ds, const char *q, size_t qlen, bool plaintext, struct cand **out)
{
	struct cand *v = NULL;
	size_t n = 0, cap = 0;
	for (int weak = 0; weak <= 1 && !n; weak++) {
		for (size_t i = 0; i < ds->n; i++) {
			const struct def *d = &ds->v[i];
			if (d->virtual_ || d->weak != (bool)weak || (!plaintext && !def_matches(ds, (int)i, q, qlen)))
				continue;
			struct cand c = {d->start, d->end, d->line, d->guessed_end, (int)i};
			/* Overload signatures just before the implementation are part of it. */
			for (size_t j = i; !weak && j-- > 0;) {
				const struct def *s = &ds->v[j];
				if (!s->weak || s->parent != d->parent || s->name_len != d->name_len ||
				    memcmp(s->name, d->name, d->name_len))
					break;
				if (s->start < c.start)
					c.start = s->start;
			}
			bool dup = false;
			for (size_t k = 0; k < n && !dup; k++)
				dup = v[k].start == c.start && v[k].end == c.end;
			if (dup)
				continue;
			XGROW(v, cap, n + 1);
			v[n++] = c;
		}
	}
	if (n > 1)
		qsort(v, n, sizeof *v, cand_cmp);
	*out = v;
	return n;
}

static TSTree *parse_ranges(TSParser *parser, const struct file *f, const struct ranges *r)
{
	if (!ts_parser_set_included_ranges(parser, r ? r->v : NULL, r ? (uint32_t)r->n : 0))
		return NULL;
	return ts_parser_parse_string(parser, NULL, f->data, (uint32_t)f->size);
}

/* Parses only around the occurrences in r (see the top of this file) and collects into ds.
 * True when that answer is trusted; otherwise ds is left empty. */
static bool partial_definitions(const struct lang *lang, const struct file *f, const char *q, size_t qlen,
				const char *seg, struct ranges *r, struct defs *ds)
{
	bool by_lines = false;
	size_t md_expect = 0;
	if (lang->id == L_YAML && f->size >= symbols_partial_min) {
		indent_ranges(f, q, (size_t)(seg - q), r);
		by_lines = true;
	} else if (lang->id == L_MARKDOWN && f->size >= symbols_partial_min) {
		by_lines = md_ranges(f, q, (size_t)(seg - q), r, &md_expect);
	}
	if (!(lang->chunkable || by_lines) || !r->n || (!r->windowed && r->bytes * 10 >= f->size * 6))
		return false;
	TSParser *parser = ts_parser_new();
	ts_parser_set_language(parser, lang->grammar());
	TSTree *tree = parse_ranges(parser, f, r);
	bool trusted = false;
	if (tree) {
		ts_collect(lang, tree, f->data, (long)f->n_lines, r->occ, r->n_occ, ds);
		trusted = r->windowed;
		if (lang->id == L_MARKDOWN && ds->n != md_expect) {
			trusted = false; /* the line scan and the grammar disagree on what is a heading */
		} else if (!trusted && !ts_node_has_error(ts_tree_root_node(tree))) {
			struct cand *c;
			trusted = select_candidates(ds, q, qlen, false, &c) > 0;
			free(c);
		}
		ts_tree_delete(tree);
	}
	ts_parser_delete(parser);
	if (!trusted)
		ds->n = 0;
	return trusted;
}

static void ranges_release(struct ranges *r)
{
	free(r->v);
	free(r->occ);
	*r = (struct ranges){0};
}

/* Collects the definitions that can match q. Returns false when q cannot occur in the file. */
static bool ts_definitions(const struct lang *lang, const struct file *f, const char *q, size_t qlen,
			   struct defs *ds)
{
	const char *seg = memrchr(q, '.', qlen);
	seg = seg && seg + 1 < q + qlen ? seg + 1 : q;
	size_t seg_len = (size_t)(q + qlen - seg);
	struct ranges r = {0};
	/* Headings often hold dots ("v1.2.0"), so where the path splits is open: the longest
	 * suffixes are tried before the last part. */
	for (const char *part = q; lang->id == L_MARKDOWN && part < seg;) {
		if (occurrence_ranges(f, q, part, (size_t)(q + qlen - part), false, &r) &&
		    partial_definitions(lang, f, q, qlen, part, &r, ds)) {
			ranges_release(&r);
			return true;
		}
		ranges_release(&r);
		part = (const char *)memchr(part, '.', (size_t)(seg - part)) + 1;
	}
	if (!occurrence_ranges(f, q, seg, seg_len, lang->chunkable, &r)) {
		ranges_release(&r);
		return false;
	}
	if (!partial_definitions(lang, f, q, qlen, seg, &r, ds)) {
		TSParser *parser = ts_parser_new();
		ts_parser_set_language(parser, lang->grammar());
		TSTree *tree = parse_ranges(parser, f, NULL);
		if (tree)
			ts_collect(lang, tree, f->data, (long)f->n_lines, r.occ, r.n_occ, ds);
		ts_tree_delete(tree);
		ts_parser_delete(parser);
	}
	ranges_release(&r);
	return true;
}

/* Markdown headings compared without their inline markup ("## The `show` verb" answers to
 * "The show verb"), tried only when no heading matches as written. Repoints the names of ds at
 * stripped copies held in *store (the caller frees it). */
static size_t markdown_loose(struct defs *ds, const char *q, size_t qlen, struct cand **c, char **store)
{
	size_t total = 0;
	for (size_t i = 0; i < ds->n; i++)
		total += ds->v[i].name_len;
	char *out = *store = xmalloc(total + 1);
	for (size_t i = 0; i < ds->n; i++) {
		struct def *d = &ds->v[i];
		char *start = out;
		for (size_t k = 0; k < d->name_len; k++)
			if (d->name[k] != '`' && d->name[k] != '*')
				*out++ = d->name[k];
		d->name = start;
		d->name_len = (size_t)(out - start);
	}
	return select_candidates(ds, q, qlen, false, c);
}

/* Some heading line, read without backticks and asterisks, holds q's last part (or the line
 * scan cannot tell, or the file is small enough to parse). */
static bool md_loose_possible(const struct file *f, const char *q, size_t qlen)
{
	struct md_head *h;
	size_t nh;
	if (f->size < symbols_partial_min || !md_scan(f, &h, &nh))
		return true;
	const char *seg = memrchr(q, '.', qlen);
	seg = seg && seg + 1 < q + qlen ? seg + 1 : q;
	size_t seg_len = (size_t)(q + qlen - seg);
	struct buf line = BUF_INIT;
	bool found = false;
	for (size_t i = 0; i < nh && !found; i++) {
		const char *t;
		size_t len = file_line(f, h[i].row + 1, &t);
		buf_truncate(&line, 0);
		for (size_t k = 0; k < len; k++)
			if (t[k] != '`' && t[k] != '*')
				buf_addc(&line, t[k]);
		found = memmem(line.data, line.len, seg, seg_len) != NULL;
	}
	buf_release(&line);
	free(h);
	return found;
}

/* Every definition of the file, from one full parse. */
static void ts_definitions_all(const struct lang *lang, const struct file *f, struct defs *ds)
{
	TSParser *parser = ts_parser_new();
	ts_parser_set_language(parser, lang->grammar());
	TSTree *tree = parse_ranges(parser, f, NULL);
	if (tree)
		ts_collect(lang, tree, f->data, (long)f->n_lines, NULL, 0, ds);
	ts_tree_delete(tree);
	ts_parser_delete(parser);
}

/* The shortest Outer.name that resolves to ds's definition i alone, in q; false when none does. */
static bool unique_name(const struct defs *ds, int i, struct buf *q)
{
	const struct def *d = &ds->v[i];
	buf_truncate(q, 0);
	buf_add(q, d->name, d->name_len);
	for (int p = d->parent; p >= 0; p = ds->v[p].parent) {
		struct buf up = BUF_INIT;
		buf_add(&up, ds->v[p].name, ds->v[p].name_len);
		buf_addc(&up, '.');
		buf_add(&up, q->data, q->len);
		buf_truncate(q, 0);
		buf_add(q, up.data, up.len);
		buf_release(&up);
		struct cand *c = NULL;
		size_t n = select_candidates(ds, q->data, q->len, false, &c);
		free(c);
		if (n == 1)
			return true;
	}
	return false;
}

/* Every candidate as path:line; when some are members, a target that picks each one follows
 * (Outer.name, or the line range of one that has no qualified name). */
static enum lets_err report_ambiguous(const struct file *f, const char *target_text, const struct cand *c, size_t n,
				      const struct defs *ds, struct diag *d)
{
	struct buf b = BUF_INIT, q = BUF_INIT;
	buf_addf(&b, "%s is ambiguous (%zu candidates)", target_text, n);
	for (size_t i = 0; i < n && i < MAX_LISTED; i++) {
		const char *t = "";
		size_t len = c[i].line >= 1 && (size_t)c[i].line <= f->n_lines ? file_line(f, (size_t)c[i].line, &t) : 0;
		bool lossy, cut;
		buf_addf(&b, "\n  %s:%ld\t", f->path, c[i].line);
		line_display(&b, t, len, &lossy, &cut);
	}
	if (n > MAX_LISTED)
		buf_addf(&b, "\n  (+%zu more)", n - MAX_LISTED);
	bool members = false;
	for (size_t i = 0; ds && n <= PICKS_LISTED && i < n; i++)
		members |= ds->v[c[i].def].parent >= 0;
	for (size_t i = 0; members && i < n; i++) {
		if (unique_name(ds, c[i].def, &q))
			buf_addf(&b, "\n  pick line %ld: %s#%s", c[i].line, f->path, q.data);
		else if (c[i].start == c[i].end)
			buf_addf(&b, "\n  pick line %ld: %s:%ld", c[i].line, f->path, c[i].start);
		else
			buf_addf(&b, "\n  pick line %ld: %s:%ld-%ld", c[i].line, f->path, c[i].start, c[i].end);
	}
	enum lets_err e = diag_add(d, E_AMBIGUOUS, "%s", buf_str(&b));
	buf_release(&q);
	buf_release(&b);
	return e;
}

enum lets_err symbols_resolve(struct file *f, const char *name, const char *target_text, struct span *out,
			      struct diag *d)
{
	size_t len = strlen(name);
	const struct lang *lang = lang_for_path(f->path);
	struct defs ds = DEFS_INIT;
	struct cand *c = NULL;
	char *loose = NULL;
	size_t n = 0;
	if (len && lang) {
		if (ts_definitions(lang, f, name, len, &ds))
			n = select_candidates(&ds, name, len, false, &c);
		if (!n && lang->id == L_MARKDOWN && !ds.n && md_loose_possible(f, name, len)) {
			/* The prefilter found no occurrence as written; markup may be in between. */
			free(c);
			c = NULL;
			ts_definitions_all(lang, f, &ds);
		}
		if (!n && lang->id == L_MARKDOWN) {
			free(c);
			n = markdown_loose(&ds, name, len, &c, &loose);
		}
	} else if (len) {
		plaintext_collect(f, name, len, &ds);
		n = select_candidates(&ds, name, len, true, &c);
	}
	/* A parsed node can end on a blank line (a TOML table runs to the next header); a
	 * definition ends at its last line of text. A Markdown section keeps them: it runs to the
	 * next heading by definition. */
	for (size_t i = 0; lang && lang->id != L_MARKDOWN && i < n; i++) {
		const char *t;
		while (c[i].end > c[i].start && c[i].end > c[i].line) {
			size_t tl = file_line(f, (size_t)c[i].end, &t), k = 0;
			while (k < tl && (t[k] == ' ' || t[k] == '\t'))
				k++;
			if (k < tl)
				break;
			c[i].end--;
		}
	}
	enum lets_err e = LETS_OK;
	if (n == 1) {
		out->start = c[0].start;
		out->end = c[0].end;
		out->resolver = lang ? "tree-sitter" : "heuristic (plaintext)";
		out->guessed_end = c[0].guessed_end;
	} else if (n > 1) {
		e = report_ambiguous(f, target_text, c, n, lang ? &ds : NULL, d);
	} else if (!lang && !utf8_valid(f->data, f->size)) {
		/* Not text the heuristic can read word by word: say what would work instead. */
		e = diag_add(d, E_NO_GRAMMAR, "%s is unsupported: no grammar for %s \xC2\xB7 use a :line, :a-b or @'regex' target",
			     f->path, lang_extension(f->path));
	} else {
		e = diag_add(d, E_NOT_FOUND, "#%s (try @'%s') not found in %s", name, name, target_text);
	}
	free(c);
	free(loose);
	defs_release(&ds);
	return e;
}
