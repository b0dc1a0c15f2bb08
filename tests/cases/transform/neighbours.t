# transform keeps types and neighbours (issue 26, item 7): --append into a list of strings appends
# a string; --delete takes the key's own comment lines (directly above it, no blank line between)
# and leaves the next key's; a key written twice in one object is ambiguous, never half-deleted.

### --append of 3.20 to a list of version strings appends the string "3.20" (JSON, YAML, TOML)
@env LETS_NO_STATS=1
% printf '{"python": ["3.9", "3.10"]}\n' > m.json; printf 'python:\n  - "3.9"\n  - "3.10"\n' > m.yaml; printf 'python = ["3.9", "3.10"]\n' > m.toml
$ lets transform m.json --append python=3.20 -q; lets transform m.yaml --append python=3.20 -q; lets transform m.toml --append python=3.20 -q; cat m.json m.yaml m.toml
── check: json ok · sha:[..]→[..]
── check: yaml ok · sha:[..]→[..]
── check: toml ok · sha:[..]→[..]
{"python": ["3.9", "3.10", "3.20"]}
python:
  - "3.9"
  - "3.10"
  - "3.20"
python = ["3.9", "3.10", "3.20"]

### control: a list of numbers, a mixed list and an empty list take the value as JSON reads it
@env LETS_NO_STATS=1
% printf '{"n": [1, 2], "mixed": ["a", 1], "empty": []}\n' > n.json
$ lets transform n.json --append n=3.20 --append mixed=true --append empty=7 -q; cat n.json
── check: json ok · sha:[..]→[..]
{"n": [1, 2, 3.20], "mixed": ["a", 1, true], "empty": [7]}

### control: an object appended to a list of strings stays an object
@env LETS_NO_STATS=1
% printf '{"l": ["a"]}\n' > o.json
$ lets transform o.json --append 'l={"b": 1}' -q; cat o.json
── check: json ok · sha:[..]→[..]
{"l": ["a", {"b": 1}]}

### YAML: --delete takes the key's comment line and leaves the next key's
@env LETS_NO_STATS=1
% printf '# top\na: 1\n# about b\nb: 2\n# about c\nc: 3\n' > k.yaml
$ lets transform k.yaml --delete b
── k.yaml · yaml · delete b · line 3
1 	# top
2 	a: 1
3-	# about b          (deleted)
3-	b: 2          (deleted)
3 	# about c
4 	c: 3
── check: yaml ok · sha:[..]→[..]
--- file k.yaml
# top
a: 1
# about c
c: 3

### control: a comment with a blank line under it is not the key's
@env LETS_NO_STATS=1
% printf 'a: 1\n# section\n\nb: 2\nc: 3\n' > k.yaml
$ lets transform k.yaml --delete b -q
── check: yaml ok · sha:[..]→[..]
--- file k.yaml
a: 1
# section

c: 3

### TOML: a key's comments go with it, in the root and in a table
@env LETS_NO_STATS=1
% printf '# top\na = 1\n# about b\nb = 2\n# about c\nc = 3\n\n[t]\n# about x\nx = 1\n# about y\ny = 2\n' > k.toml
$ lets transform k.toml --delete b --delete t.x -q
── check: toml ok · sha:[..]→[..]
--- file k.toml
# top
a = 1
# about c
c = 3

[t]
# about y
y = 2

### TOML: a deleted table takes its own comment and leaves the comment over the next header
@env LETS_NO_STATS=1
% printf 'a = 1\n\n# about t\n[t]\nx = 1\n\n# about u\n[u]\ny = 2\n' > t.toml
$ lets transform t.toml --delete t -q
── check: toml ok · sha:[..]→[..]
--- file t.toml
a = 1

# about u
[u]
y = 2

### JSONC: the key's // comment goes, the next key's stays
@env LETS_NO_STATS=1
% printf '{\n  // about a\n  "a": 1,\n  // about b\n  "b": 2,\n  // about c\n  "c": 3\n}\n' > k.jsonc
$ lets transform k.jsonc --delete b -q
── check: json ok · sha:[..]→[..]
--- file k.jsonc
{
  // about a
  "a": 1,
  // about c
  "c": 3
}

### JSON: a key written twice in one object is ambiguous for delete, set and append
@env LETS_NO_STATS=1
% printf '{\n  "a": 1,\n  "l": [],\n  "l": [2],\n  "a": 2\n}\n' > dup.json
$ lets transform dup.json --delete a; lets transform dup.json --set a=3; lets transform dup.json --append l=3
? 2
--- stderr
a is ambiguous (2 candidates)
  dup.json:2	"a": 1,
  dup.json:5	"a": 2
  the key a is written 2 times in one object: keep one with lets edit, then re-run
ERROR_CODE=ambiguous
a is ambiguous (2 candidates)
  dup.json:2	"a": 1,
  dup.json:5	"a": 2
  the key a is written 2 times in one object: keep one with lets edit, then re-run
ERROR_CODE=ambiguous
l is ambiguous (2 candidates)
  dup.json:3	"l": [],
  dup.json:4	"l": [2],
  the key l is written 2 times in one object: keep one with lets edit, then re-run
ERROR_CODE=ambiguous
--- file dup.json
{
  "a": 1,
  "l": [],
  "l": [2],
  "a": 2
}

### control: a key repeated in another object is no ambiguity
@env LETS_NO_STATS=1
% printf '{"x": {"a": 1}, "y": {"a": 2}}\n' > two.json
$ lets transform two.json --delete x.a -q; cat two.json
── check: json ok · sha:[..]→[..]
{"x": {}, "y": {"a": 2}}
