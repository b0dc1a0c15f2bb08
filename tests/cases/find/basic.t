# lets find: hits grouped by file as path:line targets, matches wrapped in «», sorted by path.
# Expected outputs are the spec's examples (reference.md "lets find"); the fixture find-spec holds
# the spec's src/config.ts and src/usage.ts plus small.md. The spec's transcripts without a cost
# segment were made under LETS_NO_STATS=1, so those cases set it too.

### the spec's basic search: two files, hits wrapped, cost from the hit lines (71 bytes → ~17)
@fixture find-spec
$ lets find usageCap
── src/config.ts
1:	export const «usageCap» = 10
── src/usage.ts
1:	import { «usageCap» } from './config'
── 2 hits in 2 files · searched 3 files · ~17 tokens

### locate is the same command
@fixture find-spec
$ lets locate usageCap
── src/config.ts
1:	export const «usageCap» = 10
── src/usage.ts
1:	import { «usageCap» } from './config'
── 2 hits in 2 files · searched 3 files · ~17 tokens

### the spec's alternation on one file: numbers right-aligned to the widest
@fixture find-spec
@env LETS_NO_STATS=1
$ lets find 'Bottom line|Next' small.md
── small.md
 5:	## «Bottom line»
13:	## «Next»
── 2 hits in 1 file · searched 1 file

### the spec's no-hits case: footer, then the stderr message, exit 1
@fixture find-spec
@env LETS_NO_STATS=1
$ lets find zzz_never_appears_zzz small.md
? 1
── 0 hits in 0 files · searched 1 file
--- stderr
no hits for «zzz_never_appears_zzz»
ERROR_CODE=not_found

### every match on a line is wrapped; the hit counts the line once
% printf 'a cat and a cat\nno\n' > two.txt
@env LETS_NO_STATS=1
$ lets find cat two.txt
── two.txt
1:	a «cat» and a «cat»
── 1 hit in 1 file · searched 1 file

### grep's no-op flags change nothing
@fixture find-spec
$ lets find -n -r -R -E -H --line-number usageCap
── src/config.ts
1:	export const «usageCap» = 10
── src/usage.ts
1:	import { «usageCap» } from './config'
── 2 hits in 2 files · searched 3 files · ~17 tokens

### -v is refused at parse time
@fixture find-spec
$ lets find -v usageCap
? 64
--- stderr
error: lets find has no -v: it prints matching lines only · use grep -v to print the lines that do not match
ERROR_CODE=usage

### --invert-match is refused the same way
@fixture find-spec
$ lets find --invert-match usageCap
? 64
--- stderr
error: lets find has no -v: it prints matching lines only · use grep -v to print the lines that do not match
ERROR_CODE=usage

### a regex by default: the dot matches any character
% printf 'a.b\naxb\n' > dots.txt
@env LETS_NO_STATS=1
$ lets find 'a.b' dots.txt
── dots.txt
1:	«a.b»
2:	«axb»
── 2 hits in 1 file · searched 1 file

### -F matches the pattern literally (control: the case above)
% printf 'a.b\naxb\n' > dots.txt
@env LETS_NO_STATS=1
$ lets find -F 'a.b' dots.txt
── dots.txt
1:	«a.b»
── 1 hit in 1 file · searched 1 file

### -F with regex metacharacters that would not parse as a regex
% printf 'call f(x\nf(y)\n' > paren.txt
@env LETS_NO_STATS=1
$ lets find --fixed-string 'f(x' paren.txt
── paren.txt
1:	call «f(x»
── 1 hit in 1 file · searched 1 file

### case-sensitive by default
% printf 'Needle\nneedle\nNEEDLE\n' > case.txt
@env LETS_NO_STATS=1
$ lets find needle case.txt
── case.txt
2:	«needle»
── 1 hit in 1 file · searched 1 file

### -i ignores case (control: the case above)
% printf 'Needle\nneedle\nNEEDLE\n' > case.txt
@env LETS_NO_STATS=1
$ lets find -i needle case.txt
── case.txt
1:	«Needle»
2:	«needle»
3:	«NEEDLE»
── 3 hits in 1 file · searched 1 file

### -i with -F folds case on a literal, and keeps the file's spelling in the hit
% printf 'A.B here\na.b there\naxb not\n' > lit.txt
@env LETS_NO_STATS=1
$ lets find -i -F 'a.b' lit.txt
── lit.txt
1:	«A.B» here
2:	«a.b» there
── 2 hits in 1 file · searched 1 file

### -w matches whole words only
% printf 'cap\ncapped\nrecap\nthe cap.\n' > words.txt
@env LETS_NO_STATS=1
$ lets find -w cap words.txt
── words.txt
1:	«cap»
4:	the «cap».
── 2 hits in 1 file · searched 1 file

### without -w a word inside a word is a hit (control for -w)
% printf 'cap\ncapped\nrecap\nthe cap.\n' > words.txt
@env LETS_NO_STATS=1
$ lets find cap words.txt
── words.txt
1:	«cap»
2:	«cap»ped
3:	re«cap»
4:	the «cap».
── 4 hits in 1 file · searched 1 file

### output is sorted by path whatever order the files were made in
% mkdir -p t/z/deep t/a && cd t && for f in z/deep/x.txt z/a.txt b.txt a/x.txt a.txt; do echo needle > $f; done
@env LETS_NO_STATS=1
$ cd t && lets find needle
── a/x.txt
1:	«needle»
── a.txt
1:	«needle»
── b.txt
1:	«needle»
── z/a.txt
1:	«needle»
── z/deep/x.txt
1:	«needle»
── 5 hits in 5 files · searched 5 files

### a path given as . prints entries as ./ would not: bare names
% mkdir t && echo needle > t/n.txt
@env LETS_NO_STATS=1
$ cd t && lets find needle .
── n.txt
1:	«needle»
── 1 hit in 1 file · searched 1 file

### a directory path prefixes every hit; a trailing slash is dropped
% mkdir -p d/e && echo needle > d/e/n.txt
@env LETS_NO_STATS=1
$ lets find needle d/
── d/e/n.txt
1:	«needle»
── 1 hit in 1 file · searched 1 file

### several paths: one answer, sorted across them
% mkdir -p p q && echo needle > q/1.txt && echo needle > p/2.txt
@env LETS_NO_STATS=1
$ lets find needle q p
── p/2.txt
1:	«needle»
── q/1.txt
1:	«needle»
── 2 hits in 2 files · searched 2 files

### anchors see line edges in a whole-buffer search
% printf 'start here\nnot start\nend\n' > anchors.txt
@env LETS_NO_STATS=1
$ lets find '^start|end$' anchors.txt
── anchors.txt
1:	«start» here
3:	«end»
── 2 hits in 1 file · searched 1 file

### a match that would cross a newline is not a hit; a line with its own match is
% printf 'foo\nbar\nfoo bar\n' > cross.txt
@env LETS_NO_STATS=1
$ lets find 'foo\s+bar' cross.txt
── cross.txt
3:	«foo bar»
── 1 hit in 1 file · searched 1 file

### CRLF lines print without the carriage return
% printf 'one needle\r\ntwo\r\n' > crlf.txt
@env LETS_NO_STATS=1
$ lets find needle crlf.txt
── crlf.txt
1:	one «needle»
── 1 hit in 1 file · searched 1 file

### a hit on the last line with no final newline
% printf 'a\nlast needle' > noeol.txt
@env LETS_NO_STATS=1
$ lets find needle noeol.txt
── noeol.txt
2:	last «needle»
── 1 hit in 1 file · searched 1 file

### -q keeps the headers and the footer, drops the hit lines
@fixture find-spec
$ lets find -q usageCap
── src/config.ts
── src/usage.ts
── 2 hits in 2 files · searched 3 files · ~17 tokens
