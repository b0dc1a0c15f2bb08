#!/usr/bin/env bash
# Symlink-flip race: a directory link inside the tree is flipped between an in-tree directory and
# one outside it, in a tight loop, while STRESS_RACE_OPS (default 1,000) edits and as many writes
# run through it, and half as many shows and finds read through it (a file, and the directory
# walked), which must never print the outside file's bytes. Each call resolves the path once and then works through held descriptors, so
# the outcome is "landed inside" or a refusal, never a write outside: the outside file must keep
# its bytes and its inode, and nothing may appear beside it. Some calls must land, some must be
# refused as outside_tree, or the flip did not race anything.
#   tests/stress/race.sh LETS_BINARY
# Appends "pass stress/race ..." or "fail stress/race ..." to $LETS_TEST_RESULTS when set.
set -u
lets=$(realpath "${1:?usage: tests/stress/race.sh LETS_BINARY}")
ops=${STRESS_RACE_OPS:-1000}
work=$(mktemp -d "${TMPDIR:-/tmp}/lets-race.XXXXXX")
trap 'kill "$flipper" 2>/dev/null; rm -rf "$work"' EXIT
cd "$work" || exit 2

record() {
	[ -n "${LETS_TEST_RESULTS:-}" ] && echo "$1" >> "$LETS_TEST_RESULTS"
	echo "$1"
}

mkdir -p repo/.git repo/real outside
printf 'A\n' > outside/f.txt
printf 'A\n' > repo/real/f.txt
printf 'SECRET-OUTSIDE\n' > outside/secret.txt
printf 'inside\n' > repo/real/secret.txt
ln -s real repo/dir
ino=$(stat -c %i outside/f.txt)

# flips repo/dir atomically (rename over it) between real and ../outside; perl (perl-base, always
# on Debian) flips in microseconds, where ln + mv processes would take milliseconds per flip
(
	cd repo || exit
	exec perl -e 'for (;;) { for my $t ("../outside", "real") { unlink "dir.new"; symlink $t, "dir.new"; rename "dir.new", "dir" } }'
) &
flipper=$!

worker() { # verb
	local landed=0 outside=0 other=0
	for ((k = 0; k < ops; k++)); do
		if [ "$1" = edit ]; then
			"$lets" edit dir/f.txt --old A --new B >/dev/null 2>&1
		else
			printf 'A\n' | "$lets" write dir/f.txt --force >/dev/null 2>&1
		fi
		case $? in
		0) landed=$((landed + 1)) ;;
		6) outside=$((outside + 1)) ;;
		*) other=$((other + 1)) ;;
		esac
	done
	echo "$landed $outside $other" > "$work/result-$1"
}
reader() { # show dir/secret.txt and find through dir: read, refused, never the outside bytes
	local read=0 leaked=0
	for ((k = 0; k < ops / 2; k++)); do
		out=$("$lets" show dir/secret.txt 2>&1; "$lets" find -F SECRET dir dir/secret.txt 2>&1)
		case $out in *SECRET-OUTSIDE*) leaked=$((leaked + 1)) ;; esac
		case $out in *inside*) read=$((read + 1)) ;; esac
	done
	echo "$read $leaked" > "$work/result-read"
}
(cd repo && worker edit) &
w1=$!
(cd repo && worker write) &
w2=$!
(cd repo && reader) &
w3=$!
wait "$w1" "$w2" "$w3"
kill "$flipper" 2>/dev/null
wait "$flipper" 2>/dev/null

read -r el eo ex < result-edit
read -r wl wo wx < result-write
read -r rr rl < result-read
fail=0
[ "$rl" -eq 0 ] || { echo "$rl reads printed the outside file" >&2; fail=1; }
[ "$rr" -gt 0 ] || { echo "no read saw the inside file: the read race tested nothing" >&2; fail=1; }
[ "$(cat outside/f.txt)" = A ] || { echo "the outside file was changed: $(head -c 80 outside/f.txt)" >&2; fail=1; }
[ "$(stat -c %i outside/f.txt)" = "$ino" ] || { echo "the outside file was replaced" >&2; fail=1; }
[ "$(ls -A outside | tr '\n' ' ')" = "f.txt secret.txt " ] || { echo "files appeared outside: $(ls -A outside | head -3)" >&2; fail=1; }
[ $((el + wl)) -gt 0 ] || { echo "no call landed: the race tested nothing" >&2; fail=1; }
[ $((eo + wo)) -gt 0 ] || { echo "no call was refused as outside: the flip raced nothing" >&2; fail=1; }
summary="$ops edits ($el landed, $eo outside, $ex other), $ops writes ($wl landed, $wo outside, $wx other), $((ops / 2)) show+find ($rr read inside, $rl leaked)"
if [ "$fail" -eq 0 ]; then
	record "pass stress/race ($summary, 0 writes outside, 0 reads outside)"
else
	record "fail stress/race ($summary)"
	exit 1
fi
