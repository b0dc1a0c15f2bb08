#define PCRE2_CODE_UNIT_WIDTH 8
#include "match.h"

#include <pcre2.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "buf.h"

/* Bounds backtracking so a catastrophic pattern fails fast instead of hanging the call. */
#define MATCH_LIMIT 5000000u

struct regex {
	pcre2_code *code;
	bool jit;
};

struct rx_state {
	pcre2_match_data *md;
	pcre2_match_context *mctx;
	pcre2_jit_stack *stack;
};

struct regex *regex_new(const char *pattern, unsigned flags, struct diag *d)
{
	uint32_t opts = PCRE2_UTF | PCRE2_UCP | PCRE2_MATCH_INVALID_UTF;
	if (flags & RX_CASELESS)
		opts |= PCRE2_CASELESS;
	if (flags & RX_MULTILINE)
		opts |= PCRE2_MULTILINE;
	if (flags & RX_LITERAL) /* PCRE2 refuses UCP and MULTILINE beside LITERAL; a literal needs neither */
		opts = (opts & ~(uint32_t)(PCRE2_UCP | PCRE2_MULTILINE)) | PCRE2_LITERAL;
	pcre2_compile_context *cctx = NULL;
	if (flags & RX_WORD) {
		cctx = pcre2_compile_context_create(NULL);
		pcre2_set_compile_extra_options(cctx, PCRE2_EXTRA_MATCH_WORD);
	}
	int errcode;
	PCRE2_SIZE erroff;
	pcre2_code *code = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED, opts, &errcode, &erroff, cctx);
	pcre2_compile_context_free(cctx);
	if (!code) {
		PCRE2_UCHAR msg[256];
		pcre2_get_error_message(errcode, msg, sizeof(msg));
		diag_add(d, E_INVALID_PATTERN, "invalid pattern: %s at offset %zu", (char *)msg, (size_t)erroff);
		return NULL;
	}
	struct regex *re = xcalloc(1, sizeof(*re));
	re->code = code;
	re->jit = pcre2_jit_compile(code, PCRE2_JIT_COMPLETE) == 0;
	return re;
}

void regex_free(struct regex *re)
{
	if (!re)
		return;
	pcre2_code_free(re->code);
	free(re);
}

struct rx_state *rx_state_new(const struct regex *re)
{
	struct rx_state *st = xcalloc(1, sizeof(*st));
	st->md = pcre2_match_data_create_from_pattern(re->code, NULL);
	st->mctx = pcre2_match_context_create(NULL);
	pcre2_set_match_limit(st->mctx, MATCH_LIMIT);
	if (re->jit) {
		st->stack = pcre2_jit_stack_create(32 * 1024, 1024 * 1024, NULL);
		pcre2_jit_stack_assign(st->mctx, NULL, st->stack);
	}
	return st;
}

void rx_state_free(struct rx_state *st)
{
	if (!st)
		return;
	pcre2_match_data_free(st->md);
	pcre2_match_context_free(st->mctx);
	pcre2_jit_stack_free(st->stack);
	free(st);
}

enum rx_result regex_search(const struct regex *re, struct rx_state *st, const char *s, size_t n, size_t start,
			    size_t *match_start, size_t *match_end)
{
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
