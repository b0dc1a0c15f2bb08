#!/usr/bin/env bash
# 1,000 `show` calls over one `lets mcp` session against 1,000 `lets show` processes, on
# bench/corpus/f200.ts:50-80. Prints one bench/run.sh row: the session's median for all 1,000
# calls, 1,000 times the median of one process, their ratio and PASS when it is at most 0.3
# (a call inside the server must cost under a third of spawning lets). Exits 1 on a miss.
#   bench/mcp.sh [path/to/lets]   (run from anywhere; needs bench/corpus from gen-corpus.sh)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
LETS=$(realpath "${1:-$root/build/lets}")
results="$root/build/bench"
mkdir -p "$results"
cd "$root/bench/corpus"
if hyperfine --help 2>/dev/null | grep -qE '^ +-N'; then no_shell=(-N); else no_shell=(--shell=none); fi

calls="$results/mcp-calls.jsonl"
{
	echo '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"0"}}}'
	echo '{"jsonrpc":"2.0","method":"notifications/initialized"}'
	for ((i = 1; i <= 1000; i++)); do
		echo '{"jsonrpc":"2.0","id":'$i',"method":"tools/call","params":{"name":"show","arguments":{"targets":["f200.ts:50-80"]}}}'
	done
} >"$calls"
answered=$("$LETS" mcp <"$calls" | grep -c '"isError":false')
[ "$answered" -eq 1000 ] || { echo "bench/mcp: $answered of 1000 show calls succeeded" >&2; exit 1; }

# The session needs its stdin redirected, so hyperfine's shell runs it; that shell's ~1 ms spreads
# over the 1,000 calls.
hyperfine --warmup 2 --min-runs 10 --style none --output=pipe --export-json "$results/mcp-session.json" \
	"$LETS mcp < $calls" >/dev/null 2>"$results/mcp-session.err"
hyperfine "${no_shell[@]}" --warmup 20 --min-runs 100 --style none --output=pipe \
	--export-json "$results/mcp-spawn.json" "$LETS show f200.ts:50-80" >/dev/null 2>"$results/mcp-spawn.err"

median() { node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1])).results[0].median)' "$1"; }
session=$(median "$results/mcp-session.json")
spawn=$(median "$results/mcp-spawn.json")
awk -v s="$session" -v p="$spawn" 'BEGIN {
	per = s / 1000; r = per / p
	printf "%-12s %10.1fms %10.1fms %8.3f %8s  %s\n", "mcp-show1k", s * 1000, p * 1000 * 1000, r, "0.3", (r <= 0.3 ? "PASS" : "MISS")
	printf "%-12s %10.1fus %10.1fus  (one call in the session / one lets show process)\n", "  per call", per * 1e6, p * 1e6
	exit (r <= 0.3 ? 0 : 1)
}'
