#!/usr/bin/env bash
# The recipe for a new verb in src/verbs.h is true: this adds a verb, `lets hello`, to a copy of
# src/ by following it (its file, its row, its flag row), checks that exactly those three files
# changed, builds the copy against the release objects of everything else, and shows the verb
# everywhere the rows reach: dispatch and its flags, --help, usage errors, the shared flags, the
# tree its row asks for, the completions, the guide, the MCP tools and lets stats. Nothing is
# added to the real tree.
#   NEW_VERB_CC="cc -flags" NEW_VERB_LIBS="libs" tests/new-verb.sh BUILD_DIR   (make check runs it)
set -u
cd "$(dirname "$0")/.."
results=${LETS_TEST_RESULTS:-/dev/null}
build=${1:?usage: tests/new-verb.sh BUILD_DIR}
cc=${NEW_VERB_CC:?the compiler and the release flags, as the Makefile compiles src/}
libs=${NEW_VERB_LIBS:?the libraries the release build links}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lets-new-verb.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
failed=0
fail() {
	echo "new-verb: $*" >&2
	echo "fail new-verb: $*" >>"$results"
	failed=1
}
check() { # name, expected, actual
	if [ "$2" == "$3" ]; then
		echo "pass new-verb: $1" >>"$results"
	else
		fail "$1"
		diff <(printf '%s\n' "$2") <(printf '%s\n' "$3") | sed 's/^/    /' >&2
	fi
}

mkdir "$tmp/src" && git ls-files -z src | xargs -0 cp --parents -t "$tmp" || exit 1

# 1. its file
cat >"$tmp/src/verb/hello.c" <<'EOF'
/* lets hello: tests/new-verb.sh's verb, made by the recipe in src/verbs.h. */
#include "verb.h"

#include <string.h>

#include "../json.h"

verb_fn cmd_hello;
enum lets_err cmd_hello(const struct opts *o, struct buf *out, struct diag *d)
{
	if (!o->wt) /* its row asks for the tree: verb_run opened it */
		return diag_add(d, E_IO_ERROR, "hello: no tree");
	size_t n = o->positional.n < (size_t)o->cap ? o->positional.n : (size_t)o->cap;
	buf_adds(out, o->json ? "{\"hello\":[" : "");
	for (size_t i = 0; i < n || (i == 0 && !n); i++) {
		const char *name = n ? o->positional.items[i] : "world";
		if (o->json)
			json_str(out, name, strlen(name));
		buf_addf(out, o->json ? (i + 1 < n ? "," : "") : "hello, %s\n", name);
	}
	buf_adds(out, o->json ? "]}\n" : "");
	return LETS_OK;
}
EOF
# 2. its row, and its function declared above the table
perl -0pi -e 's/(\nconst struct verb verb_table\[\] = \{\n)/\nverb_fn cmd_hello;\n$1/' "$tmp/src/verbs.c"
perl -0pi -e 's/(\n\};\n\nconst size_t verb_count)/\n\t{
		.name = "hello",
		.fn = cmd_hello,
		.needs = VERB_TREE | VERB_SHARED_FLAGS | VERB_COUNTED,
		.usage = "[OPTIONS] [NAMES]...",
		.about = "Greet each name",
		.tool = &(const struct verb_tool){.pos = {{"names", true, false, "who to greet"}}, .guide = "Says hello."},
		.guide_args = "[name]...",
		.guide = "greet each name",
	},$1/' "$tmp/src/verbs.c"
# 3. its flag row
perl -0pi -e 's/(\nstatic const struct opt_spec specs\[\] = \{\n)/$1\t{"cap", 0, K_LONG, "<CAP>", F(cap), "hello", "greet at most N names [default: 50]"},\n/' "$tmp/src/opt.c"

changed=$(diff -rq src "$tmp/src" | sed -E "s|^Only in $tmp/(.*): (.*)\$|\\1/\\2|; s|^Files ([^ ]+) and .* differ\$|\\1|" | sort)
check "the recipe touches three files" "src/opt.c
src/verb/hello.c
src/verbs.c" "$changed"

# The other objects are the release build's: the recipe changed no header they include.
objs=$(git ls-files 'src/*.c' | grep -vx 'src/verbs.c\|src/opt.c' | sed "s|^src/\(.*\)\.c\$|$build/obj/\1.o|")
(cd "$tmp" && for f in verbs opt verb/hello; do $cc -c "src/$f.c" -o "$tmp/$(basename $f).o" || exit 1; done) ||
	{ fail "the copy does not compile"; exit 1; }
# shellcheck disable=SC2086
$cc -o "$tmp/lets" "$tmp"/{verbs,opt,hello}.o $objs $libs || { fail "the copy does not link"; exit 1; }

lets=$tmp/lets
mkdir "$tmp/work" && cd "$tmp/work" || exit 1
check "it runs" "hello, world" "$("$lets" hello)"
check "its flag" "hello, ada
hello, bob" "$("$lets" hello --cap 2 ada bob cy)"
check "the shared flags" '{"hello":["ada","bob"]}' "$("$lets" hello --json ada bob)"
check "lets --help lists it last" "  hello        Greet each name" "$("$lets" --help | sed -n '/^Commands:/,/^$/p' | tail -2 | head -1)"
check "its --help" "Greet each name

Usage: lets hello [OPTIONS] [NAMES]...

Options:
      --cap <CAP>              greet at most N names [default: 50]" "$("$lets" hello --help | head -6)"
check "a flag it lacks is a usage error naming its usage" "error: unexpected argument '--window' found

Usage: lets hello [OPTIONS] [NAMES]...

For more information, try '--help'.
ERROR_CODE=usage
64" "$("$lets" hello --window 3 2>&1; echo $?)"
check "the bash completion knows it" "	hello)" "$("$lets" completions bash | grep -x '	hello)')"
check "the guide has its line, what it does from column 32" "  hello  [name]...              greet each name" "$("$lets" guide | grep '^  hello')"
check "it is an MCP tool, named where an unknown tool is refused" \
	"unknown tool 'x': the tools are show, find, paths, map, edit, transform, write and hello" \
	"$(echo '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}' | "$lets" mcp | sed 's/.*"message":"\([^"]*\)".*/\1/')"
check "a tool call runs it" '"text":"hello, ada\n"' \
	"$(echo '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"hello","arguments":{"names":["ada"]}}}' | "$lets" mcp | grep -o '"text":"[^"]*"')"
printf '%s\n' '{"message":{"content":[{"type":"tool_use","id":"b1","name":"Bash","input":{"command":"lets hello --cap 1 a b"}}]}}' >s.jsonl
check "lets stats counts it, and its flag's value is no target" '"lets_calls":{"hello":1},"hook_blocks":0,"blocks_followed":0,"calls_saved":1' \
	"$("$lets" stats --dir . --json | grep -o '"lets_calls".*"calls_saved":[0-9]*')"
[ $failed -eq 0 ] && echo "new-verb: lets hello added in 3 files, built and run"
exit $failed
