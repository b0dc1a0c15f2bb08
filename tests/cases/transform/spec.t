# lets transform: the spec's own examples (reference.md "lets transform", output-format.md §8, §10).
# Fixture transform: config.json is the spec's (sha bfe3e156b1ce before, 01c03fe96fd3 after, as
# the spec prints them); config/settings.yaml is the spec's delete example (8246dbee199f →
# 72dd850c63b5, the spec's); Cargo.toml puts [[bin]]'s keys on lines 5 and 6 as the spec shows.
# Costs: bytes = region lines, each with its newline (84 B → ~21 tokens for the first example).

### the spec's first example: two sets, comments and the rest of the file kept
@fixture transform
$ lets transform config.json --set features.e2e=false --set review.threads=3
── config.json · json · set features.e2e, review.threads · lines 3, 4
1 	{
2 	  // feature flags
3~	  "features": { "e2e": false },
4~	  "review": { "threads": 3 }
5 	}
── check: json ok · sha:bfe3e156b1ce→01c03fe96fd3 · ~21 tokens
--- file config.json
{
  // feature flags
  "features": { "e2e": false },
  "review": { "threads": 3 }
}

### the file holds exactly the two new values and every other byte
@fixture transform
$ lets transform config.json --set features.e2e=false --set review.threads=3 -q && cat config.json
── check: json ok · sha:bfe3e156b1ce→01c03fe96fd3 · ~21 tokens
{
  // feature flags
  "features": { "e2e": false },
  "review": { "threads": 3 }
}

### control: a path that is not there writes nothing
@fixture transform
$ lets transform config.json --set features.e2e=false --set reviews.threads.x[0]=3; echo "exit $?"; cat config.json
exit 1
{
  // feature flags
  "features": { "e2e": true },
  "review": { "threads": 1 }
}
--- stderr
path not found in reviews.threads.x[0]
ERROR_CODE=not_found

### the spec's delete: the only child goes, its parent becomes an empty mapping
@fixture transform
@env LETS_NO_STATS=1
$ lets transform config/settings.yaml --delete legacy.token && cat config/settings.yaml
── config/settings.yaml · yaml · delete legacy.token · line 4
1 	allow:
2 	  - ls
3~	legacy: {}
4-	  token: abc123 # remove me          (deleted)
── check: yaml ok · sha:8246dbee199f→72dd850c63b5
allow:
  - ls
legacy: {}

### the spec's ambiguous selector: both candidates listed, nothing written
@fixture transform
$ lets transform compose.yaml --set 'services[name=web].image=c'; echo "exit $?"; cat compose.yaml
exit 2
services:
  - name: web
    image: a
  - name: web
    image: b
  - name: db
    image: pg
--- stderr
services[name=web].image is ambiguous (2 candidates)
  compose.yaml:2	services[0].name="web"
  compose.yaml:4	services[1].name="web"
ERROR_CODE=ambiguous

### a selector that names one element resolves to its index, and the footer says so
@fixture transform
@env LETS_NO_STATS=1
$ lets transform compose.yaml --set 'services[name=db].image=postgres:16' && cat compose.yaml
── compose.yaml · yaml · set services[2].image · line 7
5 	    image: b
6 	  - name: db
7~	    image: postgres:16
── check: yaml ok · sha:[..]→[..] · services[name=db].image → services[2].image
services:
  - name: web
    image: a
  - name: web
    image: b
  - name: db
    image: postgres:16

### a selector with no match lists the values the field held, naming the whole path asked for
# issue 27 item 3: <selector path> is the path as typed, selector and all that follows it
@fixture transform
$ lets transform compose.yaml --set 'services[name=api].image=x'
? 1
--- stderr
an element with name="api" (values seen: "web", "web", "db") not found in services[name=api].image
ERROR_CODE=not_found

### the spec's array-of-tables append: a new [[bin]] after the last one, a blank line before it
@fixture transform
@env LETS_NO_STATS=1
$ lets transform Cargo.toml --append 'bin[]={"name":"b","path":"src/b.rs"}' && cat Cargo.toml
── Cargo.toml · toml · append bin · line 8
 5 	name = "a"
 6 	path = "src/a.rs"
 7+	
 8+	[[bin]]
 9+	name = "b"
10+	path = "src/b.rs"
── check: toml ok · sha:[..]→[..]
[package]
name = "x"

[[bin]]
name = "a"
path = "src/a.rs"

[[bin]]
name = "b"
path = "src/b.rs"

### the spec's tagged YAML node is refused, never corrupted
@fixture transform
$ lets transform tags.yaml --append tags=wiki; echo "exit $?"; cat tags.yaml
exit 7
tags: !!set {a: null}
base: &b {x: 1}
other: *b
list:
  - *b
--- stderr
tags.yaml is unsupported: tags cannot be changed in place (a tagged YAML node)
ERROR_CODE=unsupported_file

### frontmatter: a YAML edit between the fences; a date-looking value is written as typed
@fixture transform
@env LETS_NO_STATS=1
$ lets transform docs/note.md --set last_updated=2026.09.16 && cat docs/note.md
── docs/note.md · frontmatter · set last_updated · line 4
2 	title: Notes
3 	tags: [moc]
4~	last_updated: 2026.09.16
5 	---
6 	# Notes
── check: frontmatter ok · sha:[..]→[..]
---
title: Notes
tags: [moc]
last_updated: 2026.09.16
---
# Notes

Body.

### output-format §8: an append and a delete; removed lines carry the number of the line after them
@fixture transform
@env LETS_NO_STATS=1
$ lets transform list.yaml --append 'list[]=y' --delete gone && cat list.yaml
── list.yaml · yaml · append list, delete gone · lines 3, 4
1 	list:
2 	  - x
3+	  - y
4-	gone:          (deleted)
4-	  k: v          (deleted)
4 	kept: 2
── check: yaml ok · sha:[..]→[..]
list:
  - x
  - y
kept: 2

### --json: format, operations, lines, region, check and sha (output-format §10)
@fixture transform
@env LETS_NO_STATS=1
$ lets transform config.json --set review.threads=3 --json
{"path":"config.json","format":"json","operations":[{"op":"set","key":"review.threads"}],"lines":[4],"region":{"start":2,"end":5,"lines":[{"number":2,"marker":"none","text":"  // feature flags"},{"number":3,"marker":"none","text":"  \"features\": { \"e2e\": true },"},{"number":4,"marker":"replaced","text":"  \"review\": { \"threads\": 3 }"},{"number":5,"marker":"none","text":"}"}]},"check":{"layer":"json","status":"ok","errors_before":0,"errors_after":0},"sha":{"before":"bfe3e156b1ce","after":"[..]"},"omitted":[],"stats":{"lines":4,"bytes":81,"tokens_est":null}}
--- file config.json
{
  // feature flags
  "features": { "e2e": true },
  "review": { "threads": 3 }
}

### --jsonl: the transform object, then the stats/omitted record
@fixture transform
@env LETS_NO_STATS=1
$ lets transform list.yaml --delete gone --jsonl
{"path":"list.yaml","format":"yaml","operations":[{"op":"delete","key":"gone"}],"lines":[3],"region":{"start":1,"end":3,"lines":[{"number":1,"marker":"none","text":"list:"},{"number":2,"marker":"none","text":"  - x"},{"number":3,"marker":"deleted","text":"gone:"},{"number":3,"marker":"deleted","text":"  k: v"},{"number":3,"marker":"none","text":"kept: 2"}]},"check":{"layer":"yaml","status":"ok","errors_before":0,"errors_after":0},"sha":{"before":"[..]","after":"[..]"}}
{"stats":{"lines":5,"bytes":33,"tokens_est":null},"omitted":[]}
--- file list.yaml
list:
  - x
kept: 2

### -q prints the footer line only
@fixture transform
$ lets transform list.yaml --delete gone -q
── check: yaml ok · sha:[..]→[..] · ~8 tokens
--- file list.yaml
list:
  - x
kept: 2
