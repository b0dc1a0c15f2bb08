/* JSON's definitions read off the text by one strict scan, without tree-sitter: its JSON grammar
 * costs ~1,000 instructions a byte, so a key written 5,000 times in a 1 MB file (every pair
 * around it parsed) took 300 ms, where this scan takes a few.
 *
 * It answers only when sure, and declines otherwise (the caller then parses, as before): the
 * text must be one JSON value, comments allowed, that tree-sitter-json reads without an error,
 * its tokens read by the JSON(C) lexer (format/jsonc.h) — strings jsonc_string_strict vouches
 * for, numbers in JSON's grammar without "e+", no trailing comma, nothing after the value — and
 * every key that becomes a definition must hold no escape. On such text the definitions are those the tree walk (ts_rules.c) gives on the way
 * to the occurrences: each pair whose key holds one, and every pair around it, each named by
 * its key's bytes between the quotes, spanning its key through its value, nested in the pair
 * around it. Pairs the walk would add beside them name no occurrence and match nothing.
 * t_symbols_diff holds the two to the same answers. */
#include <string.h>

#include "../alloc.h"
#include "../file.h"
#include "../format/jsonc.h"
#include "defs.h"

/* Deeper than this, the scan declines (tree-sitter's stack would not, but no file needs it). */
#define JSON_MAX_DEPTH 4096

/* An open object or array, and the pair whose value it is (key == SIZE_MAX: none). */
struct json_frame {
	size_t key, key_end; /* the key string, quotes included */
	int def; /* the pair's definition once made, else -1 */
	char close; /* '}' or ']' */
	bool any; /* a member read already */
};

struct json_scan {
	const struct file *f;
	const char *d;
	size_t i, n;
	const size_t *occ;
	size_t n_occ, k; /* occurrences before occ[k] lie behind the scan */
	struct json_frame *st;
	size_t depth, cap;
	struct defs *out;
};

static long line_at(const struct json_scan *s, size_t at)
{
	return (long)file_row_at(s->f, at) + 1;
}

/* Past blanks and comments (the lexer's); false on a comment left open. Most often called where
 * there is nothing to skip, so that is looked at first. */
static inline bool skip_ws(struct json_scan *s)
{
	unsigned char c = (unsigned char)s->d[s->i];
	if (c > ' ' && c != '/') /* every blank is at most a space */
		return true;
	bool open = false;
	s->i = jsonc_blank(s->d, s->i, s->n, &open);
	return !open;
}

/* Past the string opening at s->i when the lexer vouches for it (jsonc_string_strict: on one
 * line, only known escapes, which is also what tree-sitter-json reads cleanly); false otherwise. */
static bool skip_string(struct json_scan *s)
{
	size_t e = jsonc_string_strict(s->d, s->i, s->n);
	if (e == s->i)
		return false;
	s->i = e;
	return true;
}

static bool digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Past a number in JSON's grammar (jsonc_number) without "e+", which tree-sitter-json's number
 * token does not take. */
static bool skip_number(struct json_scan *s)
{
	size_t e = jsonc_number(s->d, s->i, s->n);
	if (e == s->i)
		return false;
	for (size_t k = s->i; k < e; k++)
		if (s->d[k] == '+')
			return false;
	s->i = e;
	return true;
}

static bool skip_word(struct json_scan *s, const char *w)
{
	size_t len = strlen(w);
	if (s->n - s->i < len || memcmp(s->d + s->i, w, len))
		return false;
	s->i += len;
	return true;
}

/* The definition of the pair whose key is [key, key_end), nested in parent, its end to be set;
 * -1 when its key holds an escape (whose name tree-sitter reads in pieces). */
static int add_pair(struct json_scan *s, size_t key, size_t key_end, int parent)
{
	if (memchr(s->d + key, '\\', key_end - key))
		return -1;
	long line = line_at(s, key);
	struct def d = {.name = s->d + key + 1,
			.name_len = key_end - key - 2,
			.start = line,
			.end = line,
			.line = line,
			.parent = parent,
			.kind = K_VALUE};
	return defs_add(s->out, &d);
}

/* Makes the definitions of the pairs around the scan that have none yet, outermost first;
 * returns the innermost one's (-1 at the top level), or -2 when one cannot be made. */
static int open_pairs(struct json_scan *s)
{
	int parent = -1;
	for (size_t j = 0; j < s->depth; j++) {
		struct json_frame *fr = &s->st[j];
		if (fr->key != SIZE_MAX && fr->def < 0 &&
		    (fr->def = add_pair(s, fr->key, fr->key_end, parent)) < 0)
			return -2;
		parent = fr->key != SIZE_MAX ? fr->def : parent;
	}
	return parent;
}

/* The key [key, key_end) holds an occurrence. */
static bool key_hit(struct json_scan *s, size_t key, size_t key_end)
{
	while (s->k < s->n_occ && s->occ[s->k] < key)
		s->k++;
	return s->k < s->n_occ && s->occ[s->k] < key_end;
}

/* Reads the value at s->i (the value of the pair [key, key_end) unless key is SIZE_MAX): opens
 * a frame for a container, else skips the scalar and, when the pair is wanted (*def made),
 * sets its end. False when the text is not what tree-sitter reads cleanly. */
static bool read_value(struct json_scan *s, size_t key, size_t key_end, bool hit)
{
	char c = s->i < s->n ? s->d[s->i] : 0;
	int def = -1;
	if (hit && ((def = open_pairs(s)) == -2 || (def = add_pair(s, key, key_end, def)) < 0))
		return false;
	if (c == '{' || c == '[') {
		if (s->depth == JSON_MAX_DEPTH)
			return false;
		XGROW(s->st, s->cap, s->depth + 1);
		s->st[s->depth++] = (struct json_frame){key, key_end, def, c == '{' ? '}' : ']', false};
		s->i++;
		return true;
	}
	bool ok;
	if (c == '"')
		ok = skip_string(s);
	else if (c == '-' || digit(c))
		ok = skip_number(s);
	else
		ok = skip_word(s, c == 't' ? "true" : c == 'f' ? "false" : "null");
	if (ok && def >= 0)
		s->out->v[def].end = line_at(s, s->i - 1);
	return ok;
}

/* One step inside the innermost frame: a member, a comma, or the closer. */
static bool step(struct json_scan *s)
{
	struct json_frame *fr = &s->st[s->depth - 1];
	char c = s->d[s->i];
	if (c == fr->close) {
		if (fr->def >= 0)
			s->out->v[fr->def].end = line_at(s, s->i);
		s->depth--;
		s->i++;
		return true;
	}
	if (fr->any) {
		if (c != ',')
			return false;
		s->i++;
		if (!skip_ws(s) || s->i >= s->n || s->d[s->i] == fr->close)
			return false; /* a trailing comma is an error to tree-sitter */
	}
	fr->any = true;
	if (fr->close == ']')
		return read_value(s, SIZE_MAX, 0, false);
	size_t key = s->i;
	if (s->d[s->i] != '"' || !skip_string(s))
		return false;
	size_t key_end = s->i;
	if (!skip_ws(s) || s->i >= s->n || s->d[s->i] != ':')
		return false;
	s->i++;
	if (!skip_ws(s) || s->i >= s->n)
		return false;
	return read_value(s, key, key_end, key_hit(s, key, key_end));
}

bool json_collect(const struct file *f, const size_t *occ, size_t n_occ, struct defs *out)
{
	struct json_scan s = {.f = f, .d = f->data, .n = f->size, .occ = occ, .n_occ = n_occ, .out = out};
	size_t from = out->n;
	bool ok = skip_ws(&s) && s.i < s.n && read_value(&s, SIZE_MAX, 0, false);
	while (ok && s.depth)
		ok = skip_ws(&s) && s.i < s.n && step(&s);
	ok = ok && skip_ws(&s) && s.i == s.n;
	free(s.st);
	if (!ok)
		out->n = from;
	return ok;
}
