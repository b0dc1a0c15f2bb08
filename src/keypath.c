#include "keypath.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "buf.h"
#include "utf8.h"

size_t keypath_key_read(const char *s, struct buf *key, bool *literal, const char **why)
{
	size_t i = 0;
	*literal = s[0] == '"';
	if (s[0] == '"') {
		for (i = 1; s[i] && s[i] != '"'; i++) {
			if (s[i] == '\\' && (s[i + 1] == '"' || s[i + 1] == '\\'))
				i++;
			buf_addc(key, s[i]);
		}
		if (s[i] != '"') {
			*why = "an unclosed quote";
			return 0;
		}
		return i + 1;
	}
	size_t start = key->len;
	for (; s[i] && !strchr(".[=", s[i]); i++) {
		if (s[i] == '\\' && s[i + 1] && strchr(".[]=\"\\", s[i + 1])) {
			*literal = true;
			i++;
		}
		buf_addc(key, s[i]);
	}
	if (key->len == start) {
		*why = "an empty key";
		return 0;
	}
	return i;
}

bool keypath_key_needs_quotes(const char *k, size_t n)
{
	if (!n)
		return true;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)k[i];
		if (c <= ' ' || c == 0x7f || strchr(".[]=\"'#\\", c))
			return true;
	}
	return false;
}

void keypath_key_print(struct buf *b, const char *k, size_t n, bool quote)
{
	if (!quote && !keypath_key_needs_quotes(k, n)) {
		buf_add(b, k, n);
		return;
	}
	buf_addc(b, '"');
	for (size_t i = 0; i < n; i++) {
		if (k[i] == '"' || k[i] == '\\')
			buf_addc(b, '\\');
		buf_addc(b, k[i]);
	}
	buf_addc(b, '"');
}

bool keypath_split(const char *s, struct keypath_keys *out)
{
	size_t i = 0;
	for (;;) {
		struct buf k = BUF_INIT;
		bool literal;
		const char *why;
		size_t used = keypath_key_read(s + i, &k, &literal, &why);
		if (!used || (s[i + used] && s[i + used] != '.')) {
			buf_release(&k);
			keypath_keys_release(out);
			return false;
		}
		XGROW(out->v, out->cap, out->n + 1);
		out->literal = xrealloc(out->literal, out->cap * sizeof(*out->literal));
		out->literal[out->n] = literal;
		out->v[out->n++] = buf_detach(&k);
		i += used;
		if (!s[i])
			return true;
		i++;
	}
}

void keypath_keys_release(struct keypath_keys *k)
{
	for (size_t i = 0; i < k->n; i++)
		free(k->v[i]);
	free(k->v);
	free(k->literal);
	*k = (struct keypath_keys)KEYPATH_KEYS_INIT;
}

bool keypath_quote_all(const char *path, struct buf *b)
{
	struct keypath_keys k = KEYPATH_KEYS_INIT;
	if (!keypath_split(path, &k))
		return false;
	size_t start = b->len;
	for (size_t i = 0; i < k.n; i++) {
		if (i)
			buf_addc(b, '.');
		keypath_key_print(b, k.v[i], strlen(k.v[i]), true);
	}
	keypath_keys_release(&k);
	return strcmp(buf_str(b) + start, path) != 0;
}

void keypath_key_occurs(struct buf *b, const char *key)
{
	size_t best = 0, best_len = 0;
	for (size_t i = 0; key[i];) {
		size_t n = 0;
		while (key[i + n] && (unsigned char)key[i + n] >= ' ' && key[i + n] != 0x7f &&
		       !strchr("\"'\\", key[i + n]))
			n++;
		if (n > best_len) {
			best = i;
			best_len = n;
		}
		i += n ? n : 1;
	}
	buf_add(b, key + best, best_len ? best_len : (*key != 0));
}

/* The value of the digits hex digits at s[at], or -1. */
static long hexval(const char *s, size_t n, size_t at, int digits)
{
	long v = 0;
	for (int k = 0; k < digits; k++) {
		char c = at + (size_t)k < n ? (char)(s[at + (size_t)k] | 0x20) : 0;
		int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
		if (d < 0)
			return -1;
		v = v * 16 + d;
	}
	return v;
}

/* One \u or \U escape at s[i] == 'u' or 'U' (a \uD83D\uDE00 pair as one); returns the bytes it
 * took after the backslash, 0 when it is not one (then it is kept as written). */
static size_t unicode_escape(struct buf *b, const char *s, size_t n, size_t i)
{
	int digits = s[i] == 'U' ? 8 : 4;
	long cp = hexval(s, n, i + 1, digits);
	size_t used = 1 + (size_t)digits;
	if (digits == 4 && cp >= 0xD800 && cp < 0xDC00 && i + 11 <= n && s[i + 5] == '\\' &&
	    s[i + 6] == 'u') {
		long lo = hexval(s, n, i + 7, 4);
		if (lo >= 0xDC00 && lo < 0xE000) {
			cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
			used = 11;
		}
	}
	if (cp < 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp < 0xE000))
		return 0;
	utf8_put(b, (unsigned long)cp);
	return used;
}

void keypath_unescape(struct buf *b, const char *s, size_t n, char quote)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	for (size_t i = 0; i < n; i++) {
		if (quote == '\'' && s[i] == '\'' && i + 1 < n && s[i + 1] == '\'') {
			buf_addc(b, '\'');
			i++;
			continue;
		}
		if (quote != '"' || s[i] != '\\' || i + 1 >= n) {
			buf_addc(b, s[i]);
			continue;
		}
		const char *k = strchr(from, s[i + 1]);
		size_t used = 0;
		if (k && *k) {
			buf_addc(b, to[k - from]);
			used = 1;
		} else if (s[i + 1] == 'u' || s[i + 1] == 'U') {
			used = unicode_escape(b, s, n, i + 1);
		}
		if (used)
			i += used;
		else
			buf_addc(b, s[i]);
	}
}
