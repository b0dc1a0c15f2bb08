# lets transform's guardrails: layer 2 (--check) before and after, --no-check, batches.

### --check that passes names the command in the footer
@fixture transform
@env LETS_NO_STATS=1
$ lets transform config.json --check true --set review.threads=5
── config.json · json · set review.threads · line 4
2 	  // feature flags
3 	  "features": { "e2e": true },
4~	  "review": { "threads": 5 }
5 	}
── check: true ok · sha:bfe3e156b1ce→[..]
--- file config.json
{
  // feature flags
  "features": { "e2e": true },
  "review": { "threads": 5 }
}

### --check that passed before and fails after puts the file back: exit 3
@fixture transform
$ lets transform config.json --check 'grep -q "threads\": 1" config.json' --set review.threads=2; echo "exit $?"; cat config.json
exit 3
{
  // feature flags
  "features": { "e2e": true },
  "review": { "threads": 1 }
}
--- stderr
command check failed for config.json: `grep -q "threads\": 1" config.json` passed before the batch and failed after it · 1 file reverted
ERROR_CODE=check_failed

### --no-check: the footer starts at sha: and names the skip
@fixture transform
@env LETS_NO_STATS=1
$ lets transform config.json --no-check --set review.threads=2 -q
── sha:bfe3e156b1ce→[..] · check: skipped (--no-check)
--- file config.json
{
  // feature flags
  "features": { "e2e": true },
  "review": { "threads": 2 }
}

### --from -: a JSONL batch, one file's operations per line, one aggregate footer
@fixture transform
@env LETS_NO_STATS=1
--- stdin
{"file":"config.json","set":["review.threads=4","features.e2e=false"]}
{"file":"list.yaml","append":"list=z"}
$ lets transform --from - && cat config.json list.yaml
── config.json · json · set review.threads, features.e2e · lines 3, 4
1 	{
2 	  // feature flags
3~	  "features": { "e2e": false },
4~	  "review": { "threads": 4 }
5 	}
── list.yaml · yaml · append list · line 3
1 	list:
2 	  - x
3+	  - z
4 	gone:
5 	  k: v
── 2 files · 3 operations · all applied · checks: json ok ×1, yaml ok ×1
{
  // feature flags
  "features": { "e2e": false },
  "review": { "threads": 4 }
}
list:
  - x
  - z
gone:
  k: v
kept: 2

### --from -: a malformed line fails the whole batch at exit 64, nothing written; only the first
# bad line is named (issue 27 item 4)
@fixture transform
--- stdin
{"file":"config.json","set":"review.threads=9"}
{"file":"list.yaml","bogus":1}
not json
$ lets transform --from -; echo "exit $?"; grep threads config.json
exit 64
  "review": { "threads": 1 }
--- stderr
malformed --from - input: line 2: unknown key "bogus"
ERROR_CODE=usage

### --from -: jansson's words for a line that is not JSON
@fixture transform
--- stdin
{"file":"config.json","set":"review.threads=9"}
not json
$ lets transform --from -
? 64
--- stderr
malformed --from - input: line 2: '[' or '{' expected near 'not'
ERROR_CODE=usage

### --from -: a path that fails in one file writes no file
@fixture transform
--- stdin
{"file":"config.json","set":"review.threads=9"}
{"file":"list.yaml","delete":"nope"}
$ lets transform --from -; echo "exit $?"; grep threads config.json
── 0 of 2 applied · nothing written · fix list.yaml and re-run
exit 1
  "review": { "threads": 1 }
--- stderr
path not found in nope
ERROR_CODE=not_found

### --from takes only -
@fixture transform
$ lets transform --from x.jsonl
? 64
--- stderr
error: invalid value 'x.jsonl' for '--from <FROM>': - is the only accepted value

For more information, try '--help'.
ERROR_CODE=usage

### --from - with --json: one object holding every file's transform
@fixture transform
@env LETS_NO_STATS=1
--- stdin
{"file":"config.json","set":"review.threads=4"}
{"file":"list.yaml","delete":"gone"}
$ lets transform --from - --json
{"transforms":[{"path":"config.json","format":"json","operations":[{"op":"set","key":"review.threads"}],"lines":[4],"region":{"start":2,"end":5,"lines":[{"number":2,"marker":"none","text":"  // feature flags"},{"number":3,"marker":"none","text":"  \"features\": { \"e2e\": true },"},{"number":4,"marker":"replaced","text":"  \"review\": { \"threads\": 4 }"},{"number":5,"marker":"none","text":"}"}]},"check":{"layer":"json","status":"ok","errors_before":0,"errors_after":0},"sha":{"before":"bfe3e156b1ce","after":"[..]"}},{"path":"list.yaml","format":"yaml","operations":[{"op":"delete","key":"gone"}],"lines":[3],"region":{"start":1,"end":3,"lines":[{"number":1,"marker":"none","text":"list:"},{"number":2,"marker":"none","text":"  - x"},{"number":3,"marker":"deleted","text":"gone:"},{"number":3,"marker":"deleted","text":"  k: v"},{"number":3,"marker":"none","text":"kept: 2"}]},"check":{"layer":"yaml","status":"ok","errors_before":0,"errors_after":0},"sha":{"before":"[..]","after":"[..]"}}],"omitted":[],"stats":{"lines":9,"bytes":114,"tokens_est":null}}
--- file config.json
{
  // feature flags
  "features": { "e2e": true },
  "review": { "threads": 4 }
}
--- file list.yaml
list:
  - x
kept: 2

### --no-check on a broken TOML inline table ({,}) is refused, not a crash (found by fuzz_check_toml)
% printf 'p={,}\n' > f.toml
$ lets transform f.toml --no-check --set a=1
? 7
--- stderr
f.toml is unsupported: a cannot be changed in place (the document holds a construct lets does not edit)
ERROR_CODE=unsupported_file
--- file f.toml
p={,}

### control: the same file with the check on is refused as invalid TOML before it is read
% printf 'p={,}\n' > f.toml
$ lets transform f.toml --set a=1
? 3
--- stderr
structured check failed for f.toml: invalid
ERROR_CODE=check_failed
--- file f.toml
p={,}

### a TOML file that opens with two byte-order marks is invalid (the second is content), not read
# found by fuzz_check_toml: the verdict skipped one mark and the validator another
% printf '\357\273\277\357\273\277a = 1\n' > f.toml
$ lets transform f.toml --set a=2
? 3
--- stderr
structured check failed for f.toml: invalid
ERROR_CODE=check_failed

### control: one byte-order mark is read past, and kept
% printf '\357\273\277a = 1\n' > f.toml
$ lets transform f.toml --set a=2 -q; od -c f.toml | head -1
── check: toml ok · sha:[..]→[..]
0000000 357 273 277   a       =       2  \n
