#include "chunk.h"

#include <string.h>

static bool word_byte(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c >= 0x80;
}

static bool starts_end(const char *s, size_t n)
{
	return n >= 3 && !memcmp(s, "end", 3) && (n == 3 || !word_byte((unsigned char)s[3]));
}

static size_t line_end(const char *data, size_t len, size_t start)
{
	const char *nl = memchr(data + start, '\n', len - start);
	return nl ? (size_t)(nl - data) : len;
}

size_t chunk_line_start(const char *data, size_t at)
{
	while (at > 0 && data[at - 1] != '\n')
		at--;
	return at;
}

/* The line starting at byte s can start an item. */
static bool boundary(const char *data, size_t len, size_t s)
{
	size_t e = line_end(data, len, s);
	char c = s < e ? data[s] : '\n';
	if (c == '\n' || c == ' ' || c == '\t' || c == '\r' || c == '}' || c == ')' || c == ']' ||
	    starts_end(data + s, e - s))
		return false;
	if (s == 0)
		return true;
	size_t ps = chunk_line_start(data, s - 1), pe = s - 1;
	if (ps < pe && (data[ps] == '}' || data[ps] == ')' || data[ps] == ']' || starts_end(data + ps, pe - ps)))
		return true;
	for (size_t i = ps; i < pe; i++)
		if (data[i] != ' ' && data[i] != '\t' && data[i] != '\r')
			return false;
	return true;
}

size_t chunk_item_start(const char *data, size_t len, size_t at)
{
	size_t s = chunk_line_start(data, at < len ? at : len);
	while (s > 0 && !boundary(data, len, s))
		s = chunk_line_start(data, s - 1);
	return s;
}

size_t chunk_item_end(const char *data, size_t len, size_t at)
{
	size_t s = chunk_line_start(data, at < len ? at : len);
	for (;;) {
		size_t e = line_end(data, len, s);
		if (e >= len)
			return len;
		s = e + 1;
		if (s >= len || boundary(data, len, s))
			return s;
	}
}
