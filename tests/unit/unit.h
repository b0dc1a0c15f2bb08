/* A minimal table-driven test harness, header only. Each check records one named case: a failure
 * prints what was expected and what came, escaped so invisible bytes show; with LETS_TEST_RESULTS
 * set, "pass unit/<module>:<case>" or "fail unit/<module>:<case>" is appended to that file.
 * unit_end() prints "<module>: N passed, N failed" and returns the exit status (1 on failure). */
#ifndef LETS_UNIT_H
#define LETS_UNIT_H
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct unit_state {
	const char *module;
	FILE *results;
	int passed, failed;
};

static struct unit_state unit;

static inline void unit_begin(const char *module)
{
	unit.module = module;
	const char *path = getenv("LETS_TEST_RESULTS");
	unit.results = path && *path ? fopen(path, "a") : NULL;
}

/* Prints s[0..n) with non-printable bytes as \xNN, newline and tab as \n and \t. */
static inline void unit_show(const char *s, size_t n)
{
	putchar('"');
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '\n')
			fputs("\\n", stdout);
		else if (c == '\t')
			fputs("\\t", stdout);
		else if (c == '\\' || c == '"')
			printf("\\%c", c);
		else if (c < 0x20 || c == 0x7f)
			printf("\\x%02x", c);
		else
			putchar(c);
	}
	putchar('"');
}

/* Records case `name` (printf-style) as passed when ok. */
static inline bool unit_check(bool ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline bool unit_check(bool ok, const char *fmt, ...)
{
	char name[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(name, sizeof(name), fmt, ap);
	va_end(ap);
	if (ok) {
		unit.passed++;
	} else {
		unit.failed++;
		printf("FAIL unit/%s:%s\n", unit.module, name);
	}
	if (unit.results)
		fprintf(unit.results, "%s unit/%s:%s\n", ok ? "pass" : "fail", unit.module, name);
	return ok;
}

/* Byte-exact comparison of got[0..got_n) with want (NUL-terminated). */
static inline bool unit_bytes(const char *name, const char *got, size_t got_n, const char *want)
{
	size_t want_n = strlen(want);
	bool ok = got_n == want_n && !memcmp(got, want, want_n);
	if (!unit_check(ok, "%s", name)) {
		fputs("  expected ", stdout);
		unit_show(want, want_n);
		fputs("\n  got      ", stdout);
		unit_show(got, got_n);
		putchar('\n');
	}
	return ok;
}

static inline bool unit_str(const char *name, const char *got, const char *want)
{
	return unit_bytes(name, got ? got : "(null)", strlen(got ? got : "(null)"), want);
}

static inline bool unit_long(const char *name, long got, long want)
{
	bool ok = got == want;
	if (!unit_check(ok, "%s", name))
		printf("  expected %ld, got %ld\n", want, got);
	return ok;
}

static inline int unit_end(void)
{
	printf("%s: %d passed, %d failed\n", unit.module, unit.passed, unit.failed);
	if (unit.results)
		fclose(unit.results);
	return unit.failed ? 1 : 0;
}

#endif
