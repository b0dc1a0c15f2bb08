/* Buffer search (search.h): the hit lines search_buffer reports — line numbers, match
 * spans, lines a match would only reach across a newline, empty matches, the last line without a
 * newline, the sink stopping early and the match limit. Expected hits are what grep -n reports. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "error.h"
#include "match.h"
#include "file.h"
#include "search.h"
#include "unit.h"

struct got {
	struct buf b;
	int stop_after; /* 0: never */
	int seen;
};

static bool collect(void *ctx, const struct search_line *l)
{
	struct got *g = ctx;
	buf_addf(&g->b, "%zu:", l->number);
	size_t at = 0;
	for (size_t i = 0; i < l->n_spans; i++) {
		buf_add(&g->b, l->text + at, l->spans[2 * i] - at);
		buf_addc(&g->b, '[');
		buf_add(&g->b, l->text + l->spans[2 * i], l->spans[2 * i + 1] - l->spans[2 * i]);
		buf_addc(&g->b, ']');
		at = l->spans[2 * i + 1];
	}
	buf_add(&g->b, l->text + at, l->len - at);
	buf_addc(&g->b, '\n');
	return !g->stop_after || ++g->seen < g->stop_after;
}

/* Compiles pattern with re_flags, searches data[0..n) with a searcher made for fl, hit lines
 * collected into g, and frees all but g. False when the pattern does not compile. */
static bool search_run(const char *pattern, unsigned re_flags, unsigned fl, const char *data, size_t n,
		       bool binary_check, struct got *g, enum search_status *rc)
{
	struct diag d = DIAG_INIT;
	struct regex *re = regex_new(pattern, re_flags, &d);
	diag_release(&d);
	if (!re)
		return false;
	struct searcher s;
	searcher_init(&s, re, pattern, fl);
	struct rx_state *st = rx_state_new(re);
	struct search_sink sink = {
		.on_line = collect, .ctx = g, .want_spans = true, .binary_check = binary_check};
	size_t *spans = NULL, cap = 0;
	*rc = search_buffer(&s, st, data, n, &sink, &spans, &cap);
	free(spans);
	rx_state_free(st);
	searcher_release(&s);
	regex_free(re);
	return true;
}

static void hits(void)
{
	static const struct {
		const char *name, *pattern;
		unsigned flags;
		const char *data;
		const char *want;
		int stop_after;
	} cases[] = {
		{"line numbers count only newlines", "needle", 0, "a\nb\nneedle\nc\nneedle x\n",
		 "3:[needle]\n5:[needle] x\n", 0},
		{"every match on a line", "ab", 0, "ab ab\nxx\n", "1:[ab] [ab]\n", 0},
		{"a regex with no literal", "[0-9]+", 0, "a\nb12c3\n", "2:b[12]c[3]\n", 0},
		{"a match only across a newline is no hit", "foo\\s+bar", 0, "foo\nbar\nfoo  bar\n",
		 "3:[foo  bar]\n", 0},
		{"class with newline stays in the line", "a[^x]b", 0, "a\nb\naxb\nacb\n", "4:[acb]\n", 0},
		{"anchors at line edges", "^b|c$", 0, "ab\nbc\nc\n", "2:[b][c]\n3:[c]\n", 0},
		{"last line without newline", "end", 0, "x\nthe end", "2:the [end]\n", 0},
		{"empty matches hit without spans", "x*", 0, "a\n\nb\n", "1:a\n2:\n3:b\n", 0},
		{"an empty buffer has no lines", "^", 0, "", "", 0},
		{"no empty line after the final newline", "^$", 0, "a\n", "", 0},
		{"an empty line in the middle", "^$", 0, "a\n\nb\n", "2:\n", 0},
		{"literal prefilter with regex verify", "needle\\d", 0, "needle\nneedle7\n", "2:[needle7]\n",
		 0},
		{"caseless literal keeps the file's spelling", "needle", RX_CASELESS, "NeEdLe\nnope\n",
		 "1:[NeEdLe]\n", 0},
		{"caseless k matches the Kelvin sign", "k", RX_CASELESS, "\xE2\x84\xAA\n",
		 "1:[\xE2\x84\xAA]\n", 0},
		{"-F literal with metacharacters", "a.b", RX_LITERAL, "a.b\naxb\n", "1:[a.b]\n", 0},
		{"whole words", "cap", RX_WORD, "cap\ncapped\nthe cap.\n", "1:[cap]\n3:the [cap].\n", 0},
		{"the sink stops the search", "x", 0, "x\nx\nx\n", "1:[x]\n2:[x]\n", 2},
		{"invalid UTF-8 is tolerated", "ok", 0, "\xff\xfe ok\n", "1:\xff\xfe [ok]\n", 0},
		{"CRLF lines", "b$", 0, "ab\r\nb\r\n", "", 0},
		/* a few plain literals in an alternation are scanned for together; the regex still
		 * says where each match lies */
		{"an alternation of literals", "foo|ba", 0, "x\nbaz foo\nfo\nb a\nBA\n", "2:[ba]z [foo]\n",
		 0},
		{"a caseless alternation", "TODO|fixme", RX_CASELESS, "todo\nFixMe\nfix me\n",
		 "1:[todo]\n2:[FixMe]\n", 0},
		{"an alternation whose second literal starts first", "bc|ab", 0, "abc\n", "1:[ab]c\n", 0},
		{"a whole-word alternation", "ab|cd", RX_WORD, "abc cd\nxab\n", "1:abc [cd]\n", 0},
		{"an alternation at the very end, no newline", "zz|yy", 0, "a\nbyy", "2:b[yy]\n", 0},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		unsigned fl = cases[i].flags | RX_MULTILINE;
		/* PCRE2 takes LITERAL only without MULTILINE, which a literal does not need */
		unsigned re_fl = fl & RX_LITERAL ? fl & ~(unsigned)RX_MULTILINE : fl;
		struct got g = {.stop_after = cases[i].stop_after};
		enum search_status rc;
		bool ran = search_run(cases[i].pattern, re_fl, fl, cases[i].data, strlen(cases[i].data),
				      false, &g, &rc);
		if (!unit_check(ran, "%s: compiles", cases[i].name))
			continue;
		unit_bytes(cases[i].name, g.b.data ? g.b.data : "", g.b.len, cases[i].want);
		unit_check(rc == (cases[i].stop_after ? SEARCH_STOPPED : SEARCH_DONE), "%s: status",
			   cases[i].name);
		buf_release(&g.b);
	}
}

static void match_limit(void)
{
	/* (a+)+ over 3,000 a's: the backtracker gives up and the DFA's state set outgrows its
	 * workspace, so the line stays unanswered and the status says so */
	struct buf data = BUF_INIT;
	for (int i = 0; i < 3000; i++)
		buf_addc(&data, 'a');
	buf_adds(&data, "b\n");
	struct got g = {0};
	enum search_status rc = SEARCH_DONE;
	search_run("(a+)+$", RX_MULTILINE, RX_MULTILINE, data.data, data.len, false, &g, &rc);
	unit_check(rc == SEARCH_LIMIT,
		   "catastrophic backtracking the DFA cannot answer ends at the match limit");
	buf_release(&g.b);

	/* control: over 40 a's the DFA answers: no hit, and the search is done */
	buf_truncate(&data, 0);
	for (int i = 0; i < 40; i++)
		buf_addc(&data, 'a');
	buf_adds(&data, "b\n");
	memset(&g, 0, sizeof(g));
	search_run("(a+)+$", RX_MULTILINE, RX_MULTILINE, data.data, data.len, false, &g, &rc);
	unit_check(rc == SEARCH_DONE && !g.b.len, "the DFA fallback answers (a+)+$ over 40 a's: no hit");
	buf_release(&g.b);

	/* the whole-buffer search hits the limit on line 2; from there each line is searched alone,
	 * with the fallback: every line ends in an (empty) match */
	buf_truncate(&data, 0);
	buf_adds(&data, "foo\naaaaaaaaaaaaaaaaaaaaaaaaa!\nbar\n");
	memset(&g, 0, sizeof(g));
	search_run("(?:a*)*$", RX_MULTILINE, RX_MULTILINE, data.data, data.len, false, &g, &rc);
	unit_bytes("after the limit, line by line with the fallback", g.b.data ? g.b.data : "", g.b.len,
		   "1:foo\n2:aaaaaaaaaaaaaaaaaaaaaaaaa!\n3:bar\n");
	unit_check(rc == SEARCH_DONE, "after the limit, line by line: the search is done");
	buf_release(&g.b);
	buf_release(&data);
}

/* With binary_check a NUL anywhere makes the buffer binary: before the first hit, after the last,
 * past the first 64 KiB window, under the literal scan and under the regex. */
static void binary(void)
{
	static const struct {
		const char *name, *pattern;
		size_t nul_at; /* (size_t)-1: none */
		enum search_status want;
	} cases[] = {
		{"no NUL: searched", "needle", (size_t)-1, SEARCH_DONE},
		{"NUL before the hit", "needle", 10, SEARCH_BINARY},
		{"NUL after the hit", "needle", 150000, SEARCH_BINARY},
		{"NUL in the last byte", "needle", 199999, SEARCH_BINARY},
		{"NUL with no literal in the pattern", "ne+dle", 150000, SEARCH_BINARY},
		{"NUL and no hit at all", "absent", 70000, SEARCH_BINARY},
		{"NUL under an alternation's scan", "needle|absent", 150000, SEARCH_BINARY},
		{"NUL before an alternation's hit", "needle|absent", 10, SEARCH_BINARY},
		{"no NUL and no hit", "absent", (size_t)-1, SEARCH_DONE},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct buf data = BUF_INIT;
		bool placed = false;
		while (data.len < 200000) {
			bool now = !placed && data.len >= 100000;
			buf_adds(&data, now ? "needle in line .....\n" : "filler text line ...\n");
			placed = placed || now;
		}
		buf_truncate(&data, 200000);
		if (cases[i].nul_at != (size_t)-1)
			data.data[cases[i].nul_at] = '\0';
		struct got g = {0};
		enum search_status rc = SEARCH_DONE;
		search_run(cases[i].pattern, RX_MULTILINE, RX_MULTILINE, data.data, data.len, true, &g, &rc);
		unit_long(cases[i].name, rc, cases[i].want);
		if (cases[i].nul_at == (size_t)-1 && strstr(cases[i].pattern, "needle"))
			unit_str("the hit behind the first window", g.b.data ? g.b.data : "",
				 "4763:[needle] in line .....\n");
		buf_release(&g.b);
		buf_release(&data);
	}
}

/* What collect prints for data[0..n) searched for lit (spans included), by plain memmem: the
 * expectation of scan_tail. fold: lit is upper case and data's letters are compared upper. */
static void naive_hits(const char *data, size_t n, const char *lit, bool fold, struct buf *out)
{
	size_t m = strlen(lit), line = 1;
	for (size_t ls = 0; ls < n; line++) {
		const char *nl = memchr(data + ls, '\n', n - ls);
		size_t le = nl ? (size_t)(nl - data) : n, at = ls;
		bool hit = false;
		for (size_t i = ls; i + m <= le;) {
			size_t k = 0;
			while (k < m &&
			       (fold ? (char)toupper((unsigned char)data[i + k]) : data[i + k]) == lit[k])
				k++;
			if (k < m) {
				i++;
				continue;
			}
			if (!hit)
				buf_addf(out, "%zu:", line);
			hit = true;
			buf_add(out, data + at, i - at);
			buf_addc(out, '[');
			buf_add(out, data + i, m);
			buf_addc(out, ']');
			at = i += m;
		}
		if (hit) {
			buf_add(out, data + at, le - at);
			buf_addc(out, '\n');
		}
		ls = le + 1;
	}
}

/* The literal scan's last positions, which it tests in one block that overlaps the one before:
 * every buffer length around the 32-byte blocks, the literal (and a NUL) at every position, plain
 * and case-folded; the hits and the binary verdict are those of a byte-by-byte search. */
static void scan_tail(void)
{
	long bad = 0, runs = 0;
	char data[140];
	for (int fold = 0; fold < 2; fold++)
		for (size_t n = 0; n <= 130; n++)
			for (size_t p = 0; p <= n + 1; p++)
				for (int nul = 0; nul < 2; nul++) {
					for (size_t i = 0; i < n; i++)
						data[i] = i % 23 == 22 ? '\n' : "oDdTxO"[i % 6];
					if (p + 4 <= n && !nul)
						memcpy(data + p, fold ? "tOdO" : "TODO", 4);
					if (nul && p < n)
						data[p] = '\0';
					struct got g = {0};
					struct buf want = BUF_INIT;
					enum search_status rc = SEARCH_DONE;
					search_run("TODO", RX_LITERAL | (fold ? RX_CASELESS : 0),
						   RX_LITERAL | (fold ? RX_CASELESS : 0), data, n, true, &g,
						   &rc);
					bool has_nul = nul && p < n;
					if (!has_nul)
						naive_hits(data, n, "TODO", fold, &want);
					runs++;
					if (rc != (has_nul ? SEARCH_BINARY : SEARCH_DONE) ||
					    (!has_nul && strcmp(buf_str(&g.b), buf_str(&want))))
						bad++;
					buf_release(&g.b);
					buf_release(&want);
				}
	unit_check(runs > 30000, "scan_tail ran %ld searches", runs);
	unit_long("scan_tail: searches that differ from a byte-by-byte search", bad, 0);
}

static void count_lines(void)
{
	struct buf b = BUF_INIT;
	for (int i = 0; i < 1000; i++)
		buf_adds(&b, i % 3 ? "abcdefghijklmnopqrstuvwxyz\n" : "\n");
	unit_long("newlines counted across SIMD blocks and the tail",
		  (long)file_count_newlines(b.data, b.len), 1000);
	unit_long("newlines in an unaligned slice", (long)file_count_newlines(b.data + 1, 40), 1);
	buf_truncate(&b, 0);
	for (int i = 0; i < 10000; i++)
		buf_addc(&b, '\n');
	/* every byte a newline: a byte lane would overflow past 255 without its periodic sum */
	unit_long("newlines only", (long)file_count_newlines(b.data, b.len), 10000);
	buf_release(&b);
}

/* Everything the sink is told, one line per hit: number, offset, spans and text. */
static bool record(void *ctx, const struct search_line *l)
{
	struct buf *b = ctx;
	buf_addf(b, "%zu@%zu", l->number, l->offset);
	for (size_t i = 0; i < l->n_spans; i++)
		buf_addf(b, " [%zu,%zu)", l->spans[2 * i], l->spans[2 * i + 1]);
	buf_addc(b, ' ');
	buf_add(b, l->text, l->len);
	buf_addc(b, '\n');
	return true;
}

static bool count_hit(void *ctx, const struct search_line *l)
{
	(void)l;
	(*(long *)ctx)++;
	return true;
}

/* A file for the chunked search: short and empty lines, CRLF endings, lines of 3,000 bytes with
 * the match at either end, hits on consecutive lines (so every chunk edge falls next to one), and
 * last line without a newline. */
static void chunk_corpus(struct buf *b, unsigned seed)
{
	static const char *const lines[] = {"ab cd",           "",         "xx ab", "ab\r",
					    "no match here\r", "AB ab Ab", "b",     "a"};
	for (unsigned i = 0; i < 120; i++) {
		seed = seed * 1103515245u + 12345u;
		unsigned r = (seed >> 16) % 10;
		if (r < 8) {
			buf_adds(b, lines[r]);
		} else {
			if (r == 8)
				buf_adds(b, "ab");
			for (int k = 0; k < 3000; k++)
				buf_addc(b, (char)('c' + k % 20));
			if (r == 9)
				buf_adds(b, "ab");
		}
		buf_addc(b, '\n');
	}
	buf_adds(b, "last ab");
}

/* search_parallel cut into chunks of every size from 1 byte up tells the sink exactly what
 * search_buffer tells it: the same lines, numbers, offsets and spans, in order; counting alone
 * gives the same count; a NUL in any chunk makes the whole buffer binary. */
static void chunked(void)
{
	static const char *const patterns[] = {"ab",       "(?i)ab", "a.",    "^ab", "b$",
					       "\\bab\\b", "x*",     "ab|cd", "c+d", "\\r$"};
	static const size_t sizes[] = {1, 2, 3, 5, 7, 13, 64, 1000, 3001, 1 << 20};
	struct buf data = BUF_INIT;
	chunk_corpus(&data, 7);
	long mismatches = 0, compared = 0;
	for (size_t p = 0; p < sizeof(patterns) / sizeof(patterns[0]); p++) {
		struct diag d = DIAG_INIT;
		struct regex *re = regex_new(patterns[p], RX_MULTILINE, &d);
		diag_release(&d);
		if (!unit_check(re != NULL, "%s compiles", patterns[p]))
			continue;
		struct searcher s;
		searcher_init(&s, re, patterns[p], RX_MULTILINE);
		struct rx_state *st = rx_state_new(re);
		size_t *spans = NULL, cap = 0;
		struct buf want = BUF_INIT;
		struct search_sink sink = {
			.on_line = record, .ctx = &want, .want_spans = true, .binary_check = true};
		enum search_status rc1 = search_buffer(&s, st, data.data, data.len, &sink, &spans, &cap);
		for (size_t z = 0; z < sizeof(sizes) / sizeof(sizes[0]); z++) {
			s.chunk_min = 0;
			s.chunk_bytes = sizes[z];
			struct buf got = BUF_INIT;
			sink.ctx = &got;
			enum search_status rc2 =
				search_parallel(&s, st, 2, data.data, data.len, &sink, &spans, &cap);
			long n1 = 0, n2 = 0;
			struct search_sink counter = {
				.on_line = count_hit, .ctx = &n1, .binary_check = true, .count_only = true};
			search_buffer(&s, st, data.data, data.len, &counter, &spans, &cap);
			counter.ctx = &n2;
			search_parallel(&s, st, 2, data.data, data.len, &counter, &spans, &cap);
			compared++;
			if (rc1 != rc2 || got.len != want.len || memcmp(got.data, want.data, want.len) ||
			    n1 != n2) {
				if (mismatches++ < 5)
					unit_check(false, "%s in chunks of %zu bytes: as one search",
						   patterns[p], sizes[z]);
			}
			buf_release(&got);
		}
		unit_check(want.len > 0 || p == 9, "%s has hits to compare", patterns[p]);
		buf_release(&want);
		free(spans);
		rx_state_free(st);
		searcher_release(&s);
		regex_free(re);
	}
	unit_long("chunked searches that differ from one search", mismatches, 0);
	unit_check(compared == 100, "every pattern and chunk size compared");

	/* a NUL in one chunk past the first 64 KiB (a NUL there means one search, as for any binary
	 * file), the other chunks clean: binary, and the clean chunks' lines never reach the sink */
	for (unsigned seed = 8; data.len < 200000; seed++)
		chunk_corpus(&data, seed);
	data.data[data.len - 1000] = '\0';
	struct diag d = DIAG_INIT;
	struct regex *re = regex_new("ab", RX_MULTILINE, &d);
	struct searcher s;
	searcher_init(&s, re, "ab", RX_MULTILINE);
	s.chunk_min = 0;
	s.chunk_bytes = 100;
	struct rx_state *st = rx_state_new(re);
	size_t *spans = NULL, cap = 0;
	struct buf got = BUF_INIT;
	struct search_sink sink = {.on_line = record, .ctx = &got, .want_spans = true, .binary_check = true};
	unit_long("a NUL in one chunk: binary",
		  search_parallel(&s, st, 2, data.data, data.len, &sink, &spans, &cap), SEARCH_BINARY);
	unit_long("a NUL in one chunk: no line pushed", (long)got.len, 0);
	buf_release(&got);
	free(spans);
	rx_state_free(st);
	searcher_release(&s);
	regex_free(re);
	diag_release(&d);
	buf_release(&data);
}

/* A search_fill_fn over bytes in memory, handing them out in pieces of varying size (a read()
 * may return less than asked). */
struct mem_fill {
	const char *data;
	size_t size, at;
	unsigned seed, piece; /* piece 0: as much as asked */
};

static size_t mem_fill(void *ctx, struct buf *b, size_t want)
{
	struct mem_fill *m = ctx;
	size_t n = m->size - m->at < want ? m->size - m->at : want;
	if (m->piece) {
		m->seed = m->seed * 1103515245u + 12345u;
		size_t cut = 1 + (m->seed >> 16) % m->piece;
		if (n > cut)
			n = cut;
	}
	buf_add(b, m->data + m->at, n);
	m->at += n;
	return n;
}

/* search_stream over data with a window of `window` bytes, the first `head` bytes already in the
 * buffer (file_scan's probe) and the rest read in pieces of at most `piece` bytes. */
static enum search_status stream_over(struct searcher *s, struct rx_state *st, const struct buf *data,
				      size_t window, size_t head, unsigned piece,
				      const struct search_sink *sink, size_t **spans, size_t *cap)
{
	struct buf b = BUF_INIT;
	if (head > data->len)
		head = data->len;
	buf_add(&b, data->data, head);
	struct mem_fill m = {.data = data->data, .size = data->len, .at = head, .seed = 5, .piece = piece};
	s->stream_window = window;
	enum search_status rc = search_stream(s, st, &b, mem_fill, &m, sink, spans, cap);
	unit_check(m.at == data->len || rc != SEARCH_DONE || !sink->binary_check,
		   "a finished stream read every byte");
	buf_release(&b);
	return rc;
}

static bool same_bytes(const struct buf *a, const struct buf *b)
{
	return a->len == b->len && (!a->len || !memcmp(a->data, b->data, a->len));
}

static bool stop_first(void *ctx, const struct search_line *l)
{
	record(ctx, l);
	return false;
}

/* One pattern: search_stream in windows of every size tells the sink what search_buffer tells it
 * (numbers, offsets in the whole file, spans, text), counting gives the same count, and a sink
 * that stops after the first line stops both the same way. */
static long streamed_pattern(const char *pattern, const struct buf *data, long *compared)
{
	static const size_t windows[] = {1, 2, 3, 5, 7, 13, 64, 1000, 2999, 3001, 1 << 20};
	static const size_t heads[] = {0, 1, 4096, 32768};
	struct diag d = DIAG_INIT;
	struct regex *re = regex_new(pattern, RX_MULTILINE, &d);
	diag_release(&d);
	if (!unit_check(re != NULL, "%s compiles", pattern))
		return 1;
	struct searcher s;
	searcher_init(&s, re, pattern, RX_MULTILINE);
	struct rx_state *st = rx_state_new(re);
	size_t *spans = NULL, cap = 0;
	long mismatches = 0, n1 = 0;
	struct buf want = BUF_INIT, want1 = BUF_INIT;
	struct search_sink sink = {.on_line = record, .ctx = &want, .want_spans = true, .binary_check = true};
	struct search_sink counter = {
		.on_line = count_hit, .ctx = &n1, .binary_check = true, .count_only = true};
	struct search_sink stopper = {.on_line = stop_first, .ctx = &want1, .binary_check = true};
	enum search_status rc1 = search_buffer(&s, st, data->data, data->len, &sink, &spans, &cap);
	enum search_status rc1c = search_buffer(&s, st, data->data, data->len, &counter, &spans, &cap);
	enum search_status rc1s = search_buffer(&s, st, data->data, data->len, &stopper, &spans, &cap);
	for (size_t z = 0; z < sizeof(windows) / sizeof(windows[0]); z++) {
		size_t head = heads[z % 4];
		unsigned piece = z % 3 ? 0 : 97;
		struct buf got = BUF_INIT, got1 = BUF_INIT;
		long n2 = 0;
		sink.ctx = &got;
		counter.ctx = &n2;
		stopper.ctx = &got1;
		enum search_status rc2 =
			stream_over(&s, st, data, windows[z], head, piece, &sink, &spans, &cap);
		enum search_status rc2c =
			stream_over(&s, st, data, windows[z], head, piece, &counter, &spans, &cap);
		enum search_status rc2s =
			stream_over(&s, st, data, windows[z], head, piece, &stopper, &spans, &cap);
		(*compared)++;
		/* lines pushed before a later NUL are pushed by the stream and not by one search: the
		 * status says they are not to be used */
		bool lines_same = rc1 == SEARCH_BINARY || same_bytes(&got, &want);
		bool first_same = rc1s == SEARCH_BINARY || same_bytes(&got1, &want1);
		if (rc1 != rc2 || rc1c != rc2c || rc1s != rc2s || !lines_same || !first_same ||
		    (rc1c != SEARCH_BINARY && n1 != n2)) {
			if (mismatches++ < 3)
				unit_check(false, "%s streamed in windows of %zu bytes: as one search",
					   pattern, windows[z]);
		}
		buf_release(&got);
		buf_release(&got1);
	}
	buf_release(&want);
	buf_release(&want1);
	free(spans);
	rx_state_free(st);
	searcher_release(&s);
	regex_free(re);
	return mismatches;
}

/* search_stream against search_buffer: the chunk corpus (CRLF, lines longer than small windows,
 * no final newline, a match at the very end), the same with a NUL far past the first window
 * (binary), an empty file, and one that is a single line without a newline. */
static void streamed(void)
{
	static const char *const patterns[] = {"ab",       "(?i)ab",  "a.",       "^ab",   "b$",
					       "\\bab\\b", "x*",      "ab|cd",    "c+d",   "\\r$",
					       "ab$|^a",   "last ab", "ab|no|cd", "\\w+ab"};
	struct buf data = BUF_INIT, nul = BUF_INIT, one = BUF_INIT, empty = BUF_INIT;
	chunk_corpus(&data, 7);
	for (unsigned seed = 8; nul.len < 100000; seed++)
		chunk_corpus(&nul, seed);
	nul.data[nul.len - 500] = '\0';
	buf_adds(&one, "xx ab cd ab");
	const struct buf *inputs[] = {&data, &nul, &one, &empty};
	long mismatches = 0, compared = 0;
	for (size_t i = 0; i < sizeof(inputs) / sizeof(inputs[0]); i++)
		for (size_t p = 0; p < sizeof(patterns) / sizeof(patterns[0]); p++)
			mismatches += streamed_pattern(patterns[p], inputs[i], &compared);
	unit_long("streamed searches that differ from one search", mismatches, 0);
	unit_long("every input, pattern and window compared", compared, 4 * 14 * 11);
	buf_release(&data);
	buf_release(&nul);
	buf_release(&one);
	buf_release(&empty);
}

int main(void)
{
	unit_begin("search");
	hits();
	match_limit();
	binary();
	scan_tail();
	count_lines();
	chunked();
	streamed();
	return unit_end();
}
