# lets edit 'path#symbol' --new with no --old (issue 31 item 2): the symbol's whole span — the
# lines show prints for it, decorators in, a leading comment out — is replaced by --new, which is
# indented from the symbol's header as an insert before it would be; every check an edit runs
# still runs. A plaintext span whose end is a guess is refused (guessed_span) with the range edit
# that works. In a JSONL batch: {"file":…, "symbol":…, "new":…}.
# spec-silent: 0.0.1 asks for --old here (usage). The header's match word is "whole symbol".

### a Go method replaced whole from stdin; the doc comment above it and its neighbours stay
@env LETS_NO_STATS=1
% printf 'package s\n\ntype S struct{}\n\n// A returns one.\nfunc (s *S) A() int {\n\treturn 1\n}\n\nfunc (s *S) B() int {\n\treturn 2\n}\n' > s.go
--- stdin
func (s *S) A() int {
	x := 10
	return x
}
$ lets edit 's.go#S.A' --new -
── s.go · 1 replacement · lines 6-9 · whole symbol
 4 	
 5 	// A returns one.
 6 	func (s *S) A() int {
 7~		x := 10
 8~		return x
 9 	}
10 	
11 	func (s *S) B() int {
── check: structure ok · sha:[..]→[..]
--- file s.go
package s

type S struct{}

// A returns one.
func (s *S) A() int {
	x := 10
	return x
}

func (s *S) B() int {
	return 2
}

### control: the lines replaced are the lines show prints for the symbol
@env LETS_NO_STATS=1
% printf 'package s\n\ntype S struct{}\n\n// A returns one.\nfunc (s *S) A() int {\n\treturn 1\n}\n\nfunc (s *S) B() int {\n\treturn 2\n}\n' > s.go
$ lets show 's.go#S.A'
── s.go#S.A  (6-8 of 12 · via tree-sitter) · sha:[..]
6 	func (s *S) A() int {
7 		return 1
8 	}
── showed 1 target · 3 lines

### control: with --old the match stays inside the symbol, as before
@env LETS_NO_STATS=1
% printf 'package s\n\nfunc A() int {\n\treturn 1\n}\n\nfunc B() int {\n\treturn 1\n}\n' > s.go
$ lets edit 's.go#B' --old 'return 1' --new 'return 2'
── s.go · 1 replacement · line 8 · exact
6 	
7 	func B() int {
8~		return 2
9 	}
── check: structure ok · sha:[..]→[..]
--- file s.go
package s

func A() int {
	return 1
}

func B() int {
	return 2
}

### a Python method with its decorator, --new written at column 0: it takes the method's indentation
@env LETS_NO_STATS=1
% printf 'class A:\n    # the size\n    @property\n    def size(self):\n        return 1\n\n    def other(self):\n        pass\n' > a.py
$ lets edit 'a.py#A.size' --new $'@property\ndef size(self):\n    return len(self.items)'
── a.py · 1 replacement · lines 3-5 · whole symbol
1 	class A:
2 	    # the size
3 	    @property
4 	    def size(self):
5~	        return len(self.items)
6 	
7 	    def other(self):
── check: structure ok · sha:[..]→[..] · re-indented
--- file a.py
class A:
    # the size
    @property
    def size(self):
        return len(self.items)

    def other(self):
        pass

### a replacement that breaks the file is reverted: exit 3, nothing written
@env LETS_NO_STATS=1
% printf 'package s\n\nfunc A() int {\n\treturn 1\n}\n' > s.go
$ lets edit 's.go#A' --new $'func A() int {\n\treturn (1\n}'; echo "exit $?"; cat s.go
── s.go · 1 replacement · lines 3-5 · REVERTED
1 	package s
2 	
3 	func A() int {
4~		return (1          ← parse error
5 	}
── check: failed → reverted · file unchanged · sha:[..]
exit 3
package s

func A() int {
	return 1
}
--- stderr
structure check failed for s.go: 1 new parse error at line 4
ERROR_CODE=check_failed

### a name two definitions share is ambiguous, each with the target that picks it
@env LETS_NO_STATS=1
% printf 'package s\n\nfunc Open() {}\n\ntype S struct{}\n\nfunc (s *S) Open() {}\n' > s.go
$ lets edit 's.go#Open' --new 'func Open() { return }'
? 2
--- stderr
s.go#Open is ambiguous (2 candidates)
  s.go:3	func Open() {}
  s.go:7	func (s *S) Open() {}
  pick line 3: s.go:3
  pick line 7: s.go#S.Open
ERROR_CODE=ambiguous

### a plaintext symbol whose end is a guess is refused, with the range edit that works
@env LETS_NO_STATS=1
% printf 'fun foo(a: Int) =\n  a + 1\n\nval z = 3\n' > h.kt
$ lets edit 'h.kt#foo' --new 'fun foo(a: Int) = a + 2'
? 1
--- stderr
h.kt#foo: the end of this symbol is a guess (plaintext heuristic) · check lines 1-2 with lets show h.kt:1-2, then replace them: lets edit h.kt:1-2 --if sha:cfc25f953ced --new 'fun foo(a: Int) = a + 2'
ERROR_CODE=guessed_span

### the command the refusal names replaces those lines
@env LETS_NO_STATS=1
% printf 'fun foo(a: Int) =\n  a + 1\n\nval z = 3\n' > h.kt
$ lets edit h.kt:1-2 --if sha:cfc25f953ced --new 'fun foo(a: Int) = a + 2'
── h.kt · 1 replacement · line 1 · exact
1~	fun foo(a: Int) = a + 2
2 	
3 	val z = 3
── sha:cfc25f953ced→[..] · check: skipped (no grammar for .kt)
--- file h.kt
fun foo(a: Int) = a + 2

val z = 3

### control: a plaintext span closed by braces is replaced
@env LETS_NO_STATS=1
% printf 'fun greet(n: String) {\n  println(n)\n}\n\nfun other() = 1\n' > g.kt
$ lets edit 'g.kt#greet' --new 'fun greet() = 2'
── g.kt · 1 replacement · line 1 · whole symbol
1~	fun greet() = 2
2 	
3 	fun other() = 1
── sha:[..]→[..] · check: skipped (no grammar for .kt)
--- file g.kt
fun greet() = 2

fun other() = 1

### --line-hint picks among --old's occurrences; a whole symbol has none: refused
@env LETS_NO_STATS=1
% printf 'package s\n\nfunc A() int {\n\treturn 1\n}\n' > s.go
$ lets edit 's.go#A' --new 'func A() int { return 2 }' --line-hint 4
? 64
--- stderr
error: s.go#A: --line-hint picks among occurrences of --old, and a #symbol without one is replaced whole · qualify it (#Outer.name) instead

For more information, try '--help'.
ERROR_CODE=usage

### a JSONL batch: "symbol" names what "new" replaces whole
@env LETS_NO_STATS=1
% printf 'package s\n\ntype S struct{}\n\nfunc (s *S) A() int {\n\treturn 1\n}\n\nfunc (s *S) B() int {\n\treturn 2\n}\n' > s.go
--- stdin
{"file":"s.go","symbol":"S.B","new":"func (s *S) B() int {\n\treturn 20\n}"}
{"file":"s.go","symbol":"S.A","new":"func (s *S) A() int { return 10 }"}
$ lets edit --from - -q
── 1 file · 2 edits · all applied · checks: structure ok ×1
--- file s.go
package s

type S struct{}

func (s *S) A() int { return 10 }

func (s *S) B() int {
	return 20
}

### a JSONL batch: "symbol" with "old" is a usage error, nothing written
@env LETS_NO_STATS=1
% printf 'package s\n\nfunc A() int {\n\treturn 1\n}\n' > s.go
--- stdin
{"file":"s.go","symbol":"A","old":"return 1","new":"return 2"}
{"file":"s.go","symbol":"","new":"x"}
$ lets edit --from -
? 64
--- stderr
line 1: "symbol" is replaced whole, so it takes no "old", "insert_after" or "insert_before" · to match inside it, make "file" "path#name"
line 2: "symbol" must be a name, e.g. "Store.Open"
ERROR_CODE=usage
