/* Approximate matching for edit's misses: the ASCII folding --normalize matches with (smart
 * quotes, en and em dashes, non-breaking and thin spaces), and the nearest line to a text that
 * was not found, scored by the Dice coefficient of byte bigrams (cheap enough to score every line
 * of an 18k-line file). */
#ifndef LETS_FUZZY_H
#define LETS_FUZZY_H
#include <stddef.h>

struct file;

/* Bytes of the foldable character at s[0..n), 0 if there is none there; *ascii gets its ASCII form. */
size_t fuzzy_fold_char(const char *s, size_t n, char *ascii);
/* s with every foldable character folded; caller frees. With map, (*map)[i] is the offset in s of
 * folded byte i and (*map)[*out_len] == n (caller frees). */
char *fuzzy_fold(const char *s, size_t n, size_t **map, size_t *out_len);
/* How alike a and b are, 0..100 (Dice over byte bigrams of their first 257 bytes; equal is 100). */
int fuzzy_similarity(const char *a, size_t na, const char *b, size_t nb);
/* The line in first..last most like the first non-blank line of text (both trimmed); 0 when no
 * line scores. *score is 0..100. */
long fuzzy_nearest(const struct file *f, long first, long last, const char *text, size_t len, int *score);

#endif
