/* TOML's verdict (format.h): a TOML 1.0 validator: the syntax of every value, key and header, plus the key rules a parser
 * enforces (no key defined twice, no table defined twice, no key added to an inline table or a
 * plain value). It builds no document; it only answers "does this parse". */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../buf.h"
#include "format.h"
#include "../utf8.h"

/* How a key path came to exist: a value, an inline table, a [header], a table implied by a
 * longer [header], one implied by a dotted key (which no [header] may define later), or an
 * array of tables. */
enum kdef { K_VALUE = 'v', K_INLINE = 'i', K_TABLE = 'T', K_IMPLICIT = 't', K_DOTTED = 'd', K_ARRAY = 'A' };

struct kent {
	char *path;
	char type;
	long count; /* K_ARRAY: elements so far */
};

struct tp {
	const char *p, *e;
	struct kent *keys;
	size_t n_keys, cap_keys;
	/* keys indexed by path: open addressing over 1 + the index into keys (0: empty); a linear
	 * search per key made 50,000 keys take seconds */
	size_t *slot;
	size_t cap_slot;
	struct buf table; /* current table's resolved path */
	long anon; /* inline tables in arrays numbered so far */
};

static size_t key_hash(const char *path)
{
	size_t h = 14695981039346656037u;
	for (; *path; path++)
		h = (h ^ (unsigned char)*path) * 1099511628211u;
	return h;
}

/* The slot holding path, or the empty slot where it would go. */
static size_t *key_slot(const struct tp *t, const char *path)
{
	size_t k = key_hash(path) & (t->cap_slot - 1);
	while (t->slot[k] && strcmp(t->keys[t->slot[k] - 1].path, path))
		k = (k + 1) & (t->cap_slot - 1);
	return &t->slot[k];
}

static struct kent *key_find(struct tp *t, const char *path)
{
	if (!t->cap_slot)
		return NULL;
	size_t i = *key_slot(t, path);
	return i ? &t->keys[i - 1] : NULL;
}

/* Adds path, which key_find did not find. */
static struct kent *key_add(struct tp *t, const char *path, char type)
{
	if ((t->n_keys + 1) * 2 > t->cap_slot) {
		t->cap_slot = t->cap_slot ? t->cap_slot * 2 : 64;
		free(t->slot);
		t->slot = xcalloc(t->cap_slot, sizeof(*t->slot));
		for (size_t i = 0; i < t->n_keys; i++)
			*key_slot(t, t->keys[i].path) = i + 1;
	}
	XGROW(t->keys, t->cap_keys, t->n_keys + 1);
	struct kent *k = &t->keys[t->n_keys++];
	k->path = xstrdup(path);
	k->type = type;
	k->count = 0;
	*key_slot(t, k->path) = t->n_keys;
	return k;
}

static bool at(struct tp *t, const char *lit)
{
	size_t n = strlen(lit);
	return (size_t)(t->e - t->p) >= n && !memcmp(t->p, lit, n);
}

static void skip_ws(struct tp *t)
{
	while (t->p < t->e && (*t->p == ' ' || *t->p == '\t'))
		t->p++;
}

/* Whitespace, then an optional comment, then a newline or the end. */
static bool end_of_line(struct tp *t)
{
	skip_ws(t);
	if (t->p < t->e && *t->p == '#') {
		while (t->p < t->e && *t->p != '\n') {
			unsigned char c = (unsigned char)*t->p;
			if ((c < 0x20 && c != '\t' && !(c == '\r' && t->p + 1 < t->e && t->p[1] == '\n')) ||
			    c == 0x7f)
				return false;
			t->p++;
		}
	}
	if (t->p >= t->e)
		return true;
	if (*t->p == '\r' && t->p + 1 < t->e && t->p[1] == '\n') {
		t->p += 2;
		return true;
	}
	if (*t->p == '\n') {
		t->p++;
		return true;
	}
	return false;
}

/* Whitespace, comments and newlines, as arrays allow between values. */
static bool skip_ws_nl(struct tp *t)
{
	for (;;) {
		skip_ws(t);
		if (t->p >= t->e)
			return true;
		if (*t->p == '#' || *t->p == '\n' || *t->p == '\r') {
			if (!end_of_line(t))
				return false;
			continue;
		}
		return true;
	}
}

static bool is_bare(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
	       c == '-';
}

static bool hexc(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* A basic or literal string, single- or multi-line; out gets its raw body (for keys). */
static bool string_val(struct tp *t, struct buf *out, bool allow_multi)
{
	char q = *t->p;
	bool multi = allow_multi && ((q == '"' && at(t, "\"\"\"")) || (q == '\'' && at(t, "'''")));
	t->p += multi ? 3 : 1;
	if (multi) {
		if (at(t, "\r\n"))
			t->p += 2;
		else if (at(t, "\n"))
			t->p++;
	}
	for (;;) {
		if (t->p >= t->e)
			return false;
		char c = *t->p;
		if (c == q) {
			if (!multi) {
				t->p++;
				return true;
			}
			if (t->e - t->p >= 3 && t->p[1] == q && t->p[2] == q) {
				t->p += 3;
				/* up to two more quotes belong to the content */
				for (int i = 0; i < 2 && t->p < t->e && *t->p == q; i++)
					t->p++;
				return true;
			}
			t->p++;
			continue;
		}
		if (c == '\n' || (c == '\r' && t->p + 1 < t->e && t->p[1] == '\n')) {
			if (!multi)
				return false;
			t->p++;
			continue;
		}
		if (((unsigned char)c < 0x20 && c != '\t') || c == 0x7f)
			return false;
		if (c == '\\' && q == '"') {
			t->p++;
			if (t->p >= t->e)
				return false;
			char x = *t->p++;
			int hex = x == 'u' ? 4 : x == 'U' ? 8 : 0;
			if (hex) {
				unsigned long cp = 0;
				for (int i = 0; i < hex; i++, t->p++) {
					if (t->p >= t->e || !hexc(*t->p))
						return false;
					cp = cp * 16 + (unsigned long)(*t->p <= '9'
									       ? *t->p - '0'
									       : (*t->p | 0x20) - 'a' + 10);
				}
				/* a Unicode scalar value: no surrogates, nothing past U+10FFFF */
				if ((cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
					return false;
			} else if (multi && (x == ' ' || x == '\t' || x == '\n' || x == '\r')) {
				/* line-ending backslash: whitespace up to a newline, then any whitespace */
				t->p--;
				bool nl = false;
				while (t->p < t->e &&
				       (*t->p == ' ' || *t->p == '\t' || *t->p == '\n' || *t->p == '\r')) {
					if (*t->p == '\n')
						nl = true;
					t->p++;
				}
				if (!nl)
					return false;
			} else if (!x ||
				   !strchr("btnfr\"\\", x)) { /* TOML 1.0: \e is 1.1's, as tomllib says */
				return false;
			}
			continue;
		}
		if (out)
			buf_addc(out, c);
		t->p++;
	}
}

/* One key part: bare or quoted. Appended to path with a separator. */
static bool key_part(struct tp *t, struct buf *path)
{
	skip_ws(t);
	if (path->len)
		buf_addc(path, '\x1e');
	if (t->p < t->e && (*t->p == '"' || *t->p == '\'')) {
		return string_val(t, path, false);
	}
	const char *s = t->p;
	while (t->p < t->e && is_bare(*t->p))
		t->p++;
	if (t->p == s)
		return false;
	buf_add(path, s, (size_t)(t->p - s));
	return true;
}

/* A dotted key; parts[] gets the offset in path where each part ends. */
static bool dotted_key(struct tp *t, struct buf *path, size_t *ends, size_t *n_ends, size_t max)
{
	*n_ends = 0;
	for (;;) {
		if (!key_part(t, path))
			return false;
		if (*n_ends == max)
			return false;
		ends[(*n_ends)++] = path->len;
		skip_ws(t);
		if (t->p < t->e && *t->p == '.') {
			t->p++;
			continue;
		}
		return true;
	}
}

static bool digits(const char **p, const char *e, bool (*ok)(char))
{
	const char *s = *p;
	if (s >= e || !ok(*s))
		return false;
	s++;
	while (s < e) {
		if (*s == '_' && s + 1 < e && ok(s[1]))
			s += 2;
		else if (ok(*s))
			s++;
		else
			break;
	}
	*p = s;
	return true;
}

static bool dec(char c)
{
	return c >= '0' && c <= '9';
}
static bool oct(char c)
{
	return c >= '0' && c <= '7';
}
static bool bin(char c)
{
	return c == '0' || c == '1';
}
static bool hexd(char c)
{
	return hexc(c);
}

static bool fixed_digits(const char *s, int n)
{
	for (int i = 0; i < n; i++)
		if (!dec(s[i]))
			return false;
	return true;
}

static int num2(const char *s)
{
	return (s[0] - '0') * 10 + (s[1] - '0');
}

/* HH:MM:SS[.frac] at s (TOML 1.0 and tomllib want the seconds; found by fuzz_check_toml, which
 * the transform parser refused); returns the end or NULL. */
static const char *time_part(const char *s, const char *e)
{
	if (e - s < 8 || !fixed_digits(s, 2) || s[2] != ':' || !fixed_digits(s + 3, 2) || num2(s) > 23 ||
	    num2(s + 3) > 59 || s[5] != ':' || !fixed_digits(s + 6, 2) || num2(s + 6) > 60)
		return NULL;
	s += 8;
	if (s < e && *s == '.') {
		s++;
		if (s >= e || !dec(*s))
			return NULL;
		while (s < e && dec(*s))
			s++;
	}
	return s;
}

/* YYYY-MM-DD names a real day. */
static bool real_date(const char *s)
{
	int year = num2(s) * 100 + num2(s + 2), month = num2(s + 5), day = num2(s + 8);
	static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
	if (month < 1 || month > 12 || day < 1)
		return false;
	bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
	return day <= days[month - 1] + (month == 2 && leap);
}

static bool datetime_token(const char *s, const char *e)
{
	if (e - s >= 10 && fixed_digits(s, 4) && s[4] == '-' && fixed_digits(s + 5, 2) && s[7] == '-' &&
	    fixed_digits(s + 8, 2)) {
		if (!real_date(s))
			return false;
		s += 10;
		if (s == e)
			return true;
		if (*s != 'T' && *s != 't' && *s != ' ')
			return false;
		s = time_part(s + 1, e);
		if (!s)
			return false;
		if (s == e)
			return true;
		if ((*s == 'Z' || *s == 'z') && s + 1 == e)
			return true;
		/* an offset is an RFC 3339 time-numoffset: hours 00-23, minutes 00-59 */
		if ((*s == '+' || *s == '-') && e - s == 6 && fixed_digits(s + 1, 2) && s[3] == ':' &&
		    fixed_digits(s + 4, 2))
			return num2(s + 1) <= 23 && num2(s + 4) <= 59;
		return false;
	}
	const char *t = time_part(s, e);
	return t && t == e;
}

static bool number_token(const char *s, const char *e)
{
	const char *p = s;
	if (e - p >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'o' || p[1] == 'b')) {
		bool (*ok)(char) = p[1] == 'x' ? hexd : p[1] == 'o' ? oct : bin;
		p += 2;
		return digits(&p, e, ok) && p == e;
	}
	if (p < e && (*p == '+' || *p == '-'))
		p++;
	if ((e - p == 3) && (!memcmp(p, "inf", 3) || !memcmp(p, "nan", 3)))
		return true;
	const char *ip = p;
	if (!digits(&p, e, dec))
		return false;
	if (*ip == '0' && p - ip > 1)
		return false; /* no leading zeros */
	if (p < e && *p == '.') {
		p++;
		if (!digits(&p, e, dec))
			return false;
	}
	if (p < e && (*p == 'e' || *p == 'E')) {
		p++;
		if (p < e && (*p == '+' || *p == '-'))
			p++;
		if (!digits(&p, e, dec))
			return false;
	}
	return p == e;
}

static bool value(struct tp *t, const char *prefix, int depth);

static bool define_key(struct tp *t, const char *base, struct buf *path, const size_t *ends, size_t n_ends,
		       char type)
{
	struct buf full = BUF_INIT;
	bool ok = true;
	for (size_t i = 0; i < n_ends && ok; i++) {
		buf_truncate(&full, 0);
		buf_adds(&full, base);
		if (full.len)
			buf_addc(&full, '\x1e');
		buf_add(&full, path->data, ends[i]);
		struct kent *k = key_find(t, full.data);
		if (i + 1 < n_ends) {
			/* a dotted key may not reach into a table a [header] defined, nor into a value */
			if (!k)
				key_add(t, full.data, K_DOTTED);
			else if (k->type != K_DOTTED && k->type != K_IMPLICIT)
				ok = false;
		} else {
			if (k)
				ok = false;
			else
				key_add(t, full.data, type);
		}
	}
	if (ok && type == K_INLINE) {
		/* the inline table's own keys are checked under its full path */
		buf_release(path);
		*path = full;
		return true;
	}
	buf_release(&full);
	return ok;
}

/* key = value, the key relative to prefix. */
static bool keyval(struct tp *t, const char *prefix, int depth)
{
	struct buf path = BUF_INIT;
	size_t ends[64], n_ends;
	bool ok = dotted_key(t, &path, ends, &n_ends, 64);
	skip_ws(t);
	if (ok && (t->p >= t->e || *t->p != '='))
		ok = false;
	if (ok) {
		t->p++;
		skip_ws(t);
		bool inline_table = t->p < t->e && *t->p == '{';
		ok = define_key(t, prefix, &path, ends, n_ends, inline_table ? K_INLINE : K_VALUE);
		if (ok)
			ok = value(t, inline_table ? path.data : NULL, depth);
	}
	buf_release(&path);
	return ok;
}

static bool value(struct tp *t, const char *prefix, int depth)
{
	if (depth > 100 || t->p >= t->e)
		return false;
	char c = *t->p;
	if (c == '"' || c == '\'')
		return string_val(t, NULL, true);
	if (c == '[') {
		t->p++;
		for (;;) {
			if (!skip_ws_nl(t))
				return false;
			if (t->p < t->e && *t->p == ']') {
				t->p++;
				return true;
			}
			if (!value(t, NULL, depth + 1))
				return false;
			if (!skip_ws_nl(t) || t->p >= t->e)
				return false;
			if (*t->p == ',') {
				t->p++;
				continue;
			}
			if (*t->p != ']')
				return false;
			t->p++;
			return true;
		}
	}
	if (c == '{') {
		/* an inline table inside an array has no key path: give it one of its own */
		char anon[32];
		if (!prefix) {
			snprintf(anon, sizeof(anon), "\x1f%ld", ++t->anon);
			prefix = anon;
		}
		t->p++;
		skip_ws(t);
		if (t->p < t->e && *t->p == '}') {
			t->p++;
			return true;
		}
		for (;;) {
			if (!keyval(t, prefix, depth + 1))
				return false;
			skip_ws(t);
			if (t->p >= t->e)
				return false;
			if (*t->p == ',') {
				t->p++;
				continue;
			}
			if (*t->p != '}')
				return false;
			t->p++;
			return true;
		}
	}
	if (at(t, "true") && (t->p + 4 == t->e || !is_bare(t->p[4]))) {
		t->p += 4;
		return true;
	}
	if (at(t, "false") && (t->p + 5 == t->e || !is_bare(t->p[5]))) {
		t->p += 5;
		return true;
	}
	const char *s = t->p;
	while (t->p < t->e && (is_bare(*t->p) || *t->p == '+' || *t->p == '.' || *t->p == ':'))
		t->p++;
	/* a date and a time may be joined by one space */
	if (t->p - s == 10 && t->p + 3 < t->e && *t->p == ' ' && dec(t->p[1]) && dec(t->p[2]) &&
	    t->p[3] == ':') {
		t->p++;
		while (t->p < t->e && (is_bare(*t->p) || *t->p == '+' || *t->p == '.' || *t->p == ':'))
			t->p++;
	}
	if (t->p == s)
		return false;
	return number_token(s, t->p) || datetime_token(s, t->p);
}

/* Resolves a header's dotted path, stepping into the last element of arrays of tables. */
static bool header(struct tp *t, bool array)
{
	struct buf path = BUF_INIT, full = BUF_INIT;
	size_t ends[64], n_ends;
	bool ok = dotted_key(t, &path, ends, &n_ends, 64);
	skip_ws(t);
	if (ok)
		ok = array ? at(t, "]]") : at(t, "]");
	if (ok)
		t->p += array ? 2 : 1;
	size_t prev = 0;
	for (size_t i = 0; ok && i < n_ends; i++) {
		if (full.len)
			buf_addc(&full, '\x1e');
		buf_add(&full, buf_str(&path) + prev + (prev ? 1 : 0), ends[i] - prev - (prev ? 1 : 0));
		prev = ends[i];
		struct kent *k = key_find(t, full.data);
		bool last = i + 1 == n_ends;
		if (!last) {
			if (!k)
				key_add(t, full.data, K_IMPLICIT);
			else if (k->type == K_VALUE || k->type == K_INLINE)
				ok = false;
			else if (k->type == K_ARRAY)
				buf_addf(&full, "#%ld", k->count);
			continue;
		}
		if (array) {
			if (!k)
				k = key_add(t, full.data, K_ARRAY);
			else if (k->type != K_ARRAY)
				ok = false;
			if (ok)
				buf_addf(&full, "#%ld", ++k->count);
		} else if (!k) {
			key_add(t, full.data, K_TABLE);
		} else if (k->type == K_IMPLICIT) {
			k->type = K_TABLE;
		} else if (k->type == K_DOTTED) {
			ok = false;
		} else {
			ok = false;
		}
	}
	if (ok) {
		buf_truncate(&t->table, 0);
		buf_add(&t->table, full.data, full.len);
	}
	buf_release(&path);
	buf_release(&full);
	return ok;
}

bool toml_valid(const char *s, size_t n)
{
	struct tp t = {s, s + n, NULL, 0, 0, NULL, 0, BUF_INIT, 0};
	bool ok = utf8_valid(s, n); /* "A TOML file must be a valid UTF-8 encoded Unicode document." */
	t.p += utf8_bom(s, n);
	while (ok && t.p < t.e) {
		skip_ws(&t);
		if (t.p >= t.e)
			break;
		char c = *t.p;
		if (c == '#' || c == '\n' || c == '\r') {
			ok = end_of_line(&t);
			continue;
		}
		if (c == '[') {
			bool array = at(&t, "[[");
			t.p += array ? 2 : 1;
			ok = header(&t, array) && end_of_line(&t);
			continue;
		}
		ok = keyval(&t, t.table.data ? t.table.data : "", 0) && end_of_line(&t);
	}
	for (size_t i = 0; i < t.n_keys; i++)
		free(t.keys[i].path);
	free(t.keys);
	free(t.slot);
	buf_release(&t.table);
	return ok;
}
