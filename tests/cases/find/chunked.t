# One file searched in chunks (issue 16): LETS_SEARCH_CHUNK=N (a test hook) cuts every file into
# N-byte chunks at line boundaries, searched by the worker threads and merged. The answer is the
# one a single search gives, byte for byte: numbers, context, CRLF endings, a last line without a
# newline, several hits on one line, counts. The first case is the control without chunks.

### control: one search
% printf 'a needle\r\nb\r\nneedle c\r\nd\nlast needle' > f.txt
@env LETS_NO_STATS=1
$ lets find -C 1 needle f.txt
── f.txt
1:	a «needle»
2-	b
3:	«needle» c
4-	d
5:	last «needle»
── 3 hits in 1 file · searched 1 file

### chunks of 5 bytes: the same lines, numbers and context
% printf 'a needle\r\nb\r\nneedle c\r\nd\nlast needle' > f.txt
@env LETS_NO_STATS=1
@env LETS_SEARCH_CHUNK=5
$ lets find -C 1 needle f.txt
── f.txt
1:	a «needle»
2-	b
3:	«needle» c
4-	d
5:	last «needle»
── 3 hits in 1 file · searched 1 file

### chunks of 1 byte: every line its own chunk, two matches on a line, a regex
% printf 'x\n\nab ab\n\r\nzz ab\nab' > f.txt
@env LETS_NO_STATS=1
@env LETS_SEARCH_CHUNK=1
$ lets find 'a[b]' f.txt
── f.txt
3:	«ab» «ab»
5:	zz «ab»
6:	«ab»
── 3 hits in 1 file · searched 1 file

### a caseless pattern in chunks: (?i) takes the literal path, the match keeps its case
% printf 'one\nNeedle two\nthree NEEDLE\nfour\n' > f.txt
@env LETS_NO_STATS=1
@env LETS_SEARCH_CHUNK=4
$ lets find '(?i)needle' f.txt
── f.txt
2:	«Needle» two
3:	three «NEEDLE»
── 2 hits in 1 file · searched 1 file

### --count in chunks
% printf 'a needle\r\nb\r\nneedle c\r\nd\nlast needle' > f.txt
@env LETS_NO_STATS=1
@env LETS_SEARCH_CHUNK=3
$ lets find -c needle f.txt
── 3 hits in 1 file
3  f.txt

### a NUL in the last chunk only: the file is binary, as in one search
% printf 'needle\nmore\nneedle\n\000end\n' > f.txt
@env LETS_NO_STATS=1
@env LETS_SEARCH_CHUNK=4
$ lets find needle f.txt
? 1
── 0 hits in 0 files · searched 0 files · skipped 1 (binary 1)
--- stderr
no hits for «needle»
ERROR_CODE=not_found
