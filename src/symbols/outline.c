/* symbols_outline: one whole parse and the rule tables' walk (ts_collect) with no name to look
 * for, so every definition is on the way; before it, a probe of the file's first lines of code
 * tells text the grammar cannot make sense of (see outline.h), and after it the definitions
 * error recovery made up of such text are dropped. */
#include "outline.h"

#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../buf.h"
#include "../file.h"
#include "../utf8.h"
#include "chunk.h"
#include "defs.h"
#include "lang.h"
#include "partial.h"

void sym_items_release(struct sym_items *s)
{
	for (size_t i = 0; s && i < s->n; i++)
		free(s->v[i].qname);
	if (s) {
		free(s->v);
		*s = (struct sym_items)SYM_ITEMS_INIT;
	}
}

/* A name a reference can reach: every container above it is a type (a local is not). */
static bool reachable(const struct defs *ds, int i)
{
	const struct def *d = &ds->v[i];
	if (d->virtual_ || d->weak || !d->name_len)
		return false;
	for (int p = d->parent; p >= 0; p = ds->v[p].parent)
		if (ds->v[p].kind != K_TYPE)
			return false;
	return true;
}

static void qname_of(struct buf *b, const struct defs *ds, int i)
{
	if (ds->v[i].parent >= 0) {
		qname_of(b, ds, ds->v[i].parent);
		buf_addc(b, '.');
	}
	buf_add(b, ds->v[i].name, ds->v[i].name_len);
}

/* For each definition, whether a function's span holds it (a local the rules still list, such as
 * a Go var block in a function body): ends[k] is the furthest end of the functions starting
 * before definition k (definitions come in document order, so by start line). */
static bool *locals(const struct defs *ds)
{
	bool *in = xcalloc(ds->n + 1, sizeof(bool));
	long reach = 0, reach_start = 0, pending = 0;
	for (size_t i = 0; i < ds->n; i++) {
		const struct def *d = &ds->v[i];
		if (d->start > reach_start) {
			reach = reach > pending ? reach : pending;
			reach_start = d->start;
		}
		in[i] = d->end <= reach;
		if (d->kind == K_FUNC && !d->virtual_ && d->end > pending)
			pending = d->end;
	}
	return in;
}

/* The ERROR and MISSING nodes of a tree, in document order (ts_each_error). */
struct errs {
	struct err {
		uint32_t end; /* byte */
		uint32_t row, end_row;
		bool missing;
	} * v;
	size_t n, cap;
};

static void note_error(TSNode node, void *ctx)
{
	struct errs *es = ctx;
	XGROW(es->v, es->cap, es->n + 1);
	es->v[es->n++] = (struct err){ts_node_end_byte(node), ts_node_start_point(node).row,
				      ts_node_end_point(node).row, ts_node_is_missing(node)};
}

/* How many lines of code the probe reads: enough that a file with one or two errors near its
 * top is not taken for text, few enough that text costs about what valid code of its size
 * does (error recovery costs tree-sitter 10-20 times more per byte). */
#define PROBE_LINES 4

/* The end of the probe (a line start in code, past the leading comments and PROBE_LINES lines
 * of code), or 0 when the file is too short for the probe to be a small part of it. */
static size_t probe_end(const char *data, size_t size, const struct chunk_lexis *lx, size_t *from)
{
	size_t at = *from = chunk_code_start(data, 0, size, lx);
	for (int n = 0; n < PROBE_LINES;) {
		if (at >= size)
			return 0;
		const char *nl = memchr(data + at, '\n', size - at);
		size_t e = nl ? (size_t)(nl - data) : size;
		n += !chunk_blank(data + at, e - at);
		at = nl ? e + 1 : size;
	}
	/* a cut inside a comment or a string would make its text look like code */
	struct chunk_scan sc = {0};
	while (at < size / 4 && !chunk_scan_in_code(&sc, data, size, lx, &at, 1)) {
		const char *nl = memchr(data + at, '\n', size - at);
		at = nl ? (size_t)(nl - data) + 1 : size;
	}
	chunk_scan_release(&sc);
	return at < size / 4 ? at : 0;
}

/* Whether Go source opens, past a byte-order mark, blanks and comments, with its package clause,
 * as the Go spec requires of every source file (go/parser reads nothing from one without). */
static bool go_package_first(const char *data, size_t size)
{
	size_t at = utf8_bom(data, size);
	while (at < size) {
		if (data[at] == ' ' || data[at] == '\t' || data[at] == '\r' || data[at] == '\n') {
			at++;
		} else if (at + 1 < size && data[at] == '/' && data[at + 1] == '/') {
			const char *nl = memchr(data + at, '\n', size - at);
			at = nl ? (size_t)(nl - data) : size;
		} else if (at + 1 < size && data[at] == '/' && data[at + 1] == '*') {
			const char *close = memmem(data + at + 2, size - at - 2, "*/", 2);
			at = close ? (size_t)(close - data) + 2 : size;
		} else {
			break;
		}
	}
	return size - at > 7 && !memcmp(data + at, "package", 7) && strchr(" \t\r\n/", data[at + 7]) &&
	       data[at + 7];
}

/* Whether the grammar cannot make sense of data: parsed alone, every non-blank line of the
 * probe's code but its last starts a parse error that ends before that last line (where cutting
 * the file may have left a construct open). Valid code, or code with a few errors, has lines
 * without one; text in a code file's name (a template, another language's file) has none.
 * Go without its package clause is not parsed at all. */
static bool junk(const struct lang *lang, TSParser *parser, const char *data, size_t size)
{
	if (lang->id == L_GO && !go_package_first(data, size))
		return true;
	const struct chunk_lexis *lx = lexis_of(lang);
	size_t from, end = lx && lang->chunkable ? probe_end(data, size, lx, &from) : 0;
	if (!end)
		return false;
	TSTree *tree = ts_parser_parse_string(parser, NULL, data, (uint32_t)end);
	struct errs es = {0};
	if (tree)
		ts_each_error(tree, note_error, &es);
	ts_tree_delete(tree);
	size_t last = chunk_line_start(data, end - 1), last_end = end - 1; /* its last line of code */
	while (last > from && chunk_blank(data + last, last_end - last)) {
		last_end = last - 1;
		last = chunk_line_start(data, last_end);
	}
	uint32_t row = (uint32_t)file_count_newlines(data, from);
	uint32_t last_row = row + (uint32_t)file_count_newlines(data + from, last - from);
	bool text = es.n > 0;
	size_t k = 0;
	for (size_t at = from; text && at < last; row++) {
		const char *nl = memchr(data + at, '\n', last - at);
		size_t e = nl ? (size_t)(nl - data) : last;
		if (!chunk_blank(data + at, e - at)) {
			while (k < es.n && es.v[k].row < row)
				k++;
			bool found = false;
			for (size_t j = k; j < es.n && es.v[j].row == row && !found; j++)
				found = es.v[j].end_row < last_row;
			text = found;
		}
		at = nl ? e + 1 : last;
	}
	free(es.v);
	return text;
}

static int u32_cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return (x > y) - (x < y);
}

/* Where each ERROR node of es ends, ascending (MISSING nodes are tokens the parser put in, not
 * text it gave up on); *n of them. */
static uint32_t *error_ends(const struct errs *es, size_t *n)
{
	uint32_t *ends = xcalloc(es->n + 1, sizeof(*ends));
	*n = 0;
	for (size_t k = 0; k < es->n; k++)
		if (!es->v[k].missing)
			ends[(*n)++] = es->v[k].end;
	qsort(ends, *n, sizeof(*ends), u32_cmp);
	return ends;
}

/* A definition error recovery made up: on its name's line, an ERROR ends before the name (text
 * the grammar gave up on, then words it could read as a definition). */
static bool made_up(const uint32_t *ends, size_t n, const char *data, size_t name_at)
{
	size_t line = chunk_line_start(data, name_at), lo = 0, hi = n;
	while (lo < hi) { /* the first end past the line's start */
		size_t mid = lo + (hi - lo) / 2;
		if (ends[mid] <= line)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && ends[lo] <= name_at;
}

bool symbols_outline(const char *path, const char *data, size_t size, struct sym_items *out)
{
	const struct lang *lang = lang_for_path(path);
	if (!lang || lang->format != FMT_NONE || lang->id == L_MARKDOWN || size > UINT32_MAX)
		return false;
	TSParser *parser = ts_parser_new();
	ts_parser_set_language(parser, lang->grammar());
	if (junk(lang, parser, data, size)) {
		ts_parser_delete(parser);
		return true; /* no definitions, and no time spent on error recovery */
	}
	TSTree *tree = ts_parser_parse_string(parser, NULL, data, (uint32_t)size);
	ts_parser_delete(parser);
	if (!tree)
		return false;
	struct defs ds = DEFS_INIT;
	struct errs es = {0};
	ts_collect(lang, tree, data, (long)file_count_lines(data, size), NULL, 0, &ds);
	ts_each_error(tree, note_error, &es);
	ts_tree_delete(tree);
	size_t n_ends;
	uint32_t *ends = error_ends(&es, &n_ends);
	free(es.v);
	bool *local = locals(&ds);
	for (size_t i = 0; i < ds.n; i++) {
		const struct def *d = &ds.v[i];
		/* a name copied out of the bytes (a decoded key) has no place in them to point at */
		if (local[i] || !reachable(&ds, (int)i) || d->name < data || d->name >= data + size ||
		    (!d->broken && made_up(ends, n_ends, data, (size_t)(d->name - data))))
			continue;
		struct buf q = BUF_INIT;
		qname_of(&q, &ds, (int)i);
		XGROW(out->v, out->cap, out->n + 1);
		out->v[out->n++] = (struct sym_item){buf_detach(&q), (size_t)(d->name - data),
						     d->name_len,    defs_code_kind(&ds, (int)i),
						     d->line,        d->start,
						     d->end};
	}
	free(local);
	free(ends);
	defs_release(&ds);
	return true;
}
