#!/usr/bin/env bash
# The committed .clang-format is the style of every C file we own (src/, tests/unit/, fuzz/, tools/). One
# "pass"/"fail" line goes to $LETS_TEST_RESULTS; a file that differs is named with the first lines of
# its diff, so the fix (clang-format -i FILE) is obvious. Exits 1 when any file differs.
set -u
cd "$(dirname "$0")/.."
results=${LETS_TEST_RESULTS:-/dev/null}
command -v clang-format >/dev/null || { echo "format: clang-format is not installed" >&2; echo "fail format (clang-format missing)" >>"$results"; exit 1; }
status=0
n=0
while IFS= read -r f; do
	n=$((n + 1))
	if ! clang-format --style=file "$f" | cmp -s - "$f"; then
		echo "fail format $f" >>"$results"
		echo "format: $f differs from .clang-format (run clang-format -i $f):" >&2
		clang-format --style=file "$f" | diff -u "$f" - | sed -n '3,12p' >&2
		status=1
	fi
done < <(git ls-files 'src/*.[ch]' 'tests/unit/*.[ch]' 'fuzz/*.[ch]' 'tools/*.[ch]')
[ $status -eq 0 ] && echo "pass format ($n files)" >>"$results"
exit $status
