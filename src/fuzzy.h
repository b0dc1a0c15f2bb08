/* Approximate matching for edit's misses: the ASCII folding --normalize matches with (smart
 * quotes, en and em dashes, non-breaking and thin spaces), and how alike two lines are, by the
 * Dice coefficient of byte bigrams (a probe's bigram table makes scoring every line of an
 * 18k-line file against one line a few instructions a byte). */
#ifndef LETS_FUZZY_H
#define LETS_FUZZY_H
#include <stdbool.h>
#include <stddef.h>

/* Bytes of the foldable character at s[0..n), 0 if there is none there; *ascii gets its ASCII form. */
size_t fuzzy_fold_char(const char *s, size_t n, char *ascii);
/* s with every foldable character folded; caller frees. With map, (*map)[i] is the offset in s of
 * folded byte i and (*map)[*out_len] == n (caller frees). */
char *fuzzy_fold(const char *s, size_t n, size_t **map, size_t *out_len);
/* Whether fuzzy_fold would change s[0..n) (a scan for the folds' two lead bytes: a source file
 * rarely holds one, and then its fold is itself and needs no copy or byte map). */
bool fuzzy_foldable(const char *s, size_t n);
/* How alike a and b are, 0..100 (Dice over byte bigrams of their first 257 bytes; equal is 100). */
int fuzzy_similarity(const char *a, size_t na, const char *b, size_t nb);
/* One line to score many others against (edit advice's scan of a whole file): its bigrams are
 * counted once, grouped by first byte, so each line scored costs at most one pass over its own
 * bytes and no sort or allocation; a line too short or too long to beat a floor costs nothing,
 * and one stops as soon as it has missed too many bigrams to beat it. */
struct fuzzy_probe {
	unsigned short row[257]; /* distinct bigrams from byte c: [row[c], row[c + 1]) */
	unsigned char second[256]; /* their second bytes, ascending in a row */
	unsigned short count[256]; /* how many times the probe holds each */
	size_t nb; /* the probe's bigrams (at most 256) */
};
void fuzzy_probe_init(struct fuzzy_probe *p, const char *s, size_t n);
/* Dice of s[0..n) and the probe as fuzzy_similarity scores two unequal lines, exact when it is
 * above floor; some value at most floor when it is not (pass -1 for always exact). The probe is
 * used as scratch and left as it was. */
int fuzzy_probe_score(struct fuzzy_probe *p, const char *s, size_t n, int floor);

#endif
