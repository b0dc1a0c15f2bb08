# An insert after a #symbol in code is set apart from the definition by the blank lines the file
# uses between definitions (issue 31 item 7): the blank lines between the definition and the next
# line at its header's indentation, else between it and the one above it, else one; at least one
# after a definition with a body. --new's own leading and trailing blank lines give way to that;
# the blank lines that followed the definition now follow the insert. Before a #symbol, and in
# Markdown and data files, the insert keeps the blank lines it was given.
# spec-silent: 0.0.1 inserts --new as typed right after the symbol's last line.

### a method after a method: one blank line before, the one that was there after
@env LETS_NO_STATS=1
% printf 'class A:\n    def x(self):\n        pass\n\n    def y(self):\n        pass\n' > a.py
$ lets edit a.py --insert-after '#A.x' --new $'def z(self):\n    return 1\n' -q
── check: structure ok · sha:[..]→[..] · re-indented
--- file a.py
class A:
    def x(self):
        pass

    def z(self):
        return 1

    def y(self):
        pass

### --new's own blank lines (two before, one after) give way to the file's spacing
@env LETS_NO_STATS=1
% printf 'class A:\n    def x(self):\n        pass\n\n    def y(self):\n        pass\n' > a.py
$ lets edit a.py --insert-after '#A.x' --new $'\n\n    def z(self):\n        return 1\n\n' -q
── check: structure ok · sha:[..]→[..]
--- file a.py
class A:
    def x(self):
        pass

    def z(self):
        return 1

    def y(self):
        pass

### top-level Python functions two blank lines apart, as the file keeps them
@env LETS_NO_STATS=1
% printf 'import os\n\n\ndef f():\n    return 1\n\n\ndef g():\n    return 2\n' > m.py
$ lets edit m.py --insert-after '#f' --new $'def h():\n    return 3' -q
── check: structure ok · sha:[..]→[..]
--- file m.py
import os


def f():
    return 1


def h():
    return 3


def g():
    return 2

### a Go method after the last one in the file: the spacing read above it
@env LETS_NO_STATS=1
% printf 'package s\n\ntype S struct{}\n\nfunc (s *S) A() int {\n\treturn 1\n}\n' > s.go
$ lets edit s.go --insert-after '#S.A' --new $'func (s *S) B() int {\n\treturn 2\n}' -q
── check: structure ok · sha:[..]→[..]
--- file s.go
package s

type S struct{}

func (s *S) A() int {
	return 1
}

func (s *S) B() int {
	return 2
}

### one-line definitions written without blank lines between them stay that way
@env LETS_NO_STATS=1
% printf 'package s\n\nvar a = 1\nvar b = 2\n' > v.go
$ lets edit v.go --insert-after '#a' --new 'var c = 3' -q
── check: structure ok · sha:[..]→[..]
--- file v.go
package s

var a = 1
var c = 3
var b = 2

### control: before a #symbol the insert keeps the lines it was given (its comment stays on it)
@env LETS_NO_STATS=1
% printf 'package s\n\nfunc A() int {\n\treturn 1\n}\n' > s.go
$ lets edit s.go --insert-before '#A' --new '// A returns one.' -q
── check: structure ok · sha:[..]→[..]
--- file s.go
package s

// A returns one.
func A() int {
	return 1
}

### control: an @'regex' anchor inserts as typed
@env LETS_NO_STATS=1
% printf 'package s\n\nfunc A() int {\n\treturn 1\n}\n' > s.go
$ lets edit s.go --insert-after "@'^}'" --new 'var x = 1' -q
── check: structure ok · sha:[..]→[..]
--- file s.go
package s

func A() int {
	return 1
}
var x = 1

### control: in Markdown the insert keeps the blank lines it was given
@env LETS_NO_STATS=1
% printf '# T\n\n## A\n\ntext\n\n## B\n\nmore\n' > d.md
$ lets edit d.md --insert-after '#T.A' --new $'## New\n\nnew text\n' -q
── check: structure ok · sha:[..]→[..]
--- file d.md
# T

## A

text

## New

new text
## B

more
