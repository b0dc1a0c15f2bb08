/* The meaning proof (transform/meaning.h) on pairs of documents: the verdict, and the message
 * (the changed values, then the ready command) where a value outside the change moved. Cases
 * the CLI cannot reach: the transform wording, a version lets does not model, renames, repeated
 * keys, index shifts and a value that became structure. */
#include "buf.h"
#include "transform/meaning.h"
#include "unit.h"

static const char *const verdicts[] = {"kept", "changed", "unproven"};

static void verdict_cases(void)
{
	const struct {
		const char *name;
		enum format f;
		const char *before, *after;
		enum meaning_verdict want;
	} cases[] = {
		{"an item inserted at the list's column", FMT_YAML, "l:\n  - a\n  - b\n",
		 "l:\n  - z\n  - a\n  - b\n", MEANING_KEPT},
		{"an item deleted: the items after it shift", FMT_YAML, "l:\n  - a\n  - b\n  - c\n",
		 "l:\n  - a\n  - c\n", MEANING_KEPT},
		{"an item at the key's column: the list becomes a string", FMT_YAML, "l:\n  - a\n",
		 "l:\n- z\n  - a\n", MEANING_CHANGED},
		{"a mapping renamed on its own line takes its keys along", FMT_YAML, "a:\n  x: 1\nb: 2\n",
		 "c:\n  x: 1\nb: 2\n", MEANING_KEPT},
		{"a key line deleted: its children join the key above", FMT_YAML, "a:\n  x: 1\nb:\n  y: 2\n",
		 "a:\n  x: 1\n  y: 2\n", MEANING_CHANGED},
		{"an empty key given children", FMT_YAML, "a:\nb: 1\n", "a:\n  x: 1\nb: 1\n", MEANING_KEPT},
		{"a comment line changes nothing", FMT_YAML, "a: 1\nb: 2\n", "a: 1\n# note\nb: 2\n",
		 MEANING_KEPT},
		{"a line commented out removes its own value only", FMT_YAML, "a:\n  x: 1\n  y: 2\n",
		 "a:\n  x: 1\n#  y: 2\n", MEANING_KEPT},
		{"a JSON key repeated below overrides the one above", FMT_JSON, "{\n\"a\": 1,\n\"b\": 2\n}",
		 "{\n\"a\": 1,\n\"b\": 2,\n\"a\": 3\n}", MEANING_CHANGED},
		{"the same key repeated with the same value means the same", FMT_JSON,
		 "{\"a\": 1,\n\"b\": 2}", "{\"a\": 1,\n\"b\": 2,\n\"a\": 1}", MEANING_KEPT},
		{"a key repeated above is overridden by the old one", FMT_JSON, "{\n\"a\": 1\n}",
		 "{\n\"a\": 3,\n\"a\": 1\n}", MEANING_KEPT},
		{"the later of a repeated key deleted: the earlier one means something else now", FMT_YAML,
		 "r:\n  t: a\n  t: b\n  u: 1\n", "r:\n  t: a\n  u: 1\n", MEANING_CHANGED},
		{"the later of a repeated key deleted, the earlier one the same", FMT_YAML,
		 "r:\n  t: a\n  t: a\n  u: 1\n", "r:\n  t: a\n  u: 1\n", MEANING_KEPT},
		{"a TOML header among a table's keys takes the keys below", FMT_TOML, "[p]\nx = 1\ny = 2\n",
		 "[p]\nx = 1\n[q]\ny = 2\n", MEANING_CHANGED},
		{"a TOML table renamed", FMT_TOML, "[p]\nx = 1\n\n[r]\ny = 2\n", "[q]\nx = 1\n\n[r]\ny = 2\n",
		 MEANING_KEPT},
		{"a value split off its list item", FMT_YAML, "i:\n  - x: 1\n    b: 2\n",
		 "i:\n  - x: 1\n  - y: 3\n    b: 2\n", MEANING_CHANGED},
		{"frontmatter: a list item at the key's column", FMT_FRONTMATTER,
		 "---\nt:\n  - a\n---\nbody\n", "---\nt:\n- z\n  - a\n---\nbody\n", MEANING_CHANGED},
		{"several YAML documents: a value moved to the next one", FMT_YAML, "a: 1\n---\nb: 2\nc: 3\n",
		 "a: 1\n---\nb: 2\n---\nc: 3\n", MEANING_CHANGED},
		/* tree-sitter's block scalar ends after its last line break at the end of the file and
		 * before it when a line follows: the same empty value either way */
		{"a key added after an empty block scalar at the end", FMT_YAML, "a: 1\nd: |\n",
		 "a: 1\nd: |\n\"\\na\":\n  b: 1\n", MEANING_KEPT},
		{"a key added after a block scalar at the end", FMT_YAML, "d: |\n  x\n", "d: |\n  x\ne: 1\n",
		 MEANING_KEPT},
		{"a key added after a kept block scalar at the end", FMT_YAML, "d: |+\n  x\n",
		 "d: |+\n  x\ne: 1\n", MEANING_KEPT},
		{"a kept block scalar loses its blank line", FMT_YAML, "d: |+\n  x\n\ne: 1\n",
		 "d: |+\n  x\ne: 1\n", MEANING_CHANGED},
		{"a kept block scalar at the end loses its blank line", FMT_YAML, "d: |+\n  x\n\n",
		 "d: |+\n  x\ne: 1\n", MEANING_CHANGED},
		{"a version the model does not read is unproven", FMT_TOML, "a = {b = 1}\n",
		 "a = {b.c = 1}\n", MEANING_UNPROVEN},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct buf why = BUF_INIT;
		enum meaning_verdict v =
			meaning_check(cases[i].f, "f", cases[i].before, strlen(cases[i].before),
				      cases[i].after, strlen(cases[i].after), NULL, MEANING_EDIT, &why);
		unit_check(v == cases[i].want, "%s: %s, want %s (%s)", cases[i].name, verdicts[v],
			   verdicts[cases[i].want], why.len ? why.data : "");
		buf_release(&why);
	}
}

static void messages(void)
{
	struct buf why = BUF_INIT;
	const char *b = "a: x\nb: 1\n", *a = "a: x\n  more\nb: 1\n";
	meaning_check(FMT_YAML, "c.yaml", b, strlen(b), a, strlen(a), NULL, MEANING_TRANSFORM, &why);
	unit_str(
		"a transform names the keys asked and says nothing was written", why.data,
		"1 value outside the keys asked changed\n"
		"  a: \"x\" \xE2\x86\x92 part of the string \"x more\"\n"
		"  re-read: lets show c.yaml:1-2 \xC2\xB7 nothing was written; make the change with lets edit");
	buf_truncate(&why, 0);
	b = "x: 1\n";
	a = "x: 1\n  - y\n";
	meaning_check(FMT_YAML, "d.yaml", b, strlen(b), a, strlen(a), NULL, MEANING_EDIT, &why);
	unit_str(
		"a value that became part of a longer string", why.data,
		"1 value outside the edited lines changed\n"
		"  x: 1 \xE2\x86\x92 part of the string \"1 - y\"\n"
		"  re-read: lets show d.yaml:1-1 \xC2\xB7 indent the new lines as the lines around them, or change "
		"values with lets transform --set, --append or --delete");
	buf_truncate(&why, 0);
	b = "a: |\n  text\nb: 1\n";
	a = "a: 0\n  text\nb: 1\n";
	unit_check(meaning_check(FMT_YAML, "e.yaml", b, strlen(b), a, strlen(a), NULL, MEANING_EDIT, &why) ==
			   MEANING_KEPT,
		   "a value whose first line was edited is the edit's (%s)", why.data ? why.data : "");
	buf_release(&why);
}

int main(void)
{
	unit_begin("t_meaning");
	verdict_cases();
	messages();
	return unit_end();
}
