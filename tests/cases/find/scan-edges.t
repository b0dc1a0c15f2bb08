# The literal scan's edges (search.c tests a file 32 or 64 bytes at a time and its last positions
# as one block overlapping the one before) and the walk's shortcut that only names starting with a
# dot can be .git, .gitignore or .ignore.

### -F: a literal in the last bytes of a file, with no final newline, is found
% mkdir t && cd t && printf 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\nxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\nxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\nabc TODO' > end.txt
@env LETS_NO_STATS=1
$ cd t && lets find -F TODO
── end.txt
4:	abc «TODO»
── 1 hit in 1 file · searched 1 file

### -F: the same literal at the start of the same file (control)
% mkdir t && cd t && printf 'TODO abc\nxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\nxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\nxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' > start.txt
@env LETS_NO_STATS=1
$ cd t && lets find -F TODO
── start.txt
1:	«TODO» abc
── 1 hit in 1 file · searched 1 file

### -F -i: a literal of other case in the last bytes of a file is found
% mkdir t && cd t && printf 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\nxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\nxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\nabc ToDo' > end.txt
@env LETS_NO_STATS=1
$ cd t && lets find -F -i todo
── end.txt
4:	abc «ToDo»
── 1 hit in 1 file · searched 1 file

### -F: a NUL in the last byte makes a file binary, though the literal came before it
% mkdir t && cd t && printf 'TODO abc\nxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\nxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\nxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\0' > nul.txt
@env LETS_NO_STATS=1
$ cd t && lets find -F TODO
? 1
── 0 hits in 0 files · searched 0 files · skipped 1 (binary 1)
--- stderr
no hits for «TODO»
ERROR_CODE=not_found

### a file named gitignore, without the dot, is searched and sets no rule (.gitignore does: ignore.t)
% mkdir t && cd t && printf '*.txt\n' > gitignore && echo needle > a.txt && printf 'x\n' > x.ignore
@env LETS_NO_STATS=1
$ cd t && lets find -F needle
── a.txt
1:	«needle»
── 1 hit in 1 file · searched 3 files
