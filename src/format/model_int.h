/* Inside the tree-sitter readers of the document model: model.c parses and builds the nodes every
 * format shares; model_json.c, model_yaml.c and model_toml.c each read one format's tree, as
 * redis's ae_<backend>.c each drive one event API. */
#ifndef LETS_FORMAT_MODEL_INT_H
#define LETS_FORMAT_MODEL_INT_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <tree_sitter/api.h>

#include "model.h"

/* One read of a tree. */
struct mb {
	const char *src;
	size_t len;
	bool bad; /* the tree has an error the model does not take */
	bool lenient; /* reading for meaning only: model what transform does not edit in place */
};

static inline bool model_is(TSNode n, const char *type)
{
	return !strcmp(ts_node_type(n), type);
}

/* A node of kind k spanning n's bytes. */
struct tn *model_new(enum tn_kind k, TSNode n);
/* Adds an entry to p (key owned, NULL in a sequence); its after is start. */
struct te *model_add(struct tn *p, char *key, uint32_t start, uint32_t end, struct tn *val);
/* Sets t's quote and decoded text from n's bytes: '"' as JSON decodes, '\'' with '' as one quote,
 * 0 as written. */
void model_scalar(struct tn *t, const char *src, TSNode n, char quote);
/* The children of n (named ones only when named), read with a cursor: indexing a node's children
 * one by one costs a walk from the first each time, quadratic on a long object. Caller frees. */
size_t model_kids(TSNode n, bool named, TSNode **out);

/* Each format's tree as the model: the document's root node, NULL for an empty one; m->bad set on
 * what the model does not take. */
struct tn *model_json_root(struct mb *m, TSNode root);
struct tn *model_yaml_root(struct mb *m, TSNode root);
struct tn *model_toml_root(struct mb *m, TSNode root);

#endif
