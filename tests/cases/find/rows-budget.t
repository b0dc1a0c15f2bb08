# --files and --count obey --max-bytes and --budget like the hit lines do (issue 17 item 4):
# a row costs its text line (--count: the count, right-aligned to the widest, two spaces, the
# path). Over --max-bytes without --budget: the whole rows that fit, the rest named in the footer,
# exit 4 over_budget. --budget N keeps the rows within N x 4 bytes, exit 0, the footer names how
# many files the list left out. Each file below is 8 bytes as a --files row ("aaa.txt\n").

### --files over --max-bytes: the rows that fit, the rest named, exit 4
% mkdir t && for f in aaa bbb ccc; do echo x > t/$f.txt; done
@env LETS_NO_STATS=1
$ cd t && lets find -l x --max-bytes 12
? 4
aaa.txt
── 3 files · searched 3 files · output over --max-bytes 12: 2 lines not shown
--- stderr
content is 24 bytes, over the 12-byte budget
ERROR_CODE=over_budget

### --files at exactly --max-bytes is whole (control)
% mkdir t && for f in aaa bbb ccc; do echo x > t/$f.txt; done
@env LETS_NO_STATS=1
$ cd t && lets find -l x --max-bytes 24
aaa.txt
bbb.txt
ccc.txt
── 3 files · searched 3 files

### --count over --max-bytes: footer first, then the rows that fit
% mkdir t && for f in aaa bbb ccc; do echo x > t/$f.txt; done
@env LETS_NO_STATS=1
$ cd t && lets find -c x --max-bytes 25
? 4
── 3 hits in 3 files · output over --max-bytes 25: 1 line not shown
1  aaa.txt
1  bbb.txt
--- stderr
content is 33 bytes, over the 25-byte budget
ERROR_CODE=over_budget

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

### --files --json over --max-bytes: the same rows and omission in the envelope
% mkdir t && for f in aaa bbb ccc; do echo x > t/$f.txt; done
@env LETS_NO_STATS=1
$ cd t && lets find -l x --max-bytes 12 --json
? 4
{"files":["aaa.txt"],"omitted":[{"output_trimmed":{"limit":12,"lines":2}}],"stats":{"lines":1,"bytes":8,"tokens_est":null}}
--- stderr
content is 24 bytes, over the 12-byte budget
ERROR_CODE=over_budget

### --count --jsonl under --budget
% mkdir t && for f in aaa bbb ccc; do echo x > t/$f.txt; done
@env LETS_NO_STATS=1
$ cd t && lets find -c x --budget 6 --jsonl
{"count":1,"path":"aaa.txt"}
{"count":1,"path":"bbb.txt"}
{"stats":{"lines":2,"bytes":22,"tokens_est":null},"omitted":[{"budget_list":{"budget":6,"files":1}}]}
