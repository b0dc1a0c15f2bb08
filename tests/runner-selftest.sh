#!/usr/bin/env bash
# Guards against a case runner that cannot fail: runs tests/run-cases.sh on small case files
# against a fake `lets` and checks that every deliberately wrong expectation is reported as a
# failure (exit 1, "0 passed, 1 failed") while its control passes.
#
#   tests/runner-selftest.sh        (appends "pass|fail runner-selftest:<name>" to $LETS_TEST_RESULTS)
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
results=${LETS_TEST_RESULTS:-}
tmp=$(mktemp -d /tmp/lets-selftest.XXXXXX) || exit 2
trap 'rm -rf "$tmp"' EXIT

cat >"$tmp/fake" <<'FAKE'
#!/usr/bin/env bash
case $1 in
echo) shift; printf '%s\n' "$@" ;;
fail) echo "it failed" >&2; echo ERROR_CODE=not_found >&2; exit 1 ;;
cat) cat ;;
env) env | grep '^LETS_' | sort ;;
nonl) printf 'abc' ;;
nul) printf 'abc\n\0tail\n' ;;
esac
FAKE
chmod +x "$tmp/fake"

passed=0
failed=0
# check NAME WANT_EXIT WANT_SUMMARY: the case text is on stdin.
check() {
	local name=$1 want=$2 summary=$3 out rc
	cat >"$tmp/$name.t"
	out=$(LETS_TEST_RESULTS=$tmp/$name.results LETS_LEAK=1 "$here/run-cases.sh" "$tmp/fake" "$tmp/$name.t" 2>&1)
	rc=$?
	local last=${out##*$'\n'}
	local verdict=fail
	if [ "$rc" = "$want" ] && [ "$last" = "$summary" ]; then
		verdict=pass
		# The results file must agree with the summary.
		local word=pass
		[ "$want" = 0 ] || word=fail
		grep -q "^$word " "$tmp/$name.results" 2>/dev/null || verdict=fail
	fi
	if [ $verdict = pass ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		printf 'FAIL runner-selftest:%s: wanted exit %s and "%s", got exit %s:\n%s\n' "$name" "$want" \
			"$summary" "$rc" "$out"
	fi
	[ -z "$results" ] || printf '%s runner-selftest:%s\n' $verdict "$name" >>"$results"
}
bad() { check "$1" 1 "0 passed, 1 failed"; }
good() { check "$1" 0 "1 passed, 0 failed"; }

good control <<'T'
### a case that holds
% echo set > f
--- stdin
fed
$ lets echo 'a	b' '*' "$(cat f)"; lets cat; lets env
a	b
*
set
fed
T
good file-control <<'T'
### a file's bytes after the command
% printf 'one\ntwo\n' > f.txt
$ lets echo done
done
--- file f.txt
one
t[..]
T
bad file-wrong <<'T'
### a file whose bytes differ
% printf 'one\ntwo\n' > f.txt
$ lets echo done
done
--- file f.txt
one
three
T
bad file-missing <<'T'
### a file that is not there
$ lets echo done
done
--- file nope.txt
one
T
bad file-no-newline <<'T'
### a file without its final newline
% printf 'one' > f.txt
$ lets echo done
done
--- file f.txt
one
T
good file-no-newline-marker <<'T'
### diff's marker pins a file whose last line has no newline
% printf 'one\ntwo' > f.txt
$ lets echo done
done
--- file f.txt
one
two
\ No newline at end of file
T
good file-no-newline-marker-wildcard <<'T'
### the marker after wildcard lines
% printf 'one\ntwo' > f.txt
$ lets echo done
done
--- file f.txt
[...]
t[..]
\ No newline at end of file
T
bad file-no-newline-marker-wrong <<'T'
### the marker where the file does end in a newline
% printf 'one\ntwo\n' > f.txt
$ lets echo done
done
--- file f.txt
one
two
\ No newline at end of file
T
bad file-no-newline-marker-wildcard-wrong <<'T'
### the marker after wildcard lines, where the file ends in a newline
% printf 'one\ntwo\n' > f.txt
$ lets echo done
done
--- file f.txt
[...]
t[..]
\ No newline at end of file
T
bad output-no-newline-marker <<'T'
### the marker is a file section's only: in stdout it is a line like any other
$ lets nonl
abc
\ No newline at end of file
T
bad unpinned-change <<'T'
### a command that exits 0 and changes a file it does not pin fails the case
$ lets echo x > f.txt; echo done
done
T
good pinned-change <<'T'
### control: the same file pinned by a --- file section
$ lets echo x > f.txt; echo done
done
--- file f.txt
x
T
good pinned-change-cat <<'T'
### control: the same file printed whole on the expected stdout
$ lets echo x > f.txt; cat f.txt
x
T
good pinned-change-od <<'T'
### control: a file with no final newline printed whole by od -c
$ lets nonl > f.txt; od -An -c f.txt
   a   b   c
T
bad pinned-change-partly <<'T'
### a file printed in part does not pin it
$ lets echo x y > f.txt; head -1 f.txt
x
T
good scratch-change <<'T'
### control: a file the case names @scratch
@scratch *.out
$ lets echo x > f.out; echo done
done
T
bad unpinned-change-home <<'T'
### a file changed in HOME counts too
$ lets echo x > ~/h.txt; echo done
done
T
good pinned-change-home <<'T'
### control: HOME's file pinned as ../home/PATH
$ lets echo x > ~/h.txt; echo done
done
--- file ../home/h.txt
x
T
bad unpinned-replace-same-bytes <<'T'
### a fixture file replaced by a copy of itself has changed
$ cp a.ts g.tmp && mv g.tmp a.ts && echo done
done
T
bad unpinned-setup-file <<'T'
### a file a setup line wrote, rewritten at once (likely within the marker's clock tick)
% printf 'a\n' > f.txt
$ printf 'b\n' > f.txt; echo done
done
T
good setup-file-untouched <<'T'
### control: a file a setup line wrote, left alone by the command
% printf 'a\n' > f.txt; mkdir -p ~/.d; printf 'h\n' > ~/.d/h.txt
$ echo done
done
T
bad unpinned-fixture-rewrite <<'T'
### a fixture file rewritten in place (no setup line: the marker's case) has changed
$ printf 'x\n' > a.ts; echo done
done
T
good pinned-fixture-rewrite <<'T'
### control: the same rewrite, pinned
$ printf 'x\n' > a.ts; echo done
done
--- file a.ts
x
T
good unpinned-change-on-failure <<'T'
### control: a case expecting a failure is not held to it (the verb's refusal cases are)
$ lets echo x > f.txt; lets fail
? 1
--- stderr
it failed
ERROR_CODE=not_found
T
bad wrong-line <<'T'
### a wrong stdout line
$ lets echo a b
a
c
T
bad wrong-exit <<'T'
### a wrong exit code
$ lets fail
? 0
--- stderr
it failed
ERROR_CODE=not_found
T
bad unexpected-stderr <<'T'
### stderr that was expected empty
$ lets fail
? 1
T
bad missing-stdout <<'T'
### stdout that was expected but absent
$ lets echo
a
T
bad extra-line <<'T'
### one more actual line than expected, despite a wildcard
$ lets echo a b
[..]
T
bad fewer-lines <<'T'
### one fewer actual line than expected
$ lets echo a
a
[..]
T
bad wildcard-literal <<'T'
### text around a wildcard still has to match
$ lets echo abd
a[..]c
T
good wildcard-control <<'T'
### the wildcard control
$ lets echo abc sha:0123456789ab
a[..]c
sha:[..]
T
bad glob-is-literal <<'T'
### a * in an expected line is not a wildcard
$ lets echo x
*
T
bad no-final-newline <<'T'
### output without its final newline
$ lets nonl
abc
T
bad setup-fails <<'T'
### a failing setup line fails the case
% false
$ lets echo a
a
T
bad env-leak <<'T'
### the caller's LETS_ variables do not reach the command (so an empty expectation holds)
$ lets env
LETS_LEAK=1
T
good env-set <<'T'
### @env sets a variable for the command
@env LETS_NO_STATS=1
$ lets env
LETS_NO_STATS=1
T
bad nul-byte <<'T'
### a NUL byte in the output cannot hide what follows it
$ lets nul
abc
T
good many-lines-wildcard <<'T'
### [...] matches zero or more lines
$ lets echo first a b c last
first
[...]
b
[...]
last
[...]
T
bad many-lines-wildcard-tail <<'T'
### lines after a [...] still have to be there
$ lets echo first a b
[...]
c
T

# The failure report names the place, the title, the command, the exit codes and a diff.
printf '# a comment\n### the title\n$ lets fail\n? 0\nwanted\n' >"$tmp/report.t"
out=$(cd "$tmp" && LETS_TEST_RESULTS=$tmp/report.results "$here/run-cases.sh" "$tmp/fake" report.t 2>&1)
verdict=pass
for want in 'FAIL report.t:2: the title' '  $ lets fail' '  exit code: expected 0, got 1' \
	'  stdout differs (- expected, + actual):' '    -wanted' '  stderr differs (- expected, + actual):' \
	'    +it failed'; do
	case $out in *"$want"*) ;; *) verdict=fail; printf 'FAIL runner-selftest:report: no "%s" in:\n%s\n' "$want" "$out" ;; esac
done
if [ $verdict = pass ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
[ -z "$results" ] || printf '%s runner-selftest:report\n' $verdict >>"$results"

# A directory of several files, run in parallel: counts add up, results keep file order.
mkdir "$tmp/dir" "$tmp/dir/sub"
printf '### good\n$ lets echo a\na\n' >"$tmp/dir/a.t"
printf '### bad\n$ lets echo a\nb\n' >"$tmp/dir/sub/b.t"
printf '### good too\n$ lets echo c\nc\n' >"$tmp/dir/c.t"
out=$(cd "$tmp" && LETS_TEST_RESULTS=$tmp/dir.results RUN_CASES_JOBS=3 "$here/run-cases.sh" "$tmp/fake" dir 2>&1)
rc=$?
want="pass [$tmp/fake] dir/a.t:good"$'\n'"pass [$tmp/fake] dir/c.t:good too"$'\n'"fail [$tmp/fake] dir/sub/b.t:bad"
verdict=fail
[ $rc = 1 ] && [ "${out##*$'\n'}" = "2 passed, 1 failed" ] && [ "$(cat "$tmp/dir.results")" = "$want" ] &&
	verdict=pass
if [ $verdict = pass ]; then passed=$((passed + 1)); else
	failed=$((failed + 1))
	printf 'FAIL runner-selftest:directory: got exit %s:\n%s\nresults:\n%s\n' $rc "$out" "$(cat "$tmp/dir.results")"
fi
[ -z "$results" ] || printf '%s runner-selftest:directory\n' $verdict >>"$results"

echo "runner-selftest: $passed passed, $failed failed"
[ $failed -eq 0 ]
