# Over the hit cap (default 50): no hit lines, the top-files map, exit 1 over_cap. Expected
# texts: reference.md "lets find" over-cap example and output-format.md §6, §10.

### the spec's over-cap example: map row, footer, stderr line, exit 1
@fixture find-cap
$ lets find needle many-hits.txt
? 1
64	many-hits.txt
── 64 hits in 1 file · searched 1 file · over the 50-hit cap · narrow the pattern or the paths, or --files · top 1 file shown
--- stderr
64 hits in 1 file · over the 50-hit cap · narrow the pattern or the paths, or --files
ERROR_CODE=over_cap

### --cap raises the cap and prints hits instead (control for the case above)
@fixture find-cap
@env LETS_NO_STATS=1
$ lets find --cap 64 'needle 6[0-4]$' many-hits.txt
── many-hits.txt
60:	«needle 60»
61:	«needle 61»
62:	«needle 62»
63:	«needle 63»
64:	«needle 64»
── 5 hits in 1 file · searched 1 file

### exactly at the cap is not over it
@fixture find-cap
$ lets find --cap 64 needle many-hits.txt | tail -1
── 64 hits in 1 file · searched 1 file · ~0.2k tokens

### one hit over a lowered cap
@fixture find-cap
$ lets find --cap 63 needle many-hits.txt
? 1
64	many-hits.txt
── 64 hits in 1 file · searched 1 file · over the 63-hit cap · narrow the pattern or the paths, or --files · top 1 file shown
--- stderr
64 hits in 1 file · over the 63-hit cap · narrow the pattern or the paths, or --files
ERROR_CODE=over_cap

### the map: busiest first, counts right-aligned, ten rows, then the rest counted
% mkdir t && cd t && for i in 01 02 03 04 05 06 07 08 09 10 11 12; do seq 1 $((10#$i)) | sed 's/^/needle /' > f$i.txt; done && seq 1 100 | sed 's/^/needle /' > big.txt
$ cd t && lets find needle
? 1
100	big.txt
 12	f12.txt
 11	f11.txt
 10	f10.txt
  9	f09.txt
  8	f08.txt
  7	f07.txt
  6	f06.txt
  5	f05.txt
  4	f04.txt
… 3 more files
── 178 hits in 13 files · searched 13 files · over the 50-hit cap · narrow the pattern or the paths, or --files · top 10 files shown
--- stderr
178 hits in 13 files · over the 50-hit cap · narrow the pattern or the paths, or --files
ERROR_CODE=over_cap

### equal counts in the map fall back to path order; one more file is singular
% mkdir t && cd t && for f in c a b; do seq 1 60 | sed 's/^/needle /' > $f.txt; done
$ cd t && lets find --cap 100 needle
? 1
60	a.txt
60	b.txt
60	c.txt
── 180 hits in 3 files · searched 3 files · over the 100-hit cap · narrow the pattern or the paths, or --files · top 3 files shown
--- stderr
180 hits in 3 files · over the 100-hit cap · narrow the pattern or the paths, or --files
ERROR_CODE=over_cap

### … 1 more file
% mkdir t && cd t && for i in 01 02 03 04 05 06 07 08 09 10 11; do seq 1 10 | sed 's/^/needle /' > f$i.txt; done
$ cd t && lets find needle | tail -2
… 1 more file
── 110 hits in 11 files · searched 11 files · over the 50-hit cap · narrow the pattern or the paths, or --files · top 10 files shown
--- stderr
110 hits in 11 files · over the 50-hit cap · narrow the pattern or the paths, or --files
ERROR_CODE=over_cap

### the spec's over-cap --json shape (LETS_NO_STATS=1 as in the spec)
@fixture find-cap
@env LETS_NO_STATS=1
$ lets find needle many-hits.txt --json
? 1
{"targets":[],"omitted":[{"hit_cap":{"hits":64,"cap":50}},{"top_files":{"shown":1}}],"stats":{"lines":0,"bytes":0,"tokens_est":null},"top_files":[{"count":64,"path":"many-hits.txt"}]}
--- stderr
64 hits in 1 file · over the 50-hit cap · narrow the pattern or the paths, or --files
ERROR_CODE=over_cap

### over the cap with more than ten files: top_files_more in JSON
% mkdir t && cd t && for i in 01 02 03 04 05 06 07 08 09 10 11; do seq 1 10 | sed 's/^/needle /' > f$i.txt; done
$ cd t && lets find needle --json
? 1
{"targets":[],"omitted":[{"hit_cap":{"hits":110,"cap":50}},{"top_files":{"shown":10}}],"stats":{"lines":0,"bytes":0,"tokens_est":null},"top_files":[{"count":10,"path":"f01.txt"},{"count":10,"path":"f02.txt"},{"count":10,"path":"f03.txt"},{"count":10,"path":"f04.txt"},{"count":10,"path":"f05.txt"},{"count":10,"path":"f06.txt"},{"count":10,"path":"f07.txt"},{"count":10,"path":"f08.txt"},{"count":10,"path":"f09.txt"},{"count":10,"path":"f10.txt"}],"top_files_more":1}
--- stderr
110 hits in 11 files · over the 50-hit cap · narrow the pattern or the paths, or --files
ERROR_CODE=over_cap

### over the cap under --jsonl: only the trailing record, stats first
@fixture find-cap
@env LETS_NO_STATS=1
$ lets find needle many-hits.txt --jsonl
? 1
{"stats":{"lines":0,"bytes":0,"tokens_est":null},"omitted":[{"hit_cap":{"hits":64,"cap":50}},{"top_files":{"shown":1}}],"top_files":[{"count":64,"path":"many-hits.txt"}]}
--- stderr
64 hits in 1 file · over the 50-hit cap · narrow the pattern or the paths, or --files
ERROR_CODE=over_cap

### -q over the cap: the footer alone
@fixture find-cap
$ lets find -q needle many-hits.txt
? 1
── 64 hits in 1 file · searched 1 file · over the 50-hit cap · narrow the pattern or the paths, or --files · top 1 file shown
--- stderr
64 hits in 1 file · over the 50-hit cap · narrow the pattern or the paths, or --files
ERROR_CODE=over_cap

### --files has no cap
@fixture find-cap
$ lets find --files needle many-hits.txt
many-hits.txt
── 1 file · searched 1 file · ~3 tokens

### --count has no cap
@fixture find-cap
$ lets find --count needle many-hits.txt
── 64 hits in 1 file · ~4 tokens
64  many-hits.txt
