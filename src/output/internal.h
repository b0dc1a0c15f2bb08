/* What the pieces of the output module share and no caller needs: model.c holds the blocks and
 * the stats settings, text.c and json.c render, shape.c trims, region.c builds regions. */
#ifndef LETS_OUTPUT_INTERNAL_H
#define LETS_OUTPUT_INTERNAL_H
#include "../output.h"

/* Drops b's lines from index keep on. */
void block_truncate(struct out_block *b, size_t keep);
/* The bytes blk's lines cost in stats (line_cost each). */
size_t block_bytes(const struct out_block *blk);
/* Bytes per token (LETS_TOKEN_RATIO, else 4): a budget applies even under LETS_NO_STATS, so it is
 * measured with the divisor, not with tokens_est. */
long tokens_ratio(void);

/* ":a-z not shown": the gap line and the footer name a gap in the same words. */
void not_shown(struct buf *b, long a, long z);

void response_text(struct buf *b, const struct response *r);
void response_json(struct buf *b, const struct response *r, bool jsonl);

#endif
