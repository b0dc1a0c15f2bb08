/* Layer-1 checks (check.h): the format validators (JSON and JSONC, YAML, TOML, markdown
 * frontmatter), the choice of check by file name, and check_layer1's rule that only a new
 * failure fails (a file already broken before the edit is not blamed on it). */
#include "alloc.h"
#include "buf.h"
#include "check.h"
#include "format/format.h"
#include "unit.h"

/* The one JSON verdict, as a JSONC file (tsconfig.json: trailing commas) and a plain one. */
static bool jsonc(const char *s, size_t n)
{
	char detail[80];
	return format_valid(FMT_JSON, "tsconfig.json", s, n, detail, sizeof(detail));
}

static bool json_strict(const char *s, size_t n)
{
	char detail[80];
	return format_valid(FMT_JSON, "package.json", s, n, detail, sizeof(detail));
}

/* YAML's verdict, in the signature of the validator table. */
static bool yaml(const char *s, size_t n)
{
	char detail[80];
	return yaml_valid(s, n, detail, sizeof(detail));
}

static void validators(void)
{
	const struct {
		const char *name;
		bool (*fn)(const char *, size_t);
		const char *text;
		bool ok;
	} cases[] = {
		{"json: object", json_strict, "{\"a\": [1, 2.5, true, null, \"x\"]}\n", true},
		{"jsonc: // comment", jsonc, "{\n  // note\n  \"a\": 1\n}\n", true},
		{"json: // comment (the spec's config.json)", json_strict, "{\n  // note\n  \"a\": 1\n}\n",
		 true},
		{"jsonc: block comment", jsonc, "{ /* a\nb */ \"a\": 1 }", true},
		{"json: // inside a string is text", json_strict, "{\"url\": \"http://x\"}", true},
		{"jsonc: trailing comma", jsonc, "{\"a\": 1,}", true},
		{"json: no trailing comma", json_strict, "{\"a\": 1,}", false},
		{"jsonc: a comma alone is no trailing comma", jsonc, "[,]", false},
		{"json: unclosed object", json_strict, "{\"a\": 1", false},
		{"jsonc: unclosed block comment", jsonc, "{} /* open", false},
		{"json: empty file is not broken", json_strict, "", true},
		{"jsonc: a comment-only file is not broken", jsonc, "// nothing yet\n", true},
		{"json: two documents", json_strict, "{} {}", false},
		{"json: a BOM", json_strict, "\xEF\xBB\xBF{\"a\": 1}", true},
		{"json: an integer above 2^63", json_strict, "{\"a\": 18446744073709551616}", true},
		{"json: 1e400", json_strict, "[1e400, -1E+400, 1.5e-400]", true},
		{"json: a leading zero", json_strict, "[01]", false},
		{"json: a bare minus", json_strict, "[-]", false},
		{"json: a dot without digits", json_strict, "[1.]", false},
		{"json: an exponent without digits", json_strict, "[1e]", false},
		{"yaml: mapping and sequence", yaml, "a: 1\nlist:\n  - x\n  - y\n", true},
		{"yaml: unclosed flow sequence", yaml, "a: [1, 2\n", false},
		{"yaml: bad indentation", yaml, "a:\n  b: 1\n c: 2\n", false},
		{"yaml: unclosed quote", yaml, "a: \"x\n", false},
		{"toml: tables, arrays, inline tables", toml_valid,
		 "# top\ntitle = \"x\" # c\n[owner]\nname = 'n'\ndob = 1979-05-27T07:32:00-08:00\n[db]\nports = [ 8000, 8001,\n  8002, ]\n"
		 "point = { x = 1, y = 2 }\n[[fruit]]\nname = \"apple\"\n[[fruit]]\nname = \"banana\"\n",
		 true},
		{"toml: numbers", toml_valid,
		 "a = +1\nb = 1_000\nc = 0xDEAD_beef\nd = 0o755\ne = 0b1101\nf = -3.14e+2\ng = inf\nh = nan\n",
		 true},
		{"toml: dates and times", toml_valid,
		 "a = 1979-05-27\nb = 07:32:00\nc = 1979-05-27 07:32:00.999\nd = 1979-05-27T00:32:00Z\n",
		 true},
		{"toml: multi-line strings", toml_valid,
		 "a = \"\"\"\nline \\\n  more\"\"\"\nb = '''\nraw \\n'''\n", true},
		{"toml: dotted keys", toml_valid, "a.b = 1\na.c = 2\n\"quoted key\" = 3\n", true},
		{"toml: duplicate key", toml_valid, "a = 1\na = 2\n", false},
		{"toml: duplicate table", toml_valid, "[a]\nx = 1\n[a]\ny = 2\n", false},
		{"toml: key redefined as table", toml_valid, "a = 1\n[a]\n", false},
		{"toml: dotted key over a value", toml_valid, "a = 1\na.b = 2\n", false},
		{"toml: same key in two tables is fine", toml_valid, "[a]\nx = 1\n[b]\nx = 1\n", true},
		{"toml: missing value", toml_valid, "a =\n", false},
		{"toml: unclosed string", toml_valid, "a = \"x\n", false},
		{"toml: unclosed array", toml_valid, "a = [1, 2\n", false},
		{"toml: leading zero", toml_valid, "a = 01\n", false},
		{"toml: bare word value", toml_valid, "a = yes\n", false},
		{"toml: two values on a line", toml_valid, "a = 1 b = 2\n", false},
		{"toml: unclosed header", toml_valid, "[a\n", false},
		{"toml: CRLF lines", toml_valid, "a = 1\r\n[t]\r\nb = 2\r\n", true},
		{"toml: inline tables in arrays have keys of their own", toml_valid,
		 "name = \"x\"\nauthors = [ {name = \"a\"}, {name = \"b\"} ]\n", true},
		{"toml: an inline table's keys are unique", toml_valid, "p = {x = 1, x = 2}\n", false},
		{"toml: a surrogate escape", toml_valid, "a = \"\\ud800\"\n", false},
		{"toml: February 30th", toml_valid, "a = 1988-02-30\n", false},
		{"toml: February 29th of a leap year", toml_valid, "a = 1988-02-29\n", true},
		{"toml: hour 24", toml_valid, "a = 24:00:00\n", false},
		{"toml: a dotted key may not extend a [header] table", toml_valid,
		 "[a.b.c]\nz = 9\n[a]\nb.c.t = 9\n", false},
		{"toml: a [header] may not define a dotted-key table", toml_valid,
		 "[t1]\nt2.t3.v = 0\n[t1.t2]\n", false},
		{"toml: a sub-table under a dotted-key table is fine", toml_valid,
		 "[fruit]\napple.color = \"red\"\n[fruit.apple.texture]\nsmooth = true\n", true},
		{"toml: array of tables with sub-tables", toml_valid,
		 "[[fruit]]\nname = \"a\"\n[fruit.physical]\ncolor = \"r\"\n[[fruit]]\nname = \"b\"\n[fruit.physical]\ncolor = \"g\"\n",
		 true},
		/* found by fuzz_check_toml: TOML is UTF-8 (tomllib refuses these), and an empty quoted
		 * table name once indexed a null buffer (UBSan) */
		{"toml: invalid UTF-8 in a multi-line string", toml_valid, "a = \"\"\"\n\xff\"\"\"\n", false},
		{"toml: invalid UTF-8 in a comment", toml_valid, "# \xff\na = 1\n", false},
		{"toml: an empty quoted table name", toml_valid, "[\"\"]\nv = 1\n", true},
		{"toml: a local time without seconds (TOML 1.1, not 1.0)", toml_valid, "a = 20:00\n", false},
		{"toml: a date-time without seconds", toml_valid, "a = 1979-05-27T07:32\n", false},
		{"toml: control: a local time with seconds and a fraction", toml_valid, "a = 07:32:00.5\n",
		 true},
		/* found by fuzz_check_toml: \e is TOML 1.1's escape; tomllib and the grammar refuse it */
		{"toml: the escape \\e", toml_valid, "a = \"\\e\"\n", false},
		{"toml: control: the escape \\t", toml_valid, "a = \"\\t\"\n", true},
		/* found by fuzz_check_toml: an offset's hours and minutes are a time's (tomllib agrees) */
		{"toml: an offset of -48:00", toml_valid, "m = 1979-05-27T07:32:00-48:00\n", false},
		{"toml: an offset of +05:60", toml_valid, "m = 1979-05-27T07:32:00+05:60\n", false},
		{"toml: control: an offset of -23:59", toml_valid, "m = 1979-05-27T07:32:00-23:59\n", true},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		unit_check(cases[i].fn(cases[i].text, strlen(cases[i].text)) == cases[i].ok, "%s",
			   cases[i].name);

	bool has;
	const char *fm = "---\ntitle: a\n---\n# body\n";
	unit_check(format_frontmatter_valid(fm, strlen(fm), &has) && has, "frontmatter: valid block");
	const char *bad = "---\ntitle: \"a\n---\n# body\n";
	unit_check(!format_frontmatter_valid(bad, strlen(bad), &has) && has,
		   "frontmatter: invalid YAML inside");
	const char *open = "---\ntitle: a\n# body\n";
	unit_check(!format_frontmatter_valid(open, strlen(open), &has) && has, "frontmatter: never closed");
	const char *none = "# just markdown\n---\n";
	unit_check(format_frontmatter_valid(none, strlen(none), &has) && !has,
		   "frontmatter: none (a later --- is a rule)");
}

static void kinds(void)
{
	const struct {
		const char *path, *data;
		enum check_kind kind;
		enum format format;
		const char *reason;
	} cases[] = {
		{"a.json", "{}", CHECK_FORMAT, FMT_JSON, ""},
		{"tsconfig.jsonc", "{}", CHECK_FORMAT, FMT_JSON, ""},
		{"a.yml", "a: 1", CHECK_FORMAT, FMT_YAML, ""},
		{"Cargo.toml", "", CHECK_FORMAT, FMT_TOML, ""},
		{"doc.md", "---\na: 1\n---\n", CHECK_FORMAT, FMT_FRONTMATTER, ""},
		{"doc.md", "# plain\n", CHECK_STRUCTURE, FMT_NONE, ""},
		{"main.go", "package main\n", CHECK_STRUCTURE, FMT_NONE, ""},
		{"c.vue", "<template/>", CHECK_NONE, FMT_NONE, "no grammar for .vue"},
		{"notes.txt", "x", CHECK_NONE, FMT_NONE, "no grammar for .txt"},
		{"dir/Makefile", "all:", CHECK_NONE, FMT_NONE, "no grammar for Makefile"},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char reason[80];
		enum format f;
		enum check_kind k =
			check_kind_for(cases[i].path, cases[i].data, strlen(cases[i].data), &f, reason);
		unit_check(k == cases[i].kind && f == cases[i].format, "kind for %s", cases[i].path);
		unit_str(cases[i].path, reason, cases[i].reason);
	}
}

static void layer1(void)
{
	struct check_result r;
	const char *ok = "package main\n\nfunc a() int {\n\treturn 1\n}\n";
	const char *broken = "package main\n\nfunc a() int {\n\treturn 1\n\n";
	check_layer1("m.go", ok, strlen(ok), broken, strlen(broken), &r);
	unit_check(r.kind == CHECK_STRUCTURE && r.failed && r.errors_before == 0 && r.errors_after > 0,
		   "go: an edit that drops a brace fails");
	check_layer1("m.go", broken, strlen(broken), ok, strlen(ok), &r);
	unit_check(!r.failed && r.errors_after == 0, "go: an edit that fixes the file passes");
	const char *broken2 = "package main\n\nfunc a() int {\n\treturn 2\n\n";
	check_layer1("m.go", broken, strlen(broken), broken2, strlen(broken2), &r);
	unit_check(!r.failed && r.errors_before > 0, "go: a file broken before is not blamed on the edit");
	check_layer1("c.json", "{\"a\":1}", 7, "{\"a\":1", 6, &r);
	unit_check(r.kind == CHECK_FORMAT && r.format == FMT_JSON && r.failed, "json: breaking edit fails");
	check_layer1("c.json", "{\"a\":1", 6, "{\"a\":2", 6, &r);
	unit_check(r.kind == CHECK_FORMAT && r.format == FMT_JSON && !r.failed && r.errors_after == 1,
		   "json: invalid before and after is kept");
	check_layer1("new.json", NULL, 0, "{", 1, &r);
	unit_check(r.failed, "json: a new file that does not parse fails");
	check_layer1("x.txt", "a", 1, "b", 1, &r);
	unit_check(r.kind == CHECK_NONE && !r.failed, "txt: skipped");
	unit_str("txt: skip reason", r.reason, "no grammar for .txt");

	/* a large file: only the touched item is parsed, and a break in it is still caught */
	struct buf big = BUF_INIT;
	buf_adds(&big, "package big\n\n");
	for (int i = 0; i < 2000; i++)
		buf_addf(&big, "func F%d() int {\n\treturn %d\n}\n\n", i, i);
	char *after = xstrdup(big.data);
	char *at = strstr(after, "func F1000() int {");
	at[strlen("func F1000() int ")] = ' '; /* drop the brace */
	check_layer1("big.go", big.data, big.len, after, big.len, &r);
	unit_check(r.failed, "big go file: a dropped brace in one function fails");
	at[strlen("func F1000() int ")] = '{';
	memcpy(strstr(after, "return 1000"), "return 1001", 11);
	check_layer1("big.go", big.data, big.len, after, big.len, &r);
	unit_check(!r.failed && r.errors_after == 0, "big go file: a valid change passes");
	free(after);
	buf_release(&big);
}

/* What edit and write print for a check: the word for one that found an error (output-format.md
 * §7, §9). The JSON check object is output's (t_output.c). */
static void words(void)
{
	unit_str("check_failed_status: structure", check_failed_status(CHECK_STRUCTURE), "failed");
	unit_str("check_failed_status: a format", check_failed_status(CHECK_FORMAT), "invalid");
	struct check_result fm = {.kind = CHECK_FORMAT, .format = FMT_FRONTMATTER};
	unit_str("check_layer_name: frontmatter", check_layer_name(&fm), "frontmatter");
	unit_str("check_reject_note: frontmatter", check_reject_note(&fm),
		 "\xE2\x86\x90 invalid frontmatter");
}

/* One preset table feeds the help text, the unknown-preset message and the resolver. */
static void presets(void)
{
	struct buf b = BUF_INIT;
	check_preset_names(&b);
	unit_str("presets: names in order", b.data, "@auto, @cargo, @go, @tsc, @py");
	buf_release(&b);
	struct diag d = DIAG_INIT;
	unit_long("presets: a command is not a preset", check_spec_valid("make test", &d), LETS_OK);
	unit_long("presets: a known preset", check_spec_valid("@tsc", &d), LETS_OK);
	unit_long("presets: nothing recorded for valid specs", (long)d.n, 0);
	unit_long("presets: an unknown preset is usage", check_spec_valid("@nope", &d), E_USAGE);
	unit_str(
		"presets: the unknown-preset message", d.n ? d.items[0].message : NULL,
		"error: invalid value '@nope' for '--check <CHECK>': unknown preset @nope \xC2\xB7 the presets are "
		"@auto, @cargo, @go, @tsc, @py\n\nFor more information, try '--help'.");
	diag_release(&d);
}

/* The key rules over many keys (issue 28: a key set grown past its first sizes, so the index is
 * rebuilt several times): each rule still fires at the first key and the last. */
static void toml_many_keys(void)
{
	struct buf b = BUF_INIT;
	for (int i = 0; i < 20000; i++)
		buf_addf(&b, "k%d = %d\n", i, i);
	size_t base = b.len;
	unit_check(toml_valid(b.data, b.len), "toml many keys: 20,000 distinct keys are valid");
	buf_adds(&b, "k0 = 1\n");
	unit_check(!toml_valid(b.data, b.len), "toml many keys: the first key again is a duplicate");
	buf_truncate(&b, base);
	buf_adds(&b, "k19999 = 1\n");
	unit_check(!toml_valid(b.data, b.len), "toml many keys: the last key again is a duplicate");
	buf_truncate(&b, base);
	buf_adds(&b, "k20000 = 1\n[t]\na = 1\n[[u]]\na = 1\n[[u]]\na = 1\n");
	unit_check(toml_valid(b.data, b.len), "toml many keys: a new key, a table, two array tables");
	buf_adds(&b, "[t]\n");
	unit_check(!toml_valid(b.data, b.len), "toml many keys: a table defined twice");
	buf_truncate(&b, base);
	buf_adds(&b, "k5.x = 1\n");
	unit_check(!toml_valid(b.data, b.len), "toml many keys: a dotted key over a value");
	buf_release(&b);
}

/* YAML nested past YAML_MAX_DEPTH is refused with its reason, at once (issue 28: libyaml's
 * scanner made 100,000 open brackets take 45 s); at the limit it is still read. */
static void yaml_depth(void)
{
	char detail[80] = "";
	struct buf b = BUF_INIT;
	for (int d = YAML_MAX_DEPTH; d <= YAML_MAX_DEPTH + 1; d++) {
		buf_truncate(&b, 0);
		buf_adds(&b, "a: ");
		for (int i = 0; i < d; i++)
			buf_addc(&b, '[');
		for (int i = 0; i < d; i++)
			buf_addc(&b, ']');
		buf_addc(&b, '\n');
		bool ok = yaml_valid(b.data, b.len, detail, sizeof(detail));
		unit_check(ok == (d < YAML_MAX_DEPTH), "yaml depth: a map and %d flow levels", d);
	}
	unit_str("yaml depth: the reason", detail, "line 1: nested more than 200 levels deep");
	buf_truncate(&b, 0);
	for (int i = 0; i < 100000; i++)
		buf_addc(&b, '[');
	unit_check(!yaml_valid(b.data, b.len, detail, sizeof(detail)), "yaml depth: 100,000 open brackets");
	buf_truncate(&b, 0);
	for (int i = 0; i < YAML_MAX_DEPTH + 1; i++)
		buf_addf(&b, "%*sk:\n", i, "");
	unit_check(!yaml_valid(b.data, b.len, detail, sizeof(detail)),
		   "yaml depth: block maps past the limit");
	buf_release(&b);
}

int main(void)
{
	unit_begin("t_check");
	yaml_depth();
	words();
	validators();
	toml_many_keys();
	kinds();
	layer1();
	presets();
	return unit_end();
}
