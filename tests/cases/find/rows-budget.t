# --files and --count obey --max-bytes and --budget like the hit lines do (issue 17 item 4):
# a row costs its text line (--count: the count, right-aligned to the widest, two spaces, the
# path). Over --max-bytes without --budget: refused as hit lines are (issue 27 item 10), nothing
# on stdout, exit 4 over_budget, the size and the flags that fit named. --budget N keeps the rows
# within N x 4 bytes, exit 0, the footer names how many files the list left out. Each file below
# is 8 bytes as a --files row ("aaa.txt\n").

### --files over --max-bytes: refused, nothing on stdout, exit 4
% mkdir t && for f in aaa bbb ccc; do echo x > t/$f.txt; done
@env LETS_NO_STATS=1
$ cd t && lets find -l x --max-bytes 12
? 4
--- stderr
content is 24 bytes, over the 12-byte budget · pass --budget 3 to trim it to fit, or --max-bytes 24 to show it all
ERROR_CODE=over_budget

### --files at exactly --max-bytes is whole (control)
% mkdir t && for f in aaa bbb ccc; do echo x > t/$f.txt; done
@env LETS_NO_STATS=1
$ cd t && lets find -l x --max-bytes 24
aaa.txt
bbb.txt
ccc.txt
── 3 files · searched 3 files

### --count over --max-bytes: refused, no footer and no rows
% mkdir t && for f in aaa bbb ccc; do echo x > t/$f.txt; done
@env LETS_NO_STATS=1
$ cd t && lets find -c x --max-bytes 25
? 4
--- stderr
content is 33 bytes, over the 25-byte budget · pass --budget 6 to trim it to fit, or --max-bytes 33 to show it all
ERROR_CODE=over_budget

### control: --count at exactly --max-bytes prints every row
% mkdir t && for f in aaa bbb ccc; do echo x > t/$f.txt; done
@env LETS_NO_STATS=1
$ cd t && lets find -c x --max-bytes 33
── 3 hits in 3 files
1  aaa.txt
1  bbb.txt
1  ccc.txt

### --files --budget trims the list: exit 0, the footer counts the files left out
% mkdir t && for f in aaa bbb ccc; do echo x > t/$f.txt; done
@env LETS_NO_STATS=1
$ cd t && lets find -l x --budget 4
aaa.txt
bbb.txt
── 3 files · searched 3 files · budget 4 trimmed the list: 1 file not shown

### --count --budget with --max-bytes: the budget wins, no refusal
% mkdir t && for f in aaa bbb ccc; do echo x > t/$f.txt; done
@env LETS_NO_STATS=1
$ cd t && lets find -c x --budget 3 --max-bytes 5
── 3 hits in 3 files · budget 3 trimmed the list: 2 files not shown
1  aaa.txt

### --files --json over --max-bytes: the refusal is the error shape
% mkdir t && for f in aaa bbb ccc; do echo x > t/$f.txt; done
@env LETS_NO_STATS=1
$ cd t && lets find -l x --max-bytes 12 --json
? 4
{"error":{"slug":"over_budget","message":"content is 24 bytes, over the 12-byte budget · pass --budget 3 to trim it to fit, or --max-bytes 24 to show it all"},"omitted":[],"stats":{"lines":0,"bytes":0,"tokens_est":null}}
--- stderr
content is 24 bytes, over the 12-byte budget · pass --budget 3 to trim it to fit, or --max-bytes 24 to show it all
ERROR_CODE=over_budget

### --count --jsonl over --max-bytes: the error shape too
% mkdir t && for f in aaa bbb ccc; do echo x > t/$f.txt; done
@env LETS_NO_STATS=1
$ cd t && lets find -c x --max-bytes 12 --jsonl
? 4
{"error":{"slug":"over_budget","message":"content is 33 bytes, over the 12-byte budget · pass --budget 3 to trim it to fit, or --max-bytes 33 to show it all"},"omitted":[],"stats":{"lines":0,"bytes":0,"tokens_est":null}}
--- stderr
content is 33 bytes, over the 12-byte budget · pass --budget 3 to trim it to fit, or --max-bytes 33 to show it all
ERROR_CODE=over_budget

### --count --jsonl under --budget
% mkdir t && for f in aaa bbb ccc; do echo x > t/$f.txt; done
@env LETS_NO_STATS=1
$ cd t && lets find -c x --budget 6 --jsonl
{"count":1,"path":"aaa.txt"}
{"count":1,"path":"bbb.txt"}
{"stats":{"lines":2,"bytes":22,"tokens_est":null},"omitted":[{"budget_list":{"budget":6,"files":1}}]}
