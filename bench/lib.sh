# Shared by bench/run.sh and the suites it sources (bench/<name>.sh): where things are, and the
# two verdicts. A suite is sourced in run.sh's shell, so its misses count in run.sh's total.
# Expects root (the repo) and LETS (the binary) set; commands run in bench/corpus/ without a shell.
# BENCH_RUNS (default 100) and BENCH_WARMUP (default 20) set hyperfine's runs per command.
results="$root/build/bench"
mkdir -p "$results"

# hyperfine 1.15 spells "no shell" -N; --shell=none is the older spelling of the same thing.
if hyperfine --help 2>/dev/null | grep -qE '^ +-N'; then no_shell=(-N); else no_shell=(--shell=none); fi
misses=0

# pair NAME TARGET_RATIO LETS_CMD PEER_CMD — TARGET_RATIO "-" means report only. Write lets as
# $LETS. With PREPARE set, that command runs before every timed run (an edit needs its file put
# back); EXTRA adds hyperfine options (-i: a command's exit status 1 is not a failure); with FAILS
# set, a command's non-zero exit is expected (a timed refusal). Output goes through a pipe
# (--output=pipe): GNU grep stops at its first match when its output is /dev/null, so the default
# would time work grep never does.
pair() {
	local name=$1 target=$2 lets_cmd=$3 peer_cmd=$4
	local prep=()
	[ -n "${PREPARE:-}" ] && prep=(--prepare "$PREPARE")
	rm -f "$results/$name.csv" "$results/$name.json" # a failed run must not leave the last one's times
	# EXTRA: more hyperfine options for this pair (-i when both commands exit 1 on no hits)
	[ -n "${EXTRA:-}" ] && prep+=($EXTRA)
	[ -n "${FAILS:-}" ] && prep+=(-i)
	hyperfine "${no_shell[@]}" --output=pipe --warmup "${BENCH_WARMUP:-20}" --min-runs "${BENCH_RUNS:-100}" \
		--style none "${prep[@]}" \
		--export-json "$results/$name.json" --export-csv "$results/$name.csv" \
		"$lets_cmd" "$peer_cmd" >/dev/null 2>"$results/$name.err" || {
		cat "$results/$name.err" >&2
		echo "bench: pair $name could not run" >&2
		misses=$((misses + 1))
		return 0
	}
	# CSV columns: command,mean,stddev,median,user,system,min,max (seconds); a command holding a
	# comma is quoted, so count from the end.
	awk -F, -v name="$name" -v target="$target" '
		NR == 2 { l = $(NF - 4) } NR == 3 { p = $(NF - 4) }
		END {
			r = l / p; verdict = ""
			if (target != "-") verdict = (r <= target) ? "PASS" : "MISS"
			printf "%-16s %9.3f ms %9.3f ms %8.2f %8s  %s\n", name, l * 1000, p * 1000, r,
				(target == "-") ? "-" : "<=" target, verdict
			exit (verdict == "MISS")
		}' "$results/$name.csv" || misses=$((misses + 1))
}

# under NAME MS — the lets command of pair NAME (already run) has a median of at most MS ms.
under() {
	if [ ! -s "$results/$1.csv" ]; then
		printf '%-16s %12s %12s %8s %8s  %s\n' "$1" - "" "" "<=$2ms" "NOT RUN"
		misses=$((misses + 1))
		return 0
	fi
	awk -F, -v name="$1" -v ms="$2" '
		NR == 2 { l = $(NF - 4) * 1000 }
		END {
			# no timed row: the pair did not run, which is no verdict at all
			verdict = NR < 2 ? "NOT RUN" : (l <= ms) ? "PASS" : "MISS"
			printf "%-16s %9.3f ms %12s %8s %8s  %s\n", name, l, "", "", "<=" ms "ms", verdict
			exit (verdict != "PASS")
		}' "$results/$1.csv" 2>/dev/null || misses=$((misses + 1))
}

# suite NAME — runs bench/NAME.sh in this shell (its pairs count toward the verdict).
suite() {
	# shellcheck source=/dev/null
	. "$root/bench/$1.sh"
}
