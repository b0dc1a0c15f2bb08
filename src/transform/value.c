/* Values typed on the command line and how each format writes them. A number keeps the bytes it
 * was typed with; strings are escaped by rules the unit tests pin (t_transform_value.c). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../format/jsonc.h"
#include "../json.h"
#include "tf_int.h"

struct rd {
	const char *s;
	size_t n, i;
};

static void rd_ws(struct rd *r)
{
	r->i = jsonc_space(r->s, r->i, r->n);
}

static bool rd_number(struct rd *r, struct tv *v)
{
	size_t e = jsonc_number(r->s, r->i, r->n);
	if (e == r->i)
		return false;
	v->k = TV_NUM;
	v->s = xstrndup(r->s + r->i, e - r->i);
	v->len = e - r->i;
	r->i = e;
	return true;
}

static bool rd_value(struct rd *r, struct tv *v, int depth);

static bool rd_container(struct rd *r, struct tv *v, int depth)
{
	bool obj = r->s[r->i] == '{';
	char close = obj ? '}' : ']';
	v->k = obj ? TV_OBJ : TV_ARR;
	r->i++;
	rd_ws(r);
	if (r->i < r->n && r->s[r->i] == close) {
		r->i++;
		return true;
	}
	for (;;) {
		XGROW(v->items, v->cap, v->n + 1);
		if (obj) {
			v->keys = xrealloc(v->keys, v->cap * sizeof(*v->keys));
			struct buf k = BUF_INIT;
			if (r->i >= r->n || r->s[r->i] != '"' || !jsonc_decode(r->s, r->n, &r->i, &k)) {
				buf_release(&k);
				return false;
			}
			v->keys[v->n] = buf_detach(&k);
			rd_ws(r);
			if (r->i >= r->n || r->s[r->i] != ':') {
				free(v->keys[v->n]);
				return false;
			}
			r->i++;
		}
		memset(&v->items[v->n], 0, sizeof(*v->items));
		bool ok = rd_value(r, &v->items[v->n], depth + 1);
		v->n++;
		if (!ok)
			return false;
		rd_ws(r);
		if (r->i < r->n && r->s[r->i] == ',') {
			r->i++;
			rd_ws(r);
			continue;
		}
		if (r->i < r->n && r->s[r->i] == close) {
			r->i++;
			return true;
		}
		return false;
	}
}

static bool rd_value(struct rd *r, struct tv *v, int depth)
{
	rd_ws(r);
	if (r->i >= r->n || depth > 64)
		return false;
	char c = r->s[r->i];
	static const char *const words[] = {"true", "false", "null"};
	for (int k = 0; k < 3; k++) {
		size_t l = strlen(words[k]);
		if (r->n - r->i >= l && !memcmp(r->s + r->i, words[k], l)) {
			v->k = k < 2 ? TV_BOOL : TV_NULL;
			v->s = xstrdup(words[k]);
			v->len = l;
			r->i += l;
			return true;
		}
	}
	if (c == '"') {
		struct buf s = BUF_INIT;
		bool ok = jsonc_decode(r->s, r->n, &r->i, &s);
		v->k = TV_STR;
		v->len = s.len;
		v->s = buf_detach(&s);
		return ok;
	}
	if (c == '{' || c == '[')
		return rd_container(r, v, depth);
	return rd_number(r, v);
}

bool tv_parse(struct tv *v, const char *s, size_t n)
{
	struct rd r = {s, n, 0};
	memset(v, 0, sizeof(*v));
	bool ok = rd_value(&r, v, 0);
	rd_ws(&r);
	if (ok && r.i == n)
		return true;
	tv_release(v);
	return false;
}

void tv_set_string(struct tv *v, const char *s, size_t n)
{
	memset(v, 0, sizeof(*v));
	v->k = TV_STR;
	v->s = xstrndup(s, n);
	v->len = n;
}

void tv_release(struct tv *v)
{
	if (!v)
		return;
	for (size_t i = 0; i < v->n; i++) {
		tv_release(&v->items[i]);
		if (v->keys)
			free(v->keys[i]);
	}
	free(v->items);
	free(v->keys);
	free(v->s);
	memset(v, 0, sizeof(*v));
}

void tv_wrap(struct tv *v, const char *key)
{
	struct tv outer = TV_INIT;
	outer.k = TV_OBJ;
	outer.cap = outer.n = 1;
	outer.items = xmalloc(sizeof(*outer.items));
	outer.keys = xmalloc(sizeof(*outer.keys));
	outer.items[0] = *v;
	outer.keys[0] = xstrdup(key);
	*v = outer;
}

void key_json(struct buf *b, const char *k)
{
	json_cstr(b, k);
}

void tv_json(struct buf *b, const struct tv *v)
{
	switch (v->k) {
	case TV_STR: json_str(b, v->s, v->len); return;
	case TV_ARR:
	case TV_OBJ:
		buf_addc(b, v->k == TV_OBJ ? '{' : '[');
		for (size_t i = 0; i < v->n; i++) {
			if (i)
				buf_adds(b, ", ");
			if (v->k == TV_OBJ) {
				key_json(b, v->keys[i]);
				buf_adds(b, ": ");
			}
			tv_json(b, &v->items[i]);
		}
		buf_addc(b, v->k == TV_OBJ ? '}' : ']');
		return;
	default: buf_add(b, v->s, v->len);
	}
}

static bool all_digits(const char *s, size_t n, const char *extra)
{
	if (!n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!(s[i] >= '0' && s[i] <= '9') && !strchr(extra, s[i]))
			return false;
	return true;
}

static bool word_in(const char *s, size_t n, const char *const *words)
{
	for (; *words; words++)
		if (strlen(*words) == n && !memcmp(s, *words, n))
			return true;
	return false;
}

/* YAML 1.1 (PyYAML, libyaml users) and 1.2 core both: null, booleans, numbers. A date is not
 * in this list: a date-looking value is written plain, as typed (frontmatter dates). */
bool yaml_resolves_non_string(const char *s, size_t n)
{
	static const char *const words[] = {
		"~",    "null", "Null", "NULL",  "true",  "True", "TRUE", "false", "False", "FALSE", "yes",
		"Yes",  "YES",  "no",   "No",    "NO",    "on",   "On",   "ON",    "off",   "Off",   "OFF",
		".inf", ".Inf", ".INF", "-.inf", "+.inf", ".nan", ".NaN", ".NAN",  "=",     "<<",    NULL};
	if (!n || word_in(s, n, words))
		return true;
	const char *p = s;
	size_t m = n;
	if (*p == '-' || *p == '+') {
		p++;
		m--;
	}
	if (!m)
		return false;
	if (m > 2 && p[0] == '0' && strchr("xXoObB", p[1]))
		return true;
	size_t dots = 0, digits = 0, i = 0;
	for (; i < m; i++) {
		char c = p[i];
		if (c >= '0' && c <= '9')
			digits++;
		else if (c == '.')
			dots++;
		else if (c != '_' && c != ':')
			break;
	}
	if (!digits || dots > 1)
		return false;
	if (i == m)
		return true;
	if (p[i] != 'e' && p[i] != 'E')
		return false;
	size_t j = i + 1;
	if (j < m && (p[j] == '+' || p[j] == '-'))
		j++;
	return all_digits(p + j, m - j, "");
}

bool yaml_plain_ok(const char *s, size_t n, bool in_flow)
{
	if (!n || yaml_resolves_non_string(s, n))
		return false;
	unsigned char c0 = (unsigned char)s[0];
	if (strchr("?:,[]{}#&*!|>'\"%@`", c0) || c0 == ' ' || s[n - 1] == ' ' || s[n - 1] == ':')
		return false;
	if (c0 == '-' && (n == 1 || s[1] == ' ' || (n >= 3 && !memcmp(s, "---", 3))))
		return false;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x20 || c == 0x7f)
			return false;
		if (c == ':' && i + 1 < n && s[i + 1] == ' ')
			return false;
		if (c == '#' && s[i - 1] == ' ')
			return false;
		if (in_flow && strchr(",[]{}", c))
			return false;
		if (c >= 0x80 && (c == 0xC2 || c == 0xEF)) {
			/* NEL, BOM and the like: quote rather than reason about them */
			if ((c == 0xC2 && i + 1 < n && (unsigned char)s[i + 1] == 0x85) ||
			    (c == 0xEF && i + 2 < n && (unsigned char)s[i + 1] == 0xBB))
				return false;
		}
	}
	return true;
}

void key_yaml(struct buf *b, const char *k, bool in_flow)
{
	size_t n = strlen(k);
	if (yaml_plain_ok(k, n, in_flow))
		buf_add(b, k, n);
	else
		json_str(b, k, n);
}

void tv_yaml_flow(struct buf *b, const struct tv *v, bool in_flow)
{
	switch (v->k) {
	case TV_STR:
		if (yaml_plain_ok(v->s, v->len, in_flow))
			buf_add(b, v->s, v->len);
		else
			json_str(b, v->s, v->len);
		return;
	case TV_ARR:
	case TV_OBJ:
		buf_addc(b, v->k == TV_OBJ ? '{' : '[');
		for (size_t i = 0; i < v->n; i++) {
			if (i)
				buf_adds(b, ", ");
			if (v->k == TV_OBJ) {
				key_yaml(b, v->keys[i], true);
				buf_adds(b, ": ");
			}
			tv_yaml_flow(b, &v->items[i], true);
		}
		buf_addc(b, v->k == TV_OBJ ? '}' : ']');
		return;
	default: buf_add(b, v->s, v->len);
	}
}

void tv_yaml_block(struct buf *b, const struct tv *v, int indent, int step)
{
	if ((v->k != TV_OBJ && v->k != TV_ARR) || !v->n) {
		buf_addc(b, ' ');
		tv_yaml_flow(b, v, false);
		return;
	}
	for (size_t i = 0; i < v->n; i++) {
		buf_addc(b, '\n');
		buf_add_spaces(b, (size_t)indent);
		if (v->k == TV_OBJ) {
			key_yaml(b, v->keys[i], false);
			buf_addc(b, ':');
		} else {
			buf_addc(b, '-');
		}
		tv_yaml_block(b, &v->items[i], indent + step, step);
	}
}

static bool toml_int_ok(const char *s)
{
	if (strchr(s, '.') || strchr(s, 'e') || strchr(s, 'E'))
		return true;
	errno = 0;
	(void)strtoll(s, NULL, 10);
	return errno != ERANGE;
}

bool tv_toml(struct buf *b, const struct tv *v, char *err, size_t err_size)
{
	switch (v->k) {
	case TV_NULL: snprintf(err, err_size, "TOML has no null"); return false;
	case TV_NUM:
		if (!toml_int_ok(v->s)) {
			snprintf(err, err_size,
				 "%s is out of range for TOML, whose integers are 64-bit signed "
				 "(-9223372036854775808 to 9223372036854775807)",
				 v->s);
			return false;
		}
		buf_add(b, v->s, v->len);
		return true;
	case TV_STR: json_str(b, v->s, v->len); return true;
	case TV_BOOL: buf_add(b, v->s, v->len); return true;
	default: break;
	}
	bool obj = v->k == TV_OBJ;
	buf_adds(b, obj ? (v->n ? "{ " : "{") : "[");
	for (size_t i = 0; i < v->n; i++) {
		if (i)
			buf_adds(b, ", ");
		if (obj) {
			key_toml(b, v->keys[i]);
			buf_adds(b, " = ");
		}
		if (!tv_toml(b, &v->items[i], err, err_size))
			return false;
	}
	buf_adds(b, obj ? (v->n ? " }" : "}") : "]");
	return true;
}
