/* Unit tests for src/fuzzy.c: the fold of typographic characters with its byte map, and the
 * bigram similarity, checked against a plain reference (every bigram pair counted by hand) for
 * lines short enough for the insertion sort and long enough for the radix one. */
#include "unit.h"

#include "alloc.h"
#include "fuzzy.h"

/* Dice coefficient of the byte bigrams of a and b (at most 256 each), with no sorting. */
static int reference(const char *a, size_t na, const char *b, size_t nb)
{
	if (na == nb && !memcmp(a, b, na))
		return 100;
	na = na > 257 ? 257 : na;
	nb = nb > 257 ? 257 : nb;
	if (na < 2 || nb < 2)
		return 0;
	bool used[256] = {false};
	size_t inter = 0;
	for (size_t i = 0; i + 1 < na; i++)
		for (size_t j = 0; j + 1 < nb; j++)
			if (!used[j] && a[i] == b[j] && a[i + 1] == b[j + 1]) {
				used[j] = true;
				inter++;
				break;
			}
	return (int)(200 * inter / ((na - 1) + (nb - 1)));
}

static void test_similarity(void)
{
	static const char *const pairs[][2] = {
		{"func Validate0333(r *Record0333) error {", "func Validate0333(r *Record0333) eror {"},
		{"abc", "xyz"},
		{"aaaa", "aa"},
		{"", "abc"},
		{"same", "same"},
	};
	for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++) {
		char name[96];
		snprintf(name, sizeof name, "similarity %s / %s", pairs[i][0], pairs[i][1]);
		unit_long(
			name,
			fuzzy_similarity(pairs[i][0], strlen(pairs[i][0]), pairs[i][1], strlen(pairs[i][1])),
			reference(pairs[i][0], strlen(pairs[i][0]), pairs[i][1], strlen(pairs[i][1])));
	}
	/* 100 and 300 bytes: the radix path, and the 257-byte limit */
	char a[301], b[301];
	for (size_t n = 100; n <= 300; n += 200) {
		for (size_t i = 0; i < n; i++) {
			a[i] = (char)('a' + (i * 7) % 26);
			b[i] = (char)('a' + (i * 11) % 26);
		}
		char name[64];
		snprintf(name, sizeof name, "similarity of two %zu-byte lines", n);
		unit_long(name, fuzzy_similarity(a, n, b, n), reference(a, n, b, n));
	}
	unit_long("identical long lines", fuzzy_similarity(a, 300, a, 300), 100);
}

static void test_fold(void)
{
	static const char s[] = "it\xE2\x80\x99s a \xE2\x80\x94 b\xC2\xA0"
				"c";
	size_t *map, n;
	char *out = fuzzy_fold(s, strlen(s), &map, &n);
	unit_str("fold", out, "it's a - b c");
	unit_long("map of the apostrophe", (long)map[2], 2);
	unit_long("map after the apostrophe", (long)map[3], 5);
	unit_long("map of the dash", (long)map[7], 9);
	unit_long("map of c", (long)map[11], 16);
	unit_long("map of the end", (long)map[n], (long)strlen(s));
	free(out);
	free(map);
}

int main(void)
{
	unit_begin("t_fuzzy");
	test_similarity();
	test_fold();
	return unit_end();
}
