#!/usr/bin/env bash
# tools/grammar-unrelocated.awk (the rewrite every grammar's parser.c is compiled through) keeps
# its two promises: the grammar objects of the build hold no pointer in initialised data (no
# relocation section for .data), and a rewritten grammar is the same language as the generated
# original — for JSON, TOML and Markdown-inline (whose names table runs on past the symbols into
# aliases), both are compiled and compared: every symbol and alias name and type, every field name,
# and the tree each parses from the same inputs. Controls: a rewrite
# with one symbol name changed is told apart, and a name table line the rewrite does not expect
# stops it (exit 1) instead of being guessed at. One pass/fail line per check to $LETS_TEST_RESULTS.
#   tests/grammar-unrelocated.sh BUILD_DIR     (make check runs it)
set -u
cd "$(dirname "$0")/.."
results=${LETS_TEST_RESULTS:-/dev/null}
build=${1:?usage: tests/grammar-unrelocated.sh BUILD_DIR}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lets-grammar.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
failed=0
pass() { echo "pass grammar-unrelocated: $1" >>"$results"; }
fail() {
	echo "grammar-unrelocated: $1" >&2
	echo "fail grammar-unrelocated: $1" >>"$results"
	failed=1
}
node=deps/node_modules
lib=$node/tree-sitter/vendor/tree-sitter/lib

objs=$(ls "$build"/third_party/obj/ts_*_parser.o 2>/dev/null)
if [ -z "$objs" ]; then
	fail "no grammar object under $build/third_party/obj"
else
	relocated=$(for o in $objs; do readelf -SW "$o" | grep -qE '\.rela?\.data' && basename "$o"; done | tr '\n' ' ')
	if [ -z "$relocated" ]; then pass "$(echo "$objs" | wc -l) grammar objects relocate no data"; else fail "data relocations in: $relocated"; fi
fi

cat >"$tmp/same.c" <<'CEOF'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tree_sitter/api.h>
const TSLanguage *ORIGINAL(void);
const TSLanguage *REWRITTEN(void);
static int same(const char *a, const char *b) { return (!a && !b) || (a && b && !strcmp(a, b)); }
int main(int argc, char **argv)
{
	const TSLanguage *a = ORIGINAL(), *b = REWRITTEN();
	int diffs = 0;
	uint32_t n = ts_language_symbol_count(a), f = ts_language_field_count(a);
	if (n != ts_language_symbol_count(b) || f != ts_language_field_count(b))
		return printf("counts differ\n"), 1;
	for (uint32_t i = 0; i < n; i++)
		if (!same(ts_language_symbol_name(a, i), ts_language_symbol_name(b, i)) ||
		    ts_language_symbol_type(a, i) != ts_language_symbol_type(b, i))
			diffs++, printf("symbol %u: %s / %s\n", i, ts_language_symbol_name(a, i), ts_language_symbol_name(b, i));
	for (uint32_t i = 0; i <= f; i++)
		if (!same(ts_language_field_name_for_id(a, i), ts_language_field_name_for_id(b, i)))
			diffs++, printf("field %u differs\n", i);
	TSParser *p = ts_parser_new();
	for (int k = 1; k < argc; k++) {
		FILE *fp = fopen(argv[k], "rb");
		static char text[1 << 20];
		size_t len = fp ? fread(text, 1, sizeof(text), fp) : 0;
		if (fp)
			fclose(fp);
		ts_parser_set_language(p, a);
		TSTree *ta = ts_parser_parse_string(p, NULL, text, (uint32_t)len);
		ts_parser_set_language(p, b);
		TSTree *tb = ts_parser_parse_string(p, NULL, text, (uint32_t)len);
		char *sa = ts_node_string(ts_tree_root_node(ta)), *sb = ts_node_string(ts_tree_root_node(tb));
		if (strcmp(sa, sb))
			diffs++, printf("tree of %s differs\n", argv[k]);
		free(sa), free(sb), ts_tree_delete(ta), ts_tree_delete(tb);
	}
	ts_parser_delete(p);
	printf("%u symbols, %u fields, %d inputs, %d differences\n", n, f, argc - 1, diffs);
	return diffs != 0;
}
CEOF
cc -O0 -w -I"$lib/include" -I"$lib/src" -c "$lib/src/lib.c" -o "$tmp/runtime.o" || fail "the runtime does not compile"

# compare NAME DIR REWRITTEN_C INPUT... -> the harness's exit status (0: the same language)
compare() {
	local name=$1 dir=$node/$2 rewritten=$3
	shift 3
	local scanner=()
	if [ -f "$dir/scanner.c" ]; then
		cc -O0 -w -I"$dir" -c "$dir/scanner.c" -o "$tmp/$name.scanner.o" || return 2
		scanner=("$tmp/$name.scanner.o")
	fi
	cc -O0 -w -I"$dir" -Dtree_sitter_$name=original_$name -c "$dir/parser.c" -o "$tmp/$name.original.o" &&
		cc -O0 -w -I"$dir" -c "$rewritten" -o "$tmp/$name.rewritten.o" &&
		cc -O0 -w -I"$lib/include" -DORIGINAL=original_$name -DREWRITTEN=tree_sitter_$name "$tmp/same.c" \
			"$tmp/$name.original.o" "$tmp/$name.rewritten.o" "${scanner[@]}" "$tmp/runtime.o" -lpthread \
			-o "$tmp/$name.same" || return 2
	"$tmp/$name.same" "$@" >"$tmp/$name.out"
}

printf '{"a": [1, 2.5e3, true, null], "b": {"c": "d\\u0041"}, "e": [}\n' >"$tmp/in.json"
printf '[server]\nhost = "x"\nports = [1, 2]\n[[db]]\nuri = """m\nl"""\nbad = \n' >"$tmp/in.toml"
printf '# Title\n\nSome *em* and **strong** `code` [link](http://x) <b>html</b> \\* \n' >"$tmp/in.md"
for g in json:tree-sitter-json/src:in.json toml:@tree-sitter-grammars/tree-sitter-toml/src:in.toml \
	markdown_inline:@tree-sitter-grammars/tree-sitter-markdown/tree-sitter-markdown-inline/src:in.md; do
	IFS=: read -r name dir input <<<"$g"
	if ! awk -f tools/grammar-unrelocated.awk "$node/$dir/parser.c" >"$tmp/$name.c"; then
		fail "$name: the rewrite refused its parser.c"
		continue
	fi
	if compare "$name" "$dir" "$tmp/$name.c" "$tmp/$input" README.md; then
		pass "$name: the rewrite is the same language ($(cat "$tmp/$name.out"))"
	else
		fail "$name: the rewrite differs from the original: $(head -5 "$tmp/$name.out")"
	fi
done

# control: a rewrite with one name changed ("null" -> "nul") must be told apart
sed 's/^  a\[sym_null\] = "null";/  a[sym_null] = "nul";/' "$tmp/json.c" >"$tmp/json-changed.c"
if cmp -s "$tmp/json.c" "$tmp/json-changed.c"; then
	fail "control: no sym_null line to change in the JSON rewrite"
else
	compare json tree-sitter-json/src "$tmp/json-changed.c" "$tmp/in.json"
	rc=$?
	if [ $rc = 1 ] && grep -q '"null" */ *"nul"\|null / nul' "$tmp/json.out"; then
		pass "control: a changed symbol name is told apart"
	else
		fail "control: a changed symbol name went unseen (exit $rc): $(cat "$tmp/json.out")"
	fi
fi

# control: a name table line of a shape the rewrite does not know stops it
awk '{ print } /^static const char \* const ts_symbol_names\[\] = \{$/ { print "  SOMETHING_NEW," }' \
	"$node/tree-sitter-json/src/parser.c" >"$tmp/odd.c"
if awk -f tools/grammar-unrelocated.awk "$tmp/odd.c" >/dev/null 2>"$tmp/odd.err"; then
	fail "control: an unexpected name table line was rewritten anyway"
elif grep -q 'expected a name table entry, read:   SOMETHING_NEW,' "$tmp/odd.err"; then
	pass "control: an unexpected name table line stops the rewrite"
else
	fail "control: the refusal did not say why: $(cat "$tmp/odd.err")"
fi
exit $failed
