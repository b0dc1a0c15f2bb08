# transform under --budget and --max-bytes (issue 27 item 1). The change is written before the
# answer is shaped, so a budget trims the region shown and never turns the write into a failure.
# spec-silent: the region is trimmed from its tail as show trims a target (budget B keeps whole
# lines within B x 4 bytes); the footer names the trim after the check and sha, as show's does;
# the trimmed target is the file as typed. A region trimmed to nothing has no "region" in JSON.
# Region of the new key below: "a = 1" (6 bytes with its newline), "" (1), "[server]" (9),
# "port = 1" (9): 25 bytes.

### --budget 1 on a one-line TOML file: the file written, the answer trimmed, exit 0 (was SIGSEGV)
% printf 'a = 1\n' > app.toml
@env LETS_NO_STATS=1
$ lets transform app.toml --set server.port=1 --budget 1
── app.toml · toml · set server.port · line 3
── check: toml ok · sha:700d22f9add8→6da5d073e7f4 · budget 1 trimmed app.toml (:1-4 not shown)
--- file app.toml
a = 1

[server]
port = 1

### --budget 3 keeps the lines within 12 bytes
% printf 'a = 1\n' > app.toml
@env LETS_NO_STATS=1
$ lets transform app.toml --set server.port=1 --budget 3
── app.toml · toml · set server.port · line 3
1 	a = 1
2+	
── check: toml ok · sha:700d22f9add8→6da5d073e7f4 · budget 3 trimmed app.toml (:3-4 not shown)
--- file app.toml
a = 1

[server]
port = 1

### control: a budget the region fits in trims nothing
% printf 'a = 1\n' > app.toml
@env LETS_NO_STATS=1
$ lets transform app.toml --set server.port=1 --budget 7
── app.toml · toml · set server.port · line 3
1 	a = 1
2+	
3+	[server]
4+	port = 1
── check: toml ok · sha:700d22f9add8→6da5d073e7f4
--- file app.toml
a = 1

[server]
port = 1

### --budget 0 --json: the budget omission in "omitted", no region
% printf 'a = 1\n' > app.toml
@env LETS_NO_STATS=1
$ lets transform app.toml --set server.port=1 --budget 0 --json
{"path":"app.toml","format":"toml","operations":[{"op":"set","key":"server.port"}],"lines":[3],"check":{"layer":"toml","status":"ok","errors_before":0,"errors_after":0},"sha":{"before":"700d22f9add8","after":"6da5d073e7f4"},"omitted":[{"budget":{"budget":0,"trimmed_target":"app.toml","not_shown":[1,4]}}],"stats":{"lines":0,"bytes":0,"tokens_est":null}}
--- file app.toml
a = 1

[server]
port = 1

### a --from - batch under --budget 6: the largest region (app.toml, 25 bytes) trimmed first
% printf 'a = 1\n' > app.toml && printf '{\n  "b": 1\n}\n' > c.json
@env LETS_NO_STATS=1
--- stdin
{"file":"app.toml","set":"server.port=1"}
{"file":"c.json","set":"b=2"}
$ lets transform --from - --budget 6
── app.toml · toml · set server.port · line 3
1 	a = 1
2+	
── c.json · json · set b · line 2
1 	{
2~	  "b": 2
3 	}
── 2 files · 2 operations · all applied · checks: json ok ×1, toml ok ×1 · budget 6 trimmed app.toml (:3-4 not shown)
--- file app.toml
a = 1

[server]
port = 1
--- file c.json
{
  "b": 2
}

### control: over --max-bytes a transform is not refused (the spec gives transform no exit 4, and the
# file is written by then): the whole lines within the limit, the rest named, exit 0
% printf 'a = 1\n' > app.toml
@env LETS_NO_STATS=1
$ lets transform app.toml --set server.port=1 --max-bytes 7
── app.toml · toml · set server.port · line 3
1 	a = 1
2+	
── check: toml ok · sha:700d22f9add8→6da5d073e7f4 · output over --max-bytes 7: 2 lines not shown
--- file app.toml
a = 1

[server]
port = 1
