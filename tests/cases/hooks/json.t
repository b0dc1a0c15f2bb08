# hooks --json and --jsonl (docs/differences.md, "--json for every verb"): one object, like guide's
# and version's with no omitted/stats, naming each hook the text names and what happened to it:
# {"hooks":[{"event":"…","outcome":"added|already_installed|removed"}…][,"agents_md":"…"]}.
# The settings files sit in the sandbox (CLAUDE_CONFIG_DIR, CODEX_HOME) so each case pins them;
# the hook commands name this binary's absolute path, matched as [..].

### install claude-code --json: one object, a member per hook in the report's order
$ CLAUDE_CONFIG_DIR=$PWD/cc lets hooks install claude-code --json
{"hooks":[{"event":"PreToolUse","outcome":"added"},{"event":"SubagentStart","outcome":"added"},{"event":"SessionStart","outcome":"added"}]}
--- file cc/settings.json
{
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [
          {
            "type": "command",
            "command": "/[..]/lets hook classify"
          }
        ]
      }
    ],
    "SubagentStart": [
      {
        "hooks": [
          {
            "type": "command",
            "command": "/[..]/lets hook subagent-start"
          }
        ]
      }
    ],
    "SessionStart": [
      {
        "matcher": "startup|resume|clear|compact|fork",
        "hooks": [
          {
            "type": "command",
            "command": "/[..]/lets guide"
          }
        ]
      }
    ]
  }
}

### a second install --json: each hook already_installed, the file as it was
% mkdir cc && printf '{"a":1}\n' > cc/settings.json && CLAUDE_CONFIG_DIR=$PWD/cc lets hooks install claude-code >/dev/null
$ CLAUDE_CONFIG_DIR=$PWD/cc lets hooks install claude-code --json
{"hooks":[{"event":"PreToolUse","outcome":"already_installed"},{"event":"SubagentStart","outcome":"already_installed"},{"event":"SessionStart","outcome":"already_installed"}]}
--- file cc/settings.json
{"a":1,"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"/[..]/lets hook classify"}]}],"SubagentStart":[{"hooks":[{"type":"command","command":"/[..]/lets hook subagent-start"}]}],"SessionStart":[{"matcher":"startup|resume|clear|compact|fork","hooks":[{"type":"command","command":"/[..]/lets guide"}]}]}}

### uninstall --json names each hook removed, and the file is restored
% mkdir cc && printf '{"a":1}\n' > cc/settings.json && CLAUDE_CONFIG_DIR=$PWD/cc lets hooks install claude-code >/dev/null
$ CLAUDE_CONFIG_DIR=$PWD/cc lets hooks uninstall claude-code --json
{"hooks":[{"event":"PreToolUse","outcome":"removed"},{"event":"SubagentStart","outcome":"removed"},{"event":"SessionStart","outcome":"removed"}]}
--- file cc/settings.json
{"a":1}

### uninstall --json with nothing installed: no hooks (the text's "nothing to remove"), no file
$ CLAUDE_CONFIG_DIR=$PWD/cc lets hooks uninstall claude-code --json; ls cc 2>&1; true
{"hooks":[]}
ls: cannot access 'cc': No such file or directory

### install codex --json: the hook, then the paragraph to add to AGENTS.md by hand
% mkdir cx
$ CODEX_HOME=$PWD/cx lets hooks install codex --json
{"hooks":[{"event":"PreToolUse","outcome":"added"}],"agents_md":"For reading, finding and editing files, use `lets` (run `lets guide` once) instead of `cat`,\n`grep` or `sed -n`. It reads several files or ranges in one call, returns bounded numbered\noutput, and its edits return the changed region — so do not follow a `lets` call with a `cat` or\n`sed -n` to check the result.\n"}
--- file cx/hooks.json
{
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [
          {
            "type": "command",
            "command": "/[..]/lets hook classify"
          }
        ]
      }
    ]
  }
}

### uninstall codex --json: no paragraph
% mkdir cx && CODEX_HOME=$PWD/cx lets hooks install codex >/dev/null
$ CODEX_HOME=$PWD/cx lets hooks uninstall codex --json; ls -A cx | wc -l
{"hooks":[{"event":"PreToolUse","outcome":"removed"}]}
0

### --jsonl prints the same single object as --json
$ CLAUDE_CONFIG_DIR=$PWD/cc lets hooks install claude-code --jsonl >/dev/null; CLAUDE_CONFIG_DIR=$PWD/cc lets hooks uninstall claude-code --jsonl; ls -A cc | wc -l
{"hooks":[{"event":"PreToolUse","outcome":"removed"},{"event":"SubagentStart","outcome":"removed"},{"event":"SessionStart","outcome":"removed"}]}
0

### control: without --json the same call prints the report lines
$ CLAUDE_CONFIG_DIR=$PWD/cc lets hooks install claude-code >/dev/null; CLAUDE_CONFIG_DIR=$PWD/cc lets hooks uninstall claude-code; ls -A cc | wc -l
removed the PreToolUse hook
removed the SubagentStart hook
removed the SessionStart hook
0

### a refusal under --json is the error shape, the file untouched
% mkdir cc && printf '{"model": "opus",\n' > cc/settings.json
$ CLAUDE_CONFIG_DIR=$PWD/cc lets hooks install claude-code --json
? 7
{"error":{"slug":"io_error","message":"/[..]/cc/settings.json is not valid JSON (line 2: [..]) · it was left untouched; fix it, then rerun"},"omitted":[],"stats":{"lines":0,"bytes":0,"tokens_est":[..]}}
--- stderr
/[..]/cc/settings.json is not valid JSON (line 2: [..]) · it was left untouched; fix it, then rerun
ERROR_CODE=io_error
--- file cc/settings.json
{"model": "opus",
