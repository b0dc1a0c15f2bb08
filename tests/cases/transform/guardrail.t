# The guardrail loads what it passes (issue 28 item 3): edit's YAML check refuses an alias to no
# anchor; a JSON key written twice is ambiguous for delete; a 5,000-digit integer is valid JSON.

### edit: removing an anchor an alias uses no longer loads: invalid yaml, reverted, exit 3
% printf 'a: &x 1\nb: *x\n' > f.yaml
$ lets edit f.yaml --old 'a: &x 1' --new 'a: 1'
? 3
── f.yaml · 1 replacement · line 1 · REVERTED
1~	a: 1          ← invalid yaml
2 	b: *x
── check: invalid → reverted · file unchanged · sha:cb995d8aebe9 · ~[..] tokens
--- stderr
structured check failed for f.yaml: invalid
ERROR_CODE=check_failed
--- file f.yaml
a: &x 1
b: *x

### edit: the same with a merge base (<<: *b)
% printf 'b: &b {x: 1}\nc:\n  <<: *b\n  y: 2\n' > m.yaml
$ lets edit m.yaml --old 'b: &b {x: 1}' --new 'b: {x: 1}'
? 3
── m.yaml · 1 replacement · line 1 · REVERTED
1~	b: {x: 1}          ← invalid yaml
2 	c:
3 	  <<: *b
── check: invalid → reverted · file unchanged · sha:[..] · ~[..] tokens
--- stderr
structured check failed for m.yaml: invalid
ERROR_CODE=check_failed
--- file m.yaml
b: &b {x: 1}
c:
  <<: *b
  y: 2

### control: edit keeps the anchor and changes its value: the file loads, ok
% printf 'a: &x 1\nb: *x\n' > f.yaml
$ lets edit f.yaml --old 'a: &x 1' --new 'a: &x 2'
? 0
── f.yaml · 1 replacement · line 1 · exact
1~	a: &x 2
2 	b: *x
── check: yaml ok · sha:cb995d8aebe9→ebff4bc215a1 · ~[..] tokens
--- file f.yaml
a: &x 2
b: *x

### JSON: deleting a key written twice is ambiguous, both written places named
% printf '{"a": 1, "a": 2}\n' > d.json
$ lets transform d.json --delete a
? 2
--- stderr
a is ambiguous (2 candidates)
  d.json:1	{"a": 1, "a": 2}
  d.json:1	{"a": 1, "a": 2}
  the key a is written 2 times in one object: keep one with lets edit, then re-run
ERROR_CODE=ambiguous
--- file d.json
{"a": 1, "a": 2}

### control: a key written once is deleted
% printf '{"a": 1, "b": 2}\n' > d.json
$ lets transform d.json --delete a
? 0
── d.json · json · delete a · line 1
1~	{"b": 2}
── check: json ok · sha:[..]→[..] · ~[..] tokens
--- file d.json
{"b": 2}

### a 5,000-digit integer is valid JSON: transform sets beside it, edit edits beside it
@scratch big.json
% d=$(printf '1%.0s' $(seq 5000)); printf '{"n": %s}\n' "$d" > big.json; printf '{"n": %s, "m": 2}\n' "$d" > want.json
$ lets transform big.json --set m=1 -q && lets edit big.json --old '"m": 1' --new '"m": 2' -q && cmp big.json want.json && echo same
? 0
── check: json ok · sha:[..]→[..] · 1 long line cut · ~[..] tokens
── check: json ok · sha:[..]→[..] · 1 long line cut · ~[..] tokens
same

### control: the same number in an object left open is invalid JSON, refused
% d=$(printf '1%.0s' $(seq 5000)); printf '{"n": %s\n' "$d" > bad.json
$ lets transform bad.json --set m=1 -q
? 3
--- stderr
structured check failed for bad.json: [..]
ERROR_CODE=check_failed
