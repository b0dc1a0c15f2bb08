#!/usr/bin/env bash
# Symlink-flip race: a directory link inside the tree is flipped between an in-tree directory and
# one outside it, in a tight loop, while STRESS_RACE_OPS (default 1,000) edits and as many writes
# run through it. Each call resolves the path once and then works through held descriptors, so
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
ln -s real repo/dir
ino=$(stat -c %i outside/f.txt)

# flips repo/dir atomically (rename over it) between real and ../outside
(
	cd repo || exit
	while :; do
		ln -sfn ../outside dir.new && mv -T dir.new dir
		ln -sfn real dir.new && mv -T dir.new dir
	done
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
(cd repo && worker edit) &
w1=$!
(cd repo && worker write) &
w2=$!
wait "$w1" "$w2"
kill "$flipper" 2>/dev/null
wait "$flipper" 2>/dev/null

read -r el eo ex < result-edit
read -r wl wo wx < result-write
fail=0
[ "$(cat outside/f.txt)" = A ] || { echo "the outside file was changed: $(head -c 80 outside/f.txt)" >&2; fail=1; }
[ "$(stat -c %i outside/f.txt)" = "$ino" ] || { echo "the outside file was replaced" >&2; fail=1; }
[ "$(ls -A outside)" = f.txt ] || { echo "files appeared outside: $(ls -A outside | head -3)" >&2; fail=1; }
[ $((el + wl)) -gt 0 ] || { echo "no call landed: the race tested nothing" >&2; fail=1; }
[ $((eo + wo)) -gt 0 ] || { echo "no call was refused as outside: the flip raced nothing" >&2; fail=1; }
summary="$ops edits ($el landed, $eo outside, $ex other) and $ops writes ($wl landed, $wo outside, $wx other)"
if [ "$fail" -eq 0 ]; then
	record "pass stress/race ($summary, 0 writes outside)"
else
	record "fail stress/race ($summary)"
	exit 1
fi
