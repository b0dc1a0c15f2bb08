# The target grammar: a string naming an existing file wins over metacharacters; otherwise the
# longest prefix that names a file and leaves a well-formed suffix.

### the spec's example: 'C#.md' opens the file C#.md (LETS_NO_STATS=1: no cost)
@env LETS_NO_STATS=1
$ lets show 'C#.md'
── C#.md  (1-3 of 3) · sha:10e1a16f0805
1 	one
2 	two
3 	three
── showed 1 target · 3 lines

### 'C#.md:2': the prefix C#.md names a file and :2 is a line of it
# the spec's example showed a two-line C#.md ("(2-2 of 2)", line "b"); this fixture's C#.md has three lines
@env LETS_NO_STATS=1
$ lets show 'C#.md:2'
── C#.md:2  (2-2 of 3) · sha:10e1a16f0805
2 	two
── showed 1 target · 1 line

### a regex suffix after a file name holding #
@env LETS_NO_STATS=1
$ lets show "C#.md@'thr'"
── C#.md@'thr'  (3-3 of 3) · sha:10e1a16f0805
3 	three
── showed 1 target · 1 line

### control: without the file C#.md, the string parses as the symbol md in the file C
% rm 'C#.md'
$ lets show 'C#.md'
? 1
--- stderr
C: No such file or directory (os error 2)
ERROR_CODE=not_found

### a file whose name ends in :5 is shown whole, not as line 5
% printf 'whole file\n' > 'a.ts:5'
$ lets show a.ts:5
── a.ts:5  (1-1 of 1) · sha:[..]
1 	whole file
── showed 1 target · 1 line · ~2 tokens

### control: a.ts:4 names no file, so it is line 4 of a.ts
% printf 'whole file\n' > 'a.ts:5'
$ lets show a.ts:4
── a.ts:4  (4-4 of 70) · sha:b98b00497994
4 	line 4 of a.ts
── showed 1 target · 1 line · ~3 tokens

### the longest prefix wins: a.ts:5:2 is line 2 of the file a.ts:5
@env LETS_NO_STATS=1
% printf 'first\nsecond\n' > 'a.ts:5'
$ lets show a.ts:5:2
── a.ts:5:2  (2-2 of 2) · sha:[..]
2 	second
── showed 1 target · 1 line

### a file name holding @ with a line suffix
@env LETS_NO_STATS=1
% printf 'at one\nat two\n' > 'x@y.txt'
$ lets show 'x@y.txt:2'
── x@y.txt:2  (2-2 of 2) · sha:[..]
2 	at two
── showed 1 target · 1 line

### a file name holding @ with a regex suffix
@env LETS_NO_STATS=1
% printf 'at one\nat two\n' > 'x@y.txt'
$ lets show "x@y.txt@'two'"
── x@y.txt@'two'  (2-2 of 2) · sha:[..]
2 	at two
── showed 1 target · 1 line

### a file name with spaces
@env LETS_NO_STATS=1
% printf 'spaced\n' > 'my file.txt'
$ lets show 'my file.txt:1'
── my file.txt:1  (1-1 of 1) · sha:[..]
1 	spaced
── showed 1 target · 1 line
