#!/usr/bin/env bash
# No crash under any budget (issue 27, item 1): every verb and shape — text, --json, --jsonl, a
# --from - batch — run with --budget 0, 1, 2, 3, a tiny --max-bytes (1, 7), and --budget with
# --max-bytes together, by the ASan/UBSan binary beside LETS_BINARY (build/asan/lets; the release
# binary itself when there is none). A command that writes gets a fresh copy of a small tree per
# run. A run fails when it exits 128 or more (a signal), or when stderr holds a sanitizer report;
# exit codes below 128 are answers.
#   tests/stress/budget-matrix.sh LETS_BINARY
# Appends "pass stress/budget-matrix ..." or "fail stress/budget-matrix ..." to $LETS_TEST_RESULTS.
set -u
lets=$(realpath "${1:?usage: tests/stress/budget-matrix.sh LETS_BINARY}")
bins=("$lets")
asan="$(dirname "$lets")/asan/lets"
[ -x "$asan" ] && bins=("$asan")
work=$(mktemp -d "${TMPDIR:-/tmp}/lets-budget.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2
export HOME="$work/home" CODEX_HOME="$work/home/.codex" LETS_NO_STATS=
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=1"

record() {
	[ -n "${LETS_TEST_RESULTS:-}" ] && echo "$1" >> "$LETS_TEST_RESULTS"
	echo "$1"
}

# The tree every run starts from.
mkdir -p seed/src seed/config seed/docs seed/home
(
	cd seed || exit 2
	git init -q . 2>/dev/null
	printf 'a = 1\n' > config/app.toml
	printf '{\n  "threads": 2,\n  "list": [1, 2],\n  "obj": {"k": "v"}\n}\n' > config/app.json
	printf 'name: demo\nlist:\n  - a\n  - b\nold: 1\n' > config/c.yaml
	printf -- '---\ntitle: Note\ntags: [a]\n---\n# Note\n\nbody\n' > docs/note.md
	for i in $(seq 1 40); do printf 'line %02d needle here\n' "$i"; done > src/many.txt
	printf 'export function greet(name: string): string {\n  return name;\n}\nconst cap = 10;\n' > src/a.ts
	printf 'package main\n\nfunc Open() int {\n\treturn 1\n}\n' > src/b.go
	printf '# Title\n\n## Part\n\ntext needle\n' > docs/guide.md
	: > docs/empty.md
	mkdir -p home/.claude/projects/p
	printf '{"type":"assistant","message":{"content":[{"type":"tool_use","name":"Bash","input":{"command":"lets show a"}}]}}\n' \
		> home/.claude/projects/p/s.jsonl
)

# One command per line: the verb's arguments, then (after " <<< ") what stdin gets, if anything.
# The limit flags and the shape flag are added to each.
cmds=(
	'show src/a.ts'
	'show src/a.ts src/many.txt docs/empty.md'
	'show src/many.txt:3 -C 2'
	'show src/a.ts#greet'
	"show \"src/many.txt@'needle'+2\" -A 1"
	'show src/many.txt --all'
	'show src/many.txt nope.txt'
	'find needle'
	'find needle src/many.txt -C 1'
	'find -c needle'
	'find -l needle'
	'find needle --cap 5'
	'find zzz_none'
	'find --def greet'
	'find --def Open src'
	'find -p return src'
	'find needle nope'
	"paths '*.txt'"
	'paths .'
	"edit src/a.ts --old 'const cap = 10' --new 'const cap = 20'"
	"edit src/a.ts --old 'return name;' --new 'return name))'"
	"edit src/a.ts --insert-after '#greet' --new '// after'"
	"edit src/a.ts --old nothing_here --new x"
	'edit --from - <<< @@ src/a.ts\n<<<<<<< old\nconst cap = 10\n======= new\nconst cap = 30\n>>>>>>>\n'
	'edit --from - <<< {"file":"src/a.ts","old":"const cap = 10","new":"const cap = 40"}\n{"file":"src/b.go","old":"return 1","new":"return 2"}\n'
	'transform config/app.toml --set server.port=1'
	"transform config/app.json --set threads=3 --append 'list[]=3' --delete obj.k"
	'transform config/c.yaml --delete old --set name=x'
	'transform docs/note.md --set title=New'
	'transform config/app.json --set threads=3 --if sha:abc'
	'transform --from - <<< {"file":"config/app.json","set":"threads=4"}\n{"file":"config/c.yaml","append":["list[]=c"]}\n'
	'transform --from - <<< {"file":"config/app.json","set":"threads=4"}\nnot json\n'
	'write src/new.txt <<< hello\nworld\n'
	'write src/a.ts <<< clobber\n'
	'guide'
	'version'
	'stats'
	'hook classify <<< {"session_id":"s","cwd":"CWD","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"cat src/a.ts"}}'
	'hooks install claude-code'
	'hooks uninstall claude-code'
	'update --check'
)
limits=(
	'--budget 0'
	'--budget 1'
	'--budget 2'
	'--budget 3'
	'--max-bytes 1'
	'--max-bytes 7'
	'--budget 1 --max-bytes 1'
)
shapes=('' '--json' '--jsonl')

runs=0 bad=0
report=$work/report.txt
: > "$report"
for bin in "${bins[@]}"; do
	for c in "${cmds[@]}"; do
		rm -rf run
		args=${c%% <<< *}
		stdin=
		[ "$args" != "$c" ] && stdin=${c#* <<< }
		for lim in "${limits[@]}"; do
			for sh in "${shapes[@]}"; do
				case $args in
				edit* | transform* | write* | hooks*) rm -rf run ;;
				esac
				[ -d run ] || cp -r seed run
				(
					cd run || exit 2
					in=${stdin//CWD/$PWD}
					# shellcheck disable=SC2086 # the flags split on purpose
					eval "set -- $args"
					printf "%b" "$in" | timeout 60 "$bin" "$@" $lim $sh > ../out 2> ../err
				)
				rc=$?
				runs=$((runs + 1))
				if [ "$rc" -ge 128 ] || grep -qE 'Sanitizer|runtime error:' err; then
					bad=$((bad + 1))
					{
						echo "== $(basename "$(dirname "$bin")")/$(basename "$bin") $args $lim $sh: exit $rc"
						head -c 2000 err
					} >> "$report"
				fi
			done
		done
	done
done
# lets mcp: the same limits as tool arguments, every tool, one session per binary
mcp_in=$work/mcp.jsonl
{
	echo '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}'
	id=1
	for lim in '"budget":0' '"budget":1' '"budget":2' '"budget":3' '"max_bytes":1' '"max_bytes":7'; do
		for call in '"show","arguments":{"targets":["src/a.ts","src/many.txt"]' \
			'"find","arguments":{"pattern":"needle"' \
			'"find","arguments":{"pattern":"needle","count":true' \
			'"paths","arguments":{"pattern":"*.txt"' \
			'"edit","arguments":{"targets":["src/a.ts"],"old":"const cap = 10","new":"const cap = 11"' \
			'"edit","arguments":{"targets":["src/a.ts"],"old":"const cap = 11","new":"const cap = 10"' \
			'"transform","arguments":{"file":"config/app.json","set":["threads=5"]' \
			'"write","arguments":{"path":"src/w.txt","content":"x\n","force":true'; do
			echo "{\"jsonrpc\":\"2.0\",\"id\":$id,\"method\":\"tools/call\",\"params\":{\"name\":$call,$lim}}}"
			id=$((id + 1))
		done
	done
} > "$mcp_in"
rm -rf run && cp -r seed run
(cd run && timeout 120 "${bins[0]}" mcp < "$mcp_in" > ../out 2> ../err)
rc=$?
runs=$((runs + 1))
if [ "$rc" -ge 128 ] || grep -qE 'Sanitizer|runtime error:' err || [ "$(grep -c '"id":' out)" -ne "$(wc -l < "$mcp_in")" ]; then
	bad=$((bad + 1))
	{
		echo "== mcp session: exit $rc, $(grep -c '"id":' out) answers to $(wc -l < "$mcp_in") requests"
		head -c 2000 err
	} >> "$report"
fi

summary="$runs runs of $(basename "$(dirname "${bins[0]}")")/lets: ${#cmds[@]} commands x ${#limits[@]} limits x ${#shapes[@]} shapes, and an mcp session"
if [ "$bad" -eq 0 ]; then
	record "pass stress/budget-matrix ($summary)"
else
	cat "$report"
	record "fail stress/budget-matrix ($bad of $summary crashed or reported)"
	exit 1
fi
