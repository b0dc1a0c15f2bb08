# -A/-B/-C: context lines print with "-" after the number (output-format.md §3, §6), each line
# once even when windows overlap; hits keep ":". Groups of lines that do not touch are separated
# by a line "--", as grep and rg print it (issue 27 item 11).
# spec-silent: the "--" line is text only (JSON lines carry their numbers) and costs nothing in
# stats; -C 0 asks for no context and prints none (as rg; GNU grep prints "--" there too).

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
--
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

### -C 1: groups that do not touch are separated by "--"; groups that touch are one group
% seq 1 20 | sed 's/^/l/' > ctx.txt && sed -i -e 's/^l5$/l5 needle/' -e 's/^l8$/l8 needle/' -e 's/^l15$/l15 needle/' ctx.txt
@env LETS_NO_STATS=1
$ lets find -C 1 needle ctx.txt
── ctx.txt
 4-	l4
 5:	l5 «needle»
 6-	l6
 7-	l7
 8:	l8 «needle»
 9-	l9
--
14-	l14
15:	l15 «needle»
16-	l16
── 3 hits in 1 file · searched 1 file

### -A and -B alone separate the same way; no "--" before the first group or between files
% seq 1 20 | sed 's/^/l/' > ctx.txt && sed -i -e 's/^l5$/l5 needle/' -e 's/^l15$/l15 needle/' ctx.txt && cp ctx.txt dup.txt
@env LETS_NO_STATS=1
$ lets find -A 1 needle ctx.txt dup.txt; lets find -B 1 needle ctx.txt
── ctx.txt
 5:	l5 «needle»
 6-	l6
--
15:	l15 «needle»
16-	l16
── dup.txt
 5:	l5 «needle»
 6-	l6
--
15:	l15 «needle»
16-	l16
── 4 hits in 2 files · searched 2 files
── ctx.txt
 4-	l4
 5:	l5 «needle»
--
14-	l14
15:	l15 «needle»
── 2 hits in 1 file · searched 1 file

### control: without context, hits that do not touch print no "--"
% seq 1 20 | sed 's/^/l/' > ctx.txt && sed -i -e 's/^l5$/l5 needle/' -e 's/^l15$/l15 needle/' ctx.txt
@env LETS_NO_STATS=1
$ lets find needle ctx.txt; lets find -C 0 needle ctx.txt
── ctx.txt
 5:	l5 «needle»
15:	l15 «needle»
── 2 hits in 1 file · searched 1 file
── ctx.txt
 5:	l5 «needle»
15:	l15 «needle»
── 2 hits in 1 file · searched 1 file

### control: --json carries no separator; the numbers show the gap, and stats count lines only
% seq 1 20 | sed 's/^/l/' > ctx.txt && sed -i -e 's/^l5$/l5 needle/' -e 's/^l15$/l15 needle/' ctx.txt
@env LETS_NO_STATS=1
$ lets find -A 1 needle ctx.txt --json
{"targets":[{"target":"ctx.txt","path":"ctx.txt","lines":[{"number":5,"marker":"hit","text":"l5 «needle»"},{"number":6,"marker":"context","text":"l6"},{"number":15,"marker":"hit","text":"l15 «needle»"},{"number":16,"marker":"context","text":"l16"}]}],"omitted":[],"stats":{"lines":4,"bytes":36,"tokens_est":null}}
