/* find must never miss a hit: a differential test over generated patterns (escapes with and
 * without arguments, classes with set operations, alternations, anchors, quantifiers, case flags,
 * Unicode) on a generated corpus. Each pattern's hit lines are computed three ways and must be
 * equal: search_buffer with the required-literal prefilter, search_buffer with no prefilter, and
 * ripgrep (`rg`, installed by make check) wherever rg accepts the pattern. rg costs a process
 * per pattern, so it checks every RXDIFF_RG_EVERY-th pattern it can read (default 4, about 2,000
 * of 20,000), the two in-process searches every one; every 4th pattern is also searched split
 * into chunks (search_parallel, chunks of 1 to 300 bytes, two threads), which must agree too. Patterns and corpus are generated from a fixed seed, so a
 * failure names a pattern that reproduces.
 *
 * RXDIFF_N sets the number of patterns (default 20000), RXDIFF_SEED the seed. Known readings
 * where PCRE2 and Rust differ and lets keeps PCRE2's are left out of the generator and listed in
 * docs/differences.md (\w and \b around combining marks). */
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "alloc.h"
#include "buf.h"
#include "error.h"
#include "match.h"
#include "search.h"
#include "unit.h"

extern char **environ;

/* ---- deterministic generation ---- */

static uint64_t rng_state;

static uint32_t rnd(uint32_t n)
{
	rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
	return (uint32_t)(rng_state >> 33) % n;
}

#define PICK(arr) (arr)[rnd(sizeof(arr) / sizeof((arr)[0]))]

/* Corpus words: text the patterns below look for, including what each escape stands for. */
static const char *const words[] = {
	"foo",
	"bar",
	"needle",
	"AB",
	"ABC",
	"xABy",
	"Lq",
	"caf\xC3\xA9",
	"stra\xC3\x9F"
	"e",
	"\xCE\xB1\xCE\xB2\xCE\xB3",
	"\xCE\xA9mega",
	"\xE6\x97\xA5\xE6\x9C\xAC",
	"\xF0\x9F\x98\x80",
	"\xE2\x84\xAA"
	"elvin",
	"\xC5\xBF"
	"ign",
	"x.y",
	"a+b",
	"(paren)",
	"[br]",
	"{3}",
	"a|b",
	"^caret",
	"$dollar",
	"back\\slash",
	"tab\there",
	"ctrl\x01"
	"A",
	"q\x0Bv",
	"aaaaaaaaaaaaaaaaaaaaaaaaa!",
	"<tag>",
	"a&&b",
	"x--y",
	"t~~u",
	"TODO",
	"FIXME",
	"0x41",
	"\\x41",
	"1234",
	"3.14",
	"_under_score",
	"camelCase",
	"snake_case",
	"UPPER",
	"bat",
	"bit",
	"but",
	"hello",
	"world",
	"wor",
	"a-z",
	"#hash",
	"'q'",
	"\"dq\"",
	"BB",
	"AAB",
	"zz",
	"k",
	"s",
	"K",
	"S",
	"key",
	"Kelvin",
	"SKIP",
	"mask",
	"sks",
	"\xC3\x89T\xC3\x89",
	"na\xC3\xAFve",
	"\xD0\x9C\xD0\xBE\xD1\x81\xD0\xBA\xD0\xB2\xD0\xB0",
};

static void gen_corpus(struct buf *c, int lines)
{
	static const char *const seps[] = {" ", " ", " ", "",   ".",  ",", "(",
					   ")", "-", "_", "\t", ": ", "=", "/"};
	for (int i = 0; i < lines; i++) {
		int n = (int)rnd(7);
		for (int j = 0; j < n; j++) {
			if (j)
				buf_adds(c, PICK(seps));
			buf_adds(c, PICK(words));
		}
		buf_addc(c, '\n');
	}
}

/* A piece of literal text: a slice of a corpus word (so patterns hit), cut on a character
 * boundary, with regex metacharacters escaped. */
static void gen_text(struct buf *p)
{
	const char *w = PICK(words);
	size_t n = strlen(w), a = rnd((uint32_t)n), b = a + 1 + rnd((uint32_t)(n - a));
	while (a > 0 && (w[a] & 0xC0) == 0x80)
		a--;
	while (b < n && (w[b] & 0xC0) == 0x80)
		b++;
	for (size_t i = a; i < b; i++) {
		if (strchr("\\.+*?()[]{}|^$#&-~", w[i]) && w[i])
			buf_addc(p, '\\');
		buf_addc(p, w[i]);
	}
}

/* Escapes, each with its argument, and what PCRE2 or Rust make of them. */
static const char *const escapes[] = {
	"\\x41",         "\\x41B",     "\\x{42}",       "\\x{41}B",
	"\\u{41}",       "\\u0041",    "\\U{1F600}",    "\\U0001F600",
	"\\x{1F600}",    "\\pL",       "\\pLq",         "\\p{L}",
	"\\p{Greek}",    "\\PL",       "\\pN",          "\\d",
	"\\D",           "\\w",        "\\W",           "\\s",
	"\\S",           "\\b",        "\\B",           "\\<",
	"\\>",           "\\b{start}", "\\b{end}",      "\\b{start-half}",
	"\\b{end-half}", "\\t",        "\\v",           "\\a",
	"\\f",           "\\cA",       "\\001",         "\\0",
	"\\012",         "\\Qa+b\\E",  "\\Q(paren)\\E", "\\Q\\E",
	"\\N",           "\\N{U+41}",  "\\x{e9}",       "\\u00e9",
	"\\.",           "\\+",        "\\(",           "\\[",
	"\\{",           "\\|",        "\\^",           "\\$",
	"\\#",           "\\&",        "\\-",           "\\~",
	"\\\\",          "\\h",        "\\A",           "\\z",
	"\\o{101}",      "\\e",        "\\x4",
};

static const char *const classes[] = {
	"[abc]",
	"[a-z]",
	"[^a-z]",
	"[A-Z]",
	"[[:alpha:]]",
	"[[:^digit:]]",
	"[[:upper:]x]",
	"[a-z&&[^aeiou]]",
	"[a-z--q]",
	"[a-z--[aeiou]]",
	"[\\pL--\\p{Greek}]",
	"[\\pL&&\\p{Greek}]",
	"[a-g~~b-h]",
	"[a[bc]]",
	"[[a-c][x-z]]",
	"[\\x41-\\x43]",
	"[\\u{41}-\\u{43}]",
	"[^\\s]",
	"[\\d.]",
	"[.]",
	"[]a]",
	"[^]a]",
	"[-a]",
	"[a-]",
	"[\\]]",
	"[&]",
	"[~]",
	"[a&b]",
	"[\\w&&\\D]",
	"[^\\pL&&a-z]",
	"[\\x{e9}\\x{c9}]",
	"[\xC3\xA9\xC3\x9F]",
	"[(|)]",
	"[\\<]",
	"[#]",
	"[K]",
	"[k]",
	"[s-t]",
};

static void gen_seq(struct buf *p, int depth);

static void gen_atom(struct buf *p, int depth)
{
	switch (rnd(depth > 2 ? 9 : 12)) {
	case 0:
	case 1:
	case 2:
	case 3: gen_text(p); break;
	case 4:
	case 5: buf_adds(p, PICK(escapes)); break;
	case 6: buf_adds(p, PICK(classes)); break;
	case 7: {
		static const char *const small[] = {".", "^", "$", "\\b", "."};
		buf_adds(p, PICK(small));
		break;
	}
	case 8:
		gen_text(p);
		buf_adds(p, PICK(escapes));
		break;
	default: {
		static const char *const open[] = {
			"(", "(?:", "(?i:", "(?-i:", "(?s:", "(?P<n>", "(?x:", "(?U:"};
		buf_adds(p, PICK(open));
		gen_seq(p, depth + 1);
		if (rnd(3) == 0) {
			buf_addc(p, '|');
			gen_seq(p, depth + 1);
		}
		buf_addc(p, ')');
	}
	}
}

static void gen_seq(struct buf *p, int depth)
{
	static const char *const quants[] = {"?",  "*",  "+",  "{2}", "{0,2}", "{1,}",
					     "??", "*?", "+?", "{0}", "{1}",   "{1,3}"};
	int n = 1 + (int)rnd(4);
	for (int i = 0; i < n; i++) {
		gen_atom(p, depth);
		if (rnd(4) == 0)
			buf_adds(p, PICK(quants));
	}
}

static void gen_pattern(struct buf *p)
{
	static const char *const prefix[] = {"",  "",     "",     "",     "",     "",    "(?i)",
					     "^", "(?m)", "(?s)", "(?x)", "(?R)", "(?u)"};
	buf_adds(p, PICK(prefix));
	gen_seq(p, 0);
	if (rnd(5) == 0) {
		buf_addc(p, '|');
		gen_seq(p, 0);
	}
	if (rnd(8) == 0)
		buf_addc(p, '$');
}

/* ---- the three searches ---- */

struct hits {
	size_t *lines;
	size_t n, cap;
};

static bool on_line(void *ctx, const struct search_line *l)
{
	struct hits *h = ctx;
	XGROW(h->lines, h->cap, h->n + 1);
	h->lines[h->n++] = l->number;
	return true;
}

/* Hit lines of re over corpus; with prefilter false the searcher gets no literal, so the regex
 * alone decides; with chunk, search_parallel cuts the corpus into chunk-byte pieces searched by
 * two threads. Returns false when the search stopped short (the match limit). */
static bool lets_hits(const struct regex *re, const char *pattern, unsigned fl, bool prefilter, size_t chunk,
		      const struct buf *corpus, struct hits *h, bool *had_literal)
{
	struct searcher s = SEARCHER_INIT;
	searcher_init(&s, re, pattern, fl);
	if (had_literal)
		*had_literal = s.lit_len > 0;
	if (!prefilter) {
		free(s.lit);
		s.lit = NULL;
		s.lit_len = 0;
		s.lit_is_match = false;
		for (size_t k = 0; k < s.n_alts; k++)
			free(s.alts[k].lit);
		s.n_alts = 0;
		s.alts_are_match = false;
	}
	if (had_literal)
		*had_literal = *had_literal || s.n_alts > 0;
	struct rx_state *st = rx_state_new(re);
	struct search_sink sink = {.on_line = on_line, .ctx = h, .want_spans = true};
	size_t *spans = NULL, cap = 0;
	h->n = 0;
	s.chunk_min = 0;
	s.chunk_bytes = chunk;
	enum search_status r =
		chunk ? search_parallel(&s, st, 2, corpus->data, corpus->len, &sink, &spans, &cap)
		      : search_buffer(&s, st, corpus->data, corpus->len, &sink, &spans, &cap);
	free(spans);
	rx_state_free(st);
	searcher_release(&s);
	return r == SEARCH_DONE;
}

/* Syntax ripgrep 13's regex refuses (Rust has no \Q, octal, \cX, \h, \e, \N, \o; \< \> \b{…}
 * and (?R) came later): no process is spent to hear it refused. */
static bool rg_refuses(const char *pattern)
{
	static const char *const refused[] = {"\\<", "\\>", "\\b{", "(?R", "\\Q", "\\c",
					      "\\h", "\\e", "\\N",  "\\o", "\\0", "\\x4"};
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++)
		if (strstr(pattern, refused[i]))
			return true;
	return false;
}

static pid_t rg_spawn(const char *pattern, unsigned fl, const char *path, int *fd)
{
	int pipefd[2];
	if (pipe(pipefd))
		return -1;
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, pipefd[1], 1);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addclose(&fa, pipefd[0]);
	posix_spawn_file_actions_addclose(&fa, pipefd[1]);
	char *argv[12];
	int a = 0;
	argv[a++] = "rg";
	argv[a++] = "--no-config";
	argv[a++] = "-n";
	argv[a++] = "--no-heading";
	argv[a++] = "--no-filename";
	argv[a++] = "--color=never";
	if (fl & RX_CASELESS)
		argv[a++] = "-i";
	argv[a++] = "-e";
	argv[a++] = (char *)pattern;
	argv[a++] = "--";
	argv[a++] = (char *)path;
	argv[a] = NULL;
	pid_t pid;
	int rc = posix_spawnp(&pid, "rg", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(pipefd[1]);
	if (rc) {
		close(pipefd[0]);
		return -1;
	}
	*fd = pipefd[0];
	return pid;
}

/* Reads rg's "N:text" lines into h; returns rg's exit status (0 hits, 1 none, 2 refused). */
static int rg_collect(pid_t pid, int fd, struct hits *h)
{
	struct buf out = BUF_INIT;
	buf_read_fd(&out, fd);
	close(fd);
	int status = 0;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	h->n = 0;
	const char *p = buf_str(&out), *end = p + out.len;
	while (p < end) {
		char *colon;
		size_t n = strtoul(p, &colon, 10);
		if (*colon == ':') {
			XGROW(h->lines, h->cap, h->n + 1);
			h->lines[h->n++] = n;
		}
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		p = nl ? nl + 1 : end;
	}
	buf_release(&out);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 3;
}

static bool same(const struct hits *a, const struct hits *b)
{
	return a->n == b->n && (!a->n || !memcmp(a->lines, b->lines, a->n * sizeof(*a->lines)));
}

static void show_diff(const char *what, const char *pattern, unsigned fl, const struct hits *a,
		      const struct hits *b)
{
	printf("  %s differ for pattern ", what);
	unit_show(pattern, strlen(pattern));
	printf(" (flags %u): %zu vs %zu lines; first lines", fl, a->n, b->n);
	for (size_t i = 0; i < a->n && i < 5; i++)
		printf(" %zu", a->lines[i]);
	printf(" /");
	for (size_t i = 0; i < b->n && i < 5; i++)
		printf(" %zu", b->lines[i]);
	printf("\n");
}

struct pending {
	char *pattern;
	unsigned fl;
	struct hits want; /* lets' hit lines */
	pid_t pid;
	int fd;
};

struct tally {
	long patterns, compiled, with_literal, with_hits, rg_compared, rg_refused, mismatches_filter,
		mismatches_rg, limited, chunked, mismatches_chunked;
};

/* Waits for one rg run and compares it with lets' hits. */
static void rg_finish(struct pending *pd, struct tally *t, struct hits *scratch)
{
	int rc = rg_collect(pd->pid, pd->fd, scratch);
	if (rc == 2 || rc == 3) {
		t->rg_refused++;
	} else {
		t->rg_compared++;
		if (!same(&pd->want, scratch)) {
			if (t->mismatches_rg++ < 20)
				show_diff("lets and rg", pd->pattern, pd->fl, &pd->want, scratch);
		}
	}
	free(pd->pattern);
	pd->pattern = NULL;
}

#define IN_FLIGHT 4

int main(void)
{
	unit_begin("t_rxdiff");
	long n_patterns = getenv("RXDIFF_N") ? atol(getenv("RXDIFF_N")) : 20000;
	long rg_every = getenv("RXDIFF_RG_EVERY") ? atol(getenv("RXDIFF_RG_EVERY")) : 4, eligible = 0;
	rng_state = getenv("RXDIFF_SEED") ? strtoull(getenv("RXDIFF_SEED"), NULL, 10) : 20261130;

	struct buf corpus = BUF_INIT;
	gen_corpus(&corpus, 400);
	const char *tmp = getenv("TMPDIR");
	char path[4096];
	snprintf(path, sizeof(path), "%s/t_rxdiff.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	int cfd = mkstemp(path);
	if (!unit_check(cfd >= 0 && write(cfd, corpus.data, corpus.len) == (ssize_t)corpus.len,
			"corpus written"))
		return unit_end();
	close(cfd);

	struct tally t = {0};
	struct pending pend[IN_FLIGHT] = {0};
	struct hits filtered = {0}, plain = {0}, scratch = {0}, chunked = {0};
	size_t slot = 0;
	struct buf pat = BUF_INIT;
	for (long i = 0; i < n_patterns; i++) {
		buf_truncate(&pat, 0);
		gen_pattern(&pat);
		unsigned fl = RX_MULTILINE;
		uint32_t r = rnd(8);
		if (r < 2)
			fl |= RX_CASELESS;
		else if (r == 2)
			fl |= RX_WORD;
		t.patterns++;
		struct diag d = DIAG_INIT;
		struct regex *re = regex_new(pat.data, fl, &d);
		diag_release(&d);
		if (!re)
			continue;
		t.compiled++;
		bool lit = false;
		bool done1 = lets_hits(re, pat.data, fl, true, 0, &corpus, &filtered, &lit);
		bool done2 = lets_hits(re, pat.data, fl, false, 0, &corpus, &plain, NULL);
		/* every 4th pattern also split into chunks of 1 to 300 bytes, so chunk edges fall
		 * everywhere: the same lines as one search */
		bool done3 = true;
		if (i % 4 == 0) {
			done3 = lets_hits(re, pat.data, fl, true, 1 + (size_t)(i * 37 % 300), &corpus,
					  &chunked, NULL);
			t.chunked++;
		}
		regex_free(re);
		t.with_literal += lit;
		t.with_hits += filtered.n > 0;
		if (!done1 || !done2) {
			t.limited++;
			continue;
		}
		if (!same(&filtered, &plain) && t.mismatches_filter++ < 20)
			show_diff("prefiltered and unfiltered", pat.data, fl, &filtered, &plain);
		if (i % 4 == 0 && done3 && !same(&filtered, &chunked) && t.mismatches_chunked++ < 20)
			show_diff("one search and chunked", pat.data, fl, &filtered, &chunked);
		if (fl & RX_WORD) /* rg's -w is not \b…\b: it has its own reading */
			continue;
		if (rg_every <= 0 || rg_refuses(pat.data) || eligible++ % rg_every)
			continue;
		struct pending *pd = &pend[slot];
		if (pd->pattern)
			rg_finish(pd, &t, &scratch);
		pd->pid = rg_spawn(pat.data, fl, path, &pd->fd);
		if (pd->pid < 0) {
			unit_check(false, "rg runs (make check installs ripgrep)");
			break;
		}
		pd->pattern = xstrdup(pat.data);
		pd->fl = fl;
		pd->want.n = 0;
		for (size_t k = 0; k < filtered.n; k++) {
			XGROW(pd->want.lines, pd->want.cap, pd->want.n + 1);
			pd->want.lines[pd->want.n++] = filtered.lines[k];
		}
		slot = (slot + 1) % IN_FLIGHT;
	}
	for (size_t k = 0; k < IN_FLIGHT; k++) {
		if (pend[k].pattern)
			rg_finish(&pend[k], &t, &scratch);
		free(pend[k].want.lines);
	}
	unlink(path);
	printf("t_rxdiff: %ld patterns, %ld compiled, %ld with a prefilter literal, %ld with hits, %ld compared with rg "
	       "(%ld refused by rg), %ld stopped by the match limit\n",
	       t.patterns, t.compiled, t.with_literal, t.with_hits, t.rg_compared, t.rg_refused, t.limited);
	unit_long("prefiltered and unfiltered searches find the same lines for every pattern",
		  t.mismatches_filter, 0);
	unit_long("lets and rg find the same lines for every pattern rg accepts", t.mismatches_rg, 0);
	unit_long("a search split into chunks finds the same lines as one search", t.mismatches_chunked, 0);
	unit_check(t.chunked >= n_patterns / 5, "a quarter of the patterns are also searched in chunks");
	/* the comparison means something only when it covers enough: these fail if the generator
	 * or rg stops producing comparable patterns */
	unit_check(t.patterns >= n_patterns && t.compiled >= n_patterns / 2,
		   "at least half the patterns compile");
	unit_check(t.with_literal >= n_patterns / 5,
		   "at least a fifth of the patterns exercise the prefilter");
	unit_check(t.with_hits >= n_patterns / 4, "at least a quarter of the patterns have hits");
	if (rg_every > 0)
		unit_check(t.rg_compared >= n_patterns / (20 * rg_every),
			   "enough patterns are compared with rg");
	free(filtered.lines);
	free(plain.lines);
	free(chunked.lines);
	free(scratch.lines);
	buf_release(&pat);
	buf_release(&corpus);
	return unit_end();
}
