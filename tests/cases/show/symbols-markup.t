# #name in Markdown (sections), JSON, JSONC, YAML and TOML (key paths) — README.md, config.json,
# settings.jsonc, ci.yaml, Cargo.toml.
# Spans (decided for lets, stated in src/symbols/ts_rules.c): the whole definition node plus the
# wrappers and decorators/attributes written before it; a leading comment, doc comments included,
# is never part of the span. Expected line ranges were read off the fixture files by hand; sha and
# token counts are not what these cases test.

### a quoted heading with a space runs to the next heading of the same or higher level
@fixture symbols
$ lets show "README.md#'From source'"
── README.md#'From source'  (9-15 of 30 · via tree-sitter) · sha:[..]
 9 	### From source
10 	
11 	```sh
12 	# Build
13 	make && make check
14 	```
15 	
── showed 1 target · 7 lines · ~[..] tokens

### a heading's section keeps its trailing blank line
@fixture symbols
$ lets show README.md#Linux
── README.md#Linux  (16-19 of 30 · via tree-sitter) · sha:[..]
16 	### Linux
17 	
18 	Use the static binary.
19 	
── showed 1 target · 4 lines · ~[..] tokens

### a setext heading ends the section of an ATX heading of the same level
@fixture symbols
$ lets show README.md#Usage
── README.md#Usage  (20-23 of 30 · via tree-sitter) · sha:[..]
20 	## Usage
21 	
22 	lets show FILE
23 	
── showed 1 target · 4 lines · ~[..] tokens

### a setext heading
@fixture symbols
$ lets show README.md#Advanced
── README.md#Advanced  (24-28 of 30 · via tree-sitter) · sha:[..]
24 	Advanced
25 	--------
26 	
27 	Budgets and windows.
28 	
── showed 1 target · 5 lines · ~[..] tokens

### two headings with the same text
@fixture symbols
$ lets show README.md#Install
? 2
--- stderr
README.md#Install is ambiguous (2 candidates)
  README.md:5	## Install
  README.md:29	## Install
  pick line 5: README.md:5-19
  pick line 29: README.md:29-30
ERROR_CODE=ambiguous

### a # line inside a code block is not a heading
@fixture symbols
$ lets show README.md#Build
? 1
--- stderr
#Build (try @'Build') not found in README.md#Build
ERROR_CODE=not_found

### the top heading spans the file
@fixture symbols
$ lets show README.md#lets
── README.md#lets  (1-30 of 30 · via tree-sitter) · sha:[..]
 1 	# lets
 2 	
 3 	A file tool for agents.
 4 	
 5 	## Install
 6 	
 7 	Run `make`.
 8 	
 9 	### From source
10 	
11 	```sh
12 	# Build
13 	make && make check
14 	```
15 	
16 	### Linux
17 	
18 	Use the static binary.
19 	
20 	## Usage
21 	
22 	lets show FILE
23 	
24 	Advanced
25 	--------
26 	
27 	Budgets and windows.
28 	
29 	## Install
30 	Duplicate heading, second section.
── showed 1 target · 30 lines · ~[..] tokens

### JSON: a key path
@fixture symbols
$ lets show config.json#server.port
── config.json#server.port  (4-4 of 13 · via tree-sitter) · sha:[..]
4 	    "port": 8080,
── showed 1 target · 1 line · ~[..] tokens

### JSON: a key that occurs twice
@fixture symbols
$ lets show config.json#port
? 2
--- stderr
config.json#port is ambiguous (2 candidates)
  config.json:4	    "port": 8080,
  config.json:10	    { "name": "gitty", "port": 1 }
  from the root: #$.server.port · #$.plugins.port
ERROR_CODE=ambiguous

### JSON: an object value spans its lines
@fixture symbols
$ lets show config.json#tls
── config.json#tls  (5-7 of 13 · via tree-sitter) · sha:[..]
5 	    "tls": {
6 	      "cert": "a.pem"
7 	    }
── showed 1 target · 3 lines · ~[..] tokens

### JSON: a key with a dot in it is written quoted
@fixture symbols
$ lets show 'config.json#"a.b"'
── config.json#"a.b"  (12-12 of 13 · via tree-sitter) · sha:[..]
12 	  "a.b": true
── showed 1 target · 1 line · ~[..] tokens

### JSON: the key with a dot, unquoted, is ambiguous (issue 26 item 5: one key-path grammar)
@fixture symbols
$ lets show config.json#a.b
? 2
--- stderr
config.json#a.b is ambiguous (1 candidate)
  config.json:12	  "a.b": true
  a dot separates keys; quote a key that holds one: config.json#"a.b"
ERROR_CODE=ambiguous

### JSON: a path through an array
@fixture symbols
$ lets show config.json#plugins.name
── config.json#plugins.name  (10-10 of 13 · via tree-sitter) · sha:[..]
10 	    { "name": "gitty", "port": 1 }
── showed 1 target · 1 line · ~[..] tokens

### JSONC: comments and trailing commas
@fixture symbols
$ lets show settings.jsonc#editor
── settings.jsonc#editor  (3-5 of 6 · via tree-sitter) · sha:[..]
3 	  "editor": {
4 	    "tabSize": 4, /* spaces */
5 	  },
── showed 1 target · 3 lines · ~[..] tokens

### YAML: a three-part key path
@fixture symbols
$ lets show ci.yaml#jobs.test.runs-on
── ci.yaml#jobs.test.runs-on  (8-8 of 15 · via tree-sitter) · sha:[..]
8 	    runs-on: debian
── showed 1 target · 1 line · ~[..] tokens

### YAML: a key in two jobs
@fixture symbols
$ lets show ci.yaml#runs-on
? 2
--- stderr
ci.yaml#runs-on is ambiguous (2 candidates)
  ci.yaml:8	    runs-on: debian
  ci.yaml:15	    runs-on: debian
  from the root: #$.jobs.test.runs-on · #$.jobs.lint.runs-on
ERROR_CODE=ambiguous

### YAML: a quoted key
@fixture symbols
$ lets show ci.yaml#lint
── ci.yaml#lint  (14-15 of 15 · via tree-sitter) · sha:[..]
14 	  "lint":
15 	    runs-on: debian
── showed 1 target · 2 lines · ~[..] tokens

### YAML: keys in sequence items
@fixture symbols
$ lets show ci.yaml#steps.name
? 2
--- stderr
ci.yaml#steps.name is ambiguous (2 candidates)
  ci.yaml:10	      - name: checkout
  ci.yaml:12	      - name: "make check"
ERROR_CODE=ambiguous

### TOML: a table spans its pairs, not the blank line after them
@fixture symbols
$ lets show Cargo.toml#package
── Cargo.toml#package  (1-3 of 15 · via tree-sitter) · sha:[..]
1 	[package]
2 	name = "lets"
3 	version = "0.0.1"
── showed 1 target · 3 lines · ~[..] tokens

### TOML: a key in a dotted table
@fixture symbols
$ lets show Cargo.toml#profile.release.lto
── Cargo.toml#profile.release.lto  (10-10 of 15 · via tree-sitter) · sha:[..]
10 	lto = true
── showed 1 target · 1 line · ~[..] tokens

### TOML: a dotted key
@fixture symbols
$ lets show Cargo.toml#tree-sitter.version
── Cargo.toml#tree-sitter.version  (7-7 of 15 · via tree-sitter) · sha:[..]
7 	tree-sitter.version = "0.25"
── showed 1 target · 1 line · ~[..] tokens

### TOML: the same key in two tables
@fixture symbols
$ lets show Cargo.toml#name
? 2
--- stderr
Cargo.toml#name is ambiguous (2 candidates)
  Cargo.toml:2	name = "lets"
  Cargo.toml:14	name = "lets"
  from the root: #$.package.name · #$.bin.name
ERROR_CODE=ambiguous

### TOML: a key of an array of tables
@fixture symbols
$ lets show Cargo.toml#bin.path
── Cargo.toml#bin.path  (15-15 of 15 · via tree-sitter) · sha:[..]
15 	path = "src/main.rs"
── showed 1 target · 1 line · ~[..] tokens

### a heading with inline code answers to its text without the backticks
% printf '# Doc\n\n## The `show` verb\n\ntext\n\n## Other\n' > verbs.md
$ lets show "verbs.md#'The show verb'"
── verbs.md#'The show verb'  (3-6 of 7 · via tree-sitter) · sha:[..]
3 	## The `show` verb
4 	
5 	text
6 	
── showed 1 target · 4 lines · ~[..] tokens

### the heading as written still matches (control for the one above)
% printf '# Doc\n\n## The `show` verb\n\ntext\n\n## Other\n' > verbs.md
$ lets show "verbs.md#'The \`show\` verb'"
── verbs.md#'The `show` verb'  (3-6 of 7 · via tree-sitter) · sha:[..]
3 	## The `show` verb
4 	
5 	text
6 	
── showed 1 target · 4 lines · ~[..] tokens

### an extension matches ignoring case: C.JSON and c.json resolve #key through the same grammar
# spec-silent: one languages table (symbols/lang.c) with one case rule for show and edit's check
@env LETS_NO_STATS=1
% printf '{\n  "a": 1,\n  "b": 2\n}\n' > C.JSON; cp C.JSON c.json
$ lets show 'C.JSON#b' 'c.json#b'
── C.JSON#b  (3-3 of 4 · via tree-sitter) · sha:[..]
3 	  "b": 2
── c.json#b  (3-3 of 4 · via tree-sitter) · sha:[..]
3 	  "b": 2
── showed 2 targets · 2 lines
