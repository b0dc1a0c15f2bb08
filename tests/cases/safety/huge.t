# Files past the parsers' 32-bit offsets (issue 30 item 5): tree-sitter and the format model hold a
# byte offset in 32 bits, so --max-file-bytes is clamped below 4 GiB when the options are parsed. A
# raised limit can never admit a file over 4 GiB: it is refused as too large (unsupported_file,
# exit 7) from its size alone, never read, truncated or misparsed. The files are sparse.
# spec-silent: the ceiling, 4294967294 bytes, keeps every offset, the end one included, below
# UINT32_MAX (which the format model uses as "none"); the message names it as the limit.

### show: a 5 GiB file under --max-file-bytes 6000000000 is refused as too large
% printf 'x\n' > big.txt && truncate -s 5G big.txt
@env LETS_NO_STATS=1
$ lets show big.txt --max-file-bytes 6000000000
? 7
--- stderr
big.txt is unsupported: 5368709120 bytes, over the 4294967294-byte limit
ERROR_CODE=unsupported_file

### show: one byte past the ceiling is refused, even with the limit raised to the largest value
% printf 'x\n' > big.txt && truncate -s 4294967295 big.txt
@env LETS_NO_STATS=1
$ lets show big.txt --max-file-bytes 9007199254740992
? 7
--- stderr
big.txt is unsupported: 4294967295 bytes, over the 4294967294-byte limit
ERROR_CODE=unsupported_file

### control: a file at the ceiling is admitted and read (here it meets the memory limit, io_error)
# The same memory limit as safety/process.t: ulimit -v for the release build, ASan's allocator
# told to fail past 200 MB for the ASan build.
% printf 'x\n' > big.txt && truncate -s 4294967294 big.txt
@env LETS_NO_STATS=1
$ case $(readlink -f "$(command -v lets)") in */asan/*) { ASAN_OPTIONS="${ASAN_OPTIONS:-}:allocator_may_return_null=1:max_allocation_size_mb=200" lets show big.txt --max-file-bytes 6000000000 2>&1 >&3 | grep -v 'AddressSanitizer failed to allocate' >&2; exit "${PIPESTATUS[0]}"; } 3>&1 ;; *) (ulimit -v 204800; exec lets show big.txt --max-file-bytes 6000000000) ;; esac
? 7
--- stderr
reading big.txt failed: not enough memory for its 4294967294 bytes · raise the memory limit (ulimit -v)
ERROR_CODE=io_error

### control: a raised limit over the ceiling is accepted, and a small file reads as usual
% printf 'x\n' > small.txt
@env LETS_NO_STATS=1
$ lets show small.txt --max-file-bytes 6000000000
── small.txt  (1-1 of 1) · sha:[..]
1 	x
── showed 1 target · 1 line

### find: a named 5 GiB file is skipped as too large, not searched
% printf 'x\n' > big.txt && truncate -s 5G big.txt
@env LETS_NO_STATS=1
$ lets find x big.txt --max-file-bytes 6000000000
? 1
── 0 hits in 0 files · searched 0 files · skipped 1 (too large 1)
--- stderr
no hits for «x»
ERROR_CODE=not_found

### find: in a walk the 5 GiB file is skipped as too large and its neighbour searched
% mkdir d && printf 'x\n' > d/small.txt && printf 'x\n' > d/big.txt && truncate -s 5G d/big.txt
@env LETS_NO_STATS=1
$ lets find x d --max-file-bytes 6000000000
── d/small.txt
1:	«x»
── 1 hit in 1 file · searched 1 file · skipped 1 (too large 1)

### find -p (parses each hit file) skips it the same way
% printf 'x\n' > big.txt && truncate -s 5G big.txt
@env LETS_NO_STATS=1
$ lets find -p x big.txt --max-file-bytes 6000000000
? 1
── 0 hits in 0 files · searched 0 files · skipped 1 (too large 1)
--- stderr
no hits for «x»
ERROR_CODE=not_found

### edit: refused as too large; the file keeps its size
% printf 'x\n' > big.txt && truncate -s 5G big.txt
@env LETS_NO_STATS=1
$ lets edit big.txt --old x --new y --max-file-bytes 6000000000; echo "exit $?"; stat -c %s big.txt; head -c 2 big.txt
exit 7
5368709120
x
--- stderr
big.txt is unsupported: 5368709120 bytes, over the 4294967294-byte limit
ERROR_CODE=unsupported_file

### write --force over it: refused as too large before anything is written; the file keeps its size
% printf 'x\n' > big.txt && truncate -s 5G big.txt
@env LETS_NO_STATS=1
--- stdin
y
$ lets write big.txt --force --max-file-bytes 6000000000; echo "exit $?"; stat -c %s big.txt; head -c 2 big.txt
exit 7
5368709120
x
--- stderr
big.txt is unsupported: 5368709120 bytes, over the 4294967294-byte limit
ERROR_CODE=unsupported_file
