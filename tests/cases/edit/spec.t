# lets edit: the spec's own examples (reference.md "lets edit", output-format.md §7 and §10).
# Fixture edit-basic: usage.ts is the 9-line file of the spec's `edit --json` example (its sha
# 14dc685cb937 and the after-edit sha 9d77b7d8a9f6 are the spec's); main.go is the spec's reverted
# Go example (sha db91a17c0af6, the spec's); src/config.ts is the spec's (sha 4f49d457dfea).
# Costs: bytes = header line + region lines, each with its newline (output-format.md §10);
# tokens = bytes / 4.

### the spec's first example: one exact replacement, the region with 2 lines of context
@fixture edit-basic
$ lets edit usage.ts --old 'const cap = 10' --new 'const cap = 20'
── usage.ts · 1 replacement · line 5 · exact
3 	export function usage(id: string) {
4 	  const now = Date.now()
5~	  const cap = 20
6 	  if (!id) return
7 	  if (count(id) > cap) return
── check: structure ok · sha:14dc685cb937→9d77b7d8a9f6 · ~44 tokens
--- file usage.ts
import { usageCap } from './config'

export function usage(id: string) {
  const now = Date.now()
  const cap = 20
  if (!id) return
  if (count(id) > cap) return
  return total(id, now)
}


### the file holds the new bytes and nothing else changed
@fixture edit-basic
$ lets edit usage.ts --old 'const cap = 10' --new 'const cap = 20' -q && cat usage.ts
── check: structure ok · sha:14dc685cb937→9d77b7d8a9f6 · ~44 tokens
import { usageCap } from './config'

export function usage(id: string) {
  const now = Date.now()
  const cap = 20
  if (!id) return
  if (count(id) > cap) return
  return total(id, now)
}

### --json: the spec's shape, 5 region lines, 178 bytes (the spec's number)
@fixture edit-basic
@env LETS_NO_STATS=1
$ lets edit usage.ts --old 'const cap = 10' --new 'const cap = 20' --json
{"path":"usage.ts","replacements":1,"lines":[5],"match":"exact","region":{"start":3,"end":7,"lines":[{"number":3,"marker":"none","text":"export function usage(id: string) {"},{"number":4,"marker":"none","text":"  const now = Date.now()"},{"number":5,"marker":"replaced","text":"  const cap = 20"},{"number":6,"marker":"none","text":"  if (!id) return"},{"number":7,"marker":"none","text":"  if (count(id) > cap) return"}]},"check":{"layer":"structure","status":"ok","errors_before":0,"errors_after":0},"sha":{"before":"14dc685cb937","after":"9d77b7d8a9f6"},"omitted":[],"stats":{"lines":5,"bytes":178,"tokens_est":null}}
--- file usage.ts
import { usageCap } from './config'

export function usage(id: string) {
  const now = Date.now()
  const cap = 20
  if (!id) return
  if (count(id) > cap) return
  return total(id, now)
}

### --jsonl: the edit object, then the trailing stats/omitted record
@fixture edit-basic
@env LETS_NO_STATS=1
$ lets edit usage.ts --old 'const cap = 10' --new 'const cap = 20' --jsonl
{"path":"usage.ts","replacements":1,"lines":[5],"match":"exact","region":{"start":3,"end":7,"lines":[{"number":3,"marker":"none","text":"export function usage(id: string) {"},{"number":4,"marker":"none","text":"  const now = Date.now()"},{"number":5,"marker":"replaced","text":"  const cap = 20"},{"number":6,"marker":"none","text":"  if (!id) return"},{"number":7,"marker":"none","text":"  if (count(id) > cap) return"}]},"check":{"layer":"structure","status":"ok","errors_before":0,"errors_after":0},"sha":{"before":"14dc685cb937","after":"9d77b7d8a9f6"}}
{"stats":{"lines":5,"bytes":178,"tokens_est":null},"omitted":[]}
--- file usage.ts
import { usageCap } from './config'

export function usage(id: string) {
  const now = Date.now()
  const cap = 20
  if (!id) return
  if (count(id) > cap) return
  return total(id, now)
}

### a broken edit is reverted: the spec's Go example, file unchanged; the stderr line says what
# failed (issue 27 item 11; 0.0.1 printed "failed" there, a deliberate difference): the count is
# tree-sitter's error nodes, the errors_before/errors_after of --json, and the first one's line
@fixture edit-basic
@env LETS_NO_STATS=1
$ lets edit main.go --old 'func' --new 'fun'; echo "exit $?"; cat main.go
── main.go · 1 replacement · line 2 · REVERTED
1 	package main
2~	fun usage(id string) int {          ← parse error
3 		cap := 10
4 		return cap + len(id)
── check: failed → reverted · file unchanged · sha:db91a17c0af6
exit 3
package main
func usage(id string) int {
	cap := 10
	return cap + len(id)
}
--- stderr
structure check failed for main.go: 3 new parse errors, the first at line 2
ERROR_CODE=check_failed

### control: the same file edited validly keeps the edit
@fixture edit-basic
@env LETS_NO_STATS=1
$ lets edit main.go --old 'cap := 10' --new 'cap := 20'
── main.go · 1 replacement · line 3 · exact
1 	package main
2 	func usage(id string) int {
3~		cap := 20
4 		return cap + len(id)
5 	}
── check: structure ok · sha:db91a17c0af6→[..]
--- file main.go
package main
func usage(id string) int {
	cap := 20
	return cap + len(id)
}


### the spec's batch example: two files, validated before anything is written (~60 tokens)
@fixture edit-basic
--- stdin
@@ src/config.ts
<<<<<<< old
export const usageCap = 10
======= new
export const usageLimit = 10
>>>>>>>
@@ src/usage.ts
<<<<<<< old
import { usageCap } from './config'
======= new
import { usageLimit } from './config'
>>>>>>>
$ lets edit --from -
── src/config.ts · 1 replacement · line 1 · exact
1~	export const usageLimit = 10
2 	export const retries = 3
── src/usage.ts · 1 replacement · line 1 · exact
1~	import { usageLimit } from './config'
2 	
3 	export function usage(id: string) {
── 2 files · 2 edits · all applied · checks: structure ok ×2 · ~60 tokens
--- file src/config.ts
export const usageLimit = 10
export const retries = 3
--- file src/usage.ts
import { usageLimit } from './config'

export function usage(id: string) {
  const now = Date.now()
  const cap = 10
  if (!id) return
  if (count(id) > cap) return
  return total(id, now)
}

### a stale --if hash is refused (exit 5), the file untouched
@fixture edit-basic
$ lets edit usage.ts --old 'const cap = 10' --new 'const cap = 20' --if sha:000000000000
? 5
--- stderr
usage.ts changed since sha:000000000000 (now sha:14dc685cb937)
ERROR_CODE=changed

### control: the current hash lets the edit through
@fixture edit-basic
$ lets edit usage.ts --old 'const cap = 10' --new 'const cap = 20' --if sha:14dc685cb937 -q
── check: structure ok · sha:14dc685cb937→9d77b7d8a9f6 · ~44 tokens
--- file usage.ts
import { usageCap } from './config'

export function usage(id: string) {
  const now = Date.now()
  const cap = 20
  if (!id) return
  if (count(id) > cap) return
  return total(id, now)
}


### a structure check that finds several new parse errors counts them and names the first's line
% printf 'package main\n\nfunc a() int {\n\treturn 1\n}\n\nfunc b() int {\n\treturn 2\n}\n' > two.go
@env LETS_NO_STATS=1
$ lets edit two.go --old 'return' --new 'return ((' --all -q
? 3
── check: failed → reverted · file unchanged · sha:[..]
--- stderr
structure check failed for two.go: 2 new parse errors, the first at line 4
ERROR_CODE=check_failed
--- file two.go
package main

func a() int {
	return 1
}

func b() int {
	return 2
}

### one new error node: singular, "at line"
% printf 'const a = 1;\nconst b = 2;\n' > one.ts
@env LETS_NO_STATS=1
$ set -o pipefail; lets edit one.ts --old 'const b = 2;' --new 'const b = 2 +;' -q; lets edit one.ts --old 'const b = 2;' --new 'const b = 2 +;' --json | grep -o '"check":{[^}]*}'
? 3
── check: failed → reverted · file unchanged · sha:[..]
"check":{"layer":"structure","status":"failed","errors_before":0,"errors_after":1}
--- stderr
structure check failed for one.ts: 1 new parse error at line 2
ERROR_CODE=check_failed
structure check failed for one.ts: 1 new parse error at line 2
ERROR_CODE=check_failed
--- file one.ts
const a = 1;
const b = 2;
