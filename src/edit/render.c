#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../buf.h"
#include "../opt.h"
#include "edit.h"

/* Files layer 1 skipped: per file in a batch, once per reason otherwise. */
static void skipped_omits(const struct edit_call *c, struct omits *om)
{
	for (size_t i = 0; i < c->n_f; i++) {
		const struct edit_file *ef = &c->f[i];
		if (ef->ck.kind != CHECK_NONE || !ef->loaded)
			continue;
		if (c->batch && strcmp(ef->ck.reason, "--no-check")) {
			struct buf r = BUF_INIT;
			buf_addf(&r, "%s: %s", ef->path, ef->ck.reason);
			omit_check_skipped(om, r.data);
			buf_release(&r);
			continue;
		}
		bool dup = false;
		for (size_t k = 0; k < om->n; k++)
			dup |= om->items[k].kind == OM_CHECK_SKIPPED &&
			       !strcmp(om->items[k].s1, ef->ck.reason);
		if (!dup)
			omit_check_skipped(om, ef->ck.reason);
	}
	if (c->cmd_done && c->verdict == CMD_SKIPPED)
		omit_check_skipped(om, c->cmd_reason);
	if (c->cmd_done && c->verdict == CMD_INCONCLUSIVE)
		omit_check_inconclusive(om, c->cmd.shown, c->cmd_reason);
}

/* What the entries' matches and regions left out: folding, CRLF, gaps, cut and lossy lines. */
static void entry_omits(const struct edit_call *c, struct omits *om)
{
	bool norm = false, crlf = false, folded = false, reindented = false;
	long cut = 0, lossy = 0;
	for (size_t i = 0; i < c->n_e; i++) {
		norm |= c->e[i].res.kind == EDIT_MATCH_NORMALIZED;
		folded |= c->e[i].res.kind == EDIT_MATCH_FOLDED;
		reindented |= c->e[i].res.reindented;
		crlf |= c->e[i].res.crlf_matched;
		cut += c->e[i].cut;
		lossy += c->e[i].lossy;
	}
	if (norm)
		omit_normalized(om);
	if (crlf)
		omit_crlf_matched(om);
	if (folded)
		omit_whitespace_folded(om);
	if (reindented)
		omit_reindented(om);
	for (size_t i = 0; i < c->n_e; i++)
		for (size_t k = 0; k < c->e[i].gap.n; k++)
			omit_copy(om, &c->e[i].gap.items[k]);
	if (cut)
		omit_long_lines_cut(om, cut);
	if (lossy)
		omit_lossy_lines(om, lossy);
}

/* The omissions in footer order: check notes first, then match notes, gaps, readings. */
static void final_omits(const struct edit_call *c, struct omits *om)
{
	skipped_omits(c, om);
	entry_omits(c, om);
	for (size_t i = 0; i < c->tom.n; i++)
		omit_copy(om, &c->tom.items[i]);
	for (size_t i = 0; i < c->om.n; i++)
		omit_copy(om, &c->om.items[i]);
}

/* The check object of ef's result: layer 1's verdict, or --check's when it passed. */
static struct out_check entry_check(const struct edit_call *c, const struct edit_file *ef)
{
	struct out_check ck = {NULL, NULL, ef->ck.errors_before, ef->ck.errors_after};
	bool cmd_ok = c->cmd_done && c->verdict == CMD_OK;
	if (ef->ck.kind == CHECK_NONE && !cmd_ok)
		return ck;
	ck.layer = ef->ck.kind != CHECK_NONE ? check_layer_name(&ef->ck) : c->cmd.shown;
	ck.status = check_status_word(&ef->ck, false);
	if (!ef->ck.failed && cmd_ok) {
		ck.layer = c->cmd.shown;
		ck.status = "ok";
	}
	return ck;
}

/* One entry as the response shows it, borrowing from the call. */
static struct out_change entry_change(const struct edit_call *c, const struct edit_entry *en)
{
	const struct edit_file *ef = &c->f[en->file];
	const struct edit_result *r = &en->res;
	struct out_change ch = {
		.kind = r->insert ? CHG_INSERT : CHG_REPLACE,
		.path = ef->path,
		.count = r->count,
		.lines = r->lines,
		.n_lines = r->n_lines,
		.match = r->match ? r->match : "exact",
		.resolver = r->guessed ? "span guessed (plaintext heuristic)" : NULL,
		.region = &en->region,
		.check = entry_check(c, ef),
		.sha_before = ef->sha_before,
		.sha_after = ef->ck.failed ? ef->sha_before : ef->sha_after,
		.reverted = ef->ck.failed,
		.no_change = !ef->ck.failed && !strcmp(ef->sha_before, ef->sha_after),
	};
	if (r->insert) {
		ch.side = en->after ? "after" : "before";
		ch.anchor = en->anchor;
		ch.anchor_shown = r->anchor_shown;
		ch.anchor_line = r->anchor_line;
	}
	return ch;
}

/* "checks: structure ok ×2, json ok ×1" over the batch's files. */
static void checks_segment(struct buf *b, const struct edit_call *c)
{
	struct buf one = BUF_INIT;
	/* one slot per distinct verdict, so at most one per file */
	long *counts = xcalloc(c->n_f + 1, sizeof(*counts));
	char **texts = xcalloc(c->n_f + 1, sizeof(*texts));
	size_t n = 0;
	for (size_t i = 0; i < c->n_f; i++) {
		const struct edit_file *ef = &c->f[i];
		if (ef->ck.kind == CHECK_NONE)
			continue;
		buf_truncate(&one, 0);
		buf_addf(&one, "%s %s", check_layer_name(&ef->ck), check_status_word(&ef->ck, false));
		size_t k = 0;
		while (k < n && strcmp(texts[k], one.data))
			k++;
		if (k == n) {
			texts[n] = xstrdup(one.data);
			counts[n++] = 0;
		}
		counts[k]++;
	}
	if (n)
		buf_adds(b, "checks: ");
	for (size_t k = 0; k < n; k++) {
		buf_addf(b, "%s%s \xC3\x97%ld", k ? ", " : "", texts[k], counts[k]);
		free(texts[k]);
	}
	if (c->cmd_done && c->verdict == CMD_OK)
		buf_addf(b, "%scheck: %s ok", n ? OUT_DOT : "", c->cmd.shown);
	free(texts);
	free(counts);
	buf_release(&one);
}

/* The batch footer's lead when nothing of n was written. */
static void nothing_written(struct buf *b, size_t n, const char *path)
{
	buf_addf(b, "0 of %zu applied" OUT_DOT "nothing written" OUT_DOT "fix %s and re-run", n, path);
}

/* A rejected file's first changed line carries the check's note ("← parse error"). */
static void note_rejected(struct edit_call *c)
{
	for (size_t i = 0; i < c->n_e; i++) {
		struct edit_entry *en = &c->e[i];
		const struct edit_file *ef = &c->f[en->file];
		if (ef->ck.failed && ef->first_entry == i)
			block_note_first_change(&en->region, check_result_note(&ef->ck));
	}
}

/* The batch footer's lead: the counts and the checks. */
static void batch_lead(const struct edit_call *c, struct buf *lead, bool applied, long landed)
{
	if (!applied) {
		nothing_written(lead, c->n_e, c->failed_path ? c->failed_path : c->f[0].path);
		return;
	}
	plural(lead, (long)c->n_f, "file", "files");
	buf_adds(lead, OUT_DOT);
	plural(lead, (long)c->n_e, "edit", "edits");
	if (landed == (long)c->n_f)
		buf_adds(lead, OUT_DOT "all applied");
	else
		buf_addf(lead, OUT_DOT "%ld of %zu files written", landed, c->n_f);
	size_t mark = lead->len;
	buf_adds(lead, OUT_DOT);
	size_t seg = lead->len;
	checks_segment(lead, c);
	if (lead->len == seg)
		buf_truncate(lead, mark);
}

void edit_render_region(struct edit_entry *en, const struct file *f)
{
	const struct edit_result *r = &en->res;
	struct region_mark *m = xcalloc(r->n_lines + 1, sizeof(*m));
	for (size_t k = 0, j = 0; k < r->n_lines; k++) {
		/* a line the edit covered but left byte for byte as it was is context, not a change */
		while (j < r->n_marked && r->marked[j] < r->lines[k])
			j++;
		bool changed = j < r->n_marked && r->marked[j] == r->lines[k];
		m[k].line = r->lines[k];
		m[k].mk = r->insert ? MK_INSERTED : changed ? MK_REPLACED : MK_NONE;
	}
	/* a one-line gap costs more than the line it hides */
	region_build(&en->region, f, m, r->n_lines, 1, &en->gap, &en->cut, &en->lossy);
	free(m);
}

void edit_render(struct edit_call *c, struct buf *out, bool applied, long landed)
{
	struct omits om = OMITS_INIT;
	struct buf lead = BUF_INIT;
	final_omits(c, &om);
	note_rejected(c);
	struct out_change *ch = xcalloc(c->n_e + 1, sizeof(*ch));
	for (size_t i = 0; i < c->n_e; i++)
		ch[i] = entry_change(c, &c->e[i]);
	if (c->batch)
		batch_lead(c, &lead, applied, landed);
	struct response r = {.list_key = c->batch ? "edits" : NULL,
			     .changes = ch,
			     .n_changes = c->n_e,
			     .om = &om,
			     .lead = c->batch ? buf_str(&lead) : NULL,
			     .quiet = c->o->quiet};
	changes_stats(ch, c->n_e, true, &r.lines, &r.bytes);
	response_emit(out, &r, opts_format(c->o), c->o->json_twin);
	free(ch);
	buf_release(&lead);
	omits_release(&om);
}

void edit_render_failed(const struct edit_call *c, struct buf *out)
{
	if (!c->batch || !c->n_e || c->o->json || c->o->jsonl || diag_first(c->d) == E_USAGE)
		return;
	edit_render_unapplied(out, c->n_e, c->failed_path ? c->failed_path : c->e[0].target_text);
}

void edit_render_unapplied(struct buf *out, size_t n, const char *path)
{
	struct buf lead = BUF_INIT;
	nothing_written(&lead, n, path);
	footer_text(out, lead.data, NULL, -1);
	buf_release(&lead);
}
