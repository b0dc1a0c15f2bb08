#!/usr/bin/env bash
# Property test for lets hooks install|uninstall on JSONC settings files (comments, trailing
# commas, CRLF, minified): every old byte kept, a reinstall byte-identical, uninstall restoring
# the old bytes. See tests/hooks/jsonc_property.py.
#   tests/stress/hooks-jsonc.sh LETS_BINARY
# Appends "pass stress/hooks-jsonc ..." or "fail ..." to $LETS_TEST_RESULTS when set.
set -u
lets=$(realpath "${1:?usage: tests/stress/hooks-jsonc.sh LETS_BINARY}")
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

record() {
	[ -n "${LETS_TEST_RESULTS:-}" ] && echo "$1" >> "$LETS_TEST_RESULTS"
	echo "$1"
}

out=$(python3 "$here/hooks/jsonc_property.py" "$lets" "${PROPERTY_RUNS:-200}" "${PROPERTY_SEED:-27}" 2>&1)
rc=$?
printf '%s\n' "$out" | tail -n 10
summary=$(printf '%s\n' "$out" | tail -n 1)
if [ $rc -eq 0 ]; then
	record "pass stress/hooks-jsonc ($summary)"
else
	record "fail stress/hooks-jsonc ($summary)"
	exit 1
fi
