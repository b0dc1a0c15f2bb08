#include "jsonc.h"

#include <string.h>

#include "../buf.h"
#include "../utf8.h"

/* Byte classes of the inner loops: a blank; a byte a strict string holds as it is (printable
 * ASCII but the quote and the backslash). */
enum { C_BLANK = 1, C_PLAIN = 2 };
static const unsigned char cls[256] = {
	[' '] = C_BLANK | C_PLAIN,
	['\t'] = C_BLANK,
	['\n'] = C_BLANK,
	['\r'] = C_BLANK,
#define P(c) [c] = C_PLAIN
	P('!'),
	P('#'),
	P('$'),
	P('%'),
	P('&'),
	P('\''),
	P('('),
	P(')'),
	P('*'),
	P('+'),
	P(','),
	P('-'),
	P('.'),
	P('/'),
	P('0'),
	P('1'),
	P('2'),
	P('3'),
	P('4'),
	P('5'),
	P('6'),
	P('7'),
	P('8'),
	P('9'),
	P(':'),
	P(';'),
	P('<'),
	P('='),
	P('>'),
	P('?'),
	P('@'),
	P('A'),
	P('B'),
	P('C'),
	P('D'),
	P('E'),
	P('F'),
	P('G'),
	P('H'),
	P('I'),
	P('J'),
	P('K'),
	P('L'),
	P('M'),
	P('N'),
	P('O'),
	P('P'),
	P('Q'),
	P('R'),
	P('S'),
	P('T'),
	P('U'),
	P('V'),
	P('W'),
	P('X'),
	P('Y'),
	P('Z'),
	P('['),
	P(']'),
	P('^'),
	P('_'),
	P('`'),
	P('a'),
	P('b'),
	P('c'),
	P('d'),
	P('e'),
	P('f'),
	P('g'),
	P('h'),
	P('i'),
	P('j'),
	P('k'),
	P('l'),
	P('m'),
	P('n'),
	P('o'),
	P('p'),
	P('q'),
	P('r'),
	P('s'),
	P('t'),
	P('u'),
	P('v'),
	P('w'),
	P('x'),
	P('y'),
	P('z'),
	P('{'),
	P('|'),
	P('}'),
	P('~'),
	P(0x7F),
#undef P
};

size_t jsonc_space(const char *s, size_t i, size_t n)
{
	while (i < n && (cls[(unsigned char)s[i]] & C_BLANK))
		i++;
	return i;
}

size_t jsonc_comment(const char *s, size_t i, size_t n, bool *open)
{
	if (i + 1 >= n || s[i] != '/')
		return i;
	if (s[i + 1] == '/') {
		const char *nl = memchr(s + i + 2, '\n', n - i - 2);
		size_t e = nl ? (size_t)(nl - s) : n;
		return nl && s[e - 1] == '\r' ? e - 1 : e;
	}
	if (s[i + 1] != '*')
		return i;
	const char *close = i + 2 < n ? memmem(s + i + 2, n - i - 2, "*/", 2) : NULL;
	if (close)
		return (size_t)(close - s) + 2;
	if (open)
		*open = true;
	return n;
}

/* jsonc_blank from the comment at i on: kept out of line, so that the common call, which finds
 * blanks or nothing, needs no stack frame. */
__attribute__((noinline)) static size_t blank_comments(const char *s, size_t i, size_t n, bool *open)
{
	for (;;) {
		size_t e = jsonc_comment(s, i, n, open);
		if (e == i)
			return i;
		i = e;
		while (i < n && (cls[(unsigned char)s[i]] & C_BLANK))
			i++;
		if (i >= n || s[i] != '/')
			return i;
	}
}

size_t jsonc_blank(const char *s, size_t i, size_t n, bool *open)
{
	while (i < n && (cls[(unsigned char)s[i]] & C_BLANK))
		i++;
	return i < n && s[i] == '/' ? blank_comments(s, i, n, open) : i;
}

size_t jsonc_unclosed(const char *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		if (s[i] == '"') {
			i = jsonc_string(s, i, n);
			continue;
		}
		bool open = false;
		size_t e = jsonc_comment(s, i, n, &open);
		if (open)
			return i;
		i = e > i ? e : i + 1;
	}
	return n;
}

size_t jsonc_string(const char *s, size_t i, size_t n)
{
	for (i++; i < n && s[i] != '"'; i++)
		if (s[i] == '\\')
			i++;
	return i < n ? i + 1 : n;
}

/* The \uXXXX escape whose 'u' is at i: its value, or -1 when four hex digits do not follow. */
static long hex4(const char *s, size_t i, size_t n)
{
	long v = 0;
	for (size_t k = 1; k <= 4; k++) {
		int h = i + k < n ? jsonc_hexval(s[i + k]) : -1;
		if (h < 0)
			return -1;
		v = v * 16 + h;
	}
	return v;
}

/* jsonc_string_strict from the first byte at i that is not plain ASCII: kept out of line, so
 * that the common call, a string of plain bytes, needs no stack frame. */
__attribute__((noinline)) static size_t strict_rest(const char *s, size_t b, size_t i, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	for (; i < n; i++) {
		while (i < n && (cls[u[i]] & C_PLAIN))
			i++;
		if (i >= n)
			break;
		unsigned char c = u[i];
		if (c == '"')
			return i + 1;
		if (c >= 0x80) {
			size_t l = utf8_seq_len(u + i, n - i);
			if (!l)
				break;
			i += l - 1;
			continue;
		}
		if (c != '\\' || ++i >= n || !strchr("\"\\/bfnrtu", s[i]) || !s[i])
			break;
		if (s[i] != 'u')
			continue;
		long v = hex4(s, i, n);
		if (v <= 0 || (v >= 0xD800 && v <= 0xDFFF))
			break; /* NUL and surrogate pairs: jansson's own rules */
		i += 4;
	}
	return b;
}

size_t jsonc_string_strict(const char *s, size_t i, size_t n)
{
	size_t k = i + 1;
	while (k < n && (cls[(unsigned char)s[k]] & C_PLAIN))
		k++;
	return k < n && s[k] == '"' ? k + 1 : strict_rest(s, i, k, n);
}

int jsonc_hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* The code point of the escape whose 'u' is at *i (a surrogate pair read whole), moving *i past
 * it; -1 when it is not one. */
static long unicode_escape(const char *s, size_t n, size_t *i)
{
	long cp = hex4(s, *i, n);
	if (cp < 0)
		return -1;
	*i += 5;
	if (cp >= 0xDC00 && cp < 0xE000)
		return -1;
	if (cp < 0xD800 || cp >= 0xDC00)
		return cp;
	if (*i + 2 > n || s[*i] != '\\' || s[*i + 1] != 'u')
		return -1;
	long lo = hex4(s, *i + 1, n);
	if (lo < 0xDC00 || lo > 0xDFFF)
		return -1;
	*i += 6;
	return 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
}

bool jsonc_decode(const char *s, size_t n, size_t *i, struct buf *out)
{
	size_t k = *i + 1; /* past the opening quote */
	bool ok = false;
	while (k < n) {
		char c = s[k++];
		if (c == '"') {
			ok = true;
			break;
		}
		if ((unsigned char)c < 0x20)
			break;
		if (c != '\\') {
			buf_addc(out, c);
			continue;
		}
		if (k >= n)
			break;
		c = s[k];
		const char *esc = strchr("\"\\/bfnrt", c);
		if (esc && c) {
			buf_addc(out, "\"\\/\b\f\n\r\t"[esc - "\"\\/bfnrt"]);
			k++;
			continue;
		}
		long cp = c == 'u' ? unicode_escape(s, n, &k) : -1;
		if (cp <= 0)
			break; /* a NUL cannot be a key or a C string */
		utf8_put(out, (unsigned long)cp);
	}
	*i = k;
	return ok;
}

size_t jsonc_number(const char *s, size_t i, size_t n)
{
	size_t k = i + (i < n && s[i] == '-');
	if (k < n && s[k] == '0') {
		k++;
	} else if (k < n && s[k] >= '1' && s[k] <= '9') {
		while (k < n && s[k] >= '0' && s[k] <= '9')
			k++;
	} else {
		return i;
	}
	if (k < n && s[k] == '.') {
		if (++k >= n || s[k] < '0' || s[k] > '9')
			return i;
		while (k < n && s[k] >= '0' && s[k] <= '9')
			k++;
	}
	if (k < n && (s[k] == 'e' || s[k] == 'E')) {
		k += k + 1 < n && (s[k + 1] == '+' || s[k + 1] == '-');
		if (++k >= n || s[k] < '0' || s[k] > '9')
			return i;
		while (k < n && s[k] >= '0' && s[k] <= '9')
			k++;
	}
	return k;
}

size_t jsonc_value(const char *s, size_t i, size_t n)
{
	if (i < n && s[i] == '"')
		return jsonc_string(s, i, n);
	if (i >= n || (s[i] != '{' && s[i] != '[')) {
		while (i < n && !strchr(",]}/ \t\r\n", s[i]))
			i++;
		return i;
	}
	for (size_t depth = 0; i < n;) {
		char c = s[i];
		size_t j = c == '"' ? jsonc_string(s, i, n) : jsonc_comment(s, i, n, NULL);
		if (j != i) {
			i = j;
			continue;
		}
		if (c == '{' || c == '[')
			depth++;
		else if ((c == '}' || c == ']') && --depth == 0)
			return i + 1;
		i++;
	}
	return n;
}

/* The comma at i follows a value and comes before a closing bracket (prev: the last byte of the
 * token before it). */
static bool trailing_comma(const char *s, size_t i, size_t n, char prev)
{
	if (!prev || strchr("[{,:", prev))
		return false;
	size_t e = jsonc_blank(s, i + 1, n, NULL);
	return e < n && (s[e] == '}' || s[e] == ']');
}

size_t jsonc_to_json(const char *s, size_t n, unsigned flags, char *out)
{
	memcpy(out, s, n);
	char prev = 0; /* the last byte of the last token */
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (cls[(unsigned char)c] & C_BLANK)
			continue;
		if (c == '"') {
			i = jsonc_string(s, i, n) - 1;
		} else if ((flags & JSONC_NUMBERS) && (c == '-' || (c >= '0' && c <= '9'))) {
			size_t e = jsonc_number(s, i, n);
			/* a malformed number ("012", "1.2.3") is left whole for jansson to word */
			if (e > i && (e == n || !strchr("0123456789.eE+-", s[e]))) {
				out[i] = '0';
				memset(out + i + 1, ' ', e - i - 1);
				i = e - 1;
			}
		} else if (c == '/') {
			bool open = false;
			size_t e = jsonc_comment(s, i, n, &open);
			if (open)
				return i;
			if (e > i) {
				for (size_t k = i; k < e; k++)
					if (s[k] != '\n')
						out[k] = ' ';
				i = e - 1;
				continue;
			}
		} else if (c == ',' && (flags & JSONC_TRAILING) && trailing_comma(s, i, n, prev)) {
			out[i] = ' ';
			continue;
		}
		prev = out[i];
	}
	return n;
}
