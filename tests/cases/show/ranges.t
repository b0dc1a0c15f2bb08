# lets show: path:N and path:N-M targets, with -A/-B/-C context.

### :N shows one line, the header names it out of the file's total
$ lets show src/usage.ts:5
── src/usage.ts:5  (5-5 of 13) · sha:256e453ba4f2
5 	  const cap = 10
── showed 1 target · 1 line · ~4 tokens

### :N-M shows the range (the spec's #usage span, 152 bytes = ~38 tokens)
$ lets show src/usage.ts:3-9
── src/usage.ts:3-9  (3-9 of 13) · sha:256e453ba4f2
3 	export function usage(id: string) {
4 	  const now = Date.now()
5 	  const cap = 10
6 	  if (!id) return
7 	  if (count(id) > cap) return
8 	  return total(id, now)
9 	}
── showed 1 target · 7 lines · ~38 tokens

### a range of three lines in a long file, as output-format.md names it
$ lets show big.ts:10-12
── big.ts:10-12  (10-12 of 212) · sha:574d0277c814
10 	export const v10 = 10
11 	export const v11 = 11
12 	export const v12 = 12
── showed 1 target · 3 lines · ~16 tokens

### :N-N is one line
$ lets show a.ts:40-40
── a.ts:40-40  (40-40 of 70) · sha:b98b00497994
40 	line 40 of a.ts
── showed 1 target · 1 line · ~4 tokens

### -A 2 adds two lines after a :N target
$ lets show src/usage.ts:5 -A 2
── src/usage.ts:5  (5-7 of 13) · sha:256e453ba4f2
5 	  const cap = 10
6 	  if (!id) return
7 	  if (count(id) > cap) return
── showed 1 target · 3 lines · ~16 tokens

### -B 2 adds two lines before
$ lets show src/usage.ts:5 -B 2
── src/usage.ts:5  (3-5 of 13) · sha:256e453ba4f2
3 	export function usage(id: string) {
4 	  const now = Date.now()
5 	  const cap = 10
── showed 1 target · 3 lines · ~19 tokens

### -C 1 adds one line on both sides
$ lets show src/usage.ts:5 -C 1
── src/usage.ts:5  (4-6 of 13) · sha:256e453ba4f2
4 	  const now = Date.now()
5 	  const cap = 10
6 	  if (!id) return
── showed 1 target · 3 lines · ~15 tokens

### -A and -B together
$ lets show src/usage.ts:5 -B 1 -A 1
── src/usage.ts:5  (4-6 of 13) · sha:256e453ba4f2
4 	  const now = Date.now()
5 	  const cap = 10
6 	  if (!id) return
── showed 1 target · 3 lines · ~15 tokens

### short flags with the value attached (-A2) read the same as -A 2
$ lets show src/usage.ts:5 -A2
── src/usage.ts:5  (5-7 of 13) · sha:256e453ba4f2
5 	  const cap = 10
6 	  if (!id) return
7 	  if (count(id) > cap) return
── showed 1 target · 3 lines · ~16 tokens

### context before line 1 stops at the start of the file
# spec-silent: context is clipped to the file; the header shows the clipped range
$ lets show src/usage.ts:1 -B 3
── src/usage.ts:1  (1-1 of 13) · sha:256e453ba4f2
1 	import { usageCap } from './config'
── showed 1 target · 1 line · ~9 tokens

### context after the last line stops at the end of the file
# spec-silent: context is clipped to the file; the header shows the clipped range
$ lets show src/usage.ts:12 -A 5
── src/usage.ts:12  (12-13 of 13) · sha:256e453ba4f2
12 	  return now
13 	}
── showed 1 target · 2 lines · ~3 tokens

### context applies to every :N target of the call
$ lets show src/usage.ts:5 src/config.ts:1 -A 1
── src/usage.ts:5  (5-6 of 13) · sha:256e453ba4f2
5 	  const cap = 10
6 	  if (!id) return
── src/config.ts:1  (1-2 of 2) · sha:4f49d457dfea
1 	export const usageCap = 10
2 	export const retries = 3
── showed 2 targets · 4 lines · ~21 tokens

### the window does not cut a range: a 5-line range under --window 3 shows 5 lines
$ lets show small.md:1-5 --window 3
── small.md:1-5  (1-5 of 15) · sha:c1191fa80cd5
1 	# lets
2 	
3 	One grammar every verb speaks.
4 	
5 	## Bottom line
── showed 1 target · 5 lines · ~13 tokens

### a range running past the end is cut at the last line
# spec-silent: :12-20 on a 13-line file shows 12-13 (as sed -n would), exit 0
$ lets show src/usage.ts:12-20
── src/usage.ts:12-20  (12-13 of 13) · sha:256e453ba4f2
12 	  return now
13 	}
── showed 1 target · 2 lines · ~3 tokens

### a line past the end matches nothing: exit 1 not_found, nothing on stdout
# spec-silent: the message wording (the spec pins only the slug and exit code)
$ lets show src/usage.ts:500
? 1
--- stderr
[..]src/usage.ts[..]
ERROR_CODE=not_found

### a line past the end next to a good target: the good one is still shown
# spec-silent: the failure message wording
$ lets show src/usage.ts:500 src/config.ts:2
? 1
── src/config.ts:2  (2-2 of 2) · sha:4f49d457dfea
2 	export const retries = 3
── showed 1 target · 1 line · src/usage.ts:500 failed (not_found) · ~6 tokens
--- stderr
[..]src/usage.ts[..]
ERROR_CODE=not_found

### a line of an empty file matches nothing: exit 1 not_found
# spec-silent: the message wording; an empty file has no line 1
$ lets show empty.md:1
? 1
--- stderr
[..]empty.md[..]
ERROR_CODE=not_found

### control: the empty file itself is a valid target
$ lets show empty.md
── empty.md · sha:af1349b9f5f9
── showed 1 target · 0 lines
