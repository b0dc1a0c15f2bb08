#include "output.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "file.h"
#include "json.h"

static const char *const marker_chars[] = {
	[MK_NONE] = " ", [MK_REPLACED] = "~", [MK_INSERTED] = "+", [MK_DELETED] = "-",
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

void block_truncate(struct out_block *b, size_t keep)
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

struct omission *omit_add(struct omits *o, enum omission_kind kind, long a, long b, long c, const char *s1,
			  const char *s2)
{
	XGROW(o->items, o->cap, o->n + 1);
	struct omission *om = &o->items[o->n++];
	memset(om, 0, sizeof(*om));
	om->kind = kind;
	om->a = a;
	om->b = b;
	om->c = c;
	om->s1 = s1 ? xstrdup(s1) : NULL;
	om->s2 = s2 ? xstrdup(s2) : NULL;
	return om;
}

void omission_add_item(struct omission *om, const char *s)
{
	om->list = xrealloc(om->list, (om->n_list + 1) * sizeof(*om->list));
	om->list[om->n_list++] = xstrdup(s);
}

void omission_add_pair(struct omission *om, long a, long b)
{
	om->pairs = xrealloc(om->pairs, (om->n_pairs + 1) * 2 * sizeof(*om->pairs));
	om->pairs[2 * om->n_pairs] = a;
	om->pairs[2 * om->n_pairs + 1] = b;
	om->n_pairs++;
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

static void joined_list(struct buf *b, char *const *items, size_t n)
{
	for (size_t i = 0; i < n; i++)
		buf_addf(b, "%s%s", i ? ", " : "", items[i]);
}

void omission_text(struct buf *b, const struct omission *om)
{
	switch (om->kind) {
	case OM_HIT_CAP:
		buf_addf(b, "over the %ld-hit cap \xC2\xB7 narrow the pattern or the paths, or --files", om->b);
		break;
	case OM_TOP_FILES:
		buf_adds(b, "top ");
		plural(b, om->a, "file", "files");
		buf_adds(b, " shown");
		break;
	case OM_CHECK_SKIPPED:
		buf_addf(b, "check: skipped (%s)", om->s1);
		break;
	case OM_NORMALIZED:
		buf_adds(b, "normalized");
		break;
	case OM_PARTIAL_BATCH:
		buf_adds(b, "wrote ");
		plural(b, (long)om->n_list, "file", "files");
		buf_adds(b, ": ");
		joined_list(b, om->list, om->n_list);
		break;
	case OM_WINDOW:
		buf_addf(b, ":%ld-%ld not shown", om->b + 1, om->c);
		break;
	case OM_BUDGET:
		buf_addf(b, "budget %ld trimmed %s", om->a, om->s1);
		if (om->b)
			buf_addf(b, " (:%ld-%ld not shown)", om->b, om->c);
		break;
	case OM_IGNORED: {
		static const char *const names[3] = {"gitignore", "hidden", "other"};
		const long v[3] = {om->a, om->b, om->c};
		counted_parts(b, "ignored", names, v);
		break;
	}
	case OM_SKIPPED: {
		static const char *const names[3] = {"binary", "too large", "unreadable"};
		const long v[3] = {om->a, om->b, om->c};
		counted_parts(b, "skipped", names, v);
		break;
	}
	case OM_UNRESOLVED:
		buf_addf(b, "%s failed (%s)", om->s1, om->s2);
		break;
	case OM_CHECK_INCONCLUSIVE:
		buf_addf(b, "check: %s inconclusive (%s)", om->s1, om->s2);
		break;
	case OM_LONG_LINES_CUT:
		plural(b, om->a, "long line", "long lines");
		buf_adds(b, " cut");
		break;
	case OM_OUTPUT_TRIMMED:
		buf_addf(b, "output over --max-bytes %ld: ", om->a);
		plural(b, om->b, "line", "lines");
		buf_adds(b, " not shown");
		break;
	case OM_LOSSY_LINES:
		plural(b, om->a, "non-UTF-8 line", "non-UTF-8 lines");
		buf_adds(b, " shown lossily");
		break;
	case OM_SELECTOR_RESOLVED:
		buf_addf(b, "%s \xE2\x86\x92 %s", om->s1, om->s2);
		break;
	case OM_GLOB:
		buf_adds(b, "glob ");
		joined_list(b, om->list, om->n_list);
		break;
	case OM_GREP_STYLE:
		buf_addf(b, "\xC2\xAB%s\xC2\xBB had no hits, read grep-style as \xC2\xAB%s\xC2\xBB", om->s1, om->s2);
		break;
	case OM_CRLF_MATCHED:
		buf_adds(b, "--old matched as CRLF");
		break;
	case OM_WS_FOLDED:
		buf_adds(b, "whitespace-folded");
		break;
	case OM_REINDENTED:
		buf_adds(b, "re-indented");
		break;
	case OM_UNREADABLE:
		buf_addf(b, "%s unreadable", om->s1);
		break;
	case OM_XATTRS_DROPPED:
		buf_adds(b, "xattrs dropped");
		break;
	case OM_REGION_GAP:
		for (size_t i = 0; i < om->n_pairs; i++) {
			if (i)
				buf_adds(b, OUT_DOT);
			not_shown(b, om->pairs[2 * i], om->pairs[2 * i + 1]);
		}
		break;
	case OM_MATCH_LIMIT:
		buf_adds(b, "regex match limit hit in ");
		plural(b, om->a, "file", "files");
		buf_adds(b, ", searched only up to it \xC2\xB7 simplify the pattern");
		break;
	}
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

static void omission_json(struct buf *b, const struct omission *om)
{
	switch (om->kind) {
	case OM_HIT_CAP:
		buf_addf(b, "{\"hit_cap\":{\"hits\":%ld,\"cap\":%ld}}", om->a, om->b);
		break;
	case OM_TOP_FILES:
		buf_addf(b, "{\"top_files\":{\"shown\":%ld}}", om->a);
		break;
	case OM_CHECK_SKIPPED:
		buf_adds(b, "{\"check_skipped\":{\"reason\":");
		json_cstr(b, om->s1);
		buf_adds(b, "}}");
		break;
	case OM_NORMALIZED:
		buf_adds(b, "\"normalized\"");
		break;
	case OM_PARTIAL_BATCH:
		buf_adds(b, "{\"partial_batch\":{\"written\":");
		json_str_list(b, om->list, om->n_list);
		buf_adds(b, "}}");
		break;
	case OM_WINDOW:
		buf_addf(b, "{\"window\":{\"shown\":[%ld,%ld],\"total\":%ld}}", om->a, om->b, om->c);
		break;
	case OM_BUDGET:
		buf_addf(b, "{\"budget\":{\"budget\":%ld,\"trimmed_target\":", om->a);
		json_cstr(b, om->s1);
		if (om->b)
			buf_addf(b, ",\"not_shown\":[%ld,%ld]}}", om->b, om->c);
		else
			buf_adds(b, ",\"not_shown\":null}}");
		break;
	case OM_IGNORED:
		buf_addf(b, "{\"ignored\":{\"gitignore\":%ld,\"hidden\":%ld,\"other\":%ld}}", om->a, om->b, om->c);
		break;
	case OM_SKIPPED:
		buf_addf(b, "{\"skipped\":{\"binary\":%ld,\"too_large\":%ld,\"unreadable\":%ld}}", om->a, om->b, om->c);
		break;
	case OM_UNRESOLVED:
		buf_adds(b, "{\"unresolved\":{\"target\":");
		json_cstr(b, om->s1);
		buf_adds(b, ",\"error\":");
		json_cstr(b, om->s2);
		buf_adds(b, "}}");
		break;
	case OM_CHECK_INCONCLUSIVE:
		buf_adds(b, "{\"check_inconclusive\":{\"layer\":");
		json_cstr(b, om->s1);
		buf_adds(b, ",\"reason\":");
		json_cstr(b, om->s2);
		buf_adds(b, "}}");
		break;
	case OM_LONG_LINES_CUT:
		buf_addf(b, "{\"long_lines_cut\":{\"lines\":%ld}}", om->a);
		break;
	case OM_OUTPUT_TRIMMED:
		buf_addf(b, "{\"output_trimmed\":{\"limit\":%ld,\"lines\":%ld}}", om->a, om->b);
		break;
	case OM_LOSSY_LINES:
		buf_addf(b, "{\"lossy_lines\":{\"lines\":%ld}}", om->a);
		break;
	case OM_SELECTOR_RESOLVED:
		buf_adds(b, "{\"selector_resolved\":{\"selector\":");
		json_cstr(b, om->s1);
		buf_adds(b, ",\"resolved\":");
		json_cstr(b, om->s2);
		buf_adds(b, "}}");
		break;
	case OM_GLOB:
		buf_adds(b, "{\"glob\":{\"patterns\":");
		json_str_list(b, om->list, om->n_list);
		buf_adds(b, "}}");
		break;
	case OM_GREP_STYLE:
		buf_adds(b, "{\"grep_style\":{\"pattern\":");
		json_cstr(b, om->s1);
		buf_adds(b, ",\"read_as\":");
		json_cstr(b, om->s2);
		buf_adds(b, "}}");
		break;
	case OM_CRLF_MATCHED:
		buf_adds(b, "\"crlf_matched\"");
		break;
	case OM_WS_FOLDED:
		buf_adds(b, "\"whitespace_folded\"");
		break;
	case OM_REINDENTED:
		buf_adds(b, "\"reindented\"");
		break;
	case OM_UNREADABLE:
		buf_adds(b, "{\"unreadable\":{\"path\":");
		json_cstr(b, om->s1);
		buf_adds(b, "}}");
		break;
	case OM_XATTRS_DROPPED:
		buf_adds(b, "{\"xattrs_dropped\":{\"path\":");
		json_cstr(b, om->s1);
		buf_adds(b, "}}");
		break;
	case OM_REGION_GAP:
		buf_adds(b, "{\"region_gap\":{\"not_shown\":[");
		for (size_t i = 0; i < om->n_pairs; i++)
			buf_addf(b, "%s[%ld,%ld]", i ? "," : "", om->pairs[2 * i], om->pairs[2 * i + 1]);
		buf_adds(b, "]}}");
		break;
	case OM_MATCH_LIMIT:
		buf_addf(b, "{\"match_limit\":{\"files\":%ld}}", om->a);
		break;
	}
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

/* LETS_TOKEN_RATIO when it is a positive integer, else 4 bytes per token. */
static long token_ratio(void)
{
	long ratio = 4;
	const char *r = getenv("LETS_TOKEN_RATIO");
	if (r && *r) {
		char *end;
		long v = strtol(r, &end, 10);
		if (!*end && v > 0)
			ratio = v;
	}
	return ratio;
}

long tokens_est(long bytes)
{
	const char *no = getenv("LETS_NO_STATS");
	if ((no && !strcmp(no, "1")) || bytes <= 0)
		return -1;
	return bytes / token_ratio();
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

void list_end_json(struct buf *b, bool jsonl, const struct omits *om, long lines, long bytes)
{
	if (!jsonl) {
		buf_addc(b, ']');
		response_end_json(b, om, lines, bytes);
		return;
	}
	buf_adds(b, "{\"stats\":");
	stats_json(b, lines, bytes);
	buf_adds(b, ",\"omitted\":");
	omits_json(b, om);
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
	json_cstr(b, blk->target);
	buf_adds(b, ",\"path\":");
	json_cstr(b, blk->path);
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
			struct omission *om = gap->n ? &gap->items[0] : omit_add(gap, OM_REGION_GAP, 0, 0, 0, NULL, NULL);
			omission_add_pair(om, shown_to + 1, a - 1);
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

void budget_trim(struct out_block *blocks, size_t n, long budget, struct omits *om)
{
	size_t total = 0;
	for (size_t i = 0; i < n; i++)
		total += block_bytes(&blocks[i]);
	/* the budget applies even under LETS_NO_STATS, so use the divisor, not tokens_est */
	size_t limit = (size_t)budget * (size_t)token_ratio();
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
		omit_add(om, OM_BUDGET, budget, a, z, blk->target, NULL);
		if (blk->has_range && keep)
			blk->end = blk->lines[keep - 1].number;
	}
}

long max_bytes_trim(struct out_block *blocks, size_t n, long max_bytes, struct omits *om)
{
	size_t total = 0;
	for (size_t i = 0; i < n; i++)
		total += block_bytes(&blocks[i]);
	if ((long)total <= max_bytes)
		return 0;
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
	omit_add(om, OM_OUTPUT_TRIMMED, max_bytes, dropped, 0, NULL, NULL);
	return (long)total;
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
