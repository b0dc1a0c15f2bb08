# lets edit: inserts land where they belong (issue 26, item 3; docs/differences.md). After an anchor
# line that opens a block, an unindented --new takes the block's first child's indentation, else
# the anchor's plus one unit of the file; after a #symbol, the symbol's header indentation; before
# a #symbol, above its leading comment. Each writing case dumps the file after; each rule has a
# control that keeps the anchor's own indentation.

### YAML: after a key that opens a list, the item joins the list at its items' indentation
@env LETS_NO_STATS=1
% printf 'linters:\n  disable:\n    - errcheck\n  enable:\n    - gofmt\n' > g.yaml
$ lets edit g.yaml --insert-after "@'  disable:'" --new '- govet'
── g.yaml · inserted 1 line after line 2
1 	linters:
2 	  disable:
3+	    - govet
4 	    - errcheck
5 	  enable:
── check: yaml ok · sha:5b9d31d5bda1→[..] · re-indented
--- file g.yaml
linters:
  disable:
    - govet
    - errcheck
  enable:
    - gofmt

### control: YAML a list written at its key's indentation is joined at that indentation
@env LETS_NO_STATS=1
% printf 'linters:\n  disable:\n  - errcheck\n  enable:\n  - gofmt\n' > g.yaml
$ lets edit g.yaml --insert-after "@'  disable:'" --new '- govet' -q
── check: yaml ok · sha:[..]→[..] · re-indented
--- file g.yaml
linters:
  disable:
  - govet
  - errcheck
  enable:
  - gofmt

### control: YAML after a line that opens nothing, the insert takes that line's indentation
@env LETS_NO_STATS=1
% printf 'linters:\n  disable:\n    - errcheck\n  enable:\n    - gofmt\n' > g.yaml
$ lets edit g.yaml --insert-after "@'errcheck'" --new '- govet' -q
── check: yaml ok · sha:[..]→[..] · re-indented
--- file g.yaml
linters:
  disable:
    - errcheck
    - govet
  enable:
    - gofmt

### Go: after a function's opening line, the statement goes into its body
@env LETS_NO_STATS=1
% printf 'package x\n\nfunc Get() {\n\treturn\n}\n' > a.go
$ lets edit a.go --insert-after "@'func Get'" --new 'x := 1'
── a.go · inserted 1 line after line 3
2 	
3 	func Get() {
4+		x := 1
5 		return
6 	}
── check: structure ok · sha:[..]→[..] · re-indented
--- file a.go
package x

func Get() {
	x := 1
	return
}

### Go: an empty block takes the anchor's indentation plus one tab
@env LETS_NO_STATS=1
% printf 'package x\n\nfunc Get() {\n}\n' > a.go
$ lets edit a.go --insert-after "@'func Get'" --new 'return' -q
── check: structure ok · sha:[..]→[..] · re-indented
--- file a.go
package x

func Get() {
	return
}

### Go: before a closing brace, the statement goes in at the block's last child's indentation
@env LETS_NO_STATS=1
% printf 'package x\n\nfunc Get() {\n\tx := 1\n}\n' > a.go
$ lets edit a.go --insert-before "@'^}'" --new 'return' -q
── check: structure ok · sha:[..]→[..] · re-indented
--- file a.go
package x

func Get() {
	x := 1
	return
}

### Python: after a def or an if, the line goes into its body at the body's indentation
@env LETS_NO_STATS=1
% printf 'def f(x):\n    if x:\n        a()\n    return x\n' > p.py
$ lets edit p.py --insert-after "@'if x:'" --new 'b()' -q
── check: structure ok · sha:[..]→[..] · re-indented
--- file p.py
def f(x):
    if x:
        b()
        a()
    return x

### Python: a block whose header ends in a comment still opens
@env LETS_NO_STATS=1
% printf 'def f(x):  # why\n    return x\n' > p.py
$ lets edit p.py --insert-after "@'def f'" --new 'x += 1' -q
── check: structure ok · sha:[..]→[..] · re-indented
--- file p.py
def f(x):  # why
    x += 1
    return x

### Python: after #Foo the new def goes at the class header's indentation, not into its last method
# and, after a definition, the two blank lines the file keeps before the next top-level line go
# between them too (issue 31 item 7)
@env LETS_NO_STATS=1
% printf 'class Foo:\n    def a(self):\n        return 1\n\n    def b(self):\n        return 2\n\n\nx = 1\n' > f.py
$ lets edit f.py --insert-after '#Foo' --new $'def helper():\n    return 1'
── f.py · inserted 4 lines after #Foo (line 6)
 5 	    def b(self):
 6 	        return 2
 7+	
 8+	
 9+	def helper():
10+	    return 1
11 	
12 	
── check: structure ok · sha:[..]→[..]
--- file f.py
class Foo:
    def a(self):
        return 1

    def b(self):
        return 2


def helper():
    return 1


x = 1

### Python: after a method #Foo.b the new method goes at the method header's indentation, a blank line apart
# (nothing below it to measure the file's spacing by: after a definition with a body, one)
@env LETS_NO_STATS=1
% printf 'class Foo:\n    def a(self):\n        return 1\n\n    def b(self):\n        if self:\n            return 2\n' > f.py
$ lets edit f.py --insert-after '#Foo.b' --new $'def c(self):\n    return 3' -q
── check: structure ok · sha:[..]→[..] · re-indented
--- file f.py
class Foo:
    def a(self):
        return 1

    def b(self):
        if self:
            return 2

    def c(self):
        return 3

### YAML: after #services the new key goes at the key's indentation, not into its last entry
@env LETS_NO_STATS=1
% printf 'services:\n  web:\n    image: nginx\nvolumes: {}\n' > c.yaml
$ lets edit c.yaml --insert-after '#services' --new 'networks: {}' -q
── check: yaml ok · sha:[..]→[..]
--- file c.yaml
services:
  web:
    image: nginx
networks: {}
volumes: {}

### Makefile: after a rule line the line becomes a recipe line, with the recipe's tab
@env LETS_NO_STATS=1
% printf 'all: x\n\tcc -o x x.c\n' > Makefile
$ lets edit Makefile --insert-after "@'^all:'" --new 'echo start' -q
── sha:[..]→[..] · check: skipped (no grammar for Makefile) · re-indented
--- file Makefile
all: x
	echo start
	cc -o x x.c

### Makefile: a rule with no recipe yet gets one, a tab deep
@env LETS_NO_STATS=1
% printf 'CC = cc\nall:\n' > Makefile
$ lets edit Makefile --insert-after "@'^all:'" --new 'echo hi' -q
── sha:[..]→[..] · check: skipped (no grammar for Makefile) · re-indented
--- file Makefile
CC = cc
all:
	echo hi

### control: Makefile after an assignment the line stays at column 0
@env LETS_NO_STATS=1
% printf 'CC = cc\nall:\n\techo hi\n' > Makefile
$ lets edit Makefile --insert-after "@'^CC ='" --new 'LD = ld' -q
── sha:[..]→[..] · check: skipped (no grammar for Makefile)
--- file Makefile
CC = cc
LD = ld
all:
	echo hi

### Makefile: a new rule inserted after a recipe line starts at column 0, its recipe a tab deep
@env LETS_NO_STATS=1
% printf 'all:\n\tcc -o x x.c\n' > Makefile
$ lets edit Makefile --insert-after "@'cc -o'" --new $'clean:\n\trm -f x' -q
── sha:[..]→[..] · check: skipped (no grammar for Makefile)
--- file Makefile
all:
	cc -o x x.c
clean:
	rm -f x

### Markdown: after a list item with nested items, the new item joins them
@env LETS_NO_STATS=1
% printf -- '- one\n  - sub\n- two\n' > l.md
$ lets edit l.md --insert-after "@'^- one'" --new '- new' -q
── check: structure ok · sha:[..]→[..] · re-indented
--- file l.md
- one
  - new
  - sub
- two

### control: Markdown after a list item with no nested items, the new item is its sibling
@env LETS_NO_STATS=1
% printf -- '- one\n- two\n' > l.md
$ lets edit l.md --insert-after "@'^- one'" --new '- new' -q
── check: structure ok · sha:[..]→[..]
--- file l.md
- one
- new
- two

### control: Markdown text ending in a colon opens nothing
@env LETS_NO_STATS=1
% printf 'Steps:\n- one\n' > l.md
$ lets edit l.md --insert-after "@'^Steps'" --new '- zero' -q
── check: structure ok · sha:[..]→[..]
--- file l.md
Steps:
- zero
- one

### before #Get the insert goes above its doc comment, which stays with the function
@env LETS_NO_STATS=1
% printf 'package x\n\n// Get returns one.\n// It never fails.\nfunc Get() int {\n\treturn 1\n}\n' > a.go
$ lets edit a.go --insert-before '#Get' --new $'const one = 1\n'
── a.go · inserted 1 line before #Get (line 3)
1 	package x
2 	
3+	const one = 1
4 	// Get returns one.
5 	// It never fails.
── check: structure ok · sha:[..]→[..]
--- file a.go
package x

const one = 1
// Get returns one.
// It never fails.
func Get() int {
	return 1
}

### before a Python method the insert goes above its comment and decorator, at its header's indentation
@env LETS_NO_STATS=1
% printf 'class A:\n    x = 0\n    # helper\n    @staticmethod\n    def h():\n        return 1\n' > d.py
$ lets edit d.py --insert-before '#h' --new 'y = 1' -q
── check: structure ok · sha:[..]→[..] · re-indented
--- file d.py
class A:
    x = 0
    y = 1
    # helper
    @staticmethod
    def h():
        return 1

### control: a comment separated from the symbol by a blank line is not its leading comment
@env LETS_NO_STATS=1
% printf 'package x\n\n// Section.\n\nfunc Get() int {\n\treturn 1\n}\n' > a.go
$ lets edit a.go --insert-before '#Get' --new '// Get returns one.' -q
── check: structure ok · sha:[..]→[..]
--- file a.go
package x

// Section.

// Get returns one.
func Get() int {
	return 1
}

### control: a trailing comment on the line above is no leading comment
@env LETS_NO_STATS=1
% printf 'package x\n\nvar a = 1 // one\nfunc Get() int {\n\treturn 1\n}\n' > a.go
$ lets edit a.go --insert-before '#Get' --new '// Get returns one.' -q
── check: structure ok · sha:[..]→[..]
--- file a.go
package x

var a = 1 // one
// Get returns one.
func Get() int {
	return 1
}
