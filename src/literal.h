/* The literal text a regex's every match must hold, read from the pattern before it runs: what
 * search scans for with SIMD so that most bytes never reach the regex. Read as PCRE2 reads a
 * pattern, and on the safe side: claiming a literal that some match lacks would lose hits, so
 * whatever cannot be proven (inline flags, verbs, an escape's argument, a brace a newer PCRE2
 * might read as a quantifier) breaks the literal or gives none. */
#ifndef LETS_LITERAL_H
#define LETS_LITERAL_H
#include <stdbool.h>
#include <stddef.h>

/* The longest literal every match of pattern (compiled with the RX_* flags rx_flags) contains,
 * outside groups, classes and optional parts, lowercased under RX_CASELESS (only bytes an ASCII
 * fold matches exactly are taken then); *out gets it (owned, NUL-terminated), or NULL and 0 when
 * there is none. *whole: the pattern is exactly that literal, so finding it is the match. */
size_t literal_required(const char *pattern, unsigned rx_flags, char **out, bool *whole);

/* One literal of an alternation: its text (owned, lowercased as literal_required's) and the
 * positions of its two rarest bytes (literal_rare_pair). */
struct literal_alt {
	char *lit;
	size_t len, rare1, rare2;
};

/* A pattern that is a top-level alternation of 2 to max plain literals (TODO|FIXME|XXX): each one
 * into alts[]; returns how many, or 0 (and nothing owned) for any other pattern. */
size_t literal_alternatives(const char *pattern, unsigned rx_flags, size_t max, struct literal_alt *alts);

/* The positions (rare1 < rare2, or both 0 for one byte) of lit's two rarest bytes in source text:
 * a scan that tests those two first needs a full compare at fewer places. */
void literal_rare_pair(const char *lit, size_t len, bool fold, size_t *rare1, size_t *rare2);

#endif
