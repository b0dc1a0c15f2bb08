#!/usr/bin/env bash
# Differential stress test of the meaning proof (issue 26): random edits, inserts and transforms on
# real JSON, YAML, TOML and Markdown-frontmatter files (from deps/node_modules and the committed
# corpora, copied into a scratch directory), each change lets calls ok checked by readers lets does
# not use (Python's json, PyYAML, tomllib): it may change only values whose source lies on the
# changed lines, or the path asked. See tests/transform/meaning.py.
#   tests/stress/meaning-data.sh LETS_BINARY
# MEANING_OPS sets the number of operations (make check: 400; make soak: 5000), MEANING_SEED the
# seed. Appends "pass stress/meaning-data ..." or "fail ..." to $LETS_TEST_RESULTS when set.
set -u
lets=$(realpath "${1:?usage: tests/stress/meaning-data.sh LETS_BINARY}")
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

record() {
	[ -n "${LETS_TEST_RESULTS:-}" ] && echo "$1" >> "$LETS_TEST_RESULTS"
	echo "$1"
}

if ! /usr/bin/python3 -c 'import yaml, json, tomllib' 2>/dev/null; then
	record "fail stress/meaning-data (python3 lacks tomllib or PyYAML: make installs python3-yaml)"
	exit 1
fi

out=$(TMPDIR=${TMPDIR:-/tmp} /usr/bin/python3 "$here/transform/meaning.py" "$lets" "$here/.." \
	"${MEANING_OPS:-400}" "${MEANING_SEED:-26}" 2>&1)
rc=$?
printf '%s\n' "$out" | tail -n 25
summary=$(printf '%s\n' "$out" | tail -n 1)
if [ $rc -eq 0 ]; then
	record "pass stress/meaning-data ($summary)"
else
	record "fail stress/meaning-data ($summary)"
	exit 1
fi
