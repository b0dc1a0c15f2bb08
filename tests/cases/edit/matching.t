# lets edit matching: line endings, --normalize, --expect/--expect-all ranges, stdin, inserts.
# Never a byte outside the matched span: several cases dump the file with od to show it.

### a CRLF file: a multi-line --old typed with \n matches as CRLF, --new gets CRLF
@env LETS_NO_STATS=1
% printf 'a\r\nb\r\nc\r\n' > crlf.txt
$ lets edit crlf.txt --old $'a\nb' --new $'A\nB' -q && od -An -c crlf.txt
── sha:[..]→[..] · check: skipped (no grammar for .txt) · --old matched as CRLF
   A  \r  \n   B  \r  \n   c  \r  \n

### --literal-newlines writes --new's endings as typed
@env LETS_NO_STATS=1
% printf 'a\r\nb\r\nc\r\n' > crlf.txt
$ lets edit crlf.txt --old 'b' --new $'B\nB2' --literal-newlines -q && od -An -c crlf.txt
── sha:[..]→[..] · check: skipped (no grammar for .txt)
   a  \r  \n   B  \n   B   2  \r  \n   c  \r  \n

### control: without it, --new's \n becomes the file's CRLF
@env LETS_NO_STATS=1
% printf 'a\r\nb\r\nc\r\n' > crlf.txt
$ lets edit crlf.txt --old 'b' --new $'B\nB2' -q && od -An -c crlf.txt
── sha:[..]→[..] · check: skipped (no grammar for .txt)
   a  \r  \n   B  \r  \n   B   2  \r  \n   c  \r  \n

### --normalize matches smart quotes and dashes typed as ASCII, and names the folding
@env LETS_NO_STATS=1
% printf 'say \xe2\x80\x9chi\xe2\x80\x9d \xe2\x80\x93 now\n' > q.txt
$ lets edit q.txt --old 'say "hi" - now' --new 'ok' --normalize
── q.txt · 1 replacement · line 1 · normalized (“ → ", ” → ", – → -)
1~	ok
── sha:[..]→[..] · check: skipped (no grammar for .txt) · normalized
--- file q.txt
ok


### control: without --normalize the miss says a normalized match exists
% printf 'say \xe2\x80\x9chi\xe2\x80\x9d \xe2\x80\x93 now\n' > q.txt
$ lets edit q.txt --old 'say "hi" - now' --new 'ok'
? 1
--- stderr
--old (a normalized match exists at line 1 — pass --normalize) not found in q.txt
  nearest: line 1	say “hi” – now
ERROR_CODE=not_found

### --expect confirms one line (whitespace-trimmed) and replaces it with --new
@fixture edit-basic
@env LETS_NO_STATS=1
$ lets edit usage.ts:5 --expect 'const cap = 10' --new '  const cap = 15'
── usage.ts · 1 replacement · line 5 · expect matched
3 	export function usage(id: string) {
4 	  const now = Date.now()
5~	  const cap = 15
6 	  if (!id) return
7 	  if (count(id) > cap) return
── check: structure ok · sha:14dc685cb937→[..]
--- file usage.ts
import { usageCap } from './config'

export function usage(id: string) {
  const now = Date.now()
  const cap = 15
  if (!id) return
  if (count(id) > cap) return
  return total(id, now)
}


### --expect that does not match what is on disk
@fixture edit-basic
$ lets edit usage.ts:6 --expect 'if (now > cap) return' --new 'x'
? 2
--- stderr
usage.ts:6: line 6 does not match --expect · it reads:   if (!id) return · re-read it, or confirm with --expect-all or --if sha:14dc685cb937
ERROR_CODE=expect_refused

### --expect on a multi-line range is refused
@fixture edit-basic
$ lets edit usage.ts:5-6 --expect 'const cap = 10' --new 'x'
? 2
--- stderr
usage.ts:5-6: --expect checks line 5 only, and the range runs to line 6 · pass --expect-all (the whole range on stdin) or --if sha:14dc685cb937
ERROR_CODE=expect_refused

### --expect-all confirms a range read from stdin
@fixture edit-basic
@env LETS_NO_STATS=1
--- stdin
  const cap = 10
  if (!id) return
$ lets edit usage.ts:5-6 --expect-all --new '  const cap = 15'
── usage.ts · 1 replacement · line 5 · expect matched
3 	export function usage(id: string) {
4 	  const now = Date.now()
5~	  const cap = 15
6 	  if (count(id) > cap) return
7 	  return total(id, now)
── check: structure ok · sha:14dc685cb937→[..]
--- file usage.ts
import { usageCap } from './config'

export function usage(id: string) {
  const now = Date.now()
  const cap = 15
  if (count(id) > cap) return
  return total(id, now)
}


### --expect-all with content that differs names the first differing line
@fixture edit-basic
--- stdin
  const cap = 10
  if (id) return
$ lets edit usage.ts:5-6 --expect-all --new 'x'
? 2
--- stderr
usage.ts:5-6: line 6 does not match --expect-all · it reads:   if (!id) return · re-read it, or confirm with --if sha:14dc685cb937
ERROR_CODE=expect_refused

### --new - reads stdin (the heredoc's last newline is not content)
@fixture edit-basic
@env LETS_NO_STATS=1
--- stdin
  const cap = 20
  const floor = 1
$ lets edit usage.ts --old '  const cap = 10' --new -
── usage.ts · 1 replacement · lines 5, 6 · exact
3 	export function usage(id: string) {
4 	  const now = Date.now()
5~	  const cap = 20
6~	  const floor = 1
7 	  if (!id) return
8 	  if (count(id) > cap) return
── check: structure ok · sha:14dc685cb937→[..]
--- file usage.ts
import { usageCap } from './config'

export function usage(id: string) {
  const now = Date.now()
  const cap = 20
  const floor = 1
  if (!id) return
  if (count(id) > cap) return
  return total(id, now)
}


### --old - reads the text to match from stdin
@fixture edit-basic
@env LETS_NO_STATS=1
--- stdin
  if (!id) return
  if (count(id) > cap) return
$ lets edit usage.ts --old - --new '  if (!id || count(id) > cap) return' -q && lets show usage.ts:5-7
── check: structure ok · sha:14dc685cb937→[..]
── usage.ts:5-7  (5-7 of 8) · sha:[..]
5 	  const cap = 10
6 	  if (!id || count(id) > cap) return
7 	  return total(id, now)
── showed 1 target · 3 lines
--- file usage.ts
import { usageCap } from './config'

export function usage(id: string) {
  const now = Date.now()
  const cap = 10
  if (!id || count(id) > cap) return
  return total(id, now)
}


### insert after a regex anchor: the header names the matched line
@fixture edit-basic
@env LETS_NO_STATS=1
$ lets edit usage.ts --insert-after "@'const now'" --new $'  const a = 1\n  const b = 2\n'
── usage.ts · inserted 2 lines after line 4
3 	export function usage(id: string) {
4 	  const now = Date.now()
5+	  const a = 1
6+	  const b = 2
7 	  const cap = 10
8 	  if (!id) return
── check: structure ok · sha:14dc685cb937→[..]
--- file usage.ts
import { usageCap } from './config'

export function usage(id: string) {
  const now = Date.now()
  const a = 1
  const b = 2
  const cap = 10
  if (!id) return
  if (count(id) > cap) return
  return total(id, now)
}


### --insert-after on a last line without a newline: the insert still starts a line
@env LETS_NO_STATS=1
% printf 'one\ntwo' > t.txt
$ lets edit t.txt --insert-after "@'two'" --new 'three' -q && od -An -c t.txt
── sha:[..]→[..] · check: skipped (no grammar for .txt)
   o   n   e  \n   t   w   o  \n   t   h   r   e   e  \n

### an insert anchor must be @'regex' or #symbol, not a line number
@fixture edit-basic
$ lets edit usage.ts --insert-after ':3' --new 'x'
? 1
--- stderr
:3 (an insert anchor is @'regex' or #symbol) not found in usage.ts
ERROR_CODE=not_found

### an anchor regex that matches nothing
@fixture edit-basic
$ lets edit usage.ts --insert-before "@'^nothing'" --new 'x'
? 1
--- stderr
@'^nothing' not found in usage.ts
ERROR_CODE=not_found

### a file locked by another lets process is refused after the 2-second wait
@fixture edit-basic
% (flock usage.ts sleep 4 >/dev/null 2>&1 &) ; sleep 0.2
$ lets edit usage.ts --old 'const cap = 10' --new 'const cap = 20'
? 7
--- stderr
usage.ts is locked by another lets process (waited 2 s) · retry the call
ERROR_CODE=locked

### the file's mode is kept across the atomic replace
@fixture edit-basic
@env LETS_NO_STATS=1
% chmod 0640 usage.ts
$ lets edit usage.ts --old 'const cap = 10' --new 'const cap = 20' -q && stat -c %a usage.ts
── check: structure ok · sha:14dc685cb937→9d77b7d8a9f6
640
--- file usage.ts
import { usageCap } from './config'

export function usage(id: string) {
  const now = Date.now()
  const cap = 20
  if (!id) return
  if (count(id) > cap) return
  return total(id, now)
}


### --json on an insert: "inserted" and "anchor" in place of "replacements", markers "inserted"
@fixture edit-basic
@env LETS_NO_STATS=1
$ lets edit usage.ts --insert-after "@'^import'" --new '// x' --json
{"path":"usage.ts","inserted":1,"anchor":{"side":"after","at":"@'^import'","line":1},"lines":[2],"match":"exact","region":{"start":1,"end":4,"lines":[{"number":1,"marker":"none","text":"import { usageCap } from './config'"},{"number":2,"marker":"inserted","text":"// x"},{"number":3,"marker":"none","text":""},{"number":4,"marker":"none","text":"export function usage(id: string) {"}]},"check":{"layer":"structure","status":"ok","errors_before":0,"errors_after":0},"sha":{"before":"14dc685cb937","after":"[..]"},"omitted":[],"stats":{"lines":4,"bytes":126,"tokens_est":null}}
--- file usage.ts
import { usageCap } from './config'
// x

export function usage(id: string) {
  const now = Date.now()
  const cap = 10
  if (!id) return
  if (count(id) > cap) return
  return total(id, now)
}

### an insert into a CRLF file gets CRLF endings; no other byte changes
@env LETS_NO_STATS=1
% printf 'a\r\nb\r\n' > crlf.txt
$ lets edit crlf.txt --insert-before "@'^b'" --new $'x\ny' -q && od -An -c crlf.txt
── sha:[..]→[..] · check: skipped (no grammar for .txt)
   a  \r  \n   x  \r  \n   y  \r  \n   b  \r  \n

### an edit that changes nothing: one sha in the footer, the file not rewritten
@fixture edit-basic
@env LETS_NO_STATS=1
% touch -d '2001-01-01 00:00' usage.ts
$ lets edit usage.ts --old 'const cap = 10' --new 'const cap = 10' -q && date -r usage.ts +%Y
── check: structure ok · sha:14dc685cb937 · no change
2001

### region lines over 1,000 bytes are cut and non-UTF-8 lines shown lossily, both named in the footer
@env LETS_NO_STATS=1
% { echo 'short'; head -c 1200 /dev/zero | tr '\0' 'x'; echo; printf 'bad \xff\n'; } > long.txt
$ lets edit long.txt --old 'short' --new 'brief'
── long.txt · 1 replacement · line 1 · exact
1~	brief
2 	xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…
3 	bad �
── sha:[..]→[..] · check: skipped (no grammar for .txt) · 1 long line cut · 1 non-UTF-8 line shown lossily
--- file long.txt
brief
xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
bad �

