# lets show failures: partial failure, missing paths, the four diagnoses, and the refusals
# (directory, binary, UTF-16, hardlink, outside the working tree). When nothing resolves, stdout
# is empty (the spec's a.ts:40,60 and a.ts@cap examples print only stderr).

### the spec's example: two missing targets beside one that resolves (LETS_NO_STATS=1: no cost)
@env LETS_NO_STATS=1
$ lets show nope1.ts small.md:3 nope2.ts
? 1
── small.md:3  (3-3 of 15) · sha:c1191fa80cd5
3 	One grammar every verb speaks.
── showed 1 target · 1 line · nope1.ts failed (not_found) · nope2.ts failed (not_found)
--- stderr
nope1.ts: No such file or directory (os error 2)
nope2.ts: No such file or directory (os error 2)
ERROR_CODE=not_found

### the same with stats on: the cost comes after the failed targets
$ lets show nope1.ts small.md:3 nope2.ts
? 1
── small.md:3  (3-3 of 15) · sha:c1191fa80cd5
3 	One grammar every verb speaks.
── showed 1 target · 1 line · nope1.ts failed (not_found) · nope2.ts failed (not_found) · ~7 tokens
--- stderr
nope1.ts: No such file or directory (os error 2)
nope2.ts: No such file or directory (os error 2)
ERROR_CODE=not_found

### a missing file alone: the plain OS message, exit 1, nothing on stdout
$ lets show nope.ts
? 1
--- stderr
nope.ts: No such file or directory (os error 2)
ERROR_CODE=not_found

### the message names the path minus the suffix it parsed: nope.go:3:5 → nope.go:3
$ lets show nope.go:3:5
? 1
--- stderr
nope.go:3: No such file or directory (os error 2)
ERROR_CODE=not_found

### a missing file with a range suffix names the file alone
$ lets show nope.ts:40-60
? 1
--- stderr
nope.ts: No such file or directory (os error 2)
ERROR_CODE=not_found

### a missing file with a regex suffix names the file alone
$ lets show "nope.ts@'x'"
? 1
--- stderr
nope.ts: No such file or directory (os error 2)
ERROR_CODE=not_found

### a missing file with a symbol suffix is not_found, not no_grammar
$ lets show nope.ts#usage
? 1
--- stderr
nope.ts: No such file or directory (os error 2)
ERROR_CODE=not_found

### a missing directory in the path
$ lets show nodir/x.ts
? 1
--- stderr
nodir/x.ts: No such file or directory (os error 2)
ERROR_CODE=not_found

### the sed comma habit on a file that exists is diagnosed
$ lets show a.ts:40,60
? 1
--- stderr
a.ts:40,60: no such file · did you mean a.ts:40-60
ERROR_CODE=not_found

### the colon habit (grep's file:line:col) is diagnosed
$ lets show a.ts:40:60
? 1
--- stderr
a.ts:40:60: no such file · did you mean a.ts:40-60
ERROR_CODE=not_found

### control: the suggested a.ts:40-60 works
$ lets show a.ts:40-60
── a.ts:40-60  (40-60 of 70) · sha:b98b00497994
40 	line 40 of a.ts
41 	line 41 of a.ts
42 	line 42 of a.ts
43 	line 43 of a.ts
44 	line 44 of a.ts
45 	line 45 of a.ts
46 	line 46 of a.ts
47 	line 47 of a.ts
48 	line 48 of a.ts
49 	line 49 of a.ts
50 	line 50 of a.ts
51 	line 51 of a.ts
52 	line 52 of a.ts
53 	line 53 of a.ts
54 	line 54 of a.ts
55 	line 55 of a.ts
56 	line 56 of a.ts
57 	line 57 of a.ts
58 	line 58 of a.ts
59 	line 59 of a.ts
60 	line 60 of a.ts
── showed 1 target · 21 lines · ~84 tokens

### path:name is diagnosed as path#name
$ lets show a.ts:name
? 1
--- stderr
a.ts:name: no such file · did you mean a.ts#name
ERROR_CODE=not_found

### path@word (the shell ate the quotes) is diagnosed with the quoted form to type
$ lets show a.ts@cap
? 1
--- stderr
a.ts@cap: no such file · did you mean "a.ts@'cap'"
ERROR_CODE=not_found

### the same diagnosis for a word that is in the file
$ lets show a.ts@line
? 1
--- stderr
a.ts@line: no such file · did you mean "a.ts@'line'"
ERROR_CODE=not_found

### control: the quoted form works
$ lets show "a.ts@'line'"
── a.ts@'line'  (1-1 of 70) · sha:b98b00497994
1 	line 1 of a.ts
── showed 1 target · 1 line · ~3 tokens

### control: the comma habit on a missing file gets the plain OS message (no prefix names a file)
$ lets show nope.ts:40,60
? 1
--- stderr
nope.ts:40,60: No such file or directory (os error 2)
ERROR_CODE=not_found

### a diagnosed target beside a good one: the good one is shown, the footer names the failure
$ lets show a.ts:40,60 small.md:3
? 1
── small.md:3  (3-3 of 15) · sha:c1191fa80cd5
3 	One grammar every verb speaks.
── showed 1 target · 1 line · a.ts:40,60 failed (not_found) · ~7 tokens
--- stderr
a.ts:40,60: no such file · did you mean a.ts:40-60
ERROR_CODE=not_found

### a directory is not a target: exit 7, naming lets find
$ lets show dir
? 7
--- stderr
dir is unsupported: a directory · search it with lets find <pattern> dir
ERROR_CODE=unsupported_file

### the current directory is a directory too
$ lets show .
? 7
--- stderr
. is unsupported: a directory · search it with lets find <pattern> .
ERROR_CODE=unsupported_file

### control: a file inside that directory is shown
$ lets show dir/inner.txt
── dir/inner.txt  (1-1 of 1) · sha:7fb1cc2de62f
1 	inside a directory
── showed 1 target · 1 line · ~4 tokens

### a file holding a NUL byte is binary: exit 7
$ lets show bin.dat
? 7
--- stderr
bin.dat is unsupported: binary file
ERROR_CODE=unsupported_file

### a UTF-16 file (little-endian BOM) is refused as binary
$ lets show utf16le.txt
? 7
--- stderr
utf16le.txt is unsupported: binary file
ERROR_CODE=unsupported_file

### a big-endian UTF-16 BOM is refused even without a NUL byte
$ lets show bom-be.txt
? 7
--- stderr
bom-be.txt is unsupported: binary file
ERROR_CODE=unsupported_file

### control: a UTF-8 BOM is text, shown as it is
# spec-silent: the BOM bytes stay in line 1's text (they are valid UTF-8)
$ lets show bom-utf8.txt
── bom-utf8.txt  (1-1 of 1) · sha:75f466689bf4
1 	﻿hello
── showed 1 target · 1 line · ~2 tokens

### control: invalid UTF-8 without a NUL is text (shown lossily), not binary
$ lets show lossy-one.txt
── lossy-one.txt  (1-3 of 3) · non-UTF-8 line 2 · sha:d25412f7632b
1 	fine
2 	caf�
3 	fine
── showed 1 target · 3 lines · ~4 tokens

### a binary file beside a good one: exit 7, the good one shown
$ lets show bin.dat src/config.ts:1
? 7
── src/config.ts:1  (1-1 of 2) · sha:4f49d457dfea
1 	export const usageCap = 10
── showed 1 target · 1 line · bin.dat failed (unsupported_file) · ~6 tokens
--- stderr
bin.dat is unsupported: binary file
ERROR_CODE=unsupported_file

### a hardlinked file is refused
% ln src/config.ts hard.ts
$ lets show hard.ts
? 7
--- stderr
hard.ts is unsupported: hardlinked file
ERROR_CODE=unsupported_file

### both names of a hardlinked file are refused
% ln src/config.ts hard.ts
$ lets show src/config.ts
? 7
--- stderr
src/config.ts is unsupported: hardlinked file
ERROR_CODE=unsupported_file

### control: a symlink inside the tree to a file inside it is shown under the name typed
% ln -s small.md link.md
$ lets show link.md:3
── link.md:3  (3-3 of 15) · sha:c1191fa80cd5
3 	One grammar every verb speaks.
── showed 1 target · 1 line · ~7 tokens

### a target outside the working tree: exit 6
% echo x > ../outside.txt
$ lets show ../outside.txt
? 6
--- stderr
../outside.txt is outside the working tree
ERROR_CODE=outside_tree

### control: --allow-outside permits it
% echo x > ../outside.txt
$ lets show ../outside.txt --allow-outside
── ../outside.txt  (1-1 of 1) · sha:44c77418e275
1 	x
── showed 1 target · 1 line · ~0 tokens

### a symlink inside the tree that points outside is outside
% echo x > ../outside.txt
% ln -s ../outside.txt link.txt
$ lets show link.txt
? 6
--- stderr
link.txt is outside the working tree
ERROR_CODE=outside_tree

### the message names the path, not the suffix
% echo x > ../outside.txt
$ lets show ../outside.txt:1
? 6
--- stderr
../outside.txt is outside the working tree
ERROR_CODE=outside_tree

### an absolute path inside the tree is inside
$ lets show "$PWD/small.md:3"
── /[..]/small.md:3  (3-3 of 15) · sha:c1191fa80cd5
3 	One grammar every verb speaks.
── showed 1 target · 1 line · ~7 tokens

### the working tree is the nearest ancestor holding .git: a parent file is inside from a subdirectory
% git init -q
$ cd dir && lets show ../small.md:3
── ../small.md:3  (3-3 of 15) · sha:c1191fa80cd5
3 	One grammar every verb speaks.
── showed 1 target · 1 line · ~7 tokens

### control: without .git the tree is the current directory, so the parent file is outside
$ cd dir && lets show ../small.md:3
? 6
--- stderr
../small.md is outside the working tree
ERROR_CODE=outside_tree

### the first failure sets the exit code and slug; every message is printed in order
% echo x > ../outside.txt
$ lets show ../outside.txt nope.ts
? 6
--- stderr
../outside.txt is outside the working tree
nope.ts: No such file or directory (os error 2)
ERROR_CODE=outside_tree

### control: the other order gives not_found
% echo x > ../outside.txt
$ lets show nope.ts ../outside.txt
? 1
--- stderr
nope.ts: No such file or directory (os error 2)
../outside.txt is outside the working tree
ERROR_CODE=not_found

### a missing file is not_found however it was reached: through a dangling symlink
% ln -s gone.txt dangling.txt
$ lets show dangling.txt
? 1
--- stderr
dangling.txt: No such file or directory (os error 2)
ERROR_CODE=not_found

### a directory given with a trailing slash is named as typed
$ lets show dir/
? 7
--- stderr
dir/ is unsupported: a directory · search it with lets find <pattern> dir/
ERROR_CODE=unsupported_file
