/* UTF-8 facts about byte strings: validity, lossy display (U+FFFD per invalid sequence, as Rust's
 * String::from_utf8_lossy does), cutting on a character boundary, and the ASCII whitespace (space,
 * tab, CR, LF) that blank and trimmed text ignore. */
#ifndef LETS_UTF8_H
#define LETS_UTF8_H
#include <stdbool.h>
#include <stddef.h>

struct buf;

/* Length of the valid UTF-8 sequence starting at s (1-4), or 0 if s[0..n) starts an invalid one. */
size_t utf8_seq_len(const unsigned char *s, size_t n);
/* Bytes one invalid sequence at s covers (>= 1): the lead byte and the continuation bytes that
 * were a valid prefix; each such span displays as one U+FFFD. */
size_t utf8_invalid_span(const unsigned char *s, size_t n);
bool utf8_valid(const char *s, size_t n);
/* 3 when s starts with a UTF-8 byte-order mark, else 0: where the content starts. */
size_t utf8_bom(const char *s, size_t n);
/* Appends s with each maximal invalid subsequence replaced by U+FFFD. */
void utf8_add_lossy(struct buf *out, const char *s, size_t n);
/* The largest cut <= max that does not split a character of s[0..n). */
size_t utf8_floor(const char *s, size_t n, size_t max);
/* True when s[0..n) holds only spaces, tabs, CRs and LFs (or nothing). */
bool utf8_blank(const char *s, size_t n);
/* Moves *s and shrinks *n past leading and trailing spaces, tabs, CRs and LFs. */
void utf8_trim(const char **s, size_t *n);
/* Appends code point cp (at most U+10FFFF; the caller has refused surrogates) as UTF-8. */
void utf8_put(struct buf *b, unsigned long cp);

#endif
