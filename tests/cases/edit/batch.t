# lets edit batches: several targets in one call and --from - (fence and JSONL). A batch is
# validation-atomic: every entry is matched and checked before any file is written.
# The JSONL error texts are the spec's (output-format.md §2, "line <n>: <problem>").
# Fixture edit-basic: usage.ts and src/usage.ts (9 lines, `const cap = 10` on line 5),
# src/config.ts (2 lines), main.go (5 lines, `cap := 10` on line 3).

### several targets, one --old/--new: one block each, one aggregate footer
@fixture edit-basic
@env LETS_NO_STATS=1
$ lets edit usage.ts src/usage.ts --old 'const cap = 10' --new 'const cap = 20'
── usage.ts · 1 replacement · line 5 · exact
3 	export function usage(id: string) {
4 	  const now = Date.now()
5~	  const cap = 20
6 	  if (!id) return
7 	  if (count(id) > cap) return
── src/usage.ts · 1 replacement · line 5 · exact
3 	export function usage(id: string) {
4 	  const now = Date.now()
5~	  const cap = 20
6 	  if (!id) return
7 	  if (count(id) > cap) return
── 2 files · 2 edits · all applied · checks: structure ok ×2
--- file src/usage.ts
import { usageCap } from './config'

export function usage(id: string) {
  const now = Date.now()
  const cap = 20
  if (!id) return
  if (count(id) > cap) return
  return total(id, now)
}
--- file usage.ts
import { usageCap } from './config'

export function usage(id: string) {
  const now = Date.now()
  const cap = 20
  if (!id) return
  if (count(id) > cap) return
  return total(id, now)
}

### one target failing writes nothing to any file
@fixture edit-basic
$ lets edit usage.ts main.go --old 'const cap = 10' --new 'const cap = 20'; echo "exit $?"; grep -c 'cap = 10' usage.ts
── 0 of 2 applied · nothing written · fix main.go and re-run
exit 1
1
--- stderr
--old not found in main.go
  nearest: line 3	[..]cap := 10
  similarity: [..]%
ERROR_CODE=not_found

### JSONL: one edit object per line
@fixture edit-basic
@env LETS_NO_STATS=1
--- stdin
{"file":"src/config.ts","old":"usageCap = 10","new":"usageCap = 11"}
{"file":"main.go","insert_after":"@'^package'","new":"import \"fmt\"\n"}
$ lets edit --from -
── src/config.ts · 1 replacement · line 1 · exact
1~	export const usageCap = 11
2 	export const retries = 3
── main.go · inserted 1 line after line 1
1 	package main
2+	import "fmt"
3 	func usage(id string) int {
4 		cap := 10
── 2 files · 2 edits · all applied · checks: structure ok ×2
--- file main.go
package main
import "fmt"
func usage(id string) int {
	cap := 10
	return cap + len(id)
}
--- file src/config.ts
export const usageCap = 11
export const retries = 3

### JSONL: an unknown key and the missing "new" it hid, exit 64, nothing written
@fixture edit-basic
--- stdin
{"file":"src/config.ts","old":"usageCap = 10","neww":"usageCap = 11"}
$ lets edit --from -; echo "exit $?"; cat src/config.ts
exit 64
export const usageCap = 10
export const retries = 3
--- stderr
line 1: unknown key "neww"
line 1: no "new"
ERROR_CODE=usage

### JSONL: "new" must be a string
@fixture edit-basic
--- stdin
{"file":"src/config.ts","old":"usageCap = 10","new":11}
$ lets edit --from -
? 64
--- stderr
line 1: "new" must be a string
ERROR_CODE=usage

### JSONL: old together with insert_after
@fixture edit-basic
--- stdin
{"file":"src/config.ts","old":"usageCap = 10","insert_after":"@'x'","new":"y"}
$ lets edit --from -
? 64
--- stderr
line 1: exactly one of "old", "insert_after" or "insert_before" is required · found old, insert_after
ERROR_CODE=usage

### JSONL: a bad second line fails the whole batch; the valid first line is not written
@fixture edit-basic
--- stdin
{"file":"src/config.ts","old":"usageCap = 10","new":"usageCap = 11"}
{"file":"main.go","old":"cap := 10"}
$ lets edit --from -; echo "exit $?"; cat src/config.ts
exit 64
export const usageCap = 10
export const retries = 3
--- stderr
line 2: no "new"
ERROR_CODE=usage

### fence: an entry without its new section
@fixture edit-basic
--- stdin
@@ usage.ts
<<<<<<< old
const cap = 10
>>>>>>>
$ lets edit --from -
? 64
--- stderr
line 1: usage.ts: no `======= new` section
ERROR_CODE=usage

### fence: an insert, and two edits of one file applied in order
@fixture edit-basic
@env LETS_NO_STATS=1
--- stdin
@@ usage.ts insert-before @'^export'
======= new
// usage counts calls
>>>>>>>
@@ usage.ts
<<<<<<< old
const cap = 10
======= new
const cap = 20
>>>>>>>
$ lets edit --from -
── usage.ts · inserted 1 line before line 3
1 	import { usageCap } from './config'
2 	
3+	// usage counts calls
4 	export function usage(id: string) {
5 	  const now = Date.now()
── usage.ts · 1 replacement · line 6 · exact
4 	export function usage(id: string) {
5 	  const now = Date.now()
6~	  const cap = 20
7 	  if (!id) return
8 	  if (count(id) > cap) return
── 1 file · 2 edits · all applied · checks: structure ok ×1
--- file usage.ts
import { usageCap } from './config'

// usage counts calls
export function usage(id: string) {
  const now = Date.now()
  const cap = 20
  if (!id) return
  if (count(id) > cap) return
  return total(id, now)
}

### --json on a batch: the edits array, then omitted and stats
@fixture edit-basic
@env LETS_NO_STATS=1
$ lets edit usage.ts src/usage.ts --old 'const cap = 10' --new 'const cap = 20' --json
{"edits":[{"path":"usage.ts","replacements":1,"lines":[5],"match":"exact","region":{"start":3,"end":7,"lines":[{"number":3,"marker":"none","text":"export function usage(id: string) {"},{"number":4,"marker":"none","text":"  const now = Date.now()"},{"number":5,"marker":"replaced","text":"  const cap = 20"},{"number":6,"marker":"none","text":"  if (!id) return"},{"number":7,"marker":"none","text":"  if (count(id) > cap) return"}]},"check":{"layer":"structure","status":"ok","errors_before":0,"errors_after":0},"sha":{"before":"14dc685cb937","after":"9d77b7d8a9f6"}},{"path":"src/usage.ts","replacements":1,"lines":[5],"match":"exact","region":{"start":3,"end":7,"lines":[{"number":3,"marker":"none","text":"export function usage(id: string) {"},{"number":4,"marker":"none","text":"  const now = Date.now()"},{"number":5,"marker":"replaced","text":"  const cap = 20"},{"number":6,"marker":"none","text":"  if (!id) return"},{"number":7,"marker":"none","text":"  if (count(id) > cap) return"}]},"check":{"layer":"structure","status":"ok","errors_before":0,"errors_after":0},"sha":{"before":"14dc685cb937","after":"9d77b7d8a9f6"}}],"omitted":[],"stats":{"lines":10,"bytes":360,"tokens_est":null}}
--- file src/usage.ts
import { usageCap } from './config'

export function usage(id: string) {
  const now = Date.now()
  const cap = 20
  if (!id) return
  if (count(id) > cap) return
  return total(id, now)
}
--- file usage.ts
import { usageCap } from './config'

export function usage(id: string) {
  const now = Date.now()
  const cap = 20
  if (!id) return
  if (count(id) > cap) return
  return total(id, now)
}

### --quiet on a batch: the aggregate footer only
@fixture edit-basic
@env LETS_NO_STATS=1
$ lets edit usage.ts src/usage.ts --old 'const cap = 10' --new 'const cap = 20' -q
── 2 files · 2 edits · all applied · checks: structure ok ×2
--- file src/usage.ts
import { usageCap } from './config'

export function usage(id: string) {
  const now = Date.now()
  const cap = 20
  if (!id) return
  if (count(id) > cap) return
  return total(id, now)
}
--- file usage.ts
import { usageCap } from './config'

export function usage(id: string) {
  const now = Date.now()
  const cap = 20
  if (!id) return
  if (count(id) > cap) return
  return total(id, now)
}

### a file changed by another writer between validation and its write: partial_batch, exit 8
# The --check command plays the other writer: it runs once before any write, and appends to b.txt
# while lets holds its lock, as a non-lets writer can. The footer names the file that landed.
@env LETS_NO_STATS=1
% printf 'a1\n' > a.txt; printf 'b1\n' > b.txt
$ lets edit a.txt b.txt --old 1 --new 2 --check 'test -f .ran || { touch .ran; echo other >> b.txt; }'; echo "exit $?"; cat a.txt b.txt
── a.txt · 1 replacement · line 1 · exact
1~	a2
── b.txt · 1 replacement · line 1 · exact
1~	b2
── 2 files · 2 edits · 1 of 2 files written · check: skipped (a.txt: no grammar for .txt) · check: skipped (b.txt: no grammar for .txt) · wrote 1 file: a.txt
exit 8
a2
b1
other
--- stderr
batch partially written: 1 landed, b.txt failed: b.txt changed since sha:[..] (now sha:[..])
ERROR_CODE=partial_batch
--- file .ran

### the same race on a single file: changed, exit 5, nothing written by lets
% printf 'x1\n' > c.txt
$ lets edit c.txt --old 1 --new 2 --check 'test -f .ran || { touch .ran; echo other >> c.txt; }'; echo "exit $?"; cat c.txt
exit 5
x1
other
--- stderr
c.txt changed since sha:[..] (now sha:[..])
ERROR_CODE=changed
--- file .ran
