/* A strict JSON(C) scanner for the common case, so a plain config file needs neither a
 * tree-sitter parse nor a jansson tree. It reads tokens with the lexer (jsonc.h) and answers only
 * when it is sure, declining otherwise:
 *  - json_fast_valid says "valid" only for bytes jansson accepts as json_valid_jansson reads them
 *    (comments blanked, and in JSONC trailing commas); on anything it does not know for sure — a
 *    big number (json_valid_jansson reads every number as 0), a string jsonc_string_strict will
 *    not vouch for, a bracket it cannot place, a comment left open, depth over 200 — it declines
 *    and json_valid asks jansson, which then also words the complaint;
 *  - json_fast_model builds the model exactly as model_json.c reads it off the tree-sitter tree,
 *    for one value with comments around and inside it and no trailing comma (tree-sitter's error
 *    recovery decides how a trailing comma reads); on anything else it declines and the caller
 *    parses with tree-sitter.
 * Both agreements are tested against the originals on generated and mutated documents
 * (tests/unit/t_scan.c). */
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../utf8.h"
#include "jsonc.h"
#include "model.h"

#define JS_MAX_DEPTH 200

struct js {
	const char *s;
	size_t i, n;
	bool unsure; /* something the scanner will not vouch for */
	bool trailing_ok; /* a comma before a closing bracket is blanked (json_valid's reading) */
	bool model; /* reading for the model: tree-sitter-json's number has no "e+" */
};

/* Past blanks and comments (the lexer's); a comment left open is not sure. */
static void js_ws(struct js *j)
{
	bool open = false;
	j->i = jsonc_blank(j->s, j->i, j->n, &open);
	j->unsure |= open;
}

/* A string at j->i (on its '"'): moves past the closing quote when the lexer vouches for it. */
static void js_string(struct js *j)
{
	size_t e = jsonc_string_strict(j->s, j->i, j->n);
	if (e == j->i)
		j->unsure = true;
	else
		j->i = e;
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* A number at j->i, in JSON's grammar (jsonc_number); sure only when jansson cannot overflow on
 * it (an integer of at most 18 digits, a real of at most 40 characters with an exponent of at
 * most 250) and, reading for the model, tree-sitter-json reads it as one token (no "e+"). */
static void js_number(struct js *j)
{
	const char *s = j->s;
	size_t b = j->i, e = jsonc_number(s, b, j->n), i = b + (s[b] == '-');
	if (e == b) {
		j->unsure = true;
		return;
	}
	while (i < e && is_digit(s[i]))
		i++;
	size_t digits = i - b - (s[b] == '-');
	bool real = i < e;
	while (i < e && s[i] != 'e' && s[i] != 'E')
		i++;
	if (i < e) {
		i++;
		j->unsure |= s[i] == '+' && j->model;
		i += s[i] == '+' || s[i] == '-';
		size_t eb = i;
		int ev = 0;
		while (i < e && i - eb < 4)
			ev = ev * 10 + (s[i++] - '0');
		j->unsure |= ev > 250 || i < e;
	}
	if ((!real && digits > 18) || (real && e - b > 40))
		j->unsure = true;
	j->i = e;
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
			key = model_decode_quoted(j->s + ks, ke - ks, &kl);
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
		t->text = model_decode_quoted(j->s + b, j->i - b, &t->text_len);
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
	if (utf8_bom(src, len))
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
