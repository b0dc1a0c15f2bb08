# lets show --budget, --max-bytes and --max-file-bytes. lines20.txt holds 20 lines of 39
# characters: 40 bytes (10 tokens) a line, 800 bytes (200 tokens) in all.
# spec-silent (all budget cases): a budget of B tokens keeps whole lines while the content stays
# within B x 4 bytes (the token divisor), and a trimmed block's header shows the range it kept.

### --budget trims the target's tail and the footer names what it left out
$ lets show lines20.txt --budget 50
── lines20.txt  (1-5 of 20) · sha:2a790cbf93b9
1 	line 01 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
2 	line 02 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
3 	line 03 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
4 	line 04 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
5 	line 05 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
── showed 1 target · 5 lines · budget 50 trimmed lines20.txt (:6-20 not shown) · ~50 tokens

### control: a budget the content fits in trims nothing
$ lets show lines20.txt --budget 200
── lines20.txt  (1-20 of 20) · sha:2a790cbf93b9
 1 	line 01 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
 2 	line 02 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
 3 	line 03 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
 4 	line 04 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
 5 	line 05 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
 6 	line 06 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
 7 	line 07 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
 8 	line 08 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
 9 	line 09 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
10 	line 10 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
11 	line 11 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
12 	line 12 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
13 	line 13 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
14 	line 14 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
15 	line 15 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
16 	line 16 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
17 	line 17 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
18 	line 18 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
19 	line 19 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
20 	line 20 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
── showed 1 target · 20 lines · ~0.2k tokens

### the largest target is trimmed first; the smaller one is left whole
$ lets show lines20.txt small.md --budget 60
── lines20.txt  (1-1 of 20) · sha:2a790cbf93b9
 1 	line 01 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
── small.md  (1-15 of 15) · sha:c1191fa80cd5
 1 	# lets
 2 	
 3 	One grammar every verb speaks.
 4 	
 5 	## Bottom line
 6 	
 7 	Read, find, edit and transform in one call.
 8 	The footer names what was left out.
 9 	
10 	- show
11 	- find
12 	
13 	## Next
14 	
15 	Run lets guide once.
── showed 2 targets · 16 lines · budget 60 trimmed lines20.txt (:2-20 not shown) · ~55 tokens

### the budget omission survives LETS_NO_STATS=1 (nothing removes an omission)
@env LETS_NO_STATS=1
$ lets show lines20.txt --budget 50
── lines20.txt  (1-5 of 20) · sha:2a790cbf93b9
1 	line 01 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
2 	line 02 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
3 	line 03 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
4 	line 04 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
5 	line 05 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
── showed 1 target · 5 lines · budget 50 trimmed lines20.txt (:6-20 not shown)

### the budget counts tokens with LETS_TOKEN_RATIO as the divisor
@env LETS_TOKEN_RATIO=2
$ lets show lines20.txt --budget 50
── lines20.txt  (1-2 of 20) · sha:2a790cbf93b9
1 	line 01 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
2 	line 02 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
── showed 1 target · 2 lines · budget 50 trimmed lines20.txt (:3-20 not shown) · ~40 tokens

### --budget in JSON: the block ends where the budget cut it, omitted names the cut
$ lets show lines20.txt --budget 20 --json
{"targets":[{"target":"lines20.txt","path":"lines20.txt","start":1,"end":2,"total":20,"sha":"2a790cbf93b9","lines":[{"number":1,"marker":"none","text":"line 01 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"},{"number":2,"marker":"none","text":"line 02 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}]}],"omitted":[{"budget":{"budget":20,"trimmed_target":"lines20.txt","not_shown":[3,20]}}],"stats":{"lines":2,"bytes":80,"tokens_est":20}}

### --max-bytes exceeded without --budget: a refusal, exit 4 over_budget, nothing on stdout
# (reference.md: "refuse (exit 4) if content exceeds N bytes and no --budget given")
$ lets show lines20.txt --max-bytes 100
? 4
--- stderr
content is 800 bytes, over the 100-byte budget · pass --budget 25 to trim it to fit, or --max-bytes 800 to show it all
ERROR_CODE=over_budget

### control: content exactly at --max-bytes is fine
$ lets show lines20.txt --max-bytes 800 --no-numbers
── lines20.txt  (1-20 of 20) · sha:2a790cbf93b9
[...]
line 20 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
── showed 1 target · 20 lines · ~0.2k tokens

### control: with --budget, --max-bytes does not refuse
$ lets show lines20.txt --budget 50 --max-bytes 100
── lines20.txt  (1-5 of 20) · sha:2a790cbf93b9
1 	line 01 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
2 	line 02 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
3 	line 03 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
4 	line 04 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
5 	line 05 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
── showed 1 target · 5 lines · budget 50 trimmed lines20.txt (:6-20 not shown) · ~50 tokens

### the default --max-bytes is 65536: 20000 short lines under --all are over it, refused
% seq 1 20000 > many.txt
$ lets show many.txt --all
? 4
--- stderr
content is 108894 bytes, over the 65536-byte budget · pass --budget 16384 to trim it to fit, or --max-bytes 108894 to show it all
ERROR_CODE=over_budget

### control: the same file under the default window is far below the default --max-bytes
% seq 1 20000 > many.txt
$ lets show many.txt
── many.txt  (1-200 of 20000 · window 200 · :201-20000 not shown) · sha:[..]
[...]
200 	200
── showed 1 target · 200 lines · :201-20000 not shown · ~0.2k tokens

### --max-bytes in JSON: the refusal is the error shape
$ lets show lines20.txt --max-bytes 40 --json
? 4
{"error":{"slug":"over_budget","message":"content is 800 bytes, over the 40-byte budget · pass --budget 10 to trim it to fit, or --max-bytes 800 to show it all"},"omitted":[],"stats":{"lines":0,"bytes":0,"tokens_est":null}}
--- stderr
content is 800 bytes, over the 40-byte budget · pass --budget 10 to trim it to fit, or --max-bytes 800 to show it all
ERROR_CODE=over_budget

### --max-file-bytes refuses a larger file: exit 7 unsupported_file
$ lets show small.md --max-file-bytes 100
? 7
--- stderr
small.md is unsupported: 182 bytes, over the 100-byte limit
ERROR_CODE=unsupported_file

### control: a file exactly at --max-file-bytes is read
$ lets show small.md:3 --max-file-bytes 182
── small.md:3  (3-3 of 15) · sha:c1191fa80cd5
3 	One grammar every verb speaks.
── showed 1 target · 1 line · ~7 tokens

### --max-file-bytes refuses one target and the others are still shown
$ lets show small.md src/config.ts --max-file-bytes 100
? 7
── src/config.ts  (1-2 of 2) · sha:4f49d457dfea
1 	export const usageCap = 10
2 	export const retries = 3
── showed 1 target · 2 lines · small.md failed (unsupported_file) · ~13 tokens
--- stderr
small.md is unsupported: 182 bytes, over the 100-byte limit
ERROR_CODE=unsupported_file
