# lets edit beyond 0.0.1 (docs/beyond.md): whitespace folding, --line-hint, -w, nearest regions,
# re-indented inserts, ~ on changed lines only, no change. Each writing case dumps the file after.

### folding: --old typed with 4 spaces lands on a Go file's tabs; --new is written in tabs
@env LETS_NO_STATS=1
% printf 'package main\n\nfunc run(x int) int {\n\tif x > 0 {\n\t\ty := x * 2\n\t\treturn y\n\t}\n\treturn 0\n}\n' > run.go
$ lets edit run.go --old $'    if x > 0 {\n        y := x * 2' --new $'    if x > 0 {\n        y := x * 3\n        if y > 9 {\n            y = 9\n        }' && cat -A run.go
── run.go · 1 replacement · lines 4-8 · whitespace-folded
 2 	
 3 	func run(x int) int {
 4 		if x > 0 {
 5~			y := x * 3
 6~			if y > 9 {
 7~				y = 9
 8~			}
 9 			return y
10 		}
── check: structure ok · sha:5c090fdc8b39→bd7072a2962e · whitespace-folded · re-indented
package main$
$
func run(x int) int {$
^Iif x > 0 {$
^I^Iy := x * 3$
^I^Iif y > 9 {$
^I^I^Iy = 9$
^I^I}$
^I^Ireturn y$
^I}$
^Ireturn 0$
}$

### control: --exact turns folding off; the miss names the folded match and the command that applies it
@env LETS_NO_STATS=1
% printf 'package main\n\nfunc run(x int) int {\n\tif x > 0 {\n\t\ty := x * 2\n\t\treturn y\n\t}\n\treturn 0\n}\n' > run.go
$ lets edit run.go --old $'    if x > 0 {\n        y := x * 2' --new 'z' --exact; echo "exit $?"; lets show run.go:4-5
exit 1
── run.go:4-5  (4-5 of 9) · sha:5c090fdc8b39
4 		if x > 0 {
5 			y := x * 2
── showed 1 target · 2 lines
--- stderr
--old (a whitespace-folded match exists at lines 4-5 — drop --exact) not found in run.go
  nearest: line 4		if x > 0 {
  apply it: lets edit run.go --old $'    if x > 0 {\n        y := x * 2' --new 'z'
ERROR_CODE=not_found

### folding: two regions fold alike, so it is ambiguous: both listed with the command that picks each
% printf 'def f(a):\n    if a:\n        return 1\n    return 2\n\ndef g(a):\n    if a:\n        return 1\n    return 3\n' > two.py
$ lets edit two.py --old $'\tif a:\n\t\treturn 1' --new $'\tif a:\n\t\treturn 5'; echo "exit $?"; md5sum two.py
exit 2
fea258c9a13d1f90285a0a0c871eae61  two.py
--- stderr
two.py is ambiguous (2 candidates)
  two.py:2	    if a:  ← in f
  two.py:7	    if a:  ← in g
  pick line 2: lets edit two.py --line-hint 2 --old $'\tif a:\n\t\treturn 1' --new $'\tif a:\n\t\treturn 5'
  pick line 7: lets edit two.py --line-hint 7 --old $'\tif a:\n\t\treturn 1' --new $'\tif a:\n\t\treturn 5'
ERROR_CODE=ambiguous

### folding with --line-hint picks the folded region whose lines hold the hint; --new in 4 spaces
@env LETS_NO_STATS=1
% printf 'def f(a):\n    if a:\n        return 1\n    return 2\n\ndef g(a):\n    if a:\n        return 1\n    return 3\n' > two.py
$ lets edit two.py --old $'\tif a:\n\t\treturn 1' --new $'\tif a:\n\t\treturn 5' --line-hint 8 -q && cat -A two.py
── check: structure ok · sha:6c0b6988eac9→41b6991fef3e · whitespace-folded · re-indented
def f(a):$
    if a:$
        return 1$
    return 2$
$
def g(a):$
    if a:$
        return 5$
    return 3$

### folding across CRLF endings and trailing whitespace: the file keeps CRLF, the line its new text
@env LETS_NO_STATS=1
% printf 'a:\r\n  b: 1   \r\n  c: 2\r\n' > c.yaml
$ lets edit c.yaml --old $'a:\n    b: 1\n    c: 2' --new $'a:\n    b: 7\n    c: 2' && od -An -c c.yaml
── c.yaml · 1 replacement · lines 1-3 · whitespace-folded
1 	a:
2~	  b: 7
3 	  c: 2
── check: yaml ok · sha:f7ece0a1058e→2096e440bd9b · whitespace-folded · re-indented
   a   :  \r  \n           b   :       7  \r  \n           c   :
       2  \r  \n

### folding: a Makefile's recipe tabs survive an --old typed with spaces
@env LETS_NO_STATS=1
% printf 'all: x\n\tcc -o x x.c\n\tstrip x\n' > Makefile
$ lets edit Makefile --old $'    cc -o x x.c\n    strip x' --new $'    cc -O2 -o x x.c\n    strip x' && cat -A Makefile
── Makefile · 1 replacement · lines 2, 3 · whitespace-folded
1 	all: x
2~		cc -O2 -o x x.c
3 		strip x
── sha:05c1f5924077→6de67bd69e01 · check: skipped (no grammar for Makefile) · whitespace-folded · re-indented
all: x$
^Icc -O2 -o x x.c$
^Istrip x$

### control: an exact match always wins over a folded one, and says exact
@env LETS_NO_STATS=1
% printf 'a\n  x = 1\nb\n\tx = 1\n' > e.txt
$ lets edit e.txt --old $'\tx = 1' --new $'\tx = 2' && cat -A e.txt
── e.txt · 1 replacement · line 4 · exact
2 	  x = 1
3 	b
4~		x = 2
── sha:e86687ebb886→d1233d48a1d4 · check: skipped (no grammar for .txt)
a$
  x = 1$
b$
^Ix = 2$

### folding never crosses invalid UTF-8: the region would fold, but holds a bad byte
% printf 'a\n\tx = \xff1\n' > u.txt
$ lets edit u.txt --old $'    x = \xff1' --new 'y'; echo "exit $?"; od -An -c u.txt
exit 1
   a  \n  \t   x       =     377   1  \n
--- stderr
--old not found in u.txt
  nearest: line 2		x = �1
  similarity: 100%
  near: line 2 · 100% · a tab vs 4 spaces at col 1
ERROR_CODE=not_found

### folding under --json: the match word and both omissions
% printf 'if x:\n\ty = 1\n' > j.py
$ lets edit j.py --old '    y = 1' --new '    y = 2' --json --no-check; cat -A j.py
{"path":"j.py","replacements":1,"lines":[2],"match":"whitespace-folded","region":{"start":1,"end":2,"lines":[{"number":1,"marker":"none","text":"if x:"},{"number":2,"marker":"replaced","text":"\ty = 2"}]},"sha":{"before":"[..]","after":"[..]"},"omitted":[{"check_skipped":{"reason":"--no-check"}},"whitespace_folded","reindented"],"stats":{"lines":2,"bytes":73,"tokens_est":18}}
if x:$
^Iy = 2$

### --line-hint picks the occurrence on that line
@fixture edit-basic
@env LETS_NO_STATS=1
$ lets edit usage.ts --old 'return' --new 'return undefined' --line-hint 7 && grep -n return usage.ts
── usage.ts · 1 replacement · line 7 · exact
5 	  const cap = 10
6 	  if (!id) return
7~	  if (count(id) > cap) return undefined
8 	  return total(id, now)
9 	}
── check: structure ok · sha:14dc685cb937→98a83d8c6357
6:  if (!id) return
7:  if (count(id) > cap) return undefined
8:  return total(id, now)
--- file usage.ts
import { usageCap } from './config'

export function usage(id: string) {
  const now = Date.now()
  const cap = 10
  if (!id) return
  if (count(id) > cap) return undefined
  return total(id, now)
}

### a --line-hint in none of the candidates keeps the ambiguous refusal
@fixture edit-basic
$ lets edit usage.ts --old 'return' --new 'return undefined' --line-hint 5; echo "exit $?"; grep -c undefined usage.ts || true
exit 2
0
--- stderr
usage.ts is ambiguous (3 candidates)
  usage.ts:6	  if (!id) return
  usage.ts:7	  if (count(id) > cap) return
  usage.ts:8	  return total(id, now)
  line hint 5 is in none of them
  pick line 6: lets edit usage.ts --line-hint 6 --old 'return' --new 'return undefined'
  pick line 7: lets edit usage.ts --line-hint 7 --old 'return' --new 'return undefined'
  pick line 8: lets edit usage.ts --line-hint 8 --old 'return' --new 'return undefined'
ERROR_CODE=ambiguous

### a --line-hint never moves an edit: the one match is elsewhere, so nothing is written
@fixture edit-basic
$ lets edit usage.ts --old 'const cap = 10' --new 'const cap = 1' --line-hint 2; echo "exit $?"; grep -c 'cap = 10' usage.ts
exit 1
1
--- stderr
--old not found at line 2 of usage.ts · its one match is at line 5: re-read it, or pass --line-hint 5
ERROR_CODE=not_found

### --line-hint takes a line number
@fixture edit-basic
$ lets edit usage.ts --old 'return' --new 'x' --line-hint 0
? 64
--- stderr
error: invalid value '0' for '--line-hint <LINE_HINT>': a line number is 1 or more

For more information, try '--help'.
ERROR_CODE=usage

### JSONL batch: "line_hint" picks the occurrence
@fixture edit-basic
@env LETS_NO_STATS=1
--- stdin
{"file":"usage.ts","old":"return","new":"return undefined","line_hint":6}
$ lets edit --from - -q && grep -n undefined usage.ts
── 1 file · 1 edit · all applied · checks: structure ok ×1
6:  if (!id) return undefined
--- file usage.ts
import { usageCap } from './config'

export function usage(id: string) {
  const now = Date.now()
  const cap = 10
  if (!id) return undefined
  if (count(id) > cap) return
  return total(id, now)
}

### JSONL batch: an ambiguous entry names the "line_hint" that picks each candidate
@fixture edit-basic
--- stdin
{"file":"usage.ts","old":"return","new":"return undefined"}
$ lets edit --from -; grep -c undefined usage.ts || true
── 0 of 1 applied · nothing written · fix usage.ts and re-run
0
--- stderr
usage.ts is ambiguous (3 candidates)
  usage.ts:6	  if (!id) return
  usage.ts:7	  if (count(id) > cap) return
  usage.ts:8	  return total(id, now)
  pick line 6: add "line_hint": 6 to batch line 1
  pick line 7: add "line_hint": 7 to batch line 1
  pick line 8: add "line_hint": 8 to batch line 1
ERROR_CODE=ambiguous

### JSONL batch: "word" and "line_hint" are checked like "all"
@fixture edit-basic
--- stdin
{"file":"usage.ts","old":"return","new":"x","line_hint":0,"word":1}
$ lets edit --from -
? 64
--- stderr
line 1: "word" must be true or false
line 1: "line_hint" must be a line number (1 or more)
ERROR_CODE=usage

### -w renames a whole word only: return and MaxConcurrentDownloads keep their "ur"
@env LETS_NO_STATS=1
% printf 'func f(ur int) int {\n\treturn ur + MaxConcurrentDownloads\n}\n' > p.go
$ lets edit p.go --old ur --new unpackResult --all -w && cat p.go
── p.go · 2 replacements · lines 1, 2 · exact
1~	func f(unpackResult int) int {
2~		return unpackResult + MaxConcurrentDownloads
3 	}
── check: structure ok · sha:88b1f6daa15f→d7e12ff6652b
func f(unpackResult int) int {
	return unpackResult + MaxConcurrentDownloads
}

### control: without -w, --substring rewrites inside words (without either it is refused: words.t)
@env LETS_NO_STATS=1
% printf 'func f(ur int) int {\n\treturn ur + MaxConcurrentDownloads\n}\n' > p.go
$ lets edit p.go --old ur --new unpackResult --all --substring --no-check -q; cat p.go
── sha:88b1f6daa15f→7fbd169c01ac · check: skipped (--no-check)
func f(unpackResult int) int {
	retunpackResultn unpackResult + MaxConcunpackResultrentDownloads
}

### -w is Unicode-aware: "caf" is not a word inside "café"
@env LETS_NO_STATS=1
% printf 'café = 1\ncaf = 2\n' > w.txt
$ lets edit w.txt --old caf --new bar -w -q && cat w.txt && lets edit w.txt --old caf --new bar -w
? 1
── sha:a97b272c2407→426c855a8a04 · check: skipped (no grammar for .txt)
café = 1
bar = 2
--- stderr
--old not found in w.txt
  nearest: line 1	café = 1
  similarity: 40%
ERROR_CODE=not_found

### JSONL batch: "word": true
@env LETS_NO_STATS=1
% printf 'café = 1\ncaf = 2\n' > w.txt
--- stdin
{"file":"w.txt","old":"caf","new":"bar","word":true}
$ lets edit --from - -q && cat w.txt
── 1 file · 1 edit · all applied · check: skipped (w.txt: no grammar for .txt)
café = 1
bar = 2

### not found: the nearest regions, each with its range, similarity and reason
% printf 'func f() {\n\tif x {\n\t\ty()\n\t}\n\tmsg := 1\n\ttotal := sum(a)\n}\n' > n.go
$ lets edit n.go --old $'    if x {\n    y()' --new z; lets edit n.go --old $'\ttotal := add(a)' --new z
? 1
--- stderr
--old not found in n.go
  nearest: line 2		if x {
  similarity: 100%
  near: lines 2-3 · 100% · line 2: a tab vs 4 spaces at col 1
ERROR_CODE=not_found
--old not found in n.go
  nearest: line 6		total := sum(a)
  similarity: 71%
  near: line 6 · 71% · 1 word differs: sum(a)→add(a)
ERROR_CODE=not_found

### an insert without indentation takes the anchor line's, in the file's tabs
@env LETS_NO_STATS=1
% printf 'func f() {\n\tcheck := 1\n\treturn\n}\n' > i.go
$ lets edit i.go --insert-after "@'check :='" --new 'log.G(ctx).Debug("x")' && cat -A i.go
── i.go · inserted 1 line after line 2
1 	func f() {
2 		check := 1
3+		log.G(ctx).Debug("x")
4 		return
5 	}
── check: structure ok · sha:92d2f2787b7d→5848680b6aa1 · re-indented
func f() {$
^Icheck := 1$
^Ilog.G(ctx).Debug("x")$
^Ireturn$
}$

### an insert with its own 4-space indentation keeps its shape in the file's tabs
@env LETS_NO_STATS=1
% printf 'func f() {\n\tcheck := 1\n\treturn\n}\n' > i.go
$ lets edit i.go --insert-after "@'check :='" --new $'    if check > 0 {\n        check--\n    }' -q && cat -A i.go
── check: structure ok · sha:92d2f2787b7d→57711f770abf · re-indented
func f() {$
^Icheck := 1$
^Iif check > 0 {$
^I^Icheck--$
^I}$
^Ireturn$
}$

### an insert whose first line has no indentation keeps its shape under the anchor's
@env LETS_NO_STATS=1
% printf 'def f():\n    a = 1\n    return a\n' > i.py
$ lets edit i.py --insert-before "@'return'" --new $'if a:\n\ta += 1' -q && cat -A i.py
── check: structure ok · sha:a10c00ce95e2→6b3a8df27ac2 · re-indented
def f():$
    a = 1$
    if a:$
        a += 1$
    return a$

### control: an unindented insert at an unindented anchor is not re-indented
@env LETS_NO_STATS=1
% printf 'a\nb\n' > i.txt
$ lets edit i.txt --insert-after "@'^a'" --new 'x' && cat -A i.txt
── i.txt · inserted 1 line after line 1
1 	a
2+	x
3 	b
── sha:41153ec5e22e→7cf1052df789 · check: skipped (no grammar for .txt)
a$
x$
b$

### a one-line gap between two changes is shown, not replaced by a not-shown marker
@env LETS_NO_STATS=1
% printf 'k1\na\nb\nc\nd\ne\nk2\nf\n' > o.txt
$ lets edit o.txt --old k --new K --all --substring && cat o.txt
── o.txt · 2 replacements · lines 1, 7 · exact
1~	K1
2 	a
3 	b
4 	c
5 	d
6 	e
7~	K2
8 	f
── sha:5a3922f10f60→374bb4dbcd6a · check: skipped (no grammar for .txt)
K1
a
b
c
d
e
K2
f

### control: a gap of three lines is still a marker
@env LETS_NO_STATS=1
% printf 'k1\na\nb\nc\nd\ne\nf\ng\nk2\n' > o.txt
$ lets edit o.txt --old k --new K --all --substring
── o.txt · 2 replacements · lines 1, 9 · exact
1~	K1
2 	a
3 	b
 ·	:4-6 not shown
7 	f
8 	g
9~	K2
── sha:[..]→[..] · check: skipped (no grammar for .txt) · :4-6 not shown
--- file o.txt
K1
a
b
c
d
e
f
g
K2

### ~ marks only the lines whose bytes changed
@env LETS_NO_STATS=1
% seq 1 6 | sed 's/^/v/' > g.txt
$ lets edit g.txt --old $'v2\nv3\nv4' --new $'v2\nV3\nv4' && cat g.txt
── g.txt · 1 replacement · lines 2-4 · exact
1 	v1
2 	v2
3~	V3
4 	v4
5 	v5
6 	v6
── sha:[..]→[..] · check: skipped (no grammar for .txt)
v1
v2
V3
v4
v5
v6

### a deletion marks no line that it did not change
@env LETS_NO_STATS=1
% seq 1 6 | sed 's/^/v/' > g.txt
$ lets edit g.txt --old $'v3\n' --new '' && cat g.txt
── g.txt · 1 replacement · line 3 · exact
1 	v1
2 	v2
3 	v4
4 	v5
5 	v6
── sha:[..]→[..] · check: skipped (no grammar for .txt)
v1
v2
v4
v5
v6

### an edit that changes nothing says no change under --json too, and writes nothing
@fixture edit-basic
% touch -d '2001-01-01 00:00' usage.ts
$ lets edit usage.ts --old 'const cap = 10' --new 'const cap = 10' --json && date -r usage.ts +%Y
{"path":"usage.ts","replacements":1,"lines":[5],"match":"exact","region":{"start":3,"end":7,"lines":[{"number":3,"marker":"none","text":"export function usage(id: string) {"},{"number":4,"marker":"none","text":"  const now = Date.now()"},{"number":5,"marker":"none","text":"  const cap = 10"},{"number":6,"marker":"none","text":"  if (!id) return"},{"number":7,"marker":"none","text":"  if (count(id) > cap) return"}]},"check":{"layer":"structure","status":"ok","errors_before":0,"errors_after":0},"sha":{"before":"14dc685cb937","after":"14dc685cb937"},"no_change":true,"omitted":[],"stats":{"lines":5,"bytes":178,"tokens_est":[..]}}
2001

### lets show --help describes -q as the spec does
$ lets show --help | grep -- --quiet
  -q, --quiet                  (shared flag; show already prints only the footer plus content)

### lets edit --help names the new flags
$ lets edit --help | grep -E -- '^  .*--(word|line-hint|exact) '
  -w, --word                   match --old only as whole words: no match cuts through an identifier
      --line-hint <LINE_HINT>  of several matches, take the one whose lines hold line N
      --exact                  match --old's bytes only: no whitespace folding

### a #name ambiguous between a function and a method names the target that picks each
% printf 'package s\n\nfunc Open(p string) error {\n\treturn nil\n}\n\ntype Store struct{}\n\nfunc (s *Store) Open() error {\n\treturn nil\n}\n' > store.go
$ lets edit 'store.go#Open' --old 'return nil' --new 'return errClosed'
? 2
--- stderr
store.go#Open is ambiguous (2 candidates)
  store.go:3	func Open(p string) error {
  store.go:9	func (s *Store) Open() error {
  pick line 3: store.go:3-5
  pick line 9: store.go#Store.Open
ERROR_CODE=ambiguous

### the qualified target it names works in the next call
@env LETS_NO_STATS=1
% printf 'package s\n\nfunc Open(p string) error {\n\treturn nil\n}\n\ntype Store struct{}\n\nfunc (s *Store) Open() error {\n\treturn nil\n}\n' > store.go
$ lets edit 'store.go#Store.Open' --old 'return nil' --new 'return errClosed' -q && grep -n return store.go
── check: structure ok · sha:7311bf36d509→8a57d10d6857
4:	return nil
10:	return errClosed
--- file store.go
package s

func Open(p string) error {
	return nil
}

type Store struct{}

func (s *Store) Open() error {
	return errClosed
}
