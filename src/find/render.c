/* find's response: the hit blocks (lines, -p, --def) or the --files/--count rows, shaped by
 * --budget/--max-bytes; over the cap the busiest files instead, and over_cap (its message then
 * rolls the hits up by directory when the map leaves files out, rollup.c); the footer's
 * omissions; not_found. Rendered once as text, --json or --jsonl by output. */
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../opt.h"
#include "find.h"

#define TOP_FILES 10

static int fres_busiest_cmp(const void *a, const void *b)
{
	const struct sink_result *x = a, *y = b;
	if (x->hits != y->hits)
		return x->hits > y->hits ? -1 : 1;
	return roots_path_cmp(x->path, y->path);
}

static void lead_hits(struct buf *b, long hits, long files)
{
	plural(b, hits, "hit", "hits");
	buf_adds(b, " in ");
	plural(b, files, "file", "files");
}

static void lead_searched(struct buf *b, long searched)
{
	buf_adds(b, OUT_DOT "searched ");
	plural(b, searched, "file", "files");
}

/* Over the cap no line prints: the busiest files instead, and the over_cap error. */
static void render_over_cap(const struct opts *o, struct find_tally *t, struct omits *om, const char *lead,
			    struct buf *out, struct diag *d)
{
	struct sink_result *by = xmalloc((t->n_res + 1) * sizeof(*by));
	if (t->n_res)
		memcpy(by, t->res, t->n_res * sizeof(*by));
	qsort(by, t->n_res, sizeof(*by), fres_busiest_cmp);
	size_t shown = t->n_res < TOP_FILES ? t->n_res : TOP_FILES;
	struct out_row top[TOP_FILES];
	for (size_t i = 0; i < shown; i++)
		top[i] = (struct out_row){.path = by[i].path, .count = by[i].hits};
	/* --files is find's way out, but --def and -p refuse it: theirs is a --cap that holds them all */
	struct buf hint = BUF_INIT;
	if (o->def || o->function)
		buf_addf(&hint, "narrow the %s or the paths, or --cap %ld", o->def ? "name" : "pattern",
			 t->total);
	else
		buf_adds(&hint, "narrow the pattern or the paths, or --files");
	omit_hit_cap(om, t->total, o->cap, hint.data);
	omit_top_files(om, (long)shown);
	struct response r = {.list_key = "targets",
			     .top = top,
			     .n_top = shown,
			     .top_more = (long)(t->n_res - shown),
			     .om = om,
			     .lead = lead,
			     .quiet = o->quiet,
			     .no_cost = true};
	response_emit(out, &r, opts_format(o), o->json_twin);
	struct buf msg = BUF_INIT;
	if (o->def) {
		plural(&msg, t->total, "definition", "definitions");
		buf_adds(&msg, " in ");
		plural(&msg, (long)t->n_res, "file", "files");
	} else {
		lead_hits(&msg, t->total, (long)t->n_res);
	}
	/* past the spec's line, where the map leaves files out: which directories hold the hits */
	struct buf dirs = BUF_INIT;
	if (t->n_res > TOP_FILES)
		find_rollup(t->res, t->n_res, &dirs);
	diag_add(d, E_OVER_CAP, "%s" OUT_DOT "over the %ld-hit cap" OUT_DOT "%s%s", msg.data, o->cap,
		 hint.data, dirs.len ? dirs.data : "");
	buf_release(&dirs);
	buf_release(&msg);
	buf_release(&hint);
	free(by);
}

/* The call's blocks under the cap (trimmed here), or the busiest files over it. */
static void render_blocks(struct find_call *c, const char *lead, struct buf *out)
{
	const struct opts *o = c->o;
	if (c->t.total > o->cap) {
		render_over_cap(o, &c->t, &c->om, lead, out, c->d);
		return;
	}
	if (blocks_shape(c->blocks, c->n_blocks, o->budget, o->max_bytes, &c->om, c->d, o->tool_terms))
		return; /* over --max-bytes with no --budget: refused, nothing printed */
	struct response r = {.list_key = "targets",
			     .blocks = c->blocks,
			     .n_blocks = c->n_blocks,
			     .om = &c->om,
			     .header = HDR_PATH,
			     .lead = lead,
			     .numbers = true,
			     .quiet = o->quiet,
			     .group_lines = opts_before(o) > 0 || opts_after(o) > 0};
	blocks_stats(c->blocks, c->n_blocks, &r.lines, &r.bytes);
	response_emit(out, &r, opts_format(o), o->json_twin);
}

/* --files and --count: one row per file with hits, shaped by --budget/--max-bytes like lines. */
static void render_rows(const struct opts *o, struct find_tally *t, struct omits *om, struct buf *out,
			struct diag *d)
{
	bool counted = o->count && !o->files;
	struct out_row *rows = xcalloc(t->n_res + 1, sizeof(*rows));
	for (size_t i = 0; i < t->n_res; i++)
		rows[i] = (struct out_row){.path = t->res[i].path, .count = t->res[i].hits};
	size_t shown;
	if (rows_shape(rows, t->n_res, counted, o->budget, o->max_bytes, om, d, &shown, o->tool_terms)) {
		free(rows); /* refused, as hit lines are */
		return;
	}
	struct response r = {.list_key = counted ? "counts" : "files",
			     .rows = rows,
			     .n_rows = shown,
			     .rows_counted = counted,
			     .om = om,
			     .quiet = o->quiet,
			     .footer_first = counted};
	r.bytes = rows_bytes(rows, shown, counted);
	struct buf lead = BUF_INIT;
	if (counted) {
		lead_hits(&lead, t->total, (long)t->n_res);
	} else {
		plural(&lead, (long)t->n_res, "file", "files");
		lead_searched(&lead, t->n.searched);
	}
	r.lines = (long)shown;
	r.lead = lead.data;
	response_emit(out, &r, opts_format(o), o->json_twin);
	buf_release(&lead);
	free(rows);
}

void find_render_take_blocks(struct find_call *c)
{
	struct find_tally *t = &c->t;
	XGROW(c->blocks, c->cap_blocks, c->n_blocks + t->n_res + 1);
	for (size_t i = 0; i < t->n_res; i++) {
		c->blocks[c->n_blocks++] = t->res[i].blk;
		t->res[i].blk = (struct out_block){0};
	}
}

void find_render_omissions(struct find_call *c)
{
	const struct opts *o = c->o;
	const struct find_tally *t = &c->t;
	struct omits *om = &c->om;
	if (t->wc.gitignore + t->wc.hidden + t->wc.other)
		omit_ignored(om, t->wc.gitignore, t->wc.hidden, t->wc.other);
	if (t->n.binary + t->n.too_large + t->n.unreadable + t->wc.unreadable)
		omit_skipped(om, t->n.binary, t->n.too_large, t->n.unreadable + t->wc.unreadable);
	if (o->globs.n)
		omit_glob(om, o->globs.items, o->globs.n);
	for (size_t i = 0; i < c->failed.n; i++)
		omit_unresolved(om, c->failed.items[i].s1, c->failed.items[i].s2);
	if (c->retried)
		omit_grep_style(om, c->pattern, c->used);
	if (t->n.limited)
		omit_match_limit(om, t->n.limited);
	if (c->mode == SINK_LINES && t->total <= o->cap) {
		if (t->n.long_lines)
			omit_long_lines_cut(om, t->n.long_lines);
		if (t->n.lossy)
			omit_lossy_lines(om, t->n.lossy);
	}
}

/* Nothing found where something was searched (false when every root failed, which said so). */
static void not_found(struct find_call *c)
{
	struct find_tally *t = &c->t;
	if (t->total || (!c->rs.n_dirs && !c->rs.n_files && c->failed.n))
		return;
	if (c->o->def && c->mentioned) {
		struct buf seg = BUF_INIT;
		size_t m = c->mentioned;
		diag_add(
			c->d, E_NOT_FOUND,
			"no definition of \xC2\xAB%s\xC2\xBB in the %zu file%s that mention%s it \xC2\xB7 see the uses with lets find -w '%s'",
			c->o->positional.items[0], m, m == 1 ? "" : "s", m == 1 ? "s" : "",
			find_defs_segment(&seg, c->o->positional.items[0]));
		buf_release(&seg);
	} else if (c->o->def) {
		diag_add(c->d, E_NOT_FOUND,
			 "no definition of \xC2\xAB%s\xC2\xBB: no file searched mentions it",
			 c->o->positional.items[0]);
	} else if (c->retried) {
		diag_add(c->d, E_NOT_FOUND,
			 "no hits for \xC2\xAB%s\xC2\xBB, nor for its grep-style reading \xC2\xAB%s\xC2\xBB",
			 c->pattern, c->used);
	} else {
		diag_add(c->d, E_NOT_FOUND, "no hits for \xC2\xAB%s\xC2\xBB", c->pattern);
	}
}

void find_render(struct find_call *c, struct buf *out)
{
	struct find_tally *t = &c->t;
	struct buf lead = BUF_INIT;
	if (c->o->def) {
		plural(&lead, t->total, "definition", "definitions");
		buf_adds(&lead, " in ");
		plural(&lead, (long)t->n_res, "file", "files");
		lead_searched(&lead, t->n.searched);
		render_blocks(c, lead.data, out);
	} else if (c->mode == SINK_LINES) {
		lead_hits(&lead, t->total, (long)t->n_res);
		lead_searched(&lead, t->n.searched);
		render_blocks(c, lead.data, out);
	} else {
		render_rows(c->o, t, &c->om, out, c->d);
	}
	buf_release(&lead);
	not_found(c);
}
