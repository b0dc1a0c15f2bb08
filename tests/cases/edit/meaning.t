# The meaning proof (issue 26, A1): an edit of a JSON, YAML, TOML or frontmatter file that parses
# but changes a value outside its lines — its path, type or value — is refused (exit 3,
# check_failed, file unchanged) with the paths that changed and the command that does it right.
# spec-silent: the footer reads `check: meaning changed → reverted`, the rejected line
# `← meaning changed`, and stderr opens `meaning check failed for <path>:` (docs/differences.md).

### a list item written at the key's column turns the list into a string: refused, with the ready commands
@env LETS_NO_STATS=1
% printf 'linters:\n  disable:\n    - errcheck\n  enable:\n    - gofmt\n' > g.yaml
$ lets edit g.yaml --old $'  disable:\n    - errcheck' --new $'  disable:\n  - govet\n    - errcheck'
? 3
── g.yaml · 1 replacement · lines 2-4 · REVERTED
1 	linters:
2 	  disable:
3~	  - govet          ← meaning changed
4 	    - errcheck
5 	  enable:
6 	    - gofmt
── check: meaning changed → reverted · file unchanged · sha:5b9d31d5bda1
--- stderr
meaning check failed for g.yaml: 1 value outside the edited lines changed
  linters.disable[0]: "errcheck" → part of the string "govet - errcheck"
  run: lets transform g.yaml --append linters.disable=govet
  or:  lets edit g.yaml --insert-after "@'^  disable:$'" --new '    - govet'
ERROR_CODE=check_failed
--- file g.yaml
linters:
  disable:
    - errcheck
  enable:
    - gofmt

### control: the item at the list's own column is an insert that keeps every other value
@env LETS_NO_STATS=1
% printf 'linters:\n  disable:\n    - errcheck\n  enable:\n    - gofmt\n' > g.yaml
$ lets edit g.yaml --old $'  disable:\n    - errcheck' --new $'  disable:\n    - govet\n    - errcheck' -q
── check: yaml ok · sha:5b9d31d5bda1→08761a9e5e4f
--- file g.yaml
linters:
  disable:
    - govet
    - errcheck
  enable:
    - gofmt

### the ready commands work: the transform appends, the insert lands at the list's column
@env LETS_NO_STATS=1
% printf 'linters:\n  disable:\n    - errcheck\n  enable:\n    - gofmt\n' > g.yaml; cp g.yaml h.yaml
$ lets transform g.yaml --append linters.disable=govet -q && lets edit h.yaml --insert-after "@'^  disable:$'" --new '    - govet' -q && cat g.yaml h.yaml
── check: yaml ok · sha:5b9d31d5bda1→[..]
── check: yaml ok · sha:5b9d31d5bda1→08761a9e5e4f
linters:
  disable:
    - errcheck
    - govet
  enable:
    - gofmt
linters:
  disable:
    - govet
    - errcheck
  enable:
    - gofmt

### a deleted key line hands its children to the key above
@env LETS_NO_STATS=1
% printf 'a:\n  - 1\nb:\n  - 2\n' > d.yaml
$ lets edit d.yaml --old $'b:\n' --new '' -q
? 3
── check: meaning changed → reverted · file unchanged · sha:b8efa948b92a
--- stderr
meaning check failed for d.yaml: 1 value outside the edited lines changed
  b[0]: 2 → now a[1]
  re-read: lets show d.yaml:1-4 · indent the new lines as the lines around them, or change values with lets transform --set, --append or --delete
ERROR_CODE=check_failed
--- file d.yaml
a:
  - 1
b:
  - 2

### a list item inserted inside an item splits it: the key below moves to the new item
@env LETS_NO_STATS=1
% printf 'items:\n  - x: 1\n    b: 2\n' > s.yaml
$ lets edit s.yaml --old '  - x: 1' --new $'  - x: 1\n  - y: 3' -q
? 3
── check: meaning changed → reverted · file unchanged · sha:e65cde825c09
--- stderr
meaning check failed for s.yaml: 1 value outside the edited lines changed
  items[0].b: 2 → now items[1].b
  re-read: lets show s.yaml:1-3 · indent the new lines as the lines around them, or change values with lets transform --set, --append or --delete
ERROR_CODE=check_failed

### a line indented under a scalar continues the scalar
@env LETS_NO_STATS=1
% printf 'a: x\nb: 1\n' > c.yaml
$ lets edit c.yaml --old 'b: 1' --new $'  more\nb: 1' -q
? 3
── check: meaning changed → reverted · file unchanged · sha:[..]
--- stderr
meaning check failed for c.yaml: 1 value outside the edited lines changed
  a: "x" → part of the string "x more"
  re-read: lets show c.yaml:1-2 · indent the new lines as the lines around them, or change values with lets transform --set, --append or --delete
ERROR_CODE=check_failed

### control: children written under an empty key give it a value, and nothing else moves
@env LETS_NO_STATS=1
% printf 'a:\nb: 1\n' > n.yaml
$ lets edit n.yaml --old $'a:\n' --new $'a:\n  x: 1\n' -q
── check: yaml ok · sha:[..]→[..]
--- file n.yaml
a:
  x: 1
b: 1

### TOML: a [table] header inserted among a table's keys takes the keys below it
@env LETS_NO_STATS=1
% printf '[package]\nname = "a"\nversion = "1.0"\n\n[deps]\nx = "1"\n' > Cargo.toml
$ lets edit Cargo.toml --old $'name = "a"\n' --new $'name = "a"\n[extra]\n' -q
? 3
── check: meaning changed → reverted · file unchanged · sha:682cc881664f
--- stderr
meaning check failed for Cargo.toml: 1 value outside the edited lines changed
  package.version: "1.0" → now extra.version
  re-read: lets show Cargo.toml:1-5 · a [table] header takes every key line below it, up to the next header; add keys with lets transform --set
ERROR_CODE=check_failed

### control: the same table after the last key of [deps] keeps every value
@env LETS_NO_STATS=1
% printf '[package]\nname = "a"\nversion = "1.0"\n\n[deps]\nx = "1"\n' > Cargo.toml
$ lets edit Cargo.toml --old $'x = "1"\n' --new $'x = "1"\n\n[extra]\ny = 2\n' -q
── check: toml ok · sha:682cc881664f→[..]
--- file Cargo.toml
[package]
name = "a"
version = "1.0"

[deps]
x = "1"

[extra]
y = 2

### JSON: a key written again further down overrides the one above
@env LETS_NO_STATS=1
% printf '{\n  "a": 1,\n  "b": 2\n}\n' > p.json
$ lets edit p.json --old '"b": 2' --new $'"b": 2,\n  "a": "x"' -q
? 3
── check: meaning changed → reverted · file unchanged · sha:80a64d48801b
--- stderr
meaning check failed for p.json: 1 value outside the edited lines changed
  a: 1 → overridden by the same key further down
  the key a is written twice in one object, and the later one wins
  run: lets transform p.json --set 'a="x"'
ERROR_CODE=check_failed

### frontmatter: a list item at the key's column, in a Markdown file
@env LETS_NO_STATS=1
% printf -- '---\ntitle: a\ntags:\n  - x\n---\n# Body\n' > doc.md
$ lets edit doc.md --old $'tags:\n  - x' --new $'tags:\n- y\n  - x' -q
? 3
── check: meaning changed → reverted · file unchanged · sha:4492986778ff
--- stderr
meaning check failed for doc.md: 1 value outside the edited lines changed
  tags[0]: "x" → part of the string "y - x"
  run: lets transform doc.md --append tags=y
  or:  lets edit doc.md --insert-after "@'^tags:$'" --new '  - y'
ERROR_CODE=check_failed

### a --from - batch with one such edit writes no file
@env LETS_NO_STATS=1
% printf 'linters:\n  disable:\n    - errcheck\n' > g.yaml; printf 'a: 1\n' > ok.yaml
--- stdin
{"file":"ok.yaml","old":"a: 1","new":"a: 2"}
{"file":"g.yaml","old":"  disable:\n    - errcheck","new":"  disable:\n  - govet\n    - errcheck"}
$ lets edit --from - -q; cat ok.yaml
? 0
── 0 of 2 applied · nothing written · fix g.yaml and re-run
a: 1
--- stderr
meaning check failed for g.yaml: 1 value outside the edited lines changed
  linters.disable[0]: "errcheck" → part of the string "govet - errcheck"
  run: lets transform g.yaml --append linters.disable=govet
  or:  lets edit g.yaml --insert-after "@'^  disable:$'" --new '    - govet'
ERROR_CODE=check_failed

### more than three values: three named, the rest counted
@env LETS_NO_STATS=1
% printf 'l:\n  - a\n  - b\n  - c\n  - d\n  - e\n' > l.yaml
$ lets edit l.yaml --old 'l:' --new $'l:\n- z' -q
? 3
── check: meaning changed → reverted · file unchanged · sha:[..]
--- stderr
meaning check failed for l.yaml: 5 values outside the edited lines changed
  l[0]: "a" → part of the string "z - a - b - c - d - e"
  l[1]: "b" → part of the string "z - a - b - c - d - e"
  l[2]: "c" → part of the string "z - a - b - c - d - e"
  (+2 more)
  run: lets transform l.yaml --append l=z
  or:  lets edit l.yaml --insert-after "@'^l:$'" --new '  - z'
ERROR_CODE=check_failed

### control: --no-check skips the proof as it skips the parser
@env LETS_NO_STATS=1
% printf 'a: x\nb: 1\n' > c.yaml
$ lets edit c.yaml --old 'b: 1' --new $'  more\nb: 1' -q --no-check
── sha:[..]→[..] · check: skipped (--no-check)
--- file c.yaml
a: x
  more
b: 1

### control: a file that did not parse before gets no meaning proof (still invalid, kept)
@env LETS_NO_STATS=1
% printf 'a: x\nb: [1\n' > bad.yaml
$ lets edit bad.yaml --old 'a: x' --new $'a: x\n  more' -q
── check: yaml still invalid · sha:[..]→[..]
--- file bad.yaml
a: x
  more
b: [1

### control: a key renamed on its own line takes its children along (JSON, YAML, a TOML table)
@env LETS_NO_STATS=1
% printf '{\n  "compilerOptions": {\n    "strict": true\n  }\n}\n' > c.json; printf 'deps:\n  - a\nname: x\n' > r.yaml; printf '[deps]\na = "1"\n\n[dev]\nb = "2"\n' > r.toml
$ lets edit c.json --old '"compilerOptions"' --new '"options"' -q; lets edit r.yaml --old 'deps:' --new 'requires:' -q; lets edit r.toml --old '[deps]' --new '[dependencies]' -q
── check: json ok · sha:[..]→[..]
── check: yaml ok · sha:[..]→[..]
── check: toml ok · sha:[..]→[..]
--- file c.json
{
  "options": {
    "strict": true
  }
}
--- file r.yaml
requires:
  - a
name: x
--- file r.toml
[dependencies]
a = "1"

[dev]
b = "2"

### control: a key repeated with the value it has changes nothing; with another value it overrides
@env LETS_NO_STATS=1
% printf 'name: app\nport: 1\n' > s.yaml; cp s.yaml t.yaml
$ lets edit s.yaml --old 'port: 1' --new $'port: 1\nname: app' -q; lets edit t.yaml --old 'port: 1' --new $'port: 1\nname: web' -q
? 3
── check: yaml ok · sha:[..]→[..]
── check: meaning changed → reverted · file unchanged · sha:[..]
--- stderr
meaning check failed for t.yaml: 1 value outside the edited lines changed
  name: "app" → overridden by the same key further down
  the key name is written twice in one mapping, and the later one wins
  run: lets transform t.yaml --set name=web
ERROR_CODE=check_failed
--- file s.yaml
name: app
port: 1
name: app
--- file t.yaml
name: app
port: 1

### a key written again right under an empty key, at its parent's column, overrides the parent
@env LETS_NO_STATS=1
% printf 'issuehunt:\n  inner:\nother: 1\n' > e.yaml; cp e.yaml e.orig
$ lets edit e.yaml --old '  inner:' --new $'  inner:\nissuehunt:' -q; s=$?; cmp e.yaml e.orig && echo unchanged; exit $s
? 3
── check: meaning changed → reverted · file unchanged · sha:dec740b1a441
unchanged
--- stderr
meaning check failed for e.yaml: 1 value outside the edited lines changed
  issuehunt.inner: null → overridden by the same key further down
  the key issuehunt is written twice in one mapping, and the later one wins
ERROR_CODE=check_failed

### control: a line indented under the empty key gives it a value, the edit's own business (a comment line first)
@env LETS_NO_STATS=1
% printf 'issuehunt:\n  inner:\nother: 1\n' > e.yaml
$ lets edit e.yaml --old '  inner:' --new $'  inner:\n    # the one we use\n    deeper: 1' -q
── check: yaml ok · sha:[..]→[..]
--- file e.yaml
issuehunt:
  inner:
    # the one we use
    deeper: 1
other: 1

### control: an item appended after a list item whose key is empty keeps that key's null
@env LETS_NO_STATS=1
% printf 'l:\n- k:\n' > e.yaml
$ lets transform e.yaml --append 'l[]=x' -q
── check: yaml ok · sha:[..]→[..]
--- file e.yaml
l:
- k:
- x

### a document separator inserted where keys are written twice: the keys below go to a new document
# The first `name` is overridden by the second, so it means nothing alone; the document it is in
# must still be the one its keys were in.
@env LETS_NO_STATS=1
% printf 'a: 1\n---\nname: x\nversion: 1\nversion: 1\nname: x\n' > d.yaml; cp d.yaml d.orig
$ lets edit d.yaml --line-hint 3 --old 'name: x' --new $'name: x\n---' -q; s=$?; cmp d.yaml d.orig && echo unchanged; exit $s
? 3
── check: meaning changed → reverted · file unchanged · sha:4d3ff93924ad
unchanged
--- stderr
meaning check failed for d.yaml: 1 value outside the edited lines changed
  [1].name: "x" → now in another item of that name (an item was split, or two merged)
  re-read: lets show d.yaml:2-6 · indent the new lines as the lines around them, or change values with lets transform --set, --append or --delete
ERROR_CODE=check_failed

### control: the same separator after the document's last line adds an empty document and moves nothing
@env LETS_NO_STATS=1
% printf 'a: 1\n---\nname: x\nversion: 1\nversion: 1\nname: x\n' > d.yaml
$ lets edit d.yaml --line-hint 6 --old 'name: x' --new $'name: x\n---' -q
── check: yaml ok · sha:[..]→[..]
--- file d.yaml
a: 1
---
name: x
version: 1
version: 1
name: x
---

### frontmatter: an edit that drops the opening fence turns the values into Markdown text
@env LETS_NO_STATS=1
% printf -- '---\ntitle: a\ntags:\n  - x\n---\n# Body\n' > fm.md
$ lets edit fm.md --old $'---\ntitle: a' --new 'title: a' -q
? 3
── check: meaning changed → reverted · file unchanged · sha:4492986778ff
--- stderr
meaning check failed for fm.md: 2 values outside the edited lines changed
  title: "a" → no longer a value
  tags[0]: "x" → no longer a value
  re-read: lets show fm.md:1-4 · the frontmatter is the YAML between the --- lines: keep both
ERROR_CODE=check_failed

### control: an edit that removes the whole frontmatter block removes only what it names
@env LETS_NO_STATS=1
% printf -- '---\ntitle: a\n---\n# Body\n' > fm.md
$ lets edit fm.md --old $'---\ntitle: a\n---\n' --new '' -q
── check: frontmatter ok · sha:[..]→[..]
--- file fm.md
# Body

### a line --new adds under a plain scalar it names continues that scalar: refused (only a block scalar grows)
@env LETS_NO_STATS=1
% printf 'keywords:\n- ip\n- ipv6\nname: x\n' > k.yaml
$ lets edit k.yaml --old '- ipv6' --new $'- ipv6\n  - ipv4'
? 3
── k.yaml · 1 replacement · lines 3, 4 · REVERTED
1 	keywords:
2 	- ip
3 	- ipv6
4~	  - ipv4          ← meaning changed
5 	name: x
── check: meaning changed → reverted · file unchanged · sha:3ff73ec8b03c
--- stderr
meaning check failed for k.yaml: 1 value outside the edited lines changed
  keywords[1]: "ipv6" → part of the string "ipv6 - ipv4"
  run: lets transform k.yaml --append keywords=ipv4
  or:  lets edit k.yaml --insert-after "@'^- ipv6$'" --new '- ipv4'
ERROR_CODE=check_failed
--- file k.yaml
keywords:
- ip
- ipv6
name: x

### control: a line --new adds inside a block scalar it names grows that scalar
@env LETS_NO_STATS=1
% printf 'run: |\n  echo a\nname: x\n' > r.yaml
$ lets edit r.yaml --old $'run: |\n  echo a' --new $'run: |\n  echo a\n  echo b' -q
── check: yaml ok · sha:[..]→[..]
--- file r.yaml
run: |
  echo a
  echo b
name: x
