/* The output contract pieces of output-format.md: the cost segment (§4), plurals (§1), numbered
 * lines (§3), an edit region's context windows and gap lines (§3, §7), the omitted vocabulary as
 * footer text and JSON (§11), the footer rule (§4), stats and the error shape (§10). */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "error.h"
#include "file.h"
#include "opt.h"
#include "output.h"
#include "unit.h"

static void check_cost(long tokens, const char *want)
{
	struct buf b = BUF_INIT;
	cost_text(&b, tokens);
	char name[64];
	snprintf(name, sizeof(name), "cost_text(%ld)", tokens);
	unit_bytes(name, b.data ? b.data : "", b.len, want);
	buf_release(&b);
}

static void check_plural(long n, const char *want)
{
	struct buf b = BUF_INIT;
	plural(&b, n, "line", "lines");
	char name[64];
	snprintf(name, sizeof(name), "plural(%ld, line, lines)", n);
	unit_bytes(name, b.data, b.len, want);
	buf_release(&b);
}

/* One omission's footer text and JSON, as the §11 table pairs them. */
static void check_omission(const char *name, const struct omission *om, const char *text, const char *json)
{
	struct buf b = BUF_INIT;
	omission_text(&b, om);
	char n[160];
	snprintf(n, sizeof(n), "%s: footer text", name);
	unit_bytes(n, b.data ? b.data : "", b.len, text);
	buf_release(&b);

	struct omits o = OMITS_INIT;
	omit_copy(&o, om);
	omits_json(&b, &o);
	snprintf(n, sizeof(n), "%s: JSON", name);
	unit_bytes(n, b.data, b.len, json);
	buf_release(&b);
	omits_release(&o);
}

static void omissions(void)
{
	char *one[] = {"src/a.ts"};
	char *two[] = {"src/a.ts", "src/b.ts"};
	char *globs[] = {"*.ts", "*.md"};
	long gaps[] = {4, 5, 9, 12};
	const struct {
		const char *name;
		struct omission om;
		const char *text, *json;
	} cases[] = {
		{"hit_cap",
		 {.kind = OM_HIT_CAP, .a = 60, .b = 50},
		 "over the 50-hit cap \xC2\xB7 narrow the pattern or the paths, or --files",
		 "[{\"hit_cap\":{\"hits\":60,\"cap\":50}}]"},
		{"top_files 1",
		 {.kind = OM_TOP_FILES, .a = 1},
		 "top 1 file shown",
		 "[{\"top_files\":{\"shown\":1}}]"},
		{"top_files 10",
		 {.kind = OM_TOP_FILES, .a = 10},
		 "top 10 files shown",
		 "[{\"top_files\":{\"shown\":10}}]"},
		{"check_skipped",
		 {.kind = OM_CHECK_SKIPPED, .s1 = "no grammar for .txt"},
		 "check: skipped (no grammar for .txt)",
		 "[{\"check_skipped\":{\"reason\":\"no grammar for .txt\"}}]"},
		{"normalized", {.kind = OM_NORMALIZED}, "normalized", "[\"normalized\"]"},
		{"partial_batch one file",
		 {.kind = OM_PARTIAL_BATCH, .list = one, .n_list = 1},
		 "wrote 1 file: src/a.ts",
		 "[{\"partial_batch\":{\"written\":[\"src/a.ts\"]}}]"},
		{"partial_batch two files",
		 {.kind = OM_PARTIAL_BATCH, .list = two, .n_list = 2},
		 "wrote 2 files: src/a.ts, src/b.ts",
		 "[{\"partial_batch\":{\"written\":[\"src/a.ts\",\"src/b.ts\"]}}]"},
		{"window",
		 {.kind = OM_WINDOW, .a = 1, .b = 200, .c = 212},
		 ":201-212 not shown",
		 "[{\"window\":{\"shown\":[1,200],\"total\":212}}]"},
		{"budget with a range",
		 {.kind = OM_BUDGET, .a = 50, .b = 6, .c = 20, .s1 = "lines20.txt"},
		 "budget 50 trimmed lines20.txt (:6-20 not shown)",
		 "[{\"budget\":{\"budget\":50,\"trimmed_target\":\"lines20.txt\",\"not_shown\":[6,20]}}]"},
		{"budget without a range",
		 {.kind = OM_BUDGET, .a = 50, .s1 = "t"},
		 "budget 50 trimmed t",
		 "[{\"budget\":{\"budget\":50,\"trimmed_target\":\"t\",\"not_shown\":null}}]"},
		{"ignored drops zero parts",
		 {.kind = OM_IGNORED, .a = 1, .b = 2, .c = 0},
		 "ignored 3 (gitignore 1 \xC2\xB7 hidden 2)",
		 "[{\"ignored\":{\"gitignore\":1,\"hidden\":2,\"other\":0}}]"},
		{"ignored all zero says nothing",
		 {.kind = OM_IGNORED},
		 "",
		 "[{\"ignored\":{\"gitignore\":0,\"hidden\":0,\"other\":0}}]"},
		{"skipped",
		 {.kind = OM_SKIPPED, .a = 1, .b = 0, .c = 0},
		 "skipped 1 (binary 1)",
		 "[{\"skipped\":{\"binary\":1,\"too_large\":0,\"unreadable\":0}}]"},
		{"skipped every part",
		 {.kind = OM_SKIPPED, .a = 1, .b = 2, .c = 3},
		 "skipped 6 (binary 1 \xC2\xB7 too large 2 \xC2\xB7 unreadable 3)",
		 "[{\"skipped\":{\"binary\":1,\"too_large\":2,\"unreadable\":3}}]"},
		{"unresolved",
		 {.kind = OM_UNRESOLVED, .s1 = "nope1.ts", .s2 = "not_found"},
		 "nope1.ts failed (not_found)",
		 "[{\"unresolved\":{\"target\":\"nope1.ts\",\"error\":\"not_found\"}}]"},
		{"check_inconclusive",
		 {.kind = OM_CHECK_INCONCLUSIVE, .s1 = "checker-fail", .s2 = "failed before and after"},
		 "check: checker-fail inconclusive (failed before and after)",
		 "[{\"check_inconclusive\":{\"layer\":\"checker-fail\",\"reason\":\"failed before and after\"}}]"},
		{"long_lines_cut 1",
		 {.kind = OM_LONG_LINES_CUT, .a = 1},
		 "1 long line cut",
		 "[{\"long_lines_cut\":{\"lines\":1}}]"},
		{"long_lines_cut 2",
		 {.kind = OM_LONG_LINES_CUT, .a = 2},
		 "2 long lines cut",
		 "[{\"long_lines_cut\":{\"lines\":2}}]"},
		{"output_trimmed",
		 {.kind = OM_OUTPUT_TRIMMED, .a = 100, .b = 18},
		 "output over --max-bytes 100: 18 lines not shown",
		 "[{\"output_trimmed\":{\"limit\":100,\"lines\":18}}]"},
		{"output_trimmed one line",
		 {.kind = OM_OUTPUT_TRIMMED, .a = 100, .b = 1},
		 "output over --max-bytes 100: 1 line not shown",
		 "[{\"output_trimmed\":{\"limit\":100,\"lines\":1}}]"},
		{"lossy_lines",
		 {.kind = OM_LOSSY_LINES, .a = 1},
		 "1 non-UTF-8 line shown lossily",
		 "[{\"lossy_lines\":{\"lines\":1}}]"},
		{"lossy_lines plural",
		 {.kind = OM_LOSSY_LINES, .a = 3},
		 "3 non-UTF-8 lines shown lossily",
		 "[{\"lossy_lines\":{\"lines\":3}}]"},
		{"selector_resolved",
		 {.kind = OM_SELECTOR_RESOLVED, .s1 = "services[name=web].image", .s2 = "services[1].image"},
		 "services[name=web].image \xE2\x86\x92 services[1].image",
		 "[{\"selector_resolved\":{\"selector\":\"services[name=web].image\",\"resolved\":\"services[1].image\"}}]"},
		{"glob",
		 {.kind = OM_GLOB, .list = globs, .n_list = 2},
		 "glob *.ts, *.md",
		 "[{\"glob\":{\"patterns\":[\"*.ts\",\"*.md\"]}}]"},
		{"grep_style",
		 {.kind = OM_GREP_STYLE, .s1 = "A\\|B", .s2 = "A|B"},
		 "\xC2\xAB"
		 "A\\|B\xC2\xBB had no hits, read grep-style as \xC2\xAB"
		 "A|B\xC2\xBB",
		 "[{\"grep_style\":{\"pattern\":\"A\\\\|B\",\"read_as\":\"A|B\"}}]"},
		{"crlf_matched", {.kind = OM_CRLF_MATCHED}, "--old matched as CRLF", "[\"crlf_matched\"]"},
		{"unreadable",
		 {.kind = OM_UNREADABLE, .s1 = "p"},
		 "p unreadable",
		 "[{\"unreadable\":{\"path\":\"p\"}}]"},
		{"xattrs_dropped",
		 {.kind = OM_XATTRS_DROPPED, .s1 = "p"},
		 "xattrs dropped",
		 "[{\"xattrs_dropped\":{\"path\":\"p\"}}]"},
		{"region_gap",
		 {.kind = OM_REGION_GAP, .pairs = gaps, .n_pairs = 2},
		 ":4-5 not shown \xC2\xB7 :9-12 not shown",
		 "[{\"region_gap\":{\"not_shown\":[[4,5],[9,12]]}}]"},
		{"budget_list",
		 {.kind = OM_BUDGET_LIST, .a = 6, .b = 1},
		 "budget 6 trimmed the list: 1 file not shown",
		 "[{\"budget_list\":{\"budget\":6,\"files\":1}}]"},
		{"budget_list plural",
		 {.kind = OM_BUDGET_LIST, .a = 6, .b = 40},
		 "budget 6 trimmed the list: 40 files not shown",
		 "[{\"budget_list\":{\"budget\":6,\"files\":40}}]"},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		check_omission(cases[i].name, &cases[i].om, cases[i].text, cases[i].json);

	struct omits o = OMITS_INIT;
	struct buf b = BUF_INIT;
	omits_json(&b, &o);
	unit_bytes("omits_json of nothing is []", b.data, b.len, "[]");
	buf_release(&b);
	omit_window(&o, 1, 200, 212);
	omit_normalized(&o);
	omit_unresolved(&o, "x.ts", "not_found");
	omits_json(&b, &o);
	unit_bytes(
		"omits_json keeps the recorded order", b.data, b.len,
		"[{\"window\":{\"shown\":[1,200],\"total\":212}},\"normalized\",{\"unresolved\":{\"target\":\"x.ts\","
		"\"error\":\"not_found\"}}]");
	buf_release(&b);
	omits_release(&o);
}

/* Each typed constructor puts its arguments where its kind's JSON (§11) reads them. */
static void constructors(void)
{
	struct omits o = OMITS_INIT;
	const char *written[] = {"a.ts", "b.ts"}, *globs[] = {"*.ts"};
	omit_hit_cap(&o, 60, 50, NULL);
	omit_top_files(&o, 1);
	omit_check_skipped(&o, "no grammar for .txt");
	omit_normalized(&o);
	omit_partial_batch(&o, written, 2);
	omit_window(&o, 1, 200, 212);
	omit_budget(&o, 50, "t.txt", 6, 20);
	omit_budget(&o, 50, "u.txt", 0, 0);
	omit_ignored(&o, 1, 2, 3);
	omit_skipped(&o, 4, 5, 6);
	omit_unresolved(&o, "x.ts", "not_found");
	omit_check_inconclusive(&o, "make", "failed before and after");
	omit_long_lines_cut(&o, 7);
	omit_output_trimmed(&o, 100, 8);
	omit_lossy_lines(&o, 9);
	omit_selector_resolved(&o, "s[name=a]", "s[0]");
	omit_glob(&o, globs, 1);
	omit_grep_style(&o, "A\\|B", "A|B");
	omit_crlf_matched(&o);
	omit_unreadable(&o, "p");
	omit_xattrs_dropped(&o, "q");
	omit_region_gap(&o, 4, 5);
	omit_match_limit(&o, 2);
	omit_region_gap(&o, 9, 12);
	omit_budget_list(&o, 6, 40);
	omit_whitespace_folded(&o);
	omit_reindented(&o);
	omit_path_cap(&o, 50, 3);
	struct buf b = BUF_INIT;
	omits_json(&b, &o);
	unit_bytes("constructors: every kind's fields in place, one region_gap for both gaps", b.data, b.len,
		   "[{\"hit_cap\":{\"hits\":60,\"cap\":50}},{\"top_files\":{\"shown\":1}},"
		   "{\"check_skipped\":{\"reason\":\"no grammar for .txt\"}},\"normalized\","
		   "{\"partial_batch\":{\"written\":[\"a.ts\",\"b.ts\"]}},"
		   "{\"window\":{\"shown\":[1,200],\"total\":212}},"
		   "{\"budget\":{\"budget\":50,\"trimmed_target\":\"t.txt\",\"not_shown\":[6,20]}},"
		   "{\"budget\":{\"budget\":50,\"trimmed_target\":\"u.txt\",\"not_shown\":null}},"
		   "{\"ignored\":{\"gitignore\":1,\"hidden\":2,\"other\":3}},"
		   "{\"skipped\":{\"binary\":4,\"too_large\":5,\"unreadable\":6}},"
		   "{\"unresolved\":{\"target\":\"x.ts\",\"error\":\"not_found\"}},"
		   "{\"check_inconclusive\":{\"layer\":\"make\",\"reason\":\"failed before and after\"}},"
		   "{\"long_lines_cut\":{\"lines\":7}},{\"output_trimmed\":{\"limit\":100,\"lines\":8}},"
		   "{\"lossy_lines\":{\"lines\":9}},"
		   "{\"selector_resolved\":{\"selector\":\"s[name=a]\",\"resolved\":\"s[0]\"}},"
		   "{\"glob\":{\"patterns\":[\"*.ts\"]}},"
		   "{\"grep_style\":{\"pattern\":\"A\\\\|B\",\"read_as\":\"A|B\"}},\"crlf_matched\","
		   "{\"unreadable\":{\"path\":\"p\"}},{\"xattrs_dropped\":{\"path\":\"q\"}},"
		   "{\"region_gap\":{\"not_shown\":[[4,5],[9,12]]}},{\"match_limit\":{\"files\":2}},"
		   "{\"budget_list\":{\"budget\":6,\"files\":40}},\"whitespace_folded\",\"reindented\","
		   "{\"path_cap\":{\"cap\":50,\"paths\":3}}]");
	buf_release(&b);
	omits_release(&o);
}

/* A report: one object of every value type, the same under --jsonl, no omitted or stats; as
 * text its rows aligned (labels padded, counts right-aligned), its words, its footer lead. */
static void report(void)
{
	const struct out_member inner[] = {out_number("n", 3), out_bool("b", false)};
	const struct out_member pair[] = {out_string("event", "Pre"), out_string("outcome", "added")};
	const struct out_member elems[] = {out_object(NULL, pair, 2), out_string(NULL, "x\n"),
					   out_null(NULL)};
	const struct out_member m[] = {out_string("s", "a\"b"),     out_number("count", -2),
				       out_bool("ok", true),        out_null("none"),
				       out_object("obj", inner, 2), out_object("empty", NULL, 0),
				       out_array("list", elems, 3), out_array("nothing", NULL, 0)};
	const struct out_tally rows[] = {{"", "sessions", 1}, {"  ", "show", 12}, {"", "read bytes", 100}};
	struct response r = {.report = m,
			     .n_report = 8,
			     .tally = rows,
			     .n_tally = 3,
			     .text = "words\n",
			     .lead = "skipped: 1 walk error"};
	const char *json =
		"{\"s\":\"a\\\"b\",\"count\":-2,\"ok\":true,\"none\":null,\"obj\":{\"n\":3,\"b\":false},"
		"\"empty\":{},\"list\":[{\"event\":\"Pre\",\"outcome\":\"added\"},\"x\\n\",null],\"nothing\":[]}\n";
	struct buf b = BUF_INIT;
	response_render(&b, &r, OUT_JSON);
	unit_bytes("report --json: the members in order, nested, no omitted or stats", b.data, b.len, json);
	buf_truncate(&b, 0);
	response_render(&b, &r, OUT_JSONL);
	unit_bytes("report --jsonl: the same single object", b.data, b.len, json);
	buf_truncate(&b, 0);
	response_render(&b, &r, OUT_TEXT);
	unit_bytes("report text: rows aligned, the words, the footer lead with no cost", b.data, b.len,
		   "sessions      1\n  show       12\nread bytes  100\nwords\n"
		   "\xE2\x94\x80\xE2\x94\x80 skipped: 1 walk error\n");
	buf_truncate(&b, 0);
	struct response bare = {.report = m, .n_report = 1, .text = "lets 0.0.1\n"};
	response_render(&b, &bare, OUT_TEXT);
	unit_bytes("report text: words alone, no footer line", b.data, b.len, "lets 0.0.1\n");
	buf_release(&b);
}

static void footer(const char *name, const char *lead, struct omits *om, long tokens, const char *want)
{
	struct buf b = BUF_INIT;
	footer_text(&b, lead, om, tokens);
	unit_bytes(name, b.data ? b.data : "", b.len, want);
	buf_release(&b);
}

static void footers(void)
{
	struct omits none = OMITS_INIT;
	footer("footer: lead and cost", "showed 2 targets \xC2\xB7 15 lines", &none, 74,
	       "\xE2\x94\x80\xE2\x94\x80 showed 2 targets \xC2\xB7 15 lines \xC2\xB7 ~74 tokens\n");
	footer("footer: no cost when tokens < 0", "showed 1 target \xC2\xB7 0 lines", &none, -1,
	       "\xE2\x94\x80\xE2\x94\x80 showed 1 target \xC2\xB7 0 lines\n");
	footer("footer: nothing at all prints no line", "", &none, -1, "");
	footer("footer: cost alone (show --all's first line)", "", &none, 1218,
	       "\xE2\x94\x80\xE2\x94\x80 ~1.2k tokens\n");

	struct omits o = OMITS_INIT;
	omit_unresolved(&o, "nope1.ts", "not_found");
	omit_unresolved(&o, "nope2.ts", "not_found");
	footer("footer: the spec's partial failure", "showed 1 target \xC2\xB7 1 line", &o, -1,
	       "\xE2\x94\x80\xE2\x94\x80 showed 1 target \xC2\xB7 1 line \xC2\xB7 nope1.ts failed (not_found) \xC2\xB7 "
	       "nope2.ts failed (not_found)\n");
	footer("footer: omissions before the cost", "showed 1 target \xC2\xB7 1 line", &o, 7,
	       "\xE2\x94\x80\xE2\x94\x80 showed 1 target \xC2\xB7 1 line \xC2\xB7 nope1.ts failed (not_found) \xC2\xB7 "
	       "nope2.ts failed (not_found) \xC2\xB7 ~7 tokens\n");
	omits_release(&o);

	omit_ignored(&o, 0, 0, 0);
	omit_window(&o, 1, 200, 212);
	footer("footer: an omission with nothing to say is skipped", "showed 1 target \xC2\xB7 200 lines", &o,
	       -1,
	       "\xE2\x94\x80\xE2\x94\x80 showed 1 target \xC2\xB7 200 lines \xC2\xB7 :201-212 not shown\n");
	footer("footer: omissions with an empty lead", "", &o, -1,
	       "\xE2\x94\x80\xE2\x94\x80 :201-212 not shown\n");
	omits_release(&o);
}

static void lines(void)
{
	const struct {
		const char *name;
		long number;
		enum marker m;
		const char *text;
		const char *note;
		int width;
		bool numbers;
		const char *want;
	} cases[] = {
		{"plain line, width 1", 5, MK_NONE, "  const cap = 10", NULL, 1, true,
		 "5 \t  const cap = 10\n"},
		{"plain line padded to width 2", 9, MK_NONE, "x", NULL, 2, true, " 9 \tx\n"},
		{"plain line padded to width 3", 3, MK_NONE, "One", NULL, 3, true, "  3 \tOne\n"},
		{"empty line keeps its TAB", 2, MK_NONE, "", NULL, 1, true, "2 \t\n"},
		{"replaced marker ~", 5, MK_REPLACED, "  const cap = 20", NULL, 1, true,
		 "5~\t  const cap = 20\n"},
		{"inserted marker +", 10, MK_INSERTED, "x", NULL, 2, true, "10+\tx\n"},
		{"deleted marker -", 4, MK_DELETED, "gone:", NULL, 1, true, "4-\tgone:\n"},
		{"find hit marker :", 13, MK_HIT, "## \xC2\xABNext\xC2\xBB", NULL, 2, true,
		 "13:\t## \xC2\xABNext\xC2\xBB\n"},
		{"find context marker -", 7, MK_CONTEXT, "ctx", NULL, 1, true, "7-\tctx\n"},
		{"gap line: blank number column, the middle dot", 0, MK_GAP, ":4-5 not shown", NULL, 2, true,
		 "  \xC2\xB7\t:4-5 not shown\n"},
		{"a note follows ten spaces", 8, MK_REPLACED, "  return total(id, now))",
		 "\xE2\x86\x90 parse error", 1, true,
		 "8~\t  return total(id, now))          \xE2\x86\x90 parse error\n"},
		{"--no-numbers: the text alone", 5, MK_NONE, "  const cap = 10", NULL, 2, false,
		 "  const cap = 10\n"},
		{"text keeps its tabs", 1, MK_NONE, "\tindented", NULL, 1, true, "1 \t\tindented\n"},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct out_line l = {.number = cases[i].number,
				     .marker = cases[i].m,
				     .text = (char *)cases[i].text,
				     .len = strlen(cases[i].text),
				     .note = cases[i].note};
		struct buf b = BUF_INIT;
		line_text(&b, &l, cases[i].width, cases[i].numbers);
		unit_bytes(cases[i].name, b.data, b.len, cases[i].want);
		buf_release(&b);
	}

	const struct {
		enum marker m;
		const char *want;
	} json[] = {
		{MK_NONE, "{\"number\":3,\"marker\":\"none\",\"text\":\"a \\\"q\\\"\"}"},
		{MK_REPLACED, "{\"number\":3,\"marker\":\"replaced\",\"text\":\"a \\\"q\\\"\"}"},
		{MK_INSERTED, "{\"number\":3,\"marker\":\"inserted\",\"text\":\"a \\\"q\\\"\"}"},
		{MK_DELETED, "{\"number\":3,\"marker\":\"deleted\",\"text\":\"a \\\"q\\\"\"}"},
		{MK_HIT, "{\"number\":3,\"marker\":\"hit\",\"text\":\"a \\\"q\\\"\"}"},
		{MK_CONTEXT, "{\"number\":3,\"marker\":\"context\",\"text\":\"a \\\"q\\\"\"}"},
		{MK_GAP, "{\"number\":3,\"marker\":\"gap\",\"text\":\"a \\\"q\\\"\"}"},
	};
	for (size_t i = 0; i < sizeof(json) / sizeof(json[0]); i++) {
		struct out_line l = {.number = 3, .marker = json[i].m, .text = "a \"q\"", .len = 5};
		struct buf b = BUF_INIT;
		line_json(&b, &l);
		char name[64];
		snprintf(name, sizeof(name), "line_json, marker %d", (int)json[i].m);
		unit_bytes(name, b.data, b.len, json[i].want);
		buf_release(&b);
	}

	struct out_line l = {.number = 1, .text = "import { usageCap } from './config'", .len = 35};
	unit_long("line_cost is the text plus one newline", (long)line_cost(&l), 36);

	const long widths[][2] = {{0, 1}, {1, 1}, {9, 1}, {10, 2}, {99, 2}, {100, 3}, {212, 3}, {20000, 5}};
	for (size_t i = 0; i < sizeof(widths) / sizeof(widths[0]); i++) {
		char name[64];
		snprintf(name, sizeof(name), "num_width(%ld)", widths[i][0]);
		unit_long(name, num_width(widths[i][0]), widths[i][1]);
	}
}

static void block(void)
{
	struct out_block blk = {0};
	blk.target = strdup("small.md");
	blk.path = strdup("small.md");
	blk.has_range = true;
	blk.start = 1;
	blk.end = 2;
	blk.total = 15;
	blk.window = 2;
	blk.not_shown_a = 3;
	blk.not_shown_b = 15;
	blk.crlf = true;
	blk.lossy_lines = malloc(2 * sizeof(long));
	blk.lossy_lines[0] = 3;
	blk.lossy_lines[1] = 7;
	blk.n_lossy = 2;
	memcpy(blk.sha, "c1191fa80cd5", 13);
	block_add_line(&blk, 1, MK_NONE, "# lets", 6);
	block_add_line(&blk, 2, MK_NONE, "", 0);
	struct buf b = BUF_INIT;
	block_json(&b, &blk);
	unit_bytes(
		"block_json: every optional key, in the spec's order", b.data, b.len,
		"{\"target\":\"small.md\",\"path\":\"small.md\",\"start\":1,\"end\":2,\"total\":15,\"window\":2,"
		"\"not_shown\":[3,15],\"crlf\":true,\"lossy_lines\":[3,7],\"sha\":\"c1191fa80cd5\",\"lines\":[{\"number\":1,"
		"\"marker\":\"none\",\"text\":\"# lets\"},{\"number\":2,\"marker\":\"none\",\"text\":\"\"}]}");
	buf_release(&b);
	block_release(&blk);

	struct out_block empty = {0};
	empty.target = strdup("empty.md");
	empty.path = strdup("empty.md");
	memcpy(empty.sha, "af1349b9f5f9", 13);
	block_json(&b, &empty);
	unit_bytes("block_json: an empty file has no range keys", b.data, b.len,
		   "{\"target\":\"empty.md\",\"path\":\"empty.md\",\"sha\":\"af1349b9f5f9\",\"lines\":[]}");
	buf_release(&b);
	block_release(&empty);

	struct out_block sym = {0};
	sym.target = strdup("src/usage.ts#usage");
	sym.path = strdup("src/usage.ts");
	sym.has_range = true;
	sym.start = 3;
	sym.end = 3;
	sym.total = 13;
	sym.resolver = "tree-sitter";
	block_add_line(&sym, 3, MK_NONE, "export function usage(id: string) {", 35);
	block_json(&b, &sym);
	unit_bytes(
		"block_json: a resolver, and no sha key when the sha is absent", b.data, b.len,
		"{\"target\":\"src/usage.ts#usage\",\"path\":\"src/usage.ts\",\"start\":3,\"end\":3,\"total\":13,"
		"\"resolver\":\"tree-sitter\",\"lines\":[{\"number\":3,\"marker\":\"none\",\"text\":\"export function "
		"usage(id: string) {\"}]}");
	buf_release(&b);
	block_release(&sym);
}

/* Lines 3 and 4 share one window (1-6), 12 has its own (10-14), 20's is cut at the end of the
 * file (18-20); the windows do not touch, so two gap lines and one region_gap with two pairs. */
static void region(void)
{
	struct buf text = BUF_INIT;
	for (int i = 1; i <= 20; i++)
		buf_addf(&text, i == 5 ? "l%d\xff\n" : "l%d\n", i);
	struct file f = FILE_INIT;
	f.size = text.len;
	f.data = buf_detach(&text);
	file_index(&f);
	const struct region_mark changed[] = {{3, MK_REPLACED, NULL, 0},
					      {4, MK_REPLACED, NULL, 0},
					      {12, MK_REPLACED, NULL, 0},
					      {20, MK_REPLACED, NULL, 0}};
	struct out_block r = {0};
	struct omits gap = OMITS_INIT;
	long cut = 0, lossy = 0;
	region_build(&r, &f, changed, 4, 1, &gap, &cut, &lossy);
	struct buf b = BUF_INIT;
	for (size_t i = 0; i < r.n_lines; i++)
		line_text(&b, &r.lines[i], 2, true);
	unit_bytes("region_build: windows of +-2, merged when they touch, gap lines between", b.data, b.len,
		   " 1 \tl1\n 2 \tl2\n 3~\tl3\n 4~\tl4\n 5 \tl5\xef\xbf\xbd\n 6 \tl6\n"
		   "  \xc2\xb7\t:7-9 not shown\n"
		   "10 \tl10\n11 \tl11\n12~\tl12\n13 \tl13\n14 \tl14\n"
		   "  \xc2\xb7\t:15-17 not shown\n"
		   "18 \tl18\n19 \tl19\n20~\tl20\n");
	unit_long("region_build: one lossy line counted", lossy, 1);
	unit_long("region_build: no line cut", cut, 0);
	unit_long("region_build: one region_gap omission", (long)gap.n, 1);
	buf_truncate(&b, 0);
	footer_text(&b, "", &gap, -1);
	unit_bytes("region_build: the footer repeats each gap", b.data, b.len,
		   "\xe2\x94\x80\xe2\x94\x80 :7-9 not shown \xc2\xb7 :15-17 not shown\n");
	buf_truncate(&b, 0);
	struct out_block one = {0};
	const struct region_mark first[] = {{1, MK_INSERTED, NULL, 0}};
	region_build(&one, &f, first, 1, 1, &gap, &cut, &lossy);
	region_json(&b, &one);
	unit_bytes(
		"region_json: start and end of the numbered lines", b.data, b.len,
		"{\"start\":1,\"end\":3,\"lines\":[{\"number\":1,\"marker\":\"inserted\",\"text\":\"l1\"},"
		"{\"number\":2,\"marker\":\"none\",\"text\":\"l2\"},{\"number\":3,\"marker\":\"none\",\"text\":\"l3\"}]}");
	buf_truncate(&b, 0);
	region_json(&b, &r);
	const char *ends = "{\"start\":1,\"end\":20,";
	unit_long("region_json: a gap line does not move the end", !strncmp(b.data, ends, strlen(ends)), 1);
	buf_release(&b);
	block_release(&one);
	block_release(&r);
	omits_release(&gap);
	file_release(&f);
}

static void region_text(const char *name, const struct file *f, const struct region_mark *m, size_t n,
			long bridge, const char *want)
{
	struct out_block r = {0};
	struct omits gap = OMITS_INIT;
	long cut = 0, lossy = 0;
	region_build(&r, f, m, n, bridge, &gap, &cut, &lossy);
	struct buf b = BUF_INIT;
	for (size_t i = 0; i < r.n_lines; i++)
		line_text(&b, &r.lines[i], 2, true);
	footer_text(&b, "", &gap, -1);
	unit_bytes(name, b.data, b.len, want);
	buf_release(&b);
	block_release(&r);
	omits_release(&gap);
}

/* The bridge: edit (1) shows a one-line gap, transform (0) names it. A removed line shows before
 * the line that now follows it, with its note, and its window ends a line sooner. */
static void region_marks(void)
{
	struct buf text = BUF_INIT;
	for (int i = 1; i <= 12; i++)
		buf_addf(&text, "l%d\n", i);
	struct file f = FILE_INIT;
	f.size = text.len;
	f.data = buf_detach(&text);
	file_index(&f);
	const struct region_mark two[] = {{3, MK_REPLACED, NULL, 0}, {9, MK_REPLACED, NULL, 0}};
	region_text(
		"region_build: bridge 1 shows the one line between two windows", &f, two, 2, 1,
		" 1 \tl1\n 2 \tl2\n 3~\tl3\n 4 \tl4\n 5 \tl5\n 6 \tl6\n 7 \tl7\n 8 \tl8\n 9~\tl9\n10 \tl10\n11 \tl11\n");
	region_text(
		"region_build: bridge 0 names it", &f, two, 2, 0,
		" 1 \tl1\n 2 \tl2\n 3~\tl3\n 4 \tl4\n 5 \tl5\n  \xc2\xb7\t:6-6 not shown\n 7 \tl7\n 8 \tl8\n 9~\tl9\n"
		"10 \tl10\n11 \tl11\n\xe2\x94\x80\xe2\x94\x80 :6-6 not shown\n");
	const struct region_mark del[] = {{5, MK_DELETED, "gone", 4}, {13, MK_DELETED, "last", 4}};
	region_text("region_build: a removed line before the line that follows it, and after the last line",
		    &f, del, 2, 0,
		    " 3 \tl3\n 4 \tl4\n 5-\tgone          (deleted)\n 5 \tl5\n 6 \tl6\n"
		    "  \xc2\xb7\t:7-10 not shown\n11 \tl11\n12 \tl12\n13-\tlast          (deleted)\n"
		    "\xe2\x94\x80\xe2\x94\x80 :7-10 not shown\n");
	file_release(&f);
}

static void stats(void)
{
	struct omits none = OMITS_INIT;
	struct buf end = BUF_INIT;
	response_end_json(&end, &none, 0, 0);
	unit_bytes("response_end_json: omitted, then stats, then the object closes", end.data, end.len,
		   ",\"omitted\":[],\"stats\":{\"lines\":0,\"bytes\":0,\"tokens_est\":null}}\n");
	buf_release(&end);

	output_stats_config(NULL, NULL);
	unit_long("tokens_est(152) = 38", tokens_est(152), 38);
	unit_long("tokens_est(299) = 74", tokens_est(299), 74);
	unit_long("tokens_est(3) = 0", tokens_est(3), 0);
	unit_long("tokens_est(0) is null", tokens_est(0), -1);
	output_stats_config("2", NULL);
	unit_long("LETS_TOKEN_RATIO=2: tokens_est(152) = 76", tokens_est(152), 76);
	output_stats_config("0", NULL);
	unit_long("LETS_TOKEN_RATIO=0 is ignored", tokens_est(152), 38);
	output_stats_config("x", NULL);
	unit_long("LETS_TOKEN_RATIO=x is ignored", tokens_est(152), 38);
	output_stats_config(NULL, "1");
	unit_long("LETS_NO_STATS=1: null", tokens_est(152), -1);
	output_stats_config(NULL, "0");
	unit_long("LETS_NO_STATS=0: counted", tokens_est(152), 38);
	output_stats_config(NULL, NULL);

	struct buf b = BUF_INIT;
	stats_json(&b, 9, 189);
	unit_bytes("stats_json", b.data, b.len, "{\"lines\":9,\"bytes\":189,\"tokens_est\":47}");
	buf_release(&b);
	stats_json(&b, 0, 0);
	unit_bytes("stats_json with no bytes", b.data, b.len,
		   "{\"lines\":0,\"bytes\":0,\"tokens_est\":null}");
	buf_release(&b);
	output_stats_config(NULL, "1");
	stats_json(&b, 9, 189);
	unit_bytes("stats_json under LETS_NO_STATS=1 (the spec's example)", b.data, b.len,
		   "{\"lines\":9,\"bytes\":189,\"tokens_est\":null}");
	buf_release(&b);
	output_stats_config(NULL, NULL);

	struct diag d = DIAG_INIT;
	diag_add(&d, E_NOT_FOUND, "--old not found in usage.ts\n  nearest: line 5\t  const cap = 20");
	error_json(&b, &d, NULL);
	unit_bytes(
		"error_json: the spec's example", b.data, b.len,
		"{\"error\":{\"slug\":\"not_found\",\"message\":\"--old not found in usage.ts\\n  nearest: line 5\\t  "
		"const cap = 20\"},\"omitted\":[],\"stats\":{\"lines\":0,\"bytes\":0,\"tokens_est\":null}}\n");
	buf_release(&b);
	diag_add(&d, E_UNSUPPORTED_FILE, "dir is unsupported: a directory");
	error_json(&b, &d, NULL);
	unit_bytes(
		"error_json: messages joined by \\n, the first failure's slug", b.data, b.len,
		"{\"error\":{\"slug\":\"not_found\",\"message\":\"--old not found in usage.ts\\n  nearest: line 5\\t  "
		"const cap = 20\\ndir is unsupported: a directory\"},\"omitted\":[],\"stats\":{\"lines\":0,\"bytes\":0,"
		"\"tokens_est\":null}}\n");
	buf_release(&b);
	diag_release(&d);
}

/* One response rendered three ways: every fact it holds (the target and its range, the sha, a
 * line's number and text, each omission, the stats, the busiest files) appears in the text, the
 * --json object and the --jsonl records, each in that format's own words. */
struct fact {
	const char *what, *text, *json;
};

static void check_facts(const char *how, const struct buf *b, const struct fact *facts, size_t n, bool text)
{
	for (size_t i = 0; i < n; i++) {
		const char *want = text ? facts[i].text : facts[i].json;
		unit_check(b->data && strstr(b->data, want), "response %s carries %s (%s)", how,
			   facts[i].what, want);
	}
}

static void response_three_ways(void)
{
	output_stats_config(NULL, NULL);
	struct out_block blk = {0};
	blk.target = "src/a.go#run";
	blk.path = "src/a.go";
	blk.has_range = true;
	blk.start = 3;
	blk.end = 4;
	blk.total = 9;
	blk.resolver = "tree-sitter";
	strcpy(blk.sha, "0123456789ab");
	block_add_line(&blk, 3, MK_NONE, "func run() {", 12);
	block_add_line(&blk, 4, MK_NONE, "}", 1);
	struct omits om = OMITS_INIT;
	omit_window(&om, 1, 4, 9);
	omit_unresolved(&om, "nope.go", "not_found");
	struct response r = {.list_key = "targets",
			     .blocks = &blk,
			     .n_blocks = 1,
			     .om = &om,
			     .header = HDR_TARGET,
			     .lead = "showed 1 target",
			     .numbers = true};
	blocks_stats(&blk, 1, &r.lines, &r.bytes);
	unit_long("blocks_stats lines", r.lines, 2);
	unit_long("blocks_stats bytes", r.bytes, 15);
	static const struct fact facts[] = {
		{"the target", "src/a.go#run", "\"target\":\"src/a.go#run\""},
		{"the range", "(3-4 of 9", "\"start\":3,\"end\":4,\"total\":9"},
		{"the resolver", "via tree-sitter", "\"resolver\":\"tree-sitter\""},
		{"the sha", "sha:0123456789ab", "\"sha\":\"0123456789ab\""},
		{"a line", "3 \tfunc run() {",
		 "{\"number\":3,\"marker\":\"none\",\"text\":\"func run() {\"}"},
		{"the window omission", ":5-9 not shown", "{\"window\":{\"shown\":[1,4],\"total\":9}}"},
		{"the unresolved omission", "nope.go failed (not_found)",
		 "{\"unresolved\":{\"target\":\"nope.go\",\"error\":\"not_found\"}}"},
		{"the stats", "~3 tokens", "{\"lines\":2,\"bytes\":15,\"tokens_est\":3}"},
	};
	const char *names[] = {"text", "--json", "--jsonl"};
	for (int f = OUT_TEXT; f <= OUT_JSONL; f++) {
		struct buf b = BUF_INIT;
		response_render(&b, &r, (enum out_format)f);
		check_facts(names[f], &b, facts, sizeof facts / sizeof *facts, f == OUT_TEXT);
		buf_release(&b);
	}

	struct out_row top[] = {{"src/busy.go", 120}, {"src/b.go", 7}};
	struct response over = {.list_key = "targets",
				.top = top,
				.n_top = 2,
				.top_more = 3,
				.om = &om,
				.lead = "127 hits in 5 files",
				.no_cost = true};
	static const struct fact top_facts[] = {
		{"the busiest file", "120\tsrc/busy.go", "{\"count\":120,\"path\":\"src/busy.go\"}"},
		{"the next file", "  7\tsrc/b.go", "{\"count\":7,\"path\":\"src/b.go\"}"},
		{"how many more", "\xE2\x80\xA6 3 more files", "\"top_files_more\":3"},
	};
	for (int f = OUT_TEXT; f <= OUT_JSONL; f++) {
		struct buf b = BUF_INIT;
		response_render(&b, &over, (enum out_format)f);
		check_facts(names[f], &b, top_facts, sizeof top_facts / sizeof *top_facts, f == OUT_TEXT);
		buf_release(&b);
	}
	struct buf b = BUF_INIT;
	response_render(&b, &r, OUT_JSON);
	unit_check(b.len && b.data[0] == '{' && !strcmp(b.data + b.len - 2, "}\n") &&
			   !memchr(b.data, '\n', b.len - 1),
		   "--json is one object on one line");
	buf_release(&b);
	response_render(&b, &r, OUT_JSONL);
	unit_check(b.len && !strncmp(b.data, "{\"target\":", 10) && strstr(b.data, "}\n{\"stats\":"),
		   "--jsonl is one record per block, then the stats record");
	buf_release(&b);
	blk.target = blk.path = NULL; /* borrowed literals */
	block_release(&blk);
	omits_release(&om);
}

static void render_facts(const struct response *r, const struct fact *facts, size_t n)
{
	const char *names[] = {"text", "--json", "--jsonl"};
	for (int f = OUT_TEXT; f <= OUT_JSONL; f++) {
		struct buf b = BUF_INIT;
		response_render(&b, r, (enum out_format)f);
		check_facts(names[f], &b, facts, n, f == OUT_TEXT);
		buf_release(&b);
	}
}

/* An edit's response (output-format.md §3, §7, §10): every fact of a replacement, an insert and
 * their check, sha, omissions and stats is in text, --json and --jsonl alike. */
static void changes_three_ways(void)
{
	output_stats_config(NULL, NULL);
	struct out_block reg = {0};
	block_add_line(&reg, 2, MK_NONE, "a := 1", 6);
	block_add_line(&reg, 3, MK_REPLACED, "b := 2", 6);
	block_add_line(&reg, 4, MK_GAP, ":4-8 not shown", 14);
	block_add_line(&reg, 9, MK_REPLACED, "c := 3", 6);
	struct out_block ins = {0};
	block_add_line(&ins, 5, MK_INSERTED, "// new", 6);
	struct omits om = OMITS_INIT;
	omit_long_lines_cut(&om, 1);
	omit_region_gap(&om, 4, 8);
	const long lines[] = {3, 9}, at[] = {5};
	struct out_change ch[2] = {
		{.kind = CHG_REPLACE,
		 .path = "src/a.go",
		 .count = 2,
		 .lines = lines,
		 .n_lines = 2,
		 .match = "normalized",
		 .resolver = "span guessed (plaintext heuristic)",
		 .region = &reg,
		 .check = {"structure", "ok", 1, 1},
		 .sha_before = "aaaaaaaaaaaa",
		 .sha_after = "bbbbbbbbbbbb"},
		{.kind = CHG_INSERT,
		 .path = "src/b.go",
		 .count = 1,
		 .side = "after",
		 .anchor = "func main",
		 .anchor_shown = "\xC2\xAB"
				 "func main\xC2\xBB",
		 .anchor_line = 4,
		 .lines = at,
		 .n_lines = 1,
		 .match = "exact",
		 .region = &ins,
		 .sha_before = "cccccccccccc",
		 .sha_after = "dddddddddddd"},
	};
	struct response one = {.changes = ch, .n_changes = 1, .om = &om};
	changes_stats(ch, 1, true, &one.lines, &one.bytes);
	unit_long("changes_stats lines (the gap line counts)", one.lines, 4);
	static const struct fact facts[] = {
		{"the path", OUT_RULE "src/a.go" OUT_DOT, "\"path\":\"src/a.go\""},
		{"the count", "2 replacements", "\"replacements\":2"},
		{"the changed lines", "lines 3, 9", "\"lines\":[3,9]"},
		{"the match", OUT_DOT "normalized", "\"match\":\"normalized\""},
		{"the resolver", OUT_DOT "span guessed (plaintext heuristic)",
		 "\"resolver\":\"span guessed (plaintext heuristic)\""},
		{"a changed line", "3~\tb := 2",
		 "{\"number\":3,\"marker\":\"replaced\",\"text\":\"b := 2\"}"},
		{"a context line", "2 \ta := 1", "{\"number\":2,\"marker\":\"none\",\"text\":\"a := 1\"}"},
		{"the gap line", "\n \xC2\xB7\t:4-8 not shown",
		 "{\"number\":4,\"marker\":\"gap\",\"text\":\":4-8 not shown\"}"},
		{"the check", "check: structure ok",
		 "\"check\":{\"layer\":\"structure\",\"status\":\"ok\",\"errors_before\":1,\"errors_after\":1}"},
		{"the sha",
		 "sha:aaaaaaaaaaaa\xE2\x86\x92"
		 "bbbbbbbbbbbb",
		 "\"sha\":{\"before\":\"aaaaaaaaaaaa\",\"after\":\"bbbbbbbbbbbb\"}"},
		{"the cut omission", "1 long line cut", "{\"long_lines_cut\":{\"lines\":1}}"},
		{"the gap omission", OUT_DOT ":4-8 not shown", "{\"region_gap\":{\"not_shown\":[[4,8]]}}"},
		{"the stats", "~", "\"stats\":{\"lines\":4,"},
	};
	render_facts(&one, facts, sizeof facts / sizeof *facts);

	struct response batch = {.list_key = "edits",
				 .changes = ch,
				 .n_changes = 2,
				 .om = &om,
				 .lead = "2 files" OUT_DOT "2 edits" OUT_DOT "all applied"};
	changes_stats(ch, 2, true, &batch.lines, &batch.bytes);
	static const struct fact batch_facts[] = {
		{"the second path", OUT_RULE "src/b.go" OUT_DOT, "\"path\":\"src/b.go\""},
		{"the insert",
		 "inserted 1 line after \xC2\xAB"
		 "func main\xC2\xBB",
		 "\"inserted\":1,\"anchor\":{\"side\":\"after\",\"at\":\"func main\",\"line\":4}"},
		{"the inserted line", "5+\t// new",
		 "{\"number\":5,\"marker\":\"inserted\",\"text\":\"// new\"}"},
	};
	render_facts(&batch, batch_facts, sizeof batch_facts / sizeof *batch_facts);
	struct buf b = BUF_INIT;
	response_render(&b, &batch, OUT_JSON);
	unit_check(!strncmp(b.data, "{\"edits\":[{\"path\":\"src/a.go\"", 28) &&
			   strstr(b.data, "}],\"omitted\":[") && !memchr(b.data, '\n', b.len - 1),
		   "a batch's --json is {\"edits\":[…],\"omitted\":…,\"stats\":…} on one line");
	buf_truncate(&b, 0);
	response_render(&b, &batch, OUT_JSONL);
	unit_check(!strncmp(b.data, "{\"path\":\"src/a.go\"", 18) &&
			   strstr(b.data, "}\n{\"path\":\"src/b.go\"") && strstr(b.data, "}\n{\"stats\":"),
		   "a batch's --jsonl is one record per edit, then the stats record");
	buf_release(&b);

	/* a reverted change says so in its header, its footer and its JSON */
	ch[0].reverted = true;
	ch[0].check.status = "failed";
	ch[0].sha_after = ch[0].sha_before;
	static const struct fact reverted_facts[] = {
		{"the revert", OUT_DOT "REVERTED\n", "\"reverted\":true"},
		{"the failed check", "check: failed \xE2\x86\x92 reverted" OUT_DOT "file unchanged",
		 "\"status\":\"failed\""},
	};
	render_facts(&one, reverted_facts, sizeof reverted_facts / sizeof *reverted_facts);
	block_release(&reg);
	block_release(&ins);
	omits_release(&om);
}

/* A transform's and a write's response: the kinds' own members, and write's one record. */
static void change_kinds(void)
{
	output_stats_config(NULL, NULL);
	struct omits om = OMITS_INIT;
	const struct out_op ops[] = {{"set", "a.b"}, {"delete", "c"}, {"set", "d"}};
	const long lines[] = {2, 4};
	struct out_change tf = {.kind = CHG_TRANSFORM,
				.path = "c.json",
				.format = "json",
				.ops = ops,
				.n_ops = 3,
				.lines = lines,
				.n_lines = 2,
				.check = {"json", "ok", 0, 0},
				.sha_before = "aaaaaaaaaaaa",
				.sha_after = "bbbbbbbbbbbb"};
	struct response r = {.changes = &tf, .n_changes = 1, .om = &om};
	static const struct fact tf_facts[] = {
		{"the format", OUT_DOT "json" OUT_DOT, "\"format\":\"json\""},
		{"the operations", "set a.b, d, delete c",
		 "\"operations\":[{\"op\":\"set\",\"key\":\"a.b\"},{\"op\":\"delete\",\"key\":\"c\"},{\"op\":\"set\",\"key\":\"d\"}]"},
		{"the lines", OUT_DOT "lines 2, 4", "\"lines\":[2,4]"},
		{"the check", "check: json ok", "\"layer\":\"json\",\"status\":\"ok\""},
	};
	render_facts(&r, tf_facts, sizeof tf_facts / sizeof *tf_facts);

	struct out_change wr = {.kind = CHG_WRITE,
				.path = "n.md",
				.outcome = "created",
				.count = 2,
				.bytes = 12,
				.sha_after = "eeeeeeeeeeee"};
	struct response w = {.changes = &wr,
			     .n_changes = 1,
			     .one_record = true,
			     .om = &om,
			     .lines = 2,
			     .bytes = 12,
			     .no_cost = true};
	struct buf b = BUF_INIT;
	response_render(&b, &w, OUT_TEXT);
	unit_bytes("write: text", b.data, b.len,
		   OUT_RULE "n.md" OUT_DOT "created" OUT_DOT "2 lines" OUT_DOT "12 bytes" OUT_DOT
			    "sha:eeeeeeeeeeee\n");
	const char *want =
		"{\"path\":\"n.md\",\"outcome\":\"created\",\"lines\":2,\"bytes\":12,\"sha\":\"eeeeeeeeeeee\","
		"\"omitted\":[],\"stats\":{\"lines\":2,\"bytes\":12,\"tokens_est\":3}}\n";
	for (int f = OUT_JSON; f <= OUT_JSONL; f++) {
		buf_truncate(&b, 0);
		response_render(&b, &w, (enum out_format)f);
		unit_bytes(f == OUT_JSON ? "write: --json" : "write: --jsonl is the same one record", b.data,
			   b.len, want);
	}
	buf_truncate(&b, 0);
	wr.check = (struct out_check){"cargo \"check\"", "ok", 1, 2};
	response_render(&b, &w, OUT_JSON);
	unit_check(
		strstr(b.data,
		       ",\"check\":{\"layer\":\"cargo \\\"check\\\"\",\"status\":\"ok\",\"errors_before\":1,"
		       "\"errors_after\":2}") != NULL,
		"the check object: keys in the spec's order (\xC2\xA7"
		"10), a command layer as a JSON string");
	buf_release(&b);
	omits_release(&om);
}

/* rows_shape keeps the leading rows within a --budget; over --max-bytes with no budget it refuses
 * (nothing shown, over_budget). --files rows cost path + '\n', --count rows the count
 * right-aligned to the widest and two spaces more. */
static void rows(void)
{
	const struct out_row r[] = {
		{.path = "a.go", .count = 1}, {.path = "b.go", .count = 10}, {.path = "c", .count = 2}};
	unit_long("rows_bytes of files", rows_bytes(r, 3, false), 5 + 5 + 2);
	unit_long("rows_bytes of counts: width 2", rows_bytes(r, 3, true), 9 + 9 + 6);
	const struct {
		const char *name;
		bool counted;
		long budget, max_bytes;
		size_t keep;
		const char *diag;
		size_t omissions;
	} cases[] = {
		{"files within max_bytes", false, OPT_UNSET, 12, 3, "", 0},
		{"files one byte over max_bytes: refused", false, OPT_UNSET, 11, 0, "over_budget", 0},
		{"files budget 2 tokens: 8 bytes", false, 2, 0, 1, "", 1},
		{"counts over max_bytes: refused", true, OPT_UNSET, 20, 0, "over_budget", 0},
		{"counts budget 0 keeps nothing", true, 0, 65536, 0, "", 1},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct omits om = OMITS_INIT;
		struct diag d = DIAG_INIT;
		char n[160];
		size_t shown = 99;
		bool refused = rows_shape(r, 3, cases[i].counted, cases[i].budget, cases[i].max_bytes, &om,
					  &d, &shown, false);
		snprintf(n, sizeof(n), "rows_shape: %s: rows kept", cases[i].name);
		unit_long(n, (long)shown, (long)cases[i].keep);
		snprintf(n, sizeof(n), "rows_shape: %s: refused", cases[i].name);
		unit_long(n, refused, *cases[i].diag != 0);
		snprintf(n, sizeof(n), "rows_shape: %s: error", cases[i].name);
		unit_str(n, d.n ? err_slug(diag_first(&d)) : "", cases[i].diag);
		snprintf(n, sizeof(n), "rows_shape: %s: omissions", cases[i].name);
		unit_long(n, (long)om.n, (long)cases[i].omissions);
		omits_release(&om);
		diag_release(&d);
	}
	struct diag d = DIAG_INIT;
	size_t shown;
	rows_shape(r, 3, false, OPT_UNSET, 11, NULL, &d, &shown, false);
	unit_str(
		"rows_shape: the refusal names the size and the flags that fit",
		d.n ? d.items[0].message : "",
		"content is 12 bytes, over the 11-byte budget \xC2\xB7 pass --budget 2 to trim it to fit, or "
		"--max-bytes 12 to show it all");
	diag_release(&d);
}

/* blocks_shape over --max-bytes: refused with a diag; with no diag (a written change) the whole
 * lines within the limit are kept and the cut named. */
static void blocks_limit(void)
{
	struct out_block b = {0};
	block_add_line(&b, 1, MK_NONE, "aaaa", 4); /* 5 bytes with its newline */
	block_add_line(&b, 2, MK_NONE, "bbbb", 4);
	struct omits om = OMITS_INIT;
	struct diag d = DIAG_INIT;
	unit_long("blocks_shape: over max_bytes refuses", blocks_shape(&b, 1, OPT_UNSET, 7, &om, &d, false),
		  1);
	unit_long("blocks_shape: a refusal keeps the lines", (long)b.n_lines, 2);
	unit_str("blocks_shape: the refusal names the size and the flags that fit",
		 d.n ? d.items[0].message : "",
		 "content is 10 bytes, over the 7-byte budget \xC2\xB7 pass --budget 1 to trim it to fit, or "
		 "--max-bytes 10 to show it all");
	unit_long("blocks_shape: no diag trims instead", blocks_shape(&b, 1, OPT_UNSET, 7, &om, NULL, false),
		  0);
	unit_long("blocks_shape: the whole lines within the limit", (long)b.n_lines, 1);
	unit_long("blocks_shape: the cut named", om.n == 1 ? (long)om.items[0].kind : -1L,
		  (long)OM_OUTPUT_TRIMMED);
	omits_release(&om);
	diag_release(&d);
	block_release(&b);
}

int main(void)
{
	unit_begin("t_output");
	response_three_ways();
	changes_three_ways();
	blocks_limit();
	change_kinds();
	/* §4: ~T tokens below 100, else tenths = (T + 50) / 100 → ~X.Yk tokens. */
	region();
	region_marks();
	check_cost(-1, "");
	check_cost(0, "~0 tokens");
	check_cost(38, "~38 tokens");
	check_cost(99, "~99 tokens");
	check_cost(100, "~0.1k tokens");
	check_cost(149, "~0.1k tokens");
	check_cost(150, "~0.2k tokens");
	check_cost(210, "~0.2k tokens");
	check_cost(900, "~0.9k tokens");
	check_cost(1218, "~1.2k tokens");
	check_cost(2600, "~2.6k tokens");
	check_cost(9949, "~9.9k tokens");
	check_cost(9950, "~10.0k tokens");
	check_cost(12345, "~12.3k tokens");
	/* §1: singular only for exactly 1. */
	check_plural(0, "0 lines");
	check_plural(1, "1 line");
	check_plural(2, "2 lines");
	check_plural(15, "15 lines");
	omissions();
	constructors();
	report();
	footers();
	lines();
	block();
	stats();
	rows();
	return unit_end();
}
