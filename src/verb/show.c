/* lets show: targets in, numbered blocks out. Each target is parsed, bounded by the working tree,
 * loaded once and resolved to a span; the span plus context (or the window, for a whole file)
 * becomes one block. A #name with no path is looked up across the tree first (find/lookup.h).
 * Budget and --max-bytes shape the blocks before anything is rendered. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../alloc.h"
#include "../file.h"
#include "../find/lookup.h"
#include "../output.h"
#include "../target.h"
#include "../worktree.h"
#include "verb.h"

struct shown {
	struct out_block *blocks;
	size_t n, cap;
	long long_lines; /* lines cut at LINE_CUT_BYTES, across blocks */
};

/* A line shown lossily or cut: its display form, a copy of its own. */
static void add_display_line(struct out_block *blk, long i, const char *text, size_t len, struct buf *disp,
			     long *long_lines)
{
	bool lossy, cut;
	buf_truncate(disp, 0);
	line_display(disp, text, len, &lossy, &cut);
	block_add_line(blk, i, MK_NONE, disp->data, disp->len);
	if (lossy) {
		blk->lossy_lines = xrealloc(blk->lossy_lines, (blk->n_lossy + 1) * sizeof(long));
		blk->lossy_lines[blk->n_lossy++] = i;
	}
	if (cut)
		(*long_lines)++;
}

/* Lines from..to of f into blk. A line shown as it is (nearly all) is borrowed, not copied, from
 * bytes blk holds: f's own, taken once read when the lines are most of the file (no copy, no new
 * memory), else a copy of just these lines, so a few lines of a large file do not keep all of it
 * until the response is rendered. */
static void fill_block(struct out_block *blk, struct file *f, long from, long to, long *long_lines)
{
	size_t lo = file_line_offset(f, (size_t)from), hi = file_line_offset(f, (size_t)to + 1);
	bool take = hi - lo >= f->size / 2 && !f->data_shared;
	if (!take)
		blk->held = xstrndup(f->data + lo, hi - lo);
	if (to >= from)
		XGROW(blk->lines, blk->cap_lines, (size_t)(to - from + 1));
	struct buf disp = BUF_INIT;
	for (long i = from; i <= to; i++) {
		const char *text;
		size_t len = file_line(f, (size_t)i, &text);
		if (!line_display_as_is(text, len))
			add_display_line(blk, i, text, len, &disp, long_lines);
		else if (take)
			block_add_line_ref(blk, i, MK_NONE, text, len);
		else
			block_add_line_ref(blk, i, MK_NONE, blk->held + ((size_t)(text - f->data) - lo), len);
	}
	buf_release(&disp);
	if (take)
		blk->held = file_detach_data(f);
}

/* A block of f's lines from..to for target (the text its header names), with -A/-B/-C around a
 * line or regex target and the window over a whole file. */
static void add_block(const struct opts *o, struct shown *sh, struct omits *om, const char *target,
		      const char *path, struct file *f, enum target_kind kind, const struct target_span *sp)
{
	long total = (long)f->n_lines, from = sp->start, to = sp->end;
	XGROW(sh->blocks, sh->cap, sh->n + 1);
	struct out_block *blk = &sh->blocks[sh->n++];
	memset(blk, 0, sizeof(*blk));
	blk->target = xstrdup(target);
	blk->path = xstrdup(path);
	blk->resolver = sp->resolver;
	blk->crlf = file_crlf(f);
	memcpy(blk->sha, file_sha(f), sizeof(blk->sha));
	if (kind == T_LINES || kind == T_REGEX) {
		long before = opts_before(o), after = opts_after(o);
		if (before > 0)
			from = from - before < 1 ? 1 : from - before;
		if (after > 0)
			to = to + after > total ? total : to + after;
	} else if (kind == T_WHOLE && !o->all && o->window >= 0 && total > o->window) {
		to = o->window;
		blk->window = o->window;
		blk->not_shown_a = to + 1;
		blk->not_shown_b = total;
		omit_window(om, from, to, total);
	}
	if (total) {
		blk->has_range = true;
		blk->start = from;
		blk->end = to;
		blk->total = total;
		fill_block(blk, f, from, to, &sh->long_lines);
	}
}

/* "#name" with no path, naming no file: the name is looked up across the tree. */
static bool tree_symbol(const char *text)
{
	struct stat st;
	return text[0] == '#' && text[1] && lstat(text, &st) != 0;
}

/* A path-less #name: the one definition find --def finds, shown whole under the target that
 * reads it (path#Qualified.name, or path:a-b); none or several are refused with the next call. */
static void show_tree_symbol(const struct opts *o, const char *text, struct shown *sh, struct omits *om,
			     struct diag *d)
{
	struct target t = TARGET_INIT;
	struct def_found df = DEF_FOUND_INIT;
	struct file f = FILE_INIT;
	enum lets_err e = target_parse_suffix(&t, text) && t.kind == T_SYMBOL
				  ? find_def_lookup(o, text, t.symbol, &df, d)
				  : diag_add(d, E_NOT_FOUND,
					     "%s: a #name target needs a name, e.g. '#Client.Pull'", text);
	if (!e)
		e = file_load(&f, o->allow_outside ? NULL : o->wt, df.path, o->max_file_bytes, d);
	if (e) {
		omit_unresolved(om, text, err_slug(e));
	} else {
		struct target_span sp = {.start = df.start, .end = df.end, .resolver = df.resolver};
		add_block(o, sh, om, df.target, df.path, &f, T_SYMBOL, &sp);
	}
	file_release(&f);
	def_found_release(&df);
	target_release(&t);
}

/* Resolves one target into a block; on failure records it (message in d, omission in om). */
static void show_target(const struct opts *o, const struct worktree *wt, const char *text, struct shown *sh,
			struct omits *om, struct diag *d)
{
	struct target t = TARGET_INIT;
	struct file f = FILE_INIT;
	struct target_span sp;
	struct buf read_as = BUF_INIT;
	if (tree_symbol(text)) {
		show_tree_symbol(o, text, sh, om, d);
		return;
	}
	enum lets_err e = target_parse_bounded(&t, text, wt, o->allow_outside, d);
	if (!e)
		e = file_load(&f, o->allow_outside ? NULL : wt, t.path, o->max_file_bytes, d);
	if (!e)
		e = target_resolve(&t, &f, &sp, &read_as, d);
	if (read_as.len)
		omit_grep_style(om, t.regex, read_as.data);
	buf_release(&read_as);
	if (e)
		omit_unresolved(om, text, err_slug(e));
	else
		add_block(o, sh, om, text, t.path, &f, t.kind, &sp);
	file_release(&f);
	target_release(&t);
}

static void render(const struct opts *o, const struct shown *sh, const struct omits *om, struct buf *out)
{
	struct response r = {.list_key = "targets",
			     .blocks = sh->blocks,
			     .n_blocks = sh->n,
			     .om = om,
			     .header = HDR_TARGET,
			     .numbers = !o->no_numbers,
			     .cost_first = o->all};
	blocks_stats(sh->blocks, sh->n, &r.lines, &r.bytes);
	struct buf lead = BUF_INIT;
	buf_adds(&lead, "showed ");
	plural(&lead, (long)sh->n, "target", "targets");
	buf_adds(&lead, OUT_DOT);
	plural(&lead, r.lines, "line", "lines");
	r.lead = lead.data;
	response_emit(out, &r, opts_format(o), o->json_twin);
	buf_release(&lead);
}

verb_fn cmd_show;
enum lets_err cmd_show(const struct opts *o, struct buf *out, struct diag *d)
{
	const struct worktree *wt = o->wt;
	struct shown sh = {0};
	struct omits om = OMITS_INIT;
	for (size_t i = 0; i < o->positional.n; i++)
		show_target(o, wt, o->positional.items[i], &sh, &om, d);
	if (sh.long_lines)
		omit_long_lines_cut(&om, sh.long_lines);
	/* content over --max-bytes with no --budget is refused: nothing on stdout, only the refusal */
	bool refused = blocks_shape(sh.blocks, sh.n, o->budget, o->max_bytes, &om, d, o->tool_terms);
	if (sh.n && !refused)
		render(o, &sh, &om, out);
	for (size_t i = 0; i < sh.n; i++)
		block_release(&sh.blocks[i]);
	free(sh.blocks);
	omits_release(&om);
	return diag_first(d);
}
