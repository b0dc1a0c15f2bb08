# Insert anchors (issue 26 item 10, issue 27 item 8). An @'regex' anchor without +N that matches
# several lines is ambiguous, as --old is: exit 2, every candidate as path:line, and the command
# that picks each (@'regex'+N); --line-hint N takes the match nearest line N. `show` keeps the
# first-match rule (docs/differences.md). An anchor typed without quotes, @regex, is the same
# regex as @'regex'.
# spec-silent: the ambiguity, --line-hint on anchors and the unquoted form are beyond 0.0.1.
# r.txt: 1 return rv · 2 a · 3 b · 4 return rv · 5 c · 6 return rv

### an anchor regex matching three lines is refused, each candidate with the @'…'+N that picks it
% printf 'return rv\na\nb\nreturn rv\nc\nreturn rv\n' > r.txt
$ lets edit r.txt --insert-after "@'return rv'" --new 'x'
? 2
--- stderr
r.txt is ambiguous (the anchor @'return rv' matches 3 lines)
  r.txt:1	return rv
  r.txt:4	return rv  ← after "b"
  r.txt:6	return rv  ← after "c"
  pick line 1: lets edit r.txt --insert-after "@'return rv'+1" --new 'x'
  pick line 4: lets edit r.txt --insert-after "@'return rv'+2" --new 'x'
  pick line 6: lets edit r.txt --insert-after "@'return rv'+3" --new 'x'
ERROR_CODE=ambiguous
--- file r.txt
return rv
a
b
return rv
c
return rv

### the pick command it names inserts after that match
@env LETS_NO_STATS=1
% printf 'return rv\na\nb\nreturn rv\nc\nreturn rv\n' > r.txt
$ lets edit r.txt --insert-after "@'return rv'+2" --new 'x'
── r.txt · inserted 1 line after line 4
3 	b
4 	return rv
5+	x
6 	c
7 	return rv
── sha:[..]→[..] · check: skipped (no grammar for .txt)
--- file r.txt
return rv
a
b
return rv
x
c
return rv

### --line-hint takes the anchor match nearest the line: 3 is nearest line 4
@env LETS_NO_STATS=1
% printf 'return rv\na\nb\nreturn rv\nc\nreturn rv\n' > r.txt
$ lets edit r.txt --insert-after "@'return rv'" --new 'x' --line-hint 3 -q
── sha:[..]→[..] · check: skipped (no grammar for .txt)
--- file r.txt
return rv
a
b
return rv
x
c
return rv

### --line-hint on a match's own line takes it, before the match too
@env LETS_NO_STATS=1
% printf 'return rv\na\nb\nreturn rv\nc\nreturn rv\n' > r.txt
$ lets edit r.txt --insert-before "@'return rv'" --new 'x' --line-hint 6 -q
── sha:[..]→[..] · check: skipped (no grammar for .txt)
--- file r.txt
return rv
a
b
return rv
c
x
return rv

### a --line-hint as near to two matches keeps the refusal and says so
% printf 'return rv\na\nb\nreturn rv\nc\nreturn rv\n' > r.txt
$ lets edit r.txt --insert-after "@'return rv'" --new 'x' --line-hint 5
? 2
--- stderr
r.txt is ambiguous (the anchor @'return rv' matches 3 lines)
  r.txt:1	return rv
  r.txt:4	return rv  ← after "b"
  r.txt:6	return rv  ← after "c"
  line hint 5 is as near to line 4 as to line 6
  pick line 1: lets edit r.txt --insert-after "@'return rv'+1" --new 'x'
  pick line 4: lets edit r.txt --insert-after "@'return rv'+2" --new 'x'
  pick line 6: lets edit r.txt --insert-after "@'return rv'+3" --new 'x'
ERROR_CODE=ambiguous
--- file r.txt
return rv
a
b
return rv
c
return rv

### insert-before is ambiguous the same way
% printf 'return rv\na\nb\nreturn rv\n' > r.txt
$ lets edit r.txt --insert-before "@'^return'" --new '# end'
? 2
--- stderr
r.txt is ambiguous (the anchor @'^return' matches 2 lines)
  r.txt:1	return rv
  r.txt:4	return rv  ← after "b"
  pick line 1: lets edit r.txt --insert-before "@'^return'+1" --new '# end'
  pick line 4: lets edit r.txt --insert-before "@'^return'+2" --new '# end'
ERROR_CODE=ambiguous

### a regex with backslashes and quotes is repeated so that the shell passes it unchanged
% printf 'x = prepare_import(path)\ny = 1\nx = prepare_import(path)\n' > p.py
$ lets edit p.py --insert-after "@'= prepare_import\(path\)'" --new "z = \"\$HOME\""
? 2
--- stderr
p.py is ambiguous (the anchor @'= prepare_import\(path\)' matches 2 lines)
  p.py:1	x = prepare_import(path)
  p.py:3	x = prepare_import(path)  ← after "y = 1"
  pick line 1: lets edit p.py --insert-after "@'= prepare_import\(path\)'+1" --new 'z = "$HOME"'
  pick line 3: lets edit p.py --insert-after "@'= prepare_import\(path\)'+2" --new 'z = "$HOME"'
ERROR_CODE=ambiguous

### more than five candidates: one command with --line-hint <LINE>
% printf 'k\nk\nk\nk\nk\nk\n' > k.txt
$ lets edit k.txt --insert-after "@'k'" --new 'x'
? 2
--- stderr
k.txt is ambiguous (the anchor @'k' matches 6 lines)
  k.txt:1	k
  k.txt:2	k
  k.txt:3	k
  k.txt:4	k
  k.txt:5	k
  k.txt:6	k
  pick one: lets edit k.txt --line-hint <LINE> --insert-after "@'k'" --new 'x'
ERROR_CODE=ambiguous

### control: a unique anchor still inserts, and --line-hint far from it does not move it
@env LETS_NO_STATS=1
% printf 'a\nreturn rv\nb\n' > r.txt
$ lets edit r.txt --insert-after "@'return rv'" --new 'x' --line-hint 3 -q
── sha:[..]→[..] · check: skipped (no grammar for .txt)
--- file r.txt
a
return rv
x
b

### --line-hint with an @'…'+N anchor is refused: both would pick
$ lets edit a.ts --insert-after "@'x'+2" --new 'y' --line-hint 3
? 64
--- stderr
error: a.ts: --line-hint and the anchor @'x'+2 both pick a match · drop one of them

For more information, try '--help'.
ERROR_CODE=usage

### --line-hint with a #symbol anchor is refused: it picks among @'regex' matches only
$ lets edit a.ts --insert-before '#foo' --new 'y' --line-hint 3
? 64
--- stderr
error: a.ts: --line-hint picks among an @'regex' anchor's matches, and #foo is a symbol · qualify it (#Outer.name) instead

For more information, try '--help'.
ERROR_CODE=usage

### JSONL batch: "line_hint" with an @'…'+N anchor is refused for that batch line
--- stdin
{"file":"a.ts","old":"x","new":"y"}
{"file":"a.ts","insert_after":"@'x'+2","new":"y","line_hint":3}
$ lets edit --from -
? 64
--- stderr
line 2: a.ts: --line-hint and the anchor @'x'+2 both pick a match · drop one of them
ERROR_CODE=usage

### JSONL batch: an ambiguous anchor names the +N anchor for its batch line
% printf 'return rv\na\nb\nreturn rv\n' > r.txt
--- stdin
{"file":"r.txt","insert_after":"@'return rv'","new":"x"}
$ lets edit --from -
? 2
── 0 of 1 applied · nothing written · fix r.txt and re-run
--- stderr
r.txt is ambiguous (the anchor @'return rv' matches 2 lines)
  r.txt:1	return rv
  r.txt:4	return rv  ← after "b"
  pick line 1: make batch line 1's anchor @'return rv'+1
  pick line 4: make batch line 1's anchor @'return rv'+2
ERROR_CODE=ambiguous

### JSONL batch: "line_hint" on an insert takes the nearest match, as read
@env LETS_NO_STATS=1
% printf 'top\nreturn rv\na\nb\nreturn rv\n' > r.txt
--- stdin
{"file":"r.txt","insert_before":"@'^top'","new":"1\n2\n3"}
{"file":"r.txt","insert_after":"@'return rv'","new":"x","line_hint":5}
$ lets edit --from - -q
── 1 file · 2 edits · all applied · check: skipped (r.txt: no grammar for .txt)
--- file r.txt
1
2
3
top
return rv
a
b
return rv
x

### unquoted: --insert-after '@^import' is the regex ^import
@env LETS_NO_STATS=1
% printf 'import os\n\nprint(os.name)\n' > m.py
$ lets edit m.py --insert-after '@^import' --new $'import sys\n'
── m.py · inserted 1 line after line 1
1 	import os
2+	import sys
3 	
4 	print(os.name)
── check: structure ok · sha:[..]→[..]
--- file m.py
import os
import sys

print(os.name)

### unquoted with +N: @^import+2 is the second match
@env LETS_NO_STATS=1
% printf 'import os\nimport re\n\nprint(os.name)\n' > m.py
$ lets edit m.py --insert-after '@^import+2' --new 'import sys' -q
── check: structure ok · sha:[..]→[..]
--- file m.py
import os
import re
import sys

print(os.name)

### unquoted and ambiguous: the pick commands give the quoted form
% printf 'import os\nimport re\n' > m.py
$ lets edit m.py --insert-after '@^import' --new 'import sys'
? 2
--- stderr
m.py is ambiguous (the anchor @'^import' matches 2 lines)
  m.py:1	import os
  m.py:2	import re
  pick line 1: lets edit m.py --insert-after "@'^import'+1" --new 'import sys'
  pick line 2: lets edit m.py --insert-after "@'^import'+2" --new 'import sys'
ERROR_CODE=ambiguous

### unquoted in a fence batch: @@ m.py insert-after @^import
@env LETS_NO_STATS=1
% printf 'import os\n\nprint(os.name)\n' > m.py
--- stdin
@@ m.py insert-after @^import
======= new
import sys
>>>>>>>
$ lets edit --from - -q
── 1 file · 1 edit · all applied · checks: structure ok ×1
--- file m.py
import os
import sys

print(os.name)

### unquoted in a JSONL batch: "insert_after": "@^import"
@env LETS_NO_STATS=1
% printf 'import os\n\nprint(os.name)\n' > m.py
--- stdin
{"file":"m.py","insert_after":"@^import","new":"import sys\n"}
$ lets edit --from - -q
── 1 file · 1 edit · all applied · checks: structure ok ×1
--- file m.py
import os
import sys

print(os.name)

### control: an anchor with neither @ nor # is still not found, naming both forms
% printf 'import os\n' > m.py
$ lets edit m.py --insert-after 'import os' --new 'import sys'
? 1
--- stderr
import os (an insert anchor is @'regex' or #symbol) not found in m.py
ERROR_CODE=not_found
--- file m.py
import os

### control: an unquoted anchor that matches nothing is not found, as the quoted one
% printf 'import os\n' > m.py
$ lets edit m.py --insert-after '@^from' --new 'import sys'
? 1
--- stderr
@'^from' not found in m.py
ERROR_CODE=not_found
