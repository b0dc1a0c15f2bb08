#include "sink.h"

#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../file.h"
#include "../utf8.h"

static bool sink_line(void *ctx, const struct search_line *l)
{
	struct sink_worker *w = ctx;
	w->file_hits++;
	/* past the cap as it stood at sink_begin nothing of this file can print (the total only
	 * grows): the lines are counted, not kept */
	if (w->keep && w->keep_max >= 0 && w->file_hits > w->keep_max)
		w->keep = false;
	if (!w->keep)
		return true;
	XGROW(w->hits, w->cap_hits, w->n_hits + 1);
	struct sink_hit *h = &w->hits[w->n_hits++];
	h->number = l->number;
	h->offset = l->offset;
	if (w->copy) { /* the text is the stream's window: kept in w->text */
		h->offset = w->text.len;
		buf_add(&w->text, l->text, l->len);
	}
	h->len = l->len;
	h->span0 = w->n_fspans;
	h->n_spans = l->n_spans;
	XGROW(w->fspans, w->fspans_cap, 2 * (w->n_fspans + l->n_spans));
	if (l->n_spans)
		memcpy(w->fspans + 2 * w->n_fspans, l->spans, 2 * l->n_spans * sizeof(size_t));
	w->n_fspans += l->n_spans;
	return true;
}

static bool sink_files(void *ctx, const struct search_line *l)
{
	(void)l;
	((struct sink_worker *)ctx)->file_hits++;
	return false;
}

static bool sink_count(void *ctx, const struct search_line *l)
{
	(void)l;
	((struct sink_worker *)ctx)->file_hits++;
	return true;
}

static size_t strip_cr(const char *t, size_t n)
{
	return n && t[n - 1] == '\r' ? n - 1 : n;
}

static size_t char_ceil(const char *s, size_t n, size_t i)
{
	while (i < n && (s[i] & 0xC0) == 0x80)
		i++;
	return i;
}

/* A hit line with every match wrapped in «»; a line over LINE_CUT_BYTES keeps a window around
 * its first match, with … at each cut end. */
static void render_hit(struct sink_worker *w, const char *line, size_t len, const size_t *spans, size_t n)
{
	struct buf *b = &w->disp;
	buf_truncate(b, 0);
	len = strip_cr(line, len);
	if (!utf8_valid(line, len))
		w->n.lossy++;
	size_t a = 0, z = len;
	if (len > LINE_CUT_BYTES) {
		w->n.long_lines++;
		size_t ms = n ? spans[0] : 0, me = n ? spans[1] : 0;
		if (me > len)
			me = len;
		size_t room = me - ms < LINE_CUT_BYTES ? LINE_CUT_BYTES - (me - ms) : 0;
		size_t left = ms < room / 2 ? ms : room / 2;
		size_t right = len - me < room - left ? len - me : room - left;
		if (left + right < room)
			left = ms < room - right ? ms : room - right;
		a = char_ceil(line, len, ms - left);
		z = me + right;
		z = utf8_floor(line, len, z);
		if (z < me)
			z = me;
	}
	if (a > 0)
		buf_adds(b, "\xE2\x80\xA6");
	size_t at = a;
	for (size_t i = 0; i < n; i++) {
		size_t s = spans[2 * i], e = spans[2 * i + 1];
		if (e > z)
			e = z;
		if (s < at)
			s = at;
		if (s >= e)
			continue;
		utf8_add_lossy(b, line + at, s - at);
		buf_adds(b, "\xC2\xAB");
		utf8_add_lossy(b, line + s, e - s);
		buf_adds(b, "\xC2\xBB");
		at = e;
	}
	if (at < z)
		utf8_add_lossy(b, line + at, z - at);
	if (z < len)
		buf_adds(b, "\xE2\x80\xA6");
}

static void add_context(struct sink_worker *w, struct out_block *blk, long number, const char *line,
			size_t len)
{
	bool lossy, cut;
	buf_truncate(&w->disp, 0);
	line_display(&w->disp, line, strip_cr(line, len), &lossy, &cut);
	w->n.lossy += lossy;
	w->n.long_lines += cut;
	block_add_line(blk, number, MK_CONTEXT, w->disp.data, w->disp.len);
}

/* Hit lines plus -B/-A context, each line once, in order. */
static void render_file(const struct sink_shared *sh, struct sink_worker *w, struct out_block *blk,
			const char *data, size_t size)
{
	size_t cur_no = 1, cur_off = 0; /* the first line not yet printed */
	for (size_t i = 0; i < w->n_hits; i++) {
		const struct sink_hit *h = &w->hits[i];
		size_t from = h->number > (size_t)sh->before ? h->number - (size_t)sh->before : 1;
		if (from < cur_no)
			from = cur_no;
		size_t off = h->offset;
		for (size_t k = h->number; k > from; k--) {
			const char *nl = off >= 2 ? memrchr(data, '\n', off - 1) : NULL;
			off = nl ? (size_t)(nl - data) + 1 : 0;
		}
		for (size_t k = from; k < h->number; k++) {
			const char *nl = memchr(data + off, '\n', size - off);
			size_t end = nl ? (size_t)(nl - data) : size;
			add_context(w, blk, (long)k, data + off, end - off);
			off = end + 1;
		}
		/* an empty match has no spans, and then maybe no span array (UBSan; found by fuzz_mcp) */
		render_hit(w, data + h->offset, h->len, h->n_spans ? w->fspans + 2 * h->span0 : NULL,
			   h->n_spans);
		block_add_line(blk, (long)h->number, MK_HIT, w->disp.data, w->disp.len);
		cur_no = h->number + 1;
		cur_off = h->offset + h->len + 1;
		size_t stop = i + 1 < w->n_hits ? w->hits[i + 1].number : (size_t)-1;
		for (long k = 0; k < sh->after && cur_no < stop && cur_off < size; k++) {
			const char *nl = memchr(data + cur_off, '\n', size - cur_off);
			size_t end = nl ? (size_t)(nl - data) : size;
			add_context(w, blk, (long)cur_no, data + cur_off, end - cur_off);
			cur_no++;
			cur_off = end + 1;
		}
	}
}

void sink_begin(const struct sink_shared *sh, struct sink_worker *w, struct search_sink *ss, bool copy)
{
	w->saved = w->n;
	w->file_hits = 0;
	w->n_hits = 0;
	w->n_fspans = 0;
	w->copy = copy;
	buf_truncate(&w->text, 0);
	long total = __atomic_load_n(&sh->total, __ATOMIC_RELAXED);
	w->keep = sh->mode == SINK_LINES && total <= sh->cap;
	w->keep_max = w->keep ? sh->cap - total : -1;
	*ss = (struct search_sink){
		.ctx = w, .want_spans = w->keep, .binary_check = true, .count_only = !w->keep};
	ss->on_line = sh->mode == SINK_FILES ? sink_files : sh->mode == SINK_COUNT ? sink_count : sink_line;
}

/* Over the cap nothing prints, and the total only grows, so lines are rendered only while the
 * total may stay under. */
void sink_render(const struct sink_shared *sh, struct sink_worker *w, const char *data, size_t size,
		 enum search_status status)
{
	if (w->copy) { /* no context is read around a copied line */
		data = w->text.data;
		size = w->text.len;
	}
	if (status != SEARCH_BINARY && w->file_hits && w->keep &&
	    __atomic_load_n(&sh->total, __ATOMIC_RELAXED) + w->file_hits <= sh->cap)
		render_file(sh, w, &w->blk, data, size);
}

void sink_commit(struct sink_shared *sh, struct sink_worker *w, const char *path, enum search_status status)
{
	if (status == SEARCH_BINARY) {
		w->n.binary++;
		return;
	}
	w->n.searched++;
	if (status == SEARCH_LIMIT)
		w->n.limited++;
	if (!w->file_hits)
		return;
	long before = __atomic_fetch_add(&sh->total, w->file_hits, __ATOMIC_RELAXED);
	XGROW(w->res, w->cap_res, w->n_res + 1);
	struct sink_result *r = &w->res[w->n_res++];
	memset(r, 0, sizeof(*r));
	r->path = xstrdup(path);
	r->hits = w->file_hits;
	if (before + w->file_hits <= sh->cap) {
		r->blk = w->blk;
		memset(&w->blk, 0, sizeof(w->blk));
	}
	block_release(&w->blk);
}

void sink_abandon(struct sink_worker *w)
{
	block_release(&w->blk);
	w->n = w->saved;
	w->n.unreadable++;
}

void sink_worker_drain(struct sink_worker *w, struct sink_result **res, size_t *n_res, struct sink_counts *n)
{
	n->searched += w->n.searched;
	n->binary += w->n.binary;
	n->too_large += w->n.too_large;
	n->unreadable += w->n.unreadable;
	n->other += w->n.other;
	n->limited += w->n.limited;
	n->long_lines += w->n.long_lines;
	n->lossy += w->n.lossy;
	*res = xrealloc(*res, (*n_res + w->n_res + 1) * sizeof(**res));
	if (w->n_res)
		memcpy(*res + *n_res, w->res, w->n_res * sizeof(*w->res));
	*n_res += w->n_res;
	free(w->res);
	buf_release(&w->disp);
	buf_release(&w->text);
	block_release(&w->blk);
	free(w->spans);
	free(w->fspans);
	free(w->hits);
	memset(w, 0, sizeof(*w));
}
