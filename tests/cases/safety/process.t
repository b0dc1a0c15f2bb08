# Processes and memory (issue 28 item 5): a signal that stops lets during --check takes the
# checker's process group with it (the timeout path already did); a file buffer that meets a
# memory limit is an io_error, not an abort.

### SIGTERM during --check kills the checker's process group before lets goes; nothing written
% printf 'a\n' > f.txt
@env LETS_NO_STATS=1
$ lets edit f.txt --old a --new b --check 'sleep 41.25 & sleep 41.25' & l=$!; for i in $(seq 200); do pgrep -fx 'sleep 41.25' >/dev/null && break; sleep 0.05; done; kill -TERM $l; wait $l; echo "lets exit $?"; sleep 0.3; pgrep -fx 'sleep 41.25' || echo none left
lets exit 143
none left
--- file f.txt
a

### SIGINT (a terminal's ^C reaches lets's group, not the checker's) does the same
% printf 'a\n' > f.txt
@env LETS_NO_STATS=1
$ perl -e '$SIG{INT} = "DEFAULT"; exec @ARGV' lets edit f.txt --old a --new b --check 'sleep 41.5 & sleep 41.5' & l=$!; for i in $(seq 200); do pgrep -fx 'sleep 41.5' >/dev/null && break; sleep 0.05; done; kill -INT $l; wait $l; echo "lets exit $?"; sleep 0.3; pgrep -fx 'sleep 41.5' || echo none left
lets exit 130
none left
--- file f.txt
a

### control: a lets started with SIGTERM ignored is not stopped by it; the checker runs out
% printf 'a\n' > f.txt
@env LETS_NO_STATS=1
$ perl -e '$SIG{TERM} = "IGNORE"; exec @ARGV' lets edit f.txt --old a --new b --check 'sleep 0.5' -q & l=$!; sleep 0.2; kill -TERM $l; wait $l; echo "lets exit $?"
── check: sleep 0.5 ok · sha:[..]→[..] · check: skipped (no grammar for .txt)
lets exit 0
--- file f.txt
b

### a raised --max-file-bytes that meets a memory limit is io_error, not an abort
# The limit is ulimit -v for the release build; the ASan build cannot start under one (its shadow
# memory), so there the allocator is told to fail past 200 MB instead (the same checked path), and
# the warning ASan prints then is left out.
% truncate -s 300M big.txt
@env LETS_NO_STATS=1
$ case $(readlink -f "$(command -v lets)") in */asan/*) { ASAN_OPTIONS="${ASAN_OPTIONS:-}:allocator_may_return_null=1:max_allocation_size_mb=200" lets show big.txt --max-file-bytes 1000000000 2>&1 >&3 | grep -v 'AddressSanitizer failed to allocate' >&2; exit "${PIPESTATUS[0]}"; } 3>&1 ;; *) (ulimit -v 204800; exec lets show big.txt --max-file-bytes 1000000000) ;; esac
? 7
--- stderr
reading big.txt failed: not enough memory for its 314572800 bytes · raise the memory limit (ulimit -v)
ERROR_CODE=io_error

### control: under the default limit the same file is refused as too large before anything is read
% truncate -s 300M big.txt
@env LETS_NO_STATS=1
$ lets show big.txt
? 7
--- stderr
big.txt is unsupported: 314572800 bytes, over the 8388608-byte limit
ERROR_CODE=unsupported_file
