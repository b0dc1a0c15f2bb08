# lets edit guardrails. Layer 1: JSON (comments allowed), YAML, TOML and markdown frontmatter are
# judged by a parser (`check: json ok`, `check: invalid → reverted`, `← invalid json`); other files
# with no grammar are skipped by name. Layer 2: --check CMD, verdict by exit code, before and after.
# All cases run with LETS_NO_STATS=1 so footers carry no cost.

### JSON with // comments is still JSON (the spec's config.json has them)
@env LETS_NO_STATS=1
% printf '{\n  // review settings\n  "threads": 2\n}\n' > config.json
$ lets edit config.json --old '"threads": 2' --new '"threads": 3'
── config.json · 1 replacement · line 3 · exact
1 	{
2 	  // review settings
3~	  "threads": 3
4 	}
── check: json ok · sha:[..]→[..]
--- file config.json
{
  // review settings
  "threads": 3
}


### an edit that breaks JSON is reverted with the parser's verdict
@env LETS_NO_STATS=1
% printf '{\n  "threads": 2\n}\n' > config.json
$ lets edit config.json --old '"threads": 2' --new '"threads": 2,'; echo "exit $?"; cat config.json
── config.json · 1 replacement · line 2 · REVERTED
1 	{
2~	  "threads": 2,          ← invalid json
3 	}
── check: invalid → reverted · file unchanged · sha:[..]
exit 3
{
  "threads": 2
}
--- stderr
structured check failed for config.json: invalid
ERROR_CODE=check_failed

### YAML: a valid edit, then a broken one
@env LETS_NO_STATS=1
% printf 'allow:\n  - ls\nname: x\n' > s.yaml
$ lets edit s.yaml --old 'name: x' --new 'name: y' -q; lets edit s.yaml --old 'name: y' --new 'name: [y'
? 3
── check: yaml ok · sha:[..]→[..]
── s.yaml · 1 replacement · line 3 · REVERTED
1 	allow:
2 	  - ls
3~	name: [y          ← invalid yaml
── check: invalid → reverted · file unchanged · sha:[..]
--- stderr
structured check failed for s.yaml: invalid
ERROR_CODE=check_failed
--- file s.yaml
allow:
  - ls
name: y


### TOML: a duplicate key is invalid, a new key is fine
@env LETS_NO_STATS=1
% printf '[package]\nname = "a"\nversion = "1.0"\n' > Cargo.toml
$ lets edit Cargo.toml --old 'version = "1.0"' --new 'version = "1.1"' -q; lets edit Cargo.toml --old 'version = "1.1"' --new 'name = "b"'
? 3
── check: toml ok · sha:[..]→[..]
── Cargo.toml · 1 replacement · line 3 · REVERTED
1 	[package]
2 	name = "a"
3~	name = "b"          ← invalid toml
── check: invalid → reverted · file unchanged · sha:[..]
--- stderr
structured check failed for Cargo.toml: invalid
ERROR_CODE=check_failed
--- file Cargo.toml
[package]
name = "a"
version = "1.1"


### markdown frontmatter is YAML
@env LETS_NO_STATS=1
% printf -- '---\ntitle: a\n---\n# Heading\n' > doc.md
$ lets edit doc.md --old 'title: a' --new 'title: "b' -q
? 3
── check: invalid → reverted · file unchanged · sha:[..]
--- stderr
structured check failed for doc.md: invalid
ERROR_CODE=check_failed

### a Markdown body edit is checked by the Markdown grammar, not as frontmatter
@env LETS_NO_STATS=1
% printf -- '---\ntitle: a\n---\n# Heading\n\nSome text.\n' > doc.md
$ lets edit doc.md --old 'Some text.' --new 'Other text.' -q
── check: structure ok · sha:[..]→[..]
--- file doc.md
---
title: a
---
# Heading

Other text.

### an edit that spans the frontmatter's closing line and the body is a frontmatter change
@env LETS_NO_STATS=1
% printf -- '---\ntitle: a\n---\n# Heading\n' > doc.md
$ lets edit doc.md --old $'---\n# Heading' --new $'tags: [x]\n---\n# Heading' -q
── check: frontmatter ok · sha:[..]→[..]
--- file doc.md
---
title: a
tags: [x]
---
# Heading

### control: a valid frontmatter edit
@env LETS_NO_STATS=1
% printf -- '---\ntitle: a\n---\n# Heading\n' > doc.md
$ lets edit doc.md --old 'title: a' --new 'title: b' -q
── check: frontmatter ok · sha:[..]→[..]
--- file doc.md
---
title: b
---
# Heading


### a file with no grammar is skipped by name, never guessed at
@env LETS_NO_STATS=1
% printf '<template>\n  <p>hi</p>\n</template>\n' > c.vue
$ lets edit c.vue --old '<p>hi</p>' --new '<p>hi</p'
── c.vue · 1 replacement · line 2 · exact
1 	<template>
2~	  <p>hi</p
3 	</template>
── sha:[..]→[..] · check: skipped (no grammar for .vue)
--- file c.vue
<template>
  <p>hi</p
</template>


### --no-check skips layer 1: a broken Go edit lands
@fixture edit-basic
@env LETS_NO_STATS=1
$ lets edit main.go --old 'func' --new 'fun' --no-check -q
── sha:db91a17c0af6→[..] · check: skipped (--no-check)
--- file main.go
package main
fun usage(id string) int {
	cap := 10
	return cap + len(id)
}


### layer 2: a command that passes before and after
@fixture edit-basic
@env LETS_NO_STATS=1
$ lets edit usage.ts --old 'const cap = 10' --new 'const cap = 20' --check 'test -f {}' -q
── check: test -f {} ok · sha:14dc685cb937→9d77b7d8a9f6
--- file usage.ts
import { usageCap } from './config'

export function usage(id: string) {
  const now = Date.now()
  const cap = 20
  if (!id) return
  if (count(id) > cap) return
  return total(id, now)
}


### layer 2: passed before, fails after: the whole batch is reverted, exit 3, nothing on stdout
@fixture edit-basic
$ lets edit usage.ts src/usage.ts --old 'const cap = 10' --new 'const cap = 20' --check '! grep -q "cap = 20" {}'; echo "exit $?"; grep -c 'cap = 10' usage.ts src/usage.ts
exit 3
usage.ts:1
src/usage.ts:1
--- stderr
command check failed for usage.ts: `! grep -q "cap = 20" {}` passed before the batch and failed after it · 2 files reverted
ERROR_CODE=check_failed
--- file src/usage.ts
import { usageCap } from './config'

export function usage(id: string) {
  const now = Date.now()
  const cap = 10
  if (!id) return
  if (count(id) > cap) return
  return total(id, now)
}
--- file usage.ts
import { usageCap } from './config'

export function usage(id: string) {
  const now = Date.now()
  const cap = 10
  if (!id) return
  if (count(id) > cap) return
  return total(id, now)
}

### layer 2: the checker's last output line is the detail
@fixture edit-basic
$ lets edit usage.ts --old 'const cap = 10' --new 'const cap = 20' --check 'if grep -q "cap = 20" {}; then echo "cap is 20"; exit 1; fi'
? 3
--- stderr
command check failed for usage.ts: `if grep -q "cap = 20" {}; then echo "cap is 20"; exit 1; fi` passed before the batch and failed after it: cap is 20 · 1 file reverted
ERROR_CODE=check_failed

### layer 2: failing before and after is inconclusive, and the edit is kept
@fixture edit-basic
@env LETS_NO_STATS=1
$ lets edit usage.ts --old 'const cap = 10' --new 'const cap = 20' --check 'exit 1' -q
── check: structure ok · sha:14dc685cb937→9d77b7d8a9f6 · check: exit 1 inconclusive (failed before and after)
--- file usage.ts
import { usageCap } from './config'

export function usage(id: string) {
  const now = Date.now()
  const cap = 20
  if (!id) return
  if (count(id) > cap) return
  return total(id, now)
}


### layer 2: a checker past --check-timeout is inconclusive (timed out), its process group killed
@fixture edit-basic
@env LETS_NO_STATS=1
$ lets edit usage.ts --old 'const cap = 10' --new 'const cap = 20' --check 'sleep 37.5 & sleep 37.5' --check-timeout 1 -q; pgrep -fx 'sleep 37.5' || echo none left
── check: structure ok · sha:14dc685cb937→9d77b7d8a9f6 · check: sleep 37.5 & sleep 37.5 inconclusive (timed out)
none left
--- file usage.ts
import { usageCap } from './config'

export function usage(id: string) {
  const now = Date.now()
  const cap = 20
  if (!id) return
  if (count(id) > cap) return
  return total(id, now)
}


### @auto with no manifest above the file is skipped, not an error
@fixture edit-basic
@env LETS_NO_STATS=1
$ lets edit usage.ts --old 'const cap = 10' --new 'const cap = 20' --check @auto -q
── check: structure ok · sha:14dc685cb937→9d77b7d8a9f6 · check: skipped (@auto found no manifest)
--- file usage.ts
import { usageCap } from './config'

export function usage(id: string) {
  const now = Date.now()
  const cap = 20
  if (!id) return
  if (count(id) > cap) return
  return total(id, now)
}


### @py finds setup.py and compiles the edited files
# py_compile leaves its bytecode beside the file: the check's, not the edit's
@scratch __pycache__/*
@env LETS_NO_STATS=1
% printf 'x = 1\n' > m.py; : > setup.py
$ lets edit m.py --old 'x = 1' --new 'x = 2' --check @py -q
── check: python3 -m py_compile {} ok · sha:[..]→[..]
--- file m.py
x = 2


### a file already broken before the edit: a structural check compares counts, so it is ok
@env LETS_NO_STATS=1
% printf 'package main\n\nfunc a() int {\n\treturn 1\n\nfunc b() int {\n\treturn 2\n}\n' > m.go
$ lets edit m.go --old 'return 2' --new 'return 3' -q
── check: structure ok · sha:[..]→[..]
--- file m.go
package main

func a() int {
	return 1

func b() int {
	return 3
}


### a JSON file invalid before and after the edit is kept, and the check says it is still invalid
@env LETS_NO_STATS=1
% printf '{\n  "a": 1,\n}\n' > c.json
$ lets edit c.json --old '"a": 1' --new '"a": 2' -q
── check: json still invalid · sha:[..]→[..]
--- file c.json
{
  "a": 2,
}


### --json on a reverted edit: reverted, the check's counts, sha after equal to before
@env LETS_NO_STATS=1
% printf '{\n  "threads": 2\n}\n' > config.json
$ lets edit config.json --old '"threads": 2' --new '"threads": 2,' --json
? 3
{"path":"config.json","replacements":1,"lines":[2],"match":"exact","region":{"start":1,"end":3,"lines":[{"number":1,"marker":"none","text":"{"},{"number":2,"marker":"replaced","text":"  \"threads\": 2,"},{"number":3,"marker":"none","text":"}"}]},"check":{"layer":"json","status":"invalid","errors_before":0,"errors_after":1},"sha":{"before":"[..]","after":"[..]"},"reverted":true,"omitted":[],"stats":{"lines":3,"bytes":[..],"tokens_est":null}}
--- stderr
structured check failed for config.json: invalid
ERROR_CODE=check_failed

### the JSON check applies to C.JSON and c.json alike: one case rule with show's #key
# spec-silent: one languages table (symbols/lang.c) decides both
@env LETS_NO_STATS=1
% printf '{\n  "b": 2\n}\n' > C.JSON; cp C.JSON c.json
$ lets edit C.JSON --old '"b": 2' --new '"b": 2,'; echo "exit $?"; lets edit c.json --old '"b": 2' --new '"b": 2,'; echo "exit $?"; cat C.JSON c.json
── C.JSON · 1 replacement · line 2 · REVERTED
1 	{
2~	  "b": 2,          ← invalid json
3 	}
── check: invalid → reverted · file unchanged · sha:[..]
exit 3
── c.json · 1 replacement · line 2 · REVERTED
1 	{
2~	  "b": 2,          ← invalid json
3 	}
── check: invalid → reverted · file unchanged · sha:[..]
exit 3
{
  "b": 2
}
{
  "b": 2
}
--- stderr
structured check failed for C.JSON: invalid
ERROR_CODE=check_failed
structured check failed for c.json: invalid
ERROR_CODE=check_failed

### control: a file with no language row is still skipped, its extension named as typed
@env LETS_NO_STATS=1
% printf 'x\n' > N.TXT
$ lets edit N.TXT --old x --new y; cat N.TXT
── N.TXT · 1 replacement · line 1 · exact
1~	y
── sha:[..]→[..] · check: skipped (no grammar for .TXT)
y

### layer 2: the checker starts with SIGPIPE at its default and no descriptor of lets's own
# issue 30 item 6: lets ignores SIGPIPE, and an ignored signal stays ignored across exec, so a
# checker's `yes | head -1` saw EPIPE instead of ending; and the /dev/null the checker's stdin
# came from stayed open at a second descriptor. The checker sees what lets was given (the
# descriptors of the shell that ran it), no more. The checker execs bash to list them: sh saves
# descriptors of its own around a redirection. SigIgn's bit 12 is SIGPIPE (13).
@fixture edit-basic
@env LETS_NO_STATS=1
$ ls /proc/$$/fd > ../given; lets edit usage.ts --old 'const cap = 10' --new 'const cap = 20' --check 'exec bash -c "ls /proc/\$\$/fd > ../seen; grep ^SigIgn: /proc/\$\$/status > ../sigign"' -q; diff ../given ../seen && echo same descriptors; echo "SIGPIPE ignored: $(( 0x$(cut -f2 ../sigign) >> 12 & 1 ))"
── check: [..] ok · sha:14dc685cb937→9d77b7d8a9f6
same descriptors
SIGPIPE ignored: 0
--- file usage.ts
import { usageCap } from './config'

export function usage(id: string) {
  const now = Date.now()
  const cap = 20
  if (!id) return
  if (count(id) > cap) return
  return total(id, now)
}
