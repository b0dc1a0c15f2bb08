#include "utf8.h"

#include "buf.h"

size_t utf8_seq_len(const unsigned char *s, size_t n)
{
	unsigned char c = s[0];
	if (c < 0x80)
		return 1;
	size_t len;
	unsigned char lo = 0x80, hi = 0xBF;
	if (c >= 0xC2 && c <= 0xDF) {
		len = 2;
	} else if (c >= 0xE0 && c <= 0xEF) {
		len = 3;
		if (c == 0xE0)
			lo = 0xA0;
		if (c == 0xED)
			hi = 0x9F;
	} else if (c >= 0xF0 && c <= 0xF4) {
		len = 4;
		if (c == 0xF0)
			lo = 0x90;
		if (c == 0xF4)
			hi = 0x8F;
	} else {
		return 0;
	}
	if (n < len || s[1] < lo || s[1] > hi)
		return 0;
	for (size_t i = 2; i < len; i++)
		if ((s[i] & 0xC0) != 0x80)
			return 0;
	return len;
}

bool utf8_valid(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + n;
	while (p < end) {
		if (*p < 0x80) {
			p++;
			continue;
		}
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
	unsigned char c = s[0];
	size_t want = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xC2 && c <= 0xDF ? 2 : 1;
	size_t i = 1;
	while (i < want && i < n && (s[i] & 0xC0) == 0x80) {
		if (i == 1) {
			unsigned char lo = 0x80, hi = 0xBF;
			if (c == 0xE0)
				lo = 0xA0;
			if (c == 0xED)
				hi = 0x9F;
			if (c == 0xF0)
				lo = 0x90;
			if (c == 0xF4)
				hi = 0x8F;
			if (s[1] < lo || s[1] > hi)
				break;
		}
		i++;
	}
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
