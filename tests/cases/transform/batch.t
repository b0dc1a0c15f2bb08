# transform --from -: the JSONL batch's forms (issue 27 item 4). Each line names a "file" and its
# operations: "set" and "append" take a string ("path=value", as --set/--append take it), an array
# of such strings, or an object of path -> value; "delete" takes a string or an array of paths.
# Operations apply in the order their keys (and an object's members) appear.
# spec-silent: in the object form each value is JSON as written, whatever the key held before: a
# JSON string is written as a string, a number as a number with the digits typed (3.10 stays
# 3.10); the string forms keep --set's rule (a key holding a string keeps a string). A malformed
# batch names its first bad line and only that one.

### "set" as an object of path -> value
% printf '{\n  "a": 1,\n  "b": "x"\n}\n' > c.json
@env LETS_NO_STATS=1
--- stdin
{"file": "c.json", "set": {"a": 2}}
$ lets transform --from -
── c.json · json · set a · line 2
1 	{
2~	  "a": 2,
3 	  "b": "x"
4 	}
── 1 file · 1 operation · all applied · checks: json ok ×1
--- file c.json
{
  "a": 2,
  "b": "x"
}

### control: the same change as a string and as an array of strings (--set's rule)
% printf '{\n  "a": 1,\n  "b": "x"\n}\n' > c.json && printf '{\n  "a": 1\n}\n' > d.json
@env LETS_NO_STATS=1
--- stdin
{"file": "c.json", "set": "a=2"}
{"file": "d.json", "set": ["a=2"]}
$ lets transform --from - -q
── 2 files · 2 operations · all applied · checks: json ok ×2
--- file c.json
{
  "a": 2,
  "b": "x"
}
--- file d.json
{
  "a": 2
}

### an object's members apply in order, each value as JSON types it: 2 is a number, "3" a string
% printf '{\n  "a": 1,\n  "b": "x"\n}\n' > c.json
@env LETS_NO_STATS=1
--- stdin
{"file": "c.json", "set": {"b": 2, "v": 3.10, "list": [1, "two"], "name": "3"}}
$ lets transform --from - -q
── 1 file · 4 operations · all applied · checks: json ok ×1
--- file c.json
{
  "a": 1,
  "b": 2,
  "v": 3.10,
  "list": [1, "two"],
  "name": "3"
}

### "append" as an object, "delete" as a string and as an array, in one batch
% printf 'list:\n  - x\ngone: 1\nkept: 2\n' > l.yaml && printf '{\n  "a": 1,\n  "b": 2,\n  "c": 3\n}\n' > c.json
@env LETS_NO_STATS=1
--- stdin
{"file": "l.yaml", "append": {"list": "z"}, "delete": "gone"}
{"file": "c.json", "delete": ["a", "b"]}
$ lets transform --from - -q
── 2 files · 4 operations · all applied · checks: json ok ×1, yaml ok ×1
--- file l.yaml
list:
  - x
  - z
kept: 2
--- file c.json
{
  "c": 3
}

### "delete" as an object is malformed: exit 64, nothing written
% printf '{\n  "a": 1\n}\n' > c.json
--- stdin
{"file": "c.json", "delete": {"a": 1}}
$ lets transform --from -
? 64
--- stderr
malformed --from - input: line 1: "delete" must be a string or an array of strings
ERROR_CODE=usage
--- file c.json
{
  "a": 1
}

### a malformed batch names its first bad line and only that one, nothing written
% printf '{\n  "a": 1\n}\n' > c.json
--- stdin
{"file": "c.json", "set": {"a": 2}}
{"file": "c.json", "set": 5}
not json
{"file": "c.json", "bogus": 1}
$ lets transform --from -
? 64
--- stderr
malformed --from - input: line 2: "set" must be a string, an array of strings or an object of paths and values
ERROR_CODE=usage
--- file c.json
{
  "a": 1
}

### an array holding a non-string is malformed
% printf '{\n  "a": 1\n}\n' > c.json
--- stdin
{"file": "c.json", "append": ["a=1", 2]}
$ lets transform --from -
? 64
--- stderr
malformed --from - input: line 1: "append" must be a string, an array of strings or an object of paths and values
ERROR_CODE=usage
--- file c.json
{
  "a": 1
}

### control: the string form keeps --set's rule, where the object form writes the JSON type
% printf '{\n  "b": "x"\n}\n' > c.json && printf '{\n  "b": "x"\n}\n' > d.json
@env LETS_NO_STATS=1
--- stdin
{"file": "c.json", "set": "b=2"}
{"file": "d.json", "set": {"b": 2}}
$ lets transform --from - -q
── 2 files · 2 operations · all applied · checks: json ok ×2
--- file c.json
{
  "b": "2"
}
--- file d.json
{
  "b": 2
}
