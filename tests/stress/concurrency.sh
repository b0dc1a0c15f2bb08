#!/usr/bin/env bash
# Concurrency test for lets edit's per-file lock and identity check: 8 processes edit the same
# file in a loop, each bumping its own counter line ("p3: 5" → "p3: 6"). Each edit must either
# land (exit 0) or be refused as locked (7) or changed (5); the final file must hold, for every
# process, exactly the number of edits that process saw land — a lost update would leave a
# smaller number behind. The lines of other processes must never be disturbed.
#   tests/stress/concurrency.sh LETS_BINARY
# Appends "pass stress/concurrency ..." or "fail ..." to $LETS_TEST_RESULTS when set.
set -u
lets=$(realpath "${1:?usage: tests/stress/concurrency.sh LETS_BINARY}")
procs=${STRESS_PROCS:-8}
rounds=${STRESS_ROUNDS:-40}
work=$(mktemp -d "${TMPDIR:-/tmp}/lets-conc.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2

record() {
	[ -n "${LETS_TEST_RESULTS:-}" ] && echo "$1" >> "$LETS_TEST_RESULTS"
	echo "$1"
}

{
	echo "# counters, one line per process"
	for ((p = 0; p < procs; p++)); do echo "p$p: 0"; done
	echo "# end"
} > f.txt

worker() {
	local p=$1 v=0 landed=0 locked=0 changed=0 other=0
	for ((k = 0; k < rounds; k++)); do
		"$lets" edit f.txt --old "p$p: $v" --new "p$p: $((v + 1))" -q >/dev/null 2>"err-$p"
		case $? in
		0) v=$((v + 1)); landed=$((landed + 1)) ;;
		7) locked=$((locked + 1)) ;;
		5) changed=$((changed + 1)) ;;
		*) other=$((other + 1)); cat "err-$p" >> "unexpected-$p" ;;
		esac
	done
	echo "$landed $locked $changed $other" > "result-$p"
}

for ((p = 0; p < procs; p++)); do worker "$p" & done
wait

fail=0 total_landed=0 total_locked=0 total_changed=0
for ((p = 0; p < procs; p++)); do
	read -r landed locked changed other < "result-$p"
	total_landed=$((total_landed + landed))
	total_locked=$((total_locked + locked))
	total_changed=$((total_changed + changed))
	if [ "$other" -ne 0 ]; then
		echo "process $p: $other unexpected outcomes:" >&2
		head -5 "unexpected-$p" >&2
		fail=1
	fi
	if ! grep -qx "p$p: $landed" f.txt; then
		echo "process $p landed $landed edits but the file says: $(grep "^p$p:" f.txt)" >&2
		fail=1
	fi
done
[ "$(wc -l < f.txt)" -eq $((procs + 2)) ] || { echo "the file has the wrong number of lines" >&2; fail=1; }
ls -A | grep -q 'lets-' && { echo "temporary files left behind: $(ls -A | grep lets- | head -3)" >&2; fail=1; }
# A run where every edit was refused proves nothing about lost updates: most must land.
if [ "$total_landed" -lt $((procs * rounds / 4)) ]; then
	echo "only $total_landed of $((procs * rounds)) edits landed" >&2
	fail=1
fi
summary="$procs processes x $rounds edits: $total_landed landed, $total_locked locked, $total_changed changed"
if [ "$fail" -eq 0 ]; then
	record "pass stress/concurrency ($summary, no update lost)"
else
	record "fail stress/concurrency ($summary)"
	exit 1
fi
