#!/usr/bin/env bash
# Crash test for lets edit's atomic publish: start an edit, kill it at a random moment (SIGKILL,
# SIGTERM, SIGINT, SIGHUP in turn), and
# check that the file is byte for byte either the old content or the new one, that both outcomes
# were seen, and that at most one temporary was left behind. Repeats for STRESS_KILLS rounds
# (default 120). The delays spread over the whole edit, write and fsync
# included, so kills land before, during and after the rename.
#   tests/stress/crash.sh LETS_BINARY
# Appends "pass stress/crash ..." or "fail stress/crash ..." to $LETS_TEST_RESULTS when set.
set -u
lets=$(realpath "${1:?usage: tests/stress/crash.sh LETS_BINARY}")
kills=${STRESS_KILLS:-120}
signals=(KILL TERM INT HUP)
work=$(mktemp -d "${TMPDIR:-/tmp}/lets-crash.XXXXXX")
# Only this shell cleans up: a kill that lands between the fork of a background edit and its exec
# hits a bash child that still holds this trap, and it would remove the work directory (files
# then read as torn, or missing).
trap '[ "$BASHPID" = "$$" ] && rm -rf "$work"' EXIT
cd "$work" || exit 2

# ~420 KB so that writing and syncing take long enough to be hit; the edit grows one line by 4 KB
awk 'BEGIN { for (i = 1; i <= 8000; i++) printf "line %05d of the crash test file, padded to be long\n", i }' > old.txt
long=$(head -c 4096 /dev/zero | tr '\0' 'x')
sed "s/^line 04000 of/line 04000 $long of/" old.txt > new.txt
cmp -s old.txt new.txt && { echo "crash: new.txt equals old.txt" >&2; exit 2; }

record() {
	[ -n "${LETS_TEST_RESULTS:-}" ] && echo "$1" >> "$LETS_TEST_RESULTS"
	echo "$1"
}

# how long one edit takes (the fastest of five), to spread the kills over it
span_us=
for ((i = 0; i < 5; i++)); do
	cp old.txt f.txt
	start=$(date +%s%N)
	"$lets" edit f.txt --old 'line 04000 of' --new "line 04000 $long of" -q >/dev/null 2>&1
	took=$((($(date +%s%N) - start) / 1000))
	cmp -s f.txt new.txt || { record "fail stress/crash (an uninterrupted edit did not produce the new content)"; exit 1; }
	[ -z "$span_us" ] || [ "$took" -lt "$span_us" ] && span_us=$took
done
[ "$span_us" -lt 2000 ] && span_us=2000

old=0 new=0 torn=0 debris=0
for ((i = 0; i < kills; i++)); do
	cp old.txt f.txt
	"$lets" edit f.txt --old 'line 04000 of' --new "line 04000 $long of" -q >/dev/null 2>&1 &
	pid=$!
	delay=$((RANDOM * 32768 + RANDOM))
	delay=$((delay % (span_us * 12 / 10)))
	sleep "$(printf '0.%06d' "$delay")"
	kill -"${signals[i % 4]}" "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	if cmp -s f.txt old.txt; then
		old=$((old + 1))
	elif cmp -s f.txt new.txt; then
		new=$((new + 1))
	else
		torn=$((torn + 1))
		cp f.txt "torn-$i.txt"
	fi
	# debris: any temporary left in the directory (the next lets would sweep it; count it first)
	left=$(ls -A | grep -c 'lets-')
	debris=$((debris + left))
	[ "$left" -gt 0 ] && rm -f .*lets-*
done
summary="$kills kills: $old old, $new new, $torn torn, $debris temporaries left (edit takes ~$((span_us / 1000)) ms)"
# Kills that all land before or all after the write test nothing: both outcomes must be seen.
if [ "$torn" -eq 0 ] && [ "$old" -gt 0 ] && [ "$new" -gt 0 ] && [ "$debris" -le 1 ]; then
	record "pass stress/crash ($summary)"
else
	record "fail stress/crash ($summary)"
	exit 1
fi
