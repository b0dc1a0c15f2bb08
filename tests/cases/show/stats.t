# The cost segment (output-format.md §4): ~T tokens below 100, else ~X.Yk tokens with
# tenths = (T + 50) / 100; T = bytes / 4, bytes = each line's text + 1. LETS_TOKEN_RATIO
# replaces the 4 when it is a positive integer; LETS_NO_STATS=1 (exactly 1) removes the cost.

### LETS_TOKEN_RATIO=2 halves the divisor: 52 bytes = ~26 tokens
@env LETS_TOKEN_RATIO=2
$ lets show src/config.ts
── src/config.ts  (1-2 of 2) · sha:4f49d457dfea
1 	export const usageCap = 10
2 	export const retries = 3
── showed 1 target · 2 lines · ~26 tokens

### control: the default divisor 4 gives ~13 tokens
$ lets show src/config.ts
── src/config.ts  (1-2 of 2) · sha:4f49d457dfea
1 	export const usageCap = 10
2 	export const retries = 3
── showed 1 target · 2 lines · ~13 tokens

### LETS_TOKEN_RATIO=3: 52 / 3 = 17
@env LETS_TOKEN_RATIO=3
$ lets show src/config.ts --no-numbers
── src/config.ts  (1-2 of 2) · sha:4f49d457dfea
export const usageCap = 10
export const retries = 3
── showed 1 target · 2 lines · ~17 tokens

### a LETS_TOKEN_RATIO that is not a positive integer is ignored (abc)
@env LETS_TOKEN_RATIO=abc
$ lets show src/config.ts --no-numbers
── src/config.ts  (1-2 of 2) · sha:4f49d457dfea
export const usageCap = 10
export const retries = 3
── showed 1 target · 2 lines · ~13 tokens

### a LETS_TOKEN_RATIO that is not a positive integer is ignored (0)
@env LETS_TOKEN_RATIO=0
$ lets show src/config.ts --no-numbers
── src/config.ts  (1-2 of 2) · sha:4f49d457dfea
export const usageCap = 10
export const retries = 3
── showed 1 target · 2 lines · ~13 tokens

### a LETS_TOKEN_RATIO that is not a positive integer is ignored (-2)
@env LETS_TOKEN_RATIO=-2
$ lets show src/config.ts --no-numbers
── src/config.ts  (1-2 of 2) · sha:4f49d457dfea
export const usageCap = 10
export const retries = 3
── showed 1 target · 2 lines · ~13 tokens

### LETS_NO_STATS=1 removes the cost segment
@env LETS_NO_STATS=1
$ lets show src/config.ts --no-numbers
── src/config.ts  (1-2 of 2) · sha:4f49d457dfea
export const usageCap = 10
export const retries = 3
── showed 1 target · 2 lines

### control: LETS_NO_STATS=0 keeps it (only exactly 1 counts)
@env LETS_NO_STATS=0
$ lets show src/config.ts --no-numbers
── src/config.ts  (1-2 of 2) · sha:4f49d457dfea
export const usageCap = 10
export const retries = 3
── showed 1 target · 2 lines · ~13 tokens

### control: LETS_NO_STATS=true keeps it (only exactly 1 counts)
@env LETS_NO_STATS=true
$ lets show src/config.ts --no-numbers
── src/config.ts  (1-2 of 2) · sha:4f49d457dfea
export const usageCap = 10
export const retries = 3
── showed 1 target · 2 lines · ~13 tokens

### LETS_NO_STATS=1 with LETS_TOKEN_RATIO: still no cost
@env LETS_NO_STATS=1
@env LETS_TOKEN_RATIO=2
$ lets show src/config.ts --no-numbers
── src/config.ts  (1-2 of 2) · sha:4f49d457dfea
export const usageCap = 10
export const retries = 3
── showed 1 target · 2 lines

### 99 tokens prints as ~99 tokens (396 bytes)
% head -c 395 /dev/zero | tr '\0' x > f.txt; echo >> f.txt
$ lets show f.txt --no-numbers
── f.txt  (1-1 of 1) · sha:[..]
[...]
── showed 1 target · 1 line · ~99 tokens

### 100 tokens switches to thousands: ~0.1k tokens (400 bytes)
% head -c 399 /dev/zero | tr '\0' x > f.txt; echo >> f.txt
$ lets show f.txt --no-numbers
── f.txt  (1-1 of 1) · sha:[..]
[...]
── showed 1 target · 1 line · ~0.1k tokens

### 149 tokens rounds down to ~0.1k tokens (596 bytes)
% head -c 595 /dev/zero | tr '\0' x > f.txt; echo >> f.txt
$ lets show f.txt --no-numbers
── f.txt  (1-1 of 1) · sha:[..]
[...]
── showed 1 target · 1 line · ~0.1k tokens

### 150 tokens rounds up to ~0.2k tokens (600 bytes)
% head -c 599 /dev/zero | tr '\0' x > f.txt; echo >> f.txt
$ lets show f.txt --no-numbers
── f.txt  (1-1 of 1) · sha:[..]
[...]
── showed 1 target · 1 line · ~0.2k tokens

### the spec's 210 → ~0.2k tokens (840 bytes)
% head -c 839 /dev/zero | tr '\0' x > f.txt; echo >> f.txt
$ lets show f.txt --no-numbers
── f.txt  (1-1 of 1) · sha:[..]
[...]
── showed 1 target · 1 line · ~0.2k tokens

### the spec's 900 → ~0.9k tokens (4 lines of 900 bytes)
% for i in $(seq 4); do head -c 899 /dev/zero | tr '\0' x; echo; done > f.txt
$ lets show f.txt --no-numbers
── f.txt  (1-4 of 4) · sha:[..]
[...]
── showed 1 target · 4 lines · ~0.9k tokens

### the spec's 2600 → ~2.6k tokens (13 lines of 800 bytes)
% for i in $(seq 13); do head -c 799 /dev/zero | tr '\0' x; echo; done > f.txt
$ lets show f.txt --no-numbers
── f.txt  (1-13 of 13) · sha:[..]
[...]
── showed 1 target · 13 lines · ~2.6k tokens

### 10000 tokens → ~10.0k tokens (200 lines of 200 bytes)
% for i in $(seq 200); do head -c 199 /dev/zero | tr '\0' x; echo; done > f.txt
$ lets show f.txt --no-numbers
── f.txt  (1-200 of 200) · sha:[..]
[...]
── showed 1 target · 200 lines · ~10.0k tokens

### 3 bytes are 0 tokens: ~0 tokens (bytes is not 0, so tokens_est is not null)
% head -c 2 /dev/zero | tr '\0' x > f.txt; echo >> f.txt
$ lets show f.txt --no-numbers
── f.txt  (1-1 of 1) · sha:[..]
[...]
── showed 1 target · 1 line · ~0 tokens

### 4 bytes are 1 token
# spec-silent: the cost template is ~<T> tokens for every T < 100, so 1 reads ~1 tokens (the plural rule is for counted nouns)
% head -c 3 /dev/zero | tr '\0' x > f.txt; echo >> f.txt
$ lets show f.txt --no-numbers
── f.txt  (1-1 of 1) · sha:[..]
[...]
── showed 1 target · 1 line · ~1 tokens
