/* Unit tests for src/symbols/: the parse API edit's structural check uses, and (below) symbol
 * resolution on in-memory files. Each result is one "pass|fail t_symbols:<name>" line appended
 * to $LETS_TEST_RESULTS (tests/tally.sh sums them); the exit code is non-zero on any failure. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "symbols/parse.h"

static int failures;
static FILE *results;

static void report(int ok, const char *fmt, ...)
{
	char name[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(name, sizeof name, fmt, ap);
	va_end(ap);
	if (!ok) {
		failures++;
		fprintf(stderr, "FAIL %s\n", name);
	}
	if (results)
		fprintf(results, "%s t_symbols:%s\n", ok ? "pass" : "fail", name);
}

static void expect_long(const char *name, long got, long want)
{
	if (got != want)
		fprintf(stderr, "%s: got %ld, want %ld\n", name, got, want);
	report(got == want, "%s", name);
}

static const struct {
	const char *name, *path, *src;
	int errors;      /* -1: no grammar */
	long first_line; /* of the first error, 0 when none */
} syntax_cases[] = {
	{"ts clean", "a.ts", "export function f(x: number) {\n  return x\n}\n", 0, 0},
	{"ts extra paren", "a.ts", "function f() {\n  return g(1))\n}\n", 1, 2},
	{"go missing brace", "a.go", "package a\n\nfunc f() {\n\treturn\n", 1, 5},
	{"go clean", "a.go", "package a\n\nfunc f() {}\n", 0, 0},
	{"json clean", "a.jsonc", "{\"a\": [1, 2]}\n", 0, 0},
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
		snprintf(name, sizeof name, "syntax_errors %s count", syntax_cases[i].name);
		if (syntax_cases[i].errors < 0) {
			expect_long(name, n, -1);
			continue;
		}
		expect_long(name, n > 0 ? 1 : n, syntax_cases[i].errors);
		snprintf(name, sizeof name, "syntax_errors %s line", syntax_cases[i].name);
		expect_long(name, line, syntax_cases[i].first_line);
	}
}

/* parse_update must agree with a fresh parse of the same bytes, through breaking and repairing. */
static void test_incremental(void)
{
	const char *v0 = "fn a() {}\n\nfn b() {\n    let x = 1;\n}\n";
	const char *v1 = "fn a() {}\n\nfn b() {\n    let x = (1;\n}\n"; /* unclosed paren, line 4 */
	const char *v2 = "fn a() {}\n\nfn b() {\n    let x = (1);\n}\nfn c() {}\n";
	struct parse *p = parse_new("x.rs", v0, strlen(v0));
	report(p != NULL, "parse_new rust");
	if (!p)
		return;
	long line = -1;
	expect_long("incremental v0 errors", parse_errors(p, &line), 0);
	parse_update(p, v1, strlen(v1));
	int n1 = parse_errors(p, &line);
	expect_long("incremental v1 has errors", n1 > 0, 1);
	expect_long("incremental v1 first line", line, 4);
	expect_long("incremental v1 equals fresh parse", n1, syntax_errors("x.rs", v1, strlen(v1), NULL));
	long lines[4] = {0};
	expect_long("parse_error_lines count", parse_error_lines(p, lines, 4), n1);
	expect_long("parse_error_lines first", lines[0], 4);
	parse_update(p, v2, strlen(v2));
	expect_long("incremental v2 errors", parse_errors(p, &line), 0);
	expect_long("incremental v2 line", line, 0);
	parse_update(p, v2, strlen(v2));
	expect_long("incremental same bytes", parse_errors(p, NULL), 0);
	parse_update(p, "", 0);
	expect_long("incremental to empty", parse_errors(p, NULL), 0);
	parse_free(p);
	parse_free(NULL);
	report(parse_new("x.txt", "a", 1) == NULL, "parse_new without grammar is NULL");
	report(parse_has_grammar("src/a.tsx") && !parse_has_grammar("a.kt"), "parse_has_grammar");
}

int main(void)
{
	const char *rp = getenv("LETS_TEST_RESULTS");
	results = rp && *rp ? fopen(rp, "a") : NULL;
	test_syntax_errors();
	test_incremental();
	if (results)
		fclose(results);
	if (failures)
		fprintf(stderr, "t_symbols: %d failed\n", failures);
	return failures != 0;
}
