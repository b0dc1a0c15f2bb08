# --json and --jsonl shapes for hits (output-format.md §10; the spec's find --json example).

### the spec's find --json example: one block per file, marker "hit", bytes count the «» too
@fixture find-spec
@env LETS_NO_STATS=1
$ lets find usageCap src/usage.ts --json
{"targets":[{"target":"src/usage.ts","path":"src/usage.ts","lines":[{"number":1,"marker":"hit","text":"import { «usageCap» } from './config'"}]}],"omitted":[],"stats":{"lines":1,"bytes":40,"tokens_est":null}}

### --json with stats on: tokens_est is bytes / 4 (71 → 17, as the text footer says)
@fixture find-spec
$ lets find usageCap --json
{"targets":[{"target":"src/config.ts","path":"src/config.ts","lines":[{"number":1,"marker":"hit","text":"export const «usageCap» = 10"}]},{"target":"src/usage.ts","path":"src/usage.ts","lines":[{"number":1,"marker":"hit","text":"import { «usageCap» } from './config'"}]}],"omitted":[],"stats":{"lines":2,"bytes":71,"tokens_est":17}}

### --jsonl: one block per line, then stats before omitted
@fixture find-spec
@env LETS_NO_STATS=1
$ lets find usageCap --jsonl
{"target":"src/config.ts","path":"src/config.ts","lines":[{"number":1,"marker":"hit","text":"export const «usageCap» = 10"}]}
{"target":"src/usage.ts","path":"src/usage.ts","lines":[{"number":1,"marker":"hit","text":"import { «usageCap» } from './config'"}]}
{"stats":{"lines":2,"bytes":71,"tokens_est":null},"omitted":[]}

### no hits under --json: an empty targets array, the message on stderr
@fixture find-spec
@env LETS_NO_STATS=1
$ lets find zzz_none_zzz small.md --json
? 1
{"targets":[],"omitted":[],"stats":{"lines":0,"bytes":0,"tokens_est":null}}
--- stderr
no hits for «zzz_none_zzz»
ERROR_CODE=not_found

### a missing path under --json is named in omitted
@fixture find-spec
@env LETS_NO_STATS=1
$ lets find usageCap src/config.ts nope --json
? 1
{"targets":[{"target":"src/config.ts","path":"src/config.ts","lines":[{"number":1,"marker":"hit","text":"export const «usageCap» = 10"}]}],"omitted":[{"unresolved":{"target":"nope","error":"not_found"}}],"stats":{"lines":1,"bytes":31,"tokens_est":null}}
--- stderr
nope: No such file or directory (os error 2)
ERROR_CODE=not_found

### an invalid pattern under --json: the error shape
@fixture find-spec
@env LETS_NO_STATS=1
$ lets find 'a(' --json
? 1
{"error":{"slug":"invalid_pattern","message":"invalid pattern: unclosed group"},"omitted":[],"stats":{"lines":0,"bytes":0,"tokens_est":null}}
--- stderr
invalid pattern: unclosed group
ERROR_CODE=invalid_pattern
