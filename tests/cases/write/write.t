# lets write: the spec's examples (reference.md "lets write", output-format.md §9 and §10).
# The shas 954b9f40bbee, b53701120a2e (the spec's script example) and 8e4c7c1b99db (the spec's
# JSON example, "hello\n") are the spec's; af1349b9f5f9 is the empty input's.

### create a file from stdin, checked on creation (the spec's example)
--- stdin
#!/usr/bin/env bash
set -euo pipefail
$ lets write scripts/new-check.sh
── scripts/new-check.sh · created · 2 lines · 38 bytes · sha:954b9f40bbee
── check: structure ok
--- file scripts/new-check.sh
#!/usr/bin/env bash
set -euo pipefail

### refuses to clobber an existing file
% mkdir -p scripts; printf '#!/usr/bin/env bash\nset -euo pipefail\n' > scripts/new-check.sh
--- stdin
#!/usr/bin/env bash
echo hi
$ lets write scripts/new-check.sh; echo "exit $?"; cat scripts/new-check.sh
exit 1
#!/usr/bin/env bash
set -euo pipefail
--- stderr
scripts/new-check.sh exists (2 lines, sha:954b9f40bbee) · pass --force to overwrite
ERROR_CODE=exists

### --force overwrites, and the header shows both hashes
% mkdir -p scripts; printf '#!/usr/bin/env bash\nset -euo pipefail\n' > scripts/new-check.sh
--- stdin
#!/usr/bin/env bash
echo hi
$ lets write scripts/new-check.sh --force
── scripts/new-check.sh · overwritten · 2 lines · 28 bytes · sha:954b9f40bbee→b53701120a2e
── check: structure ok
--- file scripts/new-check.sh
#!/usr/bin/env bash
echo hi

### empty stdin is refused without --empty, and no file appears
$ lets write f.txt; echo "exit $?"; ls f.txt
? 2
exit 1
--- stderr
f.txt: refuses empty stdin without --empty
ERROR_CODE=empty_input
ls: cannot access 'f.txt': No such file or directory

### --empty creates the empty file
$ lets write f.txt --empty
── f.txt · created · 0 lines · 0 bytes · sha:af1349b9f5f9
── check: skipped (no grammar for .txt)
--- file f.txt

### --json: the spec's example object
@env LETS_NO_STATS=1
--- stdin
hello
$ lets write new.txt --json
{"path":"new.txt","outcome":"created","lines":1,"bytes":6,"sha":"8e4c7c1b99db","omitted":[{"check_skipped":{"reason":"no grammar for .txt"}}],"stats":{"lines":1,"bytes":6,"tokens_est":null}}
--- file new.txt
hello

### --json with a check: the check object, outcome overwritten
@env LETS_NO_STATS=1
% printf '{}\n' > c.json
--- stdin
{"a": 1}
$ lets write c.json --force --json
{"path":"c.json","outcome":"overwritten","lines":1,"bytes":9,"sha":"[..]","check":{"layer":"json","status":"ok","errors_before":0,"errors_after":0},"omitted":[],"stats":{"lines":1,"bytes":9,"tokens_est":null}}
--- file c.json
{"a": 1}

### a refused overwrite under --json still reports the existing file
@env LETS_NO_STATS=1
% printf 'hello\n' > new.txt
--- stdin
x
$ lets write new.txt --json
? 1
{"path":"new.txt","outcome":"exists","lines":1,"bytes":6,"sha":"8e4c7c1b99db","omitted":[],"stats":{"lines":1,"bytes":6,"tokens_est":null}}
--- stderr
new.txt exists (1 line, sha:8e4c7c1b99db) · pass --force to overwrite
ERROR_CODE=exists

### parent directories are created
--- stdin
x
$ lets write a/b/c/d.txt && cat a/b/c/d.txt
── a/b/c/d.txt · created · 1 line · 2 bytes · sha:[..]
── check: skipped (no grammar for .txt)
x

### invalid content is written, and the check says so (write has no exit 3)
--- stdin
{"a": 1,}
$ lets write c.json && cat c.json
── c.json · created · 1 line · 10 bytes · sha:[..]
── check: json invalid
{"a": 1,}

### --no-check names the skip
--- stdin
x
$ lets write n.go --no-check
── n.go · created · 1 line · 2 bytes · sha:[..]
── check: skipped (--no-check)
--- file n.go
x

### outside the working tree needs --allow-outside
% mkdir -p repo/.git
--- stdin
x
$ cd repo && lets write ../out.txt
? 6
--- stderr
../out.txt is outside the working tree
ERROR_CODE=outside_tree

### --force on a read-only file is refused
% printf 'x\n' > ro.txt; chmod a-w ro.txt
--- stdin
y
$ lets write ro.txt --force
? 7
--- stderr
ro.txt is read-only · run chmod u+w ro.txt first if the edit is intended
ERROR_CODE=read_only
