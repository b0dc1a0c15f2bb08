# lets show --json and --jsonl: the shapes of reference.md "--json and --jsonl" and
# output-format.md §10, with stats computed by hand (bytes = each returned line's text + 1,
# tokens_est = bytes / 4, null under LETS_NO_STATS=1 or when bytes is 0).

### --json: one object, keys in the spec's order, on one line
$ lets show src/config.ts --json
{"targets":[{"target":"src/config.ts","path":"src/config.ts","start":1,"end":2,"total":2,"sha":"4f49d457dfea","lines":[{"number":1,"marker":"none","text":"export const usageCap = 10"},{"number":2,"marker":"none","text":"export const retries = 3"}]}],"omitted":[],"stats":{"lines":2,"bytes":52,"tokens_est":13}}

### --json under LETS_NO_STATS=1: tokens_est is null
@env LETS_NO_STATS=1
$ lets show src/config.ts --json
{"targets":[{"target":"src/config.ts","path":"src/config.ts","start":1,"end":2,"total":2,"sha":"4f49d457dfea","lines":[{"number":1,"marker":"none","text":"export const usageCap = 10"},{"number":2,"marker":"none","text":"export const retries = 3"}]}],"omitted":[],"stats":{"lines":2,"bytes":52,"tokens_est":null}}

### LETS_TOKEN_RATIO divides the bytes instead of 4
@env LETS_TOKEN_RATIO=2
$ lets show src/config.ts --json
{"targets":[{"target":"src/config.ts","path":"src/config.ts","start":1,"end":2,"total":2,"sha":"4f49d457dfea","lines":[{"number":1,"marker":"none","text":"export const usageCap = 10"},{"number":2,"marker":"none","text":"export const retries = 3"}]}],"omitted":[],"stats":{"lines":2,"bytes":52,"tokens_est":26}}

### --jsonl: one object per target, then the stats/omitted record (stats first)
$ lets show src/config.ts --jsonl
{"target":"src/config.ts","path":"src/config.ts","start":1,"end":2,"total":2,"sha":"4f49d457dfea","lines":[{"number":1,"marker":"none","text":"export const usageCap = 10"},{"number":2,"marker":"none","text":"export const retries = 3"}]}
{"stats":{"lines":2,"bytes":52,"tokens_est":13},"omitted":[]}

### --jsonl with two targets, in order
$ lets show small.md:3 src/config.ts --jsonl
{"target":"small.md:3","path":"small.md","start":3,"end":3,"total":15,"sha":"c1191fa80cd5","lines":[{"number":3,"marker":"none","text":"One grammar every verb speaks."}]}
{"target":"src/config.ts","path":"src/config.ts","start":1,"end":2,"total":2,"sha":"4f49d457dfea","lines":[{"number":1,"marker":"none","text":"export const usageCap = 10"},{"number":2,"marker":"none","text":"export const retries = 3"}]}
{"stats":{"lines":3,"bytes":83,"tokens_est":20},"omitted":[]}

### --json with two targets
$ lets show small.md:3 src/config.ts --json
{"targets":[{"target":"small.md:3","path":"small.md","start":3,"end":3,"total":15,"sha":"c1191fa80cd5","lines":[{"number":3,"marker":"none","text":"One grammar every verb speaks."}]},{"target":"src/config.ts","path":"src/config.ts","start":1,"end":2,"total":2,"sha":"4f49d457dfea","lines":[{"number":1,"marker":"none","text":"export const usageCap = 10"},{"number":2,"marker":"none","text":"export const retries = 3"}]}],"omitted":[],"stats":{"lines":3,"bytes":83,"tokens_est":20}}

### a windowed block carries window and not_shown, and omitted names the window
$ lets show small.md --window 2 --json
{"targets":[{"target":"small.md","path":"small.md","start":1,"end":2,"total":15,"window":2,"not_shown":[3,15],"sha":"c1191fa80cd5","lines":[{"number":1,"marker":"none","text":"# lets"},{"number":2,"marker":"none","text":""}]}],"omitted":[{"window":{"shown":[1,2],"total":15}}],"stats":{"lines":2,"bytes":8,"tokens_est":2}}

### the same window in --jsonl: the omission is in the trailing record
$ lets show small.md --window 2 --jsonl
{"target":"small.md","path":"small.md","start":1,"end":2,"total":15,"window":2,"not_shown":[3,15],"sha":"c1191fa80cd5","lines":[{"number":1,"marker":"none","text":"# lets"},{"number":2,"marker":"none","text":""}]}
{"stats":{"lines":2,"bytes":8,"tokens_est":2},"omitted":[{"window":{"shown":[1,2],"total":15}}]}

### an empty file: no range keys (the text header has no range group), zero bytes, null tokens
# spec-silent: "a field exists in all three or in none", so start/end/total are absent like the text's range group
$ lets show empty.md --json
{"targets":[{"target":"empty.md","path":"empty.md","sha":"af1349b9f5f9","lines":[]}],"omitted":[],"stats":{"lines":0,"bytes":0,"tokens_est":null}}

### a :N target keeps the target as typed and the path apart
$ lets show src/config.ts:2 --json
{"targets":[{"target":"src/config.ts:2","path":"src/config.ts","start":2,"end":2,"total":2,"sha":"4f49d457dfea","lines":[{"number":2,"marker":"none","text":"export const retries = 3"}]}],"omitted":[],"stats":{"lines":1,"bytes":25,"tokens_est":6}}

### a CRLF file carries "crlf":true, and its texts hold no \r
$ lets show crlf.txt --json
{"targets":[{"target":"crlf.txt","path":"crlf.txt","start":1,"end":3,"total":3,"crlf":true,"sha":"0686bbcea1f2","lines":[{"number":1,"marker":"none","text":"alpha"},{"number":2,"marker":"none","text":"beta"},{"number":3,"marker":"none","text":"gamma"}]}],"omitted":[],"stats":{"lines":3,"bytes":17,"tokens_est":4}}

### non-UTF-8 lines are listed in lossy_lines and their text carries U+FFFD
$ lets show lossy.txt --json
{"targets":[{"target":"lossy.txt","path":"lossy.txt","start":1,"end":8,"total":8,"lossy_lines":[3,7],"sha":"fed9aa33467f","lines":[{"number":1,"marker":"none","text":"ok 1"},{"number":2,"marker":"none","text":"ok 2"},{"number":3,"marker":"none","text":"bad � 3"},{"number":4,"marker":"none","text":"ok 4"},{"number":5,"marker":"none","text":"ok 5"},{"number":6,"marker":"none","text":"ok 6"},{"number":7,"marker":"none","text":"bad �( 7"},{"number":8,"marker":"none","text":"ok 8"}]}],"omitted":[],"stats":{"lines":8,"bytes":51,"tokens_est":12}}

### a cut long line is named in omitted (1000 bytes + "…" + newline = 1004; 6 + 1004 + 4 = 1014 bytes)
$ lets show long.txt --json
{"targets":[{"target":"long.txt","path":"long.txt","start":1,"end":3,"total":3,"sha":"f8ad25a952f7","lines":[{"number":1,"marker":"none","text":"short"},{"number":2,"marker":"none","text":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…"},{"number":3,"marker":"none","text":"end"}]}],"omitted":[{"long_lines_cut":{"lines":1}}],"stats":{"lines":3,"bytes":1014,"tokens_est":253}}

### the grep-style reading is an omission with the pattern and its reading (backslash escaped)
$ lets show "src/usage.ts@'count\|total'" --json
{"targets":[{"target":"src/usage.ts@'count\\|total'","path":"src/usage.ts","start":7,"end":7,"total":13,"sha":"256e453ba4f2","lines":[{"number":7,"marker":"none","text":"  if (count(id) > cap) return"}]}],"omitted":[{"grep_style":{"pattern":"count\\|total","read_as":"count|total"}}],"stats":{"lines":1,"bytes":30,"tokens_est":7}}

### JSON string escaping: quotes, backslash, TAB, a control character; UTF-8 passes through
% printf 'say "hi" \\ done\n\tcafé\n\001bell\n' > esc.txt
$ lets show esc.txt --json
{"targets":[{"target":"esc.txt","path":"esc.txt","start":1,"end":3,"total":3,"sha":"[..]","lines":[{"number":1,"marker":"none","text":"say \"hi\" \\ done"},{"number":2,"marker":"none","text":"\tcafé"},{"number":3,"marker":"none","text":"\u0001bell"}]}],"omitted":[],"stats":{"lines":3,"bytes":29,"tokens_est":7}}

### partial failure keeps the normal shape: the failed target is in omitted, exit 1
$ lets show nope1.ts small.md:3 --json
? 1
{"targets":[{"target":"small.md:3","path":"small.md","start":3,"end":3,"total":15,"sha":"c1191fa80cd5","lines":[{"number":3,"marker":"none","text":"One grammar every verb speaks."}]}],"omitted":[{"unresolved":{"target":"nope1.ts","error":"not_found"}}],"stats":{"lines":1,"bytes":31,"tokens_est":7}}
--- stderr
nope1.ts: No such file or directory (os error 2)
ERROR_CODE=not_found

### nothing resolved: the error shape, so a --json caller never parses stderr
# spec-silent: omitted is [] as in the spec's error-shape example
$ lets show nope.ts --json
? 1
{"error":{"slug":"not_found","message":"nope.ts: No such file or directory (os error 2)"},"omitted":[],"stats":{"lines":0,"bytes":0,"tokens_est":null}}
--- stderr
nope.ts: No such file or directory (os error 2)
ERROR_CODE=not_found

### the error shape joins several messages with \n, and the first failure sets the slug
# spec-silent: omitted is [] as in the spec's error-shape example
$ lets show nope.ts dir --json
? 1
{"error":{"slug":"not_found","message":"nope.ts: No such file or directory (os error 2)\ndir is unsupported: a directory · search it with lets find <pattern> dir"},"omitted":[],"stats":{"lines":0,"bytes":0,"tokens_est":null}}
--- stderr
nope.ts: No such file or directory (os error 2)
dir is unsupported: a directory · search it with lets find <pattern> dir
ERROR_CODE=not_found

### nothing resolved under --jsonl: the same single error object
# spec-silent: --jsonl prints the error shape as --json does
$ lets show nope.ts --jsonl
? 1
{"error":{"slug":"not_found","message":"nope.ts: No such file or directory (os error 2)"},"omitted":[],"stats":{"lines":0,"bytes":0,"tokens_est":null}}
--- stderr
nope.ts: No such file or directory (os error 2)
ERROR_CODE=not_found

### --all changes nothing in JSON for a file under the window (the cost line is text only)
# spec-silent: --all's cost line is a text-only line; JSON carries the cost in stats
$ lets show src/config.ts --all --json
{"targets":[{"target":"src/config.ts","path":"src/config.ts","start":1,"end":2,"total":2,"sha":"4f49d457dfea","lines":[{"number":1,"marker":"none","text":"export const usageCap = 10"},{"number":2,"marker":"none","text":"export const retries = 3"}]}],"omitted":[],"stats":{"lines":2,"bytes":52,"tokens_est":13}}

### a regex target with context: start and end span the context, the target is as typed
$ lets show "src/usage.ts@'const cap'" -A 2 --json
{"targets":[{"target":"src/usage.ts@'const cap'","path":"src/usage.ts","start":5,"end":7,"total":13,"sha":"256e453ba4f2","lines":[{"number":5,"marker":"none","text":"  const cap = 10"},{"number":6,"marker":"none","text":"  if (!id) return"},{"number":7,"marker":"none","text":"  if (count(id) > cap) return"}]}],"omitted":[],"stats":{"lines":3,"bytes":65,"tokens_est":16}}

### --jsonl partial failure: the failed target is in the trailing record's omitted, exit 1
$ lets show nope1.ts small.md:3 --jsonl
? 1
{"target":"small.md:3","path":"small.md","start":3,"end":3,"total":15,"sha":"c1191fa80cd5","lines":[{"number":3,"marker":"none","text":"One grammar every verb speaks."}]}
{"stats":{"lines":1,"bytes":31,"tokens_est":7},"omitted":[{"unresolved":{"target":"nope1.ts","error":"not_found"}}]}
--- stderr
nope1.ts: No such file or directory (os error 2)
ERROR_CODE=not_found
