/* The --from - batch reader (batch.h): fence sections keep their bytes exactly (no final newline,
 * CRLF input, fence-like text inside a body), inserts, JSONL entries, and the per-line problems
 * the spec lists, all reported before anything is used. */
#include "batch.h"
#include "error.h"
#include "unit.h"

static void parse(const char *in, struct batch *b, struct diag *d)
{
	*b = (struct batch)BATCH_INIT;
	*d = (struct diag)DIAG_INIT;
	batch_parse(b, in, strlen(in), d);
}

static void fences(void)
{
	struct batch b;
	struct diag d;
	parse("@@ a.ts\n<<<<<<< old\ncap = 10\n======= new\ncap = 20\n>>>>>>>\n", &b, &d);
	unit_long("fence: one entry", (long)b.n, 1);
	unit_str("fence: target", b.v[0].target, "a.ts");
	unit_bytes("fence: old without the final newline", b.v[0].old, b.v[0].old_len, "cap = 10");
	unit_bytes("fence: new", b.v[0].new_text, b.v[0].new_len, "cap = 20");
	unit_long("fence: line of the entry", b.v[0].line, 1);
	unit_long("fence: no problems", (long)d.n, 0);
	batch_release(&b);
	diag_release(&d);

	parse("\n@@ a.ts\n<<<<<<< old\none\ntwo\n======= new\n\n>>>>>>>\n@@ b.ts insert-before @'^x'\n======= new\n"
	      "y\n>>>>>>>\n",
	      &b, &d);
	unit_long("fence: two entries", (long)b.n, 2);
	unit_bytes("fence: multi-line old", b.v[0].old, b.v[0].old_len, "one\ntwo");
	unit_bytes("fence: a new section of one empty line is empty", b.v[0].new_text, b.v[0].new_len, "");
	unit_long("fence: entry line after a leading blank line", b.v[0].line, 2);
	unit_str("fence: insert target", b.v[1].target, "b.ts");
	unit_str("fence: insert anchor", b.v[1].anchor, "@'^x'");
	unit_check(!b.v[1].after && !b.v[1].old, "fence: insert-before, no old");
	batch_release(&b);
	diag_release(&d);

	parse("@@ a.ts\r\n<<<<<<< old\r\nx\r\n======= new\r\ny\r\n>>>>>>>\r\n", &b, &d);
	unit_check(b.n == 1 && !d.n, "fence: CRLF input");
	unit_bytes("fence: CRLF body keeps no fence newline", b.v[0].old, b.v[0].old_len, "x");
	batch_release(&b);
	diag_release(&d);

	parse("@@ a.ts\n<<<<<<< old\nx\n>>>>>>>\n", &b, &d);
	unit_str("fence: no new section", d.n ? d.items[0].message : "",
		 "line 1: a.ts: no `======= new` section");
	batch_release(&b);
	diag_release(&d);

	parse("@@ a.ts\n======= new\nx\n", &b, &d);
	unit_str("fence: never closed", d.n ? d.items[0].message : "",
		 "line 1: a.ts: no `>>>>>>>` closing the edit");
	batch_release(&b);
	diag_release(&d);

	parse("cap = 10\n", &b, &d);
	unit_str("fence: text outside an entry", d.n ? d.items[0].message : "",
		 "line 1: expected `@@ <path>` to start an edit, found: cap = 10");
	batch_release(&b);
	diag_release(&d);
}

static void jsonl(void)
{
	struct batch b;
	struct diag d;
	parse("{\"file\":\"a.ts\",\"old\":\"x\",\"new\":\"y\\n\",\"all\":true}\n\n{\"file\":\"b.ts\",\"insert_after\":\"#f\","
	      "\"new\":\"z\"}\n",
	      &b, &d);
	unit_check(b.n == 2 && !d.n, "jsonl: two entries, a blank line skipped");
	unit_bytes("jsonl: new keeps its newline", b.v[0].new_text, b.v[0].new_len, "y\n");
	unit_long("jsonl: all", b.v[0].all, 1);
	unit_long("jsonl: all unset", b.v[1].all, -1);
	unit_check(b.v[1].after && !strcmp(b.v[1].anchor, "#f"), "jsonl: insert_after");
	unit_long("jsonl: line numbers count blank lines", b.v[1].line, 3);
	batch_release(&b);
	diag_release(&d);

	const struct {
		const char *in;
		const char *msgs[3];
	} bad[] = {
		{"{\"file\":\"a\",\"old\":\"x\",\"neww\":\"y\"}",
		 {"line 1: unknown key \"neww\"", "line 1: no \"new\""}},
		{"{\"file\":\"a\",\"old\":\"x\",\"new\":1}", {"line 1: \"new\" must be a string"}},
		{"{\"file\":\"a\",\"old\":\"x\",\"insert_after\":\"@'y'\",\"new\":\"z\"}",
		 {"line 1: exactly one of \"old\", \"insert_after\" or \"insert_before\" is required \xC2\xB7 found old, insert_after"}},
		{"{\"old\":\"x\",\"new\":\"y\"}", {"line 1: no \"file\""}},
		{"{\"file\":\"a\",\"new\":\"y\"}",
		 {"line 1: exactly one of \"old\", \"insert_after\" or \"insert_before\" is required \xC2\xB7 found none"}},
		{"{\"file\":\"a\",\"old\":\"x\",\"new\":\"y\"}\n[1]",
		 {"line 2: not a JSON object: another JSON value"}},
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		parse(bad[i].in, &b, &d);
		size_t want = 0;
		while (want < 3 && bad[i].msgs[want])
			want++;
		unit_long(bad[i].msgs[0], (long)d.n, (long)want);
		for (size_t k = 0; k < want && k < d.n; k++) {
			unit_str(bad[i].msgs[k], d.items[k].message, bad[i].msgs[k]);
			unit_check(d.items[k].code == E_USAGE, "%s: usage", bad[i].msgs[k]);
		}
		batch_release(&b);
		diag_release(&d);
	}
}

int main(void)
{
	unit_begin("t_batch");
	fences();
	jsonl();
	return unit_end();
}
