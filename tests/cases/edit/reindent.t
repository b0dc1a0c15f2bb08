# lets edit: re-indentation changes only indentation that means nothing (issue 26, item 4;
# docs/differences.md). Lines inside multi-line literals, found with the grammar, keep their bytes
# (or, in a YAML block scalar and a Markdown code block, move with the line they open on); an
# exact --old that starts inside a line's indentation re-indents --new's later lines under its
# first; a line --new did not change keeps the file's bytes; in a Makefile only a recipe line's
# indentation becomes a tab. Controls: the same edits without a literal still re-indent.

### Python: the lines of a triple-quoted string in --new keep their bytes; the code around moves
@env LETS_NO_STATS=1
% printf 'def f():\n    return 1\n' > l.py
$ lets edit l.py --insert-before "@'return 1'" --new $'x = """\nhello\n  world\n"""'
── l.py · inserted 4 lines before line 2
1 	def f():
2+	    x = """
3+	hello
4+	  world
5+	"""
6 	    return 1
── check: structure ok · sha:[..]→[..] · re-indented
--- file l.py
def f():
    x = """
hello
  world
"""
    return 1

### control: the same insert without a literal re-indents every line
@env LETS_NO_STATS=1
% printf 'def f():\n    return 1\n' > l.py
$ lets edit l.py --insert-before "@'return 1'" --new $'if x:\n  hello()\n  world()' -q
── check: structure ok · sha:[..]→[..] · re-indented
--- file l.py
def f():
    if x:
        hello()
        world()
    return 1

### Go: a raw string's lines keep their bytes, tabs and spaces as typed
@env LETS_NO_STATS=1
% printf 'package x\n\nfunc f() string {\n\treturn ""\n}\n' > r.go
$ lets edit r.go --insert-before "@'return'" --new $'q := `\nSELECT 1\n  FROM t\n`\n_ = q' -q
── check: structure ok · sha:[..]→[..] · re-indented
--- file r.go
package x

func f() string {
	q := `
SELECT 1
  FROM t
`
	_ = q
	return ""
}

### TypeScript: a template literal's later lines keep their bytes
@env LETS_NO_STATS=1
% printf 'function f() {\n  return 1;\n}\n' > t.ts
$ lets edit t.ts --insert-before "@'return'" --new $'const s = `a\n      b`;' -q
── check: structure ok · sha:[..]→[..] · re-indented
--- file t.ts
function f() {
  const s = `a
      b`;
  return 1;
}

### Rust: a raw string r#"…"#'s lines keep their bytes
@env LETS_NO_STATS=1
% printf 'fn f() {\n    let a = 1;\n}\n' > r.rs
$ lets edit r.rs --insert-after "@'let a'" --new $'let s = r#"\nx\n  y\n"#;' -q
── check: structure ok · sha:[..]→[..] · re-indented
--- file r.rs
fn f() {
    let a = 1;
    let s = r#"
x
  y
"#;
}

### C++: a raw string R"(…)"'s lines keep their bytes
@env LETS_NO_STATS=1
% printf 'int f() {\n  return 0;\n}\n' > r.cpp
$ lets edit r.cpp --insert-before "@'return'" --new $'auto s = R"(\nx\n  y\n)";' -q
── check: structure ok · sha:[..]→[..] · re-indented
--- file r.cpp
int f() {
  auto s = R"(
x
  y
)";
  return 0;
}

### shell: a heredoc's body and terminator keep their bytes, so the heredoc still ends
@env LETS_NO_STATS=1
% printf 'f() {\n  echo hi\n}\n' > h.sh
$ lets edit h.sh --insert-after "@'echo hi'" --new $'cat <<EOF\nline\nEOF' -q
── check: structure ok · sha:[..]→[..] · re-indented
--- file h.sh
f() {
  echo hi
  cat <<EOF
line
EOF
}

### an insert inside a file's raw string moves as one block to the anchor's indentation
@env LETS_NO_STATS=1
% printf 'package x\n\nfunc q() string {\n\treturn `\n\tSELECT *\n\tFROM t\n`\n}\n' > q.go
$ lets edit q.go --insert-after "@'FROM t'" --new $'WHERE x\n  AND y' -q
── check: structure ok · sha:[..]→[..] · re-indented
--- file q.go
package x

func q() string {
	return `
	SELECT *
	FROM t
	WHERE x
	  AND y
`
}

### YAML: a block scalar's lines move with its key, keeping their indentation inside the scalar
@env LETS_NO_STATS=1
% printf 'jobs:\n  build:\n    steps:\n      - run: make\n' > w.yaml
$ lets edit w.yaml --insert-after "@'run: make'" --new $'- run: |\n    echo a\n        echo b' -q
── check: yaml ok · sha:[..]→[..] · re-indented
--- file w.yaml
jobs:
  build:
    steps:
      - run: make
      - run: |
          echo a
              echo b

### control: YAML without a block scalar re-indents by levels into the file's unit
@env LETS_NO_STATS=1
% printf 'jobs:\n  build:\n    steps:\n      - run: make\n' > w.yaml
$ lets edit w.yaml --insert-after "@'run: make'" --new $'- name: x\n    with:\n        a: 1' -q
── check: yaml ok · sha:[..]→[..] · re-indented
--- file w.yaml
jobs:
  build:
    steps:
      - run: make
      - name: x
        with:
          a: 1

### Markdown: a 4-space code block in --new stays a code block in a 2-space file
@env LETS_NO_STATS=1
% printf -- '- a\n  - b\n\nText.\n' > m.md
$ lets edit m.md --insert-after "@'^Text'" --new $'\nExample:\n\n    code here' -q
── check: structure ok · sha:[..]→[..]
--- file m.md
- a
  - b

Text.

Example:

    code here

### control: a 4-space nested list in --new takes the 2-space file's unit
@env LETS_NO_STATS=1
% printf -- '- a\n  - b\n\nText.\n' > m.md
$ lets edit m.md --insert-after "@'^Text'" --new $'\n- x\n    - y' -q
── check: structure ok · sha:[..]→[..] · re-indented
--- file m.md
- a
  - b

Text.

- x
  - y

### Markdown: a hard break (two trailing spaces) survives on a line --new did not change
@env LETS_NO_STATS=1
% printf 'Line one  \nLine two\n' > m.md
$ lets edit m.md --old $'Line one\nLine two' --new $'Line one\nLine 2'
── m.md · 1 replacement · lines 1, 2 · whitespace-folded
1 	Line one  
2~	Line 2
── check: structure ok · sha:[..]→[..] · whitespace-folded · re-indented
--- file m.md
Line one  
Line 2

### control: a line --new changed is written as typed
@env LETS_NO_STATS=1
% printf 'Line one  \nLine two\n' > m.md
$ lets edit m.md --old $'Line one\nLine two' --new $'Line 1\nLine two' -q
── check: structure ok · sha:[..]→[..] · whitespace-folded
--- file m.md
Line 1
Line two

### Makefile: an indented assignment after ifeq keeps its spaces (a tab would make it a recipe)
@env LETS_NO_STATS=1
% printf 'all:\n\tcc -o x x.c\n\nifeq ($(DEBUG),1)\nCFLAGS = -g\nendif\n' > Makefile
$ lets edit Makefile --insert-after "@'^ifeq'" --new '    CFLAGS += -O0' -q
── sha:[..]→[..] · check: skipped (no grammar for Makefile)
--- file Makefile
all:
	cc -o x x.c

ifeq ($(DEBUG),1)
    CFLAGS += -O0
CFLAGS = -g
endif

### Makefile: a continuation line of an assignment keeps its spaces
@env LETS_NO_STATS=1
% printf 'all:\n\tcc -o x $(SRC)\n\tstrip x\n\nSRC = a.c \\\n  b.c\n' > Makefile
$ lets edit Makefile --insert-after "@'^SRC ='" --new '    c.c \' -q
── sha:[..]→[..] · check: skipped (no grammar for Makefile)
--- file Makefile
all:
	cc -o x $(SRC)
	strip x

SRC = a.c \
    c.c \
  b.c

### control: Makefile a space-indented line after a recipe line becomes a recipe line
@env LETS_NO_STATS=1
% printf 'all:\n\tcc -o x x.c\n\nifeq ($(DEBUG),1)\nCFLAGS = -g\nendif\n' > Makefile
$ lets edit Makefile --insert-after "@'cc -o'" --new '    strip x' -q
── sha:[..]→[..] · check: skipped (no grammar for Makefile) · re-indented
--- file Makefile
all:
	cc -o x x.c
	strip x

ifeq ($(DEBUG),1)
CFLAGS = -g
endif

### an exact --old starting inside a line's indentation: --new's later lines stay under its first
@env LETS_NO_STATS=1
% printf 'def f():\n    if x:\n        a()\n        b()\n' > c.py
$ lets edit c.py --old '    b()' --new $'    b()\n    c()'
── c.py · 1 replacement · lines 4, 5 · exact
2 	    if x:
3 	        a()
4 	        b()
5~	        c()
── check: structure ok · sha:[..]→[..] · re-indented
--- file c.py
def f():
    if x:
        a()
        b()
        c()

### control: the same --old at the start of its line is written as typed
@env LETS_NO_STATS=1
% printf 'if x:\n    a()\n    b()\n' > b.py
$ lets edit b.py --old '    b()' --new $'    b()\n    c()' -q
── check: structure ok · sha:[..]→[..]
--- file b.py
if x:
    a()
    b()
    c()

### control: an --old starting after the indentation keeps --new's later lines as typed
@env LETS_NO_STATS=1
% printf 'def f():\n    if x:\n        a()\n        b()\n' > c.py
$ lets edit c.py --old 'b()' --new $'b()\n        c()' -q
── check: structure ok · sha:[..]→[..]
--- file c.py
def f():
    if x:
        a()
        b()
        c()

### control: an exact --old over several lines starting inside the indentation keeps --new as typed
@env LETS_NO_STATS=1
% printf 'def f():\n    if x:\n        a()\n        b()\n' > c.py
$ lets edit c.py --old $'    a()\n        b()' --new $'    a()\n        b()\n        c()' -q
── check: structure ok · sha:[..]→[..]
--- file c.py
def f():
    if x:
        a()
        b()
        c()

### a fold that misreads a raw string's whitespace may not rewrite the string: refused
% printf 'package x\n\nfunc q() string {\n\ts := `\n\tSELECT 1\n`\n\treturn s\n}\n' > q.go
$ lets edit q.go --old $'    s := `\n    SELECT 1\n`' --new $'    s := `\n    SELECT 2\n`'
? 1
--- stderr
--old matches lines 4-6 of q.go only with the whitespace inside a multi-line literal changed (line 5), where whitespace is content · give those lines as lets show q.go:4-6 prints them
ERROR_CODE=not_found
--- file q.go
package x

func q() string {
	s := `
	SELECT 1
`
	return s
}

### control: a fold that leaves the raw string's lines unchanged writes them as the file has them
@env LETS_NO_STATS=1
% printf 'package x\n\nfunc q() string {\n\ts := `\n\tSELECT 1\n`\n\treturn s\n}\n' > q.go
$ lets edit q.go --old $'    s := `\n    SELECT 1\n`\n    return s' --new $'    s := `\n    SELECT 1\n`\n    return s + ";"' -q
── check: structure ok · sha:[..]→[..] · whitespace-folded · re-indented
--- file q.go
package x

func q() string {
	s := `
	SELECT 1
`
	return s + ";"
}

### control: a YAML block scalar whose lines moved together folds, and a new line in it moves with them
@env LETS_NO_STATS=1
% printf 'steps:\n  - run: |\n      echo a\n        echo b\n' > s.yaml
$ lets edit s.yaml --old $'- run: |\n    echo a\n      echo b' --new $'- run: |\n    echo a\n      echo b\n    echo c' -q
── check: yaml ok · sha:[..]→[..] · whitespace-folded · re-indented
--- file s.yaml
steps:
  - run: |
      echo a
        echo b
      echo c
