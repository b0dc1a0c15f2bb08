/* The edit engine on bytes in memory: no process, no file on disk. Each case gives the file's
 * bytes and one edit, and pins the exact bytes afterwards (unchanged on a failure), the changed
 * lines, the count and the match word, or the failure's slug and message. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "buf.h"
#include "edit/engine.h"
#include "file.h"
#include "output.h"
#include "target.h"
#include "unit.h"

struct ecase {
	const char *name, *path, *data;
	enum target_kind kind;
	long first, last; /* T_LINES */
	const char *old, *new_text, *anchor;
	bool after, all, normalize, literal;
	const char *expect, *expect_all;
	enum lets_err err;
	const char *bytes; /* the file's bytes afterwards */
	const char *lines; /* changed lines, "2,3" */
	long count;
	const char *match; /* the match word, or on failure the message ("%s": the file's sha) */
	bool exact, word; /* --exact, -w */
	long hint; /* --line-hint */
	const char *marked; /* the lines marked changed, "2"; NULL: not checked */
	bool reindented;
};

/* One case per row group: the formatter would give each field its own line. The older rows are
 * positional and leave the trailing fields at zero, their default. */
/* clang-format off */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
static const struct ecase cases[] = {
	{"replace once", "t.txt", "alpha\nbeta\ngamma\n", T_WHOLE, 0, 0, "beta", "BETA", NULL, false, false, false,
	 false, NULL, NULL, LETS_OK, "alpha\nBETA\ngamma\n", "2", 1, "exact"},
	{"replace keeps a last line without newline", "t.txt", "alpha\nbeta", T_WHOLE, 0, 0, "beta", "b", NULL,
	 false, false, false, false, NULL, NULL, LETS_OK, "alpha\nb", "2", 1, "exact"},
	{"replace with more lines", "t.txt", "alpha\nbeta\ngamma\n", T_WHOLE, 0, 0, "beta", "b1\nb2", NULL, false,
	 false, false, false, NULL, NULL, LETS_OK, "alpha\nb1\nb2\ngamma\n", "2,3", 1, "exact"},
	{"--all replaces every occurrence", "t.txt", "x = 1\ny = 2\nx = 1\n", T_WHOLE, 0, 0, "x = 1", "x = 3",
	 NULL, false, true, false, false, NULL, NULL, LETS_OK, "x = 3\ny = 2\nx = 3\n", "1,3", 2, "exact"},
	{"ambiguous without --all", "t.txt", "x = 1\ny = 2\nx = 1\n", T_WHOLE, 0, 0, "x = 1", "x = 3", NULL, false,
	 false, false, false, NULL, NULL, E_AMBIGUOUS, "x = 1\ny = 2\nx = 1\n", "", 0,
	 "t.txt is ambiguous (2 candidates)\n  t.txt:1\tx = 1\n  t.txt:3\tx = 1  \xE2\x86\x90 after \"y = 2\"\n  pick line 1: lets edit t.txt --line-hint 1 "
	 "--old 'x = 1' --new 'x = 3'\n  pick line 3: lets edit t.txt --line-hint 3 --old 'x = 1' --new 'x = 3'"},
	{"not found", "t.txt", "alpha\nbeta\n", T_WHOLE, 0, 0, "zzz", "y", NULL, false, false, false, false, NULL,
	 NULL, E_NOT_FOUND, "alpha\nbeta\n", "", 0, "--old not found in t.txt"},
	{"a range confines the match", "t.txt", "x\ny\nx\n", T_LINES, 3, 3, "x", "z", NULL, false, false, false,
	 false, "x", NULL, LETS_OK, "x\ny\nz\n", "3", 1, "expect matched"},
	{"insert after a regex anchor", "t.txt", "alpha\nbeta\ngamma\n", T_WHOLE, 0, 0, NULL, "new", "@'^beta'",
	 true, false, false, false, NULL, NULL, LETS_OK, "alpha\nbeta\nnew\ngamma\n", "3", 1, "exact"},
	{"insert before a regex anchor", "t.txt", "alpha\nbeta\ngamma\n", T_WHOLE, 0, 0, NULL, "n1\nn2\n",
	 "@'^beta'", false, false, false, false, NULL, NULL, LETS_OK, "alpha\nn1\nn2\nbeta\ngamma\n", "2,3", 2,
	 "exact"},
	{"insert after a last line without newline", "t.txt", "a\nb", T_WHOLE, 0, 0, NULL, "new", "@'^b'", true,
	 false, false, false, NULL, NULL, LETS_OK, "a\nb\nnew\n", "3", 1, "exact"},
	{"an insert anchor that is a line number", "t.txt", "a\nb\n", T_WHOLE, 0, 0, NULL, "new", ":1", true,
	 false, false, false, NULL, NULL, E_NOT_FOUND, "a\nb\n", "", 0,
	 ":1 (an insert anchor is @'regex' or #symbol) not found in t.txt"},
	{"range replaced after --expect-all", "t.txt", "alpha\nbeta\ngamma\ndelta\n", T_LINES, 2, 3, NULL, "two",
	 NULL, false, false, false, false, NULL, "beta\ngamma", LETS_OK, "alpha\ntwo\ndelta\n", "2", 1,
	 "expect matched"},
	{"one line replaced after --expect", "t.txt", "alpha\nbeta\n", T_LINES, 2, 2, NULL, "BETA", NULL, false,
	 false, false, false, "  beta ", NULL, LETS_OK, "alpha\nBETA\n", "2", 1, "expect matched"},
	{"--expect refused", "t.txt", "alpha\nbeta\n", T_LINES, 2, 2, NULL, "BETA", NULL, false, false, false,
	 false, "gamma", NULL, E_EXPECT_REFUSED, "alpha\nbeta\n", "", 0,
	 "t.txt:2: line 2 does not match --expect \xC2\xB7 it reads: beta \xC2\xB7 re-read it, or confirm with "
	 "--expect-all or --if sha:%s"},
	{"--expect on a range refused", "t.txt", "alpha\nbeta\n", T_LINES, 1, 2, NULL, "x", NULL, false, false,
	 false, false, "alpha", NULL, E_EXPECT_REFUSED, "alpha\nbeta\n", "", 0,
	 "t.txt:1-2: --expect checks line 1 only, and the range runs to line 2 \xC2\xB7 pass --expect-all (the "
	 "whole range on stdin) or --if sha:%s"},
	{"--expect-all names the first differing line", "t.txt", "alpha\nbeta\ngamma\n", T_LINES, 1, 3, NULL, "x",
	 NULL, false, false, false, false, NULL, "alpha\nBETA\ngamma\n", E_EXPECT_REFUSED, "alpha\nbeta\ngamma\n", "",
	 0,
	 "t.txt:1-3: line 2 does not match --expect-all \xC2\xB7 it reads: beta \xC2\xB7 re-read it, or confirm "
	 "with --if sha:%s"},
	{"CRLF file: --new takes CRLF", "t.txt", "a\r\nb\r\nc\r\n", T_WHOLE, 0, 0, "b", "x\ny", NULL, false, false,
	 false, false, NULL, NULL, LETS_OK, "a\r\nx\r\ny\r\nc\r\n", "2,3", 1, "exact"},
	{"CRLF file: an LF --old spanning lines matches", "t.txt", "a\r\nb\r\nc\r\n", T_WHOLE, 0, 0, "a\nb", "z",
	 NULL, false, false, false, false, NULL, NULL, LETS_OK, "z\r\nc\r\n", "1", 1, "exact"},
	{"CRLF file: --literal-newlines keeps --new's LF", "t.txt", "a\r\nb\r\n", T_WHOLE, 0, 0, "a", "x\ny", NULL,
	 false, false, false, true, NULL, NULL, LETS_OK, "x\ny\r\nb\r\n", "1,2", 1, "exact"},
	{"LF file: a CRLF --old matches", "t.txt", "a\nb\nc\n", T_WHOLE, 0, 0, "a\r\nb", "z", NULL, false, false,
	 false, false, NULL, NULL, LETS_OK, "z\nc\n", "1", 1, "exact"},
	{"mixed endings refuse a multi-line --old", "t.txt", "a\r\nb\nc\n", T_WHOLE, 0, 0, "a\nb", "z", NULL, false,
	 false, false, false, NULL, NULL, E_MIXED_ENDINGS, "a\r\nb\nc\n", "", 0,
	 "--old spans lines, and t.txt mixes CRLF and LF endings \xC2\xB7 match one line at a time, or type \\r\\n "
	 "where the file has CRLF"},
	{"--normalize folds smart quotes", "t.txt", "say \xE2\x80\x9Chi\xE2\x80\x9D\n", T_WHOLE, 0, 0, "say \"hi\"",
	 "say 'hi'", NULL, false, false, true, false, NULL, NULL, LETS_OK, "say 'hi'\n", "1", 1,
	 "normalized (\xE2\x80\x9C \xE2\x86\x92 \", \xE2\x80\x9D \xE2\x86\x92 \")"},
	{"a normalized match is named, not taken", "t.txt", "say \xE2\x80\x9Chi\xE2\x80\x9D\n", T_WHOLE, 0, 0,
	 "say \"hi\"", "x", NULL, false, false, false, false, NULL, NULL, E_NOT_FOUND,
	 "say \xE2\x80\x9Chi\xE2\x80\x9D\n", "", 0,
	 "--old (a normalized match exists at line 1 \xE2\x80\x94 pass --normalize) not found in t.txt\n  nearest: "
	 "line 1\tsay \xE2\x80\x9Chi\xE2\x80\x9D"},
	{"an empty file has nothing to match", "t.txt", "", T_WHOLE, 0, 0, "a", "b", NULL, false, false, false,
	 false, NULL, NULL, E_EMPTY_FILE, "", "", 0,
	 "t.txt is empty, so there is nothing to match \xC2\xB7 write it with lets write --force t.txt"},
	{.name = "folding: --old in spaces lands on tabs, --new re-indented", .path = "t.go",
	 .data = "func f() {\n\tif x {\n\t\ty()\n\t}\n}\n", .old = "    if x {\n        y()",
	 .new_text = "    if x {\n        z()\n        w()", .bytes = "func f() {\n\tif x {\n\t\tz()\n\t\tw()\n\t}\n}\n",
	 .lines = "2,3,4", .count = 1, .match = "whitespace-folded", .marked = "3,4", .reindented = true},
	{.name = "folding: trailing whitespace and a missing base indent; the unchanged line keeps its bytes",
	 .path = "t.py", .data = "class A:\n    def f(self):  \n        return 1\n", .old = "def f(self):\n    return 1",
	 .new_text = "def f(self):\n    return 2", .bytes = "class A:\n    def f(self):  \n        return 2\n",
	 .lines = "2,3", .count = 1, .match = "whitespace-folded", .marked = "3", .reindented = true},
	{.name = "folding: a changed line is written without the file's trailing whitespace", .path = "t.py",
	 .data = "class A:\n    def f(self):  \n        return 1\n", .old = "def f(self):\n    return 1",
	 .new_text = "def g(self):\n    return 1", .bytes = "class A:\n    def g(self):\n        return 1\n",
	 .lines = "2,3", .count = 1, .match = "whitespace-folded", .marked = "2", .reindented = true},
	{.name = "folding: a deeper --new line not in --old takes the file's unit", .path = "t.go",
	 .data = "func f() {\n\tif x {\n\t}\n}\n", .old = "  if x {\n  }",
	 .new_text = "  if x {\n    y()\n  }", .bytes = "func f() {\n\tif x {\n\t\ty()\n\t}\n}\n",
	 .lines = "2,3,4", .count = 1, .match = "whitespace-folded", .marked = "3", .reindented = true},
	{.name = "folding: two regions alike are ambiguous", .path = "t.txt", .data = "\ta\n\tb\n\ta\n",
	 .old = "  a", .new_text = "x", .err = E_AMBIGUOUS, .bytes = "\ta\n\tb\n\ta\n",
	 .match = "t.txt is ambiguous (2 candidates)\n  t.txt:1\t\ta\n  t.txt:3\t\ta  \xE2\x86\x90 after \"b\"\n  pick line 1: lets edit t.txt "
		  "--line-hint 1 --old '  a' --new 'x'\n  pick line 3: lets edit t.txt --line-hint 3 --old '  a' --new 'x'"},
	{.name = "folding: the line hint picks one of two", .path = "t.txt", .data = "\ta\n\tb\n\ta\n",
	 .old = "  a", .new_text = "  x", .hint = 3, .bytes = "\ta\n\tb\n\tx\n", .lines = "3", .count = 1,
	 .match = "whitespace-folded", .marked = "3", .reindented = true},
	{.name = "folding: inner whitespace never folds", .path = "t.txt", .data = "\ta  b\n", .old = "  a b",
	 .new_text = "x", .err = E_NOT_FOUND, .bytes = "\ta  b\n",
	 .match = "--old not found in t.txt\n  nearest: line 1\t\ta  b\n  similarity: 80%%"},
	{.name = "folding: --exact names the folded match and the command", .path = "t.txt", .data = "\ta\n",
	 .old = "  a", .new_text = "x", .exact = true, .err = E_NOT_FOUND, .bytes = "\ta\n",
	 .match = "--old (a whitespace-folded match exists at line 1 \xE2\x80\x94 drop --exact) not found in t.txt\n  "
		  "nearest: line 1\t\ta\n  apply it: lets edit t.txt --old '  a' --new 'x'"},
	{.name = "folding: never over invalid UTF-8", .path = "t.txt", .data = "\ta\xFF\n", .old = "  a\xFF",
	 .new_text = "x", .err = E_NOT_FOUND, .bytes = "\ta\xFF\n",
	 .match = "--old not found in t.txt\n  nearest: line 1\t\ta\xEF\xBF\xBD\n  similarity: 100%%\n  near: line 1 "
		  "\xC2\xB7 100%% \xC2\xB7 a tab vs 2 spaces at col 1"},
	{.name = "--line-hint picks the occurrence on its line", .path = "t.txt", .data = "x\ny\nx\n", .old = "x",
	 .new_text = "z", .hint = 3, .bytes = "x\ny\nz\n", .lines = "3", .count = 1, .match = "exact", .marked = "3"},
	{.name = "--line-hint never moves a single match", .path = "t.txt", .data = "x\ny\n", .old = "x",
	 .new_text = "z", .hint = 2, .err = E_NOT_FOUND, .bytes = "x\ny\n",
	 .match = "--old not found at line 2 of t.txt \xC2\xB7 its one match is at line 1: re-read it, or pass "
		  "--line-hint 1"},
	{.name = "-w skips matches inside words", .path = "t.txt", .data = "return ur\n", .old = "ur",
	 .new_text = "res", .word = true, .bytes = "return res\n", .lines = "1", .count = 1, .match = "exact"},
	{.name = "-w is Unicode-aware", .path = "t.txt", .data = "caf\xC3\xA9\n", .old = "caf", .new_text = "x",
	 .word = true, .err = E_NOT_FOUND, .bytes = "caf\xC3\xA9\n",
	 .match = "--old not found in t.txt\n  nearest: line 1\tcaf\xC3\xA9\n  similarity: 66%%\n  near: line 1 \xC2\xB7 66%% "
		  "\xC2\xB7 1 word differs: caf\xC3\xA9\xE2\x86\x92" "caf"},
	{.name = "~ only on lines whose bytes changed", .path = "t.txt", .data = "a\nb\nc\n", .old = "a\nb\nc",
	 .new_text = "a\nB\nc", .bytes = "a\nB\nc\n", .lines = "1,2,3", .count = 1, .match = "exact", .marked = "2"},
	{.name = "a deletion marks nothing it did not change", .path = "t.txt", .data = "a\nb\nc\n", .old = "b\n",
	 .new_text = "", .bytes = "a\nc\n", .lines = "2", .count = 1, .match = "exact", .marked = ""},
	{.name = "--all: several matches on one line, shrinking it, mark that line only (fuzz_edit overflow)",
	 .path = "t.txt", .data = "x&&&y\nz\n", .old = "&", .new_text = "", .all = true, .bytes = "xy\nz\n",
	 .lines = "1", .count = 3, .match = "exact", .marked = "1"},
	{.name = "--all: several matches on one line, growing it, at the end without a newline",
	 .path = "t.txt", .data = "z\na&b&c", .old = "&", .new_text = "<&>", .all = true,
	 .bytes = "z\na<&>b<&>c", .lines = "2", .count = 2, .match = "exact", .marked = "2"},
	{.name = "--all: matches on one line split by a newline in --new mark every new line once",
	 .path = "t.txt", .data = "z\na&b&c\nq\n", .old = "&", .new_text = "\n", .all = true,
	 .bytes = "z\na\nb\nc\nq\n", .lines = "2,3", .count = 2, .match = "exact", .marked = "2,3,4"},
	{.name = "--all: multi-line matches chained through a shared line are one run",
	 .path = "t.txt", .data = "x&\n&y&\n&z\nw\n", .old = "&\n&", .new_text = "+", .all = true,
	 .bytes = "x+y+z\nw\n", .lines = "1", .count = 2, .match = "exact", .marked = "1"},
	{.name = "--all: control, matches on separate lines mark each",
	 .path = "t.txt", .data = "a&\nb\nc&\n", .old = "&", .new_text = "", .all = true, .bytes = "a\nb\nc\n",
	 .lines = "1,3", .count = 2, .match = "exact", .marked = "1,3"},
	{.name = "an edit equal to the file marks nothing", .path = "t.txt", .data = "a\nb\n", .old = "b",
	 .new_text = "b", .bytes = "a\nb\n", .lines = "2", .count = 1, .match = "exact", .marked = ""},
	{.name = "an insert takes the anchor's indentation", .path = "t.go", .data = "func f() {\n\tx := 1\n}\n",
	 .new_text = "y()", .anchor = "@'x :='", .after = true, .bytes = "func f() {\n\tx := 1\n\ty()\n}\n",
	 .lines = "3", .count = 1, .match = "exact", .marked = "3", .reindented = true},
	{.name = "an insert with its own indentation keeps its shape in tabs", .path = "t.go",
	 .data = "func f() {\n\tx := 1\n}\n", .new_text = "    if x {\n        y()\n    }", .anchor = "@'x :='",
	 .after = true, .bytes = "func f() {\n\tx := 1\n\tif x {\n\t\ty()\n\t}\n}\n", .lines = "3,4,5", .count = 3,
	 .match = "exact", .reindented = true},
	{.name = "an insert already in the file's style is left as typed", .path = "t.go",
	 .data = "func f() {\n\tx := 1\n}\n", .new_text = "\ty()", .anchor = "@'x :='", .after = true,
	 .bytes = "func f() {\n\tx := 1\n\ty()\n}\n", .lines = "3", .count = 1, .match = "exact"},
	{"a match over invalid UTF-8 is refused", "t.txt", "a\xFF\nb\n", T_WHOLE, 0, 0, "a\xFF", "x", NULL, false,
	 false, false, false, NULL, NULL, E_UNSUPPORTED_FILE, "a\xFF\nb\n", "", 0,
	 "t.txt is unsupported: non-UTF-8 region"},
};
#pragma GCC diagnostic pop
/* clang-format on */

static void lines_text(struct buf *b, const struct edit_result *r)
{
	for (size_t i = 0; i < r->n_lines; i++)
		buf_addf(b, "%s%ld", i ? "," : "", r->lines[i]);
}

static void run_case(const struct ecase *c)
{
	struct file f = FILE_INIT;
	f.path = xstrdup(c->path);
	f.size = strlen(c->data);
	f.data = xstrndup(c->data, f.size);
	file_index(&f);
	char sha[13];
	sha12(c->data, strlen(c->data), sha);
	struct target t = TARGET_INIT;
	t.kind = c->kind;
	t.first = c->first, t.last = c->last;
	struct buf text = BUF_INIT;
	buf_addf(&text, c->kind == T_LINES ? (c->first == c->last ? "%s:%ld" : "%s:%ld-%ld") : "%s", c->path,
		 c->first, c->last);
	t.text = xstrdup(text.data);
	t.path = xstrdup(c->path);
	struct edit_req rq = {
		.target_text = text.data,
		.t = &t,
		.old = c->old,
		.old_len = c->old ? strlen(c->old) : 0,
		.new_text = c->new_text,
		.new_len = strlen(c->new_text),
		.anchor = c->anchor,
		.after = c->after,
		.all = c->all,
		.normalize = c->normalize,
		.exact = c->exact,
		.word = c->word,
		.line_hint = c->hint,
		.literal_newlines = c->literal,
		.expect = c->expect,
		.expect_all = c->expect_all != NULL,
		.expect_all_text = c->expect_all,
		.expect_all_len = c->expect_all ? strlen(c->expect_all) : 0,
	};
	struct edit_result r = EDIT_RESULT_INIT;
	struct omits notes = OMITS_INIT;
	struct diag d = DIAG_INIT;
	enum lets_err err = edit_apply(&f, &rq, &r, &notes, &d);
	struct buf name = BUF_INIT, got = BUF_INIT, want = BUF_INIT;
	buf_addf(&name, "%s: slug", c->name);
	unit_str(name.data, err_slug(err), err_slug(c->err));
	buf_truncate(&name, 0);
	buf_addf(&name, "%s: bytes", c->name);
	unit_bytes(name.data, f.data, f.size, c->bytes);
	if (c->err == LETS_OK) {
		lines_text(&got, &r);
		buf_truncate(&name, 0);
		buf_addf(&name, "%s: lines", c->name);
		unit_str(name.data, got.data ? got.data : "", c->lines);
		buf_truncate(&name, 0);
		buf_addf(&name, "%s: count", c->name);
		unit_long(name.data, r.count, c->count);
		buf_truncate(&name, 0);
		buf_addf(&name, "%s: match", c->name);
		unit_str(name.data, r.match, c->match);
		buf_truncate(&name, 0);
		buf_addf(&name, "%s: re-indented", c->name);
		unit_long(name.data, r.reindented, c->reindented);
		if (c->marked) {
			buf_truncate(&got, 0);
			for (size_t i = 0; i < r.n_marked; i++)
				buf_addf(&got, "%s%ld", i ? "," : "", r.marked[i]);
			buf_truncate(&name, 0);
			buf_addf(&name, "%s: marked", c->name);
			unit_str(name.data, got.data ? got.data : "", c->marked);
		}
	} else {
		buf_addf(&want, c->match, sha);
		buf_truncate(&name, 0);
		buf_addf(&name, "%s: message", c->name);
		unit_str(name.data, d.n ? d.items[0].message : NULL, want.data);
	}
	buf_release(&name);
	buf_release(&got);
	buf_release(&want);
	diag_release(&d);
	omits_release(&notes);
	edit_result_release(&r);
	target_release(&t);
	buf_release(&text);
	file_release(&f);
}

/* Two edits in a row on one working copy, as a batch applies them: the second sees the first's
 * bytes and its lines are those of the final bytes. */
static void batch_on_one_copy(void)
{
	struct file f = FILE_INIT;
	f.path = xstrdup("t.txt");
	f.data = xstrdup("one\ntwo\nthree\n");
	f.size = strlen(f.data);
	file_index(&f);
	struct target t = TARGET_INIT;
	struct edit_req a = {.target_text = "t.txt",
			     .t = &t,
			     .old = "one",
			     .old_len = 3,
			     .new_text = "1\n1b",
			     .new_len = 4};
	struct edit_req b = {
		.target_text = "t.txt", .t = &t, .old = "three", .old_len = 5, .new_text = "3", .new_len = 1};
	struct edit_result ra = EDIT_RESULT_INIT, rb = EDIT_RESULT_INIT;
	struct diag d = DIAG_INIT;
	unit_long("batch: first edit", edit_apply(&f, &a, &ra, NULL, &d), LETS_OK);
	unit_long("batch: second edit", edit_apply(&f, &b, &rb, NULL, &d), LETS_OK);
	unit_bytes("batch: bytes", f.data, f.size, "1\n1b\ntwo\n3\n");
	unit_long("batch: second edit's line", rb.n_lines ? rb.lines[0] : 0, 4);
	struct edit_req missing = {
		.target_text = "t.txt", .t = &t, .old = "one", .old_len = 3, .new_text = "x", .new_len = 1};
	struct edit_result rm = EDIT_RESULT_INIT;
	unit_long("batch: a failed edit", edit_apply(&f, &missing, &rm, NULL, &d), E_NOT_FOUND);
	unit_bytes("batch: a failed edit leaves the copy", f.data, f.size, "1\n1b\ntwo\n3\n");
	edit_result_release(&ra);
	edit_result_release(&rb);
	edit_result_release(&rm);
	diag_release(&d);
	file_release(&f);
}

/* An insert names its anchor: a symbol with its line, a regex by line. */
static void insert_anchors(void)
{
	struct file f = FILE_INIT;
	f.path = xstrdup("t.py");
	f.data = xstrdup("def a():\n    return 1\n\ndef b():\n    return 2\n");
	f.size = strlen(f.data);
	file_index(&f);
	struct target t = TARGET_INIT;
	struct edit_req sym = {
		.target_text = "t.py", .t = &t, .new_text = "# b", .new_len = 3, .anchor = "#b"};
	struct edit_req re = {.target_text = "t.py",
			      .t = &t,
			      .new_text = "# end",
			      .new_len = 5,
			      .anchor = "@'return 1'",
			      .after = true};
	struct edit_result rs = EDIT_RESULT_INIT, rr = EDIT_RESULT_INIT;
	struct diag d = DIAG_INIT;
	unit_long("anchor #b: ok", edit_apply(&f, &sym, &rs, NULL, &d), LETS_OK);
	unit_str("anchor #b: shown", rs.anchor_shown, "#b (line 4)");
	unit_long("anchor #b: line", rs.anchor_line, 4);
	unit_long("anchor @: ok", edit_apply(&f, &re, &rr, NULL, &d), LETS_OK);
	unit_str("anchor @: shown", rr.anchor_shown, "line 2");
	unit_bytes("anchors: bytes", f.data, f.size,
		   "def a():\n    return 1\n    # end\n\n# b\ndef b():\n    return 2\n");
	unit_long("anchor @: inserted line", rr.n_lines ? rr.lines[0] : 0, 3);
	edit_result_release(&rs);
	edit_result_release(&rr);
	diag_release(&d);
	file_release(&f);
}

/* A batch's line_hint is a line of the file as read: two edits' shifts map lines both ways, and a
 * third edit's hint picks by the line as read. */
static void history_maps(void)
{
	struct file f = FILE_INIT;
	f.path = xstrdup("t.txt");
	f.data = xstrdup("1\n2\n3\n4\n5\n6\nx\nx\n");
	f.size = strlen(f.data);
	file_index(&f);
	struct target t = TARGET_INIT;
	struct edit_req a = {.target_text = "t.txt",
			     .t = &t,
			     .old = "2\n3\n",
			     .old_len = 4,
			     .new_text = "23\n",
			     .new_len = 3};
	struct edit_req b = {.target_text = "t.txt",
			     .t = &t,
			     .new_text = "a\nb",
			     .new_len = 3,
			     .anchor = "@'^5'",
			     .after = true};
	struct edit_result ra = EDIT_RESULT_INIT, rb = EDIT_RESULT_INIT, rc = EDIT_RESULT_INIT;
	struct diag d = DIAG_INIT;
	unit_long("history: a", edit_apply(&f, &a, &ra, NULL, &d), LETS_OK);
	unit_long("history: b", edit_apply(&f, &b, &rb, NULL, &d), LETS_OK);
	unit_bytes("history: bytes", f.data, f.size, "1\n23\n4\n5\na\nb\n6\nx\nx\n");
	struct edit_history ha = {&ra, NULL}, hb = {&rb, &ha};
	static const long fwd[][2] = {{1, 1}, {2, 2}, {3, 2}, {4, 3}, {5, 4}, {6, 7}, {7, 8}, {8, 9}};
	for (size_t i = 0; i < sizeof(fwd) / sizeof(fwd[0]); i++)
		unit_long("history: forward", edit_history_forward(&hb, fwd[i][0]), fwd[i][1]);
	static const long back[][2] = {{1, 1}, {2, 2}, {3, 4}, {4, 5}, {5, 6}, {6, 6}, {7, 6}, {9, 8}};
	for (size_t i = 0; i < sizeof(back) / sizeof(back[0]); i++)
		unit_long("history: back", edit_history_back(&hb, back[i][0]), back[i][1]);
	unit_long("history: no history", edit_history_forward(NULL, 7), 7);
	struct edit_req c = {.target_text = "t.txt",
			     .t = &t,
			     .old = "x",
			     .old_len = 1,
			     .new_text = "y",
			     .new_len = 1,
			     .line_hint = 8,
			     .history = &hb};
	unit_long("history: hint as read", edit_apply(&f, &c, &rc, NULL, &d), LETS_OK);
	unit_bytes("history: hint's bytes", f.data, f.size, "1\n23\n4\n5\na\nb\n6\nx\ny\n");
	edit_result_release(&ra);
	edit_result_release(&rb);
	edit_result_release(&rc);
	diag_release(&d);
	file_release(&f);
}

int main(void)
{
	unit_begin("t_edit");
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		run_case(&cases[i]);
	batch_on_one_copy();
	insert_anchors();
	history_maps();
	return unit_end();
}
