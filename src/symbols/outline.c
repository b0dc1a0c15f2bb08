/* symbols_outline: one whole parse and the rule tables' walk (ts_collect) with no name to look
 * for, so every definition is on the way. */
#include "outline.h"

#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../buf.h"
#include "../file.h"
#include "defs.h"
#include "lang.h"

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

bool symbols_outline(const char *path, const char *data, size_t size, struct sym_items *out)
{
	const struct lang *lang = lang_for_path(path);
	if (!lang || lang->format != FMT_NONE || lang->id == L_MARKDOWN || size > UINT32_MAX)
		return false;
	TSParser *parser = ts_parser_new();
	ts_parser_set_language(parser, lang->grammar());
	TSTree *tree = ts_parser_parse_string(parser, NULL, data, (uint32_t)size);
	ts_parser_delete(parser);
	if (!tree)
		return false;
	struct defs ds = DEFS_INIT;
	ts_collect(lang, tree, data, (long)file_count_lines(data, size), NULL, 0, &ds);
	ts_tree_delete(tree);
	bool *local = locals(&ds);
	for (size_t i = 0; i < ds.n; i++) {
		const struct def *d = &ds.v[i];
		/* a name copied out of the bytes (a decoded key) has no place in them to point at */
		if (local[i] || !reachable(&ds, (int)i) || d->name < data || d->name >= data + size)
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
	defs_release(&ds);
	return true;
}
