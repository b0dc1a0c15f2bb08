# lets stats counts every lets call of a Bash command line, by verb (issue 27 item 7;
# reference.md "lets stats": lets_calls is "Bash calls whose command was a lets invocation, by
# verb", calls_saved "sum of targets - 1 over every multi-target lets call"). Option values are
# not targets: which options take one is read from the verb's own flag table. The splitting
# itself is table-tested in tests/unit/t_cmdline.c.
# spec-silent: a command line holding two lets calls counts two.

### the issue's command lines: after cd &&, under timeout and xargs, after FOO=1, two joined by &&
% printf '%s\n' '{"message":{"content":[{"type":"tool_use","id":"b1","name":"Bash","input":{"command":"cd src && lets edit x.ts y.ts --old a --new b"}},{"type":"tool_use","id":"b2","name":"Bash","input":{"command":"timeout 10 lets find x"}},{"type":"tool_use","id":"b3","name":"Bash","input":{"command":"FOO=1 lets show a"}},{"type":"tool_use","id":"b4","name":"Bash","input":{"command":"lets show a && lets show b"}},{"type":"tool_use","id":"b5","name":"Bash","input":{"command":"git ls-files | xargs lets show"}}]}}' > s.jsonl
$ lets stats --dir .
sessions         1
bash calls       5
lets calls       6
  edit           1
  find           1
  show           4
hook blocks      0
blocks followed  0
calls saved      1
read calls       0
read bytes       0

### the value of every value-taking option is not a target (--line-hint, -iC 2); a flag takes none
% printf '%s\n' '{"message":{"content":[{"type":"tool_use","id":"b1","name":"Bash","input":{"command":"lets edit a.ts --line-hint 3 --old x --new y"}},{"type":"tool_use","id":"b2","name":"Bash","input":{"command":"lets find -iC 2 pat src"}},{"type":"tool_use","id":"b3","name":"Bash","input":{"command":"lets show a.ts --window 5"}}]}}' > s.jsonl
$ lets stats --dir . --json
{"sessions":1,"bash_calls":3,"lets_calls":{"edit":1,"find":1,"show":1},"hook_blocks":0,"blocks_followed":0,"calls_saved":0,"read_calls":0,"read_bytes":0}

### control: a flag that takes no value leaves the next word a target
% printf '%s\n' '{"message":{"content":[{"type":"tool_use","id":"b1","name":"Bash","input":{"command":"lets edit a.ts --exact b.ts --old x --new y"}},{"type":"tool_use","id":"b2","name":"Bash","input":{"command":"lets show --no-numbers a.ts b.ts"}}]}}' > s.jsonl
$ lets stats --dir . --json
{"sessions":1,"bash_calls":2,"lets_calls":{"edit":1,"show":1},"hook_blocks":0,"blocks_followed":0,"calls_saved":2,"read_calls":0,"read_bytes":0}

### control: lets named as an argument, in quotes or by command -v is not a call
% printf '%s\n' '{"message":{"content":[{"type":"tool_use","id":"b1","name":"Bash","input":{"command":"echo \"lets show a && lets show b\""}},{"type":"tool_use","id":"b2","name":"Bash","input":{"command":"command -v lets"}},{"type":"tool_use","id":"b3","name":"Bash","input":{"command":"git commit -m '"'"'use lets show'"'"'"}}]}}' > s.jsonl
$ lets stats --dir . --json
{"sessions":1,"bash_calls":3,"lets_calls":{},"hook_blocks":0,"blocks_followed":0,"calls_saved":0,"read_calls":0,"read_bytes":0}

### a hook block is followed when a later command line runs the suggested verb anywhere in it
% printf '%s\n' '{"message":{"content":[{"type":"tool_use","id":"b1","name":"Bash","input":{"command":"cat a.ts"}}]}}' '{"message":{"content":[{"type":"tool_result","tool_use_id":"b1","content":"lets show reads several files and ranges in one call.\nrun: lets show a.ts"}]}}' '{"message":{"content":[{"type":"tool_use","id":"b2","name":"Bash","input":{"command":"cd src && lets show a.ts"}}]}}' > s.jsonl
$ lets stats --dir . --json
{"sessions":1,"bash_calls":2,"lets_calls":{"show":1},"hook_blocks":1,"blocks_followed":1,"calls_saved":0,"read_calls":0,"read_bytes":0}

### CLAUDE_CONFIG_DIR names Claude Code's directory: its projects/ is read, not ~/.claude/projects
% mkdir -p cfg/projects/p ~/.claude/projects && printf '%s\n' '{"message":{"content":[{"type":"tool_use","id":"b1","name":"Bash","input":{"command":"lets guide"}}]}}' > cfg/projects/p/s.jsonl
$ CLAUDE_CONFIG_DIR=$PWD/cfg lets stats --json
{"sessions":1,"bash_calls":1,"lets_calls":{"guide":1},"hook_blocks":0,"blocks_followed":0,"calls_saved":0,"read_calls":0,"read_bytes":0}

### a CLAUDE_CONFIG_DIR without projects/ says so, naming it
% mkdir -p cfg ~/.claude/projects
$ CLAUDE_CONFIG_DIR=$PWD/cfg lets stats
? 1
--- stderr
/[..]/cfg/projects: No such file or directory (os error 2) · no Claude Code transcripts here; pass --dir with the directory that holds them
ERROR_CODE=not_found

### a relative CLAUDE_CONFIG_DIR is a usage error; an empty one means ~/.claude
# spec-silent: as CODEX_HOME's rule in the reference
% mkdir -p ~/.claude/projects
$ CLAUDE_CONFIG_DIR=rel lets stats; echo "exit $?"; CLAUDE_CONFIG_DIR= lets stats --json
exit 64
{"sessions":0,"bash_calls":0,"lets_calls":{},"hook_blocks":0,"blocks_followed":0,"calls_saved":0,"read_calls":0,"read_bytes":0}
--- stderr
CLAUDE_CONFIG_DIR=rel is a relative path · set it to an absolute path, or unset it to use ~/.claude
ERROR_CODE=usage

### --dir wins over CLAUDE_CONFIG_DIR
% mkdir -p d && printf '%s\n' '{"message":{"content":[{"type":"tool_use","id":"b1","name":"Bash","input":{"command":"lets version"}}]}}' > d/s.jsonl
$ CLAUDE_CONFIG_DIR=rel lets stats --dir d --json
{"sessions":1,"bash_calls":1,"lets_calls":{"version":1},"hook_blocks":0,"blocks_followed":0,"calls_saved":0,"read_calls":0,"read_bytes":0}
