/* Unit tests for src/symbols/: the extension table, the parse API edit's structural check uses,
 * and symbol resolution on in-memory files — spans, provenance (guessed_end), the partial-parse
 * fallback, and the failure messages. Expected spans are counted by hand from the sources below. */
#include "unit.h"

#include "alloc.h"
#include "buf.h"
#include "error.h"
#include "file.h"
#include "symbols/defs.h"
#include "symbols/lang.h"
#include "symbols/parse.h"
#include "symbols/symbols.h"
#include "target.h"

static void test_lang(void)
{
	static const struct {
		const char *path, *lang; /* NULL: no grammar */
	} cases[] = {
		{"a.go", "go"},           {"src/x.tsx", "tsx"},   {"x.mjs", "javascript"}, {"x.cjs", "javascript"},
		{"x.jsonc", "json"},      {"x.yml", "yaml"},      {"x.h", "cpp"},          {"x.cc", "cpp"},
		{"x.cs", "c_sharp"},      {"x.bash", "bash"},     {"x.md", "markdown"},    {"x.kt", NULL},
		{"x.vue", NULL},          {"Makefile", NULL},     {"dir.go/file", NULL},   {".bashrc", NULL},
		{"x.GO", "go"},           {"C.JSON", "json"},     {"x.Md", "markdown"},    {"x.", NULL},
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
		ids = ids && lang_by_id((enum lang_id)id)->id == (enum lang_id)id && lang_by_id((enum lang_id)id)->grammar;
	unit_check(ids, "every language id has its row");
}

static const struct {
	const char *name, *path, *src;
	int errors;      /* -1: no grammar; else 0 or "some" (1) */
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

static void test_syntax_errors(void)
{
	for (size_t i = 0; i < sizeof syntax_cases / sizeof *syntax_cases; i++) {
		long line = -7;
		int n = syntax_errors(syntax_cases[i].path, syntax_cases[i].src, strlen(syntax_cases[i].src), &line);
		char name[128];
		snprintf(name, sizeof name, "syntax_errors %s: count", syntax_cases[i].name);
		if (syntax_cases[i].errors < 0) {
			unit_long(name, n, -1);
			continue;
		}
		unit_long(name, n > 0 ? 1 : n, syntax_cases[i].errors);
		snprintf(name, sizeof name, "syntax_errors %s: first line", syntax_cases[i].name);
		unit_long(name, line, syntax_cases[i].first_line);
	}
}

/* parse_update must agree with a fresh parse of the same bytes, through breaking and repairing. */
static void test_incremental(void)
{
	const char *v0 = "fn a() {}\n\nfn b() {\n    let x = 1;\n}\n";
	const char *v1 = "fn a() {}\n\nfn b() {\n    let x = (1;\n}\n"; /* unclosed paren, line 4 */
	const char *v2 = "fn a() {}\n\nfn b() {\n    let x = (1);\n}\nfn c() {}\n";
	struct parse *p = parse_new("x.rs", v0, strlen(v0));
	if (!unit_check(p != NULL, "parse_new rust"))
		return;
	long line = -1;
	unit_long("incremental: clean before", parse_errors(p, &line), 0);
	parse_update(p, v1, strlen(v1));
	int n1 = parse_errors(p, &line);
	unit_long("incremental: broken has errors", n1 > 0, 1);
	unit_long("incremental: first error line", line, 4);
	unit_long("incremental: count equals a fresh parse", n1, syntax_errors("x.rs", v1, strlen(v1), NULL));
	long lines[4] = {0};
	unit_long("parse_error_lines: count", parse_error_lines(p, lines, 4), n1);
	unit_long("parse_error_lines: first", lines[0], 4);
	parse_update(p, v2, strlen(v2));
	unit_long("incremental: repaired", parse_errors(p, &line), 0);
	unit_long("incremental: repaired line", line, 0);
	parse_update(p, v2, strlen(v2));
	unit_long("incremental: same bytes", parse_errors(p, NULL), 0);
	parse_update(p, "", 0);
	unit_long("incremental: to empty", parse_errors(p, NULL), 0);
	parse_free(p);
	parse_free(NULL);
	unit_check(parse_new("x.txt", "a", 1) == NULL, "parse_new without a grammar is NULL");
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
			 const char *after, size_t after_len, int want_before, int want_after_some, long want_line,
			 int want_partial)
{
	struct syntax_delta d = {-1, -1, -1, false};
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
	unit_check(!syntax_check_change("a.kt", s0, strlen(s0), s1, strlen(s1), &d), "check_change without grammar");

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
static enum lets_err resolve_in(const char *path, char *data, size_t len, const char *name, struct span *sp)
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
	};
	struct buf b = BUF_INIT;
	buf_adds(&b, "openapi: 3.0.0\npaths:\n");
	for (int i = 0; i < 2000; i++)
		buf_addf(&b, "  /e%d:\n    get:\n      summary: entry %d\n      responses:\n        '200':\n          description: ok\n", i, i);
	buf_adds(&b, "steps:\n  - name: a\n    run: x\n  - name: b\n");
	buf_adds(&b, "components:\n  User:\n    description: |\n      a user\n      summary: fake\n\n");
	buf_adds(&b, "compact:\n- run: a\n- name: b\n  run: c\n- x\nafter: 1\n");
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct span sp = {0};
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

static const struct {
	const char *title, *path, *src, *name;
	enum want want;
	long start, end;
	bool guessed; /* plaintext span not brace-matched */
} resolve_cases[] = {
	{"go method by receiver", "a.go", "package a\n\nfunc (s *S) Run() {\n}\n\nfunc Run() {}\n", "S.Run", OK, 3, 4, false},
	{"go plain name is ambiguous", "a.go", "package a\n\nfunc (s *S) Run() {\n}\n\nfunc Run() {}\n", "Run", AMBIGUOUS, 0, 0, false},
	{"go crlf", "a.go", "package a\r\n\r\nfunc A() {\r\n}\r\n", "A", OK, 3, 4, false},
	{"go empty file", "a.go", "", "A", NOT_FOUND, 0, 0, false},
	{"empty name", "a.go", "package a\n", "", NOT_FOUND, 0, 0, false},
	/* The top-level item around "fake" starts inside a string: the partial parse errs, and the
	 * full parse sees the string. */
	{"python def inside a string", "a.py", "X = \"\"\"\n\ndef fake():\n    pass\n\"\"\"\n\ndef real():\n    pass\n",
	 "fake", NOT_FOUND, 0, 0, false},
	{"python def after the string", "a.py", "X = \"\"\"\n\ndef fake():\n    pass\n\"\"\"\n\ndef real():\n    pass\n",
	 "real", OK, 7, 8, false},
	{"go raw string", "a.go", "package a\n\nvar s = `\n\nfunc Fake() {}\n`\n\nfunc Real() {}\n", "Fake", NOT_FOUND, 0, 0, false},
	/* A C++ namespace at column 0 splits no item wrongly: ns.f still resolves. */
	{"cpp namespace at column 0", "a.cpp", "namespace ns {\n\nvoid f() {}\n\n}\n", "ns.f", OK, 3, 3, false},
	{"markdown section to the end", "a.md", "# A\n\n## B\ntext\n", "B", OK, 3, 4, false},
	{"markdown deeper heading stays inside", "a.md", "## B\n### C\nx\n## D\n", "B", OK, 1, 3, false},
	{"markdown nested path", "a.md", "# A\n## B\n# C\n## B\n", "C.B", OK, 4, 4, false},
	{"markdown heading in a fence", "a.md", "# A\n\n```\n# B\n```\n\n## B\nx\n", "B", OK, 7, 8, false},
	{"markdown fence in a list", "a.md", "# A\n- item\n  ```\n  # B\n  ```\n", "B", NOT_FOUND, 0, 0, false},
	{"markdown setext", "a.md", "# A\n\nB\n---\n\ntext\n# C\n", "A.B", OK, 3, 6, false},
	{"markdown dotted heading", "a.md", "# Log\n## v1.2.0\nfix\n## v1.1.0\n", "Log.v1.2.0", OK, 2, 3, false},
	{"markdown front matter", "a.md", "---\ntitle: x\n---\n\n# x\n", "x", OK, 5, 5, false},
	{"rust attribute and impl", "a.rs", "struct S;\n\n#[inline]\nimpl S {\n    fn f() {}\n}\n", "S.f", OK, 5, 5, false},
	{"yaml key path", "a.yaml", "a:\n  b:\n    c: 1\n", "a.b.c", OK, 3, 3, false},
	{"toml dotted table", "a.toml", "[a.b]\nc = 1\n\n[d]\n", "a.b", OK, 1, 2, false},
	{"json empty key", "a.json", "{\"\": 1, \"k\": 2}\n", "k", OK, 1, 1, false},
	{"ts overloads join", "a.ts", "function f(a: string): void\nfunction f(a: any) {\n}\n", "f", OK, 1, 3, false},
	{"c prototype alone", "a.h", "int f(void);\n", "f", OK, 1, 1, false},
	{"parse errors elsewhere", "a.js", "function ok() {\n  return 1\n}\nfunction bad( {\n", "ok", OK, 1, 3, false},
	{"plaintext braces", "a.kt", "fun f() {\n  x\n}\n", "f", OK, 1, 3, false},
	{"plaintext brace on the next line", "a.txt", "void f()\n{\n  x;\n}\n", "f", OK, 1, 4, false},
	{"plaintext multi-line parameters", "a.kt", "fun f(\n  a: Int,\n) {\n  a\n}\n", "f", OK, 1, 5, false},
	{"plaintext brace in a string", "a.kt", "fun f() {\n  val s = \"}\"\n}\n", "f", OK, 1, 3, false},
	{"plaintext indentation", "a.txt", "def f():\n    x\n\n    y\n\nz\n", "f", OK, 1, 4, true},
	{"plaintext single line", "a.kt", "val f = 3\nval g = 4\n", "f", OK, 1, 1, true},
	{"plaintext keyword beats call", "a.kt", "g(f(1))\nfun f(x: Int) = x\n", "f", OK, 2, 2, true},
	{"plaintext calls alone are candidates", "a.txt", "f(1)\nf(2)\n", "f", AMBIGUOUS, 0, 0, false},
	{"plaintext whole word", "a.kt", "fun fx() {}\n", "f", NOT_FOUND, 0, 0, false},
	{"plaintext regex text is literal", "a.kt", "fun f() {}\n", "f.*", NOT_FOUND, 0, 0, false},
	{"no grammar, invalid UTF-8", "a.txt", "caf\xe9\n", "x", NO_GRAMMAR, 0, 0, false},
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
		struct span sp = {0};
		enum lets_err e = symbols_resolve(&f, resolve_cases[i].name, "T", &sp, &d);
		static const enum lets_err codes[] = {LETS_OK, E_NOT_FOUND, E_AMBIGUOUS, E_NO_GRAMMAR};
		char name[160];
		snprintf(name, sizeof name, "resolve%s %s: error", pass, resolve_cases[i].title);
		unit_str(name, err_slug(e), err_slug(codes[resolve_cases[i].want]));
		if (resolve_cases[i].want == OK && e == LETS_OK) {
			snprintf(name, sizeof name, "resolve%s %s: span", pass, resolve_cases[i].title);
			unit_long(name, sp.start * 1000 + sp.end, resolve_cases[i].start * 1000 + resolve_cases[i].end);
			snprintf(name, sizeof name, "resolve%s %s: guessed_end", pass, resolve_cases[i].title);
			unit_long(name, sp.guessed_end, resolve_cases[i].guessed);
			snprintf(name, sizeof name, "resolve%s %s: resolver", pass, resolve_cases[i].title);
			unit_str(name, sp.resolver,
				 lang_for_path(resolve_cases[i].path) ? "tree-sitter" : "heuristic (plaintext)");
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
		{"not_found", "a.go", "package a\n", "Open", "a.go#Open", "#Open (try @'Open') not found in a.go#Open"},
		{"ambiguous", "s.go", "package a\n\nfunc Open() {}\n\nfunc (s *S) Open() {\n}\n", "Open", "s.go#Open",
		 "s.go#Open is ambiguous (2 candidates)\n  s.go:3\tfunc Open() {}\n  s.go:5\tfunc (s *S) Open() {"},
		{"no_grammar", "old.pyx", "\xff\n", "x", "old.pyx#x",
		 "old.pyx is unsupported: no grammar for .pyx \xC2\xB7 use a :line, :a-b or @'regex' target"},
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
		struct span sp = {0};
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
	struct span sp = {0};
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
	symbols_partial_min = saved;
	test_yaml_partial();
	test_messages();
	test_candidate_cap();
	return unit_end();
}
