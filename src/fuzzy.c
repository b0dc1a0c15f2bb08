#include "fuzzy.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"

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

/* Whether a fold starts at one of the lead bytes in s[0..n). */
static bool foldable_at(const char *s, size_t n, char lead)
{
	for (const char *p = s; (p = memchr(p, lead, n - (size_t)(p - s))); p++)
		if (fold_at(p, n - (size_t)(p - s)) >= 0)
			return true;
	return false;
}

bool fuzzy_foldable(const char *s, size_t n)
{
	/* every fold in the table starts with one of these two bytes */
	return foldable_at(s, n, '\xC2') || foldable_at(s, n, '\xE2');
}

char *fuzzy_fold(const char *s, size_t n, size_t **map, size_t *out_len)
{
	char *out = xmalloc(n + 1);
	size_t *m = map ? xmalloc((n + 1) * sizeof(*m)) : NULL;
	size_t o = 0;
	for (size_t i = 0; i < n;) {
		/* a run of bytes no fold starts with is copied whole: a source file is mostly that */
		size_t run = i;
		while (run < n && (unsigned char)s[run] < 0xC2)
			run++;
		if (run > i) {
			memcpy(out + o, s + i, run - i);
			for (size_t k = i; m && k < run; k++)
				m[o + k - i] = k;
			o += run - i;
			i = run;
			continue;
		}
		int k = fold_at(s + i, n - i);
		if (m)
			m[o] = i;
		if (k >= 0) {
			out[o++] = folds[k].to;
			i += strlen(folds[k].from);
		} else {
			out[o++] = s[i++];
		}
	}
	out[o] = '\0';
	if (m)
		m[o] = n;
	if (map)
		*map = m;
	*out_len = o;
	return out;
}

/* Sorted byte bigrams of s (at most 256 of them): insertion sort for a short line, else a
 * two-pass radix sort; one qsort call per line dominated the nearest-line scans of a large file. */
static size_t bigrams(const char *s, size_t n, unsigned short *out)
{
	if (n > 257)
		n = 257;
	size_t k = 0;
	unsigned short tmp[256];
	for (size_t i = 0; i + 1 < n; i++)
		tmp[k++] = (unsigned short)(((unsigned char)s[i] << 8) | (unsigned char)s[i + 1]);
	if (k <= 64) {
		/* a line's worth: insertion sort beats the radix passes' two 2 KiB count tables */
		for (size_t i = 0; i < k; i++) {
			unsigned short v = tmp[i];
			size_t j = i;
			for (; j && out[j - 1] > v; j--)
				out[j] = out[j - 1];
			out[j] = v;
		}
		return k;
	}
	size_t count[257];
	unsigned short *from = tmp, *to = out;
	for (int shift = 0; shift <= 8; shift += 8) {
		memset(count, 0, sizeof(count));
		for (size_t i = 0; i < k; i++)
			count[((from[i] >> shift) & 0xFF) + 1]++;
		for (size_t b = 1; b < 257; b++)
			count[b] += count[b - 1];
		for (size_t i = 0; i < k; i++)
			to[count[(from[i] >> shift) & 0xFF]++] = from[i];
		unsigned short *t = from;
		from = to;
		to = t;
	}
	/* two passes: the sorted bigrams are back in tmp; out gets them */
	memcpy(out, from, k * sizeof(*out));
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

/* Bigrams fuzzy counts in n bytes: those of the first 257. */
static size_t bigram_count(size_t n)
{
	return n > 257 ? 256 : n ? n - 1 : 0;
}

void fuzzy_probe_init(struct fuzzy_probe *p, const char *s, size_t n)
{
	unsigned short g[256];
	p->nb = bigrams(s, n, g);
	/* sorted, the bigrams group by first byte: a row of distinct second bytes for each */
	memset(p->row, 0, sizeof(p->row));
	size_t d = 0;
	for (size_t i = 0; i < p->nb; i++) {
		if (i && g[i] == g[i - 1]) {
			p->count[d - 1]++;
			continue;
		}
		p->second[d] = (unsigned char)(g[i] & 0xFF);
		p->count[d++] = 1;
		p->row[(g[i] >> 8) + 1]++;
	}
	for (size_t c = 1; c < 257; c++)
		p->row[c] += p->row[c - 1];
}

int fuzzy_probe_score(struct fuzzy_probe *p, const char *s, size_t n, int floor)
{
	size_t nb = bigram_count(n);
	if (!nb || !p->nb)
		return 0;
	/* the shared bigrams are at most the fewer of the two: a bound on the score, same rounding */
	int bound = (int)(200 * (nb < p->nb ? nb : p->nb) / (nb + p->nb));
	if (bound <= floor)
		return bound;
	/* the multiset intersection: take each shared bigram from the probe, then put them back;
	 * a line stops once it has missed more bigrams than a score above floor allows */
	size_t sum = nb + p->nb, need = floor < 0 ? 0 : ((size_t)floor + 1) * sum / 200;
	while (200 * need < ((size_t)floor + 1) * sum && floor >= 0)
		need++;
	size_t misses = nb - need, inter = 0;
	const unsigned char *u = (const unsigned char *)s;
	unsigned char taken[256];
	for (size_t i = 0; i < nb; i++) {
		size_t j = p->row[u[i]], end = p->row[u[i] + 1];
		while (j < end && p->second[j] != u[i + 1])
			j++;
		if (j < end && p->count[j]) {
			p->count[j]--;
			taken[inter++] = (unsigned char)j;
		} else if (!misses--) {
			break;
		}
	}
	for (size_t i = 0; i < inter; i++)
		p->count[taken[i]]++;
	return (int)(200 * inter / sum);
}
