#!/usr/bin/env bash
# Differential stress test of edit's shape proof (issue 26 A2): random edits, inserts, whitespace
# folds and brace moves on copies of real Python, JavaScript and Go files, each result judged by
# Python's compile()/ast, node's parser and a bracket lexer (see meaning_code.py). Fails on any
# silent change: an edit lets applied whose result the oracle says changed meaning outside the
# edited lines, or no longer compiles.
#   tests/stress/meaning-code.sh LETS_BINARY
# MEANING_EDITS (default 500, the make check slice) and MEANING_SEED pick the run; make soak runs
# a long one. Appends "pass stress/meaning-code ..." or "fail ..." to $LETS_TEST_RESULTS when set.
set -u
lets=$(realpath "${1:?usage: tests/stress/meaning-code.sh LETS_BINARY}")
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

record() {
	[ -n "${LETS_TEST_RESULTS:-}" ] && echo "$1" >> "$LETS_TEST_RESULTS"
	echo "$1"
}

py=/usr/bin/python3
[ -x "$py" ] || py=python3
if ! command -v "$py" >/dev/null 2>&1; then
	record "fail stress/meaning-code (python3 is missing: make installs it)"
	exit 1
fi
out=$(TMPDIR=${TMPDIR:-/tmp} "$py" "$here/meaning_code.py" "$lets" "${MEANING_EDITS:-500}" "${MEANING_SEED:-20261201}" 2>&1)
rc=$?
printf '%s\n' "$out" | tail -n 30
summary=$(printf '%s\n' "$out" | tail -n 1)
if [ $rc -eq 0 ]; then
	record "pass stress/meaning-code ($summary)"
else
	record "fail stress/meaning-code ($summary)"
	exit 1
fi
