#!/usr/bin/env bash
# Property test for lets transform: at least 500 random --set/--delete/--append operations over the
# committed corpus in tests/transform/corpus (package.json, a tsconfig with comments, a
# docker-compose file, a GitHub workflow, Cargo.toml, pyproject.toml, Markdown with frontmatter),
# each checked with readers lets does not use (jq, Python's tomllib, PyYAML): see property.py.
#   tests/stress/transform-property.sh LETS_BINARY
# Appends "pass stress/transform-property ..." or "fail ..." to $LETS_TEST_RESULTS when set.
set -u
lets=$(realpath "${1:?usage: tests/stress/transform-property.sh LETS_BINARY}")
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

record() {
	[ -n "${LETS_TEST_RESULTS:-}" ] && echo "$1" >> "$LETS_TEST_RESULTS"
	echo "$1"
}

for tool in jq python3; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		record "fail stress/transform-property ($tool is missing: make installs it)"
		exit 1
	fi
done
if ! python3 -c 'import tomllib, yaml' 2>/dev/null; then
	record "fail stress/transform-property (python3 lacks tomllib or PyYAML: make installs python3-yaml)"
	exit 1
fi

out=$(TMPDIR=${TMPDIR:-/tmp} python3 "$here/transform/property.py" "$lets" "$here/transform/corpus" \
	"${PROPERTY_OPS:-500}" "${PROPERTY_SEED:-20261130}" 2>&1)
rc=$?
printf '%s\n' "$out" | tail -n 25
summary=$(printf '%s\n' "$out" | tail -n 1)
if [ $rc -eq 0 ]; then
	record "pass stress/transform-property ($summary)"
else
	record "fail stress/transform-property ($summary)"
	exit 1
fi
