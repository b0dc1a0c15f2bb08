# File names with a newline, a tab, a control byte or bytes that are not UTF-8 print as one bash
# $'…' word (docs/differences.md), so every output line stays one line of UTF-8, and the printed
# form is a target: a shell decodes it, and lets decodes it when it arrives as typed. A plain name
# prints as it is (the control case).

### --files escapes each kind of name; a plain one is verbatim
@env LETS_NO_STATS=1
% mkdir -p n; cd n; printf 'hello\n' > $'a\nb.txt'; printf 'hello\n' > $'t\tx.txt'; printf 'hello\n' > $'c\x01d.txt'
% printf 'hello\n' > $'bad\xffname.txt'; printf 'hello\n' > plain.txt
$ cd n && lets find hello . --files
$'a\nb.txt'
$'bad\xffname.txt'
$'c\x01d.txt'
plain.txt
$'t\tx.txt'
── 5 files · searched 5 files

### find's hit headers and --count rows escape the same way
@env LETS_NO_STATS=1
% mkdir -p n; cd n; printf 'hello\n' > $'a\nb.txt'; printf 'hello\n' > $'bad\xffname.txt'
$ cd n && lets find hello . && lets find hello . --count
── $'a\nb.txt'
1:	«hello»
── $'bad\xffname.txt'
1:	«hello»
── 2 hits in 2 files · searched 2 files
── 2 hits in 2 files
1  $'a\nb.txt'
1  $'bad\xffname.txt'

### show's header escapes a name typed raw (the shell decoded it)
@env LETS_NO_STATS=1
% mkdir -p n; cd n; printf 'one\ntwo\n' > $'a\nb.txt'
$ cd n && lets show $'a\nb.txt':2
── $'a\nb.txt:2'  (2-2 of 2) · sha:[..]
2 	two
── showed 1 target · 1 line

### round trip: the printed form, passed as typed (no shell decoding), names the same file
@env LETS_NO_STATS=1
% mkdir -p n; cd n; printf 'hello\n' > $'a\nb.txt'; printf 'tab\n' > $'t\tx.txt'; printf 'ctl\n' > $'c\x01d.txt'
% printf 'bad\n' > $'bad\xffname.txt'
$ cd n && lets find . . --files | head -4 | while IFS= read -r p; do lets show "$p"; done
── $'a\nb.txt'  (1-1 of 1) · sha:[..]
1 	hello
── showed 1 target · 1 line
── $'bad\xffname.txt'  (1-1 of 1) · sha:[..]
1 	bad
── showed 1 target · 1 line
── $'c\x01d.txt'  (1-1 of 1) · sha:[..]
1 	ctl
── showed 1 target · 1 line
── $'t\tx.txt'  (1-1 of 1) · sha:[..]
1 	tab
── showed 1 target · 1 line

### round trip through a shell: eval decodes the printed form to the raw name, with a suffix
@env LETS_NO_STATS=1
% mkdir -p n; cd n; printf 'one\ntwo\n' > $'bad\xffname.txt'
$ cd n && p=$(lets find two . --files | head -1); eval "lets show $p:2"; lets show "$p:2"
── $'bad\xffname.txt:2'  (2-2 of 2) · sha:[..]
2 	two
── showed 1 target · 1 line
── $'bad\xffname.txt':2  (2-2 of 2) · sha:[..]
2 	two
── showed 1 target · 1 line

### edit through the printed form changes the file it names, and its header escapes it
@env LETS_NO_STATS=1
% mkdir -p n; cd n; printf 'hello\n' > $'a\nb.txt'
$ cd n && lets edit "\$'a\\nb.txt'" --old hello --new bye | head -1; cat $'a\nb.txt'
── $'a\nb.txt' · 1 replacement · line 1 · exact
bye

### write's header escapes the name it created
% mkdir -p n
--- stdin
x
$ cd n && lets write $'new\x01.txt' | head -1; cat $'new\x01.txt'
── $'new\x01.txt' · created · 1 line · 2 bytes · sha:[..]
x

### a failed target in the footer is escaped too
@env LETS_NO_STATS=1
% mkdir -p n; cd n; printf 'x\n' > ok.txt
$ cd n && lets show ok.txt $'no\nsuch.txt' 2>/dev/null
? 1
── ok.txt  (1-1 of 1) · sha:[..]
1 	x
── showed 1 target · 1 line · $'no\nsuch.txt' failed (not_found)

### --json keeps a UTF-8 name exact and gives a non-UTF-8 one as its $'…' form, never U+FFFD
% mkdir -p n; cd n; printf 'hello\n' > $'a\nb.txt'; printf 'hello\n' > $'bad\xffname.txt'
@env LETS_NO_STATS=1
$ cd n && lets find hello . --files --json
{"files":["a\nb.txt","$'bad\\xffname.txt'"],"omitted":[],"stats":{"lines":2,"bytes":[..]}}

### control: a name that only looks like the escape form and exists is read literally
@env LETS_NO_STATS=1
% mkdir -p n; cd n; printf 'literal\n' > "\$'x'"; printf 'decoded\n' > x
$ cd n && lets show "\$'x'"
── $'x'  (1-1 of 1) · sha:[..]
1 	literal
── showed 1 target · 1 line
