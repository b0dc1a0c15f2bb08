# lets show: path@'regex' and path@'regex'+N targets, context, and the grep-style second reading.

### @'regex' shows the first matching line
$ lets show "src/usage.ts@'const cap'"
── src/usage.ts@'const cap'  (5-5 of 13) · sha:256e453ba4f2
5 	  const cap = 10
── showed 1 target · 1 line · ~4 tokens

### the spec's example: a regex with -A 2 (the spec's file had cap = 20, same length: ~16 tokens)
$ lets show "src/usage.ts@'const cap'" -A 2
── src/usage.ts@'const cap'  (5-7 of 13) · sha:256e453ba4f2
5 	  const cap = 10
6 	  if (!id) return
7 	  if (count(id) > cap) return
── showed 1 target · 3 lines · ~16 tokens

### -C 1 around a regex hit
$ lets show "src/usage.ts@'Date'" -C 1
── src/usage.ts@'Date'  (3-5 of 13) · sha:256e453ba4f2
3 	export function usage(id: string) {
4 	  const now = Date.now()
5 	  const cap = 10
── showed 1 target · 3 lines · ~19 tokens

### -B 1 before a regex hit
$ lets show "src/usage.ts@'Date'" -B 1
── src/usage.ts@'Date'  (3-4 of 13) · sha:256e453ba4f2
3 	export function usage(id: string) {
4 	  const now = Date.now()
── showed 1 target · 2 lines · ~15 tokens

### +2 is the second match (return is on lines 6, 7, 8 and 12)
$ lets show "src/usage.ts@'return'+2"
── src/usage.ts@'return'+2  (7-7 of 13) · sha:256e453ba4f2
7 	  if (count(id) > cap) return
── showed 1 target · 1 line · ~7 tokens

### control: without +N it is the first match
$ lets show "src/usage.ts@'return'"
── src/usage.ts@'return'  (6-6 of 13) · sha:256e453ba4f2
6 	  if (!id) return
── showed 1 target · 1 line · ~4 tokens

### +4 is the last match
$ lets show "src/usage.ts@'return'+4"
── src/usage.ts@'return'+4  (12-12 of 13) · sha:256e453ba4f2
12 	  return now
── showed 1 target · 1 line · ~3 tokens

### +5 is past the last match: not_found, nothing on stdout
# spec-silent: the message wording (the spec pins only the slug and exit code)
$ lets show "src/usage.ts@'return'+5"
? 1
--- stderr
[..]
ERROR_CODE=not_found

### Rust-style regex syntax: \s, anchors, escaped parentheses
$ lets show "src/usage.ts@'^\s*if \(!id\)'"
── src/usage.ts@'^\s*if \(!id\)'  (6-6 of 13) · sha:256e453ba4f2
6 	  if (!id) return
── showed 1 target · 1 line · ~4 tokens

### a regex is case-sensitive: no hit, exit 1
# spec-silent: the message wording
$ lets show "src/usage.ts@'CONST CAP'"
? 1
--- stderr
[..]
ERROR_CODE=not_found

### a regex with no hit is retried grep-style and the footer names the reading
$ lets show "src/usage.ts@'count\|total'"
── src/usage.ts@'count\|total'  (7-7 of 13) · sha:256e453ba4f2
7 	  if (count(id) > cap) return
── showed 1 target · 1 line · «count\|total» had no hits, read grep-style as «count|total» · ~7 tokens

### control: a pattern with a BRE escape that hits as written is not retried
# \( is a literal parenthesis in the Rust-style reading, and "total(id" is on line 8
$ lets show "src/usage.ts@'total\(id'"
── src/usage.ts@'total\(id'  (8-8 of 13) · sha:256e453ba4f2
8 	  return total(id, now)
── showed 1 target · 1 line · ~6 tokens

### the grep-style retry with a group and an interval
$ lets show "src/usage.ts@'\(id\)\{1\}, now'"
── src/usage.ts@'\(id\)\{1\}, now'  (8-8 of 13) · sha:256e453ba4f2
8 	  return total(id, now)
── showed 1 target · 1 line · «\(id\)\{1\}, now» had no hits, read grep-style as «(id){1}, now» · ~6 tokens

### no hit in either reading: exit 1 not_found
# spec-silent: the message wording
$ lets show "src/usage.ts@'nope\|zilch'"
? 1
--- stderr
[..]
ERROR_CODE=not_found

### a regex that does not parse fails cleanly with exit 1
# spec-silent: show's table has no invalid_pattern row; the global table gives it exit 1, and the
# catalogue's text is "invalid pattern: <regex error>"
$ lets show "src/usage.ts@'('"
? 1
--- stderr
invalid pattern: [..]
ERROR_CODE=invalid_pattern

### a regex hit in a markdown file, with a file that holds several targets
$ lets show "small.md@'^## '" "small.md@'^## '+2"
── small.md@'^## '  (5-5 of 15) · sha:c1191fa80cd5
 5 	## Bottom line
── small.md@'^## '+2  (13-13 of 15) · sha:c1191fa80cd5
13 	## Next
── showed 2 targets · 2 lines · ~5 tokens

### a regex finds text on a line that also holds invalid UTF-8
# spec-silent: the header names only the non-UTF-8 lines the block shows
$ lets show "lossy.txt@'bad'+2"
── lossy.txt@'bad'+2  (7-7 of 8) · non-UTF-8 line 7 · sha:fed9aa33467f
7 	bad �( 7
── showed 1 target · 1 line · ~2 tokens

### a regex matches a character class across multibyte text
% printf 'plain\ncafé au lait\n' > cafe.txt
$ lets show "cafe.txt@'caf.\s'"
── cafe.txt@'caf.\s'  (2-2 of 2) · sha:[..]
2 	café au lait
── showed 1 target · 1 line · ~3 tokens

### +N with context: the context is around the Nth match
$ lets show "src/usage.ts@'return'+2" -A 1
── src/usage.ts@'return'+2  (7-8 of 13) · sha:256e453ba4f2
7 	  if (count(id) > cap) return
8 	  return total(id, now)
── showed 1 target · 2 lines · ~13 tokens

### $ matches at the end of a CRLF line (the text holds no \r)
# spec-silent: a regex sees the line text that show prints, without the \r of its CRLF ending
@env LETS_NO_STATS=1
$ lets show "crlf.txt@'beta$'"
── crlf.txt@'beta$'  (2-2 of 3) · crlf · sha:0686bbcea1f2
2 	beta
── showed 1 target · 1 line

### a pathological regex cannot hang the call: the match limit stops it and the call fails
# spec-silent: the slug and message for a pattern that hit PCRE2's match limit (exit 1 either way)
% head -c 5000 /dev/zero | tr '\0' a > patho.txt; echo b >> patho.txt
$ lets show "patho.txt@'(a+)+$'"
? 1
--- stderr
[..]
ERROR_CODE=[..]

### control: a plain regex on the same long line finds it
% head -c 5000 /dev/zero | tr '\0' a > patho.txt; echo b >> patho.txt
@env LETS_NO_STATS=1
$ lets show "patho.txt@'a+b$'" --no-numbers
── patho.txt@'a+b$'  (1-1 of 1) · sha:[..]
[..]…
── showed 1 target · 1 line · 1 long line cut

