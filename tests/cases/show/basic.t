# lets show: whole files, several targets per call, numbering, empty files.
# Fixture files and their expected sha values: src/config.ts reproduces the spec's example byte for
# byte (sha 4f49d457dfea in the spec); the other shas were computed with BLAKE3's reference C code,
# independently of lets. src/usage.ts is a reconstruction of the spec's 13-line demo file (its
# lines 1-9 and 13 are the spec's; the spec's sha 75d31d847ffb could not be reproduced), sized so
# that the spec's costs hold: 15 lines of usage.ts + config.ts = 299 bytes = ~74 tokens.

### the spec's first example: two files in one call, numbered, with a cost
$ lets show src/usage.ts src/config.ts
── src/usage.ts  (1-13 of 13) · sha:256e453ba4f2
 1 	import { usageCap } from './config'
 2 	
 3 	export function usage(id: string) {
 4 	  const now = Date.now()
 5 	  const cap = 10
 6 	  if (!id) return
 7 	  if (count(id) > cap) return
 8 	  return total(id, now)
 9 	}
10 	
11 	function total(id: string, now: number) {
12 	  return now
13 	}
── src/config.ts  (1-2 of 2) · sha:4f49d457dfea
 1 	export const usageCap = 10
 2 	export const retries = 3
── showed 2 targets · 15 lines · ~74 tokens

### targets print in the order given (control for the one above)
$ lets show src/config.ts src/usage.ts:13
── src/config.ts  (1-2 of 2) · sha:4f49d457dfea
 1 	export const usageCap = 10
 2 	export const retries = 3
── src/usage.ts:13  (13-13 of 13) · sha:256e453ba4f2
13 	}
── showed 2 targets · 3 lines · ~13 tokens

### one file alone: numbers are one digit wide, singular target
$ lets show src/config.ts
── src/config.ts  (1-2 of 2) · sha:4f49d457dfea
1 	export const usageCap = 10
2 	export const retries = 3
── showed 1 target · 2 lines · ~13 tokens

### the number width follows the largest number printed anywhere in the response
$ lets show small.md:3 big.ts:150
── small.md:3  (3-3 of 15) · sha:c1191fa80cd5
  3 	One grammar every verb speaks.
── big.ts:150  (150-150 of 212) · sha:574d0277c814
150 	export const v150 = 150
── showed 2 targets · 2 lines · ~13 tokens

### control: the same line alone is one digit wide
$ lets show small.md:3
── small.md:3  (3-3 of 15) · sha:c1191fa80cd5
3 	One grammar every verb speaks.
── showed 1 target · 1 line · ~7 tokens

### the same file twice is two targets
$ lets show small.md:3 small.md:5
── small.md:3  (3-3 of 15) · sha:c1191fa80cd5
3 	One grammar every verb speaks.
── small.md:5  (5-5 of 15) · sha:c1191fa80cd5
5 	## Bottom line
── showed 2 targets · 2 lines · ~11 tokens

### an empty file is a zero-line block, exit 0, and has no cost (bytes 0 → tokens null)
$ lets show empty.md
── empty.md · sha:af1349b9f5f9
── showed 1 target · 0 lines

### an empty file next to a real one
$ lets show empty.md src/config.ts
── empty.md · sha:af1349b9f5f9
── src/config.ts  (1-2 of 2) · sha:4f49d457dfea
1 	export const usageCap = 10
2 	export const retries = 3
── showed 2 targets · 2 lines · ~13 tokens

### an empty line keeps its TAB; tabs in the text are kept
$ lets show tabs.txt
── tabs.txt  (1-3 of 3) · sha:b66838089d1e
1 		indented
2 	
3 	  two spaces
── showed 1 target · 3 lines · ~6 tokens

### a last line without a newline is still a line
$ lets show no-eol.txt
── no-eol.txt  (1-2 of 2) · sha:c3648092dd80
1 	first
2 	last
── showed 1 target · 2 lines · ~2 tokens

### --no-numbers prints the text alone
$ lets show src/config.ts --no-numbers
── src/config.ts  (1-2 of 2) · sha:4f49d457dfea
export const usageCap = 10
export const retries = 3
── showed 1 target · 2 lines · ~13 tokens

### --no-numbers on a range keeps indentation and empty lines
$ lets show src/usage.ts:8-10 --no-numbers
── src/usage.ts:8-10  (8-10 of 13) · sha:256e453ba4f2
  return total(id, now)
}

── showed 1 target · 3 lines · ~6 tokens

### flags may come before the targets
$ lets show --no-numbers src/config.ts:2
── src/config.ts:2  (2-2 of 2) · sha:4f49d457dfea
export const retries = 3
── showed 1 target · 1 line · ~6 tokens

### a file in a subdirectory through ./ is shown under the name typed
$ lets show ./src/config.ts:1
── ./src/config.ts:1  (1-1 of 2) · sha:4f49d457dfea
1 	export const usageCap = 10
── showed 1 target · 1 line · ~6 tokens

### the accepted no-op shared flags change nothing
$ lets show src/config.ts:1 --no-check -q --no-ignore
── src/config.ts:1  (1-1 of 2) · sha:4f49d457dfea
1 	export const usageCap = 10
── showed 1 target · 1 line · ~6 tokens

### -- ends the flags: a target may start with a dash
% printf 'dash line\n' > -x.txt
$ lets show -- -x.txt
── -x.txt  (1-1 of 1) · sha:[..]
1 	dash line
── showed 1 target · 1 line · ~2 tokens

### a reader that closes the pipe early is not an error: exit 0, nothing on stderr
# 20000 lines under --all are over 64 KiB, more than a pipe holds, so the write meets a closed pipe
% seq 1 20000 > many.txt
$ lets show many.txt --all --max-bytes 1000000 | head -1; echo "lets exited ${PIPESTATUS[0]}"
── ~27.2k tokens
lets exited 0
