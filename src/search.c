#include "search.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "alloc.h"
#include "buf.h"
#include "cpu.h"
#include "file.h"
#include "match.h"
#include "walk.h"

static bool is_utf8_cont(unsigned char c)
{
	return (c & 0xC0) == 0x80;
}

/* True when the hits of a chunk that starts and ends at line boundaries do not depend on the
 * bytes outside it: no lookaround, \G or \Z (which could look across a newline) and no verb. A
 * named group's (?< is refused too: a cheap test that errs on the safe side. */
static bool line_local(const char *pattern, unsigned rx_flags)
{
	if (rx_flags & RX_LITERAL)
		return true;
	static const char *const seen[] = {"(?=", "(?!", "(?<", "(*", "\\G", "\\Z"};
	for (size_t i = 0; i < sizeof(seen) / sizeof(seen[0]); i++)
		if (strstr(pattern, seen[i]))
			return false;
	return true;
}

void searcher_init(struct searcher *s, const struct regex *re, const char *pattern, unsigned rx_flags)
{
	memset(s, 0, sizeof(*s));
	s->re = re;
	s->chunkable = line_local(pattern, rx_flags);
	s->chunk_min = SEARCH_CHUNK_MIN;
	/* streaming needs what chunking needs: a window holds whole lines only */
	s->stream_min = s->chunkable ? SEARCH_STREAM_MIN : 0;
	/* the tests' way to cut small buffers into chunks of a few bytes */
	const char *force = getenv("LETS_SEARCH_CHUNK");
	if (force && atol(force) > 0) {
		s->chunk_min = 0;
		s->chunk_bytes = (size_t)atol(force);
	}
	/* and to stream every file in windows of a few bytes */
	const char *window = getenv("LETS_SEARCH_WINDOW");
	if (window && atol(window) > 0 && s->chunkable) {
		s->stream_min = 1;
		s->stream_window = (size_t)atol(window);
	}
	/* the prefilter reads what PCRE2 runs: the Rust pattern after its translation */
	if (!(rx_flags & RX_LITERAL)) {
		pattern = regex_source(re);
		/* a leading (?i) is the -i flag written into the pattern */
		if (!strncmp(pattern, "(?i)", 4)) {
			pattern += 4;
			rx_flags |= RX_CASELESS;
		}
	}
	s->lit_len = literal_required(pattern, rx_flags, &s->lit, &s->lit_is_match);
	s->fold = (rx_flags & RX_CASELESS) != 0;
	/* a pattern that is a literal in regex syntax but held escapes is still exactly its text */
	if (!(rx_flags & RX_LITERAL) && s->lit_is_match && strchr(pattern, '\\'))
		s->lit_is_match = false;
	if (s->lit_len)
		literal_rare_pair(s->lit, s->lit_len, s->fold, &s->rare1, &s->rare2);
#if defined(__x86_64__) && defined(__GNUC__)
	s->avx2 = cpu_has_avx2();
#endif
	if (!s->lit_len && s->avx2)
		s->n_alts = literal_alternatives(pattern, rx_flags, SEARCH_ALTS_MAX, s->alts);
	for (size_t i = 0; i < s->n_alts; i++)
		if (s->alts[i].len > s->alts_max_len)
			s->alts_max_len = s->alts[i].len;
	s->alts_are_match = s->n_alts && !(rx_flags & RX_WORD);
}

void searcher_release(struct searcher *s)
{
	free(s->lit);
	for (size_t i = 0; i < s->n_alts; i++)
		free(s->alts[i].lit);
	memset(s, 0, sizeof(*s));
}

static bool lit_eq(const char *h, const char *lit, size_t m, bool fold)
{
	if (!fold)
		return !memcmp(h, lit, m);
	for (size_t i = 0; i < m; i++)
		if ((char)tolower((unsigned char)h[i]) != lit[i])
			return false;
	return true;
}

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
/* The same scan as lit_find's SSE2 loop, 32 positions at a time, for CPUs with AVX2. Returns the
 * first match, or NULL with *done set to the first position it did not examine. With nul, each
 * block is also tested for a NUL byte (the binary check, in the same read of memory): a NUL in
 * hay[rare1 .. *done + rare1) sets *nul and returns NULL. */
/* How far ahead of the scan its memory is asked for. The hardware prefetcher stops at each 4 KiB
 * page, so a scan of a mapped file waits at every page: asking two pages ahead cut the CPU time
 * of a search of the large tree's 19 biggest files by 3-15% (perf stat, a loaded machine). */
#define PREFETCH_AHEAD 8192
/* The positions the loop's 32-at-a-time blocks leave at the end (fewer than 32) are one last
 * block ending where the scan ends, less the positions already tested: the byte-at-a-time tail
 * it replaces cost more than the rest of the scan of a 2 KB file (callgrind). */
__attribute__((target("avx2"), always_inline)) static inline const char *
lit_scan_avx2(const struct searcher *s, const char *hay, size_t n, size_t *done, bool nul_check, bool *nul)
{
	const char *lit = s->lit;
	size_t m = s->lit_len, p1 = s->rare1, p2 = s->rare2, i = 0;
	*done = 0;
	if (n < m - 1 + 32)
		return NULL;
	size_t last = n - (m - 1) - 32; /* where the last block starts */
	unsigned char f = (unsigned char)lit[p1], l = (unsigned char)lit[p2];
	const __m256i F = _mm256_set1_epi8((char)f), L = _mm256_set1_epi8((char)l),
		      Z = _mm256_setzero_si256();
	const __m256i FM = _mm256_set1_epi8(s->fold && isalpha(f) ? 0x20 : 0);
	const __m256i LM = _mm256_set1_epi8(s->fold && isalpha(l) ? 0x20 : 0);
	for (;;) {
		/* two blocks at a time, one test for both, until one holds a candidate or a NUL: that
		 * one is looked at again below, a block at a time */
		while (i + 32 < last) {
			__builtin_prefetch(hay + i + PREFETCH_AHEAD);
			__m256i r0 = _mm256_loadu_si256((const __m256i *)(hay + i + p1));
			__m256i r1 = _mm256_loadu_si256((const __m256i *)(hay + i + 32 + p1));
			__m256i c0 = _mm256_and_si256(
				_mm256_cmpeq_epi8(_mm256_or_si256(r0, FM), F),
				_mm256_cmpeq_epi8(
					_mm256_or_si256(_mm256_loadu_si256((const __m256i *)(hay + i + p2)),
							LM),
					L));
			__m256i c1 = _mm256_and_si256(
				_mm256_cmpeq_epi8(_mm256_or_si256(r1, FM), F),
				_mm256_cmpeq_epi8(
					_mm256_or_si256(
						_mm256_loadu_si256((const __m256i *)(hay + i + 32 + p2)), LM),
					L));
			__m256i any = _mm256_or_si256(c0, c1);
			if (nul_check)
				any = _mm256_or_si256(any, _mm256_cmpeq_epi8(_mm256_min_epu8(r0, r1), Z));
			if (!_mm256_testz_si256(any, any))
				break;
			i += 64;
		}
		size_t at = i < last ? i : last;
		if (!(i & 63)) /* once per cache line */
			__builtin_prefetch(hay + i + PREFETCH_AHEAD);
		__m256i raw = _mm256_loadu_si256((const __m256i *)(hay + at + p1));
		__m256i a = _mm256_or_si256(raw, FM);
		__m256i b = _mm256_or_si256(_mm256_loadu_si256((const __m256i *)(hay + at + p2)), LM);
		unsigned mask = (unsigned)_mm256_movemask_epi8(
			_mm256_and_si256(_mm256_cmpeq_epi8(a, F), _mm256_cmpeq_epi8(b, L)));
		unsigned zero = nul_check ? (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(raw, Z)) : 0;
		if (at < i) { /* the last block: its first i - at positions were tested */
			mask &= ~0u << (i - at);
			zero &= ~0u << (i - at);
		}
		if (mask | zero) {
			if (zero) {
				*nul = true;
				*done = i;
				return NULL;
			}
			do {
				unsigned bit = (unsigned)__builtin_ctz(mask);
				if (lit_eq(hay + at + bit, lit, m, s->fold))
					return hay + at + bit;
				mask &= mask - 1;
			} while (mask);
		}
		if (at == last)
			break;
		i += 32;
	}
	*done = last + 32;
	return NULL;
}

__attribute__((target("avx2"))) static const char *lit_find_avx2(const struct searcher *s, const char *hay,
								 size_t n, size_t *done)
{
	return lit_scan_avx2(s, hay, n, done, false, NULL);
}

__attribute__((target("avx2"))) static const char *
lit_find_avx2_nul(const struct searcher *s, const char *hay, size_t n, size_t *done, bool *nul)
{
	return lit_scan_avx2(s, hay, n, done, true, nul);
}

/* The first position in hay where one of the searcher's alternatives starts: each one's two
 * rarest bytes are compared 32 positions at a time. With nul_check a NUL in hay[0 .. *done) sets
 * *nul and returns NULL; *done is the first position the loop did not examine. */
__attribute__((target("avx2"))) static const char *
alts_find_avx2(const struct searcher *s, const char *hay, size_t n, size_t *done, bool nul_check, bool *nul)
{
	__m256i C1[SEARCH_ALTS_MAX], C2[SEARCH_ALTS_MAX], M1[SEARCH_ALTS_MAX], M2[SEARCH_ALTS_MAX];
	const __m256i Z = _mm256_setzero_si256();
	size_t k = s->n_alts, m = s->alts_max_len, i = 0;
	for (size_t j = 0; j < k; j++) {
		unsigned char f = (unsigned char)s->alts[j].lit[s->alts[j].rare1];
		unsigned char l = (unsigned char)s->alts[j].lit[s->alts[j].rare2];
		C1[j] = _mm256_set1_epi8((char)f);
		C2[j] = _mm256_set1_epi8((char)l);
		M1[j] = _mm256_set1_epi8(s->fold && isalpha(f) ? 0x20 : 0);
		M2[j] = _mm256_set1_epi8(s->fold && isalpha(l) ? 0x20 : 0);
	}
	for (; i + m - 1 + 32 <= n; i += 32) {
		if (!(i & 63))
			__builtin_prefetch(hay + i + PREFETCH_AHEAD);
		if (nul_check && _mm256_movemask_epi8(_mm256_cmpeq_epi8(
					 _mm256_loadu_si256((const __m256i *)(hay + i)), Z))) {
			*nul = true;
			break;
		}
		__m256i acc = Z;
		for (size_t j = 0; j < k; j++) {
			__m256i a = _mm256_or_si256(
				_mm256_loadu_si256((const __m256i *)(hay + i + s->alts[j].rare1)), M1[j]);
			__m256i b = _mm256_or_si256(
				_mm256_loadu_si256((const __m256i *)(hay + i + s->alts[j].rare2)), M2[j]);
			acc = _mm256_or_si256(acc, _mm256_and_si256(_mm256_cmpeq_epi8(a, C1[j]),
								    _mm256_cmpeq_epi8(b, C2[j])));
		}
		for (unsigned mask = (unsigned)_mm256_movemask_epi8(acc); mask; mask &= mask - 1) {
			size_t at = i + (size_t)__builtin_ctz(mask);
			for (size_t j = 0; j < k; j++)
				if (lit_eq(hay + at, s->alts[j].lit, s->alts[j].len, s->fold))
					return hay + at;
		}
	}
	*done = i;
	return NULL;
}

#endif

/* First occurrence of the searcher's literal in hay: its two rarest bytes are compared sixteen
 * (or, with AVX2, thirty-two) positions at a time and only double hits are checked in full. */
static const char *lit_find(const struct searcher *s, const char *hay, size_t n)
{
	const char *lit = s->lit;
	size_t m = s->lit_len;
	bool fold = s->fold;
	if (m > n)
		return NULL;
	if (m == 1 && !fold)
		return memchr(hay, lit[0], n);
	size_t i = 0;
#if defined(__x86_64__) && defined(__GNUC__)
	if (s->avx2) {
		const char *f = lit_find_avx2(s, hay, n, &i);
		if (f)
			return f;
	}
#endif
#if defined(__SSE2__)
	size_t p1 = s->rare1, p2 = s->rare2;
	unsigned char f = (unsigned char)lit[p1], l = (unsigned char)lit[p2];
	const __m128i F = _mm_set1_epi8((char)f), L = _mm_set1_epi8((char)l);
	const __m128i FM = _mm_set1_epi8(fold && isalpha(f) ? 0x20 : 0);
	const __m128i LM = _mm_set1_epi8(fold && isalpha(l) ? 0x20 : 0);
	for (; i + m - 1 + 16 <= n; i += 16) {
		__m128i a = _mm_or_si128(_mm_loadu_si128((const __m128i *)(hay + i + p1)), FM);
		__m128i b = _mm_or_si128(_mm_loadu_si128((const __m128i *)(hay + i + p2)), LM);
		unsigned mask = (unsigned)_mm_movemask_epi8(
			_mm_and_si128(_mm_cmpeq_epi8(a, F), _mm_cmpeq_epi8(b, L)));
		while (mask) {
			unsigned bit = (unsigned)__builtin_ctz(mask);
			if (lit_eq(hay + i + bit, lit, m, fold))
				return hay + i + bit;
			mask &= mask - 1;
		}
	}
#endif
	for (; i + m <= n; i++)
		if (lit_eq(hay + i, lit, m, fold))
			return hay + i;
	return NULL;
}

/* One match in line[off..len): by the literal when it is the whole pattern, else by the regex
 * with the line as the whole subject, so ^, $ and \b see the line's own edges. */
static enum rx_result line_match(const struct searcher *s, struct rx_state *st, const char *line, size_t len,
				 size_t off, size_t *ms, size_t *me)
{
	if (s->lit_is_match) {
		const char *f = lit_find(s, line + off, len - off);
		if (!f)
			return RX_NOMATCH;
		*ms = (size_t)(f - line);
		*me = *ms + s->lit_len;
		return RX_MATCH;
	}
	return regex_search(s->re, st, line, len, off, ms, me);
}

/* Bytes checked for NUL at a time: the literal scan then reads them again while they are still in
 * cache, instead of a second pass over the whole file. */
#define NUL_WINDOW (64 * 1024)

struct nul_scan {
	const char *data;
	size_t size, ok; /* data[0..ok) holds no NUL */
	bool on;
};

/* False when data[0..upto) holds a NUL. */
static bool nul_free(struct nul_scan *ns, size_t upto)
{
	if (!ns->on)
		return true;
	if (upto > ns->size)
		upto = ns->size;
	if (ns->ok >= upto)
		return true;
	size_t end = ns->ok + NUL_WINDOW > upto ? ns->ok + NUL_WINDOW : upto;
	if (end > ns->size)
		end = ns->size;
	if (memchr(ns->data + ns->ok, '\0', end - ns->ok))
		return false;
	ns->ok = end;
	return true;
}

#if defined(__x86_64__) && defined(__GNUC__)
/* lit_next with the NUL test inside the AVX2 literal scan: memory is read once, where the window
 * scheme reads it twice (measured: the separate NUL pass was 60% of a 250 MB search). */
static size_t lit_next_fused(const struct searcher *s, struct nul_scan *ns, const char *data, size_t size,
			     size_t pos)
{
	/* the scan tests data[pos + rare1 ..): what lies between the tested prefix and that first */
	size_t head = pos + s->rare1 < size ? pos + s->rare1 : size;
	if (!nul_free(ns, head))
		return SIZE_MAX - 1;
	size_t done = 0;
	bool nul = false;
	const char *f = lit_find_avx2_nul(s, data + pos, size - pos, &done, &nul);
	if (nul)
		return SIZE_MAX - 1;
	size_t tested = f ? (size_t)(f - data) + s->rare1 : pos + done + s->rare1;
	if (tested > ns->ok && tested <= size)
		ns->ok = tested;
	if (f)
		return (size_t)(f - data);
	f = lit_find(s, data + pos + done, size - pos - done);
	return f ? (size_t)(f - data) : SIZE_MAX;
}
#endif

#if defined(__x86_64__) && defined(__GNUC__)
/* lit_next for the alternatives (s->n_alts): the first position at or after pos where one
 * starts, with the NUL test in the same scan. */
static size_t alt_next(const struct searcher *s, struct nul_scan *ns, const char *data, size_t size,
		       size_t pos)
{
	if (!nul_free(ns, pos))
		return SIZE_MAX - 1;
	size_t done = 0;
	bool nul = false;
	const char *f = alts_find_avx2(s, data + pos, size - pos, &done, ns->on, &nul);
	if (nul)
		return SIZE_MAX - 1;
	size_t tested = f ? (size_t)(f - data) : pos + done;
	if (ns->on && tested > ns->ok)
		ns->ok = tested;
	if (f)
		return (size_t)(f - data);
	for (size_t at = pos + done; at < size; at++)
		for (size_t j = 0; j < s->n_alts; j++)
			if (s->alts[j].len <= size - at &&
			    lit_eq(data + at, s->alts[j].lit, s->alts[j].len, s->fold))
				return at;
	return SIZE_MAX;
}
#endif

/* The first occurrence of the literal at or after pos, scanning a window at a time behind the
 * NUL check; SIZE_MAX when there is none, SIZE_MAX - 1 when a NUL came first. */
static size_t lit_next(const struct searcher *s, struct nul_scan *ns, const char *data, size_t size,
		       size_t pos)
{
#if defined(__x86_64__) && defined(__GNUC__)
	if (ns->on && s->avx2 && s->lit_len > 1)
		return lit_next_fused(s, ns, data, size, pos);
#endif
	for (size_t from = pos;;) {
		size_t wend = ns->on && size - from > NUL_WINDOW ? from + NUL_WINDOW : size;
		if (!nul_free(ns, wend))
			return SIZE_MAX - 1;
		size_t span_end = wend + s->lit_len - 1 < size ? wend + s->lit_len - 1 : size;
		const char *f = lit_find(s, data + from, span_end - from);
		if (f)
			return (size_t)(f - data);
		if (wend == size)
			return SIZE_MAX;
		from = wend;
	}
}

/* Whether one line [line, line + len) is a hit (*hit), and its match spans when the sink wants
 * them (*n_spans pairs in *spans, which may be reallocated). SEARCH_LIMIT when the regex gave up. */
static enum search_status line_hits(const struct searcher *s, struct rx_state *st, const char *line,
				    size_t len, const struct search_sink *sink, size_t **spans,
				    size_t *spans_cap, size_t *n_spans, bool *hit)
{
	size_t off = 0;
	*n_spans = 0;
	*hit = false;
	if ((s->lit_is_match || s->alts_are_match) && !sink->want_spans) {
		*hit = true;
		return SEARCH_DONE;
	}
	while (off <= len) {
		size_t ms, me;
		enum rx_result r = line_match(s, st, line, len, off, &ms, &me);
		if (r == RX_NOMATCH)
			break;
		if (r == RX_LIMIT)
			return SEARCH_LIMIT;
		*hit = true;
		if (!sink->want_spans)
			break;
		if (me > ms) {
			XGROW(*spans, *spans_cap, 2 * *n_spans + 2);
			(*spans)[2 * *n_spans] = ms;
			(*spans)[2 * *n_spans + 1] = me;
			(*n_spans)++;
			off = me;
		} else {
			off = ms + 1;
			while (off < len && is_utf8_cont((unsigned char)line[off]))
				off++;
		}
		if (off >= len)
			break;
	}
	return SEARCH_DONE;
}

enum search_status search_range(const struct searcher *s, struct rx_state *st, const char *data, size_t size,
				const struct search_sink *sink, size_t **spans, size_t *spans_cap,
				size_t *lines, size_t *counted_to)
{
	size_t pos = 0, counted = 0, line_no = 1;
	bool per_line = false; /* the whole-buffer search hit the regex's limit: each line alone now */
	struct nul_scan ns = {.data = data, .size = size, .on = sink->binary_check};
	enum search_status status = SEARCH_DONE;
	/* the regex may read anywhere ahead: it gets the whole check first */
	if (!s->lit_len && !s->n_alts && !nul_free(&ns, size))
		return SEARCH_BINARY;
	while (pos < size) {
		size_t ls, le, anchor;
		if (s->lit_len || s->n_alts) {
#if defined(__x86_64__) && defined(__GNUC__)
			anchor = s->n_alts ? alt_next(s, &ns, data, size, pos)
					   : lit_next(s, &ns, data, size, pos);
#else
			anchor = lit_next(s, &ns, data, size, pos);
#endif
			if (anchor == SIZE_MAX - 1)
				return SEARCH_BINARY;
			if (anchor == SIZE_MAX)
				break;
		} else if (per_line) {
			anchor = pos;
		} else {
			size_t ms, me;
			enum rx_result r = regex_scan(s->re, st, data, size, pos, &ms, &me);
			if (r == RX_NOMATCH)
				break;
			per_line = r == RX_LIMIT;
			anchor = per_line ? pos : ms;
		}
		if (anchor >= size)
			break; /* an empty match after the final newline is not a line */
		const char *nl = anchor > pos ? memrchr(data + pos, '\n', anchor - pos) : NULL;
		ls = nl ? (size_t)(nl - data) + 1 : pos;
		nl = memchr(data + anchor, '\n', size - anchor);
		le = nl ? (size_t)(nl - data) : size;

		const char *line = data + ls;
		size_t len = le - ls, n_spans;
		bool hit;
		status = line_hits(s, st, line, len, sink, spans, spans_cap, &n_spans, &hit);
		if (status == SEARCH_LIMIT)
			break;
		if (hit) {
			if (!sink->count_only) {
				line_no += file_count_newlines(data + counted, ls - counted);
				counted = ls;
			}
			struct search_line sl = {.number = line_no,
						 .offset = ls,
						 .text = line,
						 .len = len,
						 .spans = n_spans ? *spans : NULL,
						 .n_spans = n_spans};
			if (!sink->on_line(sink->ctx, &sl)) {
				status = SEARCH_STOPPED;
				break;
			}
		}
		pos = le + 1;
	}
	*lines = line_no - 1;
	*counted_to = counted;
	/* a NUL after the last hit still makes the file binary, whatever was found before it */
	return nul_free(&ns, size) ? status : SEARCH_BINARY;
}

enum search_status search_buffer(const struct searcher *s, struct rx_state *st, const char *data, size_t size,
				 const struct search_sink *sink, size_t **spans, size_t *spans_cap)
{
	size_t lines, counted;
	return search_range(s, st, data, size, sink, spans, spans_cap, &lines, &counted);
}

/* Hands a streamed window's hits to the caller's sink numbered and placed as in the whole file. */
struct stream_relay {
	const struct search_sink *sink;
	size_t line_base; /* lines before the window */
	size_t off_base; /* the file offset of the buffer's first byte */
};

static bool stream_relay_line(void *ctx, const struct search_line *l)
{
	struct stream_relay *r = ctx;
	struct search_line out = *l;
	out.number += r->line_base;
	out.offset += r->off_base;
	return r->sink->on_line(r->sink->ctx, &out);
}

/* The end of the next window of b->data[pos..len): past the last newline in the first `window`
 * bytes, or past the first one after them when a line is longer; at the end of the file the
 * rest. 0 when no newline has been read yet. */
static size_t window_end(const struct buf *b, size_t pos, size_t window, bool eof)
{
	size_t avail = b->len - pos;
	if (eof && avail <= window)
		return b->len;
	size_t look = avail < window ? avail : window;
	const char *nl = memrchr(b->data + pos, '\n', look);
	if (!nl && avail > look)
		nl = memchr(b->data + pos + look, '\n', avail - look);
	if (nl)
		return (size_t)(nl - b->data) + 1;
	return eof ? b->len : 0;
}

/* Reads into b until it holds `need` bytes from pos or the file ends, first moving the bytes from
 * pos to the front (the line the last window cut). False at the end of the file. */
static bool stream_refill(struct buf *b, size_t *pos, size_t need, size_t window, search_fill_fn fill,
			  void *fill_ctx, size_t *off_base)
{
	if (*pos) {
		memmove(b->data, b->data + *pos, b->len - *pos);
		b->len -= *pos;
		*off_base += *pos;
		*pos = 0;
	}
	/* only what the window lacks, so the next window's leftover is the line it cut, not a
	 * second window's bytes moved to the front; a tiny window (the tests') reads in large pieces */
	while (b->len < need) {
		size_t want = need - b->len;
		if (window < SEARCH_READ_MIN && want < SEARCH_READ_MIN)
			want = SEARCH_READ_MIN;
		if (!fill(fill_ctx, b, want))
			return false;
	}
	return true;
}

enum search_status search_stream(const struct searcher *s, struct rx_state *st, struct buf *b,
				 search_fill_fn fill, void *fill_ctx, const struct search_sink *sink,
				 size_t **spans, size_t *spans_cap)
{
	size_t window = s->stream_window ? s->stream_window : SEARCH_WINDOW, pos = 0, need = window;
	struct stream_relay relay = {.sink = sink};
	struct search_sink ss = *sink;
	ss.on_line = stream_relay_line;
	ss.ctx = &relay;
	enum search_status status = SEARCH_DONE;
	bool eof = false;
	for (;;) {
		if (!eof && b->len - pos < need)
			eof = !stream_refill(b, &pos, need, window, fill, fill_ctx, &relay.off_base);
		if (b->len == pos)
			break;
		size_t end = window_end(b, pos, window, eof);
		if (!end) { /* a line longer than the window: read on to its end, doubling */
			need = 2 * (b->len - pos) + window;
			continue;
		}
		need = window;
		const char *d = b->data + pos;
		size_t n = end - pos, lines, counted;
		if (status != SEARCH_DONE) { /* stopped or limited: only the binary check reads on */
			if (memchr(d, '\0', n))
				return SEARCH_BINARY;
		} else {
			relay.off_base += pos;
			status = search_range(s, st, d, n, &ss, spans, spans_cap, &lines, &counted);
			relay.off_base -= pos;
			if (status == SEARCH_BINARY)
				return status;
			if (!sink->count_only)
				relay.line_base += lines + file_count_newlines(d + counted, n - counted);
		}
		if (status != SEARCH_DONE && !sink->binary_check)
			break;
		pos = end;
	}
	return status;
}
