# Failures: missing paths, invalid patterns, the BRE-escape retry, the working-tree boundary.
# Texts from output-format.md §2 (message catalogue) and §6.

### a missing path is named in the footer beside what the others produced; exit 1
@fixture find-spec
@env LETS_NO_STATS=1
$ lets find usageCap src nope
? 1
── src/config.ts
1:	export const «usageCap» = 10
── src/usage.ts
1:	import { «usageCap» } from './config'
── 2 hits in 2 files · searched 2 files · nope failed (not_found)
--- stderr
nope: No such file or directory (os error 2)
ERROR_CODE=not_found

### the same search without the missing path exits 0 (control)
@fixture find-spec
@env LETS_NO_STATS=1
$ lets find usageCap src
── src/config.ts
1:	export const «usageCap» = 10
── src/usage.ts
1:	import { «usageCap» } from './config'
── 2 hits in 2 files · searched 2 files

### only a missing path: the footer names it, one message
@fixture find-spec
@env LETS_NO_STATS=1
$ lets find usageCap nope
? 1
── 0 hits in 0 files · searched 0 files · nope failed (not_found)
--- stderr
nope: No such file or directory (os error 2)
ERROR_CODE=not_found

### an invalid pattern: the regex error in Rust regex's words (output-format.md: "invalid pattern: unclosed group"), exit 1
@fixture find-spec
$ lets find 'a(b'
? 1
--- stderr
invalid pattern: unclosed group
ERROR_CODE=invalid_pattern

### an unclosed class
@fixture find-spec
$ lets find '[ab'
? 1
--- stderr
invalid pattern: unclosed character class
ERROR_CODE=invalid_pattern

### the same text with -F is no regex and searches fine (control)
% printf 'x a(b y\n' > p.txt
@env LETS_NO_STATS=1
$ lets find -F 'a(b' p.txt
── p.txt
1:	x «a(b» y
── 1 hit in 1 file · searched 1 file

### a BRE escape that matched nothing is retried grep-style, and the footer says so
% printf 'alpha\nbeta\ngamma\n' > g.txt
@env LETS_NO_STATS=1
$ lets find 'alpha\|gamma' g.txt
── g.txt
1:	«alpha»
3:	«gamma»
── 2 hits in 1 file · searched 1 file · «alpha\|gamma» had no hits, read grep-style as «alpha|gamma»

### grep-style braces and groups
% printf 'xx\nx\nabab\n' > g.txt
@env LETS_NO_STATS=1
$ lets find '\(ab\)\{2\}' g.txt
── g.txt
3:	«abab»
── 1 hit in 1 file · searched 1 file · «\(ab\)\{2\}» had no hits, read grep-style as «(ab){2}»

### the escaped reading is kept when it matches: \| is a literal bar first (control)
% printf 'A|B\nA\n' > g.txt
@env LETS_NO_STATS=1
$ lets find 'A\|B' g.txt
── g.txt
1:	«A|B»
── 1 hit in 1 file · searched 1 file

### neither reading has hits: both named in the message
% printf 'alpha\n' > g.txt
@env LETS_NO_STATS=1
$ lets find 'zeta\|eta' g.txt
? 1
── 0 hits in 0 files · searched 1 file · «zeta\|eta» had no hits, read grep-style as «zeta|eta»
--- stderr
no hits for «zeta\|eta», nor for its grep-style reading «zeta|eta»
ERROR_CODE=not_found

### -F never retries grep-style
% printf 'alpha\n' > g.txt
@env LETS_NO_STATS=1
$ lets find -F 'alpha\|x' g.txt
? 1
── 0 hits in 0 files · searched 1 file
--- stderr
no hits for «alpha\|x»
ERROR_CODE=not_found

### a path outside the working tree: only the refusal, exit 6
@fixture find-spec
@env LETS_NO_STATS=1
$ lets find root /etc/passwd
? 6
--- stderr
/etc/passwd is outside the working tree
ERROR_CODE=outside_tree

### a path outside the tree beside one inside: the call is refused whole, nothing searched
@fixture find-spec
@env LETS_NO_STATS=1
$ lets find root . /etc/passwd
? 6
--- stderr
/etc/passwd is outside the working tree
ERROR_CODE=outside_tree

### --allow-outside permits it (control)
@fixture find-spec
@env LETS_NO_STATS=1
$ lets find -c '^root:' /etc/passwd --allow-outside
── 1 hit in 1 file
1  /etc/passwd

### a relative path climbing out of the tree is outside too
% mkdir t && echo needle > outside.txt
@env LETS_NO_STATS=1
$ cd t && lets find needle ../outside.txt
? 6
--- stderr
../outside.txt is outside the working tree
ERROR_CODE=outside_tree

### a symlink inside the tree that points out of it is outside
% ln -s /etc linked-etc
@env LETS_NO_STATS=1
$ lets find root linked-etc/passwd
? 6
--- stderr
linked-etc/passwd is outside the working tree
ERROR_CODE=outside_tree

### a missing pattern is a usage error
@fixture find-spec
$ lets find
? 64
--- stderr
[..]
[...]
ERROR_CODE=usage
