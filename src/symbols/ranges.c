#include "ranges.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../file.h"
#include "chunk.h"

#define CHUNK_MAX (256 * 1024)
#define WINDOW (4 * 1024)
#define MAX_WINDOWS 16

static bool word_byte(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
	       c >= 0x80;
}

struct byte_range {
	size_t a, b;
};

static int byte_range_cmp(const void *x, const void *y)
{
	const struct byte_range *p = x, *q = y;
	return p->a < q->a ? -1 : p->a > q->a;
}

static TSPoint point_at(const struct file *f, size_t b)
{
	size_t row = file_row_at(f, b);
	return (TSPoint){(uint32_t)row, (uint32_t)(b - file_line_offset(f, row + 1))};
}

void ranges_add(struct ranges *r, const struct file *f, size_t a, size_t b)
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

/* The part occurs in the header of a namespace of r around byte a. */
static bool in_namespace_header(const struct file *f, const struct ranges *r, size_t a, const char *part,
				size_t plen)
{
	for (size_t k = 0; k < r->n_ns; k++)
		if (r->ns[k].open < a && a < r->ns[k].close &&
		    memmem(f->data + r->ns[k].line, r->ns[k].open - r->ns[k].line, part, plen))
			return true;
	return false;
}

/* Every dotted part of q before its last one occurs in data[a..b), or names a namespace around it. */
static bool holds_qualifiers(const struct file *f, const struct ranges *r, size_t a, size_t b, const char *q,
			     size_t seg_off)
{
	for (size_t i = 0; i < seg_off;) {
		const char *dot = memchr(q + i, '.', seg_off - i);
		size_t plen = (size_t)((dot ? dot : q + seg_off) - (q + i));
		if (plen && !memmem(f->data + a, b - a, q + i, plen) &&
		    !in_namespace_header(f, r, a, q + i, plen))
			return false;
		i += plen + 1;
	}
	return true;
}

/* The occurrence at byte at lies in a comment that starts its line ("// Parse the header"): no
 * definition is named there, in any grammar whose lexis has that comment. "#" counts only where it
 * is a comment (Python), never C's preprocessor lines, which define macros. */
static bool on_comment_line(const struct file *f, const struct chunk_lexis *lx, size_t at)
{
	const char *d = f->data;
	size_t p = chunk_line_start(d, at);
	while (p < at && (d[p] == ' ' || d[p] == '\t'))
		p++;
	if (lx->hash_comments && p < at && d[p] == '#')
		return true;
	if (!lx->slash_comments || p + 2 > at || d[p] != '/')
		return false;
	return d[p + 1] == '/' || (d[p + 1] == '*' && !memmem(d + p + 2, at - p - 2, "*/", 2));
}

/* Records in r->occ where seg occurs (as a whole word in code) and, when chunk is set, adds the
 * top-level items holding them as included ranges, in document order. Returns false when seg
 * does not occur at all. */
bool ranges_occurrences(const struct file *f, const char *q, const char *seg, size_t len, bool chunk,
			struct ranges *r)
{
	size_t windows = 0;
	bool found = false;
	bool check_left = word_byte((unsigned char)seg[0]),
	     check_right = word_byte((unsigned char)seg[len - 1]);
	const char *data = f->data, *end = f->data + f->size;
	size_t covered_to = 0; /* items already added end here */
	for (const char *p = data; (size_t)(end - p) >= len;) {
		const char *hit = memmem(p, (size_t)(end - p), seg, len);
		if (!hit)
			break;
		p = hit + 1;
		size_t at = (size_t)(hit - data);
		if (chunk &&
		    ((check_left && at && word_byte((unsigned char)data[at - 1])) ||
		     (check_right && at + len < f->size && word_byte((unsigned char)data[at + len])) ||
		     (r->lx && on_comment_line(f, r->lx, at))))
			continue;
		found = true;
		XGROW(r->occ, r->cap_occ, r->n_occ + 1);
		r->occ[r->n_occ++] = at;
		if (!chunk || at < covered_to)
			continue;
		size_t a = chunk_item_start_lx(data, f->size, at, r->lx),
		       b = chunk_item_end_lx(data, f->size, at, r->lx);
		if (b - a > CHUNK_MAX) {
			if (windows++ == MAX_WINDOWS)
				break;
			a = at > a + WINDOW ? at - WINDOW : a;
			b = at + len + WINDOW < b ? at + len + WINDOW : b;
			r->windowed = true;
		}
		covered_to = b;
		if (seg > q && !holds_qualifiers(f, r, a, b, q, (size_t)(seg - q)))
			continue;
		if (!r->n && r->prelude && a > r->prelude)
			ranges_add(r, f, 0, r->prelude);
		ranges_add(r, f, a, b);
	}
	return found;
}

void ranges_lines(const struct file *f, const long *lines, size_t n, bool chunk, struct ranges *r)
{
	size_t covered_to = 0;
	for (size_t i = 0; i < n; i++) {
		if (lines[i] < 1 || (size_t)lines[i] > f->n_lines)
			continue;
		size_t at = file_line_offset(f, (size_t)lines[i]),
		       end = file_line_offset(f, (size_t)lines[i] + 1);
		while (at + 1 < end && (f->data[at] == ' ' || f->data[at] == '\t'))
			at++;
		/* and its last byte of text: a definition can start past the first ("export const x
		 * = [": the declarator inside), and the walk reaches it only through a node holding one */
		size_t last = end;
		while (last > at + 1 && (f->data[last - 1] == ' ' || f->data[last - 1] == '\t' ||
					 f->data[last - 1] == '\r' || f->data[last - 1] == '\n'))
			last--;
		XGROW(r->occ, r->cap_occ, r->n_occ + 2);
		r->occ[r->n_occ++] = at;
		if (last - 1 > at)
			r->occ[r->n_occ++] = last - 1;
		if (!chunk || at < covered_to)
			continue;
		size_t a = chunk_item_start_lx(f->data, f->size, at, r->lx),
		       b = chunk_item_end_lx(f->data, f->size, at, r->lx);
		if (!r->n && r->prelude && a > r->prelude)
			ranges_add(r, f, 0, r->prelude);
		ranges_add(r, f, a, b);
		covered_to = b;
	}
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

/* The column where row's key starts: past the indentation and any "- " sequence markers. The
 * block under an occurrence is cut at this column, not at the occurrence's own (which, in a key
 * holding a dot, lies past it). */
static size_t key_column(const struct file *f, size_t row)
{
	const char *t;
	size_t len = file_line(f, row + 1, &t), i = 0;
	for (;;) {
		while (i < len && t[i] == ' ')
			i++;
		if (i < len && t[i] == '-' && (i + 1 == len || t[i + 1] == ' '))
			i++;
		else
			return i;
	}
}

/* A line of an enclosing key holds this dotted part of q (its qualifiers are checked before a
 * block is kept, as for code items). */
static bool line_holds(const struct file *f, size_t row, const char *part, size_t len)
{
	const char *t;
	size_t tl = file_line(f, row + 1, &t);
	return memmem(t, tl, part, len) != NULL;
}

void ranges_yaml(const struct file *f, const char *q, size_t seg_off, struct ranges *r)
{
	/* parent[row]: the nearest line above indented less (SIZE_MAX: none), one pass with a stack. */
	size_t *parent = xmalloc((f->n_lines + 1) * sizeof *parent),
	       *stack = xmalloc((f->n_lines + 1) * sizeof *stack);
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
		size_t row = file_row_at(f, r->occ[k]), col = key_column(f, row);
		/* Qualifiers, outermost last, each on the line itself (a key can hold a dot) or on some
		 * enclosing line. */
		bool keep = true;
		size_t up = row;
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
		while (end < f->n_lines && ((ind = indent_of(f, end, &skip)) > col || skip ||
					    (ind == col && seq_item(f, end, ind))))
			end++;
		XGROW(v, cap, n + 1);
		v[n++] = (struct byte_range){file_line_offset(f, row + 1), file_line_offset(f, end + 1)};
		for (up = parent[row]; up != SIZE_MAX; up = parent[up]) {
			XGROW(v, cap, n + 1);
			v[n++] =
				(struct byte_range){file_line_offset(f, up + 1), file_line_offset(f, up + 2)};
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

/* ATX headings found line by line, outside fenced code and front matter. False when the text
 * holds a possible setext underline ("---" or "===" under a text line), which a line scan
 * cannot tell from a thematic break reliably: the caller then parses the whole file. */
bool ranges_md_scan(const struct file *f, struct md_head **out, size_t *n_out)
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
bool ranges_md(const struct file *f, const char *q, size_t seg_off, struct ranges *r, size_t *expect)
{
	struct md_head *h;
	size_t nh;
	if (!ranges_md_scan(f, &h, &nh))
		return false;
	struct byte_range *v = NULL;
	size_t n = 0, cap = 0, hi = 0;
	for (size_t k = 0; k < r->n_occ; k++) {
		size_t row = file_row_at(f, r->occ[k]);
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
		v[n++] = (struct byte_range){file_line_offset(f, row + 1), file_line_offset(f, end_row + 1)};
		int m = h[hi].level;
		for (size_t a = hi; a-- > 0 && m > 1;) {
			if (h[a].level >= m)
				continue;
			XGROW(v, cap, n + 1);
			v[n++] = (struct byte_range){file_line_offset(f, h[a].row + 1),
						     file_line_offset(f, h[a].row + 2)};
			m = h[a].level;
		}
	}
	if (n)
		qsort(v, n, sizeof *v, byte_range_cmp);
	for (size_t i = 0; i < n; i++)
		ranges_add(r, f, v[i].a, v[i].b);
	*expect = 0;
	for (size_t i = 0, ri = 0; i < nh; i++) {
		size_t b = file_line_offset(f, h[i].row + 1);
		while (ri < r->n && r->v[ri].end_byte <= b)
			ri++;
		*expect += ri < r->n && r->v[ri].start_byte <= b;
	}
	free(v);
	free(h);
	return true;
}

/* ranges_namespaces' failure: none kept, and the file is to be parsed whole. */
static bool namespaces_unmatched(struct ranges *r)
{
	free(r->ns);
	r->ns = NULL;
	r->n_ns = 0;
	r->ns_unmatched = true;
	return false;
}

bool ranges_namespaces(const struct file *f, const struct chunk_lexis *lx, struct ranges *r)
{
	static const char kw[] = "namespace";
	const size_t kl = sizeof kw - 1;
	const char *d = f->data, *end = d + f->size;
	size_t cap = 0;
	for (const char *p = d; (p = memmem(p, (size_t)(end - p), kw, kl)); p += kl) {
		if ((p > d && p[-1] != '\n') || (p + kl < end && word_byte((unsigned char)p[kl])))
			continue;
		const char *e = p + kl;
		while (e < end && *e != '{' && *e != ';' && e - p < 512)
			e++;
		if (e == end || *e != '{') {
			if (e < end && *e == ';')
				continue; /* an alias ("namespace fs = std::filesystem;") */
			return namespaces_unmatched(r);
		}
		XGROW(r->ns, cap, r->n_ns + 1);
		r->ns[r->n_ns++] = (struct ranges_ns){(size_t)(p - d), (size_t)(e - d), f->size};
	}
	if (!r->n_ns)
		return true;
	size_t *at = xmalloc(r->n_ns * sizeof *at), *opens = xmalloc(r->n_ns * sizeof *opens),
	       *closes = xmalloc(r->n_ns * sizeof *closes);
	for (size_t k = 0; k < r->n_ns; k++)
		at[k] = r->ns[k].line, opens[k] = r->ns[k].open;
	/* a header inside a comment or string is no namespace; and the braces from the first one on
	 * must match */
	bool ok = chunk_in_code(d, f->size, lx, at, r->n_ns) &&
		  chunk_match_braces(d, f->size, lx, opens, r->n_ns, closes);
	for (size_t k = 0; ok && k < r->n_ns; k++)
		r->ns[k].close = closes[k];
	free(at);
	free(opens);
	free(closes);
	return ok || namespaces_unmatched(r);
}

void ranges_wrap_namespaces(struct ranges *r, const struct file *f)
{
	if (!r->n_ns || !r->n)
		return;
	size_t n = 0, cap = r->n + 2 * r->n_ns;
	struct byte_range *v = xmalloc(cap * sizeof *v);
	for (size_t j = 0; j < r->n; j++)
		v[n++] = (struct byte_range){r->v[j].start_byte, r->v[j].end_byte};
	for (size_t k = 0; k < r->n_ns; k++) {
		const struct ranges_ns *ns = &r->ns[k];
		bool around = false;
		for (size_t j = 0; !around && j < r->n; j++)
			around = ns->open < r->v[j].start_byte && r->v[j].start_byte < ns->close;
		if (!around)
			continue;
		v[n++] = (struct byte_range){ns->line, ns->open + 1};
		v[n++] = (struct byte_range){ns->close, ns->close + 1};
	}
	qsort(v, n, sizeof *v, byte_range_cmp);
	r->n = 0;
	r->bytes = 0;
	for (size_t j = 0; j < n; j++)
		ranges_add(r, f, v[j].a, v[j].b);
	free(v);
}

/* Less than this is parsed as it is: a range more costs about what leaving it out saves. */
#define ELIDE_MIN 32
/* Lines a run search may look at, per line of the item. */
#define RUN_BUDGET 16

bool ranges_occ_in(const size_t *occ, size_t n, size_t a, size_t b)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (occ[mid] < a)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && occ[lo] < b;
}

/* The block (open, close) can go, its braces kept: no occurrence inside it, and no line shared
 * with what is around it, so no definition inside starts or ends on a line asked about. */
static bool elidable(const struct file *f, const struct ranges *r, const struct chunk_block *b)
{
	const char *d = f->data;
	if (b->close - b->open < ELIDE_MIN)
		return false;
	const char *nl = memchr(d + b->open, '\n', b->close - b->open);
	if (!nl || !chunk_blank(d + b->open + 1, (size_t)(nl - d) - b->open - 1))
		return false;
	size_t close_line = chunk_line_start(d, b->close);
	return chunk_blank(d + close_line, b->close - close_line) &&
	       !ranges_occ_in(r->occ, r->n_occ, b->open + 1, b->close);
}

/* Where the line's text starts, past its indentation. */
static size_t text_start(const char *d, const struct chunk_line *l)
{
	size_t p = l->start;
	while (p < l->end && (d[p] == ' ' || d[p] == '\t'))
		p++;
	return p;
}

/* The line starts with one of the words that continue the statement before it. */
static bool continues(const char *d, const struct chunk_line *l)
{
	static const char *const words[] = {"else", "catch", "finally", "while"};
	size_t p = text_start(d, l);
	for (size_t k = 0; k < sizeof words / sizeof *words; k++) {
		size_t n = strlen(words[k]);
		if (l->end - p >= n && !memcmp(d + p, words[k], n) &&
		    (l->end - p == n || !(isalnum((unsigned char)d[p + n]) || d[p + n] == '_')))
			return true;
	}
	return false;
}

/* A preprocessor line (or a Rust attribute): kept, as what it applies to is not known. */
static bool directive(const char *d, const struct chunk_line *l)
{
	size_t p = text_start(d, l);
	return p < l->end && d[p] == '#' && !l->starts_in_literal;
}

/* The end of the run of whole statements (sep ';') or list elements (sep ',') that can go from
 * line i on, or SIZE_MAX. Line i follows sep or the bracket it lies in, which for statements is
 * a '{' and for elements holds a list (chunk_line.in_list: in a body, a ',' ending a line may
 * end a where clause instead); the lines from it through the end hold no occurrence nor
 * directive, close no bracket opened before them, and end at a sep that ends its line with the
 * brackets as at line i; after statements, the next code does not continue the last one (an
 * else, a catch). What is left parses as the same statements or elements around each
 * occurrence, each removed one having been whole. Each line looked at costs one of *budget:
 * brackets nested line after line would make every start scan to their closers. */
static size_t run_end(const struct ranges *r, const char *d, const struct chunk_shape *s, size_t i,
		      char before, char sep, size_t *budget)
{
	const struct chunk_line *l = s->lines;
	size_t depth = l[i].depth, end = SIZE_MAX;
	if (!depth || l[i].starts_in_literal || (before != sep && before != l[i].inner) ||
	    (sep == ';' && (l[i].inner != '{' || continues(d, &l[i]))) || (sep == ',' && !l[i].in_list))
		return SIZE_MAX;
	for (size_t j = i; j < s->n_lines && l[j].low >= depth && !directive(d, &l[j]); j++) {
		if (!*budget)
			return SIZE_MAX;
		--*budget;
		if (ranges_occ_in(r->occ, r->n_occ, l[j].start, l[j].end + 1))
			break;
		if (l[j].last != sep || l[j].ends_in_literal || j + 1 >= s->n_lines ||
		    l[j + 1].depth != depth)
			continue;
		size_t next = j + 1;
		while (next < s->n_lines && !l[next].last)
			next++;
		if (sep == ',' || next == s->n_lines || !continues(d, &l[next]))
			end = j;
	}
	return end;
}

/* Adds data[a..b) of one item to r, less what can go: the inside of each brace block holding
 * no occurrence, and in a language of braces and ';' the runs of whole statements and of whole
 * list elements without one. */
static void add_elided(struct ranges *r, const struct file *f, const struct chunk_lexis *lx, size_t a,
		       size_t b)
{
	const char *d = f->data;
	struct chunk_shape s;
	struct byte_range *drop = NULL;
	size_t n = 0, cap = 0;
	if (a < b && chunk_shape(d, a, b, lx, &s)) {
		for (size_t j = 0; j < s.n_blocks; j++)
			if (elidable(f, r, &s.blocks[j])) {
				XGROW(drop, cap, n + 1);
				drop[n++] = (struct byte_range){s.blocks[j].open + 1, s.blocks[j].close};
			}
		char before = 0; /* the last byte of code before line i */
		/* ordinary code looks at each line a few times; left over, the rest is parsed as it is */
		size_t budget = RUN_BUDGET * s.n_lines;
		for (size_t i = 0; lx->slash_comments && budget && i < s.n_lines; i++) {
			size_t end = run_end(r, d, &s, i, before, ';', &budget);
			if (end == SIZE_MAX)
				end = run_end(r, d, &s, i, before, ',', &budget);
			if (end != SIZE_MAX && s.lines[end].end + 1 - s.lines[i].start >= ELIDE_MIN) {
				XGROW(drop, cap, n + 1);
				drop[n++] = (struct byte_range){s.lines[i].start, s.lines[end].end + 1};
				i = end;
			}
			if (s.lines[i].last)
				before = s.lines[i].ends_in_literal ? 0 : s.lines[i].last;
		}
		chunk_shape_release(&s);
	}
	if (n)
		qsort(drop, n, sizeof *drop, byte_range_cmp);
	size_t from = a;
	for (size_t j = 0; j < n; j++) {
		if (drop[j].b <= from)
			continue;
		if (drop[j].a > from)
			ranges_add(r, f, from, drop[j].a);
		from = drop[j].b > from ? drop[j].b : from;
	}
	if (from < b)
		ranges_add(r, f, from, b);
	free(drop);
}

static bool in_namespace(const struct ranges *r, size_t at)
{
	for (size_t k = 0; k < r->n_ns; k++)
		if (r->ns[k].open < at && at < r->ns[k].close)
			return true;
	return false;
}

void ranges_elide(struct ranges *r, const struct file *f, const struct chunk_lexis *lx)
{
	if (!r->n || r->windowed || r->prelude)
		return;
	const char *d = f->data;
	TSRange *items = r->v;
	size_t n = r->n, cap = r->cap, bytes = r->bytes;
	r->v = NULL;
	r->n = r->cap = r->bytes = 0;
	for (size_t k = 0; k < n; k++) {
		size_t end = items[k].end_byte;
		for (size_t a = items[k].start_byte, b; a < end; a = b) {
			b = chunk_item_end_lx(d, f->size, a, lx);
			b = b < end ? b : end;
			size_t code = in_namespace(r, a) ? a : chunk_code_start(d, a, b, lx);
			/* comments over an indented line may be inside a body the cut missed */
			if (code < b && (d[code] == ' ' || d[code] == '\t'))
				code = a;
			/* occurring in those comments alone, it has nothing to parse */
			if (code == a || ranges_occ_in(r->occ, r->n_occ, code, b))
				add_elided(r, f, lx, code, b);
		}
	}
	if (r->n) {
		free(items);
		return;
	}
	/* comment lines alone: an empty set of ranges would parse the whole file */
	free(r->v);
	r->v = items;
	r->n = n;
	r->cap = cap;
	r->bytes = bytes;
}

void ranges_release(struct ranges *r)
{
	free(r->v);
	free(r->occ);
	free(r->ns);
	*r = (struct ranges){0};
}
