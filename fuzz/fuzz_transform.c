/* transform's engine on random documents, with the meaning proof as the oracle. The first byte
 * picks the format (JSON, YAML, TOML, frontmatter), the operation (set, delete, append, set of a
 * JSON value as a batch writes it) and, for JSON, whether the file is JSONC; then the operation's
 * argument up to a NUL (the path grammar and the value), then the document.
 *
 * Properties:
 *  - an operation tf_apply says succeeded, on a document format_valid accepts, gives a document that
 *    either format_valid refuses (the caller refuses it: nothing is written) or that keeps every value
 *    outside the lines it changed (meaning_check is not MEANING_CHANGED): the asked path is the
 *    only thing it may change;
 *  - the strict scanners answer only when sure: json_fast_valid / yaml_fast_valid never accept
 *    what jansson / libyaml refuse, and json_fast_model / yaml_fast_model build the model the
 *    tree-sitter reading builds. */
#include <assert.h>
#include <stdio.h>

#include "buf.h"
#include "error.h"
#include "file.h"
#include "fuzz.h"
#include "output.h"
#include "transform/meaning.h"
#include "transform/tf.h"
#include "format/model.h"
#include "transform/tf_int.h"

static void same_model(const struct tn *a, const struct tn *b, const char *src)
{
	if (!a || !b) {
		assert(!a && !b);
		return;
	}
	if (a->kind != b->kind || a->start != b->start || a->end != b->end || a->sc != b->sc ||
	    a->quote != b->quote || a->n != b->n || a->text_len != b->text_len ||
	    (a->text_len && memcmp(a->text, b->text, a->text_len))) {
		fprintf(stderr, "fast model differs at bytes %u-%u of:\n%s\n", b->start, b->end, src);
		abort();
	}
	for (size_t i = 0; i < a->n; i++) {
		const struct te *x = &a->kids[i], *y = &b->kids[i];
		assert(!x->key == !y->key && (!x->key || !strcmp(x->key, y->key)));
		assert(x->start == y->start && x->end == y->end);
		same_model(x->val, y->val, src);
	}
}

static void scanners(const char *s, size_t n, bool jsonc)
{
	char detail[256];
	if (json_fast_valid(s, n, jsonc))
		assert(json_valid_jansson(s, n, jsonc, detail, sizeof(detail)));
	if (yaml_fast_valid(s, n))
		assert(yaml_valid_libyaml(s, n, detail, sizeof(detail)));
	struct tn *fast = NULL;
	struct doc tree = {0};
	if (json_fast_model(s, n, &fast)) {
		assert(doc_build_tree(&tree, FMT_JSON, s, n));
		same_model(fast, tree.root, s);
		tn_free(fast);
		doc_release(&tree);
	}
	fast = NULL;
	memset(&tree, 0, sizeof(tree));
	if (yaml_fast_model(s, n, &fast)) {
		assert(doc_build_tree(&tree, FMT_YAML, s, n));
		same_model(fast, tree.root, s);
		tn_free(fast);
		doc_release(&tree);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 2 || size > 16384)
		return 0;
	static const enum format fmts[] = {FMT_JSON, FMT_YAML, FMT_TOML, FMT_FRONTMATTER};
	static const char *const paths[] = {"f.json", "f.yaml", "f.toml", "f.md"};
	enum format f = fmts[data[0] & 3];
	unsigned kind = (data[0] >> 2) & 3;
	bool jsonc = data[0] & 16;
	const char *path = f == FMT_JSON && jsonc ? "f.jsonc" : paths[data[0] & 3];
	const char *arg, *doc;
	size_t na, nd;
	fuzz_split(data + 1, size - 1, &arg, &na, &doc, &nd);
	if (file_is_binary(doc, nd)) /* lets reads no such file (tree-sitter ends a text at a NUL) */
		return 0;
	char *a = fuzz_cstr((const uint8_t *)arg, na);
	char *src = fuzz_cstr((const uint8_t *)doc, nd);
	scanners(src, nd, jsonc);
	char detail[256];
	struct tf_op op = {.kind = kind == 3 ? TF_SET : (enum tf_op_kind)kind, .arg = a, .json = kind == 3};
	struct tf_result r = TF_RESULT_INIT;
	struct diag d = DIAG_INIT;
	if (format_valid(f, path, src, nd, detail, sizeof(detail)) &&
	    tf_apply(f, path, src, nd, &op, 1, &r, &d) == LETS_OK &&
	    format_valid(f, path, r.data, r.len, detail, sizeof(detail))) {
		struct buf why = BUF_INIT;
		if (meaning_check(f, path, src, nd, r.data, r.len, NULL, MEANING_TRANSFORM, &why) ==
		    MEANING_CHANGED) {
			fprintf(stderr,
				"%s of '%s' in %s changed other values: %s\n--- before\n%s\n--- after\n%.*s\n",
				kind == 1   ? "delete"
				: kind == 2 ? "append"
					    : "set",
				a, path, why.data, src, (int)r.len, r.data);
			abort();
		}
		buf_release(&why);
	}
	tf_result_release(&r);
	diag_release(&d);
	free(a);
	free(src);
	return 0;
}
