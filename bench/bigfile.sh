# A bench suite (`suite bigfile` in bench/run.sh; uses lib.sh's pair, $LETS and $root; runs in
# bench/corpus/). One large file searched on purpose (issue 16): a generated 3-million-line log
# (~250 MB, bench/gen-log.sh) with the 8 MB skip lifted, against rg on the same file, and a 20 MB
# log where the threads lets splits a file across must not make it slower. Each row is the same
# search for both; a row with no hit runs with -i (hyperfine's "ignore the exit code": both exit 1).
# Peak memory (RSS) of each lets row is printed after it, from /usr/bin/time when it is there.
mkdir -p bigfile
[ -s bigfile/big.log ] || "$root/bench/gen-log.sh" 3000000 >bigfile/big.log
[ -s bigfile/20mb.log ] || "$root/bench/gen-log.sh" 250000 >bigfile/20mb.log
lift="--max-file-bytes 1000000000"
rss() {
	[ -x /usr/bin/time ] || return 0
	/usr/bin/time -v "$@" 2>&1 >/dev/null | awk -v n="$1" '/Maximum resident/ { printf "%-16s %9d KB peak RSS\n", "  rss", $NF }' || true
}
pair log-literal 0.7 "$LETS find $lift -F needle-xyz bigfile/big.log" "rg -n -F needle-xyz bigfile/big.log"
rss "$LETS" find $lift -F needle-xyz bigfile/big.log
pair log-caseless 1.0 "$LETS find $lift (?i)NEEDLE-XYZ bigfile/big.log" "rg -n (?i)NEEDLE-XYZ bigfile/big.log"
rss "$LETS" find $lift '(?i)NEEDLE-XYZ' bigfile/big.log
# hyperfine -N splits a command as a shell would: a pattern holding a backslash is single-quoted,
# else \d reaches both tools as d (this row timed status=5dd until issue 34)
EXTRA=-i pair log-nohit 1.0 "$LETS find $lift 'status=5\d\d' bigfile/big.log" "rg -n 'status=5\d\d' bigfile/big.log"
rss "$LETS" find $lift 'status=5\d\d' bigfile/big.log
pair log-count 1.0 "$LETS find $lift -c 'took=0\.99' bigfile/big.log" "rg -c 'took=0\.99' bigfile/big.log"
rss "$LETS" find $lift -c 'took=0\.99' bigfile/big.log
pair log-20mb 1.0 "$LETS find $lift -F needle-xyz bigfile/20mb.log" "rg -n -F needle-xyz bigfile/20mb.log"
rss "$LETS" find $lift -F needle-xyz bigfile/20mb.log
