#include "fuzzy.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "buf.h"
#include "file.h"
#include "utf8.h"

static const struct {
	const char *from;
	char to;
} folds[] = {
	{"\xE2\x80\x98", '\''}, {"\xE2\x80\x99", '\''}, {"\xE2\x80\x9A", '\''}, {"\xE2\x80\x9B", '\''},
	{"\xE2\x80\x9C", '"'},  {"\xE2\x80\x9D", '"'},  {"\xE2\x80\x9E", '"'},  {"\xE2\x80\x9F", '"'},
	{"\xE2\x80\x93", '-'},  {"\xE2\x80\x94", '-'},  {"\xC2\xA0", ' '},      {"\xE2\x80\xAF", ' '},
	{"\xE2\x80\x89", ' '},
};

static int fold_at(const char *s, size_t n)
{
	for (size_t i = 0; i < sizeof(folds) / sizeof(folds[0]); i++) {
		size_t l = strlen(folds[i].from);
		if (l <= n && !memcmp(s, folds[i].from, l))
			return (int)i;
	}
	return -1;
}

size_t fuzzy_fold_char(const char *s, size_t n, char *ascii)
{
	int k = n && (unsigned char)s[0] >= 0xC2 ? fold_at(s, n) : -1;
	if (k < 0)
		return 0;
	*ascii = folds[k].to;
	return strlen(folds[k].from);
}

char *fuzzy_fold(const char *s, size_t n, size_t **map, size_t *out_len)
{
	struct buf b = BUF_INIT;
	size_t *m = map ? xmalloc((n + 1) * sizeof(*m)) : NULL;
	for (size_t i = 0; i < n;) {
		int k = (unsigned char)s[i] >= 0xC2 ? fold_at(s + i, n - i) : -1;
		if (m)
			m[b.len] = i;
		if (k >= 0) {
			buf_addc(&b, folds[k].to);
			i += strlen(folds[k].from);
		} else {
			buf_addc(&b, s[i]);
			i++;
		}
	}
	if (m)
		m[b.len] = n;
	if (map)
		*map = m;
	*out_len = b.len;
	return buf_detach(&b);
}

static int cmp_u16(const void *a, const void *b)
{
	unsigned x = *(const unsigned short *)a, y = *(const unsigned short *)b;
	return (x > y) - (x < y);
}

/* Sorted byte bigrams of s (at most 256 of them). */
static size_t bigrams(const char *s, size_t n, unsigned short *out)
{
	if (n > 257)
		n = 257;
	size_t k = 0;
	for (size_t i = 0; i + 1 < n; i++)
		out[k++] = (unsigned short)(((unsigned char)s[i] << 8) | (unsigned char)s[i + 1]);
	qsort(out, k, sizeof(*out), cmp_u16);
	return k;
}

/* Dice coefficient of two sorted bigram multisets, 0..100. */
static int dice(const unsigned short *a, size_t na, const unsigned short *b, size_t nb)
{
	if (!na || !nb)
		return 0;
	size_t i = 0, j = 0, inter = 0;
	while (i < na && j < nb) {
		if (a[i] == b[j])
			inter++, i++, j++;
		else if (a[i] < b[j])
			i++;
		else
			j++;
	}
	return (int)(200 * inter / (na + nb));
}

int fuzzy_similarity(const char *a, size_t na, const char *b, size_t nb)
{
	unsigned short x[256], y[256];
	if (na == nb && !memcmp(a, b, na))
		return 100;
	return dice(x, bigrams(a, na, x), y, bigrams(b, nb, y));
}

long fuzzy_nearest(const struct file *f, long first, long last, const char *old, size_t old_len, int *score)
{
	const char *probe = old;
	size_t plen = old_len;
	for (const char *p = old; p < old + old_len;) {
		const char *nl = memchr(p, '\n', (size_t)(old + old_len - p));
		size_t l = nl ? (size_t)(nl - p) : (size_t)(old + old_len - p);
		if (!utf8_blank(p, l)) {
			probe = p;
			plen = l;
			break;
		}
		p += l + 1;
	}
	utf8_trim(&probe, &plen);
	unsigned short want[256], have[256];
	size_t nw = bigrams(probe, plen, want);
	long best = 0;
	int best_score = 0;
	for (long i = first; i <= last; i++) {
		const char *text;
		size_t len = file_line(f, (size_t)i, &text);
		utf8_trim(&text, &len);
		if (!len)
			continue;
		int s = dice(want, nw, have, bigrams(text, len, have));
		if (s > best_score) {
			best_score = s;
			best = i;
		}
	}
	*score = best_score;
	return best;
}
