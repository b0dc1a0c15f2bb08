# lets edit: malformed requests are exit 64 (usage) and read nothing from disk.
# The clap-shaped texts for --if and --check are the spec's (output-format.md §2 catalogue).
# spec-silent: the wording of the other usage messages; the tests pin our wording.

### a short --if hash: the spec's clap-shaped message
@fixture edit-basic
$ lets edit usage.ts --old 'const cap = 10' --new 'const cap = 20' --if sha:14dc685c
? 64
--- stderr
error: invalid value 'sha:14dc685c' for '--if <IF_SHA>': --if takes sha: and 12 or more lowercase hex digits, as a show header prints it

For more information, try '--help'.
ERROR_CODE=usage

### --if is validated before anything else: before the one-stdin-reader rule
@fixture edit-basic
$ lets edit usage.ts --old - --new - --if sha:abc
? 64
--- stderr
error: invalid value 'sha:abc' for '--if <IF_SHA>': --if takes sha: and 12 or more lowercase hex digits, as a show header prints it

For more information, try '--help'.
ERROR_CODE=usage

### --if is validated before a missing target is named
@fixture edit-basic
$ lets edit --old a --new b --if sha:abc
? 64
--- stderr
error: invalid value 'sha:abc' for '--if <IF_SHA>': --if takes sha: and 12 or more lowercase hex digits, as a show header prints it

For more information, try '--help'.
ERROR_CODE=usage

### --if is validated before the target count: a short hash with two targets
@fixture edit-basic
$ lets edit usage.ts main.go --old a --new b --if sha:abc
? 64
--- stderr
error: invalid value 'sha:abc' for '--if <IF_SHA>': --if takes sha: and 12 or more lowercase hex digits, as a show header prints it

For more information, try '--help'.
ERROR_CODE=usage

### --if with two targets: refused before anything is read
@fixture edit-basic
$ lets edit usage.ts main.go --old a --new b --if sha:14dc685cb937
? 64
--- stderr
--if takes one target · 2 were given
ERROR_CODE=usage

### an unknown --check preset
@fixture edit-basic
$ lets edit usage.ts --old 'const cap = 10' --new 'const cap = 20' --check @nope
? 64
--- stderr
error: invalid value '@nope' for '--check <CHECK>': unknown preset @nope · the presets are @auto, @cargo, @go, @tsc, @py

For more information, try '--help'.
ERROR_CODE=usage

### --old - and --new - both want stdin
@fixture edit-basic
$ lets edit usage.ts --old - --new -
? 64
--- stderr
error: --old -, --new -, --expect-all and --from - all read stdin, and only one can · pass the others inline

For more information, try '--help'.
ERROR_CODE=usage

### an empty --old would match everywhere
@fixture edit-basic
$ lets edit usage.ts --old '' --new x
? 64
--- stderr
error: --old is empty or only whitespace, so it would match everywhere · give the exact text to replace, or insert with --insert-after

For more information, try '--help'.
ERROR_CODE=usage

### a whitespace-only --old too
@fixture edit-basic
$ lets edit usage.ts --old $'  \n ' --new x
? 64
--- stderr
error: --old is empty or only whitespace, so it would match everywhere · give the exact text to replace, or insert with --insert-after

For more information, try '--help'.
ERROR_CODE=usage

### a line range without --expect, --expect-all or --if
@fixture edit-basic
$ lets edit usage.ts:5 --old 'cap' --new 'limit'
? 64
--- stderr
error: usage.ts:5: a line range is accepted only with --expect, --expect-all or --if sha:…, which confirm what the lines hold · or drop the range and match with --old

For more information, try '--help'.
ERROR_CODE=usage

### control: the same range with --if is accepted, and --old is matched inside it only
@fixture edit-basic
@env LETS_NO_STATS=1
$ lets edit usage.ts:5 --old 'cap' --new 'limit' --if sha:14dc685cb937
── usage.ts · 1 replacement · line 5 · exact
3 	export function usage(id: string) {
4 	  const now = Date.now()
5~	  const limit = 10
6 	  if (!id) return
7 	  if (count(id) > cap) return
── check: structure ok · sha:14dc685cb937→[..]
--- file usage.ts
import { usageCap } from './config'

export function usage(id: string) {
  const now = Date.now()
  const limit = 10
  if (!id) return
  if (count(id) > cap) return
  return total(id, now)
}


### no --new
@fixture edit-basic
$ lets edit usage.ts --old a
? 64
--- stderr
error: the following required arguments were not provided:
  --new <NEW>

Usage: lets edit [OPTIONS] [TARGET] [MORE_TARGETS]...

For more information, try '--help'.
ERROR_CODE=usage

### no target at all
$ lets edit --old a --new b
? 64
--- stderr
error: the following required arguments were not provided:
  <TARGET>

Usage: lets edit [OPTIONS] [TARGET] [MORE_TARGETS]...

For more information, try '--help'.
ERROR_CODE=usage

### --old with an insert anchor
@fixture edit-basic
$ lets edit usage.ts --old a --new b --insert-after "@'^import'"
? 64
--- stderr
error: the argument '--old <OLD>' cannot be used with '--insert-after <INSERT_AFTER>'

Usage: lets edit [OPTIONS] [TARGET] [MORE_TARGETS]...

For more information, try '--help'.
ERROR_CODE=usage

### --from takes only -
@fixture edit-basic
$ lets edit --from batch.txt
? 64
--- stderr
error: invalid value 'batch.txt' for '--from <FROM>': - is the only accepted value

For more information, try '--help'.
ERROR_CODE=usage

### --from with a target: the option table declares the conflict
@fixture edit-basic
$ lets edit usage.ts --from -
? 64
--- stderr
error: the argument '--from <FROM>' cannot be used with '[TARGET]'

Usage: lets edit [OPTIONS] [TARGET] [MORE_TARGETS]...

For more information, try '--help'.
ERROR_CODE=usage

### --from with --insert-before names --insert-before
@fixture edit-basic
$ lets edit --from - --insert-before "@'^import'"
? 64
--- stderr
error: the argument '--from <FROM>' cannot be used with '--insert-before <INSERT_BEFORE>'

Usage: lets edit [OPTIONS] [TARGET] [MORE_TARGETS]...

For more information, try '--help'.
ERROR_CODE=usage

### both inserts at once
@fixture edit-basic
$ lets edit usage.ts --new x --insert-after "@'^import'" --insert-before "@'^import'"
? 64
--- stderr
error: the argument '--insert-after <INSERT_AFTER>' cannot be used with '--insert-before <INSERT_BEFORE>'

Usage: lets edit [OPTIONS] [TARGET] [MORE_TARGETS]...

For more information, try '--help'.
ERROR_CODE=usage

### --expect with --expect-all
@fixture edit-basic
$ lets edit usage.ts:5 --new x --expect a --expect-all
? 64
--- stderr
error: the argument '--expect <EXPECT>' cannot be used with '--expect-all'

Usage: lets edit [OPTIONS] [TARGET] [MORE_TARGETS]...

For more information, try '--help'.
ERROR_CODE=usage

### an insert with --expect-all
@fixture edit-basic
$ lets edit usage.ts --new x --insert-before "@'^import'" --expect-all
? 64
--- stderr
error: the argument '--insert-before <INSERT_BEFORE>' cannot be used with '--expect-all'

Usage: lets edit [OPTIONS] [TARGET] [MORE_TARGETS]...

For more information, try '--help'.
ERROR_CODE=usage

### control: one insert flag alone is accepted
@fixture edit-basic
@env LETS_NO_STATS=1
$ lets edit usage.ts --new '// head' --insert-before "@'^export function usage'" -q
── check: structure ok · sha:14dc685cb937→[..]
--- file usage.ts
import { usageCap } from './config'

// head
export function usage(id: string) {
  const now = Date.now()
  const cap = 10
  if (!id) return
  if (count(id) > cap) return
  return total(id, now)
}


### --help: the --if row is a whole sentence (reference.md: "refuse (exit 5) if the file changed
# since the show that produced this hash"); transform's help prints the same row
$ lets edit --help | grep -- '--if'; lets transform --help | grep -- '--if'
      --if <IF_SHA>            refuse (exit 5) if the file changed since the show that produced this hash
      --if <IF_SHA>            refuse (exit 5) if the file changed since the show that produced this hash
