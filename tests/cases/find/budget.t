# --budget shapes the hits to ~N tokens (trimming the largest file first); --max-bytes refuses
# content over its limit with exit 4 when no --budget is given (reference.md "lets find" exit codes).
# Over --max-bytes every shape refuses as show does (issue 27 item 10): nothing on stdout (the
# JSON error shape under --json/--jsonl), exit 4, and the message names the size, the limit and
# the flags that fit: --budget <limit / 4> (the token divisor) trims to the limit, --max-bytes
# <size> shows it all (a deliberate difference: 0.0.1's message ends at "budget").

### --max-bytes: refused, nothing on stdout, exit 4, the next flags named
% seq 1 20 | sed 's/^/needle /' > n.txt
@env LETS_NO_STATS=1
$ lets find needle n.txt --max-bytes 40
? 4
--- stderr
content is 271 bytes, over the 40-byte budget · pass --budget 10 to trim it to fit, or --max-bytes 271 to show it all
ERROR_CODE=over_budget

### --max-bytes --json: the refusal is the error shape
% seq 1 20 | sed 's/^/needle /' > n.txt
@env LETS_NO_STATS=1
$ lets find needle n.txt --max-bytes 40 --json
? 4
{"error":{"slug":"over_budget","message":"content is 271 bytes, over the 40-byte budget · pass --budget 10 to trim it to fit, or --max-bytes 271 to show it all"},"omitted":[],"stats":{"lines":0,"bytes":0,"tokens_est":null}}
--- stderr
content is 271 bytes, over the 40-byte budget · pass --budget 10 to trim it to fit, or --max-bytes 271 to show it all
ERROR_CODE=over_budget

### --max-bytes --jsonl: the same error shape, one record
% seq 1 20 | sed 's/^/needle /' > n.txt
@env LETS_NO_STATS=1
$ lets find needle n.txt --max-bytes 40 --jsonl
? 4
{"error":{"slug":"over_budget","message":"content is 271 bytes, over the 40-byte budget · pass --budget 10 to trim it to fit, or --max-bytes 271 to show it all"},"omitted":[],"stats":{"lines":0,"bytes":0,"tokens_est":null}}
--- stderr
content is 271 bytes, over the 40-byte budget · pass --budget 10 to trim it to fit, or --max-bytes 271 to show it all
ERROR_CODE=over_budget

### the suggested --budget fits: the same search with it is exit 0, within the 40 bytes
% seq 1 20 | sed 's/^/needle /' > n.txt
@env LETS_NO_STATS=1
$ lets find needle n.txt --budget 10
── n.txt
1:	«needle» 1
2:	«needle» 2
3:	«needle» 3
── 20 hits in 1 file · searched 1 file · budget 10 trimmed n.txt (:4-20 not shown)

### LETS_TOKEN_RATIO sets the divisor the suggested --budget is counted in
% seq 1 20 | sed 's/^/needle /' > n.txt
@env LETS_NO_STATS=1
@env LETS_TOKEN_RATIO=8
$ lets find needle n.txt --max-bytes 40
? 4
--- stderr
content is 271 bytes, over the 40-byte budget · pass --budget 5 to trim it to fit, or --max-bytes 271 to show it all
ERROR_CODE=over_budget

### a limit under one token's bytes suggests only --max-bytes
% seq 1 20 | sed 's/^/needle /' > n.txt
@env LETS_NO_STATS=1
$ lets find needle n.txt --max-bytes 3
? 4
--- stderr
content is 271 bytes, over the 3-byte budget · pass --max-bytes 271 to show it all
ERROR_CODE=over_budget

### --def over --max-bytes refuses the same way
@fixture findsym
@env LETS_NO_STATS=1
$ lets find --def Open --max-bytes 10
? 4
--- stderr
content is [..] bytes, over the 10-byte budget · pass --budget 2 to trim it to fit, or --max-bytes [..] to show it all
ERROR_CODE=over_budget

### -p over --max-bytes refuses the same way
@fixture findsym
@env LETS_NO_STATS=1
$ lets find -p return --max-bytes 10
? 4
--- stderr
content is [..] bytes, over the 10-byte budget · pass --budget 2 to trim it to fit, or --max-bytes [..] to show it all
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
