#include "utf8.h"

#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "buf.h"

/* The sequence length a lead byte announces (1-4), or 0 for a byte that cannot lead. */
static size_t lead_len(unsigned char c)
{
	return c < 0x80                 ? 1
	       : c >= 0xC2 && c <= 0xDF ? 2
	       : c >= 0xE0 && c <= 0xEF ? 3
	       : c >= 0xF0 && c <= 0xF4 ? 4
					: 0;
}

/* Whether b may follow lead byte c: the narrowed ranges exclude overlongs, surrogates and
 * code points past U+10FFFF (Unicode table 3-7). */
static bool second_ok(unsigned char c, unsigned char b)
{
	unsigned char lo = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80;
	unsigned char hi = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
	return b >= lo && b <= hi;
}

size_t utf8_seq_len(const unsigned char *s, size_t n)
{
	size_t len = lead_len(s[0]);
	if (len <= 1)
		return len;
	if (n < len || !second_ok(s[0], s[1]))
		return 0;
	for (size_t i = 2; i < len; i++)
		if ((s[i] & 0xC0) != 0x80)
			return 0;
	return len;
}

/* How many bytes s[0..n) opens with below 0x80: source text is nearly all ASCII, and show
 * validates every line it prints, so the bytes are tested sixteen at a time with SSE2 (eight
 * without), and a line's last bytes in one step that overlaps the ones already tested. */
static size_t ascii_prefix(const unsigned char *s, size_t n)
{
	size_t i = 0;
#if defined(__SSE2__)
	for (; n - i >= 16; i += 16) {
		int high = _mm_movemask_epi8(_mm_loadu_si128((const __m128i *)(s + i)));
		if (high)
			return i + (size_t)__builtin_ctz((unsigned)high);
	}
#endif
	uint64_t w;
	for (; n - i >= 8; i += 8) {
		memcpy(&w, s + i, sizeof(w));
		if (w & UINT64_C(0x8080808080808080))
			break;
	}
	if (n - i < 8 && n >= 8) {
		memcpy(&w, s + n - 8, sizeof(w));
		if (!(w & UINT64_C(0x8080808080808080)))
			return n;
	}
	while (i < n && s[i] < 0x80)
		i++;
	return i;
}

bool utf8_valid(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + n;
	while (p < end) {
		p += ascii_prefix(p, (size_t)(end - p));
		if (p == end)
			break;
		size_t l = utf8_seq_len(p, (size_t)(end - p));
		if (!l)
			return false;
		p += l;
	}
	return true;
}

/* Bytes an invalid sequence swallows: its lead byte plus any continuation bytes that were a
 * valid prefix, so "\xE2\x82" is one U+FFFD, as in from_utf8_lossy. */
size_t utf8_invalid_span(const unsigned char *s, size_t n)
{
	size_t want = lead_len(s[0]);
	size_t i = 1;
	while (i < want && i < n && (s[i] & 0xC0) == 0x80 && (i > 1 || second_ok(s[0], s[1])))
		i++;
	return i;
}

void utf8_add_lossy(struct buf *out, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + n, *run = p;
	while (p < end) {
		if (*p < 0x80) {
			p++;
			continue;
		}
		size_t l = utf8_seq_len(p, (size_t)(end - p));
		if (l) {
			p += l;
			continue;
		}
		buf_add(out, run, (size_t)(p - run));
		buf_adds(out, "\xEF\xBF\xBD");
		p += utf8_invalid_span(p, (size_t)(end - p));
		run = p;
	}
	buf_add(out, run, (size_t)(p - run));
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

bool utf8_blank(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!is_space(s[i]))
			return false;
	return true;
}

void utf8_trim(const char **s, size_t *n)
{
	while (*n && is_space((*s)[0]))
		(*s)++, (*n)--;
	while (*n && is_space((*s)[*n - 1]))
		(*n)--;
}

size_t utf8_floor(const char *s, size_t n, size_t max)
{
	if (max >= n)
		return n;
	size_t cut = max;
	while (cut > 0 && ((unsigned char)s[cut] & 0xC0) == 0x80)
		cut--;
	return cut;
}

void utf8_put(struct buf *b, unsigned long cp)
{
	if (cp < 0x80) {
		buf_addc(b, (char)cp);
	} else if (cp < 0x800) {
		buf_addc(b, (char)(0xC0 | (cp >> 6)));
		buf_addc(b, (char)(0x80 | (cp & 0x3F)));
	} else if (cp < 0x10000) {
		buf_addc(b, (char)(0xE0 | (cp >> 12)));
		buf_addc(b, (char)(0x80 | ((cp >> 6) & 0x3F)));
		buf_addc(b, (char)(0x80 | (cp & 0x3F)));
	} else {
		buf_addc(b, (char)(0xF0 | (cp >> 18)));
		buf_addc(b, (char)(0x80 | ((cp >> 12) & 0x3F)));
		buf_addc(b, (char)(0x80 | ((cp >> 6) & 0x3F)));
		buf_addc(b, (char)(0x80 | (cp & 0x3F)));
	}
}

size_t utf8_bom(const char *s, size_t n)
{
	return n >= 3 && !memcmp(s, "\xEF\xBB\xBF", 3) ? 3 : 0;
}
