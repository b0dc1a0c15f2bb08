/* The model of a plain block-style YAML file without tree-sitter: the common config file
 * (docker-compose, a workflow) is indented mappings and sequences of one-line scalars with
 * comments and blank lines between them. yaml_fast_model reads exactly that subset and declines
 * everything else — tabs, CR, a BOM, document markers and directives, anchors, tags and aliases,
 * block and multi-line scalars, escapes in double quotes, flow mappings with pairs and flow
 * sequences other than one line of scalars, compact nested sequences, a plain scalar that could
 * be a number it is not sure of — so the caller parses with tree-sitter instead. Where it
 * answers, its model is the one model.c reads off the tree-sitter tree, field by field, and the
 * file is YAML libyaml accepts (yaml_fast_valid: yaml_valid asks libyaml only when it declines).
 * tests/unit/t_scan.c checks both on generated and mutated documents. */
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../buf.h"
#include "../utf8.h"
#include "model.h"

#define YS_MAX_DEPTH 100

struct ys {
	const char *s;
	size_t n;
	size_t line; /* start of the next significant line (n: none) */
	bool unsure;
	bool build; /* false: only the verdict (no texts, no kids kept) */
};

static size_t eol(const struct ys *y, size_t off)
{
	const char *nl = memchr(y->s + off, '\n', y->n - off);
	return nl ? (size_t)(nl - y->s) : y->n;
}

static int indent_of(const struct ys *y, size_t line)
{
	size_t i = line;
	while (i < y->n && y->s[i] == ' ')
		i++;
	return (int)(i - line);
}

/* From line start off, past blank and comment-only lines: the next line with content. */
static size_t sig_line(struct ys *y, size_t off)
{
	while (off < y->n) {
		size_t e = eol(y, off), i = off;
		while (i < e && y->s[i] == ' ')
			i++;
		if (i < e && y->s[i] != '#') {
			if (i == off && (y->s[i] == '%' || (e - i >= 3 && (!memcmp(y->s + i, "---", 3) ||
									   !memcmp(y->s + i, "...", 3)))))
				y->unsure = true; /* a directive or a document marker */
			return off;
		}
		off = e < y->n ? e + 1 : y->n;
	}
	return y->n;
}

/* After a value ending at off on its line: only spaces and a comment may follow. Moves y->line
 * to the next significant line. */
static void line_rest(struct ys *y, size_t off)
{
	size_t e = eol(y, off), i = off;
	while (i < e && y->s[i] == ' ')
		i++;
	if (i < e && (y->s[i] != '#' || i == off))
		y->unsure = true;
	y->line = sig_line(y, e < y->n ? e + 1 : y->n);
}

/* A ':' at off that ends a key: a space or the line's end after it. */
static bool is_colon(const struct ys *y, size_t off)
{
	return off < y->n && y->s[off] == ':' &&
	       (off + 1 == y->n || y->s[off + 1] == ' ' || y->s[off + 1] == '\n');
}

/* A '-' at off that starts a sequence entry. */
static bool is_dash(const struct ys *y, size_t off)
{
	return off < y->n && y->s[off] == '-' &&
	       (off + 1 == y->n || y->s[off + 1] == ' ' || y->s[off + 1] == '\n');
}

static bool is_word(const char *s, size_t n, const char *const *words)
{
	for (; *words; words++)
		if (strlen(*words) == n && !memcmp(s, *words, n))
			return true;
	return false;
}

static bool all_digits(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return n > 0;
}

/* An integer without a leading zero. */
static bool digits(const char *s, size_t n)
{
	return all_digits(s, n) && (s[0] != '0' || n == 1);
}

/* The core schema's reading of a one-line plain scalar, where the scanner is sure of it. */
static enum sc_type plain_type(struct ys *y, const char *s, size_t n)
{
	static const char *const nulls[] = {"null", "Null", "NULL", "~", NULL};
	static const char *const bools[] = {"true", "True", "TRUE", "false", "False", "FALSE", NULL};
	if (is_word(s, n, nulls))
		return SC_NULL;
	if (is_word(s, n, bools))
		return SC_BOOL;
	const char *dot = memchr(s, '.', n);
	size_t ip = dot ? (size_t)(dot - s) : n;
	bool num = digits(s, ip) && (!dot || (ip + 1 < n && all_digits(dot + 1, n - ip - 1)));
	if (num && n <= 18)
		return SC_NUMBER;
	if (num)
		y->unsure = true;
	if (s[0] == '-' && digits(s + 1, n - 1) && n <= 18)
		return SC_NUMBER;
	/* a leading '.' or '-' before a letter cannot start a number, .inf or .nan */
	size_t lead = (s[0] == '.' || s[0] == '-') && n > 1 && !strchr("iInN", s[1]) ? 1 : 0;
	char c = s[lead];
	if (c >= '0' && c <= '9') {
		/* a digit first: a string when some byte could be in no number, .inf or .nan */
		for (size_t i = 0; i < n; i++)
			if (!strchr("0123456789abcdefABCDEFxXoO.+-_:", s[i]) || !s[i])
				return SC_STRING;
	}
	if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '/' ||
	      (unsigned char)c >= 0x80) &&
	    !(n == 1 && c == '.'))
		y->unsure = true;
	return SC_STRING;
}

/* A one-line scalar at p (plain, or quoted without escapes): its end, or 0 when unsure. A plain
 * one ends before " #" or the line's end, trailing spaces not included; a key's at its ':'; one
 * in a flow sequence (flow) at ',' or ']'. */
static size_t scalar_end(struct ys *y, size_t p, bool key, bool flow)
{
	size_t e = eol(y, p);
	char c = y->s[p];
	if (c == '"' || c == '\'') {
		size_t i = p + 1;
		for (; i < e; i++) {
			if (y->s[i] == '\\' && c == '"')
				break;
			if (y->s[i] == c && c == '\'' && i + 1 < e && y->s[i + 1] == '\'')
				i++;
			else if (y->s[i] == c)
				return i + 1;
		}
		y->unsure = true;
		return 0;
	}
	bool dash_ok = c == '-' && !key && !flow && p + 1 < e && y->s[p + 1] != ' ';
	if ((strchr("-?:,[]{}#&*!|>'\"%@`", c) && !dash_ok) || c == ' ') {
		y->unsure = true;
		return 0;
	}
	size_t i = p, last = p;
	for (; i < e; i++) {
		char k = y->s[i];
		if (k == '#' && y->s[i - 1] == ' ' && !flow)
			break;
		if (flow && (k == ',' || k == ']'))
			return last;
		if (k == ':' && (flow || i + 1 == e || y->s[i + 1] == ' ')) {
			if (key)
				return last;
			y->unsure = true; /* a mapping where a scalar was expected */
			return 0;
		}
		if ((key || flow) && (k == '[' || k == ']' || k == '{' || k == '}' || k == ',' || k == '#')) {
			y->unsure = true;
			return 0;
		}
		if (k != ' ')
			last = i + 1;
	}
	if (key || flow)
		y->unsure = true; /* no ':', or no ']' on the line */
	return last;
}

static struct tn *ys_new(enum tn_kind k, size_t start, size_t end)
{
	struct tn *t = xcalloc(1, sizeof(*t));
	t->kind = k;
	t->start = (uint32_t)start;
	t->end = (uint32_t)end;
	return t;
}

/* The text model.c keeps of a scalar: decoded for quotes, as written when plain. */
static void ys_text(const struct ys *y, struct tn *t, const char *s, size_t n)
{
	if (!y->build)
		return;
	if (s[0] == '"') {
		t->quote = '"';
		t->text = model_decode_quoted(s, n, &t->text_len);
	} else if (s[0] == '\'') {
		struct buf b = BUF_INIT;
		for (size_t i = 1; i + 1 < n; i++) {
			buf_addc(&b, s[i]);
			if (s[i] == '\'' && s[i + 1] == '\'')
				i++;
		}
		t->quote = '\'';
		t->text_len = b.len;
		t->text = buf_detach(&b);
	} else {
		t->text = xstrndup(s, n);
		t->text_len = n;
	}
}

static void ys_add(struct tn *t, char *key, size_t start, size_t after, struct tn *v)
{
	XGROW(t->kids, t->cap, t->n + 1);
	struct te *e = &t->kids[t->n++];
	e->key = key;
	e->start = (uint32_t)start;
	e->end = v->end > after ? v->end : (uint32_t)after;
	e->after = (uint32_t)after;
	e->val = v;
}

static size_t skip_spaces(const struct ys *y, size_t i)
{
	while (i < y->n && y->s[i] == ' ')
		i++;
	return i;
}

/* A one-line scalar at p, and where it ends (flow: inside a flow sequence). */
static struct tn *ys_scalar(struct ys *y, size_t p, bool flow)
{
	size_t e = scalar_end(y, p, false, flow);
	if (y->unsure)
		return NULL;
	char c = y->s[p];
	struct tn *t = ys_new(TN_SCALAR, p, e);
	t->sc = c == '"' || c == '\'' ? SC_STRING : plain_type(y, y->s + p, e - p);
	ys_text(y, t, y->s + p, e - p);
	return t;
}

/* A flow sequence of one-line scalars on one line ([a, "b"]), or an empty {} or [], at p. */
static struct tn *ys_flow(struct ys *y, size_t p)
{
	bool map = y->s[p] == '{';
	struct tn *t = ys_new(map ? TN_MAP : TN_SEQ, p, p);
	t->style = ST_FLOW;
	t->open = t->start;
	size_t i = skip_spaces(y, p + 1);
	bool more = i < y->n && y->s[i] != (map ? '}' : ']');
	if (map && more)
		y->unsure = true; /* a flow mapping with pairs: left to tree-sitter */
	while (more && !y->unsure) {
		struct tn *v = ys_scalar(y, i, true);
		if (!v)
			break;
		size_t ve = v->end;
		if (y->build) {
			ys_add(t, NULL, i, i, v);
			if (t->n == 1)
				t->indent = (int)(i - line_begin(y->s, i));
		} else {
			tn_free(v);
		}
		i = skip_spaces(y, ve);
		more = i < y->n && y->s[i] == ',';
		if (more) {
			i = skip_spaces(y, i + 1);
			if (i >= y->n || y->s[i] == ']')
				y->unsure = true; /* a trailing comma */
		}
	}
	if (!y->unsure && (i >= y->n || y->s[i] != (map ? '}' : ']')))
		y->unsure = true;
	t->end = (uint32_t)i + 1;
	t->close = (uint32_t)i;
	if (!y->unsure)
		line_rest(y, i + 1);
	return t;
}

/* A value on the line at p: a scalar or a flow collection. */
static struct tn *ys_inline(struct ys *y, size_t p)
{
	if (y->s[p] == '{' || y->s[p] == '[') {
		struct tn *t = ys_flow(y, p);
		if (!y->unsure)
			return t;
		tn_free(t);
		return NULL;
	}
	struct tn *t = ys_scalar(y, p, false);
	if (t)
		line_rest(y, t->end);
	return t;
}

static struct tn *ys_block(struct ys *y, size_t p, int col, int depth);

/* What follows "key:" or "-" whose indicator ends at after, for an entry at column col: a value
 * on the line, a block on the lines below, or nothing (a null that starts and ends at after). */
static struct tn *ys_value(struct ys *y, size_t after, int col, bool in_seq, int depth)
{
	size_t e = eol(y, after), q = after;
	while (q < e && y->s[q] == ' ')
		q++;
	if (q < e && y->s[q] != '#') {
		if (q == after)
			y->unsure = true;
		if (in_seq && !y->unsure) {
			/* "- key: value": a mapping whose keys sit at this column */
			size_t k = scalar_end(y, q, true, false);
			bool keyed = !y->unsure;
			y->unsure = false;
			if (keyed && is_colon(y, k))
				return ys_block(y, q, (int)(q - line_begin(y->s, q)), depth);
		}
		return y->unsure ? NULL : ys_inline(y, q);
	}
	y->line = sig_line(y, e < y->n ? e + 1 : y->n);
	int c2 = y->line < y->n ? indent_of(y, y->line) : -1;
	size_t p2 = y->line + (size_t)(c2 < 0 ? 0 : c2);
	if (c2 > col || (!in_seq && c2 == col && is_dash(y, p2)))
		return ys_block(y, p2, c2, depth);
	struct tn *t = ys_new(TN_SCALAR, after, after);
	t->sc = SC_NULL;
	return t;
}

/* The block mapping or sequence whose first entry starts at p, in column col. Later entries are
 * the significant lines indented exactly col; a line indented less ends it. */
static struct tn *ys_block(struct ys *y, size_t p, int col, int depth)
{
	bool seq = is_dash(y, p);
	struct tn *t = ys_new(seq ? TN_SEQ : TN_MAP, p, p);
	t->style = ST_BLOCK;
	t->indent = col;
	if (depth > YS_MAX_DEPTH)
		y->unsure = true;
	while (!y->unsure) {
		size_t after, start = p;
		char *key = NULL;
		if (seq) {
			after = p + 1;
		} else {
			size_t ke = scalar_end(y, p, true, false);
			if (ke - p > 512)
				y->unsure = true; /* libyaml takes a key of at most 1024 characters */
			if (y->unsure)
				break;
			struct tn kt = {0};
			ys_text(y, &kt, y->s + p, ke - p);
			key = kt.text;
			if (!is_colon(y, ke)) {
				free(key);
				y->unsure = true;
				break;
			}
			after = ke + 1;
		}
		struct tn *v = ys_value(y, after, col, seq, depth + 1);
		if (!v) {
			free(key);
			y->unsure = true;
			break;
		}
		t->end = v->end > after ? v->end : (uint32_t)after;
		if (y->build)
			ys_add(t, key, start, after, v);
		else
			tn_free(v);
		if (y->line >= y->n || indent_of(y, y->line) < col)
			break;
		if (indent_of(y, y->line) > col) {
			y->unsure = true;
			break;
		}
		p = y->line + (size_t)col;
		if (is_dash(y, p) != seq) {
			if (!seq)
				y->unsure =
					true; /* a dash under keys: only as a key's value, handled above */
			break;
		}
	}
	/* tree-sitter closes a block where the next line at a lesser indent starts: it holds the
	 * comments before that line (to their line's end, not the line break), and at the end of
	 * the file it runs to the end */
	if (y->line >= y->n)
		t->end = (uint32_t)y->n;
	for (size_t q = t->end; q < y->line;) {
		size_t e = eol(y, q);
		if (memchr(y->s + q, '#', e - q))
			t->end = (uint32_t)e;
		q = e + 1;
	}
	t->close = t->end ? t->end - 1 : 0;
	t->open = t->start;
	return t;
}

/* Bytes the scanner reads: UTF-8 without control characters other than '\n' (C1's U+0080-U+009F
 * too, which YAML does not count printable: libyaml refuses them), without U+FFFE and U+FFFF,
 * without a BOM and without the Unicode line breaks YAML readers may honour (those are left to
 * tree-sitter and libyaml). */
static bool plain_bytes(const char *src, size_t len)
{
	const unsigned char *u = (const unsigned char *)src;
	for (size_t i = 0; i < len; i++) {
		if (u[i] >= 0x80) {
			size_t l = utf8_seq_len(u + i, len - i);
			if (!l || (u[i] == 0xC2 && u[i + 1] <= 0x9F) ||
			    (u[i] == 0xEF && u[i + 1] == 0xBF && u[i + 2] >= 0xBE) ||
			    (u[i] == 0xE2 && u[i + 1] == 0x80 && (u[i + 2] == 0xA8 || u[i + 2] == 0xA9)) ||
			    (u[i] == 0xEF && u[i + 1] == 0xBB && u[i + 2] == 0xBF))
				return false;
			i += l - 1;
		} else if ((u[i] < 0x20 && u[i] != '\n') || u[i] == 0x7F) {
			return false;
		}
	}
	return true;
}

static struct tn *ys_doc(struct ys *y)
{
	if (!plain_bytes(y->s, y->n))
		return NULL;
	y->line = sig_line(y, 0);
	if (y->unsure || y->line >= y->n || indent_of(y, y->line) != 0)
		return NULL;
	struct tn *t = ys_block(y, y->line, 0, 0);
	if (y->unsure || y->line < y->n) {
		tn_free(t);
		return NULL;
	}
	return t;
}

bool yaml_fast_model(const char *src, size_t len, struct tn **root)
{
	struct ys y = {src, len, 0, false, true};
	*root = ys_doc(&y);
	return *root != NULL;
}

bool yaml_fast_valid(const char *src, size_t len)
{
	struct ys y = {src, len, 0, false, false};
	struct tn *t = ys_doc(&y);
	tn_free(t);
	return t != NULL;
}
