/* The Rust-to-PCRE2 regex translator (rxsyntax.h) against PCRE2's own verdict. The first byte
 * picks `lines` and the match flags; the rest is the pattern (up to a NUL). Properties:
 *  - a pattern PCRE2 compiles as written, and the translator accepts, still compiles translated
 *    (a translation replaces Rust's constructs by PCRE2's, never breaks what PCRE2 can read), or
 *    PCRE2 refuses the translation with an error Rust has words for: Rust refuses [b-&] in
 *    [[a]b-&&c] too, where PCRE2 reads no set operation and no range there. A flag group with R
 *    or u is left out: the translator drops those flags, so "(?R)*" becomes the "*" Rust refuses,
 *    where PCRE2 read (?R) as recursion;
 *  - a pattern with none of the constructs the translator reads (no backslash, no class, no
 *    "(?") is passed through byte for byte;
 *  - the translation grows at most linearly;
 *  - regex_new compiles it the way find does, and a search of the input runs within the limits. */
#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "buf.h"
#include "error.h"
#include "fuzz.h"
#include "match.h"
#include "rxsyntax.h"

/* 0 when PCRE2 compiles s as find compiles it, else PCRE2's error code. */
static int pcre2_verdict(const char *s, size_t n, bool lines)
{
	int code;
	PCRE2_SIZE off;
	uint32_t opts = PCRE2_UTF | PCRE2_UCP | PCRE2_MATCH_INVALID_UTF | (lines ? PCRE2_MULTILINE : 0);
	pcre2_code *re = pcre2_compile((PCRE2_SPTR)s, n, opts, &code, &off, NULL);
	pcre2_code_free(re);
	return re ? 0 : code;
}

/* A flag group "(?…" whose flags include R or u. */
static bool drops_flags(const char *p)
{
	for (; (p = strstr(p, "(?")); p += 2)
		for (const char *f = p + 2; *f && (isalpha((unsigned char)*f) || *f == '-'); f++)
			if (*f == 'R' || *f == 'u')
				return true;
	return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!size || size > 4096)
		return 0;
	unsigned pick = data[0];
	bool lines = pick & 1;
	char *pat = fuzz_cstr(data + 1, size - 1);
	size_t n = strlen(pat);
	struct buf out = BUF_INIT;
	const char *why = rxsyntax_translate(pat, lines, &out);
	if (!why) {
		assert(out.len <= 64 * n + 64);
		int code = pcre2_verdict(buf_str(&out), out.len, lines);
		if (code && !drops_flags(pat) && !pcre2_verdict(pat, n, lines) &&
		    !rxsyntax_error_words(code)) {
			fprintf(stderr,
				"translated to %s, which PCRE2 refuses (%d) with no words of Rust's\n",
				buf_str(&out), code);
			abort();
		}
		if (n && !strchr(pat, '\\') && !strchr(pat, '[') && !strstr(pat, "(?"))
			assert(out.len == n && !memcmp(out.data, pat, n));
	}
	unsigned flags = (pick & 2 ? RX_CASELESS : 0) | (pick & 4 ? RX_WORD : 0) | (lines ? RX_MULTILINE : 0);
	struct diag d = DIAG_INIT;
	struct regex *re = regex_new(pat, flags, &d);
	if (re) {
		struct rx_state *st = rx_state_new(re);
		size_t ms, me;
		regex_search(re, st, (const char *)data, size, 0, &ms, &me);
		rx_state_free(st);
		regex_free(re);
	}
	diag_release(&d);
	buf_release(&out);
	free(pat);
	return 0;
}
