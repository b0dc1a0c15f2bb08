#include "json.h"

#include <string.h>

#include "buf.h"
#include "utf8.h"

void json_str(struct buf *b, const char *s, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	buf_reserve(b, n + 2);
	buf_addc(b, '"');
	const unsigned char *p = (const unsigned char *)s, *end = p + n, *run = p;
	while (p < end) {
		unsigned char c = *p;
		if (c >= 0x20 && c != '"' && c != '\\' && c < 0x80) {
			p++;
			continue;
		}
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
