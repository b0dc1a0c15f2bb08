/* A strict JSON(C) scanner for the common case, so a plain config file needs neither a
 * tree-sitter parse nor a jansson tree. It answers only when it is sure and declines otherwise:
 *  - json_fast_valid says "valid" only for bytes jansson accepts as tf_valid_jansson reads them
 *    (comments blanked, and in JSONC trailing commas); on anything it does not know for sure — a
 *    big number (tf_valid_jansson reads every number as 0), a \u escape that jansson treats
 *    specially, a bracket it cannot place, depth over 200 — it declines and tf_valid asks
 *    jansson, which then also words the complaint;
 *  - json_fast_model builds the model exactly as model.c reads it off the tree-sitter tree, for
 *    one value with comments around and inside it and no trailing comma (tree-sitter's error
 *    recovery decides how a trailing comma reads); on anything else it declines and the caller
 *    parses with tree-sitter.
 * Both agreements are tested against the originals on generated and mutated documents
 * (tests/unit/t_scan.c). */
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "tf_int.h"

#define JS_MAX_DEPTH 200

struct js {
	const char *s;
	size_t i, n;
	bool unsure; /* something the scanner will not vouch for */
	bool trailing_ok; /* a comma before a closing bracket is blanked (tf_valid's reading) */
	bool model; /* reading for the model: tree-sitter-json's number has no "e+" */
};

/* Whitespace as jansson reads it, and comments as tf_valid blanks them. */
static void js_ws(struct js *j)
{
	while (j->i < j->n) {
		char c = j->s[j->i];
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
			j->i++;
		} else if (c == '/' && j->i + 1 < j->n && j->s[j->i + 1] == '/') {
			const char *nl = memchr(j->s + j->i, '\n', j->n - j->i);
			j->i = nl ? (size_t)(nl - j->s) : j->n;
		} else if (c == '/' && j->i + 1 < j->n && j->s[j->i + 1] == '*') {
			const char *e =
				j->i + 2 < j->n ? memmem(j->s + j->i + 2, j->n - j->i - 2, "*/", 2) : NULL;
			if (!e) {
				j->unsure = true;
				return;
			}
			j->i = (size_t)(e - j->s) + 2;
		} else {
			return;
		}
	}
}

/* Length of the well-formed UTF-8 sequence at s (RFC 3629: no overlong form, no surrogate,
 * nothing past U+10FFFF); 0 when it is not one. */
static size_t utf8_seq(const unsigned char *s, size_t n)
{
	unsigned char c = s[0];
	size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
	if (c < 0xC2 || c > 0xF4 || len > n)
		return 0;
	for (size_t k = 1; k < len; k++)
		if ((s[k] & 0xC0) != 0x80)
			return 0;
	if ((c == 0xE0 && s[1] < 0xA0) || (c == 0xED && s[1] > 0x9F) || (c == 0xF0 && s[1] < 0x90) ||
	    (c == 0xF4 && s[1] > 0x8F))
		return 0;
	return len;
}

/* A string at j->i (on its '"'): moves past the closing quote. */
static void js_string(struct js *j)
{
	const unsigned char *s = (const unsigned char *)j->s;
	for (j->i++; j->i < j->n; j->i++) {
		unsigned char c = s[j->i];
		if (c == '"') {
			j->i++;
			return;
		}
		if (c < 0x20) {
			break;
		} else if (c >= 0x80) {
			size_t l = utf8_seq(s + j->i, j->n - j->i);
			if (!l)
				break;
			j->i += l - 1;
		} else if (c == '\\') {
			if (++j->i >= j->n || !strchr("\"\\/bfnrtu", s[j->i]) || !s[j->i])
				break;
			if (s[j->i] != 'u')
				continue;
			int v = 0;
			for (int k = 1; k <= 4; k++) {
				int h = j->i + k < j->n ? tf_hexval(j->s[j->i + k]) : -1;
				if (h < 0) {
					j->unsure = true;
					return;
				}
				v = v * 16 + h;
			}
			if (v == 0 || (v >= 0xD800 && v <= 0xDFFF))
				break; /* NUL and surrogate pairs: jansson's own rules */
			j->i += 4;
		}
	}
	j->unsure = true;
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* A number at j->i, in JSON's grammar; sure only when jansson cannot overflow on it (an integer
 * of at most 18 digits, a real of at most 40 characters with an exponent of at most 250). */
static void js_number(struct js *j)
{
	const char *s = j->s;
	size_t i = j->i, n = j->n, b = i;
	bool real = false;
	if (i < n && s[i] == '-')
		i++;
	if (i < n && s[i] == '0') {
		i++;
	} else if (i < n && s[i] >= '1' && s[i] <= '9') {
		while (i < n && is_digit(s[i]))
			i++;
	} else {
		j->unsure = true;
		return;
	}
	size_t int_end = i;
	if (i < n && s[i] == '.') {
		real = true;
		if (++i >= n || !is_digit(s[i]))
			j->unsure = true;
		while (i < n && is_digit(s[i]))
			i++;
	}
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		real = true;
		if (++i < n && (s[i] == '+' || s[i] == '-'))
			j->unsure |= s[i++] == '+' && j->model;
		size_t eb = i;
		int ev = 0;
		while (i < n && is_digit(s[i]) && i - eb < 4)
			ev = ev * 10 + (s[i++] - '0');
		if (i == eb || ev > 250 || (i < n && is_digit(s[i])))
			j->unsure = true;
	}
	size_t digits = int_end - b - (s[b] == '-');
	if ((!real && digits > 18) || (real && i - b > 40))
		j->unsure = true;
	j->i = i;
}

static bool js_word(struct js *j, const char *w)
{
	size_t l = strlen(w);
	if (j->n - j->i < l || memcmp(j->s + j->i, w, l))
		return false;
	j->i += l;
	return true;
}

/* After a scalar: what follows must end it (jansson reads "1a" or "truex" as an error). */
static void js_delim(struct js *j)
{
	if (j->i < j->n && !strchr(" \t\r\n,]}/", j->s[j->i]))
		j->unsure = true;
}

static void js_value(struct js *j, int depth);

/* Items of the container opened at j->i up to its closing bracket; with a key before each item
 * in an object. */
static void js_items(struct js *j, bool obj, int depth)
{
	char close = obj ? '}' : ']';
	j->i++;
	js_ws(j);
	if (j->i < j->n && j->s[j->i] == close) {
		j->i++;
		return;
	}
	while (!j->unsure) {
		if (obj) {
			if (j->i >= j->n || j->s[j->i] != '"')
				break;
			js_string(j);
			js_ws(j);
			if (j->unsure || j->i >= j->n || j->s[j->i] != ':')
				break;
			j->i++;
			js_ws(j);
		}
		js_value(j, depth + 1);
		js_ws(j);
		if (j->unsure || j->i >= j->n)
			break;
		if (j->s[j->i] == close) {
			j->i++;
			return;
		}
		if (j->s[j->i] != ',')
			break;
		j->i++;
		js_ws(j);
		if (j->trailing_ok && j->i < j->n && j->s[j->i] == close) {
			j->i++;
			return;
		}
	}
	j->unsure = true;
}

static void js_value(struct js *j, int depth)
{
	if (j->unsure || j->i >= j->n || depth > JS_MAX_DEPTH) {
		j->unsure = true;
		return;
	}
	char c = j->s[j->i];
	if (c == '{' || c == '[') {
		js_items(j, c == '{', depth);
		return;
	}
	if (c == '"')
		js_string(j);
	else if (c == '-' || is_digit(c))
		js_number(j);
	else if (!js_word(j, "true") && !js_word(j, "false") && !js_word(j, "null"))
		j->unsure = true;
	js_delim(j);
}

bool json_fast_valid(const char *s, size_t n, bool jsonc)
{
	struct js j = {s, 0, n, false, jsonc, false};
	js_ws(&j);
	js_value(&j, 0);
	js_ws(&j);
	return !j.unsure && j.i == n;
}

/* ---- the model ---- */

static struct tn *jm_value(struct js *j, int depth);

static struct tn *jm_new(enum tn_kind k, size_t start)
{
	struct tn *t = xcalloc(1, sizeof(*t));
	t->kind = k;
	t->start = (uint32_t)start;
	return t;
}

/* The kids of the container at j->i, as json_kids reads them: a pair spans key to value, and
 * its value starts after the key. */
static void jm_items(struct js *j, struct tn *t, int depth)
{
	bool obj = t->kind == TN_MAP;
	char close = obj ? '}' : ']';
	t->style = ST_FLOW;
	t->open = t->start;
	j->i++;
	js_ws(j);
	bool more = j->i < j->n && j->s[j->i] != close;
	while (more && !j->unsure) {
		size_t ks = j->i, ke = j->i;
		char *key = NULL;
		if (obj) {
			if (j->i >= j->n || j->s[j->i] != '"')
				j->unsure = true;
			if (j->unsure)
				break;
			js_string(j);
			ke = j->i;
			js_ws(j);
			if (j->unsure || j->i >= j->n || j->s[j->i] != ':') {
				j->unsure = true;
				break;
			}
			j->i++;
			js_ws(j);
			size_t kl;
			key = tf_decode_quoted(j->s + ks, ke - ks, &kl);
		}
		size_t vs = j->i;
		struct tn *v = jm_value(j, depth + 1);
		if (!v) {
			free(key);
			j->unsure = true;
			break;
		}
		XGROW(t->kids, t->cap, t->n + 1);
		struct te *e = &t->kids[t->n++];
		e->key = key;
		e->start = (uint32_t)(obj ? ks : vs);
		e->end = v->end;
		e->after = (uint32_t)(obj ? ke : vs);
		e->val = v;
		js_ws(j);
		more = j->i < j->n && j->s[j->i] == ',';
		if (more) {
			j->i++;
			js_ws(j);
			if (j->i < j->n && j->s[j->i] == close)
				j->unsure = true; /* a trailing comma: left to tree-sitter (see the top) */
		}
	}
	if (j->unsure || j->i >= j->n || j->s[j->i] != close) {
		j->unsure = true;
		return;
	}
	j->i++;
	t->end = (uint32_t)j->i;
	t->close = t->end - 1;
}

static struct tn *jm_value(struct js *j, int depth)
{
	if (j->unsure || j->i >= j->n || depth > JS_MAX_DEPTH) {
		j->unsure = true;
		return NULL;
	}
	char c = j->s[j->i];
	size_t b = j->i;
	if (c == '{' || c == '[') {
		struct tn *t = jm_new(c == '{' ? TN_MAP : TN_SEQ, b);
		jm_items(j, t, depth);
		return t;
	}
	struct tn *t = jm_new(TN_SCALAR, b);
	if (c == '"') {
		js_string(j);
		t->sc = SC_STRING;
	} else if (c == '-' || is_digit(c)) {
		js_number(j);
		t->sc = SC_NUMBER;
	} else if (js_word(j, "true") || js_word(j, "false")) {
		t->sc = SC_BOOL;
	} else if (js_word(j, "null")) {
		t->sc = SC_NULL;
	} else {
		j->unsure = true;
	}
	js_delim(j);
	t->end = (uint32_t)j->i;
	if (c == '"' && !j->unsure) {
		t->quote = '"';
		t->text = tf_decode_quoted(j->s + b, j->i - b, &t->text_len);
	} else {
		t->text = xstrndup(j->s + b, j->i - b);
		t->text_len = j->i - b;
	}
	return t;
}

bool json_fast_model(const char *src, size_t len, struct tn **root)
{
	struct js j = {src, 0, len, false, false, true};
	*root = NULL;
	if (len >= 3 && !memcmp(src, "\xEF\xBB\xBF", 3))
		return false;
	js_ws(&j);
	struct tn *t = jm_value(&j, 0);
	js_ws(&j);
	if (j.unsure || j.i != len || !t) {
		tn_free(t);
		return false;
	}
	*root = t;
	return true;
}
