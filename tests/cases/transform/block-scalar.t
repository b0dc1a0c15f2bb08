# A YAML block scalar's value is the same however the file goes on after it (issue 28 item 6,
# a fuzz finding): tree-sitter ends the scalar after its last line break at the end of the file
# and before it when a line follows, and the meaning proof once read those as two values.

### a key set after an empty block scalar at the end of the file: d stays "", ok
% printf 'a: 1\nd: |\n' > f.yaml
$ lets transform f.yaml --set e=1
── f.yaml · yaml · set e · line 3
1 	a: 1
2 	d: |
3+	e: 1
── check: yaml ok · sha:bb98185209cd→1be9f46492de · ~3 tokens
--- file f.yaml
a: 1
d: |
e: 1

### a key set after a block scalar with content at the end: d stays "x\n", ok
% printf 'd: |\n  x\n' > f.yaml
$ lets transform f.yaml --set e=1 -q
── check: yaml ok · sha:[..] · ~[..] tokens
--- file f.yaml
d: |
  x
e: 1

### control: a kept block scalar keeps its blank line (d stays "x\n\n"), ok
% printf 'd: |+\n  x\n\n' > k.yaml
$ lets transform k.yaml --set e=1 -q
── check: yaml ok · sha:[..] · ~[..] tokens
--- file k.yaml
d: |+
  x

e: 1
