/* JSON's document model read off tree-sitter-json's tree (model_int.h): objects and arrays nest
 * as written, a pair spans its key through its value, comments are skipped, and an ERROR node is
 * accepted only as a JSONC trailing comma. jsonscan.c reads the common file to the same model
 * without the tree. */
#include <stdint.h>
#include <stdlib.h>

#include "model_int.h"

static struct tn *json_node(struct mb *m, TSNode n, int depth);

static void json_kids(struct mb *m, struct tn *t, TSNode n, int depth)
{
	TSNode *kid;
	size_t c = model_kids(n, true, &kid);
	t->style = ST_FLOW;
	t->open = t->start;
	t->close = t->end - 1;
	for (size_t i = 0; i < c; i++) {
		TSNode k = kid[i];
		if (!ts_node_is_named(k) || model_is(k, "comment") || ts_node_is_missing(k))
			continue; /* a MISSING value is how tree-sitter reads a trailing comma, too */
		if (model_is(k, "ERROR")) {
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
			char *ks = model_decode_quoted(m->src + ts_node_start_byte(key),
						       ts_node_end_byte(key) - ts_node_start_byte(key), &kl);
			model_add(t, ks, ts_node_start_byte(k), ts_node_end_byte(k),
				  json_node(m, val, depth + 1))
				->after = ts_node_end_byte(key);
		} else {
			model_add(t, NULL, ts_node_start_byte(k), ts_node_end_byte(k),
				  json_node(m, k, depth + 1));
		}
	}
	free(kid);
}

static struct tn *json_node(struct mb *m, TSNode n, int depth)
{
	if (depth > 200) {
		m->bad = true;
		return model_new(TN_SCALAR, n);
	}
	if (model_is(n, "object") || model_is(n, "array")) {
		struct tn *t = model_new(model_is(n, "object") ? TN_MAP : TN_SEQ, n);
		json_kids(m, t, n, depth);
		return t;
	}
	struct tn *t = model_new(TN_SCALAR, n);
	if (model_is(n, "string")) {
		t->sc = SC_STRING;
		model_scalar(t, m->src, n, '"');
	} else {
		t->sc = model_is(n, "number")                           ? SC_NUMBER
			: model_is(n, "null")                           ? SC_NULL
			: (model_is(n, "true") || model_is(n, "false")) ? SC_BOOL
									: SC_OTHER;
		model_scalar(t, m->src, n, 0);
	}
	if (model_is(n, "ERROR"))
		m->bad = true;
	return t;
}

struct tn *model_json_root(struct mb *m, TSNode root)
{
	for (uint32_t i = 0; i < ts_node_named_child_count(root); i++) {
		TSNode k = ts_node_named_child(root, i);
		if (!model_is(k, "comment"))
			return json_node(m, k, 0);
	}
	return NULL;
}
