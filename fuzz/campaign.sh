#!/usr/bin/env bash
# Long fuzzing run measured in CPU time, not wall time: on a shared machine `-max_total_time`
# (wall seconds) says little about how much a harness was exercised. Each harness runs until its own
# process has used CPU_SECONDS of CPU, then gets SIGINT so libFuzzer prints its final stats.
#
#   fuzz/campaign.sh CPU_SECONDS HARNESS...      (HARNESS = build/fuzz/fuzz_x)
#
# One line per harness goes to stdout: name, CPU seconds, executions, exec/s (per CPU second),
# result. Crashes land in build/fuzz/crash-<name>-*; the corpus grows in build/fuzz/corpus/<name>.
set -u
cpu_limit=${1:?usage: campaign.sh CPU_SECONDS HARNESS...}
shift
root=$(cd "$(dirname "$0")/.." && pwd)
hz=$(getconf CLK_TCK)

cpu_of() { # utime + stime of one pid, in seconds
	awk -v hz="$hz" '{ sub(/^.*\) /, ""); print int(($12 + $13) / hz) }' "/proc/$1/stat" 2>/dev/null
}

for bin in "$@"; do
	name=$(basename "$bin")
	log=$root/build/fuzz/$name.campaign.log
	mkdir -p "$root/build/fuzz/corpus/$name"
	"$bin" -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
		-artifact_prefix="$root/build/fuzz/crash-$name-" \
		"$root/build/fuzz/corpus/$name" "$root/fuzz/corpus/$name" >"$log" 2>&1 &
	pid=$!
	used=0
	while kill -0 "$pid" 2>/dev/null; do
		used=$(cpu_of "$pid")
		[ -n "$used" ] && [ "$used" -ge "$cpu_limit" ] && { kill -INT "$pid"; break; }
		sleep 5
	done
	wait "$pid"
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
	if grep -q '^==[0-9]*==ERROR\|^SUMMARY: \|deadly signal' "$log"; then
		result="CRASH (see $log)"
	else
		result=ok
	fi
	rate=$(awk -v e="${execs:-0}" -v s="${used:-0}" 'BEGIN { printf "%d", (s > 0 ? e / s : 0) }')
	printf '%s\tcpu_s=%s\texecs=%s\texec_per_cpu_s=%s\t%s\n' "$name" "${used:-?}" "${execs:-?}" "$rate" "$result"
done
