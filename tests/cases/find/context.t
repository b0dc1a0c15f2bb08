# -A/-B/-C: context lines print with "-" after the number (output-format.md §3, §6), each line
# once even when windows overlap; hits keep ":".

### -C 1 around one hit
% seq 1 9 | sed 's/^/line /' > nine.txt && sed -i '5s/.*/line 5 needle/' nine.txt
@env LETS_NO_STATS=1
$ lets find -C 1 needle nine.txt
── nine.txt
4-	line 4
5:	line 5 «needle»
6-	line 6
── 1 hit in 1 file · searched 1 file

### -A only
% seq 1 9 | sed 's/^/line /' > nine.txt && sed -i '5s/.*/line 5 needle/' nine.txt
@env LETS_NO_STATS=1
$ lets find -A 2 needle nine.txt
── nine.txt
5:	line 5 «needle»
6-	line 6
7-	line 7
── 1 hit in 1 file · searched 1 file

### -B only
% seq 1 9 | sed 's/^/line /' > nine.txt && sed -i '5s/.*/line 5 needle/' nine.txt
@env LETS_NO_STATS=1
$ lets find -B 2 needle nine.txt
── nine.txt
3-	line 3
4-	line 4
5:	line 5 «needle»
── 1 hit in 1 file · searched 1 file

### overlapping windows print each line once; a hit inside another's context stays a hit
% seq 1 12 | sed 's/^/line /' > twelve.txt && sed -i -e '4s/$/ needle/' -e '6s/$/ needle/' twelve.txt
@env LETS_NO_STATS=1
$ lets find -C 2 needle twelve.txt
── twelve.txt
2-	line 2
3-	line 3
4:	line 4 «needle»
5-	line 5
6:	line 6 «needle»
7-	line 7
8-	line 8
── 2 hits in 1 file · searched 1 file

### context stops at the file's edges; the widest number sets the width
% seq 1 10 | sed 's/^/line /' > ten.txt && sed -i -e '1s/$/ needle/' -e '10s/$/ needle/' ten.txt
@env LETS_NO_STATS=1
$ lets find -C 3 needle ten.txt
── ten.txt
 1:	line 1 «needle»
 2-	line 2
 3-	line 3
 4-	line 4
 7-	line 7
 8-	line 8
 9-	line 9
10:	line 10 «needle»
── 2 hits in 1 file · searched 1 file

### an explicit -A wins over -C on its side
% seq 1 9 | sed 's/^/line /' > nine.txt && sed -i '5s/.*/line 5 needle/' nine.txt
@env LETS_NO_STATS=1
$ lets find -C 2 -A 0 needle nine.txt
── nine.txt
3-	line 3
4-	line 4
5:	line 5 «needle»
── 1 hit in 1 file · searched 1 file

### context lines count in the JSON stats with marker "context"
% printf 'a\nneedle\nb\n' > three.txt
@env LETS_NO_STATS=1
$ lets find -C 1 needle three.txt --json
{"targets":[{"target":"three.txt","path":"three.txt","lines":[{"number":1,"marker":"context","text":"a"},{"number":2,"marker":"hit","text":"«needle»"},{"number":3,"marker":"context","text":"b"}]}],"omitted":[],"stats":{"lines":3,"bytes":15,"tokens_est":null}}
