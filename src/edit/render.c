#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../buf.h"
#include "../json.h"
#include "../opt.h"
#include "edit.h"

static bool any_reverted(const struct edit_call *c)
{
	for (size_t i = 0; i < c->n_f; i++)
		if (c->f[i].ck.failed)
			return true;
	return false;
}

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
			omit_add(om, OM_CHECK_SKIPPED, 0, 0, 0, r.data, NULL);
			buf_release(&r);
			continue;
		}
		bool dup = false;
		for (size_t k = 0; k < om->n; k++)
			dup |= om->items[k].kind == OM_CHECK_SKIPPED &&
			       !strcmp(om->items[k].s1, ef->ck.reason);
		if (!dup)
			omit_add(om, OM_CHECK_SKIPPED, 0, 0, 0, ef->ck.reason, NULL);
	}
	if (c->cmd_done && c->verdict == CMD_SKIPPED)
		omit_add(om, OM_CHECK_SKIPPED, 0, 0, 0, c->cmd_reason, NULL);
	if (c->cmd_done && c->verdict == CMD_INCONCLUSIVE)
		omit_add(om, OM_CHECK_INCONCLUSIVE, 0, 0, 0, c->cmd.shown, c->cmd_reason);
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
		omit_add(om, OM_NORMALIZED, 0, 0, 0, NULL, NULL);
	if (crlf)
		omit_add(om, OM_CRLF_MATCHED, 0, 0, 0, NULL, NULL);
	if (folded)
		omit_add(om, OM_WS_FOLDED, 0, 0, 0, NULL, NULL);
	if (reindented)
		omit_add(om, OM_REINDENTED, 0, 0, 0, NULL, NULL);
	for (size_t i = 0; i < c->n_e; i++)
		for (size_t k = 0; k < c->e[i].gap.n; k++) {
			const struct omission *g = &c->e[i].gap.items[k];
			struct omission *cp = omit_add(om, OM_REGION_GAP, 0, 0, 0, NULL, NULL);
			for (size_t p = 0; p < g->n_pairs; p++)
				omission_add_pair(cp, g->pairs[2 * p], g->pairs[2 * p + 1]);
		}
	if (cut)
		omit_add(om, OM_LONG_LINES_CUT, cut, 0, 0, NULL, NULL);
	if (lossy)
		omit_add(om, OM_LOSSY_LINES, lossy, 0, 0, NULL, NULL);
}

/* The omissions in footer order: check notes first, then match notes, gaps, readings. */
static void final_omits(const struct edit_call *c, struct omits *om)
{
	skipped_omits(c, om);
	entry_omits(c, om);
	for (size_t i = 0; i < c->tom.n; i++) {
		const struct omission *t = &c->tom.items[i];
		omit_add(om, t->kind, t->a, t->b, t->c, t->s1, t->s2);
	}
	for (size_t i = 0; i < c->om.n; i++) {
		const struct omission *t = &c->om.items[i];
		struct omission *cp = omit_add(om, t->kind, t->a, t->b, t->c, t->s1, t->s2);
		for (size_t k = 0; k < t->n_list; k++)
			omission_add_item(cp, t->list[k]);
	}
}

static void check_json_obj(struct buf *b, const struct edit_call *c, const struct edit_file *ef)
{
	if (ef->ck.kind == CHECK_NONE && !(c->cmd_done && c->verdict == CMD_OK))
		return;
	const char *layer = ef->ck.kind != CHECK_NONE ? check_kind_name(ef->ck.kind) : c->cmd.shown;
	const char *status = check_status_word(&ef->ck, false);
	if (!ef->ck.failed && c->cmd_done && c->verdict == CMD_OK) {
		layer = c->cmd.shown;
		status = "ok";
	}
	buf_adds(b, ",\"check\":");
	check_result_json(b, layer, status, &ef->ck);
}

/* One entry's JSON object, left open for the caller's closing. */
static void entry_json(struct buf *b, const struct edit_call *c, const struct edit_entry *en)
{
	const struct edit_file *ef = &c->f[en->file];
	const struct edit_result *r = &en->res;
	buf_adds(b, "{\"path\":");
	json_cstr(b, ef->path);
	if (r->insert) {
		buf_addf(b, ",\"inserted\":%ld,\"anchor\":{\"side\":\"%s\",\"at\":", r->count,
			 en->after ? "after" : "before");
		json_cstr(b, en->anchor);
		buf_addf(b, ",\"line\":%ld}", r->anchor_line);
	} else {
		buf_addf(b, ",\"replacements\":%ld", r->count);
	}
	buf_adds(b, ",\"lines\":[");
	for (size_t i = 0; i < r->n_lines; i++)
		buf_addf(b, "%s%ld", i ? "," : "", r->lines[i]);
	buf_adds(b, "],\"match\":");
	json_cstr(b, r->match ? r->match : "exact");
	if (r->guessed)
		buf_adds(b, ",\"resolver\":\"span guessed (plaintext heuristic)\"");
	if (en->region.n_lines) {
		buf_adds(b, ",\"region\":");
		region_json(b, &en->region);
	}
	check_json_obj(b, c, ef);
	buf_addf(b, ",\"sha\":{\"before\":\"%s\",\"after\":\"%s\"}", ef->sha_before,
		 ef->ck.failed ? ef->sha_before : ef->sha_after);
	if (ef->ck.failed)
		buf_adds(b, ",\"reverted\":true");
	else if (!strcmp(ef->sha_before, ef->sha_after))
		buf_adds(b, ",\"no_change\":true");
}

/* "check: structure ok" for one file, "" when no check result shows. */
static void check_segment(struct buf *b, const struct edit_call *c, const struct edit_file *ef)
{
	if (c->cmd_done && c->verdict == CMD_OK) {
		buf_addf(b, "check: %s ok", c->cmd.shown);
		return;
	}
	if (ef->ck.kind == CHECK_NONE)
		return;
	buf_addf(b, "check: %s %s", check_kind_name(ef->ck.kind), check_status_word(&ef->ck, false));
}

/* "checks: structure ok ×2, json ok ×1" over the batch's files. */
static void checks_segment(struct buf *b, const struct edit_call *c)
{
	struct buf one = BUF_INIT;
	long counts[16];
	char *texts[16];
	size_t n = 0;
	for (size_t i = 0; i < c->n_f; i++) {
		const struct edit_file *ef = &c->f[i];
		if (ef->ck.kind == CHECK_NONE)
			continue;
		buf_truncate(&one, 0);
		buf_addf(&one, "%s %s", check_kind_name(ef->ck.kind), check_status_word(&ef->ck, false));
		size_t k = 0;
		while (k < n && strcmp(texts[k], one.data))
			k++;
		if (k == n && n < 16) {
			texts[n] = xstrdup(one.data);
			counts[n++] = 0;
		}
		if (k < n)
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
	buf_release(&one);
}

/* The batch footer's lead when nothing was written; fallback names the file when no entry failed. */
static void nothing_written(struct buf *b, const struct edit_call *c, const char *fallback)
{
	buf_addf(b, "0 of %zu applied" OUT_DOT "nothing written" OUT_DOT "fix %s and re-run", c->n_e,
		 c->failed_path ? c->failed_path : fallback);
}

/* "line 5", "lines 1, 8", "lines 4-6, 9", at most 20 entries then " (+M more)". */
static void line_list(struct buf *b, const long *v, size_t n)
{
	buf_adds(b, n == 1 ? "line " : "lines ");
	size_t entries = 0, i = 0;
	long left = 0;
	while (i < n) {
		size_t j = i;
		while (j + 1 < n && v[j + 1] == v[j] + 1)
			j++;
		size_t run = j - i + 1;
		const char *sep = entries ? ", " : "";
		if (entries >= 20) {
			left += (long)run;
		} else if (run == 1 || (run == 2 && entries + 2 > 20)) {
			buf_addf(b, "%s%ld", sep, v[i]);
			entries++;
			left += (long)run - 1;
		} else if (run == 2) {
			buf_addf(b, "%s%ld, %ld", sep, v[i], v[j]);
			entries += 2;
		} else {
			buf_addf(b, "%s%ld-%ld", sep, v[i], v[j]);
			entries++;
		}
		i = j + 1;
	}
	if (left)
		buf_addf(b, " (+%ld more)", left);
}

static void header_text(struct buf *b, const struct edit_call *c, const struct edit_entry *en, bool reverted)
{
	const struct edit_result *r = &en->res;
	buf_adds(b, OUT_RULE);
	target_path_text(b, c->f[en->file].path);
	buf_adds(b, OUT_DOT);
	if (r->insert) {
		buf_adds(b, "inserted ");
		plural(b, r->count, "line", "lines");
		buf_addf(b, " %s %s", en->after ? "after" : "before", r->anchor_shown);
	} else {
		plural(b, r->count, "replacement", "replacements");
		buf_adds(b, OUT_DOT);
		line_list(b, r->lines, r->n_lines);
		if (!reverted) {
			buf_addf(b, OUT_DOT "%s", r->match);
			if (r->guessed)
				buf_adds(b, OUT_DOT "span guessed (plaintext heuristic)");
		}
	}
	if (reverted)
		buf_adds(b, OUT_DOT "REVERTED");
	buf_addc(b, '\n');
}

/* A rejected file's first changed line carries the check's note ("← parse error"). */
static void note_rejected(struct edit_call *c)
{
	for (size_t i = 0; i < c->n_e; i++) {
		struct edit_entry *en = &c->e[i];
		const struct edit_file *ef = &c->f[en->file];
		if (!ef->ck.failed || ef->first_entry != i)
			continue;
		for (size_t k = 0; k < en->region.n_lines; k++)
			if (en->region.lines[k].marker == MK_REPLACED ||
			    en->region.lines[k].marker == MK_INSERTED) {
				en->region.lines[k].note = check_reject_note(ef->ck.kind);
				break;
			}
	}
}

/* Every entry's header and region, numbered to one width; *lines and *bytes get their stats. */
static void blocks_text(const struct edit_call *c, struct buf *blocks, long *lines, long *bytes)
{
	long widest = 1;
	for (size_t i = 0; i < c->n_e; i++)
		for (size_t k = 0; k < c->e[i].region.n_lines; k++) {
			const struct out_line *l = &c->e[i].region.lines[k];
			(*lines)++;
			*bytes += (long)line_cost(l) + (l->note ? 10 + (long)strlen(l->note) : 0);
			if (l->marker != MK_GAP && l->number > widest)
				widest = l->number;
		}
	int width = num_width(widest);
	for (size_t i = 0; i < c->n_e; i++) {
		const struct edit_entry *en = &c->e[i];
		size_t before = blocks->len;
		header_text(blocks, c, en, c->f[en->file].ck.failed);
		*bytes += (long)(blocks->len - before);
		for (size_t k = 0; k < en->region.n_lines; k++)
			line_text(blocks, &en->region.lines[k], width, true);
	}
}

static void render_json(const struct edit_call *c, struct buf *out, const struct omits *om, long lines,
			long bytes)
{
	if (c->o->jsonl) {
		for (size_t i = 0; i < c->n_e; i++) {
			entry_json(out, c, &c->e[i]);
			buf_adds(out, "}\n");
		}
		buf_adds(out, "{\"stats\":");
		stats_json(out, lines, bytes);
		buf_adds(out, ",\"omitted\":");
		omits_json(out, om);
		buf_adds(out, "}\n");
		return;
	}
	if (!c->batch) {
		entry_json(out, c, &c->e[0]);
		response_end_json(out, om, lines, bytes);
		return;
	}
	buf_adds(out, "{\"edits\":[");
	for (size_t i = 0; i < c->n_e; i++) {
		if (i)
			buf_addc(out, ',');
		entry_json(out, c, &c->e[i]);
		buf_addc(out, '}');
	}
	buf_addc(out, ']');
	response_end_json(out, om, lines, bytes);
}

/* The footer's lead: one file's check and sha, or the batch's counts and checks. */
static void footer_lead(const struct edit_call *c, struct buf *lead, bool applied, long landed)
{
	if (!c->batch) {
		const struct edit_file *ef = &c->f[0];
		if (any_reverted(c)) {
			buf_addf(lead,
				 "check: %s \xE2\x86\x92 reverted" OUT_DOT "file unchanged" OUT_DOT "sha:%s",
				 check_failed_status(ef->ck.kind), ef->sha_before);
			return;
		}
		check_segment(lead, c, ef);
		buf_addf(lead, "%ssha:%s", lead->len ? OUT_DOT : "", ef->sha_before);
		if (strcmp(ef->sha_before, ef->sha_after))
			buf_addf(lead, "\xE2\x86\x92%s", ef->sha_after);
		else
			buf_adds(lead, OUT_DOT "no change");
		return;
	}
	if (!applied) {
		nothing_written(lead, c, c->f[0].path);
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
	region_build(&en->region, f, r->lines, r->n_lines, r->insert ? MK_INSERTED : MK_REPLACED, &en->gap,
		     &en->cut, &en->lossy);
	/* a line the edit covered but left byte for byte as it was is context, not a change */
	for (size_t k = 0, m = 0; k < en->region.n_lines; k++) {
		struct out_line *l = &en->region.lines[k];
		if (l->marker != MK_REPLACED)
			continue;
		while (m < r->n_marked && r->marked[m] < l->number)
			m++;
		if (m == r->n_marked || r->marked[m] != l->number)
			l->marker = MK_NONE;
	}
}

void edit_render(struct edit_call *c, struct buf *out, bool applied, long landed)
{
	struct omits om = OMITS_INIT;
	struct buf blocks = BUF_INIT, lead = BUF_INIT;
	long lines = 0, bytes = 0;
	final_omits(c, &om);
	note_rejected(c);
	blocks_text(c, &blocks, &lines, &bytes);
	if (c->o->json_twin)
		render_json(c, c->o->json_twin, &om, lines, bytes);
	if (c->o->json || c->o->jsonl) {
		render_json(c, out, &om, lines, bytes);
	} else {
		if (!c->o->quiet)
			buf_add(out, blocks.data, blocks.len);
		footer_lead(c, &lead, applied, landed);
		footer_text(out, lead.data, &om, tokens_est(bytes));
	}
	buf_release(&lead);
	buf_release(&blocks);
	omits_release(&om);
}

void edit_render_failed(const struct edit_call *c, struct buf *out)
{
	if (!c->batch || !c->n_e || c->o->json || c->o->jsonl || diag_first(c->d) == E_USAGE)
		return;
	struct buf lead = BUF_INIT;
	nothing_written(&lead, c, c->e[0].target_text);
	footer_text(out, lead.data, NULL, -1);
	buf_release(&lead);
}
