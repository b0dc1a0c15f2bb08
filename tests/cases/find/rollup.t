# Over the cap, the hits rolled up by directory (issue 31 item 4). The spec fixes the over-cap
# stdout (the busiest files, "… N more files", the footer) and its stderr line; when the map
# leaves files out, the stderr message goes on with "  by directory:" and up to six rows
# "  <count>\t<directory/ or file>", largest first, that part the hits between them: a directory
# whose hits lie in one directory below it is named by that one, files under vendor/,
# node_modules/ or third_party/ make one row, unless every hit is vendored.
# spec-silent: all of the roll-up, placed after the spec's stderr line and before ERROR_CODE.
# The tree: vendor/a 8 files × 4 hits, vendor/b 3 × 2, web/node_modules/z 1, integration/x 3 × 3,
# internal/cri 1 + 2 (internal/other holds none), pkg/util 1, main.go 1: 53 hits in 19 files.

### the busiest files are all vendored; the roll-up names integration/x/ and internal/cri/
@env LETS_NO_STATS=1
% mkdir p && cd p && mkdir -p vendor/a vendor/b integration/x internal/cri internal/other pkg/util web/node_modules/z && for i in 1 2 3 4 5 6 7 8; do printf 'Timeout = 1\nTimeout = 2\nTimeout = 3\nTimeout = 4\n' > vendor/a/f$i.go; done && for i in 1 2 3; do printf 'Timeout = 1\nTimeout = 2\n' > vendor/b/g$i.go; printf 'Timeout = 1\nTimeout = 2\nTimeout = 3\n' > integration/x/t$i.go; done && printf 'Timeout = 1\n' > internal/cri/c.go && printf 'Timeout = 1\nTimeout = 1\n' > internal/cri/d.go && printf 'x\n' > internal/other/o.go && printf 'Timeout = 1\n' > pkg/util/u.go && printf 'Timeout = 9\n' > web/node_modules/z/i.js && printf 'Timeout = 1\n' > main.go
$ cd p && lets find 'Timeout\s*='
? 1
4	vendor/a/f1.go
4	vendor/a/f2.go
4	vendor/a/f3.go
4	vendor/a/f4.go
4	vendor/a/f5.go
4	vendor/a/f6.go
4	vendor/a/f7.go
4	vendor/a/f8.go
3	integration/x/t1.go
3	integration/x/t2.go
… 9 more files
── 53 hits in 19 files · searched 20 files · over the 50-hit cap · narrow the pattern or the paths, or --files · top 10 files shown
--- stderr
53 hits in 19 files · over the 50-hit cap · narrow the pattern or the paths, or --files
  by directory:
  39	vendor/, web/node_modules/ (vendored)
   9	integration/x/
   3	internal/cri/
   1	main.go
   1	pkg/util/
ERROR_CODE=over_cap

### a vendored tree searched on purpose is parted by its own directories
@env LETS_NO_STATS=1
% mkdir p && cd p && mkdir -p vendor/a vendor/b && for i in 1 2 3 4 5 6 7 8; do printf 'Timeout = 1\nTimeout = 2\nTimeout = 3\nTimeout = 4\n' > vendor/a/f$i.go; done && for i in 1 2 3; do printf 'Timeout = 1\nTimeout = 2\n' > vendor/b/g$i.go; done
$ cd p && lets find 'Timeout' vendor --cap 10 -q
? 1
── 38 hits in 11 files · searched 11 files · over the 10-hit cap · narrow the pattern or the paths, or --files · top 10 files shown
--- stderr
38 hits in 11 files · over the 10-hit cap · narrow the pattern or the paths, or --files
  by directory:
  32	vendor/a/
   6	vendor/b/
ERROR_CODE=over_cap

### a directory too wide to part stays one row; the largest rows first, the rest counted
@env LETS_NO_STATS=1
% mkdir p && cd p && mkdir -p a b c d e f g && for d in a b c d e f g; do for i in 1 2; do printf 'hit\nhit\n' > $d/$i.txt; done; done && printf 'hit\n' > g/3.txt
$ cd p && lets find hit --cap 5 -q
? 1
── 29 hits in 15 files · searched 15 files · over the 5-hit cap · narrow the pattern or the paths, or --files · top 10 files shown
--- stderr
29 hits in 15 files · over the 5-hit cap · narrow the pattern or the paths, or --files
  by directory:
  5	g/
  4	a/
  4	b/
  4	c/
  4	d/
  4	e/
  (+1 more with 4 hits)
ERROR_CODE=over_cap

### control: hits in files at one level repeat the map, so nothing is added (the spec's shape)
@env LETS_NO_STATS=1
% mkdir p && cd p && for i in 01 02 03 04 05 06 07 08 09 10 11; do printf 'hit\nhit\nhit\nhit\nhit\n' > f$i.txt; done
$ cd p && lets find hit -q
? 1
── 55 hits in 11 files · searched 11 files · over the 50-hit cap · narrow the pattern or the paths, or --files · top 10 files shown
--- stderr
55 hits in 11 files · over the 50-hit cap · narrow the pattern or the paths, or --files
ERROR_CODE=over_cap

### control: ten files or fewer are all in the map, so nothing is added
@env LETS_NO_STATS=1
% mkdir p && cd p && mkdir -p a b && for i in 1 2 3 4 5; do printf 'hit\nhit\nhit\nhit\nhit\nhit\n' > a/$i.txt; printf 'hit\nhit\nhit\nhit\nhit\nhit\n' > b/$i.txt; done
$ cd p && lets find hit -q
? 1
── 60 hits in 10 files · searched 10 files · over the 50-hit cap · narrow the pattern or the paths, or --files · top 10 files shown
--- stderr
60 hits in 10 files · over the 50-hit cap · narrow the pattern or the paths, or --files
ERROR_CODE=over_cap
