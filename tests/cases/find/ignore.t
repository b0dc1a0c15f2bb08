# Walk rules (reference.md "lets find": ripgrep's rules): .gitignore (nested, anchored, negated,
# directory-only, **), .ignore, .git/info/exclude, the global excludes file, hidden entries, and
# .git never searched. A pruned directory counts once in "ignored". The matcher itself is checked
# against git in tests/unit/t_ignore.c.

### a gitignored file and the hidden files are skipped and counted
% mkdir t && cd t && echo needle > a.txt && echo needle > b.log && echo '*.log' > .gitignore && echo needle > .env
@env LETS_NO_STATS=1
$ cd t && lets find needle
── a.txt
1:	«needle»
── 1 hit in 1 file · searched 1 file · ignored 3 (gitignore 1 · hidden 2)

### --no-ignore searches the gitignored file; hidden ones stay hidden
% mkdir t && cd t && echo needle > a.txt && echo needle > b.log && echo '*.log' > .gitignore && echo needle > .env
@env LETS_NO_STATS=1
$ cd t && lets find --no-ignore needle
── a.txt
1:	«needle»
── b.log
1:	«needle»
── 2 hits in 2 files · searched 2 files · ignored 2 (hidden 2)

### --hidden searches hidden files (the .gitignore itself too); gitignored ones stay out
% mkdir t && cd t && echo needle > a.txt && echo needle > b.log && echo '*.log' > .gitignore && echo needle > .env
@env LETS_NO_STATS=1
$ cd t && lets find --hidden needle
── .env
1:	«needle»
── a.txt
1:	«needle»
── 2 hits in 2 files · searched 3 files · ignored 1 (gitignore 1)

### an ignored directory is pruned and counted once
% mkdir -p t/build/x t/src && cd t && echo needle > build/1.txt && echo needle > build/x/2.txt && echo needle > src/3.txt && printf 'build/\n' > .gitignore
@env LETS_NO_STATS=1
$ cd t && lets find --hidden needle
── src/3.txt
1:	«needle»
── 1 hit in 1 file · searched 2 files · ignored 1 (gitignore 1)

### a directory-only pattern leaves a file of that name alone
% mkdir -p t/sub/build && cd t && echo needle > build && echo needle > sub/build/x.txt && printf 'build/\n' > .gitignore
@env LETS_NO_STATS=1
$ cd t && lets find needle
── build
1:	«needle»
── 1 hit in 1 file · searched 1 file · ignored 2 (gitignore 1 · hidden 1)

### a leading slash anchors the pattern to its directory
% mkdir -p t/sub && cd t && echo needle > top.txt && echo needle > sub/top.txt && printf '/top.txt\n' > .gitignore
@env LETS_NO_STATS=1
$ cd t && lets find needle
── sub/top.txt
1:	«needle»
── 1 hit in 1 file · searched 1 file · ignored 2 (gitignore 1 · hidden 1)

### a pattern without a slash matches at every depth (control for the anchored one)
% mkdir -p t/sub && cd t && echo needle > top.txt && echo needle > sub/top.txt && printf 'top.txt\n' > .gitignore
@env LETS_NO_STATS=1
$ cd t && lets find needle
? 1
── 0 hits in 0 files · searched 0 files · ignored 3 (gitignore 2 · hidden 1)
--- stderr
no hits for «needle»
ERROR_CODE=not_found

### a negated pattern re-includes; the last matching line wins
% mkdir t && cd t && echo needle > a.log && echo needle > keep.log && printf '*.log\n!keep.log\n' > .gitignore
@env LETS_NO_STATS=1
$ cd t && lets find needle
── keep.log
1:	«needle»
── 1 hit in 1 file · searched 1 file · ignored 2 (gitignore 1 · hidden 1)

### a re-include also overrides the hidden rule, as in ripgrep
% mkdir t && cd t && echo needle > .shown && echo needle > .other && printf '!.shown\n' > .gitignore
@env LETS_NO_STATS=1
$ cd t && lets find needle
── .shown
1:	«needle»
── 1 hit in 1 file · searched 1 file · ignored 2 (hidden 2)

### ** matches across directories
% mkdir -p t/a/gen t/b/c/gen t/gen2 && cd t && for f in a/gen/x.js b/c/gen/y.js gen2/z.js; do echo needle > $f; done && printf '**/gen/*.js\n' > .gitignore
@env LETS_NO_STATS=1
$ cd t && lets find needle
── gen2/z.js
1:	«needle»
── 1 hit in 1 file · searched 1 file · ignored 3 (gitignore 2 · hidden 1)

### a nested .gitignore applies below its own directory only
% mkdir -p t/sub && cd t && echo needle > a.txt && echo needle > sub/b.txt && printf '*.txt\n' > sub/.gitignore
@env LETS_NO_STATS=1
$ cd t && lets find needle
── a.txt
1:	«needle»
── 1 hit in 1 file · searched 1 file · ignored 2 (gitignore 1 · hidden 1)

### a deeper .gitignore can re-include what an upper one ignored
% mkdir -p t/sub && cd t && echo needle > a.txt && echo needle > sub/b.txt && printf '*.txt\n' > .gitignore && printf '!b.txt\n' > sub/.gitignore
@env LETS_NO_STATS=1
$ cd t && lets find needle
── sub/b.txt
1:	«needle»
── 1 hit in 1 file · searched 1 file · ignored 3 (gitignore 1 · hidden 2)

### .ignore beats .gitignore
% mkdir t && cd t && echo needle > a.txt && echo needle > b.txt && printf '*.txt\n' > .gitignore && printf '!a.txt\n' > .ignore
@env LETS_NO_STATS=1
$ cd t && lets find needle
── a.txt
1:	«needle»
── 1 hit in 1 file · searched 1 file · ignored 3 (gitignore 1 · hidden 2)

### .ignore works without any .gitignore
% mkdir t && cd t && echo needle > a.txt && echo needle > b.txt && printf 'b.txt\n' > .ignore
@env LETS_NO_STATS=1
$ cd t && lets find needle
── a.txt
1:	«needle»
── 1 hit in 1 file · searched 1 file · ignored 2 (gitignore 1 · hidden 1)

### searching a subdirectory still applies the .gitignore above it
% mkdir -p t/sub && cd t && echo needle > sub/a.txt && echo needle > sub/b.log && printf '*.log\n' > .gitignore
@env LETS_NO_STATS=1
$ cd t && lets find needle sub
── sub/a.txt
1:	«needle»
── 1 hit in 1 file · searched 1 file · ignored 1 (gitignore 1)

### a file named on the command line is searched even when ignored or hidden
% mkdir t && cd t && echo needle > b.log && echo needle > .env && printf '*.log\n' > .gitignore
@env LETS_NO_STATS=1
$ cd t && lets find needle b.log .env
── .env
1:	«needle»
── b.log
1:	«needle»
── 2 hits in 2 files · searched 2 files

### .git/info/exclude in a repository
% mkdir t && cd t && git init -q && echo needle > a.txt && echo needle > secret.txt && echo secret.txt >> .git/info/exclude
@env LETS_NO_STATS=1
$ cd t && lets find needle
── a.txt
1:	«needle»
── 1 hit in 1 file · searched 1 file · ignored 1 (gitignore 1)

### the global excludes file, ~/.config/git/ignore
% mkdir -p "$HOME/.config/git" t && echo '*.tmp' > "$HOME/.config/git/ignore" && cd t && git init -q && echo needle > a.txt && echo needle > b.tmp
@env LETS_NO_STATS=1
$ cd t && lets find needle
── a.txt
1:	«needle»
── 1 hit in 1 file · searched 1 file · ignored 1 (gitignore 1)

### core.excludesFile in ~/.gitconfig names the global file
% printf '[core]\n\texcludesFile = ~/my-excludes\n' > "$HOME/.gitconfig" && echo '*.tmp' > "$HOME/my-excludes" && mkdir t && cd t && git init -q && echo needle > a.txt && echo needle > b.tmp
@env LETS_NO_STATS=1
$ cd t && lets find needle
── a.txt
1:	«needle»
── 1 hit in 1 file · searched 1 file · ignored 1 (gitignore 1)

### --no-ignore drops the global and exclude files too
% mkdir -p "$HOME/.config/git" t && echo '*.tmp' > "$HOME/.config/git/ignore" && cd t && git init -q && echo needle > b.tmp && echo x.txt >> .git/info/exclude && echo needle > x.txt
@env LETS_NO_STATS=1
$ cd t && lets find --no-ignore needle
── b.tmp
1:	«needle»
── x.txt
1:	«needle»
── 2 hits in 2 files · searched 2 files

### .git is never searched, even with --hidden, and is not counted
% mkdir t && cd t && git init -q && echo needle > .git/needle.txt && echo needle > a.txt
@env LETS_NO_STATS=1
$ cd t && lets find --hidden needle
── a.txt
1:	«needle»
── 1 hit in 1 file · searched 1 file

### a .git file (a linked worktree) is skipped the same way
% mkdir t && cd t && echo 'gitdir: needle' > .git && echo needle > a.txt
@env LETS_NO_STATS=1
$ cd t && lets find --hidden needle
── a.txt
1:	«needle»
── 1 hit in 1 file · searched 1 file

### run from a subdirectory of a repository: the top's anchored rules still apply, as git's do
% mkdir -p t/sub/deep && cd t && git init -q && printf '/sub/x.txt\ndeep/\n' > .gitignore && echo needle > sub/x.txt && echo needle > sub/y.txt && echo needle > sub/deep/z.txt
@env LETS_NO_STATS=1
$ cd t/sub && lets find needle
── y.txt
1:	«needle»
── 1 hit in 1 file · searched 1 file · ignored 2 (gitignore 2)
