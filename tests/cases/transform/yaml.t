# lets transform on YAML: block and flow styles, comments kept, quoting kept, scalars written plain
# only when a YAML reader would read them back as the same string.

### a block sequence gains an item at its indentation; a mapping item keeps its first key on the dash
@fixture transform
@env LETS_NO_STATS=1
$ lets transform app.yaml --append 'steps={"run":"make","name":"build"}' && cat app.yaml
── app.yaml · yaml · append steps · line 7
 5 	    with: {x: 1}
 6 	  - run: echo hi
 7+	  - run: make
 8+	    name: build
 9 	env:
10 	  A: b # the A
── check: yaml ok · sha:[..]→[..]
name: app
version: "1.0"
steps:
  - uses: a
    with: {x: 1}
  - run: echo hi
  - run: make
    name: build
env:
  A: b # the A
ports: [80, 443]
quoted: 'single'

### a flow sequence and a flow mapping gain entries inside their brackets
@fixture transform
$ lets transform app.yaml --append ports=8080 --set 'steps[0].with.y=a: b' -q && cat app.yaml
── check: yaml ok · sha:[..]→[..] · ~[..] tokens
name: app
version: "1.0"
steps:
  - uses: a
    with: {x: 1, y: "a: b"}
  - run: echo hi
env:
  A: b # the A
ports: [80, 443, 8080]
quoted: 'single'

### quoting is kept; a string that would read as a bool or a number is quoted
@fixture transform
$ lets transform app.yaml --set version=2.0 --set name=yes --set "quoted=it's" -q && cat app.yaml
── check: yaml ok · sha:[..]→[..] · ~[..] tokens
name: "yes"
version: "2.0"
steps:
  - uses: a
    with: {x: 1}
  - run: echo hi
env:
  A: b # the A
ports: [80, 443]
quoted: 'it''s'

### control: a plain string stays plain, its line comment kept
@fixture transform
$ lets transform app.yaml --set env.A=c -q && cat app.yaml
── check: yaml ok · sha:[..]→[..] · ~[..] tokens
name: app
version: "1.0"
steps:
  - uses: a
    with: {x: 1}
  - run: echo hi
env:
  A: c # the A
ports: [80, 443]
quoted: 'single'

### a new key goes after the mapping's last one; a new nested key writes its parents in block style
@fixture transform
@env LETS_NO_STATS=1
$ lets transform app.yaml --set env.B=true --set deploy.region=eu && cat app.yaml
── app.yaml · yaml · set env.B, deploy.region · lines 9, 12
 7 	env:
 8 	  A: b # the A
 9+	  B: true
10 	ports: [80, 443]
11 	quoted: 'single'
12+	deploy:
13+	  region: eu
── check: yaml ok · sha:[..]→[..]
name: app
version: "1.0"
steps:
  - uses: a
    with: {x: 1}
  - run: echo hi
env:
  A: b # the A
  B: true
ports: [80, 443]
quoted: 'single'
deploy:
  region: eu

### deleting a sequence item removes its lines only
@fixture transform
@env LETS_NO_STATS=1
$ lets transform app.yaml --delete 'steps[0]' && cat app.yaml
── app.yaml · yaml · delete steps[0] · line 4
2 	version: "1.0"
3 	steps:
4-	  - uses: a          (deleted)
4-	    with: {x: 1}          (deleted)
4 	  - run: echo hi
5 	env:
── check: yaml ok · sha:[..]→[..]
name: app
version: "1.0"
steps:
  - run: echo hi
env:
  A: b # the A
ports: [80, 443]
quoted: 'single'

### deleting the first key of a mapping inside a sequence item keeps the dash
@fixture transform
$ lets transform app.yaml --delete 'steps[0].uses' -q && cat app.yaml
── check: yaml ok · sha:[..]→[..] · ~[..] tokens
name: app
version: "1.0"
steps:
  - with: {x: 1}
  - run: echo hi
env:
  A: b # the A
ports: [80, 443]
quoted: 'single'

### a key reached through an alias is refused, the file untouched
@fixture transform
$ lets transform tags.yaml --set other.x=2; echo "exit $?"; cat tags.yaml
exit 7
tags: !!set {a: null}
base: &b {x: 1}
other: *b
list:
  - *b
--- stderr
tags.yaml is unsupported: other.x cannot be changed in place (reached through a YAML alias)
ERROR_CODE=unsupported_file

### appending after an aliased item is fine: the target itself is plain
@fixture transform
$ lets transform tags.yaml --append 'list={"y":1}' -q && cat tags.yaml
── check: yaml ok · sha:[..]→[..] · ~[..] tokens
tags: !!set {a: null}
base: &b {x: 1}
other: *b
list:
  - *b
  - y: 1

### appending to a mapping is refused: it is not a sequence
@fixture transform
$ lets transform app.yaml --append env=x
? 1
--- stderr
env not found in the YAML document (not a sequence)
ERROR_CODE=not_found

### a missing key to delete is not found, nothing written
@fixture transform
$ lets transform app.yaml --delete env.Z; echo "exit $?"; head -1 app.yaml
exit 1
name: app
--- stderr
path not found in env.Z
ERROR_CODE=not_found

### a CRLF file keeps CRLF on every line, the lines added included
@fixture transform
% printf 'a: 1\r\nm:\r\n  x: 1\r\n' > crlf.yaml
$ lets transform crlf.yaml --set m.y=2 --set a=3 -q && od -c crlf.yaml
── check: yaml ok · sha:[..]→[..] · ~[..] tokens
0000000   a   :       3  \r  \n   m   :  \r  \n           x   :       1
0000020  \r  \n           y   :       2  \r  \n
0000032

### frontmatter: verbs grouped in first-appearance order, the body untouched
@fixture transform
@env LETS_NO_STATS=1
$ lets transform docs/note.md --append tags=wiki --set last_updated=2026.09.16 --append tags=x && cat docs/note.md
── docs/note.md · frontmatter · append tags, tags, set last_updated · lines 3, 4
1 	---
2 	title: Notes
3~	tags: [moc, wiki, x]
4~	last_updated: 2026.09.16
5 	---
6 	# Notes
── check: frontmatter ok · sha:[..]→[..]
---
title: Notes
tags: [moc, wiki, x]
last_updated: 2026.09.16
---
# Notes

Body.

### a UTF-8 BOM opens the stream, not the first line: a new top-level key goes in column 0
# Found by fuzz_transform: the first key's column counted the BOM's 3 bytes, and a key added beside
# it went 3 columns in (invalid YAML, or a child of a block scalar before it), refused every time.
# The nested set (d.f) is the control: its column comes from a line without the BOM.
@env LETS_NO_STATS=1
$ printf '\357\273\277a: 1\nd:\n  e: 2\n' > bom.yaml && lets transform bom.yaml --set x.b=2 --set d.f=3 -q && od -c bom.yaml
── check: yaml ok · sha:[..]→[..]
0000000 357 273 277   a   :       1  \n   d   :  \n           e   :    
0000020   2  \n           f   :       3  \n   x   :  \n           b   :
0000040       2  \n
0000043
