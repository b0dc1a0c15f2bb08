/* The document model (model.h): the part every format shares — the nodes, the decoded scalars,
 * the choice between a fast scanner and tree-sitter, the parse (of frontmatter: its YAML only) —
 * and the byte helpers. Each format's tree is read in its own file: model_json.c, model_yaml.c,
 * model_toml.c (model_int.h). A tree with an ERROR node other than a JSONC trailing comma is not
 * modelled. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <tree_sitter/api.h>

#include "../alloc.h"
#include "../buf.h"
#include "jsonc.h"
#include "model_int.h"

const TSLanguage *tree_sitter_json(void);
const TSLanguage *tree_sitter_yaml(void);
const TSLanguage *tree_sitter_toml(void);

struct tn *model_new(enum tn_kind k, TSNode n)
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

struct te *model_add(struct tn *p, char *key, uint32_t start, uint32_t end, struct tn *val)
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

size_t line_begin(const char *s, size_t off)
{
	while (off && s[off - 1] != '\n')
		off--;
	return off;
}

size_t line_after(const char *s, size_t len, size_t off)
{
	const char *nl = off < len ? memchr(s + off, '\n', len - off) : NULL;
	return nl ? (size_t)(nl - s) + 1 : len;
}

long line_of(const char *s, size_t off)
{
	long n = 1;
	for (const char *p = s; (p = memchr(p, '\n', (size_t)(s + off - p))) != NULL; p++)
		n++;
	return n;
}

char *model_decode_quoted(const char *s, size_t n, size_t *out_len)
{
	if (n >= 2 && s[0] == '"' && s[n - 1] == '"' && !memchr(s + 1, '\\', n - 2) &&
	    !memchr(s + 1, '"', n - 2)) {
		/* nothing to decode: both ways below give the bytes between the quotes */
		*out_len = n - 2;
		return xstrndup(s + 1, n - 2);
	}
	if (n >= 2 && s[0] == '"') {
		struct buf b = BUF_INIT;
		size_t i = 0;
		if (jsonc_decode(s, n, &i, &b) && jsonc_space(s, i, n) == n) {
			*out_len = b.len;
			return buf_detach(&b);
		}
		buf_release(&b);
	}
	if (n >= 2 && (s[0] == '"' || s[0] == '\'')) {
		s++;
		n -= 2;
	}
	*out_len = n;
	return xstrndup(s, n);
}

void model_scalar(struct tn *t, const char *src, TSNode n, char quote)
{
	const char *s = src + ts_node_start_byte(n);
	size_t len = ts_node_end_byte(n) - ts_node_start_byte(n);
	t->quote = quote;
	if (quote == '"') {
		t->text = model_decode_quoted(s, len, &t->text_len);
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

size_t model_kids(TSNode n, bool named, TSNode **out)
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

static bool build_tree(struct doc *d, enum format f, const char *src, size_t len, bool lenient);

static bool build(struct doc *d, enum format f, const char *src, size_t len, bool lenient)
{
	if (f == FMT_JSON) {
		memset(d, 0, sizeof(*d));
		d->src = src;
		d->len = len;
		d->fmt = f;
		d->limit = (uint32_t)len;
		if (json_fast_model(src, len, &d->root))
			return true;
	} else if (f == FMT_YAML) {
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

bool doc_build(struct doc *d, enum format f, const char *src, size_t len)
{
	return build(d, f, src, len, false);
}

bool doc_read(struct doc *d, enum format f, const char *src, size_t len)
{
	return build(d, f, src, len, true);
}

bool doc_build_tree(struct doc *d, enum format f, const char *src, size_t len)
{
	return build_tree(d, f, src, len, false);
}

static bool build_tree(struct doc *d, enum format f, const char *src, size_t len, bool lenient)
{
	memset(d, 0, sizeof(*d));
	d->src = src;
	d->len = len;
	d->fmt = f == FMT_FRONTMATTER ? FMT_YAML : f;
	d->limit = (uint32_t)len;
	TSParser *p = ts_parser_new();
	ts_parser_set_language(p, d->fmt == FMT_JSON   ? tree_sitter_json()
				  : d->fmt == FMT_YAML ? tree_sitter_yaml()
						       : tree_sitter_toml());
	struct mb m = {src, len, false, lenient};
	if (f == FMT_FRONTMATTER) {
		size_t first = 0, close = len, end = format_frontmatter(src, len, &first, &close);
		d->base = (uint32_t)first;
		d->limit = (uint32_t)(end == SIZE_MAX ? len : close);
		TSRange range = {{0, 0}, {0, 0}, (uint32_t)first, d->limit};
		range.start_point.row = 1;
		ts_parser_set_included_ranges(p, &range, 1);
	}
	TSTree *tree =
		ts_parser_parse_string(p, NULL, src, (uint32_t)(f == FMT_FRONTMATTER ? d->limit : len));
	TSNode root = ts_tree_root_node(tree);
	m.bad = model_is(root, "ERROR"); /* nothing parsed as a document: not an empty one */
	if (d->fmt == FMT_JSON)
		d->root = model_json_root(&m, root);
	else if (d->fmt == FMT_YAML)
		d->root = model_yaml_root(&m, root);
	else
		d->root = model_toml_root(&m, root);
	ts_tree_delete(tree);
	ts_parser_delete(p);
	return !m.bad;
}

void doc_release(struct doc *d)
{
	tn_free(d->root);
	d->root = NULL;
}
