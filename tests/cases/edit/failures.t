# lets edit refusals about what is on disk: not found (with the nearest line), ambiguous,
# empty file, mixed endings, read-only, hardlinked, binary, non-UTF-8 region, outside the tree.
# Nothing is written in any of them; each is followed by a control that lands.
# Fixtures: edit-basic (usage.ts, 9 lines), edit-usage (the spec's 10-line usage.ts with three
# `return`s on lines 4, 7 and 9).
# beyond the spec: the nearest line is followed by "similarity: N%", the Dice coefficient of the
# byte bigrams of the trimmed --old's first line and the trimmed file line, rounded down.

### the spec's ambiguous example: every candidate listed, exit 2, nothing written
@fixture edit-usage
$ lets edit usage.ts --old 'return' --new 'return undefined'
? 2
--- stderr
usage.ts is ambiguous (3 candidates)
  usage.ts:4	  if (!id) return
  usage.ts:7	  if (now > cap) return
  usage.ts:9	  return total
  pick line 4: lets edit usage.ts --line-hint 4 --old 'return' --new 'return undefined'
  pick line 7: lets edit usage.ts --line-hint 7 --old 'return' --new 'return undefined'
  pick line 9: lets edit usage.ts --line-hint 9 --old 'return' --new 'return undefined'
ERROR_CODE=ambiguous

### control: --all replaces every occurrence, the header lists the lines
@fixture edit-usage
@env LETS_NO_STATS=1
$ lets edit usage.ts --old 'return' --new 'return undefined' --all --no-check
── usage.ts · 3 replacements · lines 4, 7, 9 · exact
 2 	import { clock } from './clock'
 3 	export function usage(id: string) {
 4~	  if (!id) return undefined
 5 	  const now = clock()
 6 	  const cap = usageCap
 7~	  if (now > cap) return undefined
 8 	  const total = now - cap
 9~	  return undefined total
10 	}
── sha:[..]→[..] · check: skipped (--no-check)
--- file usage.ts
import { usageCap } from './config'
import { clock } from './clock'
export function usage(id: string) {
  if (!id) return undefined
  const now = clock()
  const cap = usageCap
  if (now > cap) return undefined
  const total = now - cap
  return undefined total
}


### more than 20 candidates: 20 listed, then (+N more)
% for i in $(seq 1 25); do echo "x = $i"; done > many.txt
$ lets edit many.txt --old 'x =' --new 'y ='
? 2
--- stderr
many.txt is ambiguous (25 candidates)
  many.txt:1	x = 1
  many.txt:2	x = 2
  many.txt:3	x = 3
  many.txt:4	x = 4
  many.txt:5	x = 5
  many.txt:6	x = 6
  many.txt:7	x = 7
  many.txt:8	x = 8
  many.txt:9	x = 9
  many.txt:10	x = 10
  many.txt:11	x = 11
  many.txt:12	x = 12
  many.txt:13	x = 13
  many.txt:14	x = 14
  many.txt:15	x = 15
  many.txt:16	x = 16
  many.txt:17	x = 17
  many.txt:18	x = 18
  many.txt:19	x = 19
  many.txt:20	x = 20
  (+5 more)
  pick one: lets edit many.txt --line-hint <LINE> --old 'x =' --new 'y ='
ERROR_CODE=ambiguous

### not found: the nearest line and its similarity; the file is untouched
@fixture edit-basic
$ lets edit usage.ts --old 'const cap = 20' --new 'const cap = 30'; echo "exit $?"; lets show usage.ts:5
exit 1
── usage.ts:5  (5-5 of 9) · sha:14dc685cb937
5 	  const cap = 10
── showed 1 target · 1 line · ~4 tokens
--- stderr
--old not found in usage.ts
  nearest: line 5	  const cap = 10
  similarity: 84%
  near: line 5 · 84% · 1 word differs: 10→20
ERROR_CODE=not_found

### not found under --json: the error shape carries the same message
@fixture edit-basic
@env LETS_NO_STATS=1
$ lets edit usage.ts --old 'const cap = 20' --new 'const cap = 30' --json
? 1
{"error":{"slug":"not_found","message":"--old not found in usage.ts\n  nearest: line 5\t  const cap = 10\n  similarity: 84%\n  near: line 5 · 84% · 1 word differs: 10→20"},"omitted":[],"stats":{"lines":0,"bytes":0,"tokens_est":null}}
--- stderr
--old not found in usage.ts
  nearest: line 5	  const cap = 10
  similarity: 84%
  near: line 5 · 84% · 1 word differs: 10→20
ERROR_CODE=not_found

### a missing file is not_found with the OS text
@fixture edit-basic
$ lets edit nope.ts --old a --new b
? 1
--- stderr
nope.ts: No such file or directory (os error 2)
ERROR_CODE=not_found

### an empty file: empty_file names lets write
@fixture edit-basic
% : > empty.ts
$ lets edit empty.ts --old a --new b
? 1
--- stderr
empty.ts is empty, so there is nothing to match · write it with lets write --force empty.ts
ERROR_CODE=empty_file

### a multi-line --old on a file mixing CRLF and LF: mixed_endings
% printf 'a\r\nb\nc\r\n' > mixed.txt
$ lets edit mixed.txt --old $'a\nb' --new x
? 1
--- stderr
--old spans lines, and mixed.txt mixes CRLF and LF endings · match one line at a time, or type \r\n where the file has CRLF
ERROR_CODE=mixed_endings

### control: one line at a time works on the mixed file, other lines' endings untouched
@env LETS_NO_STATS=1
% printf 'a\r\nb\nc\r\n' > mixed.txt
$ lets edit mixed.txt --old 'b' --new 'B' -q && od -An -c mixed.txt
── sha:[..]→[..] · check: skipped (no grammar for .txt)
   a  \r  \n   B  \n   c  \r  \n

### a read-only file is refused, naming chmod u+w
@fixture edit-basic
% chmod a-w usage.ts
$ lets edit usage.ts --old 'const cap = 10' --new 'const cap = 20'
? 7
--- stderr
usage.ts is read-only · run chmod u+w usage.ts first if the edit is intended
ERROR_CODE=read_only

### a hardlinked file is refused: replacing it would split the link
@fixture edit-basic
% ln usage.ts other.ts
$ lets edit usage.ts --old 'const cap = 10' --new 'const cap = 20'
? 7
--- stderr
usage.ts is unsupported: hardlinked file
ERROR_CODE=unsupported_file

### a binary file is refused
% printf 'a\0b\n' > bin.dat
$ lets edit bin.dat --old a --new b
? 7
--- stderr
bin.dat is unsupported: binary file
ERROR_CODE=unsupported_file

### a match in non-UTF-8 bytes is refused
% printf 'ok line\nbad \xff\xfe here\n' > lossy.txt
$ lets edit lossy.txt --old $'\xff\xfe' --new x
? 7
--- stderr
lossy.txt is unsupported: non-UTF-8 region
ERROR_CODE=unsupported_file

### control: a valid line of the same file can be edited, the invalid bytes kept
@env LETS_NO_STATS=1
% printf 'ok line\nbad \xff\xfe here\n' > lossy.txt
$ lets edit lossy.txt --old 'ok line' --new 'fine' -q && od -An -c lossy.txt
── sha:[..]→[..] · check: skipped (no grammar for .txt) · 1 non-UTF-8 line shown lossily
   f   i   n   e  \n   b   a   d     377 376       h   e   r   e
  \n

### a file outside the working tree needs --allow-outside
@fixture edit-basic
% mkdir -p repo/.git
$ cd repo && lets edit ../usage.ts --old 'const cap = 10' --new 'const cap = 20'
? 6
--- stderr
../usage.ts is outside the working tree
ERROR_CODE=outside_tree
