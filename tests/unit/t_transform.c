/* The transform engine: bytes + operations → new bytes, the marks of the changed lines, and the
 * line of each operation's key. Every expected document is written out by hand from the rule it
 * pins (the container's style, the comma, the indentation, the quoting), not taken from a run. */
#include "transform/tf.h"
#include "transform/tf_int.h"
#include "unit.h"

struct ecase {
	const char *name;
	enum format f;
	const char *in;
	const char *ops[4]; /* "s:a=1", "d:a", "a:list=x" */
	const char *want; /* NULL: must fail with slug */
	const char *marks; /* "3~ 4- " : line and marker of each mark, in order */
	const char *slug;
};

static const struct ecase cases[] = {
	/* JSON */
	{"json: a value in place, spacing kept",
	 FMT_JSON,
	 "{ \"a\" :  1 }\n",
	 {"s:a=2"},
	 "{ \"a\" :  2 }\n",
	 "1~ ",
	 NULL},
	{"json: a new key in a one-line object",
	 FMT_JSON,
	 "{\"a\": 1}",
	 {"s:b=x"},
	 "{\"a\": 1, \"b\": \"x\"}",
	 "1~ ",
	 NULL},
	{"json: a new key in an empty object", FMT_JSON, "{}", {"s:b=true"}, "{\"b\": true}", "1~ ", NULL},
	{"json: a new key in a multi-line object gains the comma on the line before",
	 FMT_JSON,
	 "{\n  \"a\": 1\n}\n",
	 {"s:b=2"},
	 "{\n  \"a\": 1,\n  \"b\": 2\n}\n",
	 "2~ 3+ ",
	 NULL},
	{"json: a trailing comma stays the object's style",
	 FMT_JSON,
	 "{\n  \"a\": 1,\n}\n",
	 {"s:b=2"},
	 "{\n  \"a\": 1,\n  \"b\": 2,\n}\n",
	 "3+ ",
	 NULL},
	{"json: a line comment after the last value stays on its line",
	 FMT_JSON,
	 "{\n  \"a\": 1 // one\n}\n",
	 {"s:b=2"},
	 "{\n  \"a\": 1, // one\n  \"b\": 2\n}\n",
	 "2~ 3+ ",
	 NULL},
	{"json: deleting the last key takes the comma before it",
	 FMT_JSON,
	 "{\n  \"a\": 1,\n  \"b\": 2\n}\n",
	 {"d:b"},
	 "{\n  \"a\": 1\n}\n",
	 "2~ 3- ",
	 NULL},
	{"json: deleting a middle key removes its line only",
	 FMT_JSON,
	 "{\n  \"a\": 1,\n  \"b\": 2,\n  \"c\": 3\n}\n",
	 {"d:b"},
	 "{\n  \"a\": 1,\n  \"c\": 3\n}\n",
	 "3- ",
	 NULL},
	{"json: deleting in a one-line array",
	 FMT_JSON,
	 "{\"l\": [1, 2, 3]}",
	 {"d:l[1]"},
	 "{\"l\": [1, 3]}",
	 "1~ ",
	 NULL},
	{"json: deleting the last of a one-line array",
	 FMT_JSON,
	 "{\"l\": [1, 2]}",
	 {"d:l[1]"},
	 "{\"l\": [1]}",
	 "1~ ",
	 NULL},
	{"json: deleting the only element leaves []",
	 FMT_JSON,
	 "{\"l\": [\n  1\n]}",
	 {"d:l[0]"},
	 "{\"l\": []}",
	 "1~ 2- 2- ",
	 NULL},
	{"json: a string stays a string",
	 FMT_JSON,
	 "{\"v\": \"1\"}",
	 {"s:v=2"},
	 "{\"v\": \"2\"}",
	 "1~ ",
	 NULL},
	{"json: a number is written as typed",
	 FMT_JSON,
	 "{\"v\": 1}",
	 {"s:v=3.10"},
	 "{\"v\": 3.10}",
	 "1~ ",
	 NULL},
	{"json: a bool takes JSON; text that is not JSON is a string",
	 FMT_JSON,
	 "{\"v\": true}",
	 {"s:v=maybe"},
	 "{\"v\": \"maybe\"}",
	 "1~ ",
	 NULL},
	{"json: a quoted key is one key",
	 FMT_JSON,
	 "{\"a.b\": 1, \"a\": {\"b\": 2}}",
	 {"s:\"a.b\"=3"},
	 "{\"a.b\": 3, \"a\": {\"b\": 2}}",
	 "1~ ",
	 NULL},
	{"json: missing parents are written as objects",
	 FMT_JSON,
	 "{\"a\": 1}",
	 {"s:x.y=1"},
	 "{\"a\": 1, \"x\": {\"y\": 1}}",
	 "1~ ",
	 NULL},
	{"json: operations apply in order on the result of the last",
	 FMT_JSON,
	 "{\"a\": 1}",
	 {"s:b=2", "d:a"},
	 "{\"b\": 2}",
	 "1~ ",
	 NULL},
	{"json: a missing key", FMT_JSON, "{\"a\": 1}", {"d:b"}, NULL, NULL, "not_found"},
	{"json: an index past the end", FMT_JSON, "{\"l\": [1]}", {"s:l[3]=1"}, NULL, NULL, "not_found"},
	/* YAML */
	{"yaml: a plain value in place, its comment kept",
	 FMT_YAML,
	 "a: 1 # one\nb: x\n",
	 {"s:a=2"},
	 "a: 2 # one\nb: x\n",
	 "1~ ",
	 NULL},
	{"yaml: a double-quoted string stays double-quoted",
	 FMT_YAML,
	 "a: \"x\"\n",
	 {"s:a=y z"},
	 "a: \"y z\"\n",
	 "1~ ",
	 NULL},
	{"yaml: a plain string that would read as a bool is quoted",
	 FMT_YAML,
	 "a: x\n",
	 {"s:a=no"},
	 "a: \"no\"\n",
	 "1~ ",
	 NULL},
	{"yaml: a new key at the mapping's indentation",
	 FMT_YAML,
	 "m:\n    a: 1\nz: 2\n",
	 {"s:m.b=2"},
	 "m:\n    a: 1\n    b: 2\nz: 2\n",
	 "3+ ",
	 NULL},
	{"yaml: a block sequence item at the dashes' column",
	 FMT_YAML,
	 "l:\n- a\n- b\n",
	 {"a:l=c"},
	 "l:\n- a\n- b\n- c\n",
	 "4+ ",
	 NULL},
	{"yaml: a flow sequence item inside the brackets",
	 FMT_YAML,
	 "l: [a, b]\n",
	 {"a:l=c d"},
	 "l: [a, b, c d]\n",
	 "1~ ",
	 NULL},
	{"yaml: a comma in a flow item is quoted",
	 FMT_YAML,
	 "l: [a]\n",
	 {"a:l=c,d"},
	 "l: [a, \"c,d\"]\n",
	 "1~ ",
	 NULL},
	{"yaml: deleting the only key leaves {}",
	 FMT_YAML,
	 "m:\n  a: 1 # c\nz: 1\n",
	 {"d:m.a"},
	 "m: {}\nz: 1\n",
	 "1~ 2- ",
	 NULL},
	{"yaml: deleting the only item leaves []",
	 FMT_YAML,
	 "l:\n  - 1\n",
	 {"d:l[0]"},
	 "l: []\n",
	 "1~ 2- ",
	 NULL},
	{"yaml: an absent value takes the new one",
	 FMT_YAML,
	 "a:\nb: 1\n",
	 {"s:a=3"},
	 "a: 3\nb: 1\n",
	 "1~ ",
	 NULL},
	{"yaml: a mapping replaced by a scalar",
	 FMT_YAML,
	 "a:\n  x: 1\nb: 1\n",
	 {"s:a=3"},
	 "a: 3\nb: 1\n",
	 "1~ 2- ",
	 NULL},
	{"yaml: a tagged node is refused", FMT_YAML, "a: !t x\n", {"s:a=1"}, NULL, NULL, "unsupported_file"},
	{"yaml: an alias is refused",
	 FMT_YAML,
	 "a: &x 1\nb: *x\n",
	 {"s:b=2"},
	 NULL,
	 NULL,
	 "unsupported_file"},
	{"yaml: appending to a mapping is refused",
	 FMT_YAML,
	 "a:\n  x: 1\n",
	 {"a:a=2"},
	 NULL,
	 NULL,
	 "not_found"},
	/* TOML */
	{"toml: a value in place, its comment kept",
	 FMT_TOML,
	 "a = 1 # c\n",
	 {"s:a=2"},
	 "a = 2 # c\n",
	 "1~ ",
	 NULL},
	{"toml: a literal string stays literal", FMT_TOML, "a = 'x'\n", {"s:a=y"}, "a = 'y'\n", "1~ ", NULL},
	{"toml: a new key after the table's last pair",
	 FMT_TOML,
	 "[t]\na = 1\n\n[u]\nb = 2\n",
	 {"s:t.c=x"},
	 "[t]\na = 1\nc = \"x\"\n\n[u]\nb = 2\n",
	 "3+ ",
	 NULL},
	{"toml: a new key in a dotted table keeps the dots",
	 FMT_TOML,
	 "[t]\nv.a = 1\n",
	 {"s:t.v.b=2"},
	 "[t]\nv.a = 1\nv.b = 2\n",
	 "3+ ",
	 NULL},
	{"toml: an inline table gains a key",
	 FMT_TOML,
	 "a = { x = 1 }\n",
	 {"s:a.y=2"},
	 "a = { x = 1, y = 2 }\n",
	 "1~ ",
	 NULL},
	{"toml: an array of tables gains a table",
	 FMT_TOML,
	 "[[b]]\nn = 1\n",
	 {"a:b={\"n\":2}"},
	 "[[b]]\nn = 1\n\n[[b]]\nn = 2\n",
	 "3+ 4+ 5+ ",
	 NULL},
	{"toml: i64 max is fine",
	 FMT_TOML,
	 "a = 1\n",
	 {"s:a=9223372036854775807"},
	 "a = 9223372036854775807\n",
	 "1~ ",
	 NULL},
	{"toml: one past i64 max is usage",
	 FMT_TOML,
	 "a = 1\n",
	 {"s:a=9223372036854775808"},
	 NULL,
	 NULL,
	 "usage"},
	{"toml: null has no TOML form", FMT_TOML, "a = 1\n", {"s:b=null"}, NULL, NULL, "usage"},
	/* frontmatter */
	{"frontmatter: the YAML between the fences, the body untouched",
	 FMT_FRONTMATTER,
	 "---\nt: a\n---\nt: body\n",
	 {"s:t=b", "s:n=1"},
	 "---\nt: b\nn: 1\n---\nt: body\n",
	 "2~ 3+ ",
	 NULL},
	{"frontmatter: a date-looking value is written as typed",
	 FMT_FRONTMATTER,
	 "---\nd: 2020-01-01\n---\n",
	 {"s:d=2026-09-16"},
	 "---\nd: 2026-09-16\n---\n",
	 "2~ ",
	 NULL},
	/* selectors */
	{"selector: resolves to the one index",
	 FMT_JSON,
	 "{\"p\": [{\"n\": \"a\"}, {\"n\": \"b\", \"v\": 1}]}",
	 {"s:p[n=b].v=2"},
	 "{\"p\": [{\"n\": \"a\"}, {\"n\": \"b\", \"v\": 2}]}",
	 "1~ ",
	 NULL},
	{"selector: two matches are ambiguous",
	 FMT_JSON,
	 "{\"p\": [{\"n\": \"a\"}, {\"n\": \"a\"}]}",
	 {"s:p[n=a].v=2"},
	 NULL,
	 NULL,
	 "ambiguous"},
	{"selector: no match",
	 FMT_JSON,
	 "{\"p\": [{\"n\": \"a\"}]}",
	 {"s:p[n=z].v=2"},
	 NULL,
	 NULL,
	 "not_found"},
};

static void marks_text(struct buf *b, const struct tf_result *r)
{
	for (size_t i = 0; i < r->n_marks; i++)
		buf_addf(b, "%ld%c ", r->marks[i].line, " ~+-"[r->marks[i].mk]);
}

static void run_case(const struct ecase *c)
{
	struct tf_op ops[4];
	size_t n = 0;
	for (; n < 4 && c->ops[n]; n++) {
		ops[n].kind = c->ops[n][0] == 's' ? TF_SET : c->ops[n][0] == 'd' ? TF_DELETE : TF_APPEND;
		ops[n].arg = c->ops[n] + 2;
	}
	struct tf_result r = TF_RESULT_INIT;
	struct diag d = DIAG_INIT;
	enum lets_err e = tf_apply(c->f, "f", c->in, strlen(c->in), ops, n, &r, &d);
	if (!c->want) {
		unit_str(c->name, e ? err_slug(e) : "(applied)", c->slug);
	} else if (unit_check(e == LETS_OK, "%s: applies", c->name)) {
		char name[300];
		snprintf(name, sizeof(name), "%s: bytes", c->name);
		unit_bytes(name, r.data, r.len, c->want);
		struct buf m = BUF_INIT;
		marks_text(&m, &r);
		snprintf(name, sizeof(name), "%s: marks", c->name);
		unit_str(name, buf_str(&m), c->marks);
		buf_release(&m);
		char detail[120];
		snprintf(name, sizeof(name), "%s: parses", c->name);
		unit_check(format_valid(c->f, NULL, r.data, r.len, detail, sizeof(detail)), "%s", name);
	} else {
		printf("  %s\n", d.n ? d.items[0].message : "");
	}
	tf_result_release(&r);
	diag_release(&d);
}

static void test_paths(void)
{
	static const struct {
		const char *arg;
		bool value;
		const char *printed; /* NULL: refused */
	} p[] = {
		{"a.b[0].c=1", true, "a.b[0].c"},
		{"\"a.b\".c=1", true, "\"a.b\".c"},
		{"plugins[name=gitty].version=2", true, "plugins[name=gitty].version"},
		{"bin[]={}", true, "bin"},
		{"a=b=c", true, "a"},
		{"a.b", false, "a.b"},
		{"a..b", false, NULL},
		{"a[x", false, NULL},
		{"\"open", false, NULL},
		{"a=1", false, NULL},
		{"a", true, NULL},
	};
	for (size_t i = 0; i < sizeof(p) / sizeof(p[0]); i++) {
		struct tpath t = TPATH_INIT;
		struct diag d = DIAG_INIT;
		enum lets_err e = tpath_parse(&t, p[i].arg, p[i].value, "--set <SET>", &d);
		struct buf b = BUF_INIT;
		if (!e)
			tpath_print(&b, &t, t.n);
		char name[200];
		snprintf(name, sizeof(name), "path %s", p[i].arg);
		unit_str(name, e ? NULL : buf_str(&b), p[i].printed ? p[i].printed : "(null)");
		buf_release(&b);
		tpath_release(&t);
		diag_release(&d);
	}
}

static void test_values(void)
{
	static const struct {
		const char *s;
		bool plain;
	} y[] = {
		{"hello world", true}, {"yes", false},   {"No", false},        {"null", false},
		{"~", false},          {"12", false},    {"1.5", false},       {"1e3", false},
		{"0x1f", false},       {"1_000", false}, {"2026.09.16", true}, {"2026-09-16", true},
		{"a: b", false},       {"a:b", true},    {"a #b", false},      {"a#b", true},
		{"-x", true},          {"- x", false},   {"", false},          {" x", false},
		{"@x", false},         {"x,y", true},    {"v1.2.3", true},     {".inf", false},
		{"3:20", false},
	};
	for (size_t i = 0; i < sizeof(y) / sizeof(y[0]); i++)
		unit_check(yaml_plain_ok(y[i].s, strlen(y[i].s), false) == y[i].plain, "yaml plain %s is %d",
			   y[i].s, y[i].plain);
	unit_check(!yaml_plain_ok("x,y", 3, true), "a comma is not plain inside a flow collection");
	struct tv v;
	unit_check(tv_parse(&v, "3.10", 4) && v.k == TV_NUM && !strcmp(v.s, "3.10"),
		   "a number keeps its text");
	tv_release(&v);
	unit_check(!tv_parse(&v, "01", 2), "a leading zero is not JSON");
	unit_check(!tv_parse(&v, "\"a\\u0000\"", 9), "a NUL in a string is refused");
	unit_check(tv_parse(&v, "\"\\ud83d\\ude00\"", 14) && !strcmp(v.s, "\xF0\x9F\x98\x80"),
		   "a surrogate pair");
	tv_release(&v);
	struct buf b = BUF_INIT;
	char err[200];
	unit_check(tv_parse(&v, "{\"a b\":[1,\"x\"]}", 15) && tv_toml(&b, &v, err, sizeof(err)),
		   "toml encodes");
	unit_str("toml inline table with a quoted key", buf_str(&b), "{ \"a b\" = [1, \"x\"] }");
	tv_release(&v);
	buf_release(&b);
}

/* A batch of operations on one file gives what the same operations give one parse each (the
 * queued --sets of engine.c against tf_apply_unqueued): bytes, marks, key lines, keys, verdict. */
struct qdoc {
	enum format f;
	const char *in;
	const char *pool[24];
};

static const struct qdoc qdocs[] = {
	{FMT_JSON,
	 "{\n  \"k0\": 0,\n  \"k1\": \"one\",\n  \"k2\": 2, \"k3\": 3,\n  \"k4\": null,\n  \"k5\": 5,\n"
	 "  \"k6\": 6,\n  \"k7\": 7,\n  \"k8\": 8,\n  \"k9\": 9,\n  \"k10\": 10,\n  \"k11\": 11,\n"
	 "  \"k12\": 12,\n  \"k13\": 13,\n  \"k14\": 14,\n  \"k15\": 15,\n  \"k16\": 16,\n"
	 "  \"m\": {\"a\": 1, \"b\": \"x\"},\n  \"l\": [1,\n2, 3],\n"
	 "  \"o\": [{\"name\": \"x\", \"v\": 1}, {\"name\": \"y\", \"v\": 2}]\n}\n",
	 {"s:k0=1",          "s:k1=two",   "s:k2=5",     "s:k3=\"q\"", "s:k4=4",   "s:k4.z=1",
	  "s:k5={\"e\": 1}", "s:k5.f=2",   "s:k16=true", "s:m.a=7",    "s:m.b=y",  "s:m.c=3",
	  "s:l[0]=9",        "s:l[2]=8",   "a:l[]=4",    "d:k3",       "d:m.a",    "s:o[name=y].v=5",
	  "s:o[1].name=x",   "s:o[0].v=3", "s:new=1",    "d:l[0]",     "s:l[1]=2", "s:k9=a b"}},
	{FMT_YAML,
	 "k0: 0\nk1: one\nk2: 2\nk3: 'three'\nk4:\nk5: 5\nk6: 6\nk7: 7\nk8: 8\nk9: 9\nk10: 10\nk11: 11\n"
	 "k12: 12\nk13: 13\nk14: 14\nk15: 15\nk16: 16\nm: {a: 1, b: x}\nl:\n  - 1\n  - 2\n"
	 "o:\n  - name: x\n    v: 1\n  - name: y\n    v: 2\nf: [1,\n2, 3]\n",
	 {"s:k0=1",          "s:k1=two",   "s:k2=5",     "s:k3=q",   "s:k4=4",   "s:k4.z=1",
	  "s:k5={\"e\": 1}", "s:k5.f=2",   "s:k16=true", "s:m.a=7",  "s:m.b=y",  "s:m.c=3",
	  "s:l[0]=9",        "s:l[1]=8",   "a:l[]=4",    "d:k3",     "d:m.a",    "s:o[name=y].v=5",
	  "s:o[1].name=x",   "s:o[0].v=3", "s:f[1]=7",   "s:f[2]=6", "s:f[1]=2", "s:k9=a b"}},
	{FMT_TOML,
	 "k0 = 0\nk1 = \"one\"\nk2 = 2\nk3 = 'three'\nk5 = 5\nk6 = 6\nk7 = 7\nk8 = 8\nk9 = 9\nk10 = 10\n"
	 "k11 = 11\nk12 = 12\nk13 = 13\nk14 = 14\nk15 = 15\nk16 = 16\nl = [1, 2, 3]\n"
	 "t = {a = 1, b = \"x\"}\n\n[m]\na = 1\nb = \"x\"\n\n[[o]]\nname = \"x\"\nv = 1\n\n[[o]]\n"
	 "name = \"y\"\nv = 2\n",
	 {"s:k0=1",          "s:k1=two",   "s:k2=5",     "s:k3=q",  "s:t.a=4", "s:t.b=z",
	  "s:k5={\"e\": 1}", "s:k5.f=2",   "s:k16=true", "s:m.a=7", "s:m.b=y", "s:m.c=3",
	  "s:l[0]=9",        "s:l[2]=8",   "a:l[]=4",    "d:k3",    "d:m.a",   "s:o[name=y].v=5",
	  "s:o[1].name=x",   "s:o[0].v=3", "s:new=1",    "d:l[0]",  "s:k2=2",  "s:k9=a b"}},
};

static void result_text(struct buf *b, enum lets_err e, const struct tf_result *r)
{
	buf_addf(b, "%s\n", e ? err_slug(e) : "ok");
	if (e)
		return;
	buf_add(b, r->data, r->len);
	for (size_t i = 0; i < r->n_marks; i++) {
		buf_addf(b, "\n%ld%c ", r->marks[i].line, " ~+-"[r->marks[i].mk]);
		if (r->marks[i].text)
			buf_add(b, r->marks[i].text, r->marks[i].len);
	}
	for (size_t i = 0; i < r->n_ops; i++)
		buf_addf(b, "\n%s line %ld aliases %ld", r->keys[i], r->lines[i], r->aliases[i]);
	buf_addf(b, "\nselectors %zu", r->resolved.n);
}

static struct tf_op pool_op(const struct qdoc *q, size_t i)
{
	const char *a = q->pool[i];
	return (struct tf_op){a[0] == 's' ? TF_SET : a[0] == 'd' ? TF_DELETE : TF_APPEND, a + 2, false};
}

/* Whether ops on q give the same with the queue as without; a difference is reported by name. */
static bool queue_same(const struct qdoc *q, const struct tf_op *ops, size_t n, const char *name,
		       int *applied)
{
	struct tf_result r1 = TF_RESULT_INIT, r2 = TF_RESULT_INIT;
	struct diag d1 = DIAG_INIT, d2 = DIAG_INIT;
	enum lets_err e1 = tf_apply(q->f, "f", q->in, strlen(q->in), ops, n, &r1, &d1);
	enum lets_err e2 = tf_apply_unqueued(q->f, "f", q->in, strlen(q->in), ops, n, &r2, &d2);
	struct buf b1 = BUF_INIT, b2 = BUF_INIT;
	result_text(&b1, e1, &r1);
	result_text(&b2, e2, &r2);
	char *m1 = diag_joined(&d1), *m2 = diag_joined(&d2);
	bool ok = !strcmp(buf_str(&b1), buf_str(&b2)) && !strcmp(m1 ? m1 : "", m2 ? m2 : "");
	*applied += !e1;
	if (!ok)
		unit_str(name, buf_str(&b1), buf_str(&b2));
	free(m1);
	free(m2);
	buf_release(&b1);
	buf_release(&b2);
	tf_result_release(&r1);
	tf_result_release(&r2);
	diag_release(&d1);
	diag_release(&d2);
	return ok;
}

static void test_queue(void)
{
	unsigned long seed = 12345;
	int same = 0, total = 0, applied = 0;
	char name[80];
	for (size_t di = 0; di < sizeof(qdocs) / sizeof(qdocs[0]); di++) {
		const struct qdoc *q = &qdocs[di];
		/* every pair: each operation after each other one */
		for (size_t i = 0; i < 24; i++)
			for (size_t j = 0; j < 24; j++) {
				struct tf_op ops[2] = {pool_op(q, i), pool_op(q, j)};
				snprintf(name, sizeof(name), "queue: document %zu, %s then %s", di,
					 q->pool[i], q->pool[j]);
				same += queue_same(q, ops, 2, name, &applied);
				total++;
			}
		for (int run = 0; run < 300; run++) {
			struct tf_op ops[30];
			size_t n = 1 + (size_t)(run % 30);
			for (size_t k = 0; k < n; k++) {
				seed = seed * 6364136223846793005ul + 1442695040888963407ul;
				ops[k] = pool_op(q, (seed >> 33) % 24);
			}
			snprintf(name, sizeof(name), "queue: document %zu, run %d", di, run);
			same += queue_same(q, ops, n, name, &applied);
			total++;
		}
	}
	unit_check(same == total && applied > total / 4,
		   "queue: %d of %d batches (%d applied) as one parse per operation gives", same, total,
		   applied);
}

int main(void)
{
	unit_begin("transform");
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		run_case(&cases[i]);
	test_paths();
	test_values();
	test_queue();
	return unit_end();
}
