/* TOML's document model read off tree-sitter-toml's tree (model_int.h): the tables are put
 * together from [headers], [[arrays]] and dotted keys, each remembering where a new key line goes
 * and the dotted prefix it needs. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../buf.h"
#include "../json.h"
#include "model_int.h"

void key_toml(struct buf *b, const char *k)
{
	size_t n = strlen(k);
	bool bare = n > 0;
	for (size_t i = 0; i < n && bare; i++)
		bare = (k[i] >= 'a' && k[i] <= 'z') || (k[i] >= 'A' && k[i] <= 'Z') ||
		       (k[i] >= '0' && k[i] <= '9') || k[i] == '_' || k[i] == '-';
	if (bare)
		buf_add(b, k, n);
	else
		json_str(b, k, n);
}

static char *toml_key_text(struct mb *m, TSNode k)
{
	const char *s = m->src + ts_node_start_byte(k);
	size_t n = ts_node_end_byte(k) - ts_node_start_byte(k), l;
	if (model_is(k, "quoted_key") && n >= 2 && s[0] == '\'')
		return xstrndup(s + 1, n - 2);
	if (model_is(k, "quoted_key"))
		return model_decode_quoted(s, n, &l);
	return xstrndup(s, n);
}

/* The keys of a bare, quoted or dotted key, in order. */
static size_t toml_keys(struct mb *m, TSNode k, char **out, size_t cap)
{
	if (!model_is(k, "dotted_key")) {
		if (cap)
			out[0] = toml_key_text(m, k);
		return 1;
	}
	size_t n = 0;
	for (uint32_t i = 0; i < ts_node_named_child_count(k); i++) {
		size_t got = toml_keys(m, ts_node_named_child(k, i), out + n, cap > n ? cap - n : 0);
		n += got;
	}
	return n;
}

static struct te *find_kid(struct tn *t, const char *key)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->kids[i].key && !strcmp(t->kids[i].key, key))
			return &t->kids[i];
	return NULL;
}

static struct tn *toml_map(enum tn_style st)
{
	struct tn *t = xcalloc(1, sizeof(*t));
	t->kind = TN_MAP;
	t->style = st;
	t->prefix = xstrdup("");
	return t;
}

/* Descends from t by key, making an implicit table when it is missing; an array of tables
 * stands for its last element. */
static struct tn *toml_child(struct mb *m, struct tn *t, const char *key, enum tn_style make, struct tn *sect)
{
	struct te *e = find_kid(t, key);
	if (!e) {
		struct tn *c = toml_map(make);
		c->sect = sect;
		if (make == ST_TOML_DOTTED) {
			struct buf p = BUF_INIT;
			buf_adds(&p, t->style == ST_TOML_DOTTED ? t->prefix : "");
			key_toml(&p, key);
			buf_addc(&p, '.');
			free(c->prefix);
			c->prefix = buf_detach(&p);
		}
		e = model_add(t, xstrdup(key), 0, 0, c);
	}
	struct tn *c = e->val;
	if (c->kind == TN_SEQ && c->style == ST_TOML_AOT && c->n)
		c = c->kids[c->n - 1].val;
	if (c->kind != TN_MAP) {
		m->bad = true;
		return NULL;
	}
	return c;
}

static struct tn *toml_value(struct mb *m, TSNode n, int depth)
{
	const char *ty = ts_node_type(n);
	bool map = !strcmp(ty, "inline_table"), seq = !strcmp(ty, "array");
	struct tn *t = model_new(map ? TN_MAP : seq ? TN_SEQ : TN_SCALAR, n);
	if (map || seq) {
		t->style = ST_FLOW;
		t->open = t->start;
		t->close = t->end - 1;
		TSNode *kid;
		size_t c = model_kids(n, true, &kid);
		for (size_t i = 0; i < c; i++) {
			TSNode k = kid[i];
			if (model_is(k, "comment"))
				continue;
			if (!map) {
				model_add(t, NULL, ts_node_start_byte(k), ts_node_end_byte(k),
					  toml_value(m, k, depth + 1));
				continue;
			}
			TSNode key = ts_node_named_child(k, 0), val = ts_node_named_child(k, 1);
			/* a dotted key inside an inline table: not modelled; no key or value: an error
			 * node (`{,}`), read only under --no-check */
			if (ts_node_is_null(key) || ts_node_is_null(val) || model_is(key, "dotted_key"))
				m->bad = true;
			if (ts_node_is_null(key) || ts_node_is_null(val))
				continue;
			model_add(t, toml_key_text(m, key), ts_node_start_byte(k), ts_node_end_byte(k),
				  toml_value(m, val, depth + 1))
				->after = ts_node_end_byte(key);
		}
		free(kid);
		return t;
	}
	const char *s = m->src + t->start;
	size_t len = t->end - t->start;
	if (!strcmp(ty, "string")) {
		t->sc = SC_STRING;
		bool multi = len >= 6 && (!memcmp(s, "\"\"\"", 3) || !memcmp(s, "'''", 3));
		model_scalar(t, m->src, n, multi ? '|' : s[0]);
	} else {
		t->sc = !strcmp(ty, "integer") || !strcmp(ty, "float") ? SC_NUMBER
			: !strcmp(ty, "boolean")                       ? SC_BOOL
								       : SC_OTHER;
		model_scalar(t, m->src, n, 0);
	}
	if (depth > 200)
		m->bad = true;
	return t;
}

static void toml_pair(struct mb *m, struct tn *sect, TSNode p)
{
	TSNode key = ts_node_named_child(p, 0), val = ts_node_named_child(p, 1);
	if (ts_node_is_null(val)) {
		m->bad = true;
		return;
	}
	char *keys[32];
	size_t nk = toml_keys(m, key, keys, 32);
	struct tn *t = sect;
	for (size_t i = 0; i + 1 < nk && i < 32 && t; i++)
		t = toml_child(m, t, keys[i], ST_TOML_DOTTED, sect);
	if (t && nk <= 32) {
		uint32_t eq = ts_node_end_byte(key);
		struct te *e = model_add(t, xstrdup(keys[nk - 1]), ts_node_start_byte(p), ts_node_end_byte(p),
					 toml_value(m, val, 0));
		e->after = eq;
	} else {
		m->bad = true;
	}
	for (size_t i = 0; i < nk && i < 32; i++)
		free(keys[i]);
	sect->ins = (uint32_t)line_after(m->src, m->len, ts_node_end_byte(p));
}

/* A [table] or [[array]] header: walks to (or makes) the table it names. */
static struct tn *toml_section(struct mb *m, struct tn *root, TSNode sec, bool aot)
{
	TSNode key = ts_node_named_child(sec, 0);
	char *keys[32];
	size_t nk = toml_keys(m, key, keys, 32);
	struct tn *t = root, *made = NULL;
	struct buf path = BUF_INIT;
	for (size_t i = 0; i + 1 < nk && i < 32 && t; i++) {
		t = toml_child(m, t, keys[i], ST_TOML_IMPLICIT, NULL);
		if (i)
			buf_addc(&path, '.');
		key_toml(&path, keys[i]);
		if (t && t->style == ST_TOML_IMPLICIT && !t->header)
			t->header = xstrdup(path.data);
	}
	buf_release(&path);
	if (t && nk <= 32) {
		struct te *e = find_kid(t, keys[nk - 1]);
		uint32_t s = ts_node_start_byte(sec), end = ts_node_end_byte(sec);
		made = toml_map(ST_TOML_TABLE);
		if (aot) {
			if (!e) {
				struct tn *seq = xcalloc(1, sizeof(*seq));
				seq->kind = TN_SEQ;
				seq->style = ST_TOML_AOT;
				seq->start = s;
				e = model_add(t, xstrdup(keys[nk - 1]), s, end, seq);
			}
			if (e->val->kind != TN_SEQ || e->val->style != ST_TOML_AOT) {
				m->bad = true;
				tn_free(made);
				made = NULL;
			} else {
				struct tn *seq = e->val;
				seq->end = end;
				e->end = end;
				free(seq->header);
				seq->header = xstrndup(m->src + ts_node_start_byte(key),
						       ts_node_end_byte(key) - ts_node_start_byte(key));
				model_add(seq, NULL, s, end, made)->after = s;
			}
		} else if (e && e->val->kind == TN_MAP && e->val->style == ST_TOML_IMPLICIT) {
			tn_free(made);
			made = e->val;
			made->style = ST_TOML_TABLE;
			e->start = s;
			e->end = end;
		} else if (e) {
			m->bad = true;
			tn_free(made);
			made = NULL;
		} else {
			model_add(t, xstrdup(keys[nk - 1]), s, end, made);
		}
		if (made) {
			made->start = s;
			made->end = end;
			made->ins = (uint32_t)line_after(m->src, m->len, ts_node_end_byte(key));
		}
	} else {
		m->bad = true;
	}
	for (size_t i = 0; i < nk && i < 32; i++)
		free(keys[i]);
	return made;
}

struct tn *model_toml_root(struct mb *m, TSNode root)
{
	struct tn *r = toml_map(ST_TOML_ROOT);
	r->end = (uint32_t)m->len;
	r->ins = UINT32_MAX;
	bool pairs = false;
	TSNode *kid, *sub;
	size_t c = model_kids(root, true, &kid);
	for (size_t i = 0; i < c; i++) {
		TSNode k = kid[i];
		if (model_is(k, "pair")) {
			toml_pair(m, r, k);
			pairs = true;
		} else if (model_is(k, "table") || model_is(k, "table_array_element")) {
			if (!pairs && r->ins == UINT32_MAX)
				r->ins = (uint32_t)line_begin(m->src, ts_node_start_byte(k));
			pairs = true;
			struct tn *t = toml_section(m, r, k, model_is(k, "table_array_element"));
			size_t ns = model_kids(k, true, &sub);
			for (size_t j = 0; t && j < ns; j++)
				if (model_is(sub[j], "pair"))
					toml_pair(m, t, sub[j]);
			free(sub);
		} else if (model_is(k, "ERROR")) {
			m->bad = true;
		}
	}
	free(kid);
	if (r->ins == UINT32_MAX)
		r->ins = (uint32_t)m->len;
	return r;
}
