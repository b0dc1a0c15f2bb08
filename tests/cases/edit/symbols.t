# lets edit with #symbol: insert anchors (the spec's insert-before example), --old scoped to a
# symbol, and the guessed_span refusal for an insert after a plaintext symbol whose end is a guess.
# Fixture edit-usage: the spec's 10-line usage.ts, `export function usage` on lines 3-10.

### the spec's example: insert before #usage, the header names the symbol's first line
@fixture edit-usage
@env LETS_NO_STATS=1
$ lets edit usage.ts --insert-before '#usage' --new '/** Returns the running total for id. */'
── usage.ts · inserted 1 line before #usage (line 3)
1 	import { usageCap } from './config'
2 	import { clock } from './clock'
3+	/** Returns the running total for id. */
4 	export function usage(id: string) {
5 	  if (!id) return
── check: structure ok · sha:[..]→[..]
--- file usage.ts
import { usageCap } from './config'
import { clock } from './clock'
/** Returns the running total for id. */
export function usage(id: string) {
  if (!id) return
  const now = clock()
  const cap = usageCap
  if (now > cap) return
  const total = now - cap
  return total
}


### insert after #usage lands after the symbol's last line
@fixture edit-usage
@env LETS_NO_STATS=1
$ lets edit usage.ts --insert-after '#usage' --new $'\nexport const version = 1'
── usage.ts · inserted 2 lines after #usage (line 10)
 9 	  return total
10 	}
11+	
12+	export const version = 1
── check: structure ok · sha:[..]→[..]
--- file usage.ts
import { usageCap } from './config'
import { clock } from './clock'
export function usage(id: string) {
  if (!id) return
  const now = clock()
  const cap = usageCap
  if (now > cap) return
  const total = now - cap
  return total
}

export const version = 1


### --old scoped to a symbol: all three `return`s are inside #usage, so it is still ambiguous
@fixture edit-usage
$ lets edit 'usage.ts#usage' --old 'return' --new 'return undefined'
? 2
--- stderr
usage.ts is ambiguous (3 candidates)
  usage.ts:4	  if (!id) return
  usage.ts:7	  if (now > cap) return
  usage.ts:9	  return total
  pick line 4: lets edit usage.ts#usage --line-hint 4 --old 'return' --new 'return undefined'
  pick line 7: lets edit usage.ts#usage --line-hint 7 --old 'return' --new 'return undefined'
  pick line 9: lets edit usage.ts#usage --line-hint 9 --old 'return' --new 'return undefined'
ERROR_CODE=ambiguous

### control: a text that occurs once inside the symbol is replaced; the header names the file alone
@fixture edit-usage
@env LETS_NO_STATS=1
$ lets edit 'usage.ts#usage' --old 'const cap = usageCap' --new 'const cap = usageCap * 2'
── usage.ts · 1 replacement · line 6 · exact
4 	  if (!id) return
5 	  const now = clock()
6~	  const cap = usageCap * 2
7 	  if (now > cap) return
8 	  const total = now - cap
── check: structure ok · sha:[..]→[..]
--- file usage.ts
import { usageCap } from './config'
import { clock } from './clock'
export function usage(id: string) {
  if (!id) return
  const now = clock()
  const cap = usageCap * 2
  if (now > cap) return
  const total = now - cap
  return total
}


### a symbol anchor that names nothing
@fixture edit-usage
$ lets edit usage.ts --insert-after '#nope' --new x
? 1
--- stderr
#nope (try @'nope') not found in usage.ts
ERROR_CODE=not_found

### insert after a plaintext symbol whose end is a guess is refused, naming a command that works
% printf 'def run(x):\n    return x\n\ndef b():\n    pass\n' > s.nim
$ lets edit s.nim --insert-after '#run' --new 'x'
? 1
--- stderr
s.nim#run: the end of this symbol is a guess (plaintext heuristic) · use --insert-before, or anchor on its last line: lets edit s.nim --insert-after "@'^    return x$'" --new 'x'
ERROR_CODE=guessed_span

### the guessed_span refusal's command runs as printed, quotes and newlines in --new included
@env LETS_NO_STATS=1
% printf 'def run(x):\n    return x\n\ndef b():\n    pass\n' > s.nim
$ cmd=$(lets edit s.nim --insert-after '#run' --new $'    y = "it\'s"\n    z = 2' 2>&1 | sed -n 's/.*anchor on its last line: //p'); echo "$cmd"; eval "$cmd -q"
lets edit s.nim --insert-after "@'^    return x$'" --new $'    y = "it\'s"\n    z = 2'
── sha:[..]→[..] · check: skipped (no grammar for .nim)
--- file s.nim
def run(x):
    return x
    y = "it's"
    z = 2

def b():
    pass

### control: insert before the same symbol only needs its start
@env LETS_NO_STATS=1
% printf 'def run(x):\n    return x\n\ndef b():\n    pass\n' > s.nim
$ lets edit s.nim --insert-before '#run' --new '# runs x'
── s.nim · inserted 1 line before #run (line 1)
1+	# runs x
2 	def run(x):
3 	    return x
── sha:[..]→[..] · check: skipped (no grammar for .nim)
--- file s.nim
# runs x
def run(x):
    return x

def b():
    pass


### --old scoped by a guessed plaintext span names the guess in the header
@env LETS_NO_STATS=1
% printf 'def run(x):\n    return x\n\ndef b():\n    pass\n' > s.nim
$ lets edit 's.nim#run' --old 'return x' --new 'return y'
── s.nim · 1 replacement · line 2 · exact · span guessed (plaintext heuristic)
1 	def run(x):
2~	    return y
3 	
4 	def b():
── sha:[..]→[..] · check: skipped (no grammar for .nim)
--- file s.nim
def run(x):
    return y

def b():
    pass


### --json carries the guessed span as "resolver"
@env LETS_NO_STATS=1
% printf 'def run(x):\n    return x\n' > s.nim
$ lets edit 's.nim#run' --old 'return x' --new 'return y' --json
{"path":"s.nim","replacements":1,"lines":[2],"match":"exact","resolver":"span guessed (plaintext heuristic)","region":{"start":1,"end":2,"lines":[{"number":1,"marker":"none","text":"def run(x):"},{"number":2,"marker":"replaced","text":"    return y"}]},"sha":{"before":"[..]","after":"[..]"},"omitted":[{"check_skipped":{"reason":"no grammar for .nim"}}],"stats":{"lines":2,"bytes":112,"tokens_est":null}}
--- file s.nim
def run(x):
    return y
