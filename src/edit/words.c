#include "words.h"

#include <string.h>

#include "../match.h"
#include "../symbols/lang.h"

void words_init(struct words *w, const char *path)
{
	const struct lang *l = lang_for_path(path);
	bool dollar = l && (l->id == L_JAVASCRIPT || l->id == L_TYPESCRIPT || l->id == L_TSX ||
			    l->id == L_JAVA || l->id == L_PHP);
	w->re = regex_new(dollar ? "\\G[\\w$]" : "\\G\\w", 0, NULL);
	w->st = w->re ? rx_state_new(w->re) : NULL;
}

void words_release(struct words *w)
{
	rx_state_free(w->st);
	regex_free(w->re);
	memset(w, 0, sizeof(*w));
}

/* The end of the identifier character starting at byte p of s[0..n), or 0 when it is none. */
static size_t ident_end(const struct words *w, const char *s, size_t n, size_t p)
{
	size_t a, z;
	if (!w->st || p >= n || regex_search(w->re, w->st, s, n, p, &a, &z) != RX_MATCH || a != p)
		return 0;
	return z;
}

/* Whether the character ending at byte p of s (a UTF-8 sequence of up to 4 bytes) is one. */
static bool ident_before(const struct words *w, const char *s, size_t n, size_t p)
{
	if (!p)
		return false;
	size_t q = p - 1;
	while (q && p - q < 4 && ((unsigned char)s[q] & 0xC0) == 0x80)
		q--;
	return ident_end(w, s, n, q) == p;
}

bool words_splits(const struct words *w, const char *s, size_t n, size_t start, size_t end)
{
	if (ident_end(w, s, n, start) && ident_before(w, s, n, start))
		return true;
	return end > start && ident_before(w, s, n, end) && ident_end(w, s, n, end);
}

bool words_identifier(const struct words *w, const char *s, size_t n)
{
	size_t p = 0;
	while (p < n) {
		size_t z = ident_end(w, s, n, p);
		if (!z)
			return false;
		p = z;
	}
	return n > 0;
}
