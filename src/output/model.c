/* The response model: blocks and their lines, the omissions a response records (one typed
 * constructor per kind), the stats settings, and the one switch on the output format. Nothing
 * here words a fact: text.c and json.c do. */
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "internal.h"

struct out_line *block_add_line_ref(struct out_block *b, long number, enum marker m, const char *text,
				    size_t len)
{
	XGROW(b->lines, b->cap_lines, b->n_lines + 1);
	struct out_line *l = &b->lines[b->n_lines++];
	*l = (struct out_line){.number = number, .marker = m, .borrowed = true, .text = text, .len = len};
	return l;
}

struct out_line *block_add_line(struct out_block *b, long number, enum marker m, const char *text, size_t len)
{
	struct out_line *l = block_add_line_ref(b, number, m, xstrndup(text, len), len);
	l->borrowed = false;
	return l;
}

void block_truncate(struct out_block *b, size_t keep)
{
	for (size_t i = keep; i < b->n_lines; i++)
		if (!b->lines[i].borrowed)
			free((char *)b->lines[i].text);
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
	free(b->held); /* after the lines that borrowed from it */
	memset(b, 0, sizeof(*b));
}

static bool blank(const struct out_line *l)
{
	for (size_t i = 0; i < l->len; i++)
		if (l->text[i] != ' ' && l->text[i] != '\t')
			return false;
	return true;
}

/* The first changed line that holds text (a blank line an insert opens with reads as no change);
 * the first changed line when all are blank. */
void block_note_first_change(struct out_block *b, const char *note)
{
	struct out_line *first = NULL;
	for (size_t k = 0; k < b->n_lines; k++) {
		struct out_line *l = &b->lines[k];
		if (l->marker != MK_REPLACED && l->marker != MK_INSERTED)
			continue;
		if (!blank(l)) {
			l->note = note;
			return;
		}
		if (!first)
			first = l;
	}
	if (first)
		first->note = note;
}

size_t line_cost(const struct out_line *l)
{
	return l->len + 1;
}

size_t block_bytes(const struct out_block *blk)
{
	size_t n = 0;
	for (size_t i = 0; i < blk->n_lines; i++)
		n += line_cost(&blk->lines[i]);
	return n;
}

void blocks_stats(const struct out_block *blocks, size_t n, long *lines, long *bytes)
{
	*lines = *bytes = 0;
	for (size_t i = 0; i < n; i++) {
		*lines += (long)blocks[i].n_lines;
		*bytes += (long)block_bytes(&blocks[i]);
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

void omit_aliases_reached(struct omits *o, const char *key, long aliases)
{
	omit_fields(o, OM_ALIASES_REACHED, aliases, 0, 0, key, NULL);
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

void omit_map_budget(struct omits *o, long budget, long definitions, long files)
{
	omit_fields(o, OM_MAP_BUDGET, budget, definitions, files, NULL, NULL);
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

long tokens_ratio(void)
{
	return stats_env.ratio;
}

struct out_member out_string(const char *key, const char *s)
{
	return (struct out_member){.key = key, .type = OUT_STRING, .string = s};
}

struct out_member out_number(const char *key, long n)
{
	return (struct out_member){.key = key, .type = OUT_NUMBER, .number = n};
}

struct out_member out_bool(const char *key, bool b)
{
	return (struct out_member){.key = key, .type = OUT_BOOL, .number = b};
}

struct out_member out_null(const char *key)
{
	return (struct out_member){.key = key, .type = OUT_NULL};
}

struct out_member out_object(const char *key, const struct out_member *items, size_t n)
{
	return (struct out_member){.key = key, .type = OUT_OBJECT, .items = items, .n_items = n};
}

struct out_member out_array(const char *key, const struct out_member *items, size_t n)
{
	return (struct out_member){.key = key, .type = OUT_ARRAY, .items = items, .n_items = n};
}

void response_render(struct buf *b, const struct response *r, enum out_format f)
{
	if (f == OUT_TEXT)
		response_text(b, r);
	else
		response_json(b, r, f == OUT_JSONL);
}

void response_emit(struct buf *out, const struct response *r, enum out_format f, struct buf *json_twin)
{
	response_render(out, r, f);
	if (json_twin)
		response_render(json_twin, r, OUT_JSON);
}
