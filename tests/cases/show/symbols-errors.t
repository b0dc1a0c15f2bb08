# #name targets: the spec's example, failures (not_found, ambiguous with its 20-line cap,
# no_grammar), names that are literal text, and bad input (parse errors, a minified file).
# no_grammar (decided for lets, see src/symbols/symbols.c): 0.0.1 reports a #name no line
# matches on a grammar-less text file as not_found (spec, exit-code table), so no_grammar is kept
# for a grammar-less file the plaintext heuristic cannot read as text: one holding invalid UTF-8.

### the spec's example: a function by name, via tree-sitter
$ lets show src/usage.ts#usage
── src/usage.ts#usage  (3-9 of 13 · via tree-sitter) · sha:[..]
3 	export function usage(id: string) {
4 	  const now = Date.now()
5 	  const cap = 10
6 	  if (!id) return
7 	  if (count(id) > cap) return
8 	  return total(id, now)
9 	}
── showed 1 target · 7 lines · ~38 tokens

### a second function of the same file (control: a different span)
$ lets show src/usage.ts#total
── src/usage.ts#total  (11-13 of 13 · via tree-sitter) · sha:[..]
11 	function total(id: string, now: number) {
12 	  return now
13 	}
── showed 1 target · 3 lines · ~[..] tokens

### a nested name that does not exist: not_found with the @'regex' hint
$ lets show src/usage.ts#Outer.inner
? 1
--- stderr
#Outer.inner (try @'Outer.inner') not found in src/usage.ts#Outer.inner
ERROR_CODE=not_found

### a quoted markdown heading
$ lets show "small.md#'Bottom line'"
── small.md#'Bottom line'  (5-12 of 15 · via tree-sitter) · sha:[..]
 5 	## Bottom line
 6 	
 7 	Read, find, edit and transform in one call.
 8 	The footer names what was left out.
 9 	
10 	- show
11 	- find
12 	
── showed 1 target · 8 lines · ~[..] tokens

### a failing #name beside a good target: the good one is shown, the footer names the failure
$ lets show src/usage.ts#nope src/config.ts:1
? 1
── src/config.ts:1  (1-1 of 2) · sha:4f49d457dfea
1 	export const usageCap = 10
── showed 1 target · 1 line · src/usage.ts#nope failed (not_found) · ~6 tokens
--- stderr
#nope (try @'nope') not found in src/usage.ts#nope
ERROR_CODE=not_found

### --json with only a failing #name target: the error shape
$ lets show src/usage.ts#nope --json
? 1
{"error":{"slug":"not_found","message":"#nope (try @'nope') not found in src/usage.ts#nope"},"omitted":[],"stats":{"lines":0,"bytes":0,"tokens_est":null}}
--- stderr
#nope (try @'nope') not found in src/usage.ts#nope
ERROR_CODE=not_found

### more than 20 candidates: 20 are listed, then the count of the rest
% printf 'package many\n\n' > many.go
% for i in $(seq 1 23); do printf 'func (t T%d) Get() {}\n' $i; done >> many.go
$ lets show many.go#Get
? 2
--- stderr
many.go#Get is ambiguous (23 candidates)
  many.go:3	func (t T1) Get() {}
  many.go:4	func (t T2) Get() {}
  many.go:5	func (t T3) Get() {}
  many.go:6	func (t T4) Get() {}
  many.go:7	func (t T5) Get() {}
  many.go:8	func (t T6) Get() {}
  many.go:9	func (t T7) Get() {}
  many.go:10	func (t T8) Get() {}
  many.go:11	func (t T9) Get() {}
  many.go:12	func (t T10) Get() {}
  many.go:13	func (t T11) Get() {}
  many.go:14	func (t T12) Get() {}
  many.go:15	func (t T13) Get() {}
  many.go:16	func (t T14) Get() {}
  many.go:17	func (t T15) Get() {}
  many.go:18	func (t T16) Get() {}
  many.go:19	func (t T17) Get() {}
  many.go:20	func (t T18) Get() {}
  many.go:21	func (t T19) Get() {}
  many.go:22	func (t T20) Get() {}
  (+3 more)
ERROR_CODE=ambiguous

### exactly 20 candidates: no (+N more) line (control for the one above)
% printf 'package many\n\n' > many.go
% for i in $(seq 1 20); do printf 'func (t T%d) Get() {}\n' $i; done >> many.go
$ lets show many.go#T20.Get
── many.go#T20.Get  (22-22 of 22 · via tree-sitter) · sha:[..]
22 	func (t T20) Get() {}
── showed 1 target · 1 line · ~[..] tokens

### a name with regex metacharacters is literal text
@fixture symbols
% printf '# Notes\n\n## a.*b (x|y)\n\nliteral\n\n## ab x\n\nother\n' > meta.md
$ lets show "meta.md#'a.*b (x|y)'"
── meta.md#'a.*b (x|y)'  (3-6 of 9 · via tree-sitter) · sha:[..]
3 	## a.*b (x|y)
4 	
5 	literal
6 	
── showed 1 target · 4 lines · ~[..] tokens

### a regex that would match a definition finds nothing as a name
@fixture symbols
$ lets show 'store.go#Op.*'
? 1
--- stderr
#Op.* (try @'Op.*') not found in store.go#Op.*
ERROR_CODE=not_found

### shell metacharacters in a name are literal text
@fixture symbols
$ lets show 'store.go#$(id)'
? 1
--- stderr
#$(id) (try @'$(id)') not found in store.go#$(id)
ERROR_CODE=not_found

### no_grammar: a grammar-less file holding invalid UTF-8, where no line matches
@fixture symbols
$ lets show legacy.pyx#latin1
? 1
--- stderr
legacy.pyx is unsupported: no grammar for .pyx · use a :line, :a-b or @'regex' target
ERROR_CODE=no_grammar

### the same file still resolves a name the heuristic finds (control for the one above)
@fixture symbols
$ lets show legacy.pyx#plain
── legacy.pyx#plain  (4-5 of 6 · via heuristic (plaintext)) · sha:[..]
4 	def plain():
5 	    return 1
── showed 1 target · 2 lines · ~[..] tokens

### a file with parse errors still resolves the definitions that parse
% printf 'function good() {\n  return 1\n}\n\nfunction bad( {\n  return 2\n\nfunction after() {\n  return 3\n}\n' > broken.ts
$ lets show broken.ts#good
── broken.ts#good  (1-3 of 10 · via tree-sitter) · sha:[..]
1 	function good() {
2 	  return 1
3 	}
── showed 1 target · 3 lines · ~[..] tokens

### a 5 MB minified one-line JavaScript file: a function in the middle of the line
% awk 'BEGIN { for (i = 0; i < 60000; i++) printf "function f%d(a,b){var c=a+b*%d;return c}var x%d=f%d(1,2);", i, i, i, i; printf "\n" }' > min.js
$ lets show min.js#f31234 --no-numbers
── min.js#f31234  (1-1 of 1 · via tree-sitter) · sha:[..]
[..]
── showed 1 target · 1 line · 1 long line cut · ~[..] tokens

### the minified file: a name it does not hold is not_found
% awk 'BEGIN { for (i = 0; i < 60000; i++) printf "function f%d(a,b){var c=a+b*%d;return c}var x%d=f%d(1,2);", i, i, i, i; printf "\n" }' > min.js
$ lets show min.js#g1
? 1
--- stderr
#g1 (try @'g1') not found in min.js#g1
ERROR_CODE=not_found
