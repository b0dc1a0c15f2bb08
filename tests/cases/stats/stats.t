# lets stats (reference.md "lets stats", output-format.md §9 and §10): the spec's table and JSON,
# counted from transcripts built in each case; skipped counts appear only when nonzero.

### the spec's table: five Bash calls, three lets calls, one hook block that was followed
% mkdir -p p && printf '%s\n' '{"type":"assistant","message":{"content":[{"type":"tool_use","id":"b1","name":"Bash","input":{"command":"cat a.ts"}}]}}' '{"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":"b1","is_error":true,"content":"lets show reads several files and ranges in one call.\nrun: lets show a.ts"}]}}' '{"type":"assistant","message":{"content":[{"type":"text","text":"ok"},{"type":"tool_use","id":"b2","name":"Bash","input":{"command":"lets show a.ts b.ts"}}]}}' '{"type":"assistant","message":{"content":[{"type":"tool_use","id":"b3","name":"Bash","input":{"command":"lets edit a.ts --old x --new y"}}]}}' '{"type":"assistant","message":{"content":[{"type":"tool_use","id":"b4","name":"Bash","input":{"command":"lets edit b.ts --old '"'x y'"' --new y"}}]}}' '{"type":"assistant","message":{"content":[{"type":"tool_use","id":"b5","name":"Bash","input":{"command":"ls"}}]}}' '{"type":"assistant","message":{"content":[{"type":"tool_use","id":"r1","name":"Read","input":{"file_path":"/x"}}]}}' '{"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":"r1","content":[{"type":"text","text":"0123456789"}]}]}}' > p/s1.jsonl
$ lets stats --dir .
sessions          1
bash calls        5
lets calls        3
  edit            2
  show            1
hook blocks       1
blocks followed   1
calls saved       1
read calls        1
read bytes       10

### --json prints the bare report (the spec's example)
% printf '%s\n' '{"type":"assistant","message":{"content":[{"type":"tool_use","id":"b1","name":"Bash","input":{"command":"lets find usage src"}},{"type":"tool_use","id":"r1","name":"Read","input":{"file_path":"/x"}}]}}' '{"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":"r1","content":"abc"}]}}' > s.jsonl
$ lets stats --dir . --json
{"sessions":1,"bash_calls":1,"lets_calls":{"find":1},"hook_blocks":0,"blocks_followed":0,"calls_saved":0,"read_calls":1,"read_bytes":3}

### --jsonl prints the same single object as --json (output-format.md §10), skipped counts too
% printf '%s\n' '{"type":"assistant","message":{"content":[{"type":"tool_use","id":"b1","name":"Bash","input":{"command":"lets show a.ts b.ts"}}]}}' 'not json' > s.jsonl
$ lets stats --dir . --jsonl
{"sessions":1,"bash_calls":1,"lets_calls":{"show":1},"hook_blocks":0,"blocks_followed":0,"calls_saved":1,"read_calls":0,"read_bytes":0,"skipped":{"malformed_lines":1}}

### control: the same transcripts as text, the skip in the footer line
% printf '%s\n' '{"type":"assistant","message":{"content":[{"type":"tool_use","id":"b1","name":"Bash","input":{"command":"lets show a.ts b.ts"}}]}}' 'not json' > s.jsonl
$ lets stats --dir .
sessions         1
bash calls       1
lets calls       1
  show           1
hook blocks      0
blocks followed  0
calls saved      1
read calls       0
read bytes       0
── skipped: 1 malformed line

### a non-UTF-8 line is skipped and named (the spec's example, text and JSON)
% printf '%s\n' '{"type":"assistant","message":{"content":[{"type":"tool_use","id":"b1","name":"Bash","input":{"command":"lets show a.ts"}}]}}' > s.jsonl && printf '{"x":"\xff"}\n' >> s.jsonl
$ lets stats --dir .; lets stats --dir . --json
sessions         1
bash calls       1
lets calls       1
  show           1
hook blocks      0
blocks followed  0
calls saved      0
read calls       0
read bytes       0
── skipped: 1 non-UTF-8 line
{"sessions":1,"bash_calls":1,"lets_calls":{"show":1},"hook_blocks":0,"blocks_followed":0,"calls_saved":0,"read_calls":0,"read_bytes":0,"skipped":{"non_utf8_lines":1}}

### malformed and non-UTF-8 lines are counted in nested directories; other lines still count
% mkdir -p a/b && printf '%s\n' '{"type":"assistant","message":{"content":[{"type":"tool_use","id":"b1","name":"Bash","input":{"command":"lets guide"}}]}}' 'not json' '{"half":' > a/b/s.jsonl && printf '\xfe\n{}\n' > a/other.jsonl && printf 'not json\n' > a/notes.txt
$ lets stats --dir . --json
{"sessions":2,"bash_calls":1,"lets_calls":{"guide":1},"hook_blocks":0,"blocks_followed":0,"calls_saved":0,"read_calls":0,"read_bytes":0,"skipped":{"malformed_lines":2,"non_utf8_lines":1}}

### a block not followed by the suggested verb is not counted as followed
% printf '%s\n' '{"message":{"content":[{"type":"tool_use","id":"b1","name":"Bash","input":{"command":"grep x f"}}]}}' '{"message":{"content":[{"type":"tool_result","tool_use_id":"b1","content":"lets find searches several files in one call and numbers every hit.\nrun: lets find x f"}]}}' '{"message":{"content":[{"type":"tool_use","id":"b2","name":"Bash","input":{"command":"lets show f"}}]}}' '{"message":{"content":[{"type":"tool_use","id":"b3","name":"Bash","input":{"command":"lets find x f"}}]}}' > s.jsonl
$ lets stats --dir . --json
{"sessions":1,"bash_calls":3,"lets_calls":{"find":1,"show":1},"hook_blocks":1,"blocks_followed":0,"calls_saved":0,"read_calls":0,"read_bytes":0}

### calls saved counts targets beyond the first, skipping option values; find's pattern is not a target
% printf '%s\n' '{"message":{"content":[{"type":"tool_use","id":"b1","name":"Bash","input":{"command":"lets show a.ts b.ts:3-9 -A 2 \"c d.ts\" | head"}},{"type":"tool_use","id":"b2","name":"Bash","input":{"command":"/usr/local/bin/lets find -C 2 pat src test"}},{"type":"tool_use","id":"b3","name":"Bash","input":{"command":"lets edit a.ts --old x --new y"}},{"type":"tool_use","id":"b4","name":"Bash","input":{"command":"echo lets show a b"}}]}}' > s.jsonl
$ lets stats --dir . --json
{"sessions":1,"bash_calls":4,"lets_calls":{"edit":1,"find":1,"show":1},"hook_blocks":0,"blocks_followed":0,"calls_saved":3,"read_calls":0,"read_bytes":0}

### --since keeps only recently modified files
% printf '%s\n' '{"message":{"content":[{"type":"tool_use","id":"b1","name":"Bash","input":{"command":"lets show a"}}]}}' > new.jsonl && cp new.jsonl old.jsonl && touch -d '3 days ago' old.jsonl
$ lets stats --dir . --since 2d --json; lets stats --dir . --since 100h --json
{"sessions":1,"bash_calls":1,"lets_calls":{"show":1},"hook_blocks":0,"blocks_followed":0,"calls_saved":0,"read_calls":0,"read_bytes":0}
{"sessions":2,"bash_calls":2,"lets_calls":{"show":2},"hook_blocks":0,"blocks_followed":0,"calls_saved":0,"read_calls":0,"read_bytes":0}

### --since takes days or hours only
$ lets stats --since 7w
? 64
--- stderr
error: invalid value '7w' for '--since <SINCE>': --since takes a count and a unit, d or h, e.g. 7d

For more information, try '--help'.
ERROR_CODE=usage

### the default directory is ~/.claude/projects
% mkdir -p ~/.claude/projects/x && printf '%s\n' '{"message":{"content":[{"type":"tool_use","id":"b1","name":"Bash","input":{"command":"lets show a"}}]}}' > ~/.claude/projects/x/s.jsonl
$ lets stats --json
{"sessions":1,"bash_calls":1,"lets_calls":{"show":1},"hook_blocks":0,"blocks_followed":0,"calls_saved":0,"read_calls":0,"read_bytes":0}

### a missing ~/.claude/projects says so (not_found), instead of counting zero sessions
# spec-silent: the reference gives no text; the --dir message (0.0.1's io error) and where to look
% mkdir -p ~/.claude
$ lets stats
? 1
--- stderr
/[..]/home/.claude/projects: No such file or directory (os error 2) · no Claude Code transcripts here; pass --dir with the directory that holds them
ERROR_CODE=not_found

### control: an empty transcripts directory is zero sessions, exit 0
% mkdir -p ~/.claude/projects
$ lets stats --json
{"sessions":0,"bash_calls":0,"lets_calls":{},"hook_blocks":0,"blocks_followed":0,"calls_saved":0,"read_calls":0,"read_bytes":0}

### a --dir that does not exist is not_found
$ lets stats --dir nope
? 1
--- stderr
nope: No such file or directory (os error 2)
ERROR_CODE=not_found

### every line that is not valid JSON is malformed, and none of its tool calls count
% printf '%s\n' '{"message":{"content":[{"type":"tool_use","id":"b1","name":"Bash","input":{"command":"lets show a"}}]}} x' '{"a":01}' '{"a":"\x"}' '{"a":[1,]}' '{"a":1.}' '{"a":tru}' '[1]' '"s"' '{"a":"tab	in string"}' '{"message":{"content":[{"type":"tool_use","id":"b2","name":"Bash","input":{"command":"lets\u0020edit a --old x --new y"}}]}}' '' '  ' > s.jsonl
$ lets stats --dir . --json
{"sessions":1,"bash_calls":1,"lets_calls":{"edit":1},"hook_blocks":0,"blocks_followed":0,"calls_saved":0,"read_calls":0,"read_bytes":0,"skipped":{"malformed_lines":9}}
