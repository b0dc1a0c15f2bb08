# Issue 26 item 5: edit's #symbol anchors on data files read the key-path grammar.

### an insert after a quoted key holding a dot
@env LETS_NO_STATS=1
% printf 'dependencies:\n  my.dep: 1\nother: 2\n' > f.yaml
$ lets edit f.yaml --insert-after '#dependencies."my.dep"' --new '  your.dep: 3' -q
[..]
--- file f.yaml
dependencies:
  my.dep: 1
  your.dep: 3
other: 2

### the unquoted anchor is ambiguous and nothing is written
% printf 'dependencies:\n  my.dep: 1\nother: 2\n' > f.yaml
$ lets edit f.yaml --insert-after '#dependencies.my.dep' --new '  your.dep: 3'
? 2
--- stderr
f.yaml is ambiguous (1 candidate)
  f.yaml:2	  my.dep: 1
  a dot separates keys; quote a key that holds one: f.yaml#dependencies."my.dep"
ERROR_CODE=ambiguous
--- file f.yaml
dependencies:
  my.dep: 1
other: 2
