/* JSON's definitions read off the text by one strict scan, without tree-sitter: its JSON grammar
 * costs ~1,000 instructions a byte, so a key written 5,000 times in a 1 MB file (every pair
 * around it parsed) took 300 ms, where this scan takes a few.
 *
 * It answers only when sure, and declines otherwise (the caller then parses, as before): the
 * text must be one JSON value, comments allowed, that tree-sitter-json reads without an error —
 * strings on one line whose escapes it knows, numbers as its token reads them, no trailing
 * comma, nothing after the value — and every key that becomes a definition must hold no
 * escape. On such text the definitions are those the tree walk (ts_rules.c) gives on the way
 * to the occurrences: each pair whose key holds one, and every pair around it, each named by
 * its key's bytes between the quotes, spanning its key through its value, nested in the pair
 * around it. Pairs the walk would add beside them name no occurrence and match nothing.
 * t_symbols_diff holds the two to the same answers. */
#include <string.h>

#include "../alloc.h"
#include "../file.h"
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

/* Byte classes for the scan's inner loops. The file's bytes end in a NUL (file.h), which is in
 * no class, so those loops need no bounds check. */
enum { C_WS = 1, C_STOP = 2 }; /* blank; ends a run of string content */
static const unsigned char cls[256] = {
	[' '] = C_WS,   ['\t'] = C_WS,   ['\r'] = C_WS, ['\n'] = C_WS | C_STOP,
	['"'] = C_STOP, ['\\'] = C_STOP, [0] = C_STOP,
};

/* Past blanks and comments; false on a comment left open. */
static bool skip_blanks(struct json_scan *s)
{
	const char *d = s->d;
	size_t i = s->i;
	for (;;) {
		while (cls[(unsigned char)d[i]] & C_WS)
			i++;
		if (d[i] != '/' || (d[i + 1] != '/' && d[i + 1] != '*'))
			break;
		const char *e = d[i + 1] == '/' ? memchr(d + i, '\n', s->n - i)
						: memmem(d + i + 2, s->n - i - 2, "*/", 2);
		if (!e && d[i + 1] == '*')
			return false;
		i = !e ? s->n : d[i + 1] == '/' ? (size_t)(e - d) : (size_t)(e - d) + 2;
	}
	s->i = i;
	return true;
}

/* skip_blanks, most often called where there is nothing to skip. */
static inline bool skip_ws(struct json_scan *s)
{
	char c = s->d[s->i];
	return !((cls[(unsigned char)c] & C_WS) || c == '/') || skip_blanks(s);
}

/* Past the string opening at s->i; false on a newline, an escape tree-sitter-json does not know
 * (or a NUL: the end of the bytes) before the closing quote. */
static bool skip_string(struct json_scan *s)
{
	const char *d = s->d;
	size_t i = s->i + 1;
	for (;;) {
		while (!(cls[(unsigned char)d[i]] & C_STOP))
			i++;
		if (d[i] == '"') {
			s->i = i + 1;
			return true;
		}
		if (d[i] != '\\' || !d[i + 1] || !strchr("\"\\/bfnrtu", d[i + 1]))
			return false;
		i += 2;
	}
}

static bool digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Past a number as tree-sitter-json's token reads it (-?(0|[1-9]\d*)(\.\d*)?([eE]-?\d+)?). */
static bool skip_number(struct json_scan *s)
{
	size_t i = s->i;
	if (i < s->n && s->d[i] == '-')
		i++;
	if (i >= s->n || !digit(s->d[i]))
		return false;
	if (s->d[i] == '0')
		i++;
	else
		while (i < s->n && digit(s->d[i]))
			i++;
	if (i < s->n && s->d[i] == '.')
		for (i++; i < s->n && digit(s->d[i]);)
			i++;
	if (i < s->n && (s->d[i] == 'e' || s->d[i] == 'E')) {
		i++;
		if (i < s->n && s->d[i] == '-')
			i++;
		if (i >= s->n || !digit(s->d[i]))
			return false;
		while (i < s->n && digit(s->d[i]))
			i++;
	}
	s->i = i;
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
