# The footer rule with several omissions: lead segments, then every omission in the order it was
# recorded, then the cost.
# spec-silent (whole file): show records each target's omissions in target order.

### a window then a failed target, in target order
$ lets show small.md nope.ts src/config.ts --window 2
? 1
── small.md  (1-2 of 15 · window 2 · :3-15 not shown) · sha:c1191fa80cd5
1 	# lets
2 	
── src/config.ts  (1-2 of 2) · sha:4f49d457dfea
1 	export const usageCap = 10
2 	export const retries = 3
── showed 2 targets · 4 lines · :3-15 not shown · nope.ts failed (not_found) · ~15 tokens
--- stderr
nope.ts: No such file or directory (os error 2)
ERROR_CODE=not_found

### control: the failed target first puts its segment first
$ lets show nope.ts small.md src/config.ts --window 2
? 1
── small.md  (1-2 of 15 · window 2 · :3-15 not shown) · sha:c1191fa80cd5
1 	# lets
2 	
── src/config.ts  (1-2 of 2) · sha:4f49d457dfea
1 	export const usageCap = 10
2 	export const retries = 3
── showed 2 targets · 4 lines · nope.ts failed (not_found) · :3-15 not shown · ~15 tokens
--- stderr
nope.ts: No such file or directory (os error 2)
ERROR_CODE=not_found

### two windowed targets: one window segment each
$ lets show small.md big.ts --window 2
── small.md  (1-2 of 15 · window 2 · :3-15 not shown) · sha:c1191fa80cd5
1 	# lets
2 	
── big.ts  (1-2 of 212 · window 2 · :3-212 not shown) · sha:574d0277c814
1 	export const v1 = 1
2 	export const v2 = 2
── showed 2 targets · 4 lines · :3-15 not shown · :3-212 not shown · ~12 tokens

### two windowed targets in JSON: one window omission each, in order
$ lets show small.md big.ts --window 1 --json
{"targets":[{"target":"small.md","path":"small.md","start":1,"end":1,"total":15,"window":1,"not_shown":[2,15],"sha":"c1191fa80cd5","lines":[{"number":1,"marker":"none","text":"# lets"}]},{"target":"big.ts","path":"big.ts","start":1,"end":1,"total":212,"window":1,"not_shown":[2,212],"sha":"574d0277c814","lines":[{"number":1,"marker":"none","text":"export const v1 = 1"}]}],"omitted":[{"window":{"shown":[1,1],"total":15}},{"window":{"shown":[1,1],"total":212}}],"stats":{"lines":2,"bytes":27,"tokens_est":6}}

### two grep-style readings: one segment each
$ lets show "src/usage.ts@'count\|total'" "src/config.ts@'retries\|nothing'"
── src/usage.ts@'count\|total'  (7-7 of 13) · sha:256e453ba4f2
7 	  if (count(id) > cap) return
── src/config.ts@'retries\|nothing'  (2-2 of 2) · sha:4f49d457dfea
2 	export const retries = 3
── showed 2 targets · 2 lines · «count\|total» had no hits, read grep-style as «count|total» · «retries\|nothing» had no hits, read grep-style as «retries|nothing» · ~13 tokens
