# --files and --count, and the footer's ignored/skipped counts. The fixture find-filler rebuilds
# the spec's example tree: big.ts (185 filler lines) and store.go (208), three more text files, a
# gitignored file, two hidden files (.gitignore, .env) and a binary file; its expected output is
# the spec's, made under LETS_NO_STATS=1.

### the spec's --files example
@fixture find-filler
@env LETS_NO_STATS=1
$ lets find filler . --files
big.ts
store.go
── 2 files · searched 5 files · ignored 3 (gitignore 1 · hidden 2) · skipped 1 (binary 1)

### the spec's --count example: footer first, counts right-aligned, two spaces
@fixture find-filler
@env LETS_NO_STATS=1
$ lets find filler . --count
── 393 hits in 2 files · ignored 3 (gitignore 1 · hidden 2) · skipped 1 (binary 1)
185  big.ts
208  store.go

### -l and -c are the short forms
@fixture find-filler
@env LETS_NO_STATS=1
$ lets find -l filler && lets find -c filler
big.ts
store.go
── 2 files · searched 5 files · ignored 3 (gitignore 1 · hidden 2) · skipped 1 (binary 1)
── 393 hits in 2 files · ignored 3 (gitignore 1 · hidden 2) · skipped 1 (binary 1)
185  big.ts
208  store.go

### counts are right-aligned to the widest
% printf 'x\n' > one.txt && seq 1 12 | sed 's/^/x/' > twelve.txt
@env LETS_NO_STATS=1
$ lets find -c x one.txt twelve.txt
── 13 hits in 2 files
 1  one.txt
12  twelve.txt

### --files --json
@fixture find-filler
@env LETS_NO_STATS=1
$ lets find filler --files --json
{"files":["big.ts","store.go"],"omitted":[{"ignored":{"gitignore":1,"hidden":2,"other":0}},{"skipped":{"binary":1,"too_large":0,"unreadable":0}}],"stats":{"lines":2,"bytes":16,"tokens_est":null}}

### --files --jsonl: one path per line, then the trailing record
@fixture find-filler
@env LETS_NO_STATS=1
$ lets find filler --files --jsonl
"big.ts"
"store.go"
{"stats":{"lines":2,"bytes":16,"tokens_est":null},"omitted":[{"ignored":{"gitignore":1,"hidden":2,"other":0}},{"skipped":{"binary":1,"too_large":0,"unreadable":0}}]}

### --count --json
@fixture find-filler
@env LETS_NO_STATS=1
$ lets find filler --count --json
{"counts":[{"count":185,"path":"big.ts"},{"count":208,"path":"store.go"}],"omitted":[{"ignored":{"gitignore":1,"hidden":2,"other":0}},{"skipped":{"binary":1,"too_large":0,"unreadable":0}}],"stats":{"lines":2,"bytes":26,"tokens_est":null}}

### --count --jsonl
@fixture find-filler
@env LETS_NO_STATS=1
$ lets find filler --count --jsonl
{"count":185,"path":"big.ts"}
{"count":208,"path":"store.go"}
{"stats":{"lines":2,"bytes":26,"tokens_est":null},"omitted":[{"ignored":{"gitignore":1,"hidden":2,"other":0}},{"skipped":{"binary":1,"too_large":0,"unreadable":0}}]}

### --files with no hits: the footer, the message, exit 1
@fixture find-filler
@env LETS_NO_STATS=1
$ lets find --files zzz_none_zzz
? 1
── 0 files · searched 5 files · ignored 3 (gitignore 1 · hidden 2) · skipped 1 (binary 1)
--- stderr
no hits for «zzz_none_zzz»
ERROR_CODE=not_found

### --count with no hits
@fixture find-filler
@env LETS_NO_STATS=1
$ lets find --count zzz_none_zzz
? 1
── 0 hits in 0 files · ignored 3 (gitignore 1 · hidden 2) · skipped 1 (binary 1)
--- stderr
no hits for «zzz_none_zzz»
ERROR_CODE=not_found

### -q drops the --files paths and --count rows, keeps the footer
@fixture find-filler
@env LETS_NO_STATS=1
$ lets find -q -l filler && lets find -q -c filler
── 2 files · searched 5 files · ignored 3 (gitignore 1 · hidden 2) · skipped 1 (binary 1)
── 393 hits in 2 files · ignored 3 (gitignore 1 · hidden 2) · skipped 1 (binary 1)
