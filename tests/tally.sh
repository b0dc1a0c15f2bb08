#!/usr/bin/env bash
# Sums a results file of "pass <name>" / "fail <name>" lines (written by run-cases.sh, the unit
# tests and runner-selftest.sh): prints the failed names, then as its last line
# "N passed, N failed". Exits 1 when anything failed or the file is missing or holds no result.
set -u
[ $# -eq 1 ] || { echo "usage: tests/tally.sh RESULTS_FILE" >&2; exit 2; }
passed=0
failed=0
if [ -f "$1" ]; then
	while IFS= read -r l; do
		case $l in
		'pass '*) passed=$((passed + 1)) ;;
		'fail '*) failed=$((failed + 1)); printf 'failed: %s\n' "${l#fail }" ;;
		esac
	done <"$1"
else
	echo "tally: $1: no such results file" >&2
fi
echo "$passed passed, $failed failed"
[ $failed -eq 0 ] && [ $((passed + failed)) -gt 0 ]
