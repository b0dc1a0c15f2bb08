/* The budget shaper: --budget trims the largest block's tail first, --max-bytes refuses (or,
 * after a write, keeps whole lines), for blocks and for rows alike; each cut is an omission. */
#include <string.h>

#include "internal.h"

static void budget_trim(struct out_block *blocks, size_t n, long budget, struct omits *om)
{
	size_t total = 0;
	for (size_t i = 0; i < n; i++)
		total += block_bytes(&blocks[i]);
	/* the budget applies even under LETS_NO_STATS, so use the divisor, not tokens_est */
	size_t limit = (size_t)budget * (size_t)tokens_ratio();
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
static void over_budget(struct diag *d, long bytes, long max_bytes, bool tool_terms)
{
	/* the budget applies even under LETS_NO_STATS, so use the divisor, not tokens_est */
	long fit = max_bytes / tokens_ratio();
	struct buf m = BUF_INIT;
	/* over MCP the arguments, as opt_arg (opt.h) spells them: output sits below opt */
	buf_addf(&m, "content is %ld bytes, over the %ld-byte budget" OUT_DOT "pass ", bytes, max_bytes);
	if (fit > 0)
		buf_addf(&m,
			 tool_terms ? "budget: %ld to trim it to fit, or "
				    : "--budget %ld to trim it to fit, or ",
			 fit);
	buf_addf(&m, tool_terms ? "max_bytes: %ld to show it all" : "--max-bytes %ld to show it all", bytes);
	diag_add(d, E_OVER_BUDGET, "%s", m.data);
	buf_release(&m);
}

bool blocks_shape(struct out_block *blocks, size_t n, long budget, long max_bytes, struct omits *om,
		  struct diag *d, bool tool_terms)
{
	if (budget >= 0) {
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
	over_budget(d, (long)total, max_bytes, tool_terms);
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
		struct omits *om, struct diag *d, size_t *shown, bool tool_terms)
{
	bool by_budget = budget >= 0;
	/* the budget applies even under LETS_NO_STATS, so use the divisor, not tokens_est */
	long limit = by_budget ? budget * tokens_ratio() : max_bytes;
	long total = rows_bytes(rows, n, counted);
	*shown = n;
	if (total <= limit)
		return false;
	if (!by_budget) {
		over_budget(d, total, max_bytes, tool_terms);
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
