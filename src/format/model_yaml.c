/* YAML's document model read off tree-sitter-yaml's tree (model_int.h): block and flow mappings
 * and sequences with their columns, scalars decoded by their quoting, a stream of several
 * documents as an ST_YAML_DOCS root. yamlscan.c reads the plain block file to the same model
 * without the tree. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../buf.h"
#include "../utf8.h"
#include "model_int.h"

static struct tn *yaml_node(struct mb *m, TSNode n, int depth);

/* A byte-order mark opens the stream, not the first line: that line's columns start after it (a
 * key added beside the first one went 3 columns in, under the BOM's bytes; found by
 * fuzz_transform). */
static int column(const char *src, size_t off)
{
	size_t begin = line_begin(src, off);
	if (begin == 0)
		begin = utf8_bom(src, off);
	return (int)(off - begin);
}

static void yaml_pairs(struct mb *m, struct tn *t, TSNode n, int depth)
{
	TSNode *kid;
	size_t c = model_kids(n, true, &kid);
	for (size_t i = 0; i < c; i++) {
		TSNode k = kid[i];
		if (model_is(k, "comment"))
			continue;
		if (model_is(k, "ERROR")) {
			m->bad = true;
			continue;
		}
		bool pair = model_is(k, "block_mapping_pair") || model_is(k, "flow_pair");
		if (t->kind == TN_MAP && !pair && !model_is(k, "flow_node")) {
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
			if (!ts_node_is_named(tok) && (model_is(tok, ":") || model_is(tok, "-")))
				after = ts_node_end_byte(tok);
		}
		struct tn *v;
		if (model_is(k, "block_sequence_item")) {
			val = ts_node_named_child(k, 0);
			while (!ts_node_is_null(val) && model_is(val, "comment"))
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
			struct tn *one = model_new(TN_MAP, k);
			one->style = ST_FLOW;
			model_add(one, single, ts_node_start_byte(k), ts_node_end_byte(k), v)->after = after;
			v = one;
		}
		struct te *e = model_add(t, ks, ts_node_start_byte(k), ts_node_end_byte(k), v);
		e->after = after;
		if (t->n == 1)
			t->indent = column(m->src, e->start);
	}
	free(kid);
}

/* A block scalar's text: its header and lines up to the end of its last line with content, then
 * for keep chomping (`|+`, `>+`) one line break per line break that follows that line, up to the
 * next line with content or the end of the file: the value's trailing line breaks. tree-sitter's
 * span is no guide to them: it ends after the last line break at the end of the file and before
 * it when a line follows, and leaves out the blank lines a kept scalar holds. Clip and strip
 * chomping drop the blank lines, so they count for nothing. */
static void block_text(struct tn *t, const struct mb *m, TSNode n)
{
	size_t start = ts_node_start_byte(n), end = ts_node_end_byte(n), q;
	const char *s = m->src;
	while (end > start && strchr(" \t\r\n", s[end - 1]))
		end--;
	for (q = end; q < m->len && s[q] != '\n' && s[q] != '\r'; q++)
		;
	struct buf b = BUF_INIT;
	buf_add(&b, s + start, q - start);
	const char *nl = memchr(s + start, '\n', q - start);
	bool keep = memchr(s + start, '+', (nl ? (size_t)(nl - s) : q) - start) != NULL;
	for (size_t i = q; keep && i < m->len; i++) {
		if (s[i] == '\n')
			buf_addc(&b, '\n');
		else if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
			break;
	}
	t->quote = '|';
	t->end = (uint32_t)q; /* the value's bytes, the same however tree-sitter ends the span */
	t->text_len = b.len;
	t->text = buf_detach(&b);
}

static void yaml_scalar(struct mb *m, struct tn *t, TSNode n)
{
	if (model_is(n, "plain_scalar")) {
		TSNode in = ts_node_named_child(n, 0);
		const char *ty = ts_node_is_null(in) ? "" : ts_node_type(in);
		t->sc = !strcmp(ty, "string_scalar")                                   ? SC_STRING
			: !strcmp(ty, "integer_scalar") || !strcmp(ty, "float_scalar") ? SC_NUMBER
			: !strcmp(ty, "boolean_scalar")                                ? SC_BOOL
			: !strcmp(ty, "null_scalar")                                   ? SC_NULL
										       : SC_OTHER;
		model_scalar(t, m->src, n, 0);
		if (memchr(t->text, '\n', t->text_len))
			t->quote = '|';
	} else if (model_is(n, "double_quote_scalar") || model_is(n, "single_quote_scalar")) {
		t->sc = SC_STRING;
		model_scalar(t, m->src, n, model_is(n, "double_quote_scalar") ? '"' : '\'');
	} else if (model_is(n, "block_scalar")) {
		t->sc = SC_STRING;
		block_text(t, m, n);
	} else if (model_is(n, "alias")) {
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
	if (model_is(n, "flow_node") || model_is(n, "block_node")) {
		uint32_t c = ts_node_named_child_count(n);
		TSNode last = n;
		for (uint32_t i = 0; i < c; i++) {
			TSNode k = ts_node_named_child(n, i);
			if (model_is(k, "tag"))
				tagged = true;
			else if (!model_is(k, "anchor") && !model_is(k, "comment"))
				last = k;
		}
		inner = last;
	}
	bool map = model_is(inner, "block_mapping") || model_is(inner, "flow_mapping");
	bool seq = model_is(inner, "block_sequence") || model_is(inner, "flow_sequence");
	struct tn *t = model_new(map ? TN_MAP : seq ? TN_SEQ : TN_SCALAR, inner);
	t->tagged = tagged;
	if (depth > 200 ||
	    (ts_node_eq(inner, n) && (model_is(n, "flow_node") || model_is(n, "block_node")))) {
		m->bad = true;
		return t;
	}
	if (map || seq) {
		t->style = model_is(inner, "flow_mapping") || model_is(inner, "flow_sequence") ? ST_FLOW
											       : ST_BLOCK;
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
		if (model_is(k, "block_node") || model_is(k, "flow_node"))
			return yaml_node(m, k, 0);
		if (model_is(k, "ERROR"))
			m->bad = true;
	}
	return NULL;
}

/* One document is the root; several are the elements of an ST_YAML_DOCS sequence, an empty one
 * a null. */
struct tn *model_yaml_root(struct mb *m, TSNode root)
{
	TSNode *kid;
	size_t c = model_kids(root, true, &kid), docs = 0;
	struct tn *seq = NULL, *one = NULL;
	TSNode first = {0};
	for (size_t i = 0; i < c; i++) {
		TSNode k = kid[i];
		if (model_is(k, "ERROR"))
			m->bad = true;
		if (!model_is(k, "document"))
			continue;
		struct tn *v = yaml_doc(m, k);
		if (!docs++) {
			one = v;
			first = k;
			continue;
		}
		if (!seq) {
			seq = model_new(TN_SEQ, root);
			seq->style = ST_YAML_DOCS;
			model_add(seq, NULL, ts_node_start_byte(first), ts_node_end_byte(first), NULL);
		}
		model_add(seq, NULL, ts_node_start_byte(k), ts_node_end_byte(k), v);
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
