#define PCRE2_CODE_UNIT_WIDTH 8
#include "match.h"

#include <ctype.h>
#include <pcre2.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "buf.h"
#include "rxsyntax.h"
#include "utf8.h"

/* Bounds backtracking so a catastrophic pattern fails fast instead of hanging the call. */
#define MATCH_LIMIT 5000000u
/* The fallback's bounds. PCRE2's DFA is a state-set simulation, linear in the subject while its
 * state set stays small; nested repeats such as (a+)+ grow the set with the subject, so the
 * workspace (which holds the set) is fixed and a subject that overflows it stays unanswered. */
#define DFA_WORKSPACE 16384 /* ints: about 5,000 states */
#define DFA_SUBJECT_MAX (1024u * 1024u) /* bytes: a longer line stays unanswered */
#define DFA_SPAN_BUDGET (4u * 1024u * 1024u) /* bytes the search for a match's start may rescan */

/* What only a match needs (the JIT code, the DFA copies) is made on the first match, not by
 * regex_new: a literal search finds its hits without PCRE2 and never pays for them (the JIT
 * compile was most of the instructions a `find -F` ran before its first file, and its executable
 * page and each thread's JIT stack were page faults and mmap calls). Threads share a regex, so
 * the first match of any of them makes it all under mu; ready says it is done. */
struct regex {
	pcre2_code *code;
	pcre2_code *dfa; /* the pattern for pcre2_dfa_match, or NULL */
	pcre2_code *dfa_any; /* (?s:.*?)(?:pattern): one anchored pass finds whether any match starts
			      * at or after the start offset */
	char *source; /* the PCRE2 pattern compiled */
	size_t source_len;
	uint32_t opts;
	unsigned flags;
	bool jit;
	atomic_bool ready;
	pthread_mutex_t mu;
};

struct rx_state {
	pcre2_match_data *md;
	pcre2_match_context *mctx;
	pcre2_jit_stack *stack;
	int *ws; /* DFA_WORKSPACE ints for pcre2_dfa_match, made on first use */
};

/* The PCRE2 pattern to compile: -F text with every ASCII punctuation byte escaped (PCRE2 refuses
 * its LITERAL option beside UCP and MULTILINE), else the Rust pattern read into PCRE2 syntax. */
static const char *pcre_source(const char *pattern, unsigned flags, struct buf *out)
{
	if (!(flags & RX_LITERAL))
		return rxsyntax_translate(pattern, (flags & RX_MULTILINE) != 0, out);
	for (const char *p = pattern; *p; p++) {
		unsigned char c = (unsigned char)*p;
		if (c < 0x80 && !isalnum(c))
			buf_addc(out, '\\');
		buf_addc(out, (char)c);
	}
	return NULL;
}

static pcre2_code *compile(const struct buf *src, uint32_t opts, unsigned flags, int *errcode)
{
	pcre2_compile_context *cctx = NULL;
	if (flags & RX_WORD) {
		cctx = pcre2_compile_context_create(NULL);
		pcre2_set_compile_extra_options(cctx, PCRE2_EXTRA_MATCH_WORD);
	}
	PCRE2_SIZE erroff;
	pcre2_code *code = pcre2_compile((PCRE2_SPTR)buf_str(src), src->len, opts, errcode, &erroff, cctx);
	pcre2_compile_context_free(cctx);
	return code;
}

struct regex *regex_new(const char *pattern, unsigned flags, struct diag *d)
{
	uint32_t opts = PCRE2_UTF | PCRE2_UCP;
	if (flags & RX_CASELESS)
		opts |= PCRE2_CASELESS;
	if (flags & RX_MULTILINE)
		opts |= PCRE2_MULTILINE;
	struct buf src = BUF_INIT;
	struct regex *re = NULL;
	const char *why = pcre_source(pattern, flags, &src);
	int errcode = 0;
	pcre2_code *code = why ? NULL : compile(&src, opts | PCRE2_MATCH_INVALID_UTF, flags, &errcode);
	if (!code) {
		PCRE2_UCHAR msg[256];
		if (!why && !(why = rxsyntax_error_words(errcode))) {
			pcre2_get_error_message(errcode, msg, sizeof(msg));
			why = (const char *)msg;
		}
		diag_add(d, E_INVALID_PATTERN, "invalid pattern: %s", why);
		goto out;
	}
	re = xcalloc(1, sizeof(*re));
	re->code = code;
	re->opts = opts;
	re->flags = flags;
	pthread_mutex_init(&re->mu, NULL);
	re->source_len = src.len;
	re->source = buf_detach(&src);
out:
	buf_release(&src);
	return re;
}

/* The JIT code and the DFA copies, made once, by the first thread to match (see struct regex). */
static void regex_ready(struct regex *re)
{
	if (atomic_load_explicit(&re->ready, memory_order_acquire))
		return;
	pthread_mutex_lock(&re->mu);
	if (!atomic_load_explicit(&re->ready, memory_order_relaxed)) {
		re->jit = pcre2_jit_compile(re->code, PCRE2_JIT_COMPLETE) == 0;
		/* pcre2_dfa_match refuses PCRE2_MATCH_INVALID_UTF: the fallback's copies go without it
		 * and run on valid UTF-8 subjects only */
		struct buf src = BUF_INIT, any = BUF_INIT;
		int errcode;
		buf_add(&src, re->source, re->source_len);
		re->dfa = compile(&src, re->opts, re->flags, &errcode);
		/* \E (ignored without a \Q) keeps an unterminated \Q…'s quote off the closing
		 * parenthesis */
		buf_addf(&any, (re->flags & RX_WORD) ? "(?s:.*?)\\b(?:%s\\E)\\b" : "(?s:.*?)(?:%s\\E)",
			 re->source);
		re->dfa_any = compile(&any, re->opts, re->flags & ~(unsigned)RX_WORD, &errcode);
		buf_release(&any);
		buf_release(&src);
		atomic_store_explicit(&re->ready, true, memory_order_release);
	}
	pthread_mutex_unlock(&re->mu);
}

const char *regex_source(const struct regex *re)
{
	return re->source;
}

void regex_free(struct regex *re)
{
	if (!re)
		return;
	pcre2_code_free(re->code);
	pcre2_code_free(re->dfa);
	pcre2_code_free(re->dfa_any);
	pthread_mutex_destroy(&re->mu);
	free(re->source);
	free(re);
}

struct rx_state *rx_state_new(const struct regex *re)
{
	struct rx_state *st = xcalloc(1, sizeof(*st));
	st->md = pcre2_match_data_create_from_pattern(re->code, NULL);
	st->mctx = pcre2_match_context_create(NULL);
	pcre2_set_match_limit(st->mctx, MATCH_LIMIT);
	return st;
}

void rx_state_free(struct rx_state *st)
{
	if (!st)
		return;
	pcre2_match_data_free(st->md);
	pcre2_match_context_free(st->mctx);
	pcre2_jit_stack_free(st->stack);
	free(st->ws);
	free(st);
}

/* One anchored pcre2_dfa_match at start; its longest match ends at *end. */
static int dfa_at(const pcre2_code *code, struct rx_state *st, const char *s, size_t n, size_t start,
		  size_t *end)
{
	int rc = pcre2_dfa_match(code, (PCRE2_SPTR)s, n, start, PCRE2_ANCHORED | PCRE2_NO_UTF_CHECK, st->md,
				 st->mctx, st->ws, DFA_WORKSPACE);
	if (rc >= 0)
		*end = pcre2_get_ovector_pointer(st->md)[1];
	return rc;
}

/* The answer of pcre2_dfa_match, which never backtracks, for a subject the backtracker gave up
 * on: one pass of (?s:.*?)(?:pattern) says whether a match starts at or after start; then the
 * leftmost start is looked for within DFA_SPAN_BUDGET (else the match is reported from start).
 * The match ends at the longest end from its start, where the backtracker's would end at the
 * first alternative's. */
static enum rx_result dfa_search(const struct regex *re, struct rx_state *st, const char *s, size_t n,
				 size_t start, size_t *match_start, size_t *match_end)
{
	if (!re->dfa || !re->dfa_any || n > DFA_SUBJECT_MAX || !utf8_valid(s, n))
		return RX_LIMIT;
	if (!st->ws)
		st->ws = xmalloc(DFA_WORKSPACE * sizeof(*st->ws));
	size_t end;
	int rc = dfa_at(re->dfa_any, st, s, n, start, &end);
	if (rc == PCRE2_ERROR_NOMATCH)
		return RX_NOMATCH;
	if (rc < 0)
		return RX_LIMIT;
	*match_start = start;
	*match_end = end;
	size_t spent = 0;
	for (size_t at = start; at <= n && spent <= DFA_SPAN_BUDGET; spent += n - at, at++) {
		if (at < n && (s[at] & 0xC0) == 0x80)
			continue;
		size_t e;
		rc = dfa_at(re->dfa, st, s, n, at, &e);
		if (rc >= 0) {
			*match_start = at;
			*match_end = e;
			break;
		}
		if (rc != PCRE2_ERROR_NOMATCH)
			break;
	}
	return RX_MATCH;
}

enum rx_result regex_scan(const struct regex *re, struct rx_state *st, const char *s, size_t n, size_t start,
			  size_t *match_start, size_t *match_end)
{
	regex_ready((struct regex *)re); /* its lazy parts only: what it matches is fixed */
	if (re->jit && !st->stack) { /* this thread's first match */
		st->stack = pcre2_jit_stack_create(32 * 1024, 1024 * 1024, NULL);
		pcre2_jit_stack_assign(st->mctx, NULL, st->stack);
	}
	int rc = pcre2_match(re->code, (PCRE2_SPTR)s, n, start, 0, st->md, st->mctx);
	if (rc == PCRE2_ERROR_NOMATCH)
		return RX_NOMATCH;
	if (rc < 0)
		return RX_LIMIT;
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(st->md);
	*match_start = ov[0];
	*match_end = ov[1];
	return RX_MATCH;
}

enum rx_result regex_search(const struct regex *re, struct rx_state *st, const char *s, size_t n,
			    size_t start, size_t *match_start, size_t *match_end)
{
	enum rx_result r = regex_scan(re, st, s, n, start, match_start, match_end);
	return r == RX_LIMIT ? dfa_search(re, st, s, n, start, match_start, match_end) : r;
}

bool bre_reading(const char *pattern, struct buf *out)
{
	bool changed = false;
	buf_truncate(out, 0);
	for (const char *p = pattern; *p; p++) {
		if (p[0] == '\\' && p[1]) {
			if (strchr("|(){}+?", p[1])) {
				buf_addc(out, p[1]);
				changed = true;
			} else {
				buf_add(out, p, 2);
			}
			p++;
			continue;
		}
		buf_addc(out, *p);
	}
	return changed;
}
