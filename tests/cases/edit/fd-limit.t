# edit --from - makes the same room for its directories as transform's batch (issue 28 item 1;
# transform/fd-limit.t says how).

### 100 files in 100 directories under a soft limit of 64: the limit is raised, all applied
% for i in $(seq 1 100); do mkdir d$i; printf 'x = 1\n' > d$i/f.py; echo "{\"file\": \"d$i/f.py\", \"old\": \"1\", \"new\": \"2\"}" >> ops.jsonl; done
@env LETS_NO_STATS=1
$ ulimit -Sn 64 && lets edit --from - -q < ops.jsonl && cat d*/f.py | sort | uniq -c
── 100 files · 100 edits · all applied · checks: structure ok ×100
    100 x = 2

### the same batch under a hard limit of 64: refused up front, nothing written
% for i in $(seq 1 100); do mkdir d$i; printf 'x = 1\n' > d$i/f.py; echo "{\"file\": \"d$i/f.py\", \"old\": \"1\", \"new\": \"2\"}" >> ops.jsonl; done
$ ulimit -n 64 && lets edit --from - < ops.jsonl; s=$?; cat d*/f.py | sort | uniq -c; exit $s
? 7
    100 x = 1
--- stderr
batch too large for the open files this process may hold: 100 files in 100 directories need about 308 descriptors, and the hard limit is 64 · nothing was read or written · split the batch into parts of at most 12 files, or raise the limit (ulimit -Hn, as root)
ERROR_CODE=io_error

### the raised limit is lets's own: a --check command starts with the soft limit lets was given
% for i in $(seq 1 100); do mkdir d$i; printf 'x = 1\n' > d$i/f.py; echo "{\"file\": \"d$i/f.py\", \"old\": \"1\", \"new\": \"2\"}" >> ops.jsonl; done
@env LETS_NO_STATS=1
$ ulimit -Sn 64 && lets edit --from - -q --check 'ulimit -Sn > limit.txt' < ops.jsonl && cat limit.txt && cat d*/f.py | sort | uniq -c
── 100 files · 100 edits · all applied · checks: structure ok ×100 · check: ulimit -Sn > limit.txt ok
64
    100 x = 2

### control: a batch that needs no raise leaves the limit as it was too
% for i in 1 2; do mkdir d$i; printf 'x = 1\n' > d$i/f.py; echo "{\"file\": \"d$i/f.py\", \"old\": \"1\", \"new\": \"2\"}" >> ops.jsonl; done
@env LETS_NO_STATS=1
$ ulimit -Sn 64 && lets edit --from - -q --check 'ulimit -Sn > limit.txt' < ops.jsonl && cat limit.txt && cat d*/f.py | sort | uniq -c
── 2 files · 2 edits · all applied · checks: structure ok ×2 · check: ulimit -Sn > limit.txt ok
64
      2 x = 2
