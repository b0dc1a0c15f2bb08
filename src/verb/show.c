/* lets show: targets in, numbered blocks out. Each target is parsed, bounded by the working tree,
 * loaded once and resolved to a span; the span plus context (or the window, for a whole file)
 * becomes one block. Budget and --max-bytes shape the blocks before anything is rendered. */
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../file.h"
#include "../json.h"
#include "../output.h"
#include "../target.h"
#include "../worktree.h"
#include "verbs.h"

struct shown {
	struct out_block *blocks;
	size_t n, cap;
	long long_lines; /* lines cut at LINE_CUT_BYTES, across blocks */
};

static void fill_block(struct out_block *blk, struct file *f, long from, long to, long *long_lines)
{
	struct buf disp = BUF_INIT;
	for (long i = from; i <= to; i++) {
		const char *text;
		size_t len = file_line(f, (size_t)i, &text);
		bool lossy, cut;
		buf_truncate(&disp, 0);
		line_display(&disp, text, len, &lossy, &cut);
		block_add_line(blk, i, MK_NONE, disp.data, disp.len);
		if (lossy) {
			blk->lossy_lines = xrealloc(blk->lossy_lines, (blk->n_lossy + 1) * sizeof(long));
			blk->lossy_lines[blk->n_lossy++] = i;
		}
		if (cut)
			(*long_lines)++;
	}
	buf_release(&disp);
}

/* Resolves one target into a block; on failure records it (message in d, omission in om). */
static void show_target(const struct opts *o, const struct worktree *wt, const char *text, struct shown *sh,
			struct omits *om, struct diag *d)
{
	struct target t = TARGET_INIT;
	struct file f = FILE_INIT;
	struct span sp;
	enum lets_err e = target_parse_bounded(&t, text, wt, o->allow_outside, d);
	if (!e)
		e = file_load(&f, t.path, o->max_file_bytes, d);
	if (!e)
		e = target_resolve(&t, &f, &sp, om, d);
	if (e) {
		omit_add(om, OM_UNRESOLVED, 0, 0, 0, text, err_slug(e));
		goto out;
	}

	long total = (long)f.n_lines, from = sp.start, to = sp.end;
	XGROW(sh->blocks, sh->cap, sh->n + 1);
	struct out_block *blk = &sh->blocks[sh->n++];
	memset(blk, 0, sizeof(*blk));
	blk->target = xstrdup(text);
	blk->path = xstrdup(t.path);
	blk->resolver = sp.resolver;
	blk->crlf = file_crlf(&f);
	memcpy(blk->sha, file_sha(&f), sizeof(blk->sha));
	if (t.kind == T_LINES || t.kind == T_REGEX) {
		long before = opts_before(o), after = opts_after(o);
		if (before > 0)
			from = from - before < 1 ? 1 : from - before;
		if (after > 0)
			to = to + after > total ? total : to + after;
	} else if (t.kind == T_WHOLE && !o->all && o->window >= 0 && total > o->window) {
		to = o->window;
		blk->window = o->window;
		blk->not_shown_a = to + 1;
		blk->not_shown_b = total;
		omit_add(om, OM_WINDOW, from, to, total, NULL, NULL);
	}
	if (total) {
		blk->has_range = true;
		blk->start = from;
		blk->end = to;
		blk->total = total;
		fill_block(blk, &f, from, to, &sh->long_lines);
	}
out:
	file_release(&f);
	target_release(&t);
}

static void header_text(struct buf *b, const struct out_block *blk)
{
	buf_addf(b, OUT_RULE "%s", blk->target);
	if (blk->has_range) {
		buf_addf(b, "  (%ld-%ld of %ld", blk->start, blk->end, blk->total);
		if (blk->window)
			buf_addf(b, OUT_DOT "window %ld", blk->window);
		if (blk->not_shown_a)
			buf_addf(b, OUT_DOT ":%ld-%ld not shown", blk->not_shown_a, blk->not_shown_b);
		if (blk->resolver)
			buf_addf(b, OUT_DOT "via %s", blk->resolver);
		buf_addc(b, ')');
	}
	if (blk->crlf)
		buf_adds(b, OUT_DOT "crlf");
	if (blk->n_lossy) {
		buf_adds(b, blk->n_lossy == 1 ? OUT_DOT "non-UTF-8 line " : OUT_DOT "non-UTF-8 lines ");
		size_t shown = blk->n_lossy < 5 ? blk->n_lossy : 5;
		for (size_t i = 0; i < shown; i++)
			buf_addf(b, "%s%ld", i ? ", " : "", blk->lossy_lines[i]);
		if (blk->n_lossy > shown)
			buf_addf(b, " (+%zu more)", blk->n_lossy - shown);
	}
	buf_addf(b, OUT_DOT "sha:%s\n", blk->sha);
}

static void render(const struct opts *o, const struct shown *sh, const struct omits *om, struct buf *out)
{
	long lines = 0, bytes = 0, widest = 1;
	for (size_t i = 0; i < sh->n; i++)
		for (size_t j = 0; j < sh->blocks[i].n_lines; j++) {
			const struct out_line *l = &sh->blocks[i].lines[j];
			lines++;
			bytes += (long)line_cost(l);
			if (l->number > widest)
				widest = l->number;
		}
	if (o->json || o->jsonl) {
		if (o->json)
			buf_adds(out, "{\"targets\":[");
		for (size_t i = 0; i < sh->n; i++) {
			if (o->json && i)
				buf_addc(out, ',');
			block_json(out, &sh->blocks[i]);
			if (o->jsonl)
				buf_addc(out, '\n');
		}
		list_end_json(out, o->jsonl, om, lines, bytes);
		return;
	}
	long tokens = tokens_est(bytes);
	if (o->all && tokens >= 0) {
		buf_adds(out, OUT_RULE);
		cost_text(out, tokens);
		buf_addc(out, '\n');
	}
	int width = num_width(widest);
	for (size_t i = 0; i < sh->n; i++) {
		header_text(out, &sh->blocks[i]);
		for (size_t j = 0; j < sh->blocks[i].n_lines; j++)
			line_text(out, &sh->blocks[i].lines[j], width, !o->no_numbers);
	}
	struct buf lead = BUF_INIT;
	buf_adds(&lead, "showed ");
	plural(&lead, (long)sh->n, "target", "targets");
	buf_adds(&lead, OUT_DOT);
	plural(&lead, lines, "line", "lines");
	footer_text(out, lead.data, om, tokens);
	buf_release(&lead);
}

enum lets_err cmd_show(const struct opts *o, struct buf *out, struct diag *d)
{
	struct worktree wt = WORKTREE_INIT;
	struct shown sh = {0};
	struct omits om = OMITS_INIT;
	worktree_init(&wt);
	for (size_t i = 0; i < o->positional.n; i++)
		show_target(o, &wt, o->positional.items[i], &sh, &om, d);
	if (sh.long_lines)
		omit_add(&om, OM_LONG_LINES_CUT, sh.long_lines, 0, 0, NULL, NULL);
	if (o->budget != OPT_UNSET) {
		budget_trim(sh.blocks, sh.n, o->budget, &om);
	} else {
		long over = max_bytes_trim(sh.blocks, sh.n, o->max_bytes, &om);
		if (over)
			diag_add(d, E_OVER_BUDGET, "content is %ld bytes, over the %ld-byte budget", over, o->max_bytes);
	}
	if (sh.n)
		render(o, &sh, &om, out);
	for (size_t i = 0; i < sh.n; i++)
		block_release(&sh.blocks[i]);
	free(sh.blocks);
	omits_release(&om);
	worktree_release(&wt);
	return diag_first(d);
}
