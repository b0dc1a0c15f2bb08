# --budget shapes the hits to ~N tokens (trimming the largest file first); --max-bytes refuses
# content over its limit with exit 4 when no --budget is given (reference.md "lets find" exit codes).

### --max-bytes: whole lines up to the limit, the rest named in the footer, exit 4
% seq 1 20 | sed 's/^/needle /' > n.txt
@env LETS_NO_STATS=1
$ lets find needle n.txt --max-bytes 40
? 4
── n.txt
1:	«needle» 1
2:	«needle» 2
3:	«needle» 3
── 20 hits in 1 file · searched 1 file · output over --max-bytes 40: 17 lines not shown
--- stderr
content is 271 bytes, over the 40-byte budget
ERROR_CODE=over_budget

### under --max-bytes nothing is trimmed (control)
% seq 1 3 | sed 's/^/needle /' > n.txt
@env LETS_NO_STATS=1
$ lets find needle n.txt --max-bytes 40
── n.txt
1:	«needle» 1
2:	«needle» 2
3:	«needle» 3
── 3 hits in 1 file · searched 1 file

### --budget trims instead of refusing: exit 0, the cut named
% seq 1 20 | sed 's/^/needle /' > n.txt
@env LETS_NO_STATS=1
$ lets find needle n.txt --budget 10
── n.txt
1:	«needle» 1
2:	«needle» 2
3:	«needle» 3
── 20 hits in 1 file · searched 1 file · budget 10 trimmed n.txt (:4-20 not shown)

### --budget trims the largest file first
% mkdir t && cd t && seq 1 20 | sed 's/^/needle /' > big.txt && echo needle > small.txt
@env LETS_NO_STATS=1
$ cd t && lets find needle --budget 10
── big.txt
1:	«needle» 1
2:	«needle» 2
── small.txt
1:	«needle»
── 21 hits in 2 files · searched 2 files · budget 10 trimmed big.txt (:3-20 not shown)
