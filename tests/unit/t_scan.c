/* The scanners that spare a plain config file tree-sitter and jansson must agree with both
 * wherever they answer: json_fast_model's and yaml_fast_model's models equal the tree-sitter
 * model field by field, and json_fast_valid never calls valid what jansson (after json_valid's
 * blanking) refuses. Checked on hand-written documents (which they must answer for: otherwise the
 * fast path is dead code), on generated ones, and on every generated one with a byte deleted,
 * inserted or replaced. */
#include "buf.h"
#include "format/format.h"
#include "format/model.h"
#include "unit.h"

/* xorshift64: the test's own generator, so a failure repeats. */
struct rng {
	unsigned long long s;
};

static unsigned pick(struct rng *r, unsigned n)
{
	r->s ^= r->s << 13;
	r->s ^= r->s >> 7;
	r->s ^= r->s << 17;
	return (unsigned)(r->s % n);
}

static bool tn_eq(const struct tn *a, const struct tn *b);

static bool te_eq(const struct te *a, const struct te *b)
{
	if (!a->key != !b->key || (a->key && strcmp(a->key, b->key)))
		return false;
	return a->start == b->start && a->end == b->end && a->after == b->after && tn_eq(a->val, b->val);
}

static bool tn_eq(const struct tn *a, const struct tn *b)
{
	if (!a || !b)
		return a == b;
	if (a->kind != b->kind || a->style != b->style || a->start != b->start || a->end != b->end ||
	    a->open != b->open || a->close != b->close || a->sc != b->sc || a->quote != b->quote ||
	    a->tagged != b->tagged || a->alias != b->alias || a->n != b->n || a->ins != b->ins ||
	    a->indent != b->indent || a->text_len != b->text_len || !a->text != !b->text ||
	    (a->text && memcmp(a->text, b->text, a->text_len)) || a->prefix || b->prefix || a->header ||
	    b->header || a->sect || b->sect)
		return false;
	for (size_t i = 0; i < a->n; i++)
		if (!te_eq(&a->kids[i], &b->kids[i]))
			return false;
	return true;
}

struct tally {
	size_t model_sure, valid_sure, model_bad, valid_bad;
};

/* One document: wherever the scanner answers, the reference must agree. */
static void agree(const char *s, size_t n, struct tally *t, const char *what)
{
	struct tn *fast = NULL;
	if (json_fast_model(s, n, &fast)) {
		t->model_sure++;
		struct doc d;
		bool ok = doc_build_tree(&d, FMT_JSON, s, n);
		if (!ok || !tn_eq(fast, d.root)) {
			t->model_bad++;
			printf("  model differs on %s: ", what);
			unit_show(s, n);
			putchar('\n');
		}
		doc_release(&d);
		tn_free(fast);
	}
	for (int jsonc = 0; jsonc < 2; jsonc++) {
		if (!json_fast_valid(s, n, jsonc))
			continue;
		t->valid_sure++;
		char detail[120];
		if (!json_valid_jansson(s, n, jsonc, detail, sizeof(detail))) {
			t->valid_bad++;
			printf("  jansson refuses (%s) what the scanner passed (jsonc %d), %s: ", detail,
			       jsonc, what);
			unit_show(s, n);
			putchar('\n');
		}
	}
}

/* YAML: wherever yaml_fast_model answers, tree-sitter's model is the same, and libyaml accepts
 * what yaml_fast_valid passes. */
static void agree_yaml(const char *s, size_t n, size_t *sure, size_t *bad, const char *what)
{
	struct tn *fast = NULL;
	bool valid = yaml_fast_valid(s, n);
	char detail[120];
	if (valid && !yaml_valid_libyaml(s, n, detail, sizeof(detail))) {
		(*bad)++;
		printf("  libyaml refuses (%s) what the scanner passed: ", detail);
		unit_show(s, n);
		putchar('\n');
	}
	if (yaml_fast_model(s, n, &fast) != valid) {
		(*bad)++;
		printf("  the verdict and the model disagree on %s\n", what);
	}
	if (!fast)
		return;
	(*sure)++;
	struct doc d;
	bool ok = doc_build_tree(&d, FMT_YAML, s, n);
	if (!ok || !tn_eq(fast, d.root)) {
		(*bad)++;
		printf("  yaml model differs on %s (tree ok %d): ", what, ok);
		unit_show(s, n);
		putchar('\n');
	}
	doc_release(&d);
	tn_free(fast);
}

static const char *const docs[] = {
	"{}",
	"[]",
	"0",
	"\"x\"",
	"{\"a\": 1}",
	"{ \"a\" :  1 }\n",
	"{\n  \"name\": \"app\",\n  \"version\": \"1.0.0\",\n  \"private\": true,\n  \"deps\": {\"x\": \"^1\"}\n}\n",
	"// head\n{\n  /* a */ \"a\" /* b */ : /* c */ [1, 2.5, -3e10, 4E2, 0.0] // d\n}\n/* tail */",
	"{\"s\": \"t\\\"a\\\\b\\/c\\b\\f\\n\\r\\t\\u00e9\\u20AC\", \"u\": \"\xC3\xA9\xE2\x82\xAC\xF0\x9D\x84\x9E\"}",
	"[null, true, false, {\"\": {}}, [[]], \"//not a comment\", \"/*nor this*/\"]",
	"{\"a\": 1, \"a\": 2}",
	"\r\n\t[ 1 ,2 ]\r\n",
	"{\"n\": 123456789012345678, \"m\": -123456789012345678, \"r\": 1.7976931348623157e250}",
};

/* Documents where the scanner must decline (the reference decides). */
static const char *const declined[] = {
	"{\"a\": 1,}", /* a trailing comma: the model is left to tree-sitter */
	"[1234567890123456789]", /* 19 digits: jansson may overflow */
	"[1e999]",
	"[\"\\ud83d\\ude00\"]",
	"[\"\\u0000\"]",
	"{\"a\": 1} /* open",
	"\xEF\xBB\xBF{}",
	"[01]",
	"[1.]",
	"{\"a\" 1}",
	"[\"\x01\"]",
	"[\"\xC0\x80\"]",
	"[\"\xED\xA0\x80\"]",
	"",
	"{} {}",
	"[truex]",
};

static void gen_value(struct rng *r, struct buf *b, int depth);

static void gen_blank(struct rng *r, struct buf *b)
{
	static const char *const blanks[] = {"",   "",     "",        " ",       "\n  ",
					     "\t", "\r\n", " // c\n", "/* c */", "/**/ "};
	buf_adds(b, blanks[pick(r, sizeof(blanks) / sizeof(blanks[0]))]);
}

static void gen_string(struct rng *r, struct buf *b)
{
	static const char *const parts[] = {"a",   "key", " ",        "\\\"",         "\\\\",
					    "\\/", "\\n", "\\u00e9",  "\\u20ac",      "//",
					    "/*",  "*/",  "\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80",
					    ":",   ",",   "{]"};
	buf_addc(b, '"');
	for (unsigned i = pick(r, 4); i > 0; i--)
		buf_adds(b, parts[pick(r, sizeof(parts) / sizeof(parts[0]))]);
	buf_addc(b, '"');
}

static void gen_items(struct rng *r, struct buf *b, int depth, bool obj)
{
	buf_addc(b, obj ? '{' : '[');
	unsigned n = pick(r, 4);
	for (unsigned i = 0; i < n; i++) {
		gen_blank(r, b);
		if (obj) {
			gen_string(r, b);
			gen_blank(r, b);
			buf_addc(b, ':');
			gen_blank(r, b);
		}
		gen_value(r, b, depth + 1);
		gen_blank(r, b);
		if (i + 1 < n || !pick(r, 8))
			buf_addc(b, ',');
	}
	gen_blank(r, b);
	buf_addc(b, obj ? '}' : ']');
}

static void gen_value(struct rng *r, struct buf *b, int depth)
{
	static const char *const scalars[] = {"0",
					      "-0",
					      "12",
					      "1.5",
					      "-3e10",
					      "2E-5",
					      "1e+2",
					      "true",
					      "false",
					      "null",
					      "123456789012345678",
					      "1234567890123456789",
					      "0.000001"};
	unsigned k = pick(r, depth > 3 ? 2 : 4);
	if (k == 0)
		buf_adds(b, scalars[pick(r, sizeof(scalars) / sizeof(scalars[0]))]);
	else if (k == 1)
		gen_string(r, b);
	else
		gen_items(r, b, depth, k == 2);
}

static void mutate(struct rng *r, const struct buf *in, struct buf *out)
{
	static const char bytes[] = "{}[]\",:/*\\ \n0a-.e\x01\xC3#'&!|\t";
	size_t at = in->len ? pick(r, (unsigned)in->len) : 0;
	unsigned how = pick(r, 3);
	out->len = 0;
	buf_add(out, in->data, at);
	if (how)
		buf_addc(out, bytes[pick(r, sizeof(bytes) - 1)]);
	if (at < in->len)
		buf_add(out, in->data + at + (how != 1), in->len - at - (how != 1));
}

static const char *const ydocs[] = {
	"a: 1\n",
	"e: \xC2\xA0x\n", /* U+00A0 is printable (the C1 controls below are not) */
	"a: 1",
	"services:\n  web:\n    image: acme/web:1.0\n    ports:\n      - \"8000:80\"\n    # note\n    replicas: 1\n"
	"volumes:\n  data: {}\n# tail\n",
	"on:\n  push:\n    branches: [main, \"release/*\"]\n    tags: [ ]\n",
	"jobs:\n  build:\n    steps:\n    - name: x\n      uses: y\n    -   run: make  # c\n    -\n    - 'it''s'\n",
	"a:\n\n  # c\n  b: true\n  c: ~\n  d:\n  e: 3.10\n  \"q k\": v w\n",
	"- a\n- b: 1\n  c: 2\n-\n  - x\n",
};

static void yaml_scalar(struct rng *r, struct buf *b)
{
	static const char *const sc[] = {"app",
					 "acme/svc:1.0",
					 "hello world",
					 "a,b",
					 "x-y",
					 "3",
					 "0",
					 "3.10",
					 "12345",
					 "-1",
					 "true",
					 "False",
					 "null",
					 "~",
					 "yes",
					 "\"8000:80\"",
					 "'it''s'",
					 "\"a b\"",
					 "\xC3\xA9",
					 "1.2.3",
					 "0x1F",
					 ".5",
					 "a: b",
					 "a #b",
					 "a#b",
					 "[1, 2]",
					 "{a: 1}",
					 "{}",
					 "[]",
					 "&x a",
					 "*x",
					 "!t a",
					 "|",
					 "0123",
					 "1e3",
					 "_x",
					 "-1",
					 "-foo",
					 ".",
					 ".git",
					 ".5",
					 ".inf",
					 "+1",
					 "-.5",
					 "-",
					 "- x",
					 "-0",
					 "[api, db]",
					 "[\"node\", x ]",
					 "[ ]",
					 "{ }",
					 "[a,b]",
					 "[a, [b]]",
					 "[a, {b: 1}]",
					 "[a,]",
					 "[a #c]",
					 "[a: b]",
					 "[1, 2.5, -3, true, ~]",
					 "['q', \"d\"]",
					 "[.x, -y]",
					 "[a b, c]",
					 "[ a ]  # c",
					 "[a]x",
					 "[a",
					 "[a, .inf]",
					 "-a:b",
					 ".Inf",
					 "-Inf",
					 "-n",
					 "10s",
					 "3000/tcp",
					 "16-alpine",
					 "1h30m",
					 "1_000",
					 "0x1Fg",
					 "1e3x",
					 "2001-12-14",
					 "1:30"};
	buf_adds(b, sc[pick(r, sizeof(sc) / sizeof(sc[0]))]);
}

static void yaml_key(struct rng *r, struct buf *b)
{
	static const char *const k[] = {"name",       "image", "a_b", "x-y", "on",
					"\"quoted\"", "'sq'",  "0",   "k1",  "a b"};
	buf_adds(b, k[pick(r, sizeof(k) / sizeof(k[0]))]);
}

static void yaml_pad(struct buf *b, int n)
{
	for (int i = 0; i < n; i++)
		buf_addc(b, ' ');
}

static void yaml_between(struct rng *r, struct buf *b, int indent)
{
	unsigned k = pick(r, 6);
	if (k == 0)
		buf_addc(b, '\n');
	else if (k == 1) {
		yaml_pad(b, indent + (int)pick(r, 3) * 2 - 2 < 0 ? 0 : indent + (int)pick(r, 3) * 2 - 2);
		buf_adds(b, "# c\n");
	}
}

static void yaml_block(struct rng *r, struct buf *b, int indent, int depth, bool seq);

/* After "key:" or "-": a value on the line, a block below, or nothing. */
static void yaml_value(struct rng *r, struct buf *b, int indent, int depth, bool in_seq)
{
	unsigned k = pick(r, depth > 2 ? 2 : 5);
	if (k == 0) {
		buf_addc(b, ' ');
		yaml_scalar(r, b);
		buf_adds(b, pick(r, 4) ? "\n" : "  # c\n");
	} else if (k == 1) {
		buf_adds(b, pick(r, 3) ? "\n" : " # c\n");
	} else if (k == 2 && in_seq) {
		buf_addc(b, ' ');
		yaml_key(r, b);
		buf_addc(b, ':');
		yaml_value(r, b, indent + 2, depth + 1, false);
		if (pick(r, 2))
			yaml_block(r, b, indent + 2, depth + 1, false);
	} else {
		buf_addc(b, '\n');
		bool seq = k == 4;
		yaml_block(r, b, seq && !in_seq && pick(r, 2) ? indent : indent + 2 + 2 * (int)pick(r, 2),
			   depth + 1, seq);
	}
}

static void yaml_block(struct rng *r, struct buf *b, int indent, int depth, bool seq)
{
	for (unsigned n = 1 + pick(r, 3); n > 0; n--) {
		yaml_between(r, b, indent);
		yaml_pad(b, indent);
		if (seq) {
			buf_addc(b, '-');
		} else {
			yaml_key(r, b);
			buf_addc(b, ':');
		}
		yaml_value(r, b, indent, depth, seq);
	}
}

int main(void)
{
	unit_begin("scan");
	struct tally t = {0};
	for (size_t i = 0; i < sizeof(docs) / sizeof(docs[0]); i++) {
		struct tn *root = NULL;
		bool m = json_fast_model(docs[i], strlen(docs[i]), &root);
		tn_free(root);
		unit_check(m && json_fast_valid(docs[i], strlen(docs[i]), true), "answers for document %zu",
			   i);
		agree(docs[i], strlen(docs[i]), &t, "a written document");
	}
	for (size_t i = 0; i < sizeof(declined) / sizeof(declined[0]); i++) {
		struct tn *root = NULL;
		bool m = json_fast_model(declined[i], strlen(declined[i]), &root);
		unit_check(!m && !root, "declines the model of declined[%zu]", i);
		if (i)
			unit_check(!json_fast_valid(declined[i], strlen(declined[i]), true),
				   "declines the verdict on declined[%zu]", i);
	}
	unit_check(json_fast_valid("[1, 2 ,/* c */]", 15, true), "a trailing comma is valid once blanked");
	unit_check(!json_fast_valid("[1, 2 ,/* c */]", 15, false), "plain JSON has no trailing comma");
	unit_check(json_fast_valid("[1, /* c */ 2]", 14, false), "plain JSON has comments");
	struct rng r = {0x9E3779B97F4A7C15ull};
	struct buf doc = BUF_INIT, mut = BUF_INIT;
	for (int i = 0; i < 3000; i++) {
		doc.len = 0;
		gen_blank(&r, &doc);
		gen_value(&r, &doc, 0);
		gen_blank(&r, &doc);
		agree(doc.data, doc.len, &t, "a generated document");
		for (int k = 0; k < 8; k++) {
			mutate(&r, &doc, &mut);
			agree(mut.data, mut.len, &t, "a mutated document");
		}
	}
	/* found by fuzz_transform: C1 controls and U+FFFE are not YAML's printable characters, which
	 * libyaml refuses; the scanner leaves them to it */
	unit_check(!yaml_fast_valid("e: \xC2\x90x\n", 7) && !yaml_fast_valid("e: \xEF\xBF\xBEx\n", 8),
		   "yaml: C1 controls and U+FFFE are left to libyaml");
	size_t ysure = 0, ybad = 0;
	for (size_t i = 0; i < sizeof(ydocs) / sizeof(ydocs[0]); i++) {
		struct tn *root = NULL;
		unit_check(yaml_fast_model(ydocs[i], strlen(ydocs[i]), &root),
			   "answers for yaml document %zu", i);
		tn_free(root);
		agree_yaml(ydocs[i], strlen(ydocs[i]), &ysure, &ybad, "a written document");
	}
	for (int i = 0; i < 3000; i++) {
		doc.len = 0;
		yaml_block(&r, &doc, 0, 0, pick(&r, 4) == 0);
		agree_yaml(doc.data, doc.len, &ysure, &ybad, "a generated document");
		for (int k = 0; k < 8; k++) {
			mutate(&r, &doc, &mut);
			agree_yaml(mut.data, mut.len, &ysure, &ybad, "a mutated document");
		}
	}
	struct buf lk = BUF_INIT;
	for (int i = 0; i < 1100; i++)
		buf_addc(&lk, 'k');
	buf_adds(&lk, ": 1\n");
	char detail[120];
	unit_check(!yaml_fast_valid(lk.data, lk.len) &&
			   !yaml_valid_libyaml(lk.data, lk.len, detail, sizeof(detail)),
		   "a key over libyaml's 1024 characters is left to libyaml, which refuses it");
	buf_release(&lk);
	unit_check(ybad == 0,
		   "the fast yaml model equals tree-sitter's, libyaml accepts it (%zu of %zu differ)", ybad,
		   ysure);
	unit_check(ysure > 2500, "the yaml scanner answered often (%zu)", ysure);
	buf_release(&doc);
	buf_release(&mut);
	unit_check(t.model_bad == 0, "the fast model equals tree-sitter's (%zu of %zu differ)", t.model_bad,
		   t.model_sure);
	unit_check(t.valid_bad == 0, "jansson accepts all the scanner passed (%zu of %zu refused)",
		   t.valid_bad, t.valid_sure);
	unit_check(t.model_sure > 5000 && t.valid_sure > 5000,
		   "the scanner answered often (%zu models, %zu verdicts)", t.model_sure, t.valid_sure);
	return unit_end();
}
