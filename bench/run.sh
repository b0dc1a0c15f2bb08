#!/usr/bin/env bash
# Benchmarks lets against the tool an agent would otherwise call, on bench/corpus/ (make it with
# bench/gen-corpus.sh). Usage: bench/run.sh [path/to/lets]. Prints one line per pair: the two
# medians, the ratio lets/peer and, when the pair has a target ratio, PASS or MISS.
# BENCH_STRICT=1 makes a missed target exit 1. Results (hyperfine JSON) land in build/bench/.
# The verdict helpers (pair, under) are in bench/lib.sh; a further suite is one `suite NAME` line
# below, running bench/NAME.sh.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
LETS=$(realpath "${1:-$root/build/lets}")
cd "$root/bench/corpus"
. "$root/bench/lib.sh"

printf '%-16s %12s %12s %8s %8s  %s\n' pair lets peer ratio target verdict

pair show-file 0.7 "$LETS show f200.ts" "cat f200.ts" # issue 34: <= 0.7
# show-file's floor: a static-pie program that only copies the file out (bench/floor.c), against
# the same cat. lets cannot start faster than glibc does; where this row is near 0.7 or above (a
# VM on which CPUID traps), show-file's target is below what any static glibc program reaches.
${CC:-cc} -O2 -static-pie -fPIE -o "$results/floor" "$root/bench/floor.c"
pair show-floor - "$results/floor f200.ts" "cat f200.ts"
pair show-range - "$LETS show f200.ts:50-80" "sed -n 50,80p f200.ts"
pair show-regex - "$LETS show \"f200.ts@'needle'\"" "grep -n needle f200.ts"
pair guide 1.5 "$LETS guide" "true"

# find: a 2,000-file tree (with gitignored and hidden files) and a large real tree (a copy of the
# build's node_modules: 370 MB, grammar sources of several MB each, binaries). Same pattern, same
# tree, one run per command; rg -n is the peer with a target, grep -rn is reported only (it reads
# the ignored and hidden files too). lets skips files over --max-file-bytes (8 MB) by default and
# rg does not, so the large tree's verdict is the equal-work pair (big-*: the skip lifted, both
# read the same bytes); the default pair (big-*-default, lets reading less) is reported beside it.
# Over the hit cap lets exits 1 (over_cap) where rg exits 0: those pairs run with EXTRA=-i, so
# hyperfine times them instead of stopping.
if [ ! -d large ]; then
	cp -r "$root/deps/node_modules" large
	git -C large init -q
fi
EXTRA=-i pair find-lit 0.9 "$LETS find TODO tree" "rg -n TODO tree"
EXTRA=-i pair find-alt 0.9 "$LETS find TODO|FIXME tree" "rg -n TODO|FIXME tree"
EXTRA=-i pair find-iword 0.9 "$LETS find -i -w todo tree" "rg -n -i -w todo tree"
EXTRA=-i pair find-grep - "$LETS find TODO tree" "grep -rn TODO tree"
all="--max-file-bytes 1000000000"

# Issue 34's rows: a literal over the 2k-file corpus, a regex over a real tree (containerd, 6.6k
# files) and a literal over 8 copies of it (52.7k files), each against rg. The real tree is not
# part of the corpus: CONTAINERD=DIR names an unpacked checkout (git archive HEAD of
# github.com/containerd/containerd); without it those two rows say NOT RUN.
EXTRA=-i pair tree-lit-F 0.5 "$LETS find -F TODO tree" "rg -n -F TODO tree"
if [ -n "${CONTAINERD:-}" ] && [ -d "$CONTAINERD" ]; then
	if [ ! -d containerd ]; then
		cp -r "$CONTAINERD" containerd
		git -C containerd init -q
	fi
	if [ ! -d containerd8 ]; then
		mkdir containerd8
		for i in 1 2 3 4 5 6 7 8; do cp -r "$CONTAINERD" "containerd8/c$i"; done
		git -C containerd8 init -q
	fi
	EXTRA=-i pair containerd-rx 0.5 "$LETS find 'func New\w+\(' containerd" "rg -n 'func New\w+\(' containerd"
	EXTRA=-i pair containerd8-F 0.5 "$LETS find -F TODO containerd8" "rg -n -F TODO containerd8"
else
	for row in containerd-rx containerd8-F; do
		printf '%-16s %12s %12s %8s %8s  %s\n' "$row" - - - "<=0.5" "NOT RUN (set CONTAINERD=DIR)"
	done
fi
EXTRA=-i pair big-lit 1.0 "$LETS find $all TODO large" "rg -n TODO large"
EXTRA=-i pair big-lit-default - "$LETS find TODO large" "rg -n TODO large"
EXTRA=-i pair big-alt 1.0 "$LETS find $all TODO|FIXME|XXX large" "rg -n TODO|FIXME|XXX large"
EXTRA=-i pair big-alt-default - "$LETS find TODO|FIXME|XXX large" "rg -n TODO|FIXME|XXX large"
EXTRA=-i pair big-iword 1.0 "$LETS find $all -i -w deprecated large" "rg -n -i -w deprecated large"
EXTRA=-i pair big-iword-default - "$LETS find -i -w deprecated large" "rg -n -i -w deprecated large"

# Symbols (issue 4): a lookup in the ~18k-line Go file must take <= 15 ms on its own (the Rust
# original took 116 ms on a 17.9k-line Go file); show f#name within 2x of the same lines by range.
pair symbol-18k - "$LETS show big.go#Validate0333" "grep -n 'func Validate0333' big.go"
under symbol-18k 15
pair symbol-type - "$LETS show big.go#Record0333" "grep -n 'type Record0333' big.go"
under symbol-type 15
pair symbol-200 2.0 "$LETS show f200.ts#handler041" "$LETS show f200.ts:41-60"
pair symbol-vs-range 2.0 "$LETS show big.go#Validate0333" "$LETS show big.go:9009-9025"

"$root/bench/symbols.sh" "$LETS" || misses=$((misses + $?))

# edit: the file is restored before every run, for lets and for sed alike
mkdir -p edit
batch=$(for i in 0 1 2 3 4 5 6 7 8 9; do printf 'edit/b%d.ts ' "$i"; done)
PREPARE="cp f200.ts edit/one.ts" \
	pair edit-200 2 "$LETS edit edit/one.ts --old 'const needle' --new 'const needle2'" \
	"sed -i s/const\ needle/const\ needle2/ edit/one.ts"
# issue 34: equal, durable work — lets fsyncs each file and its directory, so sed's peer syncs
# the same files (sync FILE... fsyncs each one)
PREPARE="sh -c 'for f in $batch; do cp f200.ts \$f; done'" \
	pair edit-batch10 1 "$LETS edit $batch --old 'const needle' --new 'const needle2'" \
	"sh -c 'for f in $batch; do sed -i s/const\\ needle/const\\ needle2/ \$f; done; sync $batch'"
PREPARE="cp big.go edit/big.go" \
	pair edit-18k - "$LETS edit edit/big.go --old 'func Validate0333(r *Record0333) error {' --new 'func Validate0333(r *Record0333) (err error) {'" \
	"sed -i s/Validate0333(r\ \*Record0333)\ error/Validate0333(r\ \*Record0333)\ (err\ error)/ edit/big.go"
under edit-18k 30
bash "$root/bench/mcp.sh" "$LETS" || misses=$((misses + 1))

# Further suites, one line each: suite NAME runs bench/NAME.sh.
suite transform
suite bigfile
mkdir -p edit
suite findsym
suite scale
suite map

. "$root/bench/hooks.sh"

if [ "$misses" -gt 0 ]; then
	echo "$misses target(s) missed"
	if [ "${BENCH_STRICT:-0}" = 1 ]; then exit 1; fi
else
	echo "all targets met"
fi
