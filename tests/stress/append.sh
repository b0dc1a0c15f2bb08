#!/usr/bin/env bash
# Lost-append test (issue 28 item 2): a plain O_APPEND writer (open, write one line, close — what
# `echo line >> f` does) appends STRESS_APPENDS numbered lines to a file while STRESS_APPEND_EDITS
# `lets edit` calls flip its first line between "state: a" and "state: b". An edit may land
# (exit 0) or be refused as changed (5) or locked (7); whatever it does, every appended line must
# be in the file at the end, exactly once. An edit that says ok but renamed its copy over an
# append made after the identity check would lose that line.
#   tests/stress/append.sh LETS_BINARY
# make check runs a slice (1,000 appends, 100 edits); make soak 10,000 against 1,000.
# Appends "pass stress/append ..." or "fail stress/append ..." to $LETS_TEST_RESULTS when set.
set -u
lets=$(realpath "${1:?usage: tests/stress/append.sh LETS_BINARY}")
appends=${STRESS_APPENDS:-1000}
edits=${STRESS_APPEND_EDITS:-100}
work=$(mktemp -d "${TMPDIR:-/tmp}/lets-append.XXXXXX")
trap 'kill "$writer" 2>/dev/null; rm -rf "$work"' EXIT
cd "$work" || exit 2
mkdir .git

record() {
	[ -n "${LETS_TEST_RESULTS:-}" ] && echo "$1" >> "$LETS_TEST_RESULTS"
	echo "$1"
}

printf 'state: a\n' > f.txt
: > go

# The writer spreads its appends over the time the edits take (a pause of 0-2 ms after each, as
# the edits run at a few hundred per second), so that appends fall in every phase of an edit.
# perl (perl-base, always on Debian) appends in microseconds, where a process per line would
# take milliseconds.
perl -e '
	my ($n) = @ARGV;
	select(undef, undef, undef, 0.001) until -e "go";
	for my $i (1 .. $n) {
		open(my $fh, ">>", "f.txt") or die "append: $!";
		syswrite($fh, "w$i\n") == length("w$i\n") or die "append: $!";
		close($fh);
		select(undef, undef, undef, rand(0.002));
	}' "$appends" &
writer=$!

landed=0 changed=0 locked=0 other=0
for ((k = 0; k < edits; k++)); do
	for from in a b; do
		to=$([ $from = a ] && echo b || echo a)
		"$lets" edit f.txt --old "state: $from" --new "state: $to" -q >/dev/null 2>err
		rc=$?
		[ $rc -ne 1 ] && break
	done
	case $rc in
	0) landed=$((landed + 1)) ;;
	5) changed=$((changed + 1)) ;;
	7) locked=$((locked + 1)) ;;
	*) other=$((other + 1)); cat err >> unexpected ;;
	esac
done
wait "$writer"
writer_rc=$?

fail=0
[ "$writer_rc" -eq 0 ] || { echo "the writer failed (exit $writer_rc)" >&2; fail=1; }
lost=0 dup=0
lost=$(perl -e '
	my ($n) = @ARGV; my %seen;
	open(my $fh, "<", "f.txt") or die; while (<$fh>) { $seen{$1}++ if /^w(\d+)$/ }
	my ($lost, $dup) = (0, 0);
	for my $i (1 .. $n) { $lost++ unless $seen{$i}; $dup++ if ($seen{$i} // 0) > 1 }
	print "$lost $dup\n";' "$appends")
read -r lost dup <<< "$lost"
head -1 f.txt | grep -qx 'state: [ab]' || { echo "the first line is gone: $(head -1 f.txt)" >&2; fail=1; }
[ "$lost" -eq 0 ] || { echo "$lost of $appends appends were lost" >&2; fail=1; }
[ "$dup" -eq 0 ] || { echo "$dup of $appends appends are in the file twice" >&2; fail=1; }
[ "$other" -eq 0 ] || { echo "$other unexpected outcomes:" >&2; head -5 unexpected >&2; fail=1; }
[ "$landed" -gt 0 ] || { echo "no edit landed: the race tested nothing" >&2; fail=1; }
summary="$appends appends, $edits edits ($landed landed, $changed changed, $locked locked, $other other), $lost lost, $dup doubled"
if [ "$fail" -eq 0 ]; then
	record "pass stress/append ($summary)"
else
	record "fail stress/append ($summary)"
	exit 1
fi
