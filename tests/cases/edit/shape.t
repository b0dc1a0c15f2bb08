# The shape proof of layer 1 (issue 26 A2; docs/differences.md): an edit that parses is still
# refused (exit 3, nothing written) when code outside the edited lines changes blocks, when the
# edit's own code is nested into a block that had closed before it, or, in Python, when the
# interpreter would not compile what tree-sitter accepts. stderr names what moved and the next
# command. Each refusal has a control that stays `structure ok`.
# spec-silent: the reference knows only `structure check failed for <path>: failed`; the shape
# failures keep that prefix and name what moved instead of "failed".

### python: a top-level def indented by --new is not silently made a method of the class above
@env LETS_NO_STATS=1
% printf 'class Foo:\n    def a(self):\n        return 1\n\ndef helper():\n    return 2\n' > a.py
$ lets edit a.py --old $'def helper():\n    return 2' --new $'    def helper():\n        return 3'
? 3
── a.py · 1 replacement · lines 5, 6 · REVERTED
3 	        return 1
4 	
5~	    def helper():          ← nested in Foo
6~	        return 3
── check: failed → reverted · file unchanged · sha:090a4ae78dee
--- stderr
structure check failed for a.py: def helper (line 5) is now nested in Foo — was top-level · to leave it where it was: lets edit a.py --old $'def helper():\n    return 2' --new $'def helper():\n    return 3' · to nest it in Foo on purpose, start the edit at line 3, inside it
ERROR_CODE=check_failed
--- file a.py
class Foo:
    def a(self):
        return 1

def helper():
    return 2

### control: the command it suggests keeps helper top-level
@env LETS_NO_STATS=1
% printf 'class Foo:\n    def a(self):\n        return 1\n\ndef helper():\n    return 2\n' > a.py
$ lets edit a.py --old $'def helper():\n    return 2' --new $'def helper():\n    return 3'
── a.py · 1 replacement · lines 5, 6 · exact
3 	        return 1
4 	
5 	def helper():
6~	    return 3
── check: structure ok · sha:090a4ae78dee→7310e31e74b5
--- file a.py
class Foo:
    def a(self):
        return 1

def helper():
    return 3

### control: an edit that starts inside Foo may nest helper in it on purpose
@env LETS_NO_STATS=1
% printf 'class Foo:\n    def a(self):\n        return 1\n\ndef helper():\n    return 2\n' > a.py
$ lets edit a.py --old $'        return 1\n\ndef helper():\n    return 2' --new $'        return 1\n\n    def helper(self):\n        return 3' -q
── check: structure ok · sha:090a4ae78dee→45924cc1a263
--- file a.py
class Foo:
    def a(self):
        return 1

    def helper(self):
        return 3

### control: renaming a def, adding one and deleting one inside the edited lines is fine
@env LETS_NO_STATS=1
% printf 'class Foo:\n    def a(self):\n        return 1\n\n    def b(self):\n        return 2\n\ndef helper():\n    return 2\n' > a.py
$ lets edit a.py --old $'    def a(self):\n        return 1\n\n    def b(self):\n        return 2' --new $'    def first(self):\n        return 1\n\n    def extra(self):\n        return 5' -q
── check: structure ok · sha:[..]→[..]
--- file a.py
class Foo:
    def first(self):
        return 1

    def extra(self):
        return 5

def helper():
    return 2

### python: a line outside the edit moved from one `if` into a new one is refused
@env LETS_NO_STATS=1
% printf 'if x:\n    a()\n    b()\nc()\n' > c.py
$ lets edit c.py --old '    a()' --new $'    a()\nif y:'
? 3
── c.py · 1 replacement · lines 2, 3 · REVERTED
1 	if x:
2 	    a()
3~	if y:          ← line 3 changes block
4 	    b()
5 	c()
── check: failed → reverted · file unchanged · sha:c4312d8b6848
--- stderr
structure check failed for c.py: 'b()' (line 3) is now in 'if y:' (edited line 3) — was in 'if x:' (line 1) · to move it on purpose, make the edit cover line 3
ERROR_CODE=check_failed
--- file c.py
if x:
    a()
    b()
c()

### control: the edited line itself may leave its `if`
@env LETS_NO_STATS=1
% printf 'if x:\n    a()\n    b()\nc()\n' > c.py
$ lets edit c.py --old '    b()' --new 'b()'
── c.py · 1 replacement · line 3 · exact
1 	if x:
2 	    a()
3~	b()
4 	c()
── check: structure ok · sha:c4312d8b6848→557baa8e6433
--- file c.py
if x:
    a()
b()
c()

### python: a method dedented above a column-0 comment takes the methods below it into its body
# A file long enough that only the items around the edit are parsed: the "##" lines at column 0
# sit inside the class, so the region runs on to the next top-level def, and g is judged.
@env LETS_NO_STATS=1
% { printf 'class A:\n    def e(self):\n        return 0\n\n    def f(self):\n        return 1\n\n## old code, kept for reference:\n##  def x(self):\n  ##      y = 1\n\n    def g(self):\n        return 2\n'; for i in 1 2 3 4 5 6 7 8; do printf '\n\ndef later%d():\n    return %d\n' $i $i; done; } > a.py
$ cp a.py a.orig; lets edit a.py --old $'    def f(self):\n        return 1' --new $'def f(self):\n    return 1'; s=$?; cmp a.py a.orig && echo unchanged; exit $s
? 3
── a.py · 1 replacement · lines 5, 6 · REVERTED
3 	        return 0
4 	
5~	def f(self):          ← line 12 changes block
6~	    return 1
7 	
8 	## old code, kept for reference:
── check: failed → reverted · file unchanged · sha:5bcb71753609
unchanged
--- stderr
structure check failed for a.py: def g (line 12) is now in f — was in A · to move them on purpose, make the edit cover lines 12-13
ERROR_CODE=check_failed

### control: the same dedent with g dedented too leaves A whole and f, g top-level
@env LETS_NO_STATS=1
% { printf 'class A:\n    def e(self):\n        return 0\n\n    def f(self):\n        return 1\n\n## old code, kept for reference:\n##  def x(self):\n  ##      y = 1\n\n    def g(self):\n        return 2\n'; for i in 1 2 3 4 5 6 7 8; do printf '\n\ndef later%d():\n    return %d\n' $i $i; done; } > a.py
$ lets edit a.py --old $'    def f(self):\n        return 1\n\n## old code, kept for reference:\n##  def x(self):\n  ##      y = 1\n\n    def g(self):\n        return 2' --new $'def f(self):\n    return 1\n\n## old code, kept for reference:\n##  def x(self):\n  ##      y = 1\n\ndef g(self):\n    return 2' -q
── check: structure ok · sha:5bcb71753609→d6ea36b985e9
--- file a.py
class A:
    def e(self):
        return 0

def f(self):
    return 1

## old code, kept for reference:
##  def x(self):
  ##      y = 1

def g(self):
    return 2


def later1():
    return 1


def later2():
    return 2


def later3():
    return 3


def later4():
    return 4


def later5():
    return 5


def later6():
    return 6


def later7():
    return 7


def later8():
    return 8

### python: deleting an `if` header leaves an unexpected indent, which Python refuses
@env LETS_NO_STATS=1
% printf 'if x:\n    a()\n    b()\nc()\n' > c.py
$ lets edit c.py --old $'if x:\n' --new ''
? 3
── c.py · 1 replacement · line 1 · REVERTED
1 	    a()
2 	    b()
3 	c()
── check: failed → reverted · file unchanged · sha:c4312d8b6848
--- stderr
structure check failed for c.py: line 1: unexpected indent (Python would not compile it)
ERROR_CODE=check_failed
--- file c.py
if x:
    a()
    b()
c()

### python: an emptied block, and an unindent that matches no outer level
@env LETS_NO_STATS=1
% printf 'if x:\n    a()\nb()\n' > v.py; printf 'def f():\n    a()\n    b()\n' > u.py
$ lets edit v.py --old $'    a()\n' --new ''; lets edit u.py --old '    b()' --new '  b()'
? 3
── v.py · 1 replacement · line 2 · REVERTED
1 	if x:
2 	b()
── check: failed → reverted · file unchanged · sha:f0f57eb7257b
── u.py · 1 replacement · line 3 · REVERTED
1 	def f():
2 	    a()
3~	  b()          ← unindent does not match any outer indentation level
── check: failed → reverted · file unchanged · sha:3fdf49248584
--- stderr
structure check failed for v.py: line 2: expected an indented block after line 1 (Python would not compile it)
ERROR_CODE=check_failed
structure check failed for u.py: line 3: unindent does not match any outer indentation level (Python would not compile it)
ERROR_CODE=check_failed

### python: `return` at top level parses but does not compile
@env LETS_NO_STATS=1
% printf 'def f():\n    pass\nx = 1\n' > b.py
$ lets edit b.py --old 'x = 1' --new 'return 1'
? 3
── b.py · 1 replacement · line 3 · REVERTED
1 	def f():
2 	    pass
3~	return 1          ← 'return' outside function
── check: failed → reverted · file unchanged · sha:1445a3158139
--- stderr
structure check failed for b.py: line 3: 'return' outside function (Python would not compile it)
ERROR_CODE=check_failed
--- file b.py
def f():
    pass
x = 1

### control: the same `return` inside the function compiles
@env LETS_NO_STATS=1
% printf 'def f():\n    pass\nx = 1\n' > b.py
$ lets edit b.py --old '    pass' --new '    return 1' -q
── check: structure ok · sha:1445a3158139→[..]
--- file b.py
def f():
    return 1
x = 1

### python: `break` in a loop's else clause, `await` outside an async def
@env LETS_NO_STATS=1
% printf 'for i in x:\n    pass\nelse:\n    pass\n' > e.py; printf 'def f():\n    g()\n' > w.py
$ lets edit e.py --old $'else:\n    pass' --new $'else:\n    break'; lets edit w.py --old 'g()' --new 'await g()'
? 3
── e.py · 1 replacement · lines 3, 4 · REVERTED
1 	for i in x:
2 	    pass
3 	else:
4~	    break          ← 'break' outside loop
── check: failed → reverted · file unchanged · sha:97043c790da4
── w.py · 1 replacement · line 2 · REVERTED
1 	def f():
2~	    await g()          ← 'await' outside async function
── check: failed → reverted · file unchanged · sha:[..]
--- stderr
structure check failed for e.py: line 4: 'break' outside loop (Python would not compile it)
ERROR_CODE=check_failed
structure check failed for w.py: line 2: 'await' outside async function (Python would not compile it)
ERROR_CODE=check_failed

### python: a yield added to an async def that returns a value (python: 'return' with value in async generator)
@env LETS_NO_STATS=1
% printf 'async def f(x):\n    v = x\n    return v\n' > g.py; cp g.py g.orig
$ lets edit g.py --old '    v = x' --new $'    yield 1\n    v = x' -q; s=$?; cmp g.py g.orig && echo unchanged; exit $s
? 3
── check: failed → reverted · file unchanged · sha:[..]
unchanged
--- stderr
structure check failed for g.py: line 4: 'return' with value in async generator (Python would not compile it)
ERROR_CODE=check_failed

### control: a bare return, and a yield in an async def nested in one that returns a value
@env LETS_NO_STATS=1
% printf 'async def f(x):\n    v = x\n    return v\n\n\nasync def g():\n    return\n' > g.py
$ lets edit g.py --old $'    v = x\n    return v\n\n\nasync def g():\n    return' --new $'    async def h():\n        yield 1\n    return h\n\n\nasync def g():\n    yield 2\n    return' -q
── check: structure ok · sha:[..]→[..]
--- file g.py
async def f(x):
    async def h():
        yield 1
    return h


async def g():
    yield 2
    return

### python: arguments out of order, and a wildcard import inside a def (python: SyntaxError each)
@env LETS_NO_STATS=1
% printf 'def f(a, **k):\n    g(a, 1)\n    return a\n' > h.py; cp h.py h.orig
$ lets edit h.py --old '    g(a, 1)' --new '    g(a=1, b)' -q; lets edit h.py --old '    g(a, 1)' --new '    g(**k, *a)' -q; lets edit h.py --old '    return a' --new $'    from os import *\n    return a' -q; s=$?; cmp h.py h.orig && echo unchanged; exit $s
? 3
── check: failed → reverted · file unchanged · sha:[..]
── check: failed → reverted · file unchanged · sha:[..]
── check: failed → reverted · file unchanged · sha:[..]
unchanged
--- stderr
structure check failed for h.py: line 2: positional argument follows keyword argument (Python would not compile it)
ERROR_CODE=check_failed
structure check failed for h.py: line 2: iterable argument unpacking follows keyword argument unpacking (Python would not compile it)
ERROR_CODE=check_failed
structure check failed for h.py: line 3: import * only allowed at module level (Python would not compile it)
ERROR_CODE=check_failed

### control: *unpacking after a keyword argument, and a wildcard import at module level
@env LETS_NO_STATS=1
% printf 'import sys\n\n\ndef f(a, **k):\n    g(a, 1)\n' > h.py
$ lets edit h.py --old $'import sys\n\n\ndef f(a, **k):\n    g(a, 1)' --new $'import sys\nfrom os import *\n\n\ndef f(a, **k):\n    g(a, *k, x=1, *a, **k)' -q
── check: structure ok · sha:[..]→[..]
--- file h.py
import sys
from os import *


def f(a, **k):
    g(a, *k, x=1, *a, **k)

### control: python that did not compile before is not blamed on an edit elsewhere
@env LETS_NO_STATS=1
% printf 'return 0\nx = 1\n' > t.py
$ lets edit t.py --old 'x = 1' --new 'x = 2' -q
── check: structure ok · sha:[..]→[..]
--- file t.py
return 0
x = 2

### js: moving a function's closing brace to the end of the file nests the next function in it
@env LETS_NO_STATS=1
% printf 'function a() {\n  x();\n}\n\nfunction b() {\n  y();\n}\n' > a.js
--- stdin
{"file":"a.js","old":"  x();\n}\n","new":"  x();\n"}
{"file":"a.js","old":"  y();\n}\n","new":"  y();\n}\n}\n"}
$ lets edit --from -
? 3
── a.js · 1 replacement · line 2 · REVERTED
1 	function a() {
2 	  x();
3 	
4 	function b() {
── a.js · 1 replacement · lines 5-7 · REVERTED
3 	
4 	function b() {
5 	  y();
6 	}
7~	}
── 0 of 2 applied · nothing written · fix a.js and re-run
--- stderr
structure check failed for a.js: function b (line 5) is now nested in a — was top-level · to move it on purpose, make the edit cover line 5
ERROR_CODE=check_failed
--- file a.js
function a() {
  x();
}

function b() {
  y();
}

### control: the same move as one edit that covers function b is the edit's own business
@env LETS_NO_STATS=1
% printf 'function a() {\n  x();\n}\n\nfunction b() {\n  y();\n}\n' > a.js
$ lets edit a.js --old $'}\n\nfunction b() {\n  y();\n}' --new $'\nfunction b() {\n  y();\n}\n}' -q
── check: structure ok · sha:44b2e4bd91be→[..]
--- file a.js
function a() {
  x();

function b() {
  y();
}
}

### rust and c: the same brace move nests `fn b` / `void b` in a
@env LETS_NO_STATS=1
% printf 'fn a() {\n    x();\n}\n\nfn b() {\n    y();\n}\n' > a.rs; printf 'void a(void) {\n  x();\n}\n\nvoid b(void) {\n  y();\n}\n' > a.c
% printf '{"file":"a.rs","old":"    x();\\n}\\n","new":"    x();\\n"}\n{"file":"a.rs","old":"    y();\\n}\\n","new":"    y();\\n}\\n}\\n"}\n' > rs.jsonl; sed 's/    /  /g; s/a\.rs/a.c/' rs.jsonl > c.jsonl
$ lets edit --from - < rs.jsonl >/dev/null; lets edit --from - < c.jsonl >/dev/null; cat a.rs a.c
? 0
fn a() {
    x();
}

fn b() {
    y();
}
void a(void) {
  x();
}

void b(void) {
  y();
}
--- stderr
structure check failed for a.rs: fn b (line 5) is now nested in a — was top-level · to move it on purpose, make the edit cover line 5
ERROR_CODE=check_failed
structure check failed for a.c: void b (line 5) is now nested in a — was top-level · to move it on purpose, make the edit cover line 5
ERROR_CODE=check_failed

### go: a statement outside the edits moved into an `if` by a brace moved past it
@env LETS_NO_STATS=1
% printf 'package main\n\nfunc f(x bool) {\n\tif x {\n\t\ta()\n\t}\n\tb()\n\tc()\n}\n' > m.go
--- stdin
{"file":"m.go","old":"\t\ta()\n\t}\n","new":"\t\ta()\n"}
{"file":"m.go","old":"\tc()\n","new":"\tc()\n\t}\n"}
$ lets edit --from - >/dev/null
? 3
--- stderr
structure check failed for m.go: 'b()' (line 7) is now nested in 'if x {' (line 4) — was outside it · to move it on purpose, make the edit cover line 7
ERROR_CODE=check_failed
--- file m.go
package main

func f(x bool) {
	if x {
		a()
	}
	b()
	c()
}

### control: inserts and edits that shift lines move nothing (js, go, python)
@env LETS_NO_STATS=1
% printf 'function a() {\n  x();\n}\n\nfunction b() {\n  y();\n}\n' > a.js; printf 'package main\n\nfunc f(x bool) {\n\tif x {\n\t\ta()\n\t}\n\tb()\n}\n' > m.go; printf 'class Foo:\n    def a(self):\n        return 1\n\ndef helper():\n    return 2\n' > a.py
$ lets edit a.js --insert-before '#b' --new $'function z() {\n  w();\n}\n' -q; lets edit m.go --old $'\t\ta()' --new $'\t\ta()\n\t\ta2()' -q; lets edit a.py --insert-before '#Foo' --new $'import os\n' -q
── check: structure ok · sha:44b2e4bd91be→[..]
── check: structure ok · sha:[..]→[..]
── check: structure ok · sha:090a4ae78dee→[..]
--- file a.js
function a() {
  x();
}

function z() {
  w();
}
function b() {
  y();
}
--- file m.go
package main

func f(x bool) {
	if x {
		a()
		a2()
	}
	b()
}
--- file a.py
import os
class Foo:
    def a(self):
        return 1

def helper():
    return 2

### js: a block that the edit makes tree-sitter read as an object literal is refused (node: Unexpected token '}')
@env LETS_NO_STATS=1
% printf 'function f(a) {\n  if (a) {\n    g();\n  }\n}\n' > o.js
$ lets edit o.js --old 'g();' --new 'base64: "x",'
? 3
── o.js · 1 replacement · line 3 · REVERTED
1 	function f(a) {
2 	  if (a) {
3~	    base64: "x",          ← line 4: Unexpected token '}'
4 	  }
5 	}
── check: failed → reverted · file unchanged · sha:c4c3ae02a87b
--- stderr
structure check failed for o.js: line 4: Unexpected token '}' (JavaScript would not compile it)
ERROR_CODE=check_failed

### js: an object's opening line rewritten as an `if` leaves its pairs as a statement (node: Unexpected token ':')
# tree-sitter reads `if (x) { a: 1, b: 2 }` as an if around an object, so the `{` stays an object
# on both sides; JavaScript reads a statement's `{` as a block, where the second key is an error.
@env LETS_NO_STATS=1
% printf 'function f(x) {\n  const names = {\n    regex: "pattern",\n    email: "address",\n  };\n  return names;\n}\n' > o.js
$ cp o.js o.orig; lets edit o.js --old '  const names = {' --new '  if (x) {' -q; s=$?; cmp o.js o.orig && echo unchanged; exit $s
? 3
── check: failed → reverted · file unchanged · sha:94565978113f
unchanged
--- stderr
structure check failed for o.js: line 4: Unexpected token ':' (JavaScript would not compile it)
ERROR_CODE=check_failed

### control: one key and no trailing comma in braces is a block with a label, which JavaScript takes
@env LETS_NO_STATS=1
% printf 'function f(x) {\n  const names = {\n    regex: "pattern"\n  };\n  return names;\n}\n' > o.js
$ lets edit o.js --old '  const names = {' --new '  if (x) {' -q
── check: structure ok · sha:03f4a1d91609→9bde9fbc383d
--- file o.js
function f(x) {
  if (x) {
    regex: "pattern"
  };
  return names;
}

### js: a `const` made the whole body of an `if` (node: Lexical declaration cannot appear in a single-statement context)
@env LETS_NO_STATS=1
% printf 'function f(s) {\n  if (s)\n    return 1;\n  return 2;\n}\n' > l.js
$ cp l.js l.orig; lets edit l.js --old '    return 1;' --new '    const t = s.trim();' -q; s=$?; cmp l.js l.orig && echo unchanged; exit $s
? 3
── check: failed → reverted · file unchanged · sha:4c23c6b96539
unchanged
--- stderr
structure check failed for l.js: line 3: Lexical declaration cannot appear in a single-statement context (JavaScript would not compile it)
ERROR_CODE=check_failed

### control: the same `const` in braces, and `let` as a for loop's initializer
@env LETS_NO_STATS=1
% printf 'function f(s) {\n  if (s)\n    return 1;\n  for (;;) break;\n}\n' > l.js
$ lets edit l.js --old $'    return 1;\n  for (;;) break;' --new $'  {\n    const t = s.trim();\n  }\n  for (let i = 0; i < 1; i++) break;' -q
── check: structure ok · sha:116d73ff0a82→5c38a0157847
--- file l.js
function f(s) {
  if (s)
  {
    const t = s.trim();
  }
  for (let i = 0; i < 1; i++) break;
}

### js: a private field declared twice, one renamed away, a const with no value (node: three early errors)
@env LETS_NO_STATS=1
% printf 'class A {\n  #x = 1;\n  y = 2;\n  m() { return this.#x; }\n}\nfunction f() {\n  const a = 1;\n  return a;\n}\n' > p.js; cp p.js p.orig
$ lets edit p.js --old '  y = 2;' --new '  #x = 2;' -q; lets edit p.js --old '  #x = 1;' --new '  #y = 1;' -q; lets edit p.js --old '  const a = 1;' --new '  const a;' -q; s=$?; cmp p.js p.orig && echo unchanged; exit $s
? 3
── check: failed → reverted · file unchanged · sha:[..]
── check: failed → reverted · file unchanged · sha:[..]
── check: failed → reverted · file unchanged · sha:[..]
unchanged
--- stderr
structure check failed for p.js: line 3: Identifier '#x' has already been declared (JavaScript would not compile it)
ERROR_CODE=check_failed
structure check failed for p.js: line 4: Private field '#x' must be declared in an enclosing class (JavaScript would not compile it)
ERROR_CODE=check_failed
structure check failed for p.js: line 7: Missing initializer in const declaration (JavaScript would not compile it)
ERROR_CODE=check_failed

### control: a getter and a setter of one private name, a private name an outer class declares, a const in a for head
@env LETS_NO_STATS=1
% printf 'class A {\n  get #x() { return 1; }\n  y = 2;\n  m() { class B { n(o) { return 1; } } return B; }\n}\n' > p.js
$ lets edit p.js --old $'  y = 2;\n  m() { class B { n(o) { return 1; } } return B; }' --new $'  set #x(v) {}\n  m() { class B { n(o) { for (const k of [o]) return #x in k; } } return B; }' -q
── check: structure ok · sha:[..]→[..]
--- file p.js
class A {
  get #x() { return 1; }
  set #x(v) {}
  m() { class B { n(o) { for (const k of [o]) return #x in k; } } return B; }
}

### js: a copied top-level line declares a const twice (node: Identifier 'a' has already been declared)
@env LETS_NO_STATS=1
% printf 'const a = require("a");\nconst b = require("b");\n\nfunction f() {\n  return a(b);\n}\n' > d.js
$ lets edit d.js --insert-after '#f' --new 'const a = require("a");'
? 3
── d.js · inserted 2 lines after #f (line 6) · REVERTED
5 	  return a(b);
6 	}
7+	
8+	const a = require("a");          ← Identifier 'a' has already been declared
── check: failed → reverted · file unchanged · sha:43d7267ec6f0
--- stderr
structure check failed for d.js: line 8: Identifier 'a' has already been declared (JavaScript would not compile it)
ERROR_CODE=check_failed
--- file d.js
const a = require("a");
const b = require("b");

function f() {
  return a(b);
}

### control: the same name in a function's block shadows it
@env LETS_NO_STATS=1
% printf 'const a = require("a");\nconst b = require("b");\n\nfunction f() {\n  return a(b);\n}\n' > d.js
$ lets edit d.js --old '  return a(b);' --new $'  const a = 2;\n  return a(b);' -q
── check: structure ok · sha:43d7267ec6f0→[..]
--- file d.js
const a = require("a");
const b = require("b");

function f() {
  const a = 2;
  return a(b);
}

### js: a module exports one name twice (node: Duplicate export of 'x')
@env LETS_NO_STATS=1
% printf 'export { x } from "./x.js";\nexport { y } from "./y.js";\n' > m.mjs
$ lets edit m.mjs --old 'export { y } from "./y.js";' --new 'export { y as x } from "./y.js";'
? 3
── m.mjs · 1 replacement · line 2 · REVERTED
1 	export { x } from "./x.js";
2~	export { y as x } from "./y.js";          ← Duplicate export of 'x'
── check: failed → reverted · file unchanged · sha:98b805a30524
--- stderr
structure check failed for m.mjs: line 2: Duplicate export of 'x' (JavaScript would not compile it)
ERROR_CODE=check_failed

### js: a `,` that turns the next line's declaration into part of an expression is refused
@env LETS_NO_STATS=1
% printf 'g();\nfunction f() {\n  return 1;\n}\n' > h.js
$ lets edit h.js --old 'g();' --new 'g(),'
? 3
── h.js · 1 replacement · line 1 · REVERTED
1~	g(),          ← line 2 changes meaning
2 	function f() {
3 	  return 1;
── check: failed → reverted · file unchanged · sha:b89b17bba630
--- stderr
structure check failed for h.js: function f (line 2) is now part of another construct: the edit changed how the code before it ends · to move it on purpose, make the edit cover line 2
ERROR_CODE=check_failed
--- file h.js
g();
function f() {
  return 1;
}

### control: the same statement ended differently keeps the declaration one
@env LETS_NO_STATS=1
% printf 'g();\nfunction f() {\n  return 1;\n}\n' > h.js
$ lets edit h.js --old 'g();' --new 'g(1);' -q
── check: structure ok · sha:b89b17bba630→[..]
--- file h.js
g(1);
function f() {
  return 1;
}
