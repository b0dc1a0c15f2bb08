/* Unit tests for src/symbols/: the extension table, the parse API edit's structural check uses,
 * and symbol resolution on in-memory files — spans, provenance (guessed_end), the partial-parse
 * fallback, and the failure messages. Expected spans are counted by hand from the sources below. */
#include "unit.h"

#include "alloc.h"
#include "buf.h"
#include "error.h"
#include "file.h"
#include "symbols/chunk.h"
#include "symbols/defs.h"
#include "symbols/lang.h"
#include "symbols/parse.h"
#include "symbols/ranges.h"
#include "symbols/symbols.h"
#include "target.h"

static void test_lang(void)
{
	static const struct {
		const char *path, *lang; /* NULL: no grammar */
	} cases[] = {
		{"a.go", "go"},      {"src/x.tsx", "tsx"}, {"x.mjs", "javascript"}, {"x.cjs", "javascript"},
		{"x.jsonc", "json"}, {"x.yml", "yaml"},    {"x.h", "cpp"},          {"x.cc", "cpp"},
		{"x.cs", "c_sharp"}, {"x.bash", "bash"},   {"x.md", "markdown"},    {"x.kt", NULL},
		{"x.vue", NULL},     {"Makefile", NULL},   {"dir.go/file", NULL},   {".bashrc", NULL},
		{"x.GO", "go"},      {"C.JSON", "json"},   {"x.Md", "markdown"},    {"x.", NULL},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		const struct lang *l = lang_for_path(cases[i].path);
		unit_str(cases[i].path, l ? l->name : NULL, cases[i].lang ? cases[i].lang : "(null)");
	}
	unit_str("extension of a.kt", lang_extension("src/a.kt"), ".kt");
	unit_str("extension of Makefile", lang_extension("x/Makefile"), "Makefile");
	unit_str("every rule names a node type its grammar has", ts_rules_missing(), "(null)");
	bool ids = true;
	for (int id = 0; id < L_COUNT; id++)
		ids = ids && lang_by_id((enum lang_id)id)->id == (enum lang_id)id &&
		      lang_by_id((enum lang_id)id)->grammar;
	unit_check(ids, "every language id has its row");
}

static const struct {
	const char *name, *path, *src;
	int errors; /* -1: no grammar; else 0 or "some" (1) */
	long first_line; /* of the first error, 0 when none */
} syntax_cases[] = {
	{"ts clean", "a.ts", "export function f(x: number) {\n  return x\n}\n", 0, 0},
	{"ts extra paren", "a.ts", "function f() {\n  return g(1))\n}\n", 1, 2},
	{"go missing brace", "a.go", "package a\n\nfunc f() {\n\treturn\n", 1, 5},
	{"go clean", "a.go", "package a\n\nfunc f() {}\n", 0, 0},
	{"jsonc clean", "a.jsonc", "{\"a\": [1, 2]}\n", 0, 0},
	{"json broken", "a.json", "{\"a\": [1, 2}\n", 1, 1},
	{"python clean", "a.py", "def f():\n    return 1\n", 0, 0},
	{"no grammar kt", "a.kt", "fun f() {}\n", -1, 0},
	{"no grammar no extension", "Makefile", "all:\n", -1, 0},
	{"empty file", "a.rs", "", 0, 0},
};

/* A whole file checked as a change from the empty file: its errors, and the first one's line. */
static void test_syntax_errors(void)
{
	for (size_t i = 0; i < sizeof syntax_cases / sizeof *syntax_cases; i++) {
		struct syntax_delta d = {.before = -1, .after = -1, .first_line = -7};
		bool has = syntax_check_change(syntax_cases[i].path, "", 0, syntax_cases[i].src,
					       strlen(syntax_cases[i].src), &d);
		char name[128];
		snprintf(name, sizeof name, "syntax %s: count", syntax_cases[i].name);
		if (syntax_cases[i].errors < 0) {
			unit_long(name, has ? 1 : -1, -1);
			continue;
		}
		unit_long(name, d.after > 0 ? 1 : d.after, syntax_cases[i].errors);
		snprintf(name, sizeof name, "syntax %s: first line", syntax_cases[i].name);
		unit_long(name, d.first_line, syntax_cases[i].first_line);
	}
}

/* The incremental parse behind a change must agree with a fresh parse of the same bytes, through
 * breaking and repairing. */
static void test_incremental(void)
{
	const char *v0 = "fn a() {}\n\nfn b() {\n    let x = 1;\n}\n";
	const char *v1 = "fn a() {}\n\nfn b() {\n    let x = (1;\n}\n"; /* unclosed paren, line 4 */
	const char *v2 = "fn a() {}\n\nfn b() {\n    let x = (1);\n}\nfn c() {}\n";
	struct syntax_delta d01, d12, d22, d2e, fresh;
	syntax_check_change("x.rs", v0, strlen(v0), v1, strlen(v1), &d01);
	unit_long("incremental: clean before", d01.before, 0);
	unit_long("incremental: broken has errors", d01.after > 0, 1);
	unit_long("incremental: first error line", d01.first_line, 4);
	syntax_check_change("x.rs", "", 0, v1, strlen(v1), &fresh);
	unit_long("incremental: count equals a fresh parse", d01.after, fresh.after);
	syntax_check_change("x.rs", v1, strlen(v1), v2, strlen(v2), &d12);
	unit_long("incremental: before counts the break", d12.before, fresh.after);
	unit_long("incremental: repaired", d12.after, 0);
	unit_long("incremental: repaired line", d12.first_line, 0);
	syntax_check_change("x.rs", v2, strlen(v2), v2, strlen(v2), &d22);
	unit_long("incremental: same bytes", d22.after, 0);
	syntax_check_change("x.rs", v2, strlen(v2), "", 0, &d2e);
	unit_long("incremental: to empty", d2e.after, 0);
	unit_check(parse_has_grammar("src/a.tsx") && !parse_has_grammar("a.kt"), "parse_has_grammar");
}

/* A Go file of n small functions, one per 5 lines from line 3: "func fN() int {" ... "}" "". */
static char *go_file(int n, size_t *len)
{
	struct buf b = BUF_INIT;
	buf_adds(&b, "package big\n\n");
	for (int i = 0; i < n; i++)
		buf_addf(&b, "func f%d() int {\n\tx := %d\n\treturn x\n}\n\n", i, i);
	*len = b.len;
	return buf_detach(&b);
}

/* Replaces the first occurrence of from with to; the caller frees. */
static char *replaced(const char *s, const char *from, const char *to, size_t *len)
{
	const char *at = strstr(s, from);
	struct buf b = BUF_INIT;
	buf_add(&b, s, (size_t)(at - s));
	buf_adds(&b, to);
	buf_adds(&b, at + strlen(from));
	*len = b.len;
	return buf_detach(&b);
}

static void check_change(const char *title, const char *path, const char *before, size_t before_len,
			 const char *after, size_t after_len, int want_before, int want_after_some,
			 long want_line, int want_partial)
{
	struct syntax_delta d = {.before = -1, .after = -1, .first_line = -1};
	char name[128];
	snprintf(name, sizeof name, "check_change %s: has grammar", title);
	if (!unit_check(syntax_check_change(path, before, before_len, after, after_len, &d), "%s", name))
		return;
	snprintf(name, sizeof name, "check_change %s: before", title);
	unit_long(name, d.before > 0 ? 1 : d.before, want_before);
	snprintf(name, sizeof name, "check_change %s: after", title);
	unit_long(name, d.after > 0 ? 1 : d.after, want_after_some);
	snprintf(name, sizeof name, "check_change %s: first line", title);
	unit_long(name, d.first_line, want_line);
	snprintf(name, sizeof name, "check_change %s: partial", title);
	unit_long(name, d.partial, want_partial);
}

static void test_check_change(void)
{
	const char *s0 = "function f() {\n  return g(1)\n}\n";
	const char *s1 = "function f() {\n  return g(1))\n}\n";
	check_change("small file", "a.ts", s0, strlen(s0), s1, strlen(s1), 0, 1, 2, false);
	check_change("small clean edit", "a.ts", s0, strlen(s0), s0, strlen(s0), 0, 0, 0, false);
	struct syntax_delta d;
	unit_check(!syntax_check_change("a.kt", s0, strlen(s0), s1, strlen(s1), &d),
		   "check_change without grammar");

	/* 4,000 functions (~100 KB): f2000 starts on line 3 + 5 * 2000 = 10003. */
	size_t n0, n1, n2, n3;
	char *big = go_file(4000, &n0);
	char *broken = replaced(big, "\tx := 2000\n", "\tx := (2000\n", &n1);
	check_change("large file, new error", "big.go", big, n0, broken, n1, 0, 1, 10004, true);
	char *fine = replaced(big, "\tx := 2000\n", "\tx := 2000 + 1\n\ty := x\n", &n2);
	check_change("large file, clean edit", "big.go", big, n0, fine, n2, 0, 0, 0, true);
	/* An error already in the region before the change: the whole file decides. */
	char *pre_broken = replaced(big, "\treturn x\n}\n\nfunc f2001", "\treturn (x\n}\n\nfunc f2001", &n3);
	size_t n4;
	char *edited = replaced(pre_broken, "\tx := 2000\n", "\tx := 2001\n", &n4);
	check_change("large file, error before", "big.go", pre_broken, n3, edited, n4, 1, 1, 10005, false);
	free(edited);
	free(big);
	free(broken);
	free(fine);
	free(pre_broken);
}

/* Resolves name in an in-memory file; returns the error, fills *sp. */
static enum lets_err resolve_in(const char *path, char *data, size_t len, const char *name,
				struct target_span *sp)
{
	struct file f = FILE_INIT;
	f.path = xstrdup(path);
	f.size = len;
	f.data = data; /* owned by f from here */
	file_index(&f);
	struct diag d = DIAG_INIT;
	enum lets_err e = symbols_resolve(&f, name, "T", sp, &d);
	diag_release(&d);
	file_release(&f);
	return e;
}

/* A YAML file over the size where only the indented block and its enclosing keys are parsed. */
static void test_yaml_partial(void)
{
	static const struct {
		const char *name;
		enum lets_err err;
		long start, end;
	} cases[] = {
		/* 2 header lines, then 2,000 entries of 6 lines: entry i starts on line 3 + 6i. */
		{"/e1000.get", LETS_OK, 6004, 6008},
		{"paths./e1999.get.summary", LETS_OK, 11999, 11999},
		{"steps.name", E_AMBIGUOUS, 0, 0},
		/* then steps (12003-12006), components (12007), User (12008), description (12009). */
		{"User.description", LETS_OK, 12009, 12011},
		/* "summary: fake" sits inside a block scalar: text, not a key. */
		{"User.summary", E_NOT_FOUND, 0, 0},
		{"ghost.get", E_NOT_FOUND, 0, 0},
		/* A sequence at its key's own column (compact form), after components (12012 blank). */
		{"compact.run", E_AMBIGUOUS, 0, 0},
		{"compact", LETS_OK, 12013, 12017},
		/* A key holding a dot: its block is cut at the key's column, not past the dot. */
		{"\"projects.secrets\"", LETS_OK, 12020, 12023},
		{"$.top.\"projects.secrets\"", LETS_OK, 12020, 12023},
		/* Unquoted, the key holding a dot is a second reading of projects -> secrets. */
		{"projects.secrets", E_AMBIGUOUS, 0, 0},
	};
	struct buf b = BUF_INIT;
	buf_adds(&b, "openapi: 3.0.0\npaths:\n");
	for (int i = 0; i < 2000; i++)
		buf_addf(
			&b,
			"  /e%d:\n    get:\n      summary: entry %d\n      responses:\n        '200':\n          description: ok\n",
			i, i);
	buf_adds(&b, "steps:\n  - name: a\n    run: x\n  - name: b\n");
	buf_adds(&b, "components:\n  User:\n    description: |\n      a user\n      summary: fake\n\n");
	buf_adds(&b, "compact:\n- run: a\n- name: b\n  run: c\n- x\nafter: 1\n");
	buf_adds(&b, "top:\n  projects.secrets:\n    home: secrets\n    a: 1\n    b: 2\n");
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct target_span sp = {0};
		enum lets_err e = resolve_in("big.yaml", xstrndup(b.data, b.len), b.len, cases[i].name, &sp);
		char name[96];
		snprintf(name, sizeof name, "yaml partial %s: error", cases[i].name);
		unit_str(name, err_slug(e), err_slug(cases[i].err));
		if (e == LETS_OK && cases[i].err == LETS_OK) {
			snprintf(name, sizeof name, "yaml partial %s: span", cases[i].name);
			unit_long(name, sp.start * 100000 + sp.end, cases[i].start * 100000 + cases[i].end);
		}
	}
	buf_release(&b);
}

enum want { OK, NOT_FOUND, AMBIGUOUS, NO_GRAMMAR };

#define PY_DOC \
	"\"\"\"Module doc.\n\nclass MyFuncs:\n    pass\n\nMore text.\n\"\"\"\n\n\ndef _test():\n    pass\n"
#define JSON_ROOT                                                                                                     \
	"{\n  \"properties\": {\n    \"default\": 1\n  },\n  \"x\": {\n    \"properties\": {\n      \"default\": 2\n" \
	"    }\n  }\n}\n"
#define RS_TRAIT "trait Shape {\n    type Output;\n    const N: usize;\n    fn area(&self) -> f64;\n}\n"
#define JS_MOD                                                                                                           \
	"module.exports = class Store {\n  open() {\n    return 1;\n  }\n};\n\na.b.c = function () {\n  return 2;\n};\n" \
	"\nconst obj = {\n  run() {\n    return 3;\n  },\n  stop: function () {\n    return 4;\n  },\n};\n"
#define SH_ERR                                                                                                     \
	"# helper() is below\nhelper () {\n  echo hi\n}\n\nif [ \\( -f x \\) ]; then\n  echo y\nfi\n\nother() {\n" \
	"  echo z\n}\n"

static const struct {
	const char *title, *path, *src, *name;
	enum want want;
	long start, end;
	bool guessed; /* plaintext span not brace-matched */
	bool plain; /* the heuristic answers though the file has a grammar */
} resolve_cases[] = {
	{"go method by receiver", "a.go", "package a\n\nfunc (s *S) Run() {\n}\n\nfunc Run() {}\n", "S.Run",
	 OK, 3, 4, false, false},
	{"go plain name is ambiguous", "a.go", "package a\n\nfunc (s *S) Run() {\n}\n\nfunc Run() {}\n",
	 "Run", AMBIGUOUS, 0, 0, false, false},
	{"go crlf", "a.go", "package a\r\n\r\nfunc A() {\r\n}\r\n", "A", OK, 3, 4, false, false},
	{"go empty file", "a.go", "", "A", NOT_FOUND, 0, 0, false, false},
	{"empty name", "a.go", "package a\n", "", NOT_FOUND, 0, 0, false, false},
	/* The top-level item around "fake" starts inside a string: the partial parse errs, and the
	 * full parse sees the string. */
	{"python def inside a string", "a.py",
	 "X = \"\"\"\n\ndef fake():\n    pass\n\"\"\"\n\ndef real():\n    pass\n", "fake", NOT_FOUND, 0, 0,
	 false, false},
	{"python def after the string", "a.py",
	 "X = \"\"\"\n\ndef fake():\n    pass\n\"\"\"\n\ndef real():\n    pass\n", "real", OK, 7, 8, false,
	 false},
	{"go raw string", "a.go", "package a\n\nvar s = `\n\nfunc Fake() {}\n`\n\nfunc Real() {}\n", "Fake",
	 NOT_FOUND, 0, 0, false, false},
	/* A C++ namespace at column 0 splits no item wrongly: ns.f still resolves. */
	{"cpp namespace at column 0", "a.cpp", "namespace ns {\n\nvoid f() {}\n\n}\n", "ns.f", OK, 3, 3,
	 false, false},
	{"markdown section to the end", "a.md", "# A\n\n## B\ntext\n", "B", OK, 3, 4, false, false},
	{"markdown deeper heading stays inside", "a.md", "## B\n### C\nx\n## D\n", "B", OK, 1, 3, false,
	 false},
	{"markdown nested path", "a.md", "# A\n## B\n# C\n## B\n", "C.B", OK, 4, 4, false, false},
	{"markdown heading in a fence", "a.md", "# A\n\n```\n# B\n```\n\n## B\nx\n", "B", OK, 7, 8, false,
	 false},
	{"markdown fence in a list", "a.md", "# A\n- item\n  ```\n  # B\n  ```\n", "B", NOT_FOUND, 0, 0,
	 false, false},
	{"markdown setext", "a.md", "# A\n\nB\n---\n\ntext\n# C\n", "A.B", OK, 3, 6, false, false},
	{"markdown dotted heading", "a.md", "# Log\n## v1.2.0\nfix\n## v1.1.0\n", "Log.v1.2.0", OK, 2, 3,
	 false, false},
	{"markdown front matter", "a.md", "---\ntitle: x\n---\n\n# x\n", "x", OK, 5, 5, false, false},
	{"rust attribute and impl", "a.rs", "struct S;\n\n#[inline]\nimpl S {\n    fn f() {}\n}\n", "S.f", OK,
	 5, 5, false, false},
	{"yaml key path", "a.yaml", "a:\n  b:\n    c: 1\n", "a.b.c", OK, 3, 3, false, false},
	{"toml dotted table", "a.toml", "[a.b]\nc = 1\n\n[d]\n", "a.b", OK, 1, 2, false, false},
	{"json empty key", "a.json", "{\"\": 1, \"k\": 2}\n", "k", OK, 1, 1, false, false},
	{"ts overloads join", "a.ts", "function f(a: string): void\nfunction f(a: any) {\n}\n", "f", OK, 1, 3,
	 false, false},
	{"c prototype alone", "a.h", "int f(void);\n", "f", OK, 1, 1, false, false},
	{"parse errors elsewhere", "a.js", "function ok() {\n  return 1\n}\nfunction bad( {\n", "ok", OK, 1,
	 3, false, false},
	{"plaintext braces", "a.kt", "fun f() {\n  x\n}\n", "f", OK, 1, 3, false, false},
	{"plaintext brace on the next line", "a.txt", "void f()\n{\n  x;\n}\n", "f", OK, 1, 4, false, false},
	{"plaintext multi-line parameters", "a.kt", "fun f(\n  a: Int,\n) {\n  a\n}\n", "f", OK, 1, 5, false,
	 false},
	{"plaintext brace in a string", "a.kt", "fun f() {\n  val s = \"}\"\n}\n", "f", OK, 1, 3, false,
	 false},
	{"plaintext indentation", "a.txt", "def f():\n    x\n\n    y\n\nz\n", "f", OK, 1, 4, true, false},
	{"plaintext single line", "a.kt", "val f = 3\nval g = 4\n", "f", OK, 1, 1, true, false},
	{"plaintext keyword beats call", "a.kt", "g(f(1))\nfun f(x: Int) = x\n", "f", OK, 2, 2, true, false},
	{"plaintext calls alone are candidates", "a.txt", "f(1)\nf(2)\n", "f", AMBIGUOUS, 0, 0, false, false},
	{"plaintext whole word", "a.kt", "fun fx() {}\n", "f", NOT_FOUND, 0, 0, false, false},
	{"plaintext regex text is literal", "a.kt", "fun f() {}\n", "f.*", NOT_FOUND, 0, 0, false, false},
	{"no grammar, invalid UTF-8", "a.txt", "caf\xe9\n", "x", NO_GRAMMAR, 0, 0, false, false},
	/* Issue 18, 1: a key holding a dot spans its whole block, in a cut parse too. */
	{"yaml dotted key", "a.yaml",
	 "top:\n  projects.secrets:\n    home: secrets\n    a: 1\n    b: 2\nother: 1\n",
	 "\"projects.secrets\"", OK, 2, 5, false, false},
	{"yaml dotted key, qualified", "a.yaml",
	 "top:\n  projects.secrets:\n    home: secrets\n    a: 1\n    b: 2\nother: 1\n",
	 "top.\"projects.secrets\"", OK, 2, 5, false, false},
	/* Issue 26, 5: unquoted, a key holding dots is a second reading of the path: ambiguous. */
	{"yaml dotted key, unquoted", "a.yaml",
	 "top:\n  projects.secrets:\n    home: secrets\n    a: 1\n    b: 2\nother: 1\n",
	 "top.projects.secrets", AMBIGUOUS, 0, 0, false, false},
	{"yaml escaped dot", "a.yaml",
	 "top:\n  projects.secrets:\n    home: secrets\n    a: 1\n    b: 2\nother: 1\n",
	 "top.projects\\.secrets", OK, 2, 5, false, false},
	/* 2: code at column 0 inside a docstring is text. */
	{"python class in a docstring", "a.py", PY_DOC, "MyFuncs", NOT_FOUND, 0, 0, false, false},
	{"python def after a docstring", "a.py", PY_DOC, "_test", OK, 10, 11, false, false},
	{"python docstring names the def", "a.py",
	 "\"\"\"Doc.\n\ndef _test():\n    pass\n\nEnd.\n\"\"\"\n\n\ndef _test():\n    return 1\n", "_test",
	 OK, 10, 11, false, false},
	/* 3: "$." starts at the root. */
	{"json suffix path is ambiguous", "a.json", JSON_ROOT, "properties.default", AMBIGUOUS, 0, 0, false,
	 false},
	{"json root path", "a.json", JSON_ROOT, "$.properties.default", OK, 3, 3, false, false},
	{"json root path, nested", "a.json", JSON_ROOT, "$.x.properties.default", OK, 7, 7, false, false},
	{"json root path, not at the root", "a.json", JSON_ROOT, "$.default", NOT_FOUND, 0, 0, false, false},
	{"yaml root path", "a.yaml", "properties:\n  default: 1\nx:\n  properties:\n    default: 2\n",
	 "$.properties.default", OK, 2, 2, false, false},
	{"toml root path", "a.toml", "[a]\nb = 1\n\n[x.a]\nb = 2\n", "$.a.b", OK, 2, 2, false, false},
	{"jsonc comment holding a brace", "a.jsonc", "{\n  // \"x\": {\n  \"a\": {\n    \"b\": 1\n  }\n}\n",
	 "$.a.b", OK, 4, 4, false, false},
	{"go has no root path", "a.go", "package a\n\nfunc F() {}\n", "$.F", NOT_FOUND, 0, 0, false, false},
	/* 5: trait associated types and consts. */
	{"rust associated type", "a.rs", RS_TRAIT, "Shape.Output", OK, 2, 2, false, false},
	{"rust associated const", "a.rs", RS_TRAIT, "Shape.N", OK, 3, 3, false, false},
	/* 6: JavaScript module patterns. */
	{"js module.exports class", "a.js", JS_MOD, "Store", OK, 1, 5, false, false},
	{"js module.exports class member", "a.js", JS_MOD, "Store.open", OK, 2, 4, false, false},
	{"js exports is not the name", "a.js", JS_MOD, "exports", NOT_FOUND, 0, 0, false, false},
	{"js a.b.c = function", "a.js", JS_MOD, "a.b.c", OK, 7, 9, false, false},
	{"js a.b.c as b.c", "a.js", JS_MOD, "b.c", OK, 7, 9, false, false},
	{"js object method", "a.js", JS_MOD, "obj.run", OK, 12, 14, false, false},
	{"js key: function", "a.js", JS_MOD, "obj.stop", OK, 15, 17, false, false},
	/* 7: shell. */
	{"bash name () {", "a.sh", SH_ERR, "helper", OK, 2, 4, false, false},
	{"bash after an ERROR node", "a.sh", SH_ERR, "other", OK, 10, 12, false, true},
	{"plaintext name () {", "a.zsh", "# helper() is below\nhelper () {\n  echo hi\n}\n", "helper", OK, 2,
	 4, false, false},
	{"plaintext comment is no definition", "a.zsh", "# helper() is below\nhelper\n", "helper", NOT_FOUND,
	 0, 0, false, false},
	/* 8: C and C++ through macros. */
	{"c return-type macro", "a.h", "PyAPI_FUNC(PyObject *) PyBig_Get(PyObject *t, Py_ssize_t i);\n",
	 "PyBig_Get", OK, 1, 1, false, false},
	{"c attribute macros", "a.h",
	 "/* x */\nstatic void NORETURN PRINTF_STYLE(1, 2) die(const char *fmt, ...);\n", "die", OK, 2, 2,
	 false, false},
	{"c typedef through a macro", "a.h", "typedef void (APIENTRYP PFNFOO)(GLenum target, GLuint id);\n",
	 "PFNFOO", OK, 1, 1, false, false},
	{"c trailing __THROW kept", "a.h",
	 "extern int open (const char *__file, int __oflag, ...)\n     __THROW __nonnull ((1));\nint x;\n",
	 "open", OK, 1, 2, false, false},
	{"c K&R OF prototype", "a.c",
	 "extern int foo OF((int a, char *b));\n\nint foo(a, b)\n    int a;\n    char *b;\n{\n    return 0;\n}\n",
	 "foo", OK, 3, 8, false, false},
	{"c asm label is no name", "a.h", "extern int bar (int) __asm__ (\"\" \"bar64\") __wur;\n", "bar64",
	 NOT_FOUND, 0, 0, false, false},
	{"c asm label, the name", "a.h", "extern int bar (int) __asm__ (\"\" \"bar64\") __wur;\n", "bar", OK,
	 1, 1, false, false},
	{"c comment in a multi-line define", "a.h",
	 "#define CHECK(x) \\\n\tdo { /* keep going */ \\\n\t\tif (!(x)) \\\n\t\t\tdie(); \\\n\t} while (0)\n",
	 "CHECK", OK, 1, 5, false, false},
	{"cpp namespace opened in #ifdef", "a.h",
	 "#ifdef __cplusplus\nnamespace ns {\n#endif\n\nint inner(void);\n\n#ifdef __cplusplus\n}\n#endif\n",
	 "ns.inner", OK, 5, 5, false, false},
	{"c definitions around an ERROR", "a.c",
	 "int a(void) { return 1; }\n\nint b(void) { return ) ; }\n\nint c(void) { return 3; }\n", "c", OK, 5,
	 5, false, false},
};

/* pass: a label; the cases run once with the default and once with every Markdown/YAML file
 * parsed around the name only (symbols_partial_min = 0), and must agree. */
static void test_resolve(const char *pass)
{
	for (size_t i = 0; i < sizeof resolve_cases / sizeof *resolve_cases; i++) {
		struct file f = FILE_INIT;
		f.path = xstrdup(resolve_cases[i].path);
		f.size = strlen(resolve_cases[i].src);
		f.data = xstrdup(resolve_cases[i].src);
		file_index(&f);
		struct diag d = DIAG_INIT;
		struct target_span sp = {0};
		enum lets_err e = symbols_resolve(&f, resolve_cases[i].name, "T", &sp, &d);
		static const enum lets_err codes[] = {LETS_OK, E_NOT_FOUND, E_AMBIGUOUS, E_NO_GRAMMAR};
		char name[160];
		snprintf(name, sizeof name, "resolve%s %s: error", pass, resolve_cases[i].title);
		unit_str(name, err_slug(e), err_slug(codes[resolve_cases[i].want]));
		if (resolve_cases[i].want == OK && e == LETS_OK) {
			snprintf(name, sizeof name, "resolve%s %s: span", pass, resolve_cases[i].title);
			unit_long(name, sp.start * 1000 + sp.end,
				  resolve_cases[i].start * 1000 + resolve_cases[i].end);
			snprintf(name, sizeof name, "resolve%s %s: guessed_end", pass,
				 resolve_cases[i].title);
			unit_long(name, sp.guessed_end, resolve_cases[i].guessed);
			snprintf(name, sizeof name, "resolve%s %s: resolver", pass, resolve_cases[i].title);
			unit_str(name, sp.resolver,
				 lang_for_path(resolve_cases[i].path) && !resolve_cases[i].plain
					 ? "tree-sitter"
					 : "heuristic (plaintext)");
		}
		diag_release(&d);
		file_release(&f);
	}
}

/* The catalogue's texts, byte for byte. */
static void test_messages(void)
{
	static const struct {
		const char *title, *path, *src, *name, *target, *message;
	} cases[] = {
		{"not_found", "a.go", "package a\n", "Open", "a.go#Open",
		 "#Open (try @'Open') not found in a.go#Open"},
		{"ambiguous", "s.go", "package a\n\nfunc Open() {}\n\nfunc (s *S) Open() {\n}\n", "Open",
		 "s.go#Open",
		 "s.go#Open is ambiguous (2 candidates)\n  s.go:3\tfunc Open() {}\n  s.go:5\tfunc (s *S) Open() {\n  pick line "
		 "3: s.go:3\n  pick line 5: s.go#S.Open"},
		{"no_grammar", "old.pyx", "\xff\n", "x", "old.pyx#x",
		 "old.pyx is unsupported: no grammar for .pyx \xC2\xB7 use a :line, :a-b or @'regex' target"},
		{"ambiguous config path names the root forms", "a.json", JSON_ROOT, "properties.default",
		 "a.json#properties.default",
		 "a.json#properties.default is ambiguous (2 candidates)\n  a.json:3\t    \"default\": 1\n"
		 "  a.json:7\t      \"default\": 2\n  from the root: #$.properties.default \xC2\xB7 #$.x.properties.default"},
		{"not_found without grammar", "f.vue", "<template/>\n", "render", "f.vue#render",
		 "#render (try @'render') not found in f.vue#render"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct file f = FILE_INIT;
		f.path = xstrdup(cases[i].path);
		f.size = strlen(cases[i].src);
		f.data = xstrdup(cases[i].src);
		file_index(&f);
		struct diag d = DIAG_INIT;
		struct target_span sp = {0};
		symbols_resolve(&f, cases[i].name, cases[i].target, &sp, &d);
		char name[96];
		snprintf(name, sizeof name, "message %s", cases[i].title);
		unit_str(name, d.n ? d.items[0].message : NULL, cases[i].message);
		diag_release(&d);
		file_release(&f);
	}
}

/* 25 candidates list 20, then "(+5 more)". */
static void test_candidate_cap(void)
{
	struct buf src = BUF_INIT;
	buf_adds(&src, "package a\n");
	for (int i = 1; i <= 25; i++)
		buf_addf(&src, "func (t T%d) M() {}\n", i);
	struct file f = FILE_INIT;
	f.path = xstrdup("m.go");
	f.size = src.len;
	f.data = buf_detach(&src);
	file_index(&f);
	struct diag d = DIAG_INIT;
	struct target_span sp = {0};
	symbols_resolve(&f, "M", "m.go#M", &sp, &d);
	const char *m = d.n ? d.items[0].message : "";
	size_t lines = 0;
	for (const char *p = m; *p; p++)
		lines += *p == '\n';
	unit_long("cap: 1 + 20 + 1 lines", (long)lines + 1, 22);
	const char *last = strrchr(m, '\n');
	unit_str("cap: the rest counted", last ? last + 1 : m, "  (+5 more)");
	diag_release(&d);
	file_release(&f);
}

/* The scan that checks an item cut: is the line after the marker "@" in code? */
static void test_chunk_in_code(void)
{
	static const struct chunk_lexis c_like = {.slash_comments = true, .single_quotes = true};
	static const struct chunk_lexis python = {
		.hash_comments = true, .single_quotes = true, .triple_quotes = true};
	static const struct chunk_lexis rust = {
		.slash_comments = true, .multiline_dq = true, .char_literals = true};
	static const struct {
		const char *title;
		const struct chunk_lexis *lx;
		const char *src; /* "@" starts the line checked */
		bool in_code;
	} cases[] = {
		{"c code", &c_like, "int a;\n@int b;\n", true},
		{"c block comment", &c_like, "/*\n@int b;\n*/\n", false},
		{"c comment closed", &c_like, "/* x */\n@int b;\n", true},
		{"c quote in a line comment", &c_like, "// don't\n@int b;\n", true},
		{"c stray quote ends at the line", &c_like, "#error don't\n@int b;\n", true},
		{"python docstring", &python, "\"\"\"Doc.\n@class A:\n\"\"\"\n", false},
		{"python after the docstring", &python, "\"\"\"Doc.\n\"\"\"\n@class A:\n", true},
		{"python quote in a comment", &python, "# it's\n@class A:\n", true},
		{"python other triple inside", &python, "'''a \"\"\" b\n@x\n'''\n", false},
		{"rust char quote", &rust, "fn a() -> char { '\"' }\n@fn b() {}\n", true},
		{"rust lifetime", &rust, "fn a<'a>(x: &'a str) {}\n@fn b() {}\n", true},
		{"rust multi-line string", &rust, "const S: &str = \"a\n@fn b() {}\n\";\n", false},
		/* past the first 16 bytes, where the scan compares a block at a time */
		{"c comment opened after 40 bytes of code", &c_like,
		 "int aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa = 1; /* x\n@int b;\n*/\n", false},
		{"c opener at byte 16", &c_like, "int aaaaaaaaaaa;/* x\n@int b;\n*/\n", false},
		{"c opener at byte 31", &c_like, "int aaaaaaaaaaaaaaaaaaaaaaaaaa;/* x\n@int b;\n*/\n", false},
		{"c string on its own line, then code", &c_like,
		 "const char *s = \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\";\n@int b;\n", true},
		{"c a hash is no comment", &c_like, "#define AAAAAAAAAAAAAAAAAAAAAAAA 1 /* x\n@int b; */\n",
		 false},
		{"python a slash is no comment", &python,
		 "x = 1 / 2 + 3 / 4 + 5 / 6 + 7 / 8 + '''\n@y\n'''\n", false},
		{"python comment after 20 bytes", &python, "x = 1111111111111111 # '''\n@y\n", true},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		const char *at = strchr(cases[i].src, '@');
		size_t off = (size_t)(at - cases[i].src);
		char name[96];
		snprintf(name, sizeof name, "chunk_in_code %s", cases[i].title);
		unit_long(name, chunk_in_code(cases[i].src, strlen(cases[i].src), cases[i].lx, &off, 1),
			  cases[i].in_code);
	}
}

/* chunk_code_start and chunk_shape, which ranges_elide builds on: offsets counted by hand. */
static void test_chunk_code_and_shape(void)
{
	static const struct chunk_lexis c_like = {.slash_comments = true, .single_quotes = true};
	static const struct chunk_lexis python = {
		.hash_comments = true, .single_quotes = true, .triple_quotes = true};
	static const struct {
		const char *title;
		const struct chunk_lexis *lx;
		const char *src; /* "@" marks the answer; the end of src when there is none */
	} starts[] = {
		{"code at once", &c_like, "@int a;\n"},
		{"blank and line comments", &c_like, "\n  // one\n// two\n@int a;\n"},
		{"block comment alone on its lines", &c_like, "/* one\n * two */  \n@int a;\n"},
		{"code after a block comment on its line", &c_like, "@/* one */ int a;\n"},
		{"an unclosed block comment", &c_like, "@/* one\nint a;\n"},
		{"hash comments", &python, "# one\n\n@def a():\n"},
		{"a hash is no comment in C", &c_like, "@#define A 1\n"},
		{"comments alone", &c_like, "// one\n/* two */\n@"},
	};
	for (size_t i = 0; i < sizeof starts / sizeof *starts; i++) {
		char src[128], name[96];
		const char *at = strchr(starts[i].src, '@');
		size_t want = (size_t)(at - starts[i].src);
		snprintf(src, sizeof src, "%.*s%s", (int)want, starts[i].src, at + 1);
		snprintf(name, sizeof name, "chunk_code_start %s", starts[i].title);
		unit_long(name, (long)chunk_code_start(src, 0, strlen(src), starts[i].lx), (long)want);
	}

	/* blocks: "open-close " per brace pair; lines: "depth low inner last" per line, "-" for none,
	 * L when the bracket holds a list, S/E when it starts/ends inside a string or comment */
	static const struct {
		const char *title, *src, *blocks, *lines;
	} shapes[] = {
		{"nested, in open order", "f() {\n\tif (x) {\n\t}\n\tg();\n}\n", "4-25 14-17 ",
		 "00-{ 11{{ 21{} 11{; 10{} "},
		{"braces in strings and comments", "f() { s = \"{\"; c = '}'; /* { */ // }\n}\n", "4-37 ",
		 "00-; 10{} "},
		{"a comment and a string across lines", "f() {\n\ta(\"x;\"); /* c\n\tc */ b(\n\t);\n}\n",
		 "4-34 ", "00-{ 11{;E 11{(S 21(;L 10{} "},
		{"a list in braces after a comma, a body after a parenthesis",
		 "f(a, {\n\tb,\n}, [\n\tc\n]);\ng() {\n\td;\n}\n", "5-11 27-33 ",
		 "00-{ 22{,L 21{[L 22[cL 20[;L 00-{ 11{; 10{} "},
		{"a closer too many", "f() {\n}\n}\n", "unbalanced", ""},
		{"an opener left open", "f() {\n{\n}\n", "unbalanced", ""},
		{"brackets crossed", "f(a[0)];\n", "unbalanced", ""},
	};
	for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++) {
		struct chunk_shape sh;
		struct buf blocks = BUF_INIT, lines = BUF_INIT;
		char name[96];
		if (chunk_shape(shapes[i].src, 0, strlen(shapes[i].src), &c_like, &sh)) {
			for (size_t k = 0; k < sh.n_blocks; k++)
				buf_addf(&blocks, "%zu-%zu ", sh.blocks[k].open, sh.blocks[k].close);
			for (size_t k = 0; k < sh.n_lines; k++) {
				const struct chunk_line *l = &sh.lines[k];
				buf_addf(&lines, "%zu%zu%c%c%s%s%s ", l->depth, l->low,
					 l->inner ? l->inner : '-', l->last ? l->last : '-',
					 l->in_list ? "L" : "", l->starts_in_literal ? "S" : "",
					 l->ends_in_literal ? "E" : "");
			}
			chunk_shape_release(&sh);
		} else {
			buf_addf(&blocks, "unbalanced%s", sh.lines || sh.blocks ? " (with lines)" : "");
		}
		snprintf(name, sizeof name, "chunk_shape blocks: %s", shapes[i].title);
		unit_str(name, buf_str(&blocks), shapes[i].blocks);
		snprintf(name, sizeof name, "chunk_shape lines: %s", shapes[i].title);
		unit_str(name, buf_str(&lines), shapes[i].lines);
		buf_release(&blocks);
		buf_release(&lines);
	}
}

/* ranges_elide: what symbols_enclosing parses of a C file for the lines asked about, the kept
 * bytes with "|" where a range ends. */
static void test_elide(void)
{
	static const char block_src[] = "// lead\n"
					"int f(void)\n"
					"{\n"
					"\tif (x) {\n"
					"\t\tlong_name_one(aaaaaaaaaaaaaaaaaaaa)\n"
					"\t\tlong_name_two(bbbbbbbbbbbbbbbbbbbb)\n"
					"\t}\n"
					"\treturn 0;\n"
					"}\n"
					"\n"
					"int g(void)\n"
					"{\n"
					"\treturn 1;\n"
					"}\n";
	static const char run_src[] = "int f(void)\n"
				      "{\n"
				      "\tint a = compute_something(1, 2, 3);\n"
				      "\tint b = compute_something(4, 5, 6);\n"
				      "\tif (a)\n"
				      "\t\ta++;\n"
				      "\telse\n"
				      "\t\tb++;\n"
				      "\treturn hit(a, b);\n"
				      "}\n";
	static const char directive_src[] = "int f(void)\n"
					    "{\n"
					    "\tint a = compute_something(1, 2, 3);\n"
					    "#ifdef X\n"
					    "\tint b = compute_something(4, 5, 6);\n"
					    "#endif\n"
					    "\treturn hit(a);\n"
					    "}\n";
	static const char list_src[] = "void g(void)\n"
				       "{\n"
				       "\tdefine_class(env, \"Parser\", {\n"
				       "\t\tmethod(\"setLanguage\", set_language_callback),\n"
				       "\t\tmethod(\"parse\", hit),\n"
				       "\t\tmethod(\"reset\", reset_callback_function),\n"
				       "\t});\n"
				       "\tint aaaaaaaaaaaaaaaaaaaa = 1,\n"
				       "\t    bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb = 2,\n"
				       "\t    c = hit;\n"
				       "}\n";
	static const struct {
		const char *title, *src;
		long line;
		const char *want;
	} cases[] = {
		/* no line ends at a ';' in the if block: its inside goes, its braces stay */
		{"the lead comment and a block without the line go", block_src, 8,
		 "int f(void)\n{\n\tif (x) {|}\n\treturn 0;\n}\n\n|"},
		{"a block holding the line stays", block_src, 5,
		 "int f(void)\n{\n\tif (x) {\n\t\tlong_name_one(aaaaaaaaaaaaaaaaaaaa)\n"
		 "\t\tlong_name_two(bbbbbbbbbbbbbbbbbbbb)\n\t}\n\treturn 0;\n}\n\n|"},
		{"whole statements before the line go, if and else together", run_src, 9,
		 "int f(void)\n{\n|\treturn hit(a, b);\n}\n|"},
		{"a statement an else continues stays", run_src, 7,
		 "int f(void)\n{\n|\tif (a)\n\t\ta++;\n\telse\n\t\tb++;\n\treturn hit(a, b);\n}\n|"},
		{"list elements around the line go, then the statement after", list_src, 5,
		 "void g(void)\n{\n\tdefine_class(env, \"Parser\", {\n|\t\tmethod(\"parse\", hit),\n|\t});\n|}\n|"},
		/* the ',' ending a line in a body may end a where clause: only the statement goes */
		{"no elements are cut out of a body", list_src, 10,
		 "void g(void)\n{\n|\tint aaaaaaaaaaaaaaaaaaaa = 1,\n\t    bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb = 2,\n"
		 "\t    c = hit;\n}\n|"},
		{"a run stops at a directive", directive_src, 7,
		 "int f(void)\n{\n|#ifdef X\n\tint b = compute_something(4, 5, 6);\n#endif\n"
		 "\treturn hit(a);\n}\n|"},
	};
	static const struct chunk_lexis c_like = {.slash_comments = true, .single_quotes = true};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct file f = FILE_INIT;
		f.path = xstrdup("a.c");
		f.size = strlen(cases[i].src);
		f.data = xstrdup(cases[i].src);
		file_index(&f);
		struct ranges r = RANGES_INIT;
		r.lx = &c_like;
		ranges_lines(&f, &cases[i].line, 1, true, &r);
		ranges_elide(&r, &f, &c_like);
		struct buf got = BUF_INIT;
		for (size_t k = 0; k < r.n; k++)
			buf_addf(&got, "%.*s|", (int)(r.v[k].end_byte - r.v[k].start_byte),
				 f.data + r.v[k].start_byte);
		char name[160];
		snprintf(name, sizeof name, "ranges_elide %s", cases[i].title);
		unit_str(name, buf_str(&got), cases[i].want);
		buf_release(&got);
		ranges_release(&r);
		file_release(&f);
	}
}

/* symbols_enclosing: for each line, "qname start-end u|a" (u: #qname resolves to it alone), or
 * "-" outside every definition. */
static const struct {
	const char *title, *path, *src;
	long lines[4];
	size_t n;
	const char *want[4];
} enclosing_cases[] = {
	{"go method, function, package line",
	 "a.go",
	 "package a\n\ntype T struct{}\n\nfunc (t *T) M() int {\n\treturn 1\n}\n\nfunc F() {\n\tg()\n}\n",
	 {1, 6, 10},
	 3,
	 {"-", "T.M 5-7 u", "F 9-11 u"}},
	{"go: a column-0 line inside a raw string is not an item start (whole parse)",
	 "a.go",
	 "package a\n\nvar s = `\n\nfunc fake() {\n`\n\nfunc G() {\n\th()\n}\n",
	 {5, 9},
	 2,
	 {"s 3-6 u", "G 8-10 u"}},
	{"go: two init functions are ambiguous by name",
	 "a.go",
	 "package a\n\nfunc init() {\n\ta()\n}\n\nfunc init() {\n\tb()\n}\n",
	 {4},
	 1,
	 {"init 3-5 a"}},
	{"python: nested def and method",
	 "a.py",
	 "class C:\n    def m(self):\n        return 1\n\n\ndef outer():\n    def inner():\n        return 2\n    return inner\n",
	 {3, 8, 9},
	 3,
	 {"C.m 2-3 u", "outer.inner 7-8 u", "outer 6-9 u"}},
	{"typescript: a class member",
	 "a.ts",
	 "export class K {\n  run() {\n    return 1\n  }\n}\n",
	 {3},
	 1,
	 {"K.run 2-4 u"}},
	{"no grammar", "a.kt", "fun f() {\n    return\n}\n", {2}, 1, {"-"}},
	{"line past the end", "a.go", "package a\n\nfunc F() {}\n", {3, 9}, 2, {"F 3-3 u", "-"}},
};

static void test_enclosing(const char *pass)
{
	for (size_t i = 0; i < sizeof enclosing_cases / sizeof *enclosing_cases; i++) {
		struct file f = FILE_INIT;
		f.path = xstrdup(enclosing_cases[i].path);
		f.size = strlen(enclosing_cases[i].src);
		f.data = xstrdup(enclosing_cases[i].src);
		file_index(&f);
		struct sym_defs sd = SYM_DEFS_INIT;
		int which[4];
		symbols_enclosing(&f, enclosing_cases[i].lines, enclosing_cases[i].n, &sd, which);
		for (size_t k = 0; k < enclosing_cases[i].n; k++) {
			char name[200], got[200];
			snprintf(name, sizeof name, "enclosing%s %s: line %ld", pass,
				 enclosing_cases[i].title, enclosing_cases[i].lines[k]);
			if (which[k] < 0)
				snprintf(got, sizeof got, "-");
			else
				snprintf(got, sizeof got, "%s %ld-%ld %s", sd.v[which[k]].qname,
					 sd.v[which[k]].start, sd.v[which[k]].end,
					 sd.v[which[k]].unique ? "u" : "a");
			unit_str(name, got, enclosing_cases[i].want[k]);
		}
		sym_defs_release(&sd);
		file_release(&f);
	}
}

/* symbols_definitions: every definition #name would resolve to, qualified, with its kind. */
static void test_definitions(void)
{
	static const char src[] = "package a\n\ntype S struct{}\n\nfunc (s *S) Open() {}\n\nfunc Open() {}\n";
	struct file f = FILE_INIT;
	f.path = xstrdup("a.go");
	f.size = strlen(src);
	f.data = xstrdup(src);
	file_index(&f);
	struct sym_defs sd = SYM_DEFS_INIT;
	symbols_definitions(&f, "Open", &sd);
	struct buf got = BUF_INIT;
	for (size_t i = 0; i < sd.n; i++)
		buf_addf(&got, "%s %s %ld-%ld@%ld %s|", sd.v[i].qname, sd.v[i].kind, sd.v[i].start,
			 sd.v[i].end, sd.v[i].line, sd.v[i].unique ? "u" : "a");
	unit_str("definitions of Open", buf_str(&got), "S.Open method 5-5@5 u|Open function 7-7@7 a|");
	sym_defs_release(&sd);
	symbols_definitions(&f, "S.Open", &sd);
	unit_long("definitions of S.Open", (long)sd.n, 1);
	sym_defs_release(&sd);
	symbols_definitions(&f, "Close", &sd);
	unit_long("definitions of a name not there", (long)sd.n, 0);
	sym_defs_release(&sd);
	buf_release(&got);
	file_release(&f);
}

int main(void)
{
	unit_begin("t_symbols");
	test_lang();
	test_syntax_errors();
	test_incremental();
	test_check_change();
	test_resolve("");
	size_t saved = symbols_partial_min;
	symbols_partial_min = 0;
	test_resolve(" (partial)");
	test_enclosing(" (partial)");
	symbols_partial_min = saved;
	test_yaml_partial();
	test_messages();
	test_candidate_cap();
	test_chunk_in_code();
	test_chunk_code_and_shape();
	test_elide();
	test_enclosing("");
	test_definitions();
	return unit_end();
}
