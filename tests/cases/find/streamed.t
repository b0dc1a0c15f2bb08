# A large file found by the walk (256 KiB or more) is read a window at a time into the worker's
# buffer and searched there, not mapped (issue 14: the mapping's costs were most of big-lit's time
# behind rg). The answer is the one the whole-file search gives, byte for byte. LETS_SEARCH_WINDOW=N
# (a test hook) streams every file the walk finds in N-byte windows, so small files show every
# window edge: a hit line cut by the window, CRLF endings, a last line without a newline, a line
# longer than the window, a NUL past the first window (binary, as in one search), counts, caps.
# The first case is the control without the hook.

### control: the whole-file search of a directory
% mkdir d && printf 'a needle\r\nb\r\nneedle c\r\nd\nlast needle' > d/f.txt
@env LETS_NO_STATS=1
$ lets find needle d
── d/f.txt
1:	a «needle»
3:	«needle» c
5:	last «needle»
── 3 hits in 1 file · searched 1 file

### windows of 4 bytes: hit lines cut by the window, CRLF, no final newline
% mkdir d && printf 'a needle\r\nb\r\nneedle c\r\nd\nlast needle' > d/f.txt
@env LETS_NO_STATS=1
@env LETS_SEARCH_WINDOW=4
$ lets find needle d
── d/f.txt
1:	a «needle»
3:	«needle» c
5:	last «needle»
── 3 hits in 1 file · searched 1 file

### windows of 1 byte: every line its own window, two matches on a line, a regex
% mkdir d && printf 'x\n\nab ab\n\r\nzz ab\nab' > d/f.txt
@env LETS_NO_STATS=1
@env LETS_SEARCH_WINDOW=1
$ lets find 'a[b]' d
── d/f.txt
3:	«ab» «ab»
5:	zz «ab»
6:	«ab»
── 3 hits in 1 file · searched 1 file

### a line longer than the window is read whole; the match at the very end of the file
% mkdir d && printf 'short\n%s needle %s\nneedle\nlast needle' xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx yyyyyyyyyyyyyyyyyyyyyyyyyyyyyy > d/f.txt
@env LETS_NO_STATS=1
@env LETS_SEARCH_WINDOW=8
$ lets find needle d
── d/f.txt
2:	xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx «needle» yyyyyyyyyyyyyyyyyyyyyyyyyyyyyy
3:	«needle»
4:	last «needle»
── 3 hits in 1 file · searched 1 file

### a NUL past the first window: the file is binary, and the hits before it are not shown
% mkdir d && printf 'needle\nmore\nneedle\n\000end\n' > d/f.txt
@env LETS_NO_STATS=1
@env LETS_SEARCH_WINDOW=4
$ lets find needle d
? 1
── 0 hits in 0 files · searched 0 files · skipped 1 (binary 1)
--- stderr
no hits for «needle»
ERROR_CODE=not_found

### --files stops at the first hit, but the rest is still read for a NUL: binary
% mkdir d && printf 'needle\nmore\nneedle\n\000end\n' > d/f.txt
@env LETS_NO_STATS=1
@env LETS_SEARCH_WINDOW=4
$ lets find -l needle d
? 1
── 0 files · searched 0 files · skipped 1 (binary 1)
--- stderr
no hits for «needle»
ERROR_CODE=not_found

### --count and --json in windows of 3 bytes
% mkdir d && printf 'a needle\r\nb\r\nneedle c\r\nd\nlast needle' > d/g.txt && printf 'one\nneedle two\n' > d/f.txt
@env LETS_NO_STATS=1
@env LETS_SEARCH_WINDOW=3
$ lets find -c needle d && lets find --json needle d
── 4 hits in 2 files
1  d/f.txt
3  d/g.txt
{"targets":[{"target":"d/f.txt","path":"d/f.txt","lines":[{"number":2,"marker":"hit","text":"«needle» two"}]},{"target":"d/g.txt","path":"d/g.txt","lines":[{"number":1,"marker":"hit","text":"a «needle»"},{"number":3,"marker":"hit","text":"«needle» c"},{"number":5,"marker":"hit","text":"last «needle»"}]}],"omitted":[],"stats":{"lines":4,"bytes":57,"tokens_est":null}}

### over the cap: the same refusal, every hit counted
% mkdir d && printf 'a needle\r\nb\r\nneedle c\r\nd\nlast needle' > d/f.txt
@env LETS_NO_STATS=1
@env LETS_SEARCH_WINDOW=4
$ lets find --cap 2 needle d
? 1
3	d/f.txt
── 3 hits in 1 file · searched 1 file · over the 2-hit cap · narrow the pattern or the paths, or --files · top 1 file shown
--- stderr
3 hits in 1 file · over the 2-hit cap · narrow the pattern or the paths, or --files
ERROR_CODE=over_cap

### context lines are read around the hit: such a search is not streamed
% mkdir d && printf 'one\ntwo needle\nthree\n' > d/f.txt
@env LETS_NO_STATS=1
@env LETS_SEARCH_WINDOW=2
$ lets find -C 1 needle d
── d/f.txt
1-	one
2:	two «needle»
3-	three
── 1 hit in 1 file · searched 1 file

### a real 600 KB file, no hook: the walk streams it in 128 KiB windows, a named file is mapped; both say the same
@scratch *.out
% mkdir d && awk 'BEGIN { for (i = 1; i <= 20000; i++) { s = sprintf("%d %.*s", i, i % 53, "abcdefghijklmnopqrstuvwxyz abcdefghijklmnopqrstuvwxyz"); if (i % 37 == 0) s = s " needle " i; if (i % 5 == 0) s = s "\r"; print s } printf "needle at the end" }' > d/big.txt
@env LETS_NO_STATS=1
$ cd d && lets find --cap 100000 needle big.txt > ../named.out; lets find --cap 100000 needle . > ../walked.out; cmp ../named.out ../walked.out && wc -c < big.txt && tail -n 3 ../walked.out
659328
19980:	19980 abcdefghijklmnopqrstuvwxyz abcdefghijklmnopqrstuvwxy «needle» 19980
20001:	«needle» at the end
── 541 hits in 1 file · searched 1 file

### the same file with a NUL at byte 400,000: binary, walked or named
% mkdir d && awk 'BEGIN { for (i = 1; i <= 20000; i++) { s = sprintf("%d %.*s", i, i % 53, "abcdefghijklmnopqrstuvwxyz abcdefghijklmnopqrstuvwxyz"); if (i % 37 == 0) s = s " needle " i; print s } }' > d/big.txt && printf '\000' | dd of=d/big.txt bs=1 seek=400000 conv=notrunc status=none
@env LETS_NO_STATS=1
$ cd d && lets find needle .; lets find needle big.txt
? 1
── 0 hits in 0 files · searched 0 files · skipped 1 (binary 1)
── 0 hits in 0 files · searched 0 files · skipped 1 (binary 1)
--- stderr
no hits for «needle»
ERROR_CODE=not_found
no hits for «needle»
ERROR_CODE=not_found
