#include "output.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "file.h"
#include "json.h"
#include "opt.h"
#include "target.h"

static const char *const marker_chars[] = {
	[MK_NONE] = " ", [MK_REPLACED] = "~", [MK_INSERTED] = "+",   [MK_DELETED] = "-",
	[MK_HIT] = ":",  [MK_CONTEXT] = "-",  [MK_GAP] = "\xC2\xB7",
};
static const char *const marker_names[] = {
	[MK_NONE] = "none", [MK_REPLACED] = "replaced", [MK_INSERTED] = "inserted", [MK_DELETED] = "deleted",
	[MK_HIT] = "hit",   [MK_CONTEXT] = "context",   [MK_GAP] = "gap",
};

struct out_line *block_add_line(struct out_block *b, long number, enum marker m, const char *text, size_t len)
{
	XGROW(b->lines, b->cap_lines, b->n_lines + 1);
	struct out_line *l = &b->lines[b->n_lines++];
	l->number = number;
	l->marker = m;
	l->text = xstrndup(text, len);
	l->len = len;
	l->note = NULL;
	return l;
}

/* Drops lines from index keep on (budget trimming). */
static void block_truncate(struct out_block *b, size_t keep)
{
	for (size_t i = keep; i < b->n_lines; i++)
		free(b->lines[i].text);
	if (keep < b->n_lines)
		b->n_lines = keep;
}

void block_release(struct out_block *b)
{
	if (!b)
		return;
	block_truncate(b, 0);
	free(b->lines);
	free(b->target);
	free(b->path);
	free(b->lossy_lines);
	memset(b, 0, sizeof(*b));
}

void block_note_first_change(struct out_block *b, const char *note)
{
	for (size_t k = 0; k < b->n_lines; k++)
		if (b->lines[k].marker == MK_REPLACED || b->lines[k].marker == MK_INSERTED) {
			b->lines[k].note = note;
			return;
		}
}

/* The one place an omission is appended: zeroed, so every field a kind does not use is 0/NULL.
 * The pointer is valid only until the next append to o, which may move the array. */
static struct omission *omit_new(struct omits *o, enum omission_kind kind)
{
	XGROW(o->items, o->cap, o->n + 1);
	struct omission *om = &o->items[o->n++];
	memset(om, 0, sizeof(*om));
	om->kind = kind;
	return om;
}

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

static void omission_add_item(struct omission *om, const char *s)
{
	om->list = xrealloc(om->list, (om->n_list + 1) * sizeof(*om->list));
	om->list[om->n_list++] = xstrdup(s);
}

static void omission_add_pair(struct omission *om, long a, long b)
{
	om->pairs = xrealloc(om->pairs, (om->n_pairs + 1) * 2 * sizeof(*om->pairs));
	om->pairs[2 * om->n_pairs] = a;
	om->pairs[2 * om->n_pairs + 1] = b;
	om->n_pairs++;
}

/* An omission of kind holding numbers a, b, c and strings s1, s2 (copied). */
static void omit_fields(struct omits *o, enum omission_kind kind, long a, long b, long c, const char *s1,
			const char *s2)
{
	struct omission *om = omit_new(o, kind);
	om->a = a;
	om->b = b;
	om->c = c;
	om->s1 = dup_or_null(s1);
	om->s2 = dup_or_null(s2);
}

/* An omission of kind holding the list items[0..n) (copied). */
static void omit_list(struct omits *o, enum omission_kind kind, const char *const *items, size_t n)
{
	struct omission *om = omit_new(o, kind);
	for (size_t i = 0; i < n; i++)
		omission_add_item(om, items[i]);
}

void omit_hit_cap(struct omits *o, long hits, long cap, const char *way_out)
{
	omit_fields(o, OM_HIT_CAP, hits, cap, 0, way_out, NULL);
}

void omit_top_files(struct omits *o, long shown)
{
	omit_fields(o, OM_TOP_FILES, shown, 0, 0, NULL, NULL);
}

void omit_check_skipped(struct omits *o, const char *reason)
{
	omit_fields(o, OM_CHECK_SKIPPED, 0, 0, 0, reason, NULL);
}

void omit_normalized(struct omits *o)
{
	omit_new(o, OM_NORMALIZED);
}

void omit_partial_batch(struct omits *o, const char *const *written, size_t n)
{
	omit_list(o, OM_PARTIAL_BATCH, written, n);
}

void omit_window(struct omits *o, long from, long to, long total)
{
	omit_fields(o, OM_WINDOW, from, to, total, NULL, NULL);
}

void omit_budget(struct omits *o, long budget, const char *target, long from, long to)
{
	omit_fields(o, OM_BUDGET, budget, from, to, target, NULL);
}

void omit_ignored(struct omits *o, long gitignore, long hidden, long other)
{
	omit_fields(o, OM_IGNORED, gitignore, hidden, other, NULL, NULL);
}

void omit_skipped(struct omits *o, long binary, long too_large, long unreadable)
{
	omit_fields(o, OM_SKIPPED, binary, too_large, unreadable, NULL, NULL);
}

void omit_unresolved(struct omits *o, const char *target, const char *slug)
{
	omit_fields(o, OM_UNRESOLVED, 0, 0, 0, target, slug);
}

void omit_check_inconclusive(struct omits *o, const char *layer, const char *reason)
{
	omit_fields(o, OM_CHECK_INCONCLUSIVE, 0, 0, 0, layer, reason);
}

void omit_long_lines_cut(struct omits *o, long lines)
{
	omit_fields(o, OM_LONG_LINES_CUT, lines, 0, 0, NULL, NULL);
}

void omit_output_trimmed(struct omits *o, long limit, long lines)
{
	omit_fields(o, OM_OUTPUT_TRIMMED, limit, lines, 0, NULL, NULL);
}

void omit_lossy_lines(struct omits *o, long lines)
{
	omit_fields(o, OM_LOSSY_LINES, lines, 0, 0, NULL, NULL);
}

void omit_selector_resolved(struct omits *o, const char *selector, const char *resolved)
{
	omit_fields(o, OM_SELECTOR_RESOLVED, 0, 0, 0, selector, resolved);
}

void omit_glob(struct omits *o, const char *const *patterns, size_t n)
{
	omit_list(o, OM_GLOB, patterns, n);
}

void omit_grep_style(struct omits *o, const char *pattern, const char *read_as)
{
	omit_fields(o, OM_GREP_STYLE, 0, 0, 0, pattern, read_as);
}

void omit_crlf_matched(struct omits *o)
{
	omit_new(o, OM_CRLF_MATCHED);
}

void omit_unreadable(struct omits *o, const char *path)
{
	omit_fields(o, OM_UNREADABLE, 0, 0, 0, path, NULL);
}

void omit_xattrs_dropped(struct omits *o, const char *path)
{
	omit_fields(o, OM_XATTRS_DROPPED, 0, 0, 0, path, NULL);
}

void omit_region_gap(struct omits *o, long from, long to)
{
	struct omission *om = NULL;
	for (size_t i = 0; i < o->n && !om; i++)
		if (o->items[i].kind == OM_REGION_GAP)
			om = &o->items[i];
	omission_add_pair(om ? om : omit_new(o, OM_REGION_GAP), from, to);
}

void omit_match_limit(struct omits *o, long files)
{
	omit_fields(o, OM_MATCH_LIMIT, files, 0, 0, NULL, NULL);
}

void omit_budget_list(struct omits *o, long budget, long files)
{
	omit_fields(o, OM_BUDGET_LIST, budget, files, 0, NULL, NULL);
}

void omit_whitespace_folded(struct omits *o)
{
	omit_new(o, OM_WS_FOLDED);
}

void omit_reindented(struct omits *o)
{
	omit_new(o, OM_REINDENTED);
}

void omit_path_cap(struct omits *o, long cap, long paths)
{
	omit_fields(o, OM_PATH_CAP, cap, paths, 0, NULL, NULL);
}

void omit_copy(struct omits *o, const struct omission *src)
{
	struct omission *om = omit_new(o, src->kind);
	om->a = src->a;
	om->b = src->b;
	om->c = src->c;
	om->s1 = dup_or_null(src->s1);
	om->s2 = dup_or_null(src->s2);
	for (size_t k = 0; k < src->n_list; k++)
		omission_add_item(om, src->list[k]);
	for (size_t k = 0; k < src->n_pairs; k++)
		omission_add_pair(om, src->pairs[2 * k], src->pairs[2 * k + 1]);
}

void omits_release(struct omits *o)
{
	for (size_t i = 0; i < o->n; i++) {
		struct omission *om = &o->items[i];
		free(om->s1);
		free(om->s2);
		for (size_t j = 0; j < om->n_list; j++)
			free(om->list[j]);
		free(om->list);
		free(om->pairs);
	}
	free(o->items);
	memset(o, 0, sizeof(*o));
}

void plural(struct buf *b, long n, const char *one, const char *many)
{
	buf_addf(b, "%ld %s", n, n == 1 ? one : many);
}

/* "ignored 3 (gitignore 1 · hidden 2)": zero parts dropped, nothing at all when every part is 0. */
static void counted_parts(struct buf *b, const char *what, const char *const names[3], const long v[3])
{
	long total = v[0] + v[1] + v[2];
	if (!total)
		return;
	buf_addf(b, "%s %ld (", what, total);
	bool first = true;
	for (int i = 0; i < 3; i++) {
		if (!v[i])
			continue;
		buf_addf(b, "%s%s %ld", first ? "" : OUT_DOT, names[i], v[i]);
		first = false;
	}
	buf_addc(b, ')');
}

/* The gap line and the footer name a gap in the same words. */
static void not_shown(struct buf *b, long a, long z)
{
	buf_addf(b, ":%ld-%ld not shown", a, z);
}

/* paths: the items are paths, printed as target_path_text writes them. */
static void joined_list(struct buf *b, char *const *items, size_t n, bool paths)
{
	for (size_t i = 0; i < n; i++) {
		buf_adds(b, i ? ", " : "");
		if (paths)
			target_path_text(b, items[i]);
		else
			buf_adds(b, items[i]);
	}
}

static void text_hit_cap(struct buf *b, const struct omission *om)
{
	buf_addf(b, "over the %ld-hit cap \xC2\xB7 %s", om->b,
		 om->s1 ? om->s1 : "narrow the pattern or the paths, or --files");
}

static void text_top_files(struct buf *b, const struct omission *om)
{
	buf_adds(b, "top ");
	plural(b, om->a, "file", "files");
	buf_adds(b, " shown");
}

static void text_check_skipped(struct buf *b, const struct omission *om)
{
	buf_addf(b, "check: skipped (%s)", om->s1);
}

static void text_normalized(struct buf *b, const struct omission *om)
{
	(void)om;
	buf_adds(b, "normalized");
}

static void text_partial_batch(struct buf *b, const struct omission *om)
{
	buf_adds(b, "wrote ");
	plural(b, (long)om->n_list, "file", "files");
	buf_adds(b, ": ");
	joined_list(b, om->list, om->n_list, true);
}

static void text_window(struct buf *b, const struct omission *om)
{
	not_shown(b, om->b + 1, om->c);
}

static void text_budget(struct buf *b, const struct omission *om)
{
	buf_addf(b, "budget %ld trimmed ", om->a);
	target_path_text(b, om->s1);
	if (om->b)
		buf_addf(b, " (:%ld-%ld not shown)", om->b, om->c);
}

static void text_ignored(struct buf *b, const struct omission *om)
{
	static const char *const names[3] = {"gitignore", "hidden", "other"};
	const long v[3] = {om->a, om->b, om->c};
	counted_parts(b, "ignored", names, v);
}

static void text_skipped(struct buf *b, const struct omission *om)
{
	static const char *const names[3] = {"binary", "too large", "unreadable"};
	const long v[3] = {om->a, om->b, om->c};
	counted_parts(b, "skipped", names, v);
}

static void text_unresolved(struct buf *b, const struct omission *om)
{
	target_path_text(b, om->s1);
	buf_addf(b, " failed (%s)", om->s2);
}

static void text_check_inconclusive(struct buf *b, const struct omission *om)
{
	buf_addf(b, "check: %s inconclusive (%s)", om->s1, om->s2);
}

static void text_long_lines_cut(struct buf *b, const struct omission *om)
{
	plural(b, om->a, "long line", "long lines");
	buf_adds(b, " cut");
}

static void text_output_trimmed(struct buf *b, const struct omission *om)
{
	buf_addf(b, "output over --max-bytes %ld: ", om->a);
	plural(b, om->b, "line", "lines");
	buf_adds(b, " not shown");
}

static void text_budget_list(struct buf *b, const struct omission *om)
{
	buf_addf(b, "budget %ld trimmed the list: ", om->a);
	plural(b, om->b, "file", "files");
	buf_adds(b, " not shown");
}

static void text_lossy_lines(struct buf *b, const struct omission *om)
{
	plural(b, om->a, "non-UTF-8 line", "non-UTF-8 lines");
	buf_adds(b, " shown lossily");
}

static void text_selector_resolved(struct buf *b, const struct omission *om)
{
	buf_addf(b, "%s \xE2\x86\x92 %s", om->s1, om->s2);
}

static void text_glob(struct buf *b, const struct omission *om)
{
	buf_adds(b, "glob ");
	joined_list(b, om->list, om->n_list, false);
}

static void text_grep_style(struct buf *b, const struct omission *om)
{
	buf_addf(b, "\xC2\xAB%s\xC2\xBB had no hits, read grep-style as \xC2\xAB%s\xC2\xBB", om->s1, om->s2);
}

static void text_crlf_matched(struct buf *b, const struct omission *om)
{
	(void)om;
	buf_adds(b, "--old matched as CRLF");
}

static void text_ws_folded(struct buf *b, const struct omission *om)
{
	(void)om;
	buf_adds(b, "whitespace-folded");
}

static void text_reindented(struct buf *b, const struct omission *om)
{
	(void)om;
	buf_adds(b, "re-indented");
}

static void text_path_cap(struct buf *b, const struct omission *om)
{
	plural(b, om->b, "more path", "more paths");
	buf_addf(b, " over the %ld-path cap \xC2\xB7 narrow the pattern or raise --cap", om->a);
}

static void text_unreadable(struct buf *b, const struct omission *om)
{
	target_path_text(b, om->s1);
	buf_adds(b, " unreadable");
}

static void text_xattrs_dropped(struct buf *b, const struct omission *om)
{
	(void)om;
	buf_adds(b, "xattrs dropped");
}

static void text_region_gap(struct buf *b, const struct omission *om)
{
	for (size_t i = 0; i < om->n_pairs; i++) {
		if (i)
			buf_adds(b, OUT_DOT);
		not_shown(b, om->pairs[2 * i], om->pairs[2 * i + 1]);
	}
}

static void text_match_limit(struct buf *b, const struct omission *om)
{
	buf_adds(b, "regex match limit hit in ");
	plural(b, om->a, "file", "files");
	buf_adds(b, ", searched only up to it \xC2\xB7 simplify the pattern");
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

/* One omission kind: its footer text and its JSON, {"<key>":{<fields>}} or, with no fields, the
 * bare string "<key>". A new kind is one row here and one text function above. */
static const struct om_row {
	const char *key;
	void (*text)(struct buf *b, const struct omission *om);
	struct om_field fields[4];
} om_rows[] = {
	[OM_HIT_CAP] = {"hit_cap", text_hit_cap, {{"hits", OV_A}, {"cap", OV_B}}},
	[OM_TOP_FILES] = {"top_files", text_top_files, {{"shown", OV_A}}},
	[OM_CHECK_SKIPPED] = {"check_skipped", text_check_skipped, {{"reason", OV_S1}}},
	[OM_NORMALIZED] = {"normalized", text_normalized, {{0}}},
	[OM_PARTIAL_BATCH] = {"partial_batch", text_partial_batch, {{"written", OV_LIST}}},
	[OM_WINDOW] = {"window", text_window, {{"shown", OV_AB}, {"total", OV_C}}},
	[OM_BUDGET] = {"budget",
		       text_budget,
		       {{"budget", OV_A}, {"trimmed_target", OV_S1}, {"not_shown", OV_BC_OR_NULL}}},
	[OM_IGNORED] = {"ignored", text_ignored, {{"gitignore", OV_A}, {"hidden", OV_B}, {"other", OV_C}}},
	[OM_SKIPPED] = {"skipped",
			text_skipped,
			{{"binary", OV_A}, {"too_large", OV_B}, {"unreadable", OV_C}}},
	[OM_UNRESOLVED] = {"unresolved", text_unresolved, {{"target", OV_S1}, {"error", OV_S2}}},
	[OM_CHECK_INCONCLUSIVE] = {"check_inconclusive",
				   text_check_inconclusive,
				   {{"layer", OV_S1}, {"reason", OV_S2}}},
	[OM_LONG_LINES_CUT] = {"long_lines_cut", text_long_lines_cut, {{"lines", OV_A}}},
	[OM_OUTPUT_TRIMMED] = {"output_trimmed", text_output_trimmed, {{"limit", OV_A}, {"lines", OV_B}}},
	[OM_LOSSY_LINES] = {"lossy_lines", text_lossy_lines, {{"lines", OV_A}}},
	[OM_SELECTOR_RESOLVED] = {"selector_resolved",
				  text_selector_resolved,
				  {{"selector", OV_S1}, {"resolved", OV_S2}}},
	[OM_GLOB] = {"glob", text_glob, {{"patterns", OV_LIST}}},
	[OM_GREP_STYLE] = {"grep_style", text_grep_style, {{"pattern", OV_S1}, {"read_as", OV_S2}}},
	[OM_CRLF_MATCHED] = {"crlf_matched", text_crlf_matched, {{0}}},
	[OM_UNREADABLE] = {"unreadable", text_unreadable, {{"path", OV_S1}}},
	[OM_XATTRS_DROPPED] = {"xattrs_dropped", text_xattrs_dropped, {{"path", OV_S1}}},
	[OM_REGION_GAP] = {"region_gap", text_region_gap, {{"not_shown", OV_PAIRS}}},
	[OM_MATCH_LIMIT] = {"match_limit", text_match_limit, {{"files", OV_A}}},
	[OM_BUDGET_LIST] = {"budget_list", text_budget_list, {{"budget", OV_A}, {"files", OV_B}}},
	[OM_WS_FOLDED] = {"whitespace_folded", text_ws_folded, {{0}}},
	[OM_REINDENTED] = {"reindented", text_reindented, {{0}}},
	[OM_PATH_CAP] = {"path_cap", text_path_cap, {{"cap", OV_A}, {"paths", OV_B}}},
};

void omission_text(struct buf *b, const struct omission *om)
{
	om_rows[om->kind].text(b, om);
}

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

/* The process's stats settings: written once by main, before any thread starts, then only read. */
static struct {
	long ratio;
	bool no_stats;
} stats_env = {4, false};

void output_stats_config(const char *token_ratio, const char *no_stats)
{
	stats_env.ratio = 4;
	if (token_ratio && *token_ratio) {
		char *end;
		long v = strtol(token_ratio, &end, 10);
		if (!*end && v > 0)
			stats_env.ratio = v;
	}
	stats_env.no_stats = no_stats && !strcmp(no_stats, "1");
}

long tokens_est(long bytes)
{
	if (stats_env.no_stats || bytes <= 0)
		return -1;
	return bytes / stats_env.ratio;
}

void cost_text(struct buf *b, long tokens)
{
	if (tokens < 0)
		return;
	if (tokens < 100) {
		buf_addf(b, "~%ld tokens", tokens);
		return;
	}
	long tenths = (tokens + 50) / 100;
	buf_addf(b, "~%ld.%ldk tokens", tenths / 10, tenths % 10);
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

int num_width(long n)
{
	int w = 1;
	while (n >= 10) {
		n /= 10;
		w++;
	}
	return w;
}

void line_text(struct buf *b, const struct out_line *l, int width, bool numbers)
{
	if (numbers) {
		if (l->marker == MK_GAP)
			buf_add_spaces(b, (size_t)width);
		else
			buf_addf(b, "%*ld", width, l->number);
		buf_adds(b, marker_chars[l->marker]);
		buf_addc(b, '\t');
	}
	buf_add(b, l->text, l->len);
	if (l->note) {
		buf_add_spaces(b, 10);
		buf_adds(b, l->note);
	}
	buf_addc(b, '\n');
}

void line_json(struct buf *b, const struct out_line *l)
{
	buf_addf(b, "{\"number\":%ld,\"marker\":\"%s\",\"text\":", l->number, marker_names[l->marker]);
	json_str(b, l->text, l->len);
	buf_addc(b, '}');
}

size_t line_cost(const struct out_line *l)
{
	return l->len + 1;
}

void block_json(struct buf *b, const struct out_block *blk)
{
	buf_adds(b, "{\"target\":");
	target_path_json(b, blk->target);
	buf_adds(b, ",\"path\":");
	target_path_json(b, blk->path);
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

void region_build(struct out_block *r, const struct file *f, const long *changed, size_t n, enum marker mk,
		  struct omits *gap, long *cut, long *lossy)
{
	struct buf disp = BUF_INIT;
	size_t i = 0;
	long shown_to = 0;
	long total = (long)f->n_lines;
	while (i < n) {
		long a = changed[i] - 2 < 1 ? 1 : changed[i] - 2;
		long z = changed[i] + 2;
		size_t j = i + 1;
		while (j < n && changed[j] - 2 <= z + 2) { /* a one-line gap costs more than the line */
			z = changed[j] + 2;
			j++;
		}
		if (z > total)
			z = total;
		if (shown_to && a > shown_to + 1) {
			omit_region_gap(gap, shown_to + 1, a - 1);
			buf_truncate(&disp, 0);
			not_shown(&disp, shown_to + 1, a - 1);
			block_add_line(r, shown_to + 1, MK_GAP, disp.data, disp.len);
		}
		size_t k = i;
		for (long l = a; l <= z; l++) {
			while (k < j && changed[k] < l)
				k++;
			bool was_lossy, was_cut;
			buf_truncate(&disp, 0);
			file_line_display(&disp, f, (size_t)l, &was_lossy, &was_cut);
			block_add_line(r, l, k < j && changed[k] == l ? mk : MK_NONE, disp.data, disp.len);
			*cut += was_cut;
			*lossy += was_lossy;
		}
		shown_to = z;
		i = j;
	}
	buf_release(&disp);
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

void footer_text(struct buf *b, const char *lead, const struct omits *om, long tokens)
{
	size_t start = b->len;
	buf_adds(b, OUT_RULE);
	size_t body = b->len;
	if (lead && *lead)
		buf_adds(b, lead);
	for (size_t i = 0; om && i < om->n; i++) {
		size_t before = b->len;
		if (b->len > body)
			buf_adds(b, OUT_DOT);
		size_t seg = b->len;
		omission_text(b, &om->items[i]);
		if (b->len == seg)
			buf_truncate(b, before);
	}
	if (tokens >= 0) {
		if (b->len > body)
			buf_adds(b, OUT_DOT);
		cost_text(b, tokens);
	}
	if (b->len == body)
		buf_truncate(b, start);
	else
		buf_addc(b, '\n');
}

static size_t block_bytes(const struct out_block *blk)
{
	size_t n = 0;
	for (size_t i = 0; i < blk->n_lines; i++)
		n += line_cost(&blk->lines[i]);
	return n;
}

static void budget_trim(struct out_block *blocks, size_t n, long budget, struct omits *om)
{
	size_t total = 0;
	for (size_t i = 0; i < n; i++)
		total += block_bytes(&blocks[i]);
	/* the budget applies even under LETS_NO_STATS, so use the divisor, not tokens_est */
	size_t limit = (size_t)budget * (size_t)stats_env.ratio;
	while (total > limit) {
		size_t big = 0, big_bytes = 0;
		for (size_t i = 0; i < n; i++) {
			size_t bb = block_bytes(&blocks[i]);
			if (bb > big_bytes) {
				big = i;
				big_bytes = bb;
			}
		}
		if (!big_bytes)
			break;
		struct out_block *blk = &blocks[big];
		size_t keep = blk->n_lines;
		while (keep > 0 && total > limit) {
			keep--;
			total -= line_cost(&blk->lines[keep]);
		}
		long a = blk->lines[keep].number, z = blk->lines[blk->n_lines - 1].number;
		block_truncate(blk, keep);
		omit_budget(om, budget, blk->target, a, z);
		if (blk->has_range && keep)
			blk->end = blk->lines[keep - 1].number;
	}
}

/* Keeps whole lines up to max_bytes of content (a verb that has written its change and shows what
 * fits); the cut is named as OM_OUTPUT_TRIMMED. */
static void max_bytes_trim(struct out_block *blocks, size_t n, long max_bytes, struct omits *om)
{
	size_t used = 0;
	long dropped = 0;
	for (size_t i = 0; i < n; i++) {
		struct out_block *blk = &blocks[i];
		size_t keep = 0;
		while (keep < blk->n_lines && used + line_cost(&blk->lines[keep]) <= (size_t)max_bytes)
			used += line_cost(&blk->lines[keep++]);
		dropped += (long)(blk->n_lines - keep);
		if (keep < blk->n_lines) {
			block_truncate(blk, keep);
			if (blk->has_range && keep)
				blk->end = blk->lines[keep - 1].number;
			used = (size_t)max_bytes; /* later blocks print no lines: keep the cut in one place */
		}
	}
	omit_output_trimmed(om, max_bytes, dropped);
}

/* over_budget: the size, the limit and the flags that fit — a --budget whose bytes stay within
 * the limit (none when the limit is under one token), or a --max-bytes the whole answer fits. */
static void over_budget(struct diag *d, long bytes, long max_bytes)
{
	/* the budget applies even under LETS_NO_STATS, so use the divisor, not tokens_est */
	long fit = max_bytes / stats_env.ratio;
	struct buf m = BUF_INIT;
	buf_addf(&m, "content is %ld bytes, over the %ld-byte budget" OUT_DOT "pass ", bytes, max_bytes);
	if (fit > 0)
		buf_addf(&m, "--budget %ld to trim it to fit, or ", fit);
	buf_addf(&m, "--max-bytes %ld to show it all", bytes);
	diag_add(d, E_OVER_BUDGET, "%s", m.data);
	buf_release(&m);
}

bool blocks_shape(struct out_block *blocks, size_t n, long budget, long max_bytes, struct omits *om,
		  struct diag *d)
{
	if (budget != OPT_UNSET) {
		budget_trim(blocks, n, budget, om);
		return false;
	}
	size_t total = 0;
	for (size_t i = 0; i < n; i++)
		total += block_bytes(&blocks[i]);
	if ((long)total <= max_bytes)
		return false;
	if (!d) {
		max_bytes_trim(blocks, n, max_bytes, om);
		return false;
	}
	over_budget(d, (long)total, max_bytes);
	return true;
}

/* What a row costs as text: its path and '\n', after a count of width digits and two spaces. */
static long row_cost(const struct out_row *row, bool counted, int width)
{
	return (long)strlen(row->path) + 1 + (counted ? width + 2 : 0);
}

static int rows_width(const struct out_row *rows, size_t n)
{
	long widest = 0;
	for (size_t i = 0; i < n; i++)
		if (rows[i].count > widest)
			widest = rows[i].count;
	return num_width(widest);
}

long rows_bytes(const struct out_row *rows, size_t n, bool counted)
{
	int width = rows_width(rows, n);
	long bytes = 0;
	for (size_t i = 0; i < n; i++)
		bytes += row_cost(&rows[i], counted, width);
	return bytes;
}

bool rows_shape(const struct out_row *rows, size_t n, bool counted, long budget, long max_bytes,
		struct omits *om, struct diag *d, size_t *shown)
{
	bool by_budget = budget != OPT_UNSET;
	/* the budget applies even under LETS_NO_STATS, so use the divisor, not tokens_est */
	long limit = by_budget ? budget * stats_env.ratio : max_bytes;
	long total = rows_bytes(rows, n, counted);
	*shown = n;
	if (total <= limit)
		return false;
	if (!by_budget) {
		over_budget(d, total, max_bytes);
		*shown = 0;
		return true;
	}
	/* the count column is as wide as the widest count in the rows kept, which only narrows */
	int width = rows_width(rows, n);
	size_t keep = 0;
	long used = 0;
	while (keep < n && used + row_cost(&rows[keep], counted, width) <= limit)
		used += row_cost(&rows[keep++], counted, width);
	omit_budget_list(om, budget, (long)(n - keep));
	*shown = keep;
	return false;
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

void blocks_stats(const struct out_block *blocks, size_t n, long *lines, long *bytes)
{
	*lines = *bytes = 0;
	for (size_t i = 0; i < n; i++) {
		*lines += (long)blocks[i].n_lines;
		*bytes += (long)block_bytes(&blocks[i]);
	}
}

static void row_json(struct buf *b, const struct out_row *row, bool counted)
{
	if (!counted) {
		target_path_json(b, row->path);
		return;
	}
	buf_addf(b, "{\"count\":%ld,\"path\":", row->count);
	target_path_json(b, row->path);
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
	target_path_json(b, ch->path);
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

/* "line 5", "lines 1, 8", "lines 4-6, 9", at most 20 entries then " (+M more)". */
static void line_list_text(struct buf *b, const long *v, size_t n)
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

/* "set a, b, delete c": the operations grouped by verb in first-appearance order. */
static void ops_text(struct buf *b, const struct out_op *ops, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		bool seen = false;
		for (size_t k = 0; k < i && !seen; k++)
			seen = !strcmp(ops[k].op, ops[i].op);
		if (seen)
			continue;
		buf_addf(b, "%s%s ", i ? ", " : "", ops[i].op);
		bool one = true;
		for (size_t m = i; m < n; m++)
			if (!strcmp(ops[m].op, ops[i].op)) {
				buf_addf(b, "%s%s", one ? "" : ", ", ops[m].key);
				one = false;
			}
	}
}

/* "── path · …" and '\n': what the change did, in the words of output-format.md §3, §7. */
static void change_header_text(struct buf *b, const struct out_change *ch)
{
	buf_adds(b, OUT_RULE);
	target_path_text(b, ch->path);
	buf_adds(b, OUT_DOT);
	switch (ch->kind) {
	case CHG_REPLACE:
		plural(b, ch->count, "replacement", "replacements");
		buf_adds(b, OUT_DOT);
		line_list_text(b, ch->lines, ch->n_lines);
		if (!ch->reverted && ch->match)
			buf_addf(b, OUT_DOT "%s", ch->match);
		if (!ch->reverted && ch->resolver)
			buf_addf(b, OUT_DOT "%s", ch->resolver);
		break;
	case CHG_INSERT:
		buf_adds(b, "inserted ");
		plural(b, ch->count, "line", "lines");
		buf_addf(b, " %s %s", ch->side, ch->anchor_shown);
		break;
	case CHG_TRANSFORM:
		buf_addf(b, "%s" OUT_DOT, ch->format);
		ops_text(b, ch->ops, ch->n_ops);
		buf_addf(b, OUT_DOT "%s ", ch->n_lines == 1 ? "line" : "lines");
		for (size_t i = 0; i < ch->n_lines; i++)
			buf_addf(b, "%s%ld", i ? ", " : "", ch->lines[i]);
		break;
	case CHG_WRITE:
		buf_addf(b, "%s" OUT_DOT, ch->outcome);
		plural(b, ch->count, "line", "lines");
		buf_adds(b, OUT_DOT);
		plural(b, ch->bytes, "byte", "bytes");
		buf_adds(b, OUT_DOT "sha:");
		if (ch->sha_before)
			buf_addf(b, "%s\xE2\x86\x92", ch->sha_before);
		buf_adds(b, ch->sha_after);
		break;
	}
	if (ch->reverted)
		buf_adds(b, OUT_DOT "REVERTED");
	buf_addc(b, '\n');
}

/* The footer's lead for one change: its check and, but for a write (whose header has it), its sha. */
static void change_lead_text(struct buf *b, const struct out_change *ch)
{
	if (ch->reverted) {
		buf_addf(b, "check: %s \xE2\x86\x92 reverted" OUT_DOT "file unchanged" OUT_DOT "sha:%s",
			 ch->check.status, ch->sha_before);
		return;
	}
	if (ch->check.layer)
		buf_addf(b, "check: %s %s", ch->check.layer, ch->check.status);
	if (ch->kind == CHG_WRITE)
		return;
	buf_addf(b, "%ssha:%s", b->len ? OUT_DOT : "", ch->sha_before);
	if (strcmp(ch->sha_before, ch->sha_after))
		buf_addf(b, "\xE2\x86\x92%s", ch->sha_after);
	else if (ch->no_change)
		buf_adds(b, OUT_DOT "no change");
}

static int changes_width(const struct out_change *ch, size_t n)
{
	long widest = 1;
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; ch[i].region && k < ch[i].region->n_lines; k++) {
			const struct out_line *l = &ch[i].region->lines[k];
			if (l->marker != MK_GAP && l->number > widest)
				widest = l->number;
		}
	return num_width(widest);
}

static void changes_text(struct buf *b, const struct out_change *ch, size_t n)
{
	int width = changes_width(ch, n);
	for (size_t i = 0; i < n; i++) {
		change_header_text(b, &ch[i]);
		for (size_t k = 0; ch[i].region && k < ch[i].region->n_lines; k++)
			line_text(b, &ch[i].region->lines[k], width, true);
	}
}

void changes_stats(const struct out_change *ch, size_t n, bool headers, long *lines, long *bytes)
{
	struct buf head = BUF_INIT;
	*lines = *bytes = 0;
	for (size_t i = 0; i < n; i++) {
		if (headers) {
			buf_truncate(&head, 0);
			change_header_text(&head, &ch[i]);
			*bytes += (long)head.len;
		}
		for (size_t k = 0; ch[i].region && k < ch[i].region->n_lines; k++) {
			const struct out_line *l = &ch[i].region->lines[k];
			(*lines)++;
			*bytes += (long)line_cost(l);
			if (headers && l->note)
				*bytes += 10 + (long)strlen(l->note);
		}
	}
	buf_release(&head);
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

static void response_json(struct buf *b, const struct response *r, bool jsonl)
{
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

static void block_header_text(struct buf *b, const struct out_block *blk)
{
	buf_adds(b, OUT_RULE);
	target_path_text(b, blk->target);
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

/* find --def: "── path#Name  (kind · lines a-b[ · via heuristic (plaintext)])". */
static void def_header_text(struct buf *b, const struct out_block *blk)
{
	buf_adds(b, OUT_RULE);
	target_path_text(b, blk->target);
	buf_addf(b, "  (%s" OUT_DOT, blk->kind);
	if (blk->span_start == blk->span_end)
		buf_addf(b, "line %ld", blk->span_start);
	else
		buf_addf(b, "lines %ld-%ld", blk->span_start, blk->span_end);
	if (blk->resolver)
		buf_addf(b, OUT_DOT "via %s", blk->resolver);
	buf_adds(b, ")\n");
}

static void blocks_text(struct buf *b, const struct response *r)
{
	long widest = 1;
	for (size_t i = 0; i < r->n_blocks; i++)
		for (size_t j = 0; j < r->blocks[i].n_lines; j++)
			if (r->blocks[i].lines[j].number > widest)
				widest = r->blocks[i].lines[j].number;
	int width = num_width(widest);
	for (size_t i = 0; i < r->n_blocks; i++) {
		const struct out_block *blk = &r->blocks[i];
		if (r->header == HDR_TARGET)
			block_header_text(b, blk);
		else if (blk->kind)
			def_header_text(b, blk);
		else {
			buf_adds(b, OUT_RULE);
			target_path_text(b, blk->target);
			buf_addc(b, '\n');
		}
		for (size_t j = 0; !r->quiet && j < blk->n_lines; j++) {
			if (r->group_lines && j && blk->lines[j].number > blk->lines[j - 1].number + 1)
				buf_adds(b, "--\n"); /* grep's and rg's separator between context groups */
			line_text(b, &blk->lines[j], width, r->numbers);
		}
	}
}

/* Count rows right-aligned to the widest count, then sep and the path. */
static void rows_text(struct buf *b, const struct out_row *rows, size_t n, bool counted, const char *sep)
{
	long widest = 0;
	for (size_t i = 0; counted && i < n; i++)
		if (rows[i].count > widest)
			widest = rows[i].count;
	int width = num_width(widest);
	for (size_t i = 0; i < n; i++) {
		if (counted)
			buf_addf(b, "%*ld%s", width, rows[i].count, sep);
		target_path_text(b, rows[i].path);
		buf_addc(b, '\n');
	}
}

static void response_text(struct buf *b, const struct response *r)
{
	long tokens = r->no_cost ? -1 : tokens_est(r->bytes);
	if (r->cost_first && tokens >= 0) {
		buf_adds(b, OUT_RULE);
		cost_text(b, tokens);
		buf_addc(b, '\n');
	}
	struct buf lead = BUF_INIT;
	if (!r->lead && r->changes)
		change_lead_text(&lead, &r->changes[0]);
	const char *lead_text = r->lead ? r->lead : buf_str(&lead);
	if (r->footer_first)
		footer_text(b, lead_text, r->om, tokens);
	if (r->changes) {
		if (!r->quiet)
			changes_text(b, r->changes, r->n_changes);
	} else if (r->blocks)
		blocks_text(b, r);
	else if (r->top && !r->quiet) {
		rows_text(b, r->top, r->n_top, true, "\t");
		if (r->top_more) {
			buf_adds(b, "\xE2\x80\xA6 ");
			plural(b, r->top_more, "more file", "more files");
			buf_addc(b, '\n');
		}
	} else if (!r->quiet) {
		rows_text(b, r->rows, r->n_rows, r->rows_counted, "  ");
	}
	if (!r->footer_first)
		footer_text(b, lead_text, r->om, tokens);
	buf_release(&lead);
}

void response_render(struct buf *b, const struct response *r, enum out_format f)
{
	if (f == OUT_TEXT)
		response_text(b, r);
	else
		response_json(b, r, f == OUT_JSONL);
}

void response_emit(struct buf *out, const struct response *r, const struct opts *o)
{
	response_render(out, r, o->json ? OUT_JSON : o->jsonl ? OUT_JSONL : OUT_TEXT);
	if (o->json_twin)
		response_render(o->json_twin, r, OUT_JSON);
}
