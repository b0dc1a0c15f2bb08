# hooks install reads settings.json with the one JSON reader that edit, write and transform use
# (issue 30 item 2; issue 26 item 8: "one reader, JSONC where the file allows it (... Claude
# settings)"): a byte-order mark is skipped and kept, numbers of any size are JSON, and a comment
# left open anywhere — even in a file of nothing else — is refused before anything is merged.
# spec-silent: reference.md says install merges into settings.json; what a valid file is, is
# format/jsonc.h's answer, shared with the data-file verdict (tests/cases/transform/verdict.t).

### a settings.json that starts with a BOM takes the hooks, and keeps the BOM
% mkdir -p ~/.claude && printf '\357\273\277{\n  "model": "opus"\n}\n' > ~/.claude/settings.json
$ lets hooks install claude-code
added the PreToolUse hook
added the SubagentStart hook
added the SessionStart hook
--- file ../home/.claude/settings.json
﻿{
  "model": "opus",
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

### numbers beyond an int64 or a double are JSON: install and uninstall keep them as written
% mkdir -p ~/.claude && printf '{"maxTokens": 1e400, "id": 18446744073709551616}\n' > ~/.claude/settings.json && cp ~/.claude/settings.json before.json
$ lets hooks install claude-code >/dev/null && sed 's#"/[^"]*/lets #"LETS #g' ~/.claude/settings.json && lets hooks uninstall claude-code >/dev/null && cmp before.json ~/.claude/settings.json && echo restored
{"maxTokens": 1e400, "id": 18446744073709551616, "hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"LETS hook classify"}]}],"SubagentStart":[{"hooks":[{"type":"command","command":"LETS hook subagent-start"}]}],"SessionStart":[{"matcher":"startup|resume|clear|compact|fork","hooks":[{"type":"command","command":"LETS guide"}]}]}}
restored
--- file ../home/.claude/settings.json
{"maxTokens": 1e400, "id": 18446744073709551616}

### a file holding only a comment left open is refused before the merge, untouched
% mkdir -p ~/.claude && printf '/* mine\n' > ~/.claude/settings.json && cp ~/.claude/settings.json before.json
$ lets hooks install claude-code; echo "exit $?"; cmp before.json ~/.claude/settings.json && echo untouched
exit 7
untouched
--- stderr
/[..]/.claude/settings.json is not valid JSON (line 1: a comment opened here never ends) · it was left untouched; fix it, then rerun
ERROR_CODE=io_error

### control: a file holding only a closed comment keeps it, and the object starts after it
% mkdir -p ~/.claude && printf '/* mine */\n' > ~/.claude/settings.json
$ lets hooks install claude-code >/dev/null && sed -n '1,3p' ~/.claude/settings.json
/* mine */
{
  "hooks": {
--- file ../home/.claude/settings.json
/* mine */
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

### a member after a trailing comma and a line comment goes on a line of its own, not into the comment
# found by fuzz_settings: members sharing a line made the new one follow them, after the // text
% mkdir -p ~/.claude && printf '{\n  "model": "opus", "a": 1, // was "b": 2,\n}\n' > ~/.claude/settings.json
$ lets hooks install claude-code | head -1
added the PreToolUse hook
--- file ../home/.claude/settings.json
{
  "model": "opus", "a": 1, // was "b": 2,
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
  },
}

### control: uninstall takes back exactly that line
% mkdir -p ~/.claude && printf '{\n  "model": "opus", "a": 1, // was "b": 2,\n}\n' > ~/.claude/settings.json && cp ~/.claude/settings.json before.json
$ lets hooks install claude-code >/dev/null && lets hooks uninstall claude-code | head -1 && cmp before.json ~/.claude/settings.json && echo restored
removed the PreToolUse hook
restored
--- file ../home/.claude/settings.json
{
  "model": "opus", "a": 1, // was "b": 2,
}
