/* The JSON renderer, --json and --jsonl: each object on one line, keys in the orders of
 * output-format.md §10, the omitted vocabulary of §11, and the error shape. */
#include <stdlib.h>
#include <string.h>

#include "../json.h"
#include "../utf8.h"
#include "internal.h"

static const char *const marker_names[] = {
	[MK_NONE] = "none", [MK_REPLACED] = "replaced", [MK_INSERTED] = "inserted", [MK_DELETED] = "deleted",
	[MK_HIT] = "hit",   [MK_CONTEXT] = "context",   [MK_GAP] = "gap",
};

void out_path_json(struct buf *b, const char *path)
{
	if (utf8_valid(path, strlen(path))) {
		json_cstr(b, path);
		return;
	}
	struct buf q = BUF_INIT;
	out_path_text(&q, path);
	json_cstr(b, q.data);
	buf_release(&q);
}

/* Where a JSON member's value comes from in a struct omission. */
enum om_value {
	OV_A, /* a */
	OV_B, /* b */
	OV_C, /* c */
	OV_S1, /* s1, a string */
	OV_S2, /* s2, a string */
	OV_LIST, /* list, an array of strings */
	OV_PAIRS, /* pairs, an array of [a,b] */
	OV_AB, /* [a,b] */
	OV_BC_OR_NULL, /* [b,c], or null when b is 0 */
};

struct om_field {
	const char *name; /* NULL ends the list */
	enum om_value value;
};

/* Each kind's JSON, {"<key>":{<fields>}} or, with no fields, the bare string "<key>", indexed
 * by kind. A new kind is a row here (and its footer text in text.c). */
static const struct om_row {
	const char *key;
	struct om_field fields[4];
} om_rows[] = {
	[OM_HIT_CAP] = {"hit_cap", {{"hits", OV_A}, {"cap", OV_B}}},
	[OM_TOP_FILES] = {"top_files", {{"shown", OV_A}}},
	[OM_CHECK_SKIPPED] = {"check_skipped", {{"reason", OV_S1}}},
	[OM_NORMALIZED] = {"normalized", {{0}}},
	[OM_PARTIAL_BATCH] = {"partial_batch", {{"written", OV_LIST}}},
	[OM_WINDOW] = {"window", {{"shown", OV_AB}, {"total", OV_C}}},
	[OM_BUDGET] = {"budget", {{"budget", OV_A}, {"trimmed_target", OV_S1}, {"not_shown", OV_BC_OR_NULL}}},
	[OM_IGNORED] = {"ignored", {{"gitignore", OV_A}, {"hidden", OV_B}, {"other", OV_C}}},
	[OM_SKIPPED] = {"skipped", {{"binary", OV_A}, {"too_large", OV_B}, {"unreadable", OV_C}}},
	[OM_UNRESOLVED] = {"unresolved", {{"target", OV_S1}, {"error", OV_S2}}},
	[OM_CHECK_INCONCLUSIVE] = {"check_inconclusive", {{"layer", OV_S1}, {"reason", OV_S2}}},
	[OM_LONG_LINES_CUT] = {"long_lines_cut", {{"lines", OV_A}}},
	[OM_OUTPUT_TRIMMED] = {"output_trimmed", {{"limit", OV_A}, {"lines", OV_B}}},
	[OM_LOSSY_LINES] = {"lossy_lines", {{"lines", OV_A}}},
	[OM_SELECTOR_RESOLVED] = {"selector_resolved", {{"selector", OV_S1}, {"resolved", OV_S2}}},
	[OM_GLOB] = {"glob", {{"patterns", OV_LIST}}},
	[OM_GREP_STYLE] = {"grep_style", {{"pattern", OV_S1}, {"read_as", OV_S2}}},
	[OM_CRLF_MATCHED] = {"crlf_matched", {{0}}},
	[OM_UNREADABLE] = {"unreadable", {{"path", OV_S1}}},
	[OM_XATTRS_DROPPED] = {"xattrs_dropped", {{"path", OV_S1}}},
	[OM_REGION_GAP] = {"region_gap", {{"not_shown", OV_PAIRS}}},
	[OM_MATCH_LIMIT] = {"match_limit", {{"files", OV_A}}},
	[OM_BUDGET_LIST] = {"budget_list", {{"budget", OV_A}, {"files", OV_B}}},
	[OM_WS_FOLDED] = {"whitespace_folded", {{0}}},
	[OM_REINDENTED] = {"reindented", {{0}}},
	[OM_PATH_CAP] = {"path_cap", {{"cap", OV_A}, {"paths", OV_B}}},
	[OM_ALIASES_REACHED] = {"aliases_reached", {{"key", OV_S1}, {"aliases", OV_A}}},
	[OM_MAP_BUDGET] = {"map_budget", {{"budget", OV_A}, {"definitions", OV_B}, {"files", OV_C}}},
};
_Static_assert(sizeof(om_rows) / sizeof(om_rows[0]) == OM_KIND_COUNT, "a JSON row for every omission kind");

static void json_str_list(struct buf *b, char *const *items, size_t n)
{
	buf_addc(b, '[');
	for (size_t i = 0; i < n; i++) {
		if (i)
			buf_addc(b, ',');
		json_cstr(b, items[i]);
	}
	buf_addc(b, ']');
}

static void om_value_json(struct buf *b, const struct omission *om, enum om_value v)
{
	switch (v) {
	case OV_A: buf_addf(b, "%ld", om->a); break;
	case OV_B: buf_addf(b, "%ld", om->b); break;
	case OV_C: buf_addf(b, "%ld", om->c); break;
	case OV_S1: json_cstr(b, om->s1); break;
	case OV_S2: json_cstr(b, om->s2); break;
	case OV_LIST: json_str_list(b, om->list, om->n_list); break;
	case OV_PAIRS:
		buf_addc(b, '[');
		for (size_t i = 0; i < om->n_pairs; i++)
			buf_addf(b, "%s[%ld,%ld]", i ? "," : "", om->pairs[2 * i], om->pairs[2 * i + 1]);
		buf_addc(b, ']');
		break;
	case OV_AB: buf_addf(b, "[%ld,%ld]", om->a, om->b); break;
	case OV_BC_OR_NULL:
		if (om->b)
			buf_addf(b, "[%ld,%ld]", om->b, om->c);
		else
			buf_adds(b, "null");
		break;
	}
}

static void omission_json(struct buf *b, const struct omission *om)
{
	const struct om_row *row = &om_rows[om->kind];
	if (!row->fields[0].name) {
		json_cstr(b, row->key);
		return;
	}
	buf_addc(b, '{');
	json_key(b, row->key);
	buf_addc(b, '{');
	for (const struct om_field *f = row->fields; f < row->fields + 4 && f->name; f++) {
		if (f > row->fields)
			buf_addc(b, ',');
		json_key(b, f->name);
		om_value_json(b, om, f->value);
	}
	buf_adds(b, "}}");
}

void omits_json(struct buf *b, const struct omits *o)
{
	buf_addc(b, '[');
	for (size_t i = 0; i < o->n; i++) {
		if (i)
			buf_addc(b, ',');
		omission_json(b, &o->items[i]);
	}
	buf_addc(b, ']');
}

void stats_json(struct buf *b, long lines, long bytes)
{
	long t = tokens_est(bytes);
	if (t < 0)
		buf_addf(b, "{\"lines\":%ld,\"bytes\":%ld,\"tokens_est\":null}", lines, bytes);
	else
		buf_addf(b, "{\"lines\":%ld,\"bytes\":%ld,\"tokens_est\":%ld}", lines, bytes, t);
}

void response_end_json(struct buf *b, const struct omits *om, long lines, long bytes)
{
	buf_adds(b, ",\"omitted\":");
	omits_json(b, om);
	buf_adds(b, ",\"stats\":");
	stats_json(b, lines, bytes);
	buf_adds(b, "}\n");
}

void line_json(struct buf *b, const struct out_line *l)
{
	/* appends, not buf_addf: once per line, and vsnprintf was most of a --json show */
	buf_adds(b, "{\"number\":");
	buf_add_num(b, l->number, 0);
	buf_adds(b, ",\"marker\":\"");
	buf_adds(b, marker_names[l->marker]);
	buf_adds(b, "\",\"text\":");
	json_str(b, l->text, l->len);
	buf_addc(b, '}');
}

void block_json(struct buf *b, const struct out_block *blk)
{
	buf_adds(b, "{\"target\":");
	out_path_json(b, blk->target);
	buf_adds(b, ",\"path\":");
	out_path_json(b, blk->path);
	if (blk->has_range)
		buf_addf(b, ",\"start\":%ld,\"end\":%ld,\"total\":%ld", blk->start, blk->end, blk->total);
	if (blk->window)
		buf_addf(b, ",\"window\":%ld", blk->window);
	if (blk->not_shown_a)
		buf_addf(b, ",\"not_shown\":[%ld,%ld]", blk->not_shown_a, blk->not_shown_b);
	if (blk->resolver) {
		buf_adds(b, ",\"resolver\":");
		json_cstr(b, blk->resolver);
	}
	if (blk->crlf)
		buf_adds(b, ",\"crlf\":true");
	if (blk->n_lossy) {
		buf_adds(b, ",\"lossy_lines\":[");
		for (size_t i = 0; i < blk->n_lossy; i++)
			buf_addf(b, "%s%ld", i ? "," : "", blk->lossy_lines[i]);
		buf_addc(b, ']');
	}
	if (blk->sha[0])
		buf_addf(b, ",\"sha\":\"%s\"", blk->sha);
	if (blk->kind)
		buf_addf(b, ",\"kind\":\"%s\",\"span\":[%ld,%ld]", blk->kind, blk->span_start, blk->span_end);
	buf_adds(b, ",\"lines\":[");
	for (size_t i = 0; i < blk->n_lines; i++) {
		if (i)
			buf_addc(b, ',');
		line_json(b, &blk->lines[i]);
	}
	buf_adds(b, "]}");
}

void region_json(struct buf *b, const struct out_block *r)
{
	long a = 0, z = 0;
	for (size_t i = 0; i < r->n_lines; i++)
		if (r->lines[i].marker != MK_GAP) {
			if (!a)
				a = r->lines[i].number;
			z = r->lines[i].number;
		}
	buf_addf(b, "{\"start\":%ld,\"end\":%ld,\"lines\":[", a, z);
	for (size_t i = 0; i < r->n_lines; i++) {
		if (i)
			buf_addc(b, ',');
		line_json(b, &r->lines[i]);
	}
	buf_adds(b, "]}");
}

void error_json(struct buf *b, const struct diag *d, const struct omits *om)
{
	char *msg = diag_joined(d);
	buf_adds(b, "{\"error\":{\"slug\":");
	json_cstr(b, err_slug(diag_first(d)));
	buf_adds(b, ",\"message\":");
	json_cstr(b, msg);
	buf_addc(b, '}');
	static const struct omits none = OMITS_INIT;
	response_end_json(b, om ? om : &none, 0, 0);
	free(msg);
}

static void row_json(struct buf *b, const struct out_row *row, bool counted)
{
	if (!counted) {
		out_path_json(b, row->path);
		return;
	}
	buf_addf(b, "{\"count\":%ld,\"path\":", row->count);
	out_path_json(b, row->path);
	buf_addc(b, '}');
}

/* {"layer":…,"status":…,"errors_before":e,"errors_after":e}, the check object of §10. */
static void out_check_json(struct buf *b, const struct out_check *ck)
{
	buf_adds(b, "{\"layer\":");
	json_cstr(b, ck->layer);
	buf_adds(b, ",\"status\":");
	json_cstr(b, ck->status);
	buf_addf(b, ",\"errors_before\":%ld,\"errors_after\":%ld}", ck->errors_before, ck->errors_after);
}

static void long_list_json(struct buf *b, const long *v, size_t n)
{
	buf_addc(b, '[');
	for (size_t i = 0; i < n; i++)
		buf_addf(b, "%s%ld", i ? "," : "", v[i]);
	buf_addc(b, ']');
}

/* What the kind adds after "path": the count and its anchor, the operations, or the outcome. */
static void change_head_json(struct buf *b, const struct out_change *ch)
{
	switch (ch->kind) {
	case CHG_REPLACE: buf_addf(b, ",\"replacements\":%ld", ch->count); break;
	case CHG_INSERT:
		buf_addf(b, ",\"inserted\":%ld,\"anchor\":{\"side\":", ch->count);
		json_cstr(b, ch->side);
		buf_adds(b, ",\"at\":");
		json_cstr(b, ch->anchor);
		buf_addf(b, ",\"line\":%ld}", ch->anchor_line);
		break;
	case CHG_TRANSFORM:
		buf_adds(b, ",\"format\":");
		json_cstr(b, ch->format);
		buf_adds(b, ",\"operations\":[");
		for (size_t i = 0; i < ch->n_ops; i++) {
			buf_adds(b, i ? ",{\"op\":" : "{\"op\":");
			json_cstr(b, ch->ops[i].op);
			buf_adds(b, ",\"key\":");
			json_cstr(b, ch->ops[i].key);
			buf_addc(b, '}');
		}
		buf_addc(b, ']');
		break;
	case CHG_WRITE:
		buf_adds(b, ",\"outcome\":");
		json_cstr(b, ch->outcome);
		buf_addf(b, ",\"lines\":%ld,\"bytes\":%ld,\"sha\":", ch->count, ch->bytes);
		json_cstr(b, ch->sha_after);
		break;
	}
}

/* One change's members, without the braces (a single change is the response object itself). */
static void change_members_json(struct buf *b, const struct out_change *ch)
{
	buf_adds(b, "\"path\":");
	out_path_json(b, ch->path);
	change_head_json(b, ch);
	if (ch->kind != CHG_WRITE) {
		buf_adds(b, ",\"lines\":");
		long_list_json(b, ch->lines, ch->n_lines);
	}
	if (ch->match) {
		buf_adds(b, ",\"match\":");
		json_cstr(b, ch->match);
	}
	if (ch->resolver) {
		buf_adds(b, ",\"resolver\":");
		json_cstr(b, ch->resolver);
	}
	if (ch->region && ch->region->n_lines) {
		buf_adds(b, ",\"region\":");
		region_json(b, ch->region);
	}
	if (ch->check.layer) {
		buf_adds(b, ",\"check\":");
		out_check_json(b, &ch->check);
	}
	if (ch->kind != CHG_WRITE) {
		buf_adds(b, ",\"sha\":{\"before\":");
		json_cstr(b, ch->sha_before);
		buf_adds(b, ",\"after\":");
		json_cstr(b, ch->sha_after);
		buf_addc(b, '}');
	}
	if (ch->reverted)
		buf_adds(b, ",\"reverted\":true");
	else if (ch->no_change)
		buf_adds(b, ",\"no_change\":true");
}

/* The keys after the list: omitted and stats (--jsonl: stats first, in a record of their own),
 * then the busiest files when over the cap, then the object closes. */
static void response_tail_json(struct buf *b, const struct response *r, bool jsonl)
{
	if (jsonl) {
		buf_adds(b, "{\"stats\":");
		stats_json(b, r->lines, r->bytes);
		buf_adds(b, ",\"omitted\":");
		omits_json(b, r->om);
	} else {
		buf_adds(b, "],\"omitted\":");
		omits_json(b, r->om);
		buf_adds(b, ",\"stats\":");
		stats_json(b, r->lines, r->bytes);
	}
	if (r->top) {
		buf_adds(b, ",\"top_files\":[");
		for (size_t i = 0; i < r->n_top; i++) {
			if (i)
				buf_addc(b, ',');
			row_json(b, &r->top[i], true);
		}
		buf_addc(b, ']');
		if (r->top_more)
			buf_addf(b, ",\"top_files_more\":%ld", r->top_more);
	}
	buf_adds(b, "}\n");
}

/* With list_key NULL the one change is the response object: its members, then omitted and stats
 * (--jsonl: the change, then a stats record, unless one_record). */
static void changes_json(struct buf *b, const struct response *r, bool jsonl)
{
	if (r->list_key && !jsonl) {
		buf_addf(b, "{\"%s\":[", r->list_key);
		for (size_t i = 0; i < r->n_changes; i++) {
			buf_adds(b, i ? ",{" : "{");
			change_members_json(b, &r->changes[i]);
			buf_addc(b, '}');
		}
		response_tail_json(b, r, false);
		return;
	}
	if (!jsonl || r->one_record) {
		buf_addc(b, '{');
		change_members_json(b, &r->changes[0]);
		response_end_json(b, r->om, r->lines, r->bytes);
		return;
	}
	for (size_t i = 0; i < r->n_changes; i++) {
		buf_addc(b, '{');
		change_members_json(b, &r->changes[i]);
		buf_adds(b, "}\n");
	}
	response_tail_json(b, r, true);
}

static void member_json(struct buf *b, const struct out_member *m)
{
	if (m->key)
		json_key(b, m->key);
	switch (m->type) {
	case OUT_STRING: json_cstr(b, m->string); break;
	case OUT_NUMBER: buf_addf(b, "%ld", m->number); break;
	case OUT_BOOL: buf_adds(b, m->number ? "true" : "false"); break;
	case OUT_NULL: buf_adds(b, "null"); break;
	case OUT_OBJECT:
	case OUT_ARRAY:
		buf_addc(b, m->type == OUT_OBJECT ? '{' : '[');
		for (size_t i = 0; i < m->n_items; i++) {
			if (i)
				buf_addc(b, ',');
			member_json(b, &m->items[i]);
		}
		buf_addc(b, m->type == OUT_OBJECT ? '}' : ']');
		break;
	}
}

void response_json(struct buf *b, const struct response *r, bool jsonl)
{
	if (r->report) { /* one object, --jsonl too, with no omitted or stats (§10) */
		member_json(b, &(struct out_member){
				       .type = OUT_OBJECT, .items = r->report, .n_items = r->n_report});
		buf_addc(b, '\n');
		return;
	}
	if (r->changes) {
		changes_json(b, r, jsonl);
		return;
	}
	if (!jsonl)
		buf_addf(b, "{\"%s\":[", r->list_key);
	size_t n = r->blocks ? r->n_blocks : r->n_rows;
	for (size_t i = 0; i < n; i++) {
		if (!jsonl && i)
			buf_addc(b, ',');
		if (r->blocks)
			block_json(b, &r->blocks[i]);
		else
			row_json(b, &r->rows[i], r->rows_counted);
		if (jsonl)
			buf_addc(b, '\n');
	}
	response_tail_json(b, r, jsonl);
}
