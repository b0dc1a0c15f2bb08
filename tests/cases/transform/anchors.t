# lets transform and YAML anchors (issue 28 item 3): an anchor an alias still uses is never
# deleted (the file would not load: "found undefined alias"); a change to an anchored value names
# the aliases it reached. Edit's check refuses a result with an alias to no anchor.
# spec-silent: the refusal is exit 2 ambiguous (two meanings: the key, and the value the aliases
# use), naming each alias by path:line as the contract's candidate lists do.

### deleting an anchor an alias uses is refused, naming the alias and the ready command
% printf 'a: &x 1\nb: *x\n' > f.yaml
$ lets transform f.yaml --delete a
? 2
--- stderr
a is ambiguous (1 alias still uses its anchor)
  f.yaml:2	b: *x
  each alias to &x would be left with no anchor, which no YAML loader reads: give the alias its value (lets edit f.yaml --old '*x' --new 1), then re-run
ERROR_CODE=ambiguous
--- file f.yaml
a: &x 1
b: *x

### control: an anchor no alias uses is deleted
% printf 'a: &x 1\nb: 2\n' > f.yaml
$ lets transform f.yaml --delete a
? 0
── f.yaml · yaml · delete a · line 1
1-	a: &x 1          (deleted)
1 	b: 2
── check: yaml ok · sha:[..]→[..] · ~[..] tokens
--- file f.yaml
b: 2

### control: an alias deleted with its parent leaves nothing behind: the anchor stays
% printf 'a: &x 1\nd:\n  b: *x\n' > f.yaml
$ lets transform f.yaml --delete d
? 0
── f.yaml · yaml · delete d · line 2
1 	a: &x 1
2-	d:          (deleted)
2-	  b: *x          (deleted)
── check: yaml ok · sha:[..]→[..] · ~[..] tokens
--- file f.yaml
a: &x 1

### control: an anchor deleted together with every alias to it
% printf 'd:\n  a: &x 1\n  b: *x\nc: 2\n' > f.yaml
$ lets transform f.yaml --delete d
? 0
── f.yaml · yaml · delete d · line 1
1-	d:          (deleted)
1-	  a: &x 1          (deleted)
1-	  b: *x          (deleted)
1 	c: 2
── check: yaml ok · sha:[..]→[..] · ~[..] tokens
--- file f.yaml
c: 2

### a merge base (<<: *b) keeps its anchor: deleting it is refused
% printf 'b: &b {x: 1}\nc:\n  <<: *b\n  y: 2\n' > m.yaml
$ lets transform m.yaml --delete b
? 2
--- stderr
b is ambiguous (1 alias still uses its anchor)
  m.yaml:3	<<: *b
  each alias to &b would be left with no anchor, which no YAML loader reads: give each alias its value with lets edit, then re-run
ERROR_CODE=ambiguous
--- file m.yaml
b: &b {x: 1}
c:
  <<: *b
  y: 2

### two aliases are both named; a set that replaces the anchored block (anchor and all) is refused too
% printf 'a: &x\n  k: 1\nb: *x\nc: [*x]\n' > h.yaml
$ lets transform h.yaml --set a=2
? 2
--- stderr
a is ambiguous (2 aliases still use its anchor)
  h.yaml:3	b: *x
  h.yaml:4	c: [*x]
  each alias to &x would be left with no anchor, which no YAML loader reads: give each alias its value with lets edit, then re-run
ERROR_CODE=ambiguous
--- file h.yaml
a: &x
  k: 1
b: *x
c: [*x]

### --set on an anchored value keeps the anchor and says how many aliases it reached
% printf 'a: &x 1\nb: *x\nc: [*x, 3]\n' > f.yaml
$ lets transform f.yaml --set a=2
? 0
── f.yaml · yaml · set a · line 1
1~	a: &x 2
2 	b: *x
3 	c: [*x, 3]
── check: yaml ok · sha:[..]→[..] · a reached 2 aliases through its anchor · ~[..] tokens
--- file f.yaml
a: &x 2
b: *x
c: [*x, 3]

### control: a set beside the anchored value reaches no alias and says nothing of aliases
% printf 'a: &x 1\nb: *x\nc: 3\n' > f.yaml
$ lets transform f.yaml --set c=4
? 0
── f.yaml · yaml · set c · line 3
1 	a: &x 1
2 	b: *x
3~	c: 4
── check: yaml ok · sha:[..]→[..] · ~[..] tokens
--- file f.yaml
a: &x 1
b: *x
c: 4

### frontmatter: the same refusal between the fences
% printf -- '---\na: &x 1\nb: *x\n---\n# T\n' > n.md
$ lets transform n.md --delete a
? 2
--- stderr
a is ambiguous (1 alias still uses its anchor)
  n.md:3	b: *x
  each alias to &x would be left with no anchor, which no YAML loader reads: give the alias its value (lets edit n.md --old '*x' --new 1), then re-run
ERROR_CODE=ambiguous
--- file n.md
---
a: &x 1
b: *x
---
# T

### --json: the aliases reached are an omission of their own
% printf 'a: &x 1\nb: *x\n' > f.yaml
$ lets transform f.yaml --set a=2 --json | grep -o '"omitted":\[[^]]*\]'
? 0
"omitted":[{"aliases_reached":{"key":"a","aliases":1}}]
--- file f.yaml
a: &x 2
b: *x
