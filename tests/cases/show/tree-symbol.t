# A #name target with no path (issue 31 item 1): the name is looked up across the tree as find
# --def looks it up (the same walk, ignore and hidden rules, the same Outer.inner), and the one
# definition is shown whole under the target that reads it; several are ambiguous (exit 2), each
# listed as that target with find --def's kind and lines; none is not_found naming the uses.
# spec-silent: 0.0.1 reads "#Open" as a file name (No such file or directory); the header names
# the resolved target so the next call (edit, show) can use it. Fixture findsym: store/store.go
# holds a method Store.Open (lines 7-10) and a function Open (16-19), docs/guide.md a section
# "Open" (3-5), the hidden .hidden/h.go and the gitignored build/gen.go define Open too.

### one definition: shown whole, headed by the target that reads it
@fixture findsym
@env LETS_NO_STATS=1
$ lets show '#Store.Open'
── store/store.go#Store.Open  (7-10 of 19 · via tree-sitter) · sha:[..]
 7 	func (s *Store) Open(path string) error {
 8 		s.path = path
 9 		return nil
10 	}
── showed 1 target · 4 lines

### control: the same lines through the path find --def names
@fixture findsym
@env LETS_NO_STATS=1
$ lets find --def Store.Open && lets show 'store/store.go#Store.Open'
── store/store.go#Store.Open  (method · lines 7-10)
7:	func (s *Store) «Open»(path string) error {
── 1 definition in 1 file · searched 6 files · ignored 3 (gitignore 1 · hidden 2)
── store/store.go#Store.Open  (7-10 of 19 · via tree-sitter) · sha:[..]
 7 	func (s *Store) Open(path string) error {
 8 		s.path = path
 9 		return nil
10 	}
── showed 1 target · 4 lines

### several definitions: ambiguous, each candidate the target that reads it
@fixture findsym
@env LETS_NO_STATS=1
$ lets show '#Open'
? 2
--- stderr
#Open is ambiguous (3 candidates)
  docs/guide.md#Guide.Open  (section · lines 3-5)
  store/store.go#Store.Open  (method · lines 7-10)
  store/store.go:16-19  (function · lines 16-19)
ERROR_CODE=ambiguous

### a candidate's target is ready to use
@fixture findsym
@env LETS_NO_STATS=1
$ lets show 'store/store.go:16-19'
── store/store.go:16-19  (16-19 of 19) · sha:[..]
16 	func Open(path string) (*Store, error) {
17 		s := &Store{}
18 		return s, s.Open(path)
19 	}
── showed 1 target · 4 lines

### a name the tree mentions but never defines: not_found, naming the uses
@fixture findsym
@env LETS_NO_STATS=1
$ lets show '#nil'
? 1
--- stderr
#nil: no definition of «nil» in the 1 file that mentions it · see the uses with lets find -w 'nil'
ERROR_CODE=not_found

### a name nothing mentions, beside a target that resolves: the other target still shows
@fixture findsym
@env LETS_NO_STATS=1
$ lets show '#Nope' 'store/store.go:1'
? 1
── store/store.go:1  (1-1 of 19) · sha:[..]
1 	package store
── showed 1 target · 1 line · #Nope failed (not_found)
--- stderr
#Nope: no definition of «Nope»: no file searched mentions it
ERROR_CODE=not_found

### --no-ignore walks the gitignored tree too, as find --def --no-ignore does
@fixture findsym
@env LETS_NO_STATS=1
$ lets show '#Open' --no-ignore
? 2
--- stderr
#Open is ambiguous (4 candidates)
  build/gen.go#Open  (function · lines 3-3)
  docs/guide.md#Guide.Open  (section · lines 3-5)
  store/store.go#Store.Open  (method · lines 7-10)
  store/store.go:16-19  (function · lines 16-19)
ERROR_CODE=ambiguous

### a file named "#x" is a file, as the target grammar reads it (control)
@env LETS_NO_STATS=1
% printf 'one\n' > '#x'
$ lets show '#x'
── #x  (1-1 of 1) · sha:[..]
1 	one
── showed 1 target · 1 line

### --json: the block's target is the one that reads the definition
@fixture findsym
@env LETS_NO_STATS=1
$ lets show '#Store.Open' --json
{"targets":[{"target":"store/store.go#Store.Open","path":"store/store.go",[..]

### Python @overload signatures: the implementation wins, by name alone and with its path
@env LETS_NO_STATS=1
% mkdir p && cd p && printf 'import typing as t\n\n\n@t.overload\ndef locate_app(name: str, raise_if_not_found: t.Literal[True]) -> int: ...\n\n\n@overload\ndef locate_app(name: str, raise_if_not_found: bool) -> int | None: ...\n\n\ndef locate_app(name, raise_if_not_found=True):\n    return 1\n' > cli.py
$ cd p && lets show '#locate_app' 'cli.py#locate_app'
── cli.py#locate_app  (12-13 of 13 · via tree-sitter) · sha:[..]
12 	def locate_app(name, raise_if_not_found=True):
13 	    return 1
── cli.py#locate_app  (12-13 of 13 · via tree-sitter) · sha:[..]
12 	def locate_app(name, raise_if_not_found=True):
13 	    return 1
── showed 2 targets · 4 lines

### find --def labels the @overload signatures "overload", each named by its lines
@env LETS_NO_STATS=1
% mkdir p && cd p && printf 'import typing as t\n\n\n@t.overload\ndef locate_app(name: str, raise_if_not_found: t.Literal[True]) -> int: ...\n\n\n@overload\ndef locate_app(name: str, raise_if_not_found: bool) -> int | None: ...\n\n\ndef locate_app(name, raise_if_not_found=True):\n    return 1\n' > cli.py
$ cd p && lets find --def locate_app
── cli.py:4-5  (overload · lines 4-5)
 5:	def «locate_app»(name: str, raise_if_not_found: t.Literal[True]) -> int: ...
── cli.py:8-9  (overload · lines 8-9)
 9:	def «locate_app»(name: str, raise_if_not_found: bool) -> int | None: ...
── cli.py#locate_app  (function · lines 12-13)
12:	def «locate_app»(name, raise_if_not_found=True):
── 3 definitions in 1 file · searched 1 file

### a stub file of @overload signatures only: ambiguous, each with the target that picks it
@env LETS_NO_STATS=1
% printf '@overload\ndef f(a: int) -> int: ...\n@overload\ndef f(a: str) -> str: ...\n' > s.pyi
$ lets show 's.pyi#f'
? 2
--- stderr
s.pyi#f is ambiguous (2 candidates)
  s.pyi:2	def f(a: int) -> int: ...
  s.pyi:4	def f(a: str) -> str: ...
  pick line 2: s.pyi:1-2
  pick line 4: s.pyi:3-4
ERROR_CODE=ambiguous

### control: a decorator that is not overload leaves two definitions ambiguous
@env LETS_NO_STATS=1
% mkdir p && cd p && printf '@cache\ndef f(a):\n    return a\n\n\n@cache\ndef f(b):\n    return b\n' > d.py
$ cd p && lets show '#f'
? 2
--- stderr
#f is ambiguous (2 candidates)
  d.py:1-3  (function · lines 1-3)
  d.py:6-8  (function · lines 6-8)
ERROR_CODE=ambiguous

### find --def -A is refused, naming the call that reads a definition whole
@fixture findsym
$ lets find --def Store.Open -A 5
? 64
--- stderr
error: the argument '--def' cannot be used with '-A <AFTER>'

  tip: to read a definition whole, lets show '#Store.Open'

Usage: lets find [OPTIONS] <PATTERN> [PATHS]...

For more information, try '--help'.
ERROR_CODE=usage
