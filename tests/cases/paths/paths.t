# lets paths PATTERN [PATHS]... (issue 12): file paths matching a glob or a regex, by find's walk
# and ignore rules, sorted, capped at 50 with the count of the rest; --json is find --files'
# envelope. The fixture findsym has 6 searchable files, a gitignored build/gen.go, a hidden
# .hidden/h.go and the hidden .gitignore.

### a glob without a slash matches the file name at any depth; the footer says it read a glob
@fixture findsym
@env LETS_NO_STATS=1
$ lets paths '*.go'
store/init.go
store/store.go
── 2 paths · walked 6 files · ignored 3 (gitignore 1 · hidden 2) · glob *.go

### control: find -l lists files by content, not by name
@fixture findsym
@env LETS_NO_STATS=1
$ lets find -l 'package'
store/init.go
store/store.go
── 2 files · searched 6 files · ignored 3 (gitignore 1 · hidden 2)

### a glob with a slash matches from the root; --json is find --files' envelope
@fixture findsym
@env LETS_NO_STATS=1
$ lets paths 'store/*.go' --json
{"files":["store/init.go","store/store.go"],"omitted":[{"ignored":{"gitignore":1,"hidden":2,"other":0}},{"glob":{"patterns":["store/*.go"]}}],"stats":{"lines":2,"bytes":29,"tokens_est":null}}

### a regex is searched anywhere in the path; --jsonl prints one path per line
@fixture findsym
@env LETS_NO_STATS=1
$ lets paths '\.(py|ts)$' --jsonl
"py/db.py"
"web/client.ts"
{"stats":{"lines":2,"bytes":23,"tokens_est":null},"omitted":[{"ignored":{"gitignore":1,"hidden":2,"other":0}}]}

### -i folds case, for a glob and for a regex
@fixture findsym
@env LETS_NO_STATS=1
$ lets paths -i '*.KT' && lets paths -i 'MAIN'
kt/Main.kt
── 1 path · walked 6 files · ignored 3 (gitignore 1 · hidden 2) · glob *.KT
kt/Main.kt
── 1 path · walked 6 files · ignored 3 (gitignore 1 · hidden 2)

### control: without -i case counts
@fixture findsym
@env LETS_NO_STATS=1
$ lets paths 'MAIN'
? 1
── 0 paths · walked 6 files · ignored 3 (gitignore 1 · hidden 2)
--- stderr
no path matches «MAIN», nor among the 2 hidden entries skipped (--hidden)
ERROR_CODE=not_found

### over the cap: the first paths in order, the footer counts the rest (exit 0)
@fixture findsym
@env LETS_NO_STATS=1
$ lets paths . --cap 3
docs/guide.md
kt/Main.kt
py/db.py
── 6 paths · walked 6 files · ignored 3 (gitignore 1 · hidden 2) · 3 more paths over the 3-path cap · narrow the pattern or raise --cap

### the cap in --json
@fixture findsym
@env LETS_NO_STATS=1
$ lets paths . --cap 1 --json
{"files":["docs/guide.md"],"omitted":[{"ignored":{"gitignore":1,"hidden":2,"other":0}},{"path_cap":{"cap":1,"paths":5}}],"stats":{"lines":1,"bytes":14,"tokens_est":null}}

### the default cap is 50
% mkdir many && for i in $(seq 1 60); do : > many/f$i.txt; done
@env LETS_NO_STATS=1
$ lets paths 'f5' many && lets paths '\.txt$' many | tail -n 1
many/f5.txt
many/f50.txt
many/f51.txt
many/f52.txt
many/f53.txt
many/f54.txt
many/f55.txt
many/f56.txt
many/f57.txt
many/f58.txt
many/f59.txt
── 11 paths · walked 60 files
── 60 paths · walked 60 files · 10 more paths over the 50-path cap · narrow the pattern or raise --cap

### --hidden and --no-ignore as in find
@fixture findsym
@env LETS_NO_STATS=1
$ lets paths '*.go' --hidden --no-ignore
.hidden/h.go
build/gen.go
store/init.go
store/store.go
── 4 paths · walked 9 files · glob *.go

### paths narrow the walk; a named file is matched too
@fixture findsym
@env LETS_NO_STATS=1
$ lets paths '*.go' store py web/client.ts
store/init.go
store/store.go
── 2 paths · walked 4 files · glob *.go

### -q: the footer only
@fixture findsym
@env LETS_NO_STATS=1
$ lets paths -q '*.go'
── 2 paths · walked 6 files · ignored 3 (gitignore 1 · hidden 2) · glob *.go

### --max-bytes: refused as find --files is (issue 27 item 10), nothing on stdout, exit 4
@fixture findsym
@env LETS_NO_STATS=1
$ lets paths . --max-bytes 20
? 4
--- stderr
content is 77 bytes, over the 20-byte budget · pass --budget 5 to trim it to fit, or --max-bytes 77 to show it all
ERROR_CODE=over_budget

### --max-bytes --json: the error shape
@fixture findsym
@env LETS_NO_STATS=1
$ lets paths . --max-bytes 20 --json
? 4
{"error":{"slug":"over_budget","message":"content is 77 bytes, over the 20-byte budget · pass --budget 5 to trim it to fit, or --max-bytes 77 to show it all"},"omitted":[],"stats":{"lines":0,"bytes":0,"tokens_est":null}}
--- stderr
content is 77 bytes, over the 20-byte budget · pass --budget 5 to trim it to fit, or --max-bytes 77 to show it all
ERROR_CODE=over_budget

### a missing root: named, exit 1
@fixture findsym
@env LETS_NO_STATS=1
$ lets paths '*.go' nope
? 1
── 0 paths · walked 0 files · glob *.go · nope failed (not_found)
--- stderr
nope: No such file or directory (os error 2)
ERROR_CODE=not_found

### a root outside the tree refuses the call
@fixture findsym
$ lets paths '*.go' /
? 6
--- stderr
/ is outside the working tree
ERROR_CODE=outside_tree

### an invalid regex
@fixture findsym
$ lets paths 'a(b'
? 1
--- stderr
invalid pattern: unclosed group
ERROR_CODE=invalid_pattern

### an empty pattern is a usage error
@fixture findsym
$ lets paths ''
? 64
--- stderr
error: the pattern is empty: give a glob ('*.go') or a regex ('_test\.go$')

Usage: lets paths [OPTIONS] <PATTERN> [PATHS]...

For more information, try '--help'.
ERROR_CODE=usage

### no pattern is a usage error
@fixture findsym
$ lets paths
? 64
--- stderr
error: the following required arguments were not provided:
  <PATTERN>

Usage: lets paths [OPTIONS] <PATTERN> [PATHS]...

For more information, try '--help'.
ERROR_CODE=usage

### --help lists its flags
$ lets paths --help
List files whose path matches a glob or regex, by find's walk and ignore rules; sorted, capped at 50

Usage: lets paths [OPTIONS] <PATTERN> [PATHS]...

Options:
  -i, --ignore-case            case-insensitive
      --cap <CAP>              print up to N paths; the footer counts the rest [default: 50]
      --hidden                 include hidden files and directories
[...]

### --budget trims the list and says so (exit 0)
@fixture findsym
@env LETS_NO_STATS=1
$ lets paths . --budget 5
docs/guide.md
── 6 paths · walked 6 files · ignored 3 (gitignore 1 · hidden 2) · budget 5 trimmed the list: 5 files not shown

### the tree's root named by its absolute path is inside the tree; paths print as named
# issue 29: a client's root reaches lets mcp as an absolute directory, and find or paths on it
# must not be outside_tree
@fixture findsym
@env LETS_NO_STATS=1
$ lets paths 'init' "$PWD" | sed "s|^$PWD/|ROOT/|"
ROOT/store/init.go
── 1 path · walked 6 files · ignored 3 (gitignore 1 · hidden 2)

### control: its parent is not
@fixture findsym
@env LETS_NO_STATS=1
$ lets paths 'init' "$(dirname "$PWD")" 2>&1 | sed "s|$(dirname "$PWD")|PARENT|"; echo "exit ${PIPESTATUS[0]}"
PARENT is outside the working tree
ERROR_CODE=outside_tree
exit 6
