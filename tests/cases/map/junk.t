# lets map on code files the grammar cannot make sense of (issue 35, item 4): text under a code
# extension (a template, another tool's file: Qt's .ts translations are XML) contributes no
# definitions, and costs about what valid code of its size does, as map judges it from a probe of
# its first lines of code before any whole parse (error recovery costs tree-sitter 10-20 times
# more per byte). The junk lines are the bench corpus's: "line N of notes: value = compute(N)",
# which Python's error recovery reads as junk then an assignment to value. A file with a few
# syntax errors, as an agent leaves one mid-edit, still contributes every definition.
# spec-silent: map is beyond 0.0.1 (docs/differences.md).

### junk .py, .go and .ts files next to real Python: they contribute no definitions, the real ones rank as before
@fixture map-control
@env LETS_NO_STATS=1
% for e in py go ts; do for i in $(seq 1 40); do echo "line $i of notes: value = compute($i)"; done > notes.$e; done
$ lets map
./  9 files · python, go
── core.py
core.py#core_fn  def core_fn():
── helper.py
helper.py#helper_fn  def helper_fn():
── a.py
a.py#a_main  def a_main():
── b.py
b.py#b_main  def b_main():
── c.py
c.py#c_main  def c_main():
── z.py
z.py#z_main  def z_main():
── map: 9 files · python 7, go 1, typescript 1 · 6 definitions ranked

### a file whose first lines of code are text is not parsed whole: a definition further down is not listed
# The probe decides from the first lines, so text costs about what valid code of its size does.
@fixture map-control
@env LETS_NO_STATS=1
% { for i in $(seq 1 40); do echo "line $i of notes: value = compute($i)"; done; printf '\n\ndef later():\n    return 1\n'; } > notes.py
$ lets map notes.py
./  1 file · python
── map: 1 file · python 1 · 0 definitions ranked

### control: files of the same size in their languages are mapped
@fixture map-control
@env LETS_NO_STATS=1
% { echo 'value = compute(1)'; for i in $(seq 2 40); do echo "print(compute($i))"; done; } > notes.py
% { printf 'package notes\n\nvar Value = compute(1)\n\nfunc init() {\n'; for i in $(seq 2 40); do printf '\tcompute(%d)\n' $i; done; echo '}'; } > notes.go
% { echo 'export const value = compute(1);'; for i in $(seq 2 40); do echo "compute($i);"; done; } > notes.ts
$ lets map notes.py && lets map notes.go && lets map notes.ts
./  1 file · python
── notes.py
notes.py#value  value = compute(1)
── map: 1 file · python 1 · 1 definition ranked
./  1 file · go
── notes.go
notes.go#Value  var Value = compute(1)
notes.go#init  func init() {
── map: 1 file · go 1 · 2 definitions ranked
./  1 file · typescript
── notes.ts
notes.ts#value  export const value = compute(1);
── map: 1 file · typescript 1 · 1 definition ranked

### Qt's XML translations in a .ts file: no definitions
@fixture map-control
@env LETS_NO_STATS=1
% printf '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n<TS version="2.1" language="de_DE">\n<context>\n' > app_de.ts
% for i in $(seq 1 10); do printf '    <message>\n        <source>function open%d</source>\n        <translation>class Offen%d</translation>\n    </message>\n' $i $i; done >> app_de.ts
% printf '</context>\n</TS>\n' >> app_de.ts
$ lets map app_de.ts
./  1 file · typescript
── map: 1 file · typescript 1 · 0 definitions ranked

### a Go file without its package clause is not Go: no definitions
@fixture map-control
@env LETS_NO_STATS=1
% printf '// a snippet, not a file\n\nfunc Snippet() int {\n\treturn 1\n}\n' > snippet.go
$ lets map snippet.go
./  1 file · go
── map: 1 file · go 1 · 0 definitions ranked

### control: past a byte-order mark, comments and blank lines, the package clause opens the file
@fixture map-control
@env LETS_NO_STATS=1
% printf '\xef\xbb\xbf// Copyright\n/* a block\n   comment */\n\npackage snippet\n\nfunc Snippet() int {\n\treturn 1\n}\n' > snippet.go
$ lets map snippet.go
./  1 file · go
── snippet.go
snippet.go#Snippet  func Snippet() int {
── map: 1 file · go 1 · 1 definition ranked

### a file with syntax errors near its top, mid-edit, still contributes every definition
# Its first two lines of code both hold an error (the probe needs three in a row), and two of its
# functions one more each.
@fixture map-control
@env LETS_NO_STATS=1
% printf 'import os,,\nfrom sys import\n\ndef main(args):\n    return len(args) +\n\n\nclass Runner:\n    def run(self):\n        return main(argv))\n\n    def stop(self):\n        return 0\n\n\nLIMIT = 10\n' > edit.py
$ lets map edit.py
./  1 file · python
── edit.py
edit.py#main  def main(args):
edit.py#Runner  class Runner:
edit.py#Runner.run  def run(self):
edit.py#Runner.stop  def stop(self):
edit.py#LIMIT  LIMIT = 10
── map: 1 file · python 1 · 5 definitions ranked

### a short junk file, too short to probe: the names error recovery found after junk on a line are dropped
@fixture map-control
@env LETS_NO_STATS=1
% printf 'line 1 of notes: value = compute(1)\nline 2 of notes: total = compute(2)\nlimit = 3\n' > notes.py
$ lets map notes.py
./  1 file · python
── notes.py
notes.py#limit  limit = 3
── map: 1 file · python 1 · 1 definition ranked

### control: a C definition behind a macro the grammar does not know (an error inside it) is kept
@fixture map-control
@env LETS_NO_STATS=1
% printf '#define API\n\nAPI const int *table_of(void) {\n  return 0;\n}\n' > t.c
$ lets map t.c
./  1 file · c
── t.c
t.c#API  #define API
t.c#table_of  API const int *table_of(void) {
── map: 1 file · c 1 · 2 definitions ranked

### the same tree with junk in it gives byte-identical output, run after run
@fixture map-control
@env LETS_NO_STATS=1
% for e in py go ts; do for i in $(seq 1 40); do echo "line $i of notes: value = compute($i)"; done > notes.$e; done
$ lets map > /dev/shm/lets-junk-1.$$ && lets map | cmp - /dev/shm/lets-junk-1.$$ && rm /dev/shm/lets-junk-1.$$ && echo identical
identical
