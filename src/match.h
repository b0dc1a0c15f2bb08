/* Regular expressions: Rust `regex` syntax (read into PCRE2's by rxsyntax.h) run on PCRE2 with
 * JIT, UTF + UCP, invalid UTF-8 in the subject tolerated, and a match limit so no pattern can hang
 * a call; when the backtracker hits that limit, regex_search answers with pcre2_dfa_match, which
 * does not backtrack. A regex is compiled once; each thread that searches owns its own struct
 * rx_state. */
#ifndef LETS_MATCH_H
#define LETS_MATCH_H
#include <stdbool.h>
#include <stddef.h>

#include "error.h"

struct buf;
struct regex;
struct rx_state;

enum rx_flags {
	RX_CASELESS = 1 << 0,
	RX_LITERAL = 1 << 1, /* -F: the pattern is text */
	RX_WORD = 1 << 2, /* -w: whole words */
	RX_MULTILINE = 1 << 3 /* ^ and $ at line boundaries, for whole-buffer search */
};

/* Compiles pattern; on failure records "invalid pattern: <why>" (invalid_pattern), in Rust regex's
 * words where it has them ("unclosed group"), and returns NULL. */
struct regex *regex_new(const char *pattern, unsigned flags, struct diag *d);
/* The PCRE2 pattern compiled (owned by re): what a prefilter must read, not the Rust text. */
const char *regex_source(const struct regex *re);
void regex_free(struct regex *re);
struct rx_state *rx_state_new(const struct regex *re);
void rx_state_free(struct rx_state *st);

enum rx_result { RX_NOMATCH = 0, RX_MATCH = 1, RX_LIMIT = -1 /* no answer within the limits */ };
/* Searches s[start..n) (s[0..n) is the subject, so lookbehind and \b see before start). On the
 * backtracker's limit it asks pcre2_dfa_match (valid UTF-8 subjects only; the match then ends at
 * the longest end), so RX_LIMIT is left for a backreference or an invalid UTF-8 subject. Each
 * fallback costs up to the subject's length per start position: give it a line, not a file. */
enum rx_result regex_search(const struct regex *re, struct rx_state *st, const char *s, size_t n,
			    size_t start, size_t *match_start, size_t *match_end);

/* regex_search without the fallback, for a large subject: RX_LIMIT then means "search it line by
 * line with regex_search". */
enum rx_result regex_scan(const struct regex *re, struct rx_state *st, const char *s, size_t n, size_t start,
			  size_t *match_start, size_t *match_end);

/* grep's BRE reading of a pattern: true when pattern holds \| \( \) \{ \} \+ or \? and then
 * out gets the pattern with those unescaped (the regex that grep would have run). */
bool bre_reading(const char *pattern, struct buf *out);

#endif
