# Many operations on one file (issue 28 item 1): each operation sees what the ones before it did,
# whether a --set of a scalar is queued on the model as built (parsed once for the whole run) or
# the file is parsed again. Each case mixes queued sets with the shapes that cannot be queued:
# a set then a set of a child of it, a scalar set twice, two appends to one array, a delete then
# a set of the same key, and operations in two JSONL lines naming one file.

### JSON: set then set a child, set twice, append twice, delete then set again
% printf '{\n  "a": 1,\n  "b": {"c": 1},\n  "l": [1, 2],\n  "n": null\n}\n' > j.json
$ lets transform j.json --set a=5 --set b.c=2 --set b.c=3 --set 'n={"e": 1}' --set n.f=2 --append 'l[]=3' --append 'l[]=4' --delete a --set a=9
── j.json · json · set a, b.c, b.c, n, n.f, a, append l, l, delete a · lines 2, 3, 4, 5
1 	{
2-	  "a": 5,          (deleted)
2~	  "b": {"c": 3},
3~	  "l": [1, 2, 3, 4],
4~	  "n": {"e": 1, "f": 2},
5+	  "a": 9
6 	}
── check: json ok · sha:[..]→[..] · ~[..] tokens
--- file j.json
{
  "b": {"c": 3},
  "l": [1, 2, 3, 4],
  "n": {"e": 1, "f": 2},
  "a": 9
}

### YAML: the same operations
% printf 'a: 1\nb:\n  c: 1\nl:\n  - 1\n  - 2\nn: null\n' > y.yaml
$ lets transform y.yaml --set a=5 --set b.c=2 --set b.c=3 --set 'n={"e": 1}' --set n.f=2 --append 'l[]=3' --append 'l[]=4' --delete a --set a=9
── y.yaml · yaml · set a, b.c, b.c, n, n.f, a, append l, l, delete a · lines 1, 2, 6, 7, 8, 10, 11
 1-	a: 5          (deleted)
 1 	b:
 2~	  c: 3
 3 	l:
 4 	  - 1
 5 	  - 2
 6+	  - 3
 7+	  - 4
 8~	n:
 9+	  e: 1
10+	  f: 2
11+	a: 9
── check: yaml ok · sha:[..]→[..] · ~[..] tokens
--- file y.yaml
b:
  c: 3
l:
  - 1
  - 2
  - 3
  - 4
n:
  e: 1
  f: 2
a: 9

### TOML: the same operations (a new table goes at the end as a [section])
% printf 'a = 1\nl = [1, 2]\n\n[b]\nc = 1\n' > t.toml
$ lets transform t.toml --set a=5 --set b.c=2 --set b.c=3 --set 'n={"e": 1}' --set n.f=2 --append 'l[]=3' --append 'l[]=4' --delete a --set a=9
── t.toml · toml · set a, b.c, b.c, n, n.f, a, append l, l, delete a · lines 1, 2, 5, 7, 9
1-	a = 5          (deleted)
1~	l = [1, 2, 3, 4]
2+	a = 9
3 	
4 	[b]
5~	c = 3
6+	
7+	[n]
8+	e = 1
9+	f = 2
── check: toml ok · sha:[..]→[..] · ~[..] tokens
--- file t.toml
l = [1, 2, 3, 4]
a = 9

[b]
c = 3

[n]
e = 1
f = 2

### two JSONL lines on one JSON file: the second line sees the first
% printf '{\n  "a": 1,\n  "b": {"c": 1},\n  "l": [1, 2]\n}\n' > j.json
@env LETS_NO_STATS=1
--- stdin
{"file": "j.json", "set": ["a=5", "b.c=2"], "append": "l[]=3"}
{"file": "j.json", "set": ["b.c=3", "a=6", "b.d=1"], "delete": "l[0]"}
$ lets transform --from - -q
── 1 file · 7 operations · all applied · checks: json ok ×1
--- file j.json
{
  "a": 6,
  "b": {"c": 3, "d": 1},
  "l": [2, 3]
}

### two JSONL lines on one YAML file: the second line sees the first
% printf 'a: 1\nb:\n  c: 1\nl: [1, 2]\n' > y.yaml
@env LETS_NO_STATS=1
--- stdin
{"file": "y.yaml", "set": ["a=5", "b.c=2"], "append": "l[]=3"}
{"file": "y.yaml", "set": ["b.c=3", "a=6", "b.d=1"], "delete": "l[0]"}
$ lets transform --from - -q
── 1 file · 7 operations · all applied · checks: yaml ok ×1
--- file y.yaml
a: 6
b:
  c: 3
  d: 1
l: [2, 3]

### two JSONL lines on one TOML file: the second line sees the first
% printf 'a = 1\nl = [1, 2]\n\n[b]\nc = 1\n' > t.toml
@env LETS_NO_STATS=1
--- stdin
{"file": "t.toml", "set": ["a=5", "b.c=2"], "append": "l[]=3"}
{"file": "t.toml", "set": ["b.c=3", "a=6", "b.d=1"], "delete": "l[0]"}
$ lets transform --from - -q
── 1 file · 7 operations · all applied · checks: toml ok ×1
--- file t.toml
a = 6
l = [2, 3]

[b]
c = 3
d = 1

### several sets on one line, one key set twice: the last value stays, one line marked
% printf '{"a": 1, "b": "x", "c": [1, 2]}\n' > o.json
$ lets transform o.json --set a=2 --set b=y --set 'c[1]=3' --set a=4
── o.json · json · set a, b, c[1], a · line 1
1~	{"a": 4, "b": "y", "c": [1, 3]}
── check: json ok · sha:[..]→[..] · ~[..] tokens
--- file o.json
{"a": 4, "b": "y", "c": [1, 3]}

### control: a set that leaves a line's bytes as they were marks no line
% printf '{\n  "a": 1,\n  "b": 2\n}\n' > s.json
$ lets transform s.json --set a=1 --set b=3
── s.json · json · set a, b · lines 2, 3
1 	{
2 	  "a": 1,
3~	  "b": 3
4 	}
── check: json ok · sha:[..]→[..] · ~[..] tokens
--- file s.json
{
  "a": 1,
  "b": 3
}

### a selector after a set reads the value the set wrote
% printf 'l:\n  - name: a\n    v: 1\n  - name: b\n    v: 2\n' > sel.yaml
$ lets transform sel.yaml --set 'l[0].name=c' --set 'l[name=c].v=9' -q
── check: yaml ok · sha:[..]→[..] · ~[..] tokens
--- file sel.yaml
l:
  - name: c
    v: 9
  - name: b
    v: 2

### a CRLF file keeps CRLF through queued sets and a new key
% printf '{\r\n  "a": 1,\r\n  "b": 2\r\n}\r\n' > crlf.json
$ lets transform crlf.json --set a=3 --set c=4 --set b=5 -q; od -c crlf.json
── check: json ok · sha:[..]→[..] · ~[..] tokens
0000000   {  \r  \n           "   a   "   :       3   ,  \r  \n        
0000020   "   b   "   :       5   ,  \r  \n           "   c   "   :    
0000040   4  \r  \n   }  \r  \n
0000046
