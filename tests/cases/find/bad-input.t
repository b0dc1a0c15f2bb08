# Bad input: nothing here may hang, crash or abort the search. Non-regular entries (symlinks,
# FIFOs, sockets) are never opened: they count as "ignored … other". Too-large and binary files
# are never searched: "skipped … too large / binary". Unreadable files and directories are
# counted, never fatal.

### a directory of 100,000 files
% mkdir -p t/many && cd t/many && seq -f 'f%06g.txt' 1 100000 | xargs touch && echo needle > f054321.txt
@env LETS_NO_STATS=1
$ cd t && lets find needle
── many/f054321.txt
1:	«needle»
── 1 hit in 1 file · searched 100000 files

### a 2 GB sparse file is skipped as too large, without being read
% mkdir t && cd t && truncate -s 2G huge.txt && echo needle > small.txt
@env LETS_NO_STATS=1
$ cd t && lets find needle
── small.txt
1:	«needle»
── 1 hit in 1 file · searched 1 file · skipped 1 (too large 1)

### a 2 GB file named on the command line is skipped the same way
% truncate -s 2G huge.txt
@env LETS_NO_STATS=1
$ lets find needle huge.txt
? 1
── 0 hits in 0 files · searched 0 files · skipped 1 (too large 1)
--- stderr
no hits for «needle»
ERROR_CODE=not_found

### --max-file-bytes sets the limit: a file of 7 bytes over a 6-byte limit
% printf 'needle\n' > n.txt
@env LETS_NO_STATS=1
$ lets find --max-file-bytes 6 needle n.txt
? 1
── 0 hits in 0 files · searched 0 files · skipped 1 (too large 1)
--- stderr
no hits for «needle»
ERROR_CODE=not_found

### a file exactly at --max-file-bytes is searched (control)
% printf 'needle\n' > n.txt
@env LETS_NO_STATS=1
$ lets find --max-file-bytes 7 needle n.txt
── n.txt
1:	«needle»
── 1 hit in 1 file · searched 1 file

### a NUL byte or a UTF-16 byte-order mark makes a file binary: skipped, not searched
% mkdir t && cd t && printf 'needle\0x\n' > nul.bin && printf '\xff\xfen\0e\0' > utf16.txt && echo needle > text.txt
@env LETS_NO_STATS=1
$ cd t && lets find needle
── text.txt
1:	«needle»
── 1 hit in 1 file · searched 1 file · skipped 2 (binary 2)

### unreadable files and directories are counted; the search goes on (run unprivileged: root reads everything)
% mkdir -p t/locked && cd t && echo needle > open.txt && echo needle > closed.txt && echo needle > locked/inner.txt && chmod o+x ../.. && chmod -R o+rX . && chmod 000 closed.txt locked
@env LETS_NO_STATS=1
$ cd t && if [ "$(id -u)" = 0 ]; then setpriv --reuid=65534 --regid=65534 --clear-groups lets find needle; else lets find needle; fi
── open.txt
1:	«needle»
── 1 hit in 1 file · searched 1 file · skipped 2 (unreadable 2)

### a symlink loop is never followed
% mkdir -p t/d && cd t && echo needle > d/a.txt && ln -s . d/self && ln -s loop2 loop1 && ln -s loop1 loop2
@env LETS_NO_STATS=1
$ cd t && lets find needle
── d/a.txt
1:	«needle»
── 1 hit in 1 file · searched 1 file · ignored 3 (other 3)

### symlinks to files and directories are not followed in the walk
% mkdir -p t/real && cd t && echo needle > real/a.txt && ln -s real/a.txt link.txt && ln -s real linkdir && ln -s /nonexistent dangling
@env LETS_NO_STATS=1
$ cd t && lets find needle
── real/a.txt
1:	«needle»
── 1 hit in 1 file · searched 1 file · ignored 3 (other 3)

### a symlinked directory named on the command line is followed
% mkdir -p real && echo needle > real/a.txt && ln -s real linkdir
@env LETS_NO_STATS=1
$ lets find needle linkdir
── linkdir/a.txt
1:	«needle»
── 1 hit in 1 file · searched 1 file

### a FIFO in the tree is never opened (opening it would block)
% mkdir t && cd t && mkfifo pipe && echo needle > a.txt
@env LETS_NO_STATS=1
$ cd t && lets find needle
── a.txt
1:	«needle»
── 1 hit in 1 file · searched 1 file · ignored 1 (other 1)

### a FIFO named on the command line is not opened either
% mkfifo pipe
@env LETS_NO_STATS=1
$ lets find needle pipe
? 1
── 0 hits in 0 files · searched 0 files · ignored 1 (other 1)
--- stderr
no hits for «needle»
ERROR_CODE=not_found

### a socket in the tree is never opened
% mkdir t && cd t && python3 -c 'import socket; socket.socket(socket.AF_UNIX).bind("sock")' && echo needle > a.txt
@env LETS_NO_STATS=1
$ cd t && lets find needle
── a.txt
1:	«needle»
── 1 hit in 1 file · searched 1 file · ignored 1 (other 1)

### a catastrophically backtracking pattern no matcher answers stops at the match limit and says so
# (a+)+ over 3,000 a's: the backtracker gives up, and PCRE2's DFA keeps a state per nested
# repeat, so its fixed workspace overflows too (docs/differences.md)
% head -c 3000 /dev/zero | tr '\0' a > cat.txt; echo b >> cat.txt
@env LETS_NO_STATS=1
$ lets find '(a+)+$' cat.txt
? 1
── 0 hits in 0 files · searched 1 file · regex match limit hit in 1 file, searched only up to it · simplify the pattern
--- stderr
no hits for «(a+)+$»
ERROR_CODE=not_found

### the backtracker's limit on a short line: the DFA fallback answers, no limit is reported
% printf 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab\n' > cat.txt
@env LETS_NO_STATS=1
$ lets find '(a+)+$' cat.txt
? 1
── 0 hits in 0 files · searched 1 file
--- stderr
no hits for «(a+)+$»
ERROR_CODE=not_found

### (?:a*)*$ over 25 a's and a '!' is a hit (an empty match at the end), as rg finds it
% printf 'x\naaaaaaaaaaaaaaaaaaaaaaaaa!\n' > star.txt
@env LETS_NO_STATS=1
$ lets find '(?:a*)*$' star.txt
── star.txt
1:	x
2:	aaaaaaaaaaaaaaaaaaaaaaaaa!
── 2 hits in 1 file · searched 1 file

### the same pattern on a line it matches quickly is an ordinary hit (control)
% printf 'aaaa\n' > ok.txt
@env LETS_NO_STATS=1
$ lets find '(a+)+$' ok.txt
── ok.txt
1:	«aaaa»
── 1 hit in 1 file · searched 1 file

### a hit line over 1,000 bytes is cut around its match, … at each cut end
% awk 'BEGIN { for (i = 0; i < 1500; i++) printf "x"; printf "needle"; for (i = 0; i < 1500; i++) printf "y"; printf "\n" }' > long.txt
@env LETS_NO_STATS=1
$ lets find needle long.txt
── long.txt
1:	…[..]«needle»[..]…
── 1 hit in 1 file · searched 1 file · 1 long line cut

### the cut keeps 1,000 bytes of the line: 497 before the match, 497 after (+ tab, number, «», …)
% awk 'BEGIN { for (i = 0; i < 1500; i++) printf "x"; printf "needle"; for (i = 0; i < 1500; i++) printf "y"; printf "\n" }' > long.txt
$ lets find needle long.txt | sed -n 2p | awk '{ print length($0) }'
1013

### a match near the start of a long line keeps the start uncut
% awk 'BEGIN { printf "needle"; for (i = 0; i < 1500; i++) printf "y"; printf "\n" }' > long.txt
$ lets find needle long.txt | sed -n 2p | grep -o '^1:	«needle»yyy'
1:	«needle»yyy

### invalid UTF-8 in a hit line prints lossily and is counted
% printf 'bad \xff byte needle\n' > lossy.txt
@env LETS_NO_STATS=1
$ lets find needle lossy.txt
── lossy.txt
1:	bad � byte «needle»
── 1 hit in 1 file · searched 1 file · 1 non-UTF-8 line shown lossily

### an empty file has no lines and no hits
% : > empty.txt
@env LETS_NO_STATS=1
$ lets find '^' empty.txt
? 1
── 0 hits in 0 files · searched 1 file
--- stderr
no hits for «^»
ERROR_CODE=not_found

### a pattern matching the empty string hits every line, with nothing to wrap
% printf 'a\n\nb\n' > three.txt
@env LETS_NO_STATS=1
$ lets find 'z*' three.txt
── three.txt
1:	a
2:	
3:	b
── 3 hits in 1 file · searched 1 file
