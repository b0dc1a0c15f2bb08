#!/usr/bin/env bash
# Differential test of find's streamed search (issue 14): a large file the walk finds is read a
# window at a time, a file named on the command line is searched whole (mapped), so the same files
# searched both ways must print the same bytes and exit the same. A generated corpus of 40 files
# (0 bytes to 450 KB: CRLF and LF lines, lines longer than a window, invalid UTF-8, no final
# newline, a hit as the last bytes, NUL bytes early, past the first window or at the very end) is
# searched with 14 patterns and 5 output modes (70 searches), each walked once, in turn with the
# real window or with LETS_SEARCH_WINDOW=1, 7 or 4096 (every file streamed), against the named
# files.
#   tests/stress/stream-diff.sh LETS_BINARY
# Appends "pass stress/stream-diff ..." or "fail stress/stream-diff ..." to $LETS_TEST_RESULTS.
set -u
lets=$(realpath "${1:?usage: tests/stress/stream-diff.sh LETS_BINARY}")
work=$(mktemp -d "${TMPDIR:-/tmp}/lets-stream.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2
export LETS_NO_STATS=1

record() {
	[ -n "${LETS_TEST_RESULTS:-}" ] && echo "$1" >> "$LETS_TEST_RESULTS"
	echo "$1"
}

if ! command -v python3 >/dev/null 2>&1; then
	record "fail stress/stream-diff (python3 is missing: make installs it)"
	exit 1
fi

mkdir c
python3 - <<'EOF'
import random
rnd = random.Random(14)
words = [b"needle", b"Needle", b"NEEDLE", b"hay", b"stack", b"TODO", b"todo_x", b"x", b"",
         b"\xc3\xa9t\xc3\xa9", b"\xff\xfe bad", b"deprecated", b"a.b", b"  ", b"\t"]
for i in range(40):
    big = i % 4 == 0
    target = rnd.choice([0, 1, 100, 5000, 40000]) if not big else rnd.randint(262144, 450000)
    out = bytearray()
    while len(out) < target:
        n = rnd.choice([1, 3, 8, 20, 200]) if rnd.random() < 0.97 else rnd.randint(2000, 200000)
        line = b" ".join(rnd.choice(words) for _ in range(max(1, n // 6)))[:n]
        out += line + (b"\r\n" if rnd.random() < 0.2 else b"\n")
    kind = i % 8
    if kind == 1 and out:
        out[len(out) // 2] = 0  # a NUL in the middle: past the first window of a big file
    elif kind == 2:
        out += b"\x00"  # at the very end
    elif kind == 3:
        out = out.rstrip(b"\r\n") + b" last needle"  # a hit as the last bytes, no newline
    elif kind == 4 and len(out) > 5:
        out[3] = 0  # early
    open("c/f%02d.txt" % i, "wb").write(bytes(out))
EOF

patterns=(needle '(?i)needle' 'needle|TODO|deprecated' '^needle' 'needle$' '\bhay\b' 'x*' 'a\.b'
	'[a-z]+_x' '\r$' 'st.ck' 'é' 'last needle' 'zzz-no-hit')
modes=('' '-c' '-l' '--json' '-i -w')
files=(c/*.txt)
compared=0 failed=0
for p in "${patterns[@]}"; do
	for m in "${modes[@]}"; do
		# shellcheck disable=SC2086 # the mode is words
		"$lets" find --cap 1000000 --max-bytes 1000000000 $m -- "$p" "${files[@]}" > named.out 2> named.err
		want=$?
		# one window per search, in turn: each window meets every pattern and most modes
		windows=('' 1 7 4096)
		for w in "${windows[$((compared % 4))]}"; do
			LETS_SEARCH_WINDOW=$w "$lets" find --cap 1000000 --max-bytes 1000000000 $m -- "$p" c > walked.out 2> walked.err
			got=$?
			compared=$((compared + 1))
			if [ "$got" != "$want" ] || ! cmp -s named.out walked.out || ! cmp -s named.err walked.err; then
				failed=$((failed + 1))
				[ "$failed" -le 3 ] && { echo "differs: find $m '$p' window '${w:-default}' (exit $want vs $got)"; diff named.out walked.out | head -5; }
			fi
		done
	done
done
hits=$(LETS_NO_STATS=1 "$lets" find --cap 1000000 -c needle c | head -n 1)
if [ "$failed" -eq 0 ] && [ "$compared" -eq 70 ] && [ -n "$hits" ]; then
	record "pass stress/stream-diff ($compared walked searches equal the named ones; $hits)"
else
	record "fail stress/stream-diff ($failed of $compared walked searches differ from the named ones)"
	exit 1
fi
