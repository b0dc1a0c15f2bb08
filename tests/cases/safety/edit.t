# lets edit and show on paths outside the tree (issue 11 escapes 1-2, issue 14): outside_tree
# (exit 6) comes before not_found, whether or not the file exists, and nothing outside changes.

### edit of a missing file outside the tree is outside_tree, not not_found
% mkdir -p repo/.git
$ cd repo && lets edit ../escape.ts --old a --new b
? 6
--- stderr
../escape.ts is outside the working tree
ERROR_CODE=outside_tree

### edit of an existing file outside the tree is outside_tree, and the file is untouched
% mkdir -p repo/.git; echo a > escape.ts
$ cd repo && lets edit ../escape.ts --old a --new b; echo "exit $?"; cat ../escape.ts
exit 6
a
--- stderr
../escape.ts is outside the working tree
ERROR_CODE=outside_tree

### control: a missing file inside the tree is not_found
% mkdir -p repo/.git
$ cd repo && lets edit nope.ts --old a --new b
? 1
--- stderr
nope.ts: No such file or directory (os error 2)
ERROR_CODE=not_found

### a symlink chain longer than the kernel follows is not proven inside: outside_tree, target untouched
% mkdir -p repo/.git repo/c; echo secret > out.txt; cd repo/c && ln -s ../../out.txt l0 && for i in $(seq 1 45); do ln -s l$((i-1)) l$i; done
$ cd repo && lets edit c/l45 --old secret --new leaked; echo "exit $?"; lets show c/l45; echo "exit $?"; cat ../out.txt
exit 6
exit 6
secret
--- stderr
c/l45 is outside the working tree
ERROR_CODE=outside_tree
c/l45 is outside the working tree
ERROR_CODE=outside_tree

### a short symlink chain that ends outside is outside_tree for show and edit
% mkdir -p repo/.git; echo secret > out.txt; ln -s ../out.txt repo/a; ln -s a repo/b
$ cd repo && lets show b; echo "exit $?"; lets edit b --old secret --new leaked; echo "exit $?"; cat ../out.txt
exit 6
exit 6
secret
--- stderr
b is outside the working tree
ERROR_CODE=outside_tree
b is outside the working tree
ERROR_CODE=outside_tree

### control: a symlink chain that stays inside is followed, the link kept and its target edited
% mkdir -p repo/.git; echo secret > repo/in.txt; ln -s in.txt repo/a; ln -s a repo/b
$ cd repo && lets edit b --old secret --new edited >/dev/null; echo "exit $?"; cat in.txt; test -L b && echo link
exit 0
edited
link

### edit of a target given through a missing directory and `..` that ends outside: outside_tree
% mkdir -p repo/.git; echo a > x.ts
$ cd repo && lets edit nope/../../x.ts --old a --new b; echo "exit $?"; cat ../x.ts
exit 6
a
--- stderr
nope/../../x.ts is outside the working tree
ERROR_CODE=outside_tree

### a fence batch with a repeated `<<<<<<< old` is a usage error, not two sections glued into one
% printf 'a\n' > r.txt
--- stdin
@@ r.txt
<<<<<<< old
a
<<<<<<< old
b
======= new
c
>>>>>>>
$ lets edit --from -; echo "exit $?"; cat r.txt
exit 64
a
--- stderr
line 4: r.txt: a second `<<<<<<< old` section · close the edit with `>>>>>>>` first
ERROR_CODE=usage

### control: the same batch with one `<<<<<<< old` section lands
% printf 'a\n' > r.txt
--- stdin
@@ r.txt
<<<<<<< old
a
======= new
c
>>>>>>>
$ lets edit --from - >/dev/null; echo "exit $?"; cat r.txt
exit 0
c

### --if sha: with more than 12 hex digits compares every one against the full hash: exactly one 13th digit passes
% printf 'a\n' > s.txt
$ n=0; for h in 0 1 2 3 4 5 6 7 8 9 a b c d e f; do lets edit s.txt --old a --new a --if sha:81c4b7f7e054$h >/dev/null 2>&1 && n=$((n+1)); done; echo "passed $n of 16"
passed 1 of 16

### control: the 12-digit sha passes
% printf 'a\n' > s.txt
$ lets edit s.txt --old a --new b --if sha:81c4b7f7e054 >/dev/null; echo "exit $?"; cat s.txt
exit 0
b

### a JSONL batch line with a duplicate key is a usage error, nothing written
% printf 'a\n' > j.txt
--- stdin
{"file":"j.txt","old":"a","new":"b","new":"c"}
$ lets edit --from -; echo "exit $?"; cat j.txt
exit 64
a
--- stderr
line 1: not a JSON object: duplicate object key near '"new"'
ERROR_CODE=usage

### control: the same line without the duplicate lands
% printf 'a\n' > j.txt
--- stdin
{"file":"j.txt","old":"a","new":"c"}
$ lets edit --from - >/dev/null; echo "exit $?"; cat j.txt
exit 0
c
