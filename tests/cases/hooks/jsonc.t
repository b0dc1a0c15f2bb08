# hooks install|uninstall on a Claude Code settings.json holding comments and trailing commas
# (JSONC, which Claude Code reads; issue 27 item 5), and uninstall of lets's hook from a matcher
# group it shares with the user's own command (item 6). reference.md "What hooks install does":
# install merges keeping every other byte, a reinstall is byte-identical, uninstall "removes
# exactly what hooks install added and leaves any of the user's own hooks in the same file
# untouched". The hook commands name the absolute path of the lets under test, matched as [..].
# spec-silent: where a hook goes among comments. It goes after the last member, after that
# member's comma and any comment on the same line, so a comment stays beside what it annotates;
# a trailing comma after the last member is kept after the new one.

### install into a settings.json with comments and trailing commas keeps every byte of it
% mkdir -p ~/.claude && printf '%s\n' '{' '  // my settings: "hooks" { are here } /* not a block' '  "model": "opus", /* for now, "x" ] */' '  "env": {"URL": "http://example.invalid/*x*/", "B": "//"},' '  "hooks": {' '    /* mine, { [ */' '    "Stop": [' '      {"hooks": [{"type": "command", "command": "echo bye"},]}, // bye' '    ],' '  },' '}' > ~/.claude/settings.json
$ lets hooks install claude-code
added the PreToolUse hook
added the SubagentStart hook
added the SessionStart hook
--- file ../home/.claude/settings.json
{
  // my settings: "hooks" { are here } /* not a block
  "model": "opus", /* for now, "x" ] */
  "env": {"URL": "http://example.invalid/*x*/", "B": "//"},
  "hooks": {
    /* mine, { [ */
    "Stop": [
      {"hooks": [{"type": "command", "command": "echo bye"},]}, // bye
    ],
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
    ],
  },
}

### a reinstall into that file changes nothing, and uninstall restores the bytes before install
% mkdir -p ~/.claude && printf '%s\n' '{' '  // my settings: "hooks" { are here } /* not a block' '  "model": "opus", /* for now, "x" ] */' '  "env": {"URL": "http://example.invalid/*x*/", "B": "//"},' '  "hooks": {' '    /* mine, { [ */' '    "Stop": [' '      {"hooks": [{"type": "command", "command": "echo bye"},]}, // bye' '    ],' '  },' '}' > ~/.claude/settings.json && cp ~/.claude/settings.json before.json
$ lets hooks install claude-code >/dev/null && cp ~/.claude/settings.json once.json && lets hooks install claude-code && cmp once.json ~/.claude/settings.json && lets hooks uninstall claude-code && cmp before.json ~/.claude/settings.json && echo restored
the PreToolUse hook was already installed
the SubagentStart hook was already installed
the SessionStart hook was already installed
removed the PreToolUse hook
removed the SubagentStart hook
removed the SessionStart hook
restored
--- file ../home/.claude/settings.json
{
  // my settings: "hooks" { are here } /* not a block
  "model": "opus", /* for now, "x" ] */
  "env": {"URL": "http://example.invalid/*x*/", "B": "//"},
  "hooks": {
    /* mine, { [ */
    "Stop": [
      {"hooks": [{"type": "command", "command": "echo bye"},]}, // bye
    ],
  },
}
--- file once.json
{
  // my settings: "hooks" { are here } /* not a block
  "model": "opus", /* for now, "x" ] */
  "env": {"URL": "http://example.invalid/*x*/", "B": "//"},
  "hooks": {
    /* mine, { [ */
    "Stop": [
      {"hooks": [{"type": "command", "command": "echo bye"},]}, // bye
    ],
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
    ],
  },
}

### a comment after the last member stays on its line; the hooks go after it
% mkdir -p ~/.claude && printf '%s\n' '{' '  "model": "opus" // mine' '}' > ~/.claude/settings.json && cp ~/.claude/settings.json before.json
$ lets hooks install claude-code >/dev/null && sed -n '1,4p' ~/.claude/settings.json && lets hooks uninstall claude-code >/dev/null && cmp before.json ~/.claude/settings.json && echo restored
{
  "model": "opus", // mine
  "hooks": {
    "PreToolUse": [
restored
--- file ../home/.claude/settings.json
{
  "model": "opus" // mine
}

### a block comment, alone in an event's array, stays; the group goes after it, and back out
% mkdir -p ~/.claude && printf '%s\n' '{' '  "hooks": {' '    "PreToolUse": [' '      /* mine go here */' '    ]' '  }' '}' > ~/.claude/settings.json && cp ~/.claude/settings.json before.json
$ lets hooks install claude-code | head -1 && sed -n '1,8p' ~/.claude/settings.json && lets hooks uninstall claude-code | head -1 && cmp before.json ~/.claude/settings.json && echo restored
added the PreToolUse hook
{
  "hooks": {
    "PreToolUse": [
      /* mine go here */
      {
        "matcher": "Bash",
        "hooks": [
          {
removed the PreToolUse hook
restored
--- file ../home/.claude/settings.json
{
  "hooks": {
    "PreToolUse": [
      /* mine go here */
    ]
  }
}

### a minified settings file with a comment: the hooks go after the last member, before the comment
% mkdir -p ~/.claude && printf '{"a":1 // x\n}\n' > ~/.claude/settings.json && cp ~/.claude/settings.json before.json
$ lets hooks install claude-code >/dev/null && sed 's#"/[^"]*/lets #"LETS #g' ~/.claude/settings.json && lets hooks uninstall claude-code >/dev/null && cmp before.json ~/.claude/settings.json && echo restored
{"a":1,"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"LETS hook classify"}]}],"SubagentStart":[{"hooks":[{"type":"command","command":"LETS hook subagent-start"}]}],"SessionStart":[{"matcher":"startup|resume|clear|compact|fork","hooks":[{"type":"command","command":"LETS guide"}]}]} // x
}
restored
--- file ../home/.claude/settings.json
{"a":1 // x
}

### a comment that never ends, or a comma with nothing before it, is still not valid: untouched
% mkdir -p ~/.claude && printf '{"model": "opus"} /* open\n' > ~/.claude/settings.json && printf '[,]\n' > other.json && cp ~/.claude/settings.json before.json
$ lets hooks install claude-code; echo "exit $?"; cmp before.json ~/.claude/settings.json && echo untouched; cp other.json ~/.claude/settings.json; lets hooks uninstall claude-code; echo "exit $?"; cmp other.json ~/.claude/settings.json && echo untouched
exit 7
untouched
exit 7
untouched
--- stderr
/[..]/.claude/settings.json is not valid JSON (line 1: a comment opened here never ends) · it was left untouched; fix it, then rerun
ERROR_CODE=io_error
/[..]/.claude/settings.json is not valid JSON (line 1: [..]) · it was left untouched; fix it, then rerun
ERROR_CODE=io_error
--- file ../home/.claude/settings.json
[,]

### uninstall takes a bare `lets hook classify` (as lets 0.0.1 wrote it) out of a group it shares
% mkdir -p ~/.claude && printf '%s\n' '{' '  "hooks": {' '    "PreToolUse": [' '      {' '        "matcher": "Bash",' '        "hooks": [' '          {"type": "command", "command": "lets hook classify"},' '          {"type": "command", "command": "my-check"}' '        ]' '      }' '    ]' '  }' '}' > ~/.claude/settings.json
$ lets hooks uninstall claude-code
removed the PreToolUse hook
--- file ../home/.claude/settings.json
{
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [
          {"type": "command", "command": "my-check"}
        ]
      }
    ]
  }
}

### uninstall takes lets's hook out when the user's command comes after it in the group
% lets hooks install claude-code >/dev/null
% python3 -c 'import os;p=os.path.expanduser("~/.claude/settings.json");s=open(p).read();i=s.index("hook classify\"\n          }")+len("hook classify\"\n          }");open(p,"w").write(s[:i]+",\n          {\"type\": \"command\", \"command\": \"my-check\"}"+s[i:])'
$ lets hooks uninstall claude-code
removed the PreToolUse hook
removed the SubagentStart hook
removed the SessionStart hook
--- file ../home/.claude/settings.json
{
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [
          {"type": "command", "command": "my-check"}
        ]
      }
    ]
  }
}

### control: a group holding only a bare `lets hook classify` goes whole, and the emptied keys with it
% mkdir -p ~/.claude && printf '%s\n' '{' '  "model": "opus",' '  "hooks": {' '    "PreToolUse": [' '      {"matcher": "Bash", "hooks": [{"type": "command", "command": "lets hook classify"}]}' '    ]' '  }' '}' > ~/.claude/settings.json
$ lets hooks uninstall claude-code
removed the PreToolUse hook
--- file ../home/.claude/settings.json
{
  "model": "opus"
}

### control: a user's command that only mentions lets is not lets's hook
% mkdir -p ~/.claude && printf '%s\n' '{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo lets hook classify"}, {"type": "command", "command": "mylets hook classify"}]}]}}' > ~/.claude/settings.json && cp ~/.claude/settings.json before.json
$ lets hooks uninstall claude-code && cmp before.json ~/.claude/settings.json && echo untouched
nothing to remove
untouched

### a reinstall over a bare `lets hook classify` points it at this lets instead of adding a second
% mkdir -p ~/.claude && printf '%s\n' '{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "lets hook classify"}, {"type": "command", "command": "my-check"}]}]}}' > ~/.claude/settings.json
$ lets hooks install claude-code | head -1; grep -o '"command": *"[^"]*"' ~/.claude/settings.json | sed 's#"/[^"]*/lets #"LETS #'
added the PreToolUse hook
"command": "LETS hook classify"
"command": "my-check"
"command":"LETS hook subagent-start"
"command":"LETS guide"
--- file ../home/.claude/settings.json
{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "/[..]/lets hook classify"}, {"type": "command", "command": "my-check"}]}],"SubagentStart":[{"hooks":[{"type":"command","command":"/[..]/lets hook subagent-start"}]}],"SessionStart":[{"matcher":"startup|resume|clear|compact|fork","hooks":[{"type":"command","command":"/[..]/lets guide"}]}]}}
