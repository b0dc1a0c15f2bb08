#include "json.h"

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "buf.h"
#include "utf8.h"

/* The first byte at or after p that json_str cannot copy as it is (a control byte, '"', '\\' or a
 * byte of 0x80 and up), or end: sixteen bytes a step where SSE2 is there, since json_str sees
 * every byte a --json response shows (four comparisons a byte were the most of a --json show). */
static const unsigned char *plain_run(const unsigned char *p, const unsigned char *end)
{
#if defined(__SSE2__)
	const __m128i space = _mm_set1_epi8(0x20), quote = _mm_set1_epi8('"'), bslash = _mm_set1_epi8('\\');
	while (end - p >= 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)p);
		/* a signed comparison: a byte of 0x80 and up is negative, so below 0x20 too */
		__m128i stop =
			_mm_or_si128(_mm_cmplt_epi8(v, space),
				     _mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, bslash)));
		int m = _mm_movemask_epi8(stop);
		if (m)
			return p + __builtin_ctz((unsigned)m);
		p += 16;
	}
#endif
	while (p < end && *p >= 0x20 && *p < 0x80 && *p != '"' && *p != '\\')
		p++;
	return p;
}

void json_str(struct buf *b, const char *s, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	buf_reserve(b, n + 2);
	buf_addc(b, '"');
	const unsigned char *p = (const unsigned char *)s, *end = p + n, *run = p;
	while ((p = plain_run(p, end)) < end) {
		unsigned char c = *p;
		if (c >= 0x80) {
			size_t l = utf8_seq_len(p, (size_t)(end - p));
			if (l) {
				p += l;
				continue;
			}
		}
		buf_add(b, run, (size_t)(p - run));
		switch (c) {
		case '"': buf_adds(b, "\\\""); break;
		case '\\': buf_adds(b, "\\\\"); break;
		case '\n': buf_adds(b, "\\n"); break;
		case '\t': buf_adds(b, "\\t"); break;
		case '\r': buf_adds(b, "\\r"); break;
		case '\b': buf_adds(b, "\\b"); break;
		case '\f': buf_adds(b, "\\f"); break;
		default:
			if (c < 0x20) {
				char u[7] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15], 0};
				buf_adds(b, u);
			} else {
				buf_adds(b, "\xEF\xBF\xBD");
				p += utf8_invalid_span(p, (size_t)(end - p));
				run = p;
				continue;
			}
		}
		p++;
		run = p;
	}
	buf_add(b, run, (size_t)(p - run));
	buf_addc(b, '"');
}

void json_cstr(struct buf *b, const char *s)
{
	json_str(b, s, strlen(s));
}

void json_key(struct buf *b, const char *key)
{
	json_cstr(b, key);
	buf_addc(b, ':');
}
