/* The document model read off a tree-sitter tree: every map, sequence and scalar with the byte
 * spans an operation splices. JSON and YAML nest as their syntax does; TOML's tables are put
 * together from [headers], [[arrays]] and dotted keys, each remembering where a new key line
 * goes. A tree with an ERROR node other than a JSONC trailing comma is not modelled.
 * The common plain JSON or block YAML file is read to the same model without a tree, by the
 * scanners in jsonscan.c and yamlscan.c, which decline anything they are not sure of: a
 * tree-sitter parse of a whole file costs several times the rest of a transform. */
#include <stdlib.h>
#include <string.h>
#include <tree_sitter/api.h>

#include "../alloc.h"
#include "tf_int.h"

const TSLanguage *tree_sitter_json(void);
const TSLanguage *tree_sitter_yaml(void);
const TSLanguage *tree_sitter_toml(void);

struct mb {
	const char *src;
	size_t len;
	bool bad;
	bool lenient; /* reading for meaning only: model what transform does not edit in place */
};

static bool is(TSNode n, const char *type)
{
	return !strcmp(ts_node_type(n), type);
}

static struct tn *tn_new(enum tn_kind k, TSNode n)
{
	struct tn *t = xcalloc(1, sizeof(*t));
	t->kind = k;
	t->start = ts_node_start_byte(n);
	t->end = ts_node_end_byte(n);
	return t;
}

void tn_free(struct tn *n)
{
	if (!n)
		return;
	for (size_t i = 0; i < n->n; i++) {
		free(n->kids[i].key);
		tn_free(n->kids[i].val);
	}
	free(n->kids);
	free(n->text);
	free(n->prefix);
	free(n->header);
	free(n);
}

static struct te *tn_add(struct tn *p, char *key, uint32_t start, uint32_t end, struct tn *val)
{
	XGROW(p->kids, p->cap, p->n + 1);
	struct te *e = &p->kids[p->n++];
	e->key = key;
	e->start = start;
	e->end = end;
	e->after = start;
	e->val = val;
	return e;
}

/* A double-quoted string's content, decoded as JSON decodes it; the raw bytes if it will not. */
char *tf_decode_quoted(const char *s, size_t n, size_t *out_len)
{
	struct tv v;
	if (n >= 2 && s[0] == '"' && s[n - 1] == '"' && !memchr(s + 1, '\\', n - 2) &&
	    !memchr(s + 1, '"', n - 2)) {
		/* nothing to decode: both ways below give the bytes between the quotes */
		*out_len = n - 2;
		return xstrndup(s + 1, n - 2);
	}
	if (n >= 2 && s[0] == '"' && tv_parse(&v, s, n) && v.k == TV_STR) {
		*out_len = v.len;
		char *r = v.s;
		v.s = NULL;
		tv_release(&v);
		return r;
	}
	if (n >= 2 && (s[0] == '"' || s[0] == '\'')) {
		s++;
		n -= 2;
	}
	*out_len = n;
	return xstrndup(s, n);
}

static void scalar_text(struct tn *t, const char *src, TSNode n, char quote)
{
	const char *s = src + ts_node_start_byte(n);
	size_t len = ts_node_end_byte(n) - ts_node_start_byte(n);
	t->quote = quote;
	if (quote == '"') {
		t->text = tf_decode_quoted(s, len, &t->text_len);
	} else if (quote == '\'') {
		struct buf b = BUF_INIT;
		for (size_t i = 1; i + 1 < len; i++) {
			buf_addc(&b, s[i]);
			if (s[i] == '\'' && s[i + 1] == '\'')
				i++;
		}
		t->text_len = b.len;
		t->text = buf_detach(&b);
	} else {
		t->text = xstrndup(s, len);
		t->text_len = len;
	}
}

/* The children of n (named ones only when named), read with a cursor: indexing a node's
 * children one by one costs a walk from the first each time, quadratic on a long object. */
static size_t kids_of(TSNode n, bool named, TSNode **out)
{
	size_t cnt = 0, cap = 0;
	*out = NULL;
	TSTreeCursor c = ts_tree_cursor_new(n);
	for (bool ok = ts_tree_cursor_goto_first_child(&c); ok; ok = ts_tree_cursor_goto_next_sibling(&c)) {
		TSNode k = ts_tree_cursor_current_node(&c);
		if (named && !ts_node_is_named(k))
			continue;
		XGROW(*out, cap, cnt + 1);
		(*out)[cnt++] = k;
	}
	ts_tree_cursor_delete(&c);
	return cnt;
}

/* ---- JSON ---- */

static struct tn *json_node(struct mb *m, TSNode n, int depth);

static void json_kids(struct mb *m, struct tn *t, TSNode n, int depth)
{
	TSNode *kid;
	size_t c = kids_of(n, true, &kid);
	t->style = ST_FLOW;
	t->open = t->start;
	t->close = t->end - 1;
	for (size_t i = 0; i < c; i++) {
		TSNode k = kid[i];
		if (!ts_node_is_named(k) || is(k, "comment") || ts_node_is_missing(k))
			continue; /* a MISSING value is how tree-sitter reads a trailing comma, too */
		if (is(k, "ERROR")) {
			/* only a trailing comma is JSONC; anything else is not modelled */
			if (ts_node_end_byte(k) - ts_node_start_byte(k) != 1 ||
			    m->src[ts_node_start_byte(k)] != ',')
				m->bad = true;
			continue;
		}
		if (t->kind == TN_MAP) {
			TSNode key = ts_node_child_by_field_name(k, "key", 3);
			TSNode val = ts_node_child_by_field_name(k, "value", 5);
			if (ts_node_is_null(key) || ts_node_is_null(val)) {
				m->bad = true;
				continue;
			}
			size_t kl;
			char *ks = tf_decode_quoted(m->src + ts_node_start_byte(key),
						    ts_node_end_byte(key) - ts_node_start_byte(key), &kl);
			tn_add(t, ks, ts_node_start_byte(k), ts_node_end_byte(k),
			       json_node(m, val, depth + 1))
				->after = ts_node_end_byte(key);
		} else {
			tn_add(t, NULL, ts_node_start_byte(k), ts_node_end_byte(k),
			       json_node(m, k, depth + 1));
		}
	}
	free(kid);
}

static struct tn *json_node(struct mb *m, TSNode n, int depth)
{
	if (depth > 200) {
		m->bad = true;
		return tn_new(TN_SCALAR, n);
	}
	if (is(n, "object") || is(n, "array")) {
		struct tn *t = tn_new(is(n, "object") ? TN_MAP : TN_SEQ, n);
		json_kids(m, t, n, depth);
		return t;
	}
	struct tn *t = tn_new(TN_SCALAR, n);
	if (is(n, "string")) {
		t->sc = SC_STRING;
		scalar_text(t, m->src, n, '"');
	} else {
		t->sc = is(n, "number")                     ? SC_NUMBER
			: is(n, "null")                     ? SC_NULL
			: (is(n, "true") || is(n, "false")) ? SC_BOOL
							    : SC_OTHER;
		scalar_text(t, m->src, n, 0);
	}
	if (is(n, "ERROR"))
		m->bad = true;
	return t;
}

/* ---- YAML ---- */

static struct tn *yaml_node(struct mb *m, TSNode n, int depth);

static int column(const char *src, size_t off)
{
	return (int)(off - line_begin(src, off));
}

static void yaml_pairs(struct mb *m, struct tn *t, TSNode n, int depth)
{
	TSNode *kid;
	size_t c = kids_of(n, true, &kid);
	for (size_t i = 0; i < c; i++) {
		TSNode k = kid[i];
		if (is(k, "comment"))
			continue;
		if (is(k, "ERROR")) {
			m->bad = true;
			continue;
		}
		bool pair = is(k, "block_mapping_pair") || is(k, "flow_pair");
		if (t->kind == TN_MAP && !pair && !is(k, "flow_node")) {
			m->bad = true;
			continue;
		}
		TSNode key = pair ? ts_node_child_by_field_name(k, "key", 3) : k;
		TSNode val = pair ? ts_node_child_by_field_name(k, "value", 5) : k;
		char *ks = NULL, *single = NULL;
		if (t->kind == TN_MAP || (pair && m->lenient)) {
			struct tn *kt = ts_node_is_null(key) ? NULL : yaml_node(m, key, depth + 1);
			ks = kt && kt->text ? xstrndup(kt->text, kt->text_len) : xstrdup("");
			tn_free(kt);
			if (t->kind != TN_MAP)
				single = ks, ks = NULL;
		} else if (pair) {
			m->bad = true; /* a single-pair mapping inside a flow sequence */
		}
		uint32_t after = ts_node_start_byte(k);
		for (uint32_t j = 0; j < ts_node_child_count(k); j++) {
			TSNode tok = ts_node_child(k, j);
			if (!ts_node_is_named(tok) && (is(tok, ":") || is(tok, "-")))
				after = ts_node_end_byte(tok);
		}
		struct tn *v;
		if (is(k, "block_sequence_item")) {
			val = ts_node_named_child(k, 0);
			while (!ts_node_is_null(val) && is(val, "comment"))
				val = ts_node_next_named_sibling(val);
		}
		if (ts_node_is_null(val) || (t->kind == TN_MAP && !pair)) {
			v = xcalloc(1, sizeof(*v));
			v->kind = TN_SCALAR;
			v->sc = SC_NULL;
			v->start = v->end = after;
		} else {
			v = yaml_node(m, val, depth + 1);
		}
		if (single) {
			/* [a, b: 1] holds the map {b: 1} */
			struct tn *one = tn_new(TN_MAP, k);
			one->style = ST_FLOW;
			tn_add(one, single, ts_node_start_byte(k), ts_node_end_byte(k), v)->after = after;
			v = one;
		}
		struct te *e = tn_add(t, ks, ts_node_start_byte(k), ts_node_end_byte(k), v);
		e->after = after;
		if (t->n == 1)
			t->indent = column(m->src, e->start);
	}
	free(kid);
}

static void yaml_scalar(struct mb *m, struct tn *t, TSNode n)
{
	if (is(n, "plain_scalar")) {
		TSNode in = ts_node_named_child(n, 0);
		const char *ty = ts_node_is_null(in) ? "" : ts_node_type(in);
		t->sc = !strcmp(ty, "string_scalar")                                   ? SC_STRING
			: !strcmp(ty, "integer_scalar") || !strcmp(ty, "float_scalar") ? SC_NUMBER
			: !strcmp(ty, "boolean_scalar")                                ? SC_BOOL
			: !strcmp(ty, "null_scalar")                                   ? SC_NULL
										       : SC_OTHER;
		scalar_text(t, m->src, n, 0);
		if (memchr(t->text, '\n', t->text_len))
			t->quote = '|';
	} else if (is(n, "double_quote_scalar") || is(n, "single_quote_scalar")) {
		t->sc = SC_STRING;
		scalar_text(t, m->src, n, is(n, "double_quote_scalar") ? '"' : '\'');
	} else if (is(n, "block_scalar")) {
		t->sc = SC_STRING;
		scalar_text(t, m->src, n, '|');
	} else if (is(n, "alias")) {
		t->alias = true;
		t->sc = SC_OTHER;
	} else {
		m->bad = true;
	}
}

static struct tn *yaml_node(struct mb *m, TSNode n, int depth)
{
	bool tagged = false;
	TSNode inner = n;
	if (is(n, "flow_node") || is(n, "block_node")) {
		uint32_t c = ts_node_named_child_count(n);
		TSNode last = n;
		for (uint32_t i = 0; i < c; i++) {
			TSNode k = ts_node_named_child(n, i);
			if (is(k, "tag"))
				tagged = true;
			else if (!is(k, "anchor") && !is(k, "comment"))
				last = k;
		}
		inner = last;
	}
	bool map = is(inner, "block_mapping") || is(inner, "flow_mapping");
	bool seq = is(inner, "block_sequence") || is(inner, "flow_sequence");
	struct tn *t = tn_new(map ? TN_MAP : seq ? TN_SEQ : TN_SCALAR, inner);
	t->tagged = tagged;
	if (depth > 200 || (ts_node_eq(inner, n) && (is(n, "flow_node") || is(n, "block_node")))) {
		m->bad = true;
		return t;
	}
	if (map || seq) {
		t->style = is(inner, "flow_mapping") || is(inner, "flow_sequence") ? ST_FLOW : ST_BLOCK;
		t->open = t->start;
		t->close = t->end - 1;
		yaml_pairs(m, t, inner, depth);
	} else {
		yaml_scalar(m, t, inner);
	}
	return t;
}

/* A document's value: its block or flow node, or NULL when it has none. */
static struct tn *yaml_doc(struct mb *m, TSNode docn)
{
	for (uint32_t i = 0; i < ts_node_named_child_count(docn); i++) {
		TSNode k = ts_node_named_child(docn, i);
		if (is(k, "block_node") || is(k, "flow_node"))
			return yaml_node(m, k, 0);
		if (is(k, "ERROR"))
			m->bad = true;
	}
	return NULL;
}

/* One document is the root; several are the elements of an ST_YAML_DOCS sequence, an empty one
 * a null. */
static struct tn *yaml_root(struct mb *m, TSNode root)
{
	TSNode *kid;
	size_t c = kids_of(root, true, &kid), docs = 0;
	struct tn *seq = NULL, *one = NULL;
	TSNode first = {0};
	for (size_t i = 0; i < c; i++) {
		TSNode k = kid[i];
		if (is(k, "ERROR"))
			m->bad = true;
		if (!is(k, "document"))
			continue;
		struct tn *v = yaml_doc(m, k);
		if (!docs++) {
			one = v;
			first = k;
			continue;
		}
		if (!seq) {
			seq = tn_new(TN_SEQ, root);
			seq->style = ST_YAML_DOCS;
			tn_add(seq, NULL, ts_node_start_byte(first), ts_node_end_byte(first), NULL);
		}
		tn_add(seq, NULL, ts_node_start_byte(k), ts_node_end_byte(k), v);
	}
	free(kid);
	if (!seq)
		return one;
	seq->kids[0].val = one;
	for (size_t i = 0; i < seq->n; i++) {
		struct te *e = &seq->kids[i];
		if (!e->val) {
			e->val = xcalloc(1, sizeof(*e->val));
			e->val->kind = TN_SCALAR;
			e->val->sc = SC_NULL;
			e->val->start = e->val->end = e->start;
		}
	}
	return seq;
}

/* ---- TOML ---- */

static char *toml_key_text(struct mb *m, TSNode k)
{
	const char *s = m->src + ts_node_start_byte(k);
	size_t n = ts_node_end_byte(k) - ts_node_start_byte(k), l;
	if (is(k, "quoted_key") && n >= 2 && s[0] == '\'')
		return xstrndup(s + 1, n - 2);
	if (is(k, "quoted_key"))
		return tf_decode_quoted(s, n, &l);
	return xstrndup(s, n);
}

/* The keys of a bare, quoted or dotted key, in order. */
static size_t toml_keys(struct mb *m, TSNode k, char **out, size_t cap)
{
	if (!is(k, "dotted_key")) {
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
		e = tn_add(t, xstrdup(key), 0, 0, c);
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
	struct tn *t = tn_new(map ? TN_MAP : seq ? TN_SEQ : TN_SCALAR, n);
	if (map || seq) {
		t->style = ST_FLOW;
		t->open = t->start;
		t->close = t->end - 1;
		TSNode *kid;
		size_t c = kids_of(n, true, &kid);
		for (size_t i = 0; i < c; i++) {
			TSNode k = kid[i];
			if (is(k, "comment"))
				continue;
			if (!map) {
				tn_add(t, NULL, ts_node_start_byte(k), ts_node_end_byte(k),
				       toml_value(m, k, depth + 1));
				continue;
			}
			TSNode key = ts_node_named_child(k, 0), val = ts_node_named_child(k, 1);
			/* a dotted key inside an inline table: not modelled; no key or value: an error
			 * node (`{,}`), read only under --no-check */
			if (ts_node_is_null(key) || ts_node_is_null(val) || is(key, "dotted_key"))
				m->bad = true;
			if (ts_node_is_null(key) || ts_node_is_null(val))
				continue;
			tn_add(t, toml_key_text(m, key), ts_node_start_byte(k), ts_node_end_byte(k),
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
		scalar_text(t, m->src, n, multi ? '|' : s[0]);
	} else {
		t->sc = !strcmp(ty, "integer") || !strcmp(ty, "float") ? SC_NUMBER
			: !strcmp(ty, "boolean")                       ? SC_BOOL
								       : SC_OTHER;
		scalar_text(t, m->src, n, 0);
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
		struct te *e = tn_add(t, xstrdup(keys[nk - 1]), ts_node_start_byte(p), ts_node_end_byte(p),
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
				e = tn_add(t, xstrdup(keys[nk - 1]), s, end, seq);
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
				tn_add(seq, NULL, s, end, made)->after = s;
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
			tn_add(t, xstrdup(keys[nk - 1]), s, end, made);
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

static struct tn *toml_root(struct mb *m, TSNode root)
{
	struct tn *r = toml_map(ST_TOML_ROOT);
	r->end = (uint32_t)m->len;
	r->ins = UINT32_MAX;
	bool pairs = false;
	TSNode *kid, *sub;
	size_t c = kids_of(root, true, &kid);
	for (size_t i = 0; i < c; i++) {
		TSNode k = kid[i];
		if (is(k, "pair")) {
			toml_pair(m, r, k);
			pairs = true;
		} else if (is(k, "table") || is(k, "table_array_element")) {
			if (!pairs && r->ins == UINT32_MAX)
				r->ins = (uint32_t)line_begin(m->src, ts_node_start_byte(k));
			pairs = true;
			struct tn *t = toml_section(m, r, k, is(k, "table_array_element"));
			size_t ns = kids_of(k, true, &sub);
			for (size_t j = 0; t && j < ns; j++)
				if (is(sub[j], "pair"))
					toml_pair(m, t, sub[j]);
			free(sub);
		} else if (is(k, "ERROR")) {
			m->bad = true;
		}
	}
	free(kid);
	if (r->ins == UINT32_MAX)
		r->ins = (uint32_t)m->len;
	return r;
}

static bool build_tree(struct doc *d, enum tf_format f, const char *src, size_t len, bool lenient);

static bool build(struct doc *d, enum tf_format f, const char *src, size_t len, bool lenient)
{
	if (f == TF_JSON) {
		memset(d, 0, sizeof(*d));
		d->src = src;
		d->len = len;
		d->fmt = f;
		d->limit = (uint32_t)len;
		if (json_fast_model(src, len, &d->root))
			return true;
	} else if (f == TF_YAML) {
		memset(d, 0, sizeof(*d));
		d->src = src;
		d->len = len;
		d->fmt = f;
		d->limit = (uint32_t)len;
		if (yaml_fast_model(src, len, &d->root))
			return true;
	}
	return build_tree(d, f, src, len, lenient);
}

bool doc_build(struct doc *d, enum tf_format f, const char *src, size_t len)
{
	return build(d, f, src, len, false);
}

bool doc_read(struct doc *d, enum tf_format f, const char *src, size_t len)
{
	return build(d, f, src, len, true);
}

bool doc_build_tree(struct doc *d, enum tf_format f, const char *src, size_t len)
{
	return build_tree(d, f, src, len, false);
}

static bool build_tree(struct doc *d, enum tf_format f, const char *src, size_t len, bool lenient)
{
	memset(d, 0, sizeof(*d));
	d->src = src;
	d->len = len;
	d->fmt = f == TF_FRONTMATTER ? TF_YAML : f;
	d->limit = (uint32_t)len;
	TSParser *p = ts_parser_new();
	ts_parser_set_language(p, d->fmt == TF_JSON   ? tree_sitter_json()
				  : d->fmt == TF_YAML ? tree_sitter_yaml()
						      : tree_sitter_toml());
	struct mb m = {src, len, false, lenient};
	if (f == TF_FRONTMATTER) {
		size_t first = len >= 4 && !memcmp(src, "---\n", 4) ? 4 : 5;
		size_t i = first;
		while (i < len) {
			size_t e = line_after(src, len, i), l = e - i;
			while (l && (src[i + l - 1] == '\n' || src[i + l - 1] == '\r'))
				l--;
			if (l == 3 && (!memcmp(src + i, "---", 3) || !memcmp(src + i, "...", 3)))
				break;
			i = e;
		}
		d->base = (uint32_t)first;
		d->limit = (uint32_t)i;
		TSRange range = {{0, 0}, {0, 0}, (uint32_t)first, (uint32_t)i};
		range.start_point.row = 1;
		ts_parser_set_included_ranges(p, &range, 1);
	}
	TSTree *tree = ts_parser_parse_string(p, NULL, src, (uint32_t)(f == TF_FRONTMATTER ? d->limit : len));
	TSNode root = ts_tree_root_node(tree);
	m.bad = is(root, "ERROR"); /* nothing parsed as a document: not an empty one */
	if (d->fmt == TF_JSON) {
		for (uint32_t i = 0; i < ts_node_named_child_count(root) && !d->root; i++) {
			TSNode k = ts_node_named_child(root, i);
			if (!is(k, "comment"))
				d->root = json_node(&m, k, 0);
		}
	} else if (d->fmt == TF_YAML) {
		d->root = yaml_root(&m, root);
	} else {
		d->root = toml_root(&m, root);
	}
	ts_tree_delete(tree);
	ts_parser_delete(p);
	return !m.bad;
}

void doc_release(struct doc *d)
{
	tn_free(d->root);
	d->root = NULL;
}
