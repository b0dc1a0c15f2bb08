#include "parse.h"

#include <string.h>
#include <tree_sitter/api.h>

#include <stdio.h>

#include "../alloc.h"
#include "../limit.h"
#include "chunk.h"
#include "defs.h"
#include "lang.h"
#include "partial.h"
#include "shape.h"

/* A buffer parsed with a grammar; it owns a copy of the bytes it last parsed, so a change can be
 * parsed incrementally against them (parse_update). */
struct parse {
	TSParser *parser;
	TSTree *tree;
	char *data; /* owned copy of the bytes tree was parsed from */
	size_t len;
};

bool parse_has_grammar(const char *path)
{
	return lang_for_path(path) != NULL;
}

_Static_assert(LIMIT_PARSER_MAX_BYTES < UINT32_MAX, "a loaded file's offsets fit tree-sitter's 32 bits");

static TSTree *parse_bytes(TSParser *parser, const TSTree *old, const char *data, size_t len)
{
	/* tree-sitter's lengths are 32-bit; no file over LIMIT_PARSER_MAX_BYTES is loaded (opts_parse). */
	return ts_parser_parse_string(parser, old, data, (uint32_t)len);
}

static struct parse *parse_new(const char *path, const char *data, size_t len)
{
	const struct lang *lang = lang_for_path(path);
	if (!lang)
		return NULL;
	struct parse *p = xcalloc(1, sizeof *p);
	p->parser = ts_parser_new();
	ts_parser_set_language(p->parser, lang->grammar());
	p->data = xmalloc(len + 1);
	memcpy(p->data, data, len);
	p->data[len] = '\0';
	p->len = len;
	p->tree = parse_bytes(p->parser, NULL, p->data, p->len);
	return p;
}

static TSPoint point_at(const char *data, size_t byte)
{
	TSPoint pt = {0, 0};
	size_t line_start = 0;
	for (const char *s = data, *end = data + byte; (s = memchr(s, '\n', (size_t)(end - s))); s++) {
		pt.row++;
		line_start = (size_t)(s - data) + 1;
	}
	pt.column = (uint32_t)(byte - line_start);
	return pt;
}

/* The changed region as the longest common prefix and then suffix of a and b. */
static void common_ends(const char *a, size_t a_len, const char *b, size_t b_len, size_t *pre, size_t *suf)
{
	size_t p = 0, s = 0, min = a_len < b_len ? a_len : b_len;
	while (p < min && a[p] == b[p])
		p++;
	while (s < min - p && a[a_len - 1 - s] == b[b_len - 1 - s])
		s++;
	*pre = p;
	*suf = s;
}

/* Re-parses after the bytes became data[0..len): the changed region, found as the longest common
 * prefix and suffix with the bytes parsed before, is one ts_tree_edit and the old tree is reused
 * outside it. */
static void parse_update(struct parse *p, const char *data, size_t len)
{
	size_t pre, suf;
	common_ends(p->data, p->len, data, len, &pre, &suf);
	if (pre == len && len == p->len)
		return; /* same bytes: the tree stands */
	TSInputEdit e = {
		.start_byte = (uint32_t)pre,
		.old_end_byte = (uint32_t)(p->len - suf),
		.new_end_byte = (uint32_t)(len - suf),
		.start_point = point_at(p->data, pre),
		.old_end_point = point_at(p->data, p->len - suf),
		.new_end_point = point_at(data, len - suf),
	};
	ts_tree_edit(p->tree, &e);
	char *copy = xmalloc(len + 1);
	memcpy(copy, data, len);
	copy[len] = '\0';
	TSTree *tree = parse_bytes(p->parser, p->tree, copy, len);
	ts_tree_delete(p->tree);
	free(p->data);
	p->tree = tree;
	p->data = copy;
	p->len = len;
}

void ts_each_error(const TSTree *tree, void (*visit)(TSNode node, void *ctx), void *ctx)
{
	TSNode root = ts_tree_root_node(tree);
	if (!ts_node_has_error(root))
		return;
	TSTreeCursor c = ts_tree_cursor_new(root);
	for (;;) {
		TSNode node = ts_tree_cursor_current_node(&c);
		if (ts_node_is_error(node) || ts_node_is_missing(node))
			visit(node, ctx);
		if (ts_node_has_error(node) && ts_tree_cursor_goto_first_child(&c))
			continue;
		while (!ts_tree_cursor_goto_next_sibling(&c))
			if (!ts_tree_cursor_goto_parent(&c))
				goto done;
	}
done:
	ts_tree_cursor_delete(&c);
}

struct error_lines {
	long *lines;
	size_t cap;
	int n;
};

static void note_error_line(TSNode node, void *ctx)
{
	struct error_lines *el = ctx;
	if ((size_t)el->n < el->cap)
		el->lines[el->n] = (long)ts_node_start_point(node).row + 1;
	el->n++;
}

/* How many errors tree holds, with the 1-based lines of the first cap of them into lines. */
static int count_errors(const TSTree *tree, long *lines, size_t cap)
{
	struct error_lines el = {lines, cap, 0};
	ts_each_error(tree, note_error_line, &el);
	return el.n;
}

static void parse_free(struct parse *p)
{
	if (!p)
		return;
	ts_tree_delete(p->tree);
	ts_parser_delete(p->parser);
	free(p->data);
	free(p);
}

/* The number of newlines in data[a..b). */
static long newlines(const char *data, size_t a, size_t b)
{
	long n = 0;
	for (const char *s = data + a, *end = data + b; (s = memchr(s, '\n', (size_t)(end - s))); s++)
		n++;
	return n;
}

/* The line edit marks, from lines[0..n) of the tree parsed from after[start..]: the first error
 * inside the changed lines [pre, changed_end) of after, else the first error; 0 when there is
 * none. The lines are counted only then, so a clean check never scans the file for them. */
static long pick_line(const char *after, size_t start, size_t pre, size_t changed_end, const long *lines,
		      int n, size_t cap)
{
	if (!n)
		return 0;
	long base = newlines(after, 0, start);
	long lo = base + newlines(after, start, pre) + 1, hi = lo + newlines(after, pre, changed_end);
	for (int i = 0; i < n && (size_t)i < cap; i++)
		if (base + lines[i] >= lo && base + lines[i] <= hi)
			return base + lines[i];
	return base + lines[0];
}

#define LINES_CAP 64

/* The lines from the first changed byte to the last as one hunk: the common prefix cut back to a
 * line start, the common suffix cut forward to one (on both sides, as its bytes are the same). */
static void hull_of(const char *b, size_t blen, const char *a, size_t alen, struct line_hunk *h)
{
	size_t pre, suf;
	common_ends(b, blen, a, alen, &pre, &suf);
	size_t p = chunk_line_start(b, pre), sb = blen - suf, sa = alen - suf;
	if ((sb && b[sb - 1] != '\n') || (sa && a[sa - 1] != '\n')) {
		const char *nl = memchr(b + sb, '\n', blen - sb);
		size_t skip = nl ? (size_t)(nl - b - sb) + 1 : blen - sb;
		sb += skip;
		sa += skip;
	}
	h->b1 = h->a1 = newlines(b, 0, p) + 1;
	h->b2 = h->b1 + newlines(b, p, sb) + (sb > p && b[sb - 1] != '\n');
	h->a2 = h->a1 + newlines(a, p, sa) + (sa > p && a[sa - 1] != '\n');
}

/* The request of one check: both versions, the hunks, whether to run the shape proof. */
struct check_req {
	const char *path, *before, *after;
	size_t blen, alen;
	const struct line_hunk *h;
	size_t nh;
	bool shape;
	size_t pre, suf; /* the common prefix and suffix of before and after */
};

/* Whether side (a region of before, or of after: `after`, starting where b starts) keeps the
 * compile rules of lang (shape.h); false with *line and why filled. Languages without rules
 * always do. */
static bool side_compiles(const struct lang *lang, const struct check_req *q, const struct shape_side *side,
			  size_t start, bool after, long *line, char *why, size_t why_size)
{
	if (lang->id == L_PYTHON)
		return shape_python_compiles(side, line, why, why_size);
	if (lang->id != L_JAVASCRIPT && lang->id != L_TYPESCRIPT && lang->id != L_TSX)
		return true;
	const char *data = after ? q->after : q->before;
	size_t len = after ? q->alen : q->blen;
	struct js_file f = {data, len, start, side->len, shape_js_module(q->path, data, len)};
	return shape_js_compiles(side, &f, line, why, why_size);
}

/* The compile rules on both sides: a verdict when the after side breaks one and the before side
 * broke none (a file that did not compile is not blamed on the edit). */
static bool compiles(const struct lang *lang, const struct check_req *q, const struct shape_side *b,
		     const struct shape_side *a, struct shape_verdict *v)
{
	long line = 0, line_b = 0;
	char why[64], why_b[64];
	size_t start = (size_t)(b->data - q->before);
	if (side_compiles(lang, q, a, start, true, &line, why, sizeof why) ||
	    !side_compiles(lang, q, b, start, false, &line_b, why_b, sizeof why_b))
		return false;
	v->kind = SHAPE_COMPILE;
	v->line = line;
	snprintf(v->what, sizeof v->what, "line %ld: %s (%s would not compile it)", line, why,
		 lang->id == L_PYTHON       ? "Python"
		 : lang->id == L_JAVASCRIPT ? "JavaScript"
					    : "TypeScript");
	/* the region puts the note on the first changed line that holds text */
	size_t text = q->pre;
	while (text < q->alen && (q->after[text] == ' ' || q->after[text] == '\t' || q->after[text] == '\n'))
		text++;
	if (line == newlines(q->after, 0, text) + 1)
		snprintf(v->note, sizeof v->note, "\xE2\x86\x90 %s", why);
	else
		snprintf(v->note, sizeof v->note, "\xE2\x86\x90 line %ld: %s", line, why);
	return true;
}

/* The shape proof on the trees of the check, b and a (the same region of the file before and
 * after the edit, both clean). The compile rules first: they decide alone. */
static void judge(const struct lang *lang, const struct check_req *q, const struct shape_side *b,
		  const struct shape_side *a, struct syntax_delta *out)
{
	if (lang->format != FMT_NONE || compiles(lang, q, b, a, &out->shape))
		return; /* markup and data: their own checks decide */
	struct line_hunk hull;
	if (q->h && shape_compare(lang, b, a, q->h, q->nh, &out->shape))
		return;
	hull_of(q->before, q->blen, q->after, q->alen, &hull);
	shape_compare(lang, b, a, &hull, 1, &out->shape);
}

/* The shape proof on p's tree (after) and old (before's tree, of before[start..end_b)), when
 * neither holds an error; frees old. */
static void shape_after(const struct lang *lang, const struct check_req *q, struct parse *p, TSTree *old,
			size_t start, size_t end_b, struct syntax_delta *out)
{
	if (!old)
		return;
	/* a file that parsed with errors before is judged around them (shape.h), unless it gained one */
	if (out->after <= out->before) {
		long row0 = newlines(q->before, 0, start);
		struct shape_side sb = {old, q->before + start, end_b - start, row0};
		struct shape_side sa = {p->tree, p->data, p->len, row0};
		judge(lang, q, &sb, &sa, out);
	}
	ts_tree_delete(old);
}

/* JavaScript and TypeScript: whether the edit declares a new top-level name that the file outside
 * the parsed region also names (shape_js_new_top_name): then the whole file is judged. */
static bool new_top_name(const struct lang *lang, const struct check_req *q, const TSTree *old,
			 const struct parse *p, size_t start, size_t end_b)
{
	if (lang->id != L_JAVASCRIPT && lang->id != L_TYPESCRIPT && lang->id != L_TSX)
		return false;
	long row0 = newlines(q->before, 0, start);
	struct shape_side sb = {old, q->before + start, end_b - start, row0};
	struct shape_side sa = {p->tree, p->data, p->len, row0};
	struct js_file f = {q->after, q->alen, start, p->len, false};
	return shape_js_new_top_name(&sb, &sa, &f);
}

/* The items around the change alone, then incrementally their new bytes: the second parse
 * reuses the first tree outside the change. False (out untouched) when the region is most of
 * the file or does not parse cleanly before the change. */
static bool check_region(const struct lang *lang, const struct check_req *q, struct syntax_delta *out)
{
	/* Both cuts are made in text the change did not touch, so they enclose the same code: the
	 * start from the item above the first changed line, the end from the line after the last
	 * changed one. A column-0 comment is a cut only where the code after it starts an item: a
	 * Python "##" line inside a class ended the region there, and the methods below it, which
	 * a dedented method above took into its body, went unjudged. */
	const struct chunk_lexis *lx = lexis_of(lang);
	size_t first = chunk_line_start(q->before, q->pre);
	size_t start = first ? chunk_item_start_lx(q->before, q->blen, first - 1, lx) : 0;
	const char *nl_b = memchr(q->before + q->blen - q->suf, '\n', q->suf);
	const char *nl_a = memchr(q->after + q->alen - q->suf, '\n', q->suf);
	size_t end_b =
		nl_b ? chunk_item_end_lx(q->before, q->blen, (size_t)(nl_b - q->before) + 1, lx) : q->blen;
	size_t end_a =
		nl_a ? chunk_item_end_lx(q->after, q->alen, (size_t)(nl_a - q->after) + 1, lx) : q->alen;
	/* No size floor: a whole parse runs at ~5 MB/s, so even a 12 KB file would cost edit more
	 * than all its other work; a region that is most of the file is parsed whole anyway. */
	if ((end_b - start) * 2 >= q->blen)
		return false;
	struct parse *p = parse_new(q->path, q->before + start, end_b - start);
	if (count_errors(p->tree, NULL, 0)) {
		parse_free(p);
		return false;
	}
	/* a region the compile rules refuse before the edit was cut where no item starts (a comment
	 * at column 0 inside a Python function): the whole file decides */
	long line;
	char why[64];
	struct shape_side sb = {p->tree, q->before + start, end_b - start, newlines(q->before, 0, start)};
	if (q->shape && !side_compiles(lang, q, &sb, start, false, &line, why, sizeof why)) {
		parse_free(p);
		return false;
	}
	long lines[LINES_CAP];
	TSTree *old = q->shape ? ts_tree_copy(p->tree) : NULL;
	parse_update(p, q->after + start, end_a - start);
	out->after = count_errors(p->tree, lines, LINES_CAP);
	out->first_line = pick_line(q->after, start, q->pre, q->alen - q->suf, lines, out->after, LINES_CAP);
	out->partial = true;
	if (old && out->after <= out->before && new_top_name(lang, q, old, p, start, end_b)) {
		ts_tree_delete(old);
		parse_free(p);
		*out = (struct syntax_delta){0};
		return false;
	}
	shape_after(lang, q, p, old, start, end_b, out);
	parse_free(p);
	return true;
}

static bool check_change(struct check_req *q, struct syntax_delta *out)
{
	const struct lang *lang = lang_for_path(q->path);
	if (!lang)
		return false;
	common_ends(q->before, q->blen, q->after, q->alen, &q->pre, &q->suf);
	*out = (struct syntax_delta){0};
	if (lang->chunkable && check_region(lang, q, out))
		return true;
	long lines[LINES_CAP];
	struct parse *p = parse_new(q->path, q->before, q->blen);
	out->before = count_errors(p->tree, NULL, 0);
	TSTree *old = q->shape ? ts_tree_copy(p->tree) : NULL;
	parse_update(p, q->after, q->alen);
	out->after = count_errors(p->tree, lines, LINES_CAP);
	out->first_line = pick_line(q->after, 0, q->pre, q->alen - q->suf, lines, out->after, LINES_CAP);
	shape_after(lang, q, p, old, 0, q->blen, out);
	parse_free(p);
	return true;
}

bool syntax_check_change(const char *path, const char *before, size_t before_len, const char *after,
			 size_t after_len, struct syntax_delta *out)
{
	struct check_req q = {
		.path = path, .before = before, .after = after, .blen = before_len, .alen = after_len};
	return check_change(&q, out);
}

bool syntax_check_edit(const char *path, const char *before, size_t before_len, const char *after,
		       size_t after_len, const struct line_hunk *h, size_t n, struct syntax_delta *out)
{
	struct check_req q = {.path = path,
			      .before = before,
			      .after = after,
			      .blen = before_len,
			      .alen = after_len,
			      .h = h,
			      .nh = n,
			      .shape = true};
	return check_change(&q, out);
}
