/* The target grammar (target.h, reference.md "Target grammar"): the forms, file names winning over
 * metacharacters, the longest prefix, the four diagnoses and the plain OS message. target_parse
 * looks at real files, so the cases run in a temp directory holding them. */
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "error.h"
#include "target.h"
#include "unit.h"

struct want {
	enum lets_err err;
	const char *path;
	enum target_kind kind;
	long first, last;
	const char *regex;
	long nth;
	const char *symbol;
	const char *message; /* the diag message when err != LETS_OK */
};

static const char *kind_name(enum target_kind k)
{
	return k == T_WHOLE ? "whole" : k == T_LINES ? "lines" : k == T_REGEX ? "regex" : "symbol";
}

static void parse(const char *text, struct want w)
{
	struct target t = TARGET_INIT;
	struct diag d = DIAG_INIT;
	enum lets_err e = target_parse(&t, text, &d);
	char name[200];
	snprintf(name, sizeof(name), "target_parse(%s): result", text);
	unit_long(name, e, w.err);
	if (w.err == LETS_OK) {
		snprintf(name, sizeof(name), "target_parse(%s): text kept as typed", text);
		unit_str(name, t.text, text);
		snprintf(name, sizeof(name), "target_parse(%s): path", text);
		unit_str(name, t.path, w.path);
		snprintf(name, sizeof(name), "target_parse(%s): kind", text);
		unit_str(name, kind_name(t.kind), kind_name(w.kind));
		if (w.kind == T_LINES) {
			snprintf(name, sizeof(name), "target_parse(%s): lines", text);
			if (!unit_check(t.first == w.first && t.last == w.last, "%s", name))
				printf("  expected %ld-%ld, got %ld-%ld\n", w.first, w.last, t.first, t.last);
		}
		if (w.kind == T_REGEX) {
			snprintf(name, sizeof(name), "target_parse(%s): regex", text);
			unit_str(name, t.regex, w.regex);
			snprintf(name, sizeof(name), "target_parse(%s): nth", text);
			unit_long(name, t.nth, w.nth);
		}
		if (w.kind == T_SYMBOL) {
			snprintf(name, sizeof(name), "target_parse(%s): symbol", text);
			unit_str(name, t.symbol, w.symbol);
		}
	} else {
		snprintf(name, sizeof(name), "target_parse(%s): message", text);
		unit_str(name, d.n ? d.items[0].message : "", w.message);
	}
	target_release(&t);
	diag_release(&d);
}

static void suffix(const char *s, bool ok, enum target_kind kind, long a, long b, const char *str)
{
	struct target t = TARGET_INIT;
	bool got = target_parse_suffix(&t, s);
	if (kind == T_REGEX)
		unit_check(!ok || t.nth_typed == (strchr(s + 2, '+') != NULL),
			   "target_parse_suffix(%s): +N typed", s);
	char name[200];
	snprintf(name, sizeof(name), "target_parse_suffix(%s) %s", s, ok ? "parses" : "is refused");
	if (unit_check(got == ok, "%s", name) && ok) {
		snprintf(name, sizeof(name), "target_parse_suffix(%s): kind", s);
		unit_str(name, kind_name(t.kind), kind_name(kind));
		snprintf(name, sizeof(name), "target_parse_suffix(%s): value", s);
		if (kind == T_LINES)
			unit_check(t.first == a && t.last == b, "%s", name);
		else if (kind == T_REGEX)
			unit_check(t.regex && !strcmp(t.regex, str) && t.nth == a, "%s", name);
		else
			unit_str(name, t.symbol, str);
	}
	target_release(&t);
}

/* An insert anchor: the suffix forms but :N, and @regex unquoted with an optional +N. */
static void anchor(const char *s, bool ok, enum target_kind kind, long nth, bool typed, const char *str)
{
	struct target t = TARGET_INIT;
	bool got = target_parse_anchor(&t, s);
	if (unit_check(got == ok, "target_parse_anchor(%s) %s", s, ok ? "parses" : "is refused") && ok) {
		unit_str("target_parse_anchor: kind", kind_name(t.kind), kind_name(kind));
		if (kind == T_REGEX)
			unit_check(t.regex && !strcmp(t.regex, str) && t.nth == nth && t.nth_typed == typed,
				   "target_parse_anchor(%s): regex %s, +%ld%s", s, str, nth,
				   typed ? " typed" : "");
		else
			unit_str("target_parse_anchor: symbol", t.symbol, str);
	}
	target_release(&t);
}

static void touch(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || write(fd, "x\n", 2) != 2) {
		perror(path);
		exit(2);
	}
	close(fd);
}

int main(void)
{
	unit_begin("t_target");
	char dir[] = "/tmp/t_target.XXXXXX";
	if (!mkdtemp(dir) || chdir(dir)) {
		perror("mkdtemp");
		return 2;
	}
	touch("a.ts");
	touch("a.md");
	touch("C#.md");
	touch("a.ts:5");
	touch("x@y.txt");
	touch("notes#1.md");
	if (mkdir("dir", 0755)) {
		perror("mkdir");
		return 2;
	}
	touch("dir/f.ts");

	/* The forms of the grammar table. */
	parse("a.ts", (struct want){.path = "a.ts", .kind = T_WHOLE});
	parse("a.ts:40", (struct want){.path = "a.ts", .kind = T_LINES, .first = 40, .last = 40});
	parse("a.ts:40-80", (struct want){.path = "a.ts", .kind = T_LINES, .first = 40, .last = 80});
	parse("a.ts@'cap'", (struct want){.path = "a.ts", .kind = T_REGEX, .regex = "cap", .nth = 1});
	parse("a.ts@'cap'+2", (struct want){.path = "a.ts", .kind = T_REGEX, .regex = "cap", .nth = 2});
	parse("a.ts@'const cap = \\d+'",
	      (struct want){.path = "a.ts", .kind = T_REGEX, .regex = "const cap = \\d+", .nth = 1});
	parse("a.ts@'A\\|B'", (struct want){.path = "a.ts", .kind = T_REGEX, .regex = "A\\|B", .nth = 1});
	parse("a.ts#name", (struct want){.path = "a.ts", .kind = T_SYMBOL, .symbol = "name"});
	parse("a.ts#Outer.inner", (struct want){.path = "a.ts", .kind = T_SYMBOL, .symbol = "Outer.inner"});
	parse("a.md#'Bottom line'", (struct want){.path = "a.md", .kind = T_SYMBOL, .symbol = "Bottom line"});
	parse("dir/f.ts:3", (struct want){.path = "dir/f.ts", .kind = T_LINES, .first = 3, .last = 3});
	parse("./a.ts:3", (struct want){.path = "./a.ts", .kind = T_LINES, .first = 3, .last = 3});
	/* A directory is left for file_load to refuse. */
	parse("dir", (struct want){.path = "dir", .kind = T_WHOLE});

	/* A string naming an existing file wins over metacharacters. */
	parse("C#.md", (struct want){.path = "C#.md", .kind = T_WHOLE});
	parse("C#.md:2", (struct want){.path = "C#.md", .kind = T_LINES, .first = 2, .last = 2});
	parse("C#.md@'two'", (struct want){.path = "C#.md", .kind = T_REGEX, .regex = "two", .nth = 1});
	parse("a.ts:5", (struct want){.path = "a.ts:5", .kind = T_WHOLE});
	parse("x@y.txt", (struct want){.path = "x@y.txt", .kind = T_WHOLE});
	parse("notes#1.md:1", (struct want){.path = "notes#1.md", .kind = T_LINES, .first = 1, .last = 1});
	/* The longest prefix that names a file and leaves a well-formed suffix. */
	parse("a.ts:5:2", (struct want){.path = "a.ts:5", .kind = T_LINES, .first = 2, .last = 2});
	parse("a.ts:5@'x'", (struct want){.path = "a.ts:5", .kind = T_REGEX, .regex = "x", .nth = 1});
	parse("x@y.txt@'b'+3", (struct want){.path = "x@y.txt", .kind = T_REGEX, .regex = "b", .nth = 3});
	parse("x@y.txt#main", (struct want){.path = "x@y.txt", .kind = T_SYMBOL, .symbol = "main"});

	/* The four diagnoses, on a file that exists. */
	parse("a.ts:40,60",
	      (struct want){.err = E_NOT_FOUND,
			    .message = "a.ts:40,60: no such file \xC2\xB7 did you mean a.ts:40-60"});
	parse("a.ts:40:60",
	      (struct want){.err = E_NOT_FOUND,
			    .message = "a.ts:40:60: no such file \xC2\xB7 did you mean a.ts:40-60"});
	parse("a.ts:name",
	      (struct want){.err = E_NOT_FOUND,
			    .message = "a.ts:name: no such file \xC2\xB7 did you mean a.ts#name"});
	parse("a.ts@cap",
	      (struct want){.err = E_NOT_FOUND,
			    .message = "a.ts@cap: no such file \xC2\xB7 did you mean \"a.ts@'cap'\""});
	parse("dir/f.ts:1,2",
	      (struct want){.err = E_NOT_FOUND,
			    .message = "dir/f.ts:1,2: no such file \xC2\xB7 did you mean dir/f.ts:1-2"});

	/* No prefix names a file: the plain OS message for the path minus the suffix it parsed. */
	parse("nope.ts", (struct want){.err = E_NOT_FOUND,
				       .message = "nope.ts: No such file or directory (os error 2)"});
	parse("nope.go:3:5", (struct want){.err = E_NOT_FOUND,
					   .message = "nope.go:3: No such file or directory (os error 2)"});
	parse("nope.ts:40-60", (struct want){.err = E_NOT_FOUND,
					     .message = "nope.ts: No such file or directory (os error 2)"});
	parse("nope.ts@'x'+2", (struct want){.err = E_NOT_FOUND,
					     .message = "nope.ts: No such file or directory (os error 2)"});
	parse("nope.ts#main", (struct want){.err = E_NOT_FOUND,
					    .message = "nope.ts: No such file or directory (os error 2)"});
	parse("nope.ts:40,60",
	      (struct want){.err = E_NOT_FOUND,
			    .message = "nope.ts:40,60: No such file or directory (os error 2)"});
	parse("nodir/x.ts", (struct want){.err = E_NOT_FOUND,
					  .message = "nodir/x.ts: No such file or directory (os error 2)"});
	/* Without the file C#.md, "C#.md" is the symbol md in the file C. */
	unlink("C#.md");
	parse("C#.md",
	      (struct want){.err = E_NOT_FOUND, .message = "C: No such file or directory (os error 2)"});

	/* Suffixes alone, as edit's anchors use them. */
	suffix(":4", true, T_LINES, 4, 4, NULL);
	suffix(":4-6", true, T_LINES, 4, 6, NULL);
	suffix(":40-80", true, T_LINES, 40, 80, NULL);
	suffix("@'re'", true, T_REGEX, 1, 0, "re");
	suffix("@'re'+2", true, T_REGEX, 2, 0, "re");
	suffix("@'a b'+10", true, T_REGEX, 10, 0, "a b");
	suffix("#name", true, T_SYMBOL, 0, 0, "name");
	suffix("#Outer.inner", true, T_SYMBOL, 0, 0, "Outer.inner");
	suffix("#'Heading two'", true, T_SYMBOL, 0, 0, "Heading two");
	suffix("", false, T_WHOLE, 0, 0, NULL);
	suffix(":", false, T_WHOLE, 0, 0, NULL);
	suffix(":x", false, T_WHOLE, 0, 0, NULL);
	suffix(":4,6", false, T_WHOLE, 0, 0, NULL);
	suffix(":4:6", false, T_WHOLE, 0, 0, NULL);
	suffix(":4-", false, T_WHOLE, 0, 0, NULL);
	suffix(":-4", false, T_WHOLE, 0, 0, NULL);
	suffix("@word", false, T_WHOLE, 0, 0, NULL);
	suffix("@'unclosed", false, T_WHOLE, 0, 0, NULL);
	suffix("@'re'+", false, T_WHOLE, 0, 0, NULL);
	suffix("@'re'+x", false, T_WHOLE, 0, 0, NULL);
	suffix("@'re'x", false, T_WHOLE, 0, 0, NULL);
	suffix("#", false, T_WHOLE, 0, 0, NULL);
	suffix("plain", false, T_WHOLE, 0, 0, NULL);
	anchor("@'^import'", true, T_REGEX, 1, false, "^import");
	anchor("@'^import'+2", true, T_REGEX, 2, true, "^import");
	anchor("@^import", true, T_REGEX, 1, false, "^import");
	anchor("@^import+2", true, T_REGEX, 2, true, "^import");
	anchor("@a+b", true, T_REGEX, 1, false, "a+b");
	anchor("@x+", true, T_REGEX, 1, false, "x+");
	anchor("@+2", true, T_REGEX, 1, false, "+2");
	anchor("@don't", true, T_REGEX, 1, false, "don't");
	anchor("#name", true, T_SYMBOL, 0, false, "name");
	anchor("@x+0", false, T_WHOLE, 0, false, NULL);
	anchor("@'re'+0", false, T_WHOLE, 0, false, NULL);
	anchor("@'unclosed", false, T_WHOLE, 0, false, NULL);
	anchor("@", false, T_WHOLE, 0, false, NULL);
	anchor(":4", false, T_WHOLE, 0, false, NULL);
	anchor("plain", false, T_WHOLE, 0, false, NULL);

	unlink("a.ts");
	unlink("a.md");
	unlink("a.ts:5");
	unlink("x@y.txt");
	unlink("notes#1.md");
	unlink("dir/f.ts");
	rmdir("dir");
	if (chdir("/") == 0)
		rmdir(dir);
	return unit_end();
}
