#!/usr/bin/env bash
# Long fuzzing run measured in CPU time, not wall time: on a shared machine `-max_total_time`
# (wall seconds) says little about how much a harness was exercised. Each harness runs until its
# processes have used CPU_SECONDS of CPU, then gets SIGINT so libFuzzer prints its final stats.
#
#   fuzz/campaign.sh CPU_SECONDS HARNESS...      (HARNESS = build/fuzz/fuzz_x)
#
# libFuzzer's -timeout is wall-clock, so a starved process (nice 19 on a loaded machine) can be
# reported as a hang. A timeout input is therefore run again alone: if it uses well under the limit
# in CPU time it was starvation, the input is kept as a corpus entry and the harness resumes; a real hang or
# any other crash ends the harness. One line per harness goes to stdout: name, CPU seconds,
# executions, executions per CPU second, starved timeouts, slow units, result. Crashes stay in
# build/fuzz/crash-<name>-*.
set -u
cpu_limit=${1:?usage: campaign.sh CPU_SECONDS HARNESS...}
shift
root=$(cd "$(dirname "$0")/.." && pwd)
hz=$(getconf CLK_TCK)
timeout=20

cpu_of() { # utime + stime of one pid, in seconds
	awk -v hz="$hz" '{ sub(/^.*\) /, ""); print int(($12 + $13) / hz) }' "/proc/$1/stat" 2>/dev/null
}

run_once() { # bin name budget -> sets used, execs, crash
	local bin=$1 name=$2 budget=$3 log=$root/build/fuzz/$2.campaign.log pid u
	"$bin" -timeout=$timeout -rss_limit_mb=4096 -print_final_stats=1 \
		-artifact_prefix="$root/build/fuzz/crash-$name-" \
		"$root/build/fuzz/corpus/$name" "$root/fuzz/corpus/$name" >"$log" 2>&1 &
	pid=$!
	used=0
	while kill -0 "$pid" 2>/dev/null; do
		u=$(cpu_of "$pid")
		[ -n "$u" ] && used=$u
		[ "$used" -ge "$budget" ] && { kill -INT "$pid"; break; }
		sleep 5
	done
	wait "$pid"
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
	# a slow unit (over 10 s of wall time, which starvation inflates) is written out but
	# libFuzzer goes on: counted, not a failure; rerun it alone to judge it
	crash=$(sed -n "s/.*Test unit written to \(.*\)$/\1/p" "$log" | grep -v -- "-slow-unit-" | tail -1)
	slow=$((slow + $(grep -c "Test unit written to .*-slow-unit-" "$log")))
}

for bin in "$@"; do
	name=$(basename "$bin")
	mkdir -p "$root/build/fuzz/corpus/$name"
	total=0 total_execs=0 result=ok starved=0 slow=0
	while [ "$total" -lt "$cpu_limit" ]; do
		run_once "$bin" "$name" $((cpu_limit - total))
		total=$((total + used)) total_execs=$((total_execs + ${execs:-0}))
		[ -z "$crash" ] && break
		case $crash in
		*/crash-$name-timeout-*)
			# CPU milliseconds of the rerun (user + system): wall time is what starvation inflates
			ms=$( { TIMEFORMAT='%3U %3S'; time "$bin" -timeout=$((timeout * 10)) "$crash" >/dev/null 2>&1; } 2>&1 |
				awk '{ printf "%d", ($1 + $2) * 1000 }')
			if [ "$ms" -lt $((timeout * 100)) ]; then
				starved=$((starved + 1))
				mv "$crash" "$root/build/fuzz/corpus/$name/"
				continue
			fi
			result="HANG $crash (${ms} CPU ms alone)" ;;
		*) result="CRASH $crash" ;;
		esac
		break
	done
	rate=$(awk -v e="$total_execs" -v s="$total" 'BEGIN { printf "%d", (s > 0 ? e / s : 0) }')
	printf '%s\tcpu_s=%s\texecs=%s\texec_per_cpu_s=%s\tstarved_timeouts=%s\tslow_units=%s\t%s\n' \
		"$name" "$total" "$total_execs" "$rate" "$starved" "$slow" "$result"
done
