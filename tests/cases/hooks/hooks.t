# lets hooks install|uninstall (reference.md "lets hooks and lets hook classify", output-format.md
# §9): the report lines, the exact settings bytes written, idempotence, and byte-exact restore.
# The hook commands name the absolute path of the lets binary under test, matched as [..].

### install claude-code into a fresh HOME writes the three hooks, in the report's order
$ lets hooks install claude-code && cat ~/.claude/settings.json
added the PreToolUse hook
added the SubagentStart hook
added the SessionStart hook
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

### the hook commands name this binary, so the hook runs the lets that was installed
$ lets hooks install claude-code >/dev/null && grep -c "\"$(readlink -f "$(command -v lets)") hook classify\"" ~/.claude/settings.json
1
--- file ../home/.claude/settings.json
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

### a second install is a no-op and leaves the file byte-identical
% lets hooks install claude-code >/dev/null && cp ~/.claude/settings.json first.json
$ lets hooks install claude-code && cmp first.json ~/.claude/settings.json && echo identical
the PreToolUse hook was already installed
the SubagentStart hook was already installed
the SessionStart hook was already installed
identical

### install keeps the user's keys, hooks, indentation and key order, and adds after them
% mkdir -p ~/.claude && printf '{\n    "model": "opus",\n    "hooks": {\n        "PreToolUse": [\n            {"matcher": "Edit", "hooks": [{"type": "command", "command": "echo mine"}]}\n        ],\n        "Stop": []\n    },\n    "env": {"A": "1"}\n}\n' > ~/.claude/settings.json
$ lets hooks install claude-code >/dev/null && sed 's#"/.*/lets #"LETS #' ~/.claude/settings.json
{
    "model": "opus",
    "hooks": {
        "PreToolUse": [
            {"matcher": "Edit", "hooks": [{"type": "command", "command": "echo mine"}]},
            {
                "matcher": "Bash",
                "hooks": [
                    {
                        "type": "command",
                        "command": "LETS hook classify"
                    }
                ]
            }
        ],
        "Stop": [],
        "SubagentStart": [
            {
                "hooks": [
                    {
                        "type": "command",
                        "command": "LETS hook subagent-start"
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
                        "command": "LETS guide"
                    }
                ]
            }
        ]
    },
    "env": {"A": "1"}
}
--- file ../home/.claude/settings.json
{
    "model": "opus",
    "hooks": {
        "PreToolUse": [
            {"matcher": "Edit", "hooks": [{"type": "command", "command": "echo mine"}]},
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
        "Stop": [],
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
    "env": {"A": "1"}
}

### uninstall restores the pre-install bytes, and a second uninstall has nothing to remove
% mkdir -p ~/.claude && printf '{\n\t"model": "opus",\n\t"hooks": {\n\t\t"Stop": [{"hooks": [{"type": "command", "command": "echo bye"}]}]\n\t}\n}\n' > ~/.claude/settings.json && cp ~/.claude/settings.json before.json
$ lets hooks install claude-code >/dev/null && lets hooks uninstall claude-code && cmp before.json ~/.claude/settings.json && echo restored && lets hooks uninstall claude-code && cmp before.json ~/.claude/settings.json && echo unchanged
removed the PreToolUse hook
removed the SubagentStart hook
removed the SessionStart hook
restored
nothing to remove
unchanged
--- file ../home/.claude/settings.json
{
	"model": "opus",
	"hooks": {
		"Stop": [{"hooks": [{"type": "command", "command": "echo bye"}]}]
	}
}

### a minified settings file gets minified hooks, and uninstall restores it
% mkdir -p ~/.claude && printf '{"a":1,"hooks":{"Stop":[]}}' > ~/.claude/settings.json
$ lets hooks install claude-code >/dev/null && sed 's#"/[^"]*/lets #"LETS #g' ~/.claude/settings.json && echo && lets hooks uninstall claude-code >/dev/null && cat ~/.claude/settings.json && echo
{"a":1,"hooks":{"Stop":[],"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"LETS hook classify"}]}],"SubagentStart":[{"hooks":[{"type":"command","command":"LETS hook subagent-start"}]}],"SessionStart":[{"matcher":"startup|resume|clear|compact|fork","hooks":[{"type":"command","command":"LETS guide"}]}]}}
{"a":1,"hooks":{"Stop":[]}}

### uninstall leaves a hook the user added to lets's own matcher group
% lets hooks install claude-code >/dev/null
% python3 -c 'import json,os;p=os.path.expanduser("~/.claude/settings.json");s=open(p).read();open(p,"w").write(s.replace("\"hooks\": [\n          {\n            \"type\": \"command\",\n            \"command\": \"/", "\"hooks\": [\n          {\"type\": \"command\", \"command\": \"echo mine\"},\n          {\n            \"type\": \"command\",\n            \"command\": \"/", 1))'
$ lets hooks uninstall claude-code && cat ~/.claude/settings.json
removed the PreToolUse hook
removed the SubagentStart hook
removed the SessionStart hook
{
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [
          {"type": "command", "command": "echo mine"}
        ]
      }
    ]
  }
}

### uninstall with nothing installed: nothing to remove, no file created
$ lets hooks uninstall claude-code; ls ~/.claude 2>&1; true
nothing to remove
ls: cannot access '/[..]/.claude': No such file or directory

### a settings file that is not JSON: io_error, the file untouched (install and uninstall)
% mkdir -p ~/.claude && printf '{"model": "opus",\n' > ~/.claude/settings.json && cp ~/.claude/settings.json before.json
$ lets hooks install claude-code; echo "exit $?"; lets hooks uninstall claude-code; echo "exit $?"; cmp before.json ~/.claude/settings.json && echo untouched
exit 7
exit 7
untouched
--- stderr
/[..]/.claude/settings.json is not valid JSON (line 2: [..]) · it was left untouched; fix it, then rerun
ERROR_CODE=io_error
/[..]/.claude/settings.json is not valid JSON (line 2: [..]) · it was left untouched; fix it, then rerun
ERROR_CODE=io_error

### a top level that is not an object, or "hooks" that is not one, is refused untouched
% mkdir -p ~/.claude && printf '{"hooks": 3}\n' > ~/.claude/settings.json
$ lets hooks install claude-code; echo "exit $?"; cat ~/.claude/settings.json
exit 7
{"hooks": 3}
--- stderr
/[..]/.claude/settings.json cannot take the PreToolUse hook: its "hooks" value is not a JSON object · fix it, then rerun
ERROR_CODE=io_error

### a different lets first on PATH: path_conflict naming both, nothing written
% mkdir fake-bin && printf '#!/bin/sh\n' > fake-bin/lets && chmod +x fake-bin/lets
$ real=$(command -v lets); PATH=$PWD/fake-bin:$PATH "$real" hooks install claude-code; echo "exit $?"; ls -a ~ | grep -c claude; true
exit 1
0
--- stderr
a different `lets` comes first on PATH at /[..]/fake-bin/lets — this one is /[..]/lets · remove the other, or put this one's directory ahead of it on PATH
ERROR_CODE=path_conflict

### no lets on PATH at all: not_on_path, nothing written
$ real=$(command -v lets); PATH=/usr/bin:/bin "$real" hooks install claude-code; echo "exit $?"; ls -a ~ | grep -c claude; true
exit 1
0
--- stderr
this `lets` (/[..]/lets) is not on PATH, and the hooks run a bare `lets` · put its directory on PATH, or install from the `lets` that is
ERROR_CODE=not_on_path

### uninstall does not need lets on PATH
% lets hooks install claude-code >/dev/null
$ real=$(command -v lets); PATH=/usr/bin:/bin "$real" hooks uninstall claude-code; test -e ~/.claude/settings.json || echo "settings.json, which install created, is gone"
removed the PreToolUse hook
removed the SubagentStart hook
removed the SessionStart hook
settings.json, which install created, is gone

### a symlinked settings file is replaced through the link, the link kept
% mkdir -p ~/.claude dotfiles && printf '{}\n' > dotfiles/settings.json && ln -s "$PWD/dotfiles/settings.json" ~/.claude/settings.json
$ lets hooks install claude-code >/dev/null && test -L ~/.claude/settings.json && grep -c 'hook classify' dotfiles/settings.json
1
--- file dotfiles/settings.json
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

### install codex: the PreToolUse hook in ~/.codex/hooks.json, then the AGENTS.md paragraph
$ lets hooks install codex && sed 's#"/.*/lets #"LETS #' ~/.codex/hooks.json
added the PreToolUse hook
For reading, finding and editing files, use `lets` (run `lets guide` once) instead of `cat`,
`grep` or `sed -n`. It reads several files or ranges in one call, returns bounded numbered
output, and its edits return the changed region — so do not follow a `lets` call with a `cat` or
`sed -n` to check the result.
add this to ~/.codex/AGENTS.md by hand
{
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [
          {
            "type": "command",
            "command": "LETS hook classify"
          }
        ]
      }
    ]
  }
}
--- file ../home/.codex/hooks.json
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

### codex reinstall reports the hook as installed and still prints the paragraph
% lets hooks install codex >/dev/null
$ lets hooks install codex
the PreToolUse hook was already installed
For reading, finding and editing files, use `lets` (run `lets guide` once) instead of `cat`,
`grep` or `sed -n`. It reads several files or ranges in one call, returns bounded numbered
output, and its edits return the changed region — so do not follow a `lets` call with a `cat` or
`sed -n` to check the result.
add this to ~/.codex/AGENTS.md by hand

### CODEX_HOME names the directory; uninstall removes the hook from there (and the file install made)
% mkdir codexhome
$ CODEX_HOME=$PWD/codexhome lets hooks install codex | head -1 && CODEX_HOME=$PWD/codexhome lets hooks uninstall codex && ls -A codexhome | wc -l && { ls -a ~ | grep -c codex; true; }
added the PreToolUse hook
removed the PreToolUse hook
0
0

### an empty CODEX_HOME means the default
@env CODEX_HOME=
$ lets hooks install codex | head -1 && test -f ~/.codex/hooks.json && echo default
added the PreToolUse hook
default
--- file ../home/.codex/hooks.json
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

### a relative CODEX_HOME is a usage error, nothing written
@env CODEX_HOME=rel/codex
$ lets hooks install codex; echo "exit $?"; ls -a ~ rel 2>/dev/null | grep -c codex; true
exit 64
0
--- stderr
CODEX_HOME=rel/codex is a relative path · set it to an absolute path, or unset it to install under ~/.codex
ERROR_CODE=usage

### an unknown agent or action is a usage error
$ lets hooks install vim
? 64
--- stderr
error: invalid value 'vim' for '<AGENT>'
  [possible values: claude-code, codex]

For more information, try '--help'.
ERROR_CODE=usage

### a CRLF settings file gets CRLF lines, and uninstall restores its bytes
% mkdir -p ~/.claude && printf '{\r\n  "model": "opus"\r\n}\r\n' > ~/.claude/settings.json && cp ~/.claude/settings.json before.json
$ lets hooks install claude-code >/dev/null && grep -c $'\r$' ~/.claude/settings.json && grep -vc $'\r$' ~/.claude/settings.json; lets hooks uninstall claude-code >/dev/null && cmp before.json ~/.claude/settings.json && echo restored && cat -A ~/.claude/settings.json
37
0
restored
{^M$
  "model": "opus"^M$
}^M$

### a hook written by a lets installed elsewhere is pointed at this one, not duplicated
% mkdir -p ~/.claude && printf '{\n  "hooks": {\n    "PreToolUse": [\n      {\n        "matcher": "Bash",\n        "hooks": [\n          {\n            "type": "command",\n            "command": "'"'"'/old place/bin/lets'"'"' hook classify"\n          }\n        ]\n      }\n    ]\n  }\n}\n' > ~/.claude/settings.json
$ lets hooks install claude-code | head -1; grep -c 'hook classify' ~/.claude/settings.json; grep -c 'old place' ~/.claude/settings.json; lets hooks uninstall claude-code | head -1; ls -A ~/.claude | wc -l
added the PreToolUse hook
1
0
removed the PreToolUse hook
0

### CLAUDE_CONFIG_DIR names Claude Code's directory: install and uninstall use its settings.json
% mkdir cfg
$ CLAUDE_CONFIG_DIR=$PWD/cfg lets hooks install claude-code | head -1 && grep -c 'hook classify' cfg/settings.json && ls -a ~ | grep -c claude; CLAUDE_CONFIG_DIR=$PWD/cfg lets hooks uninstall claude-code | head -1 && ls -A cfg | wc -l
added the PreToolUse hook
1
0
removed the PreToolUse hook
0

### a relative CLAUDE_CONFIG_DIR is a usage error, nothing written
# spec-silent: as the reference's CODEX_HOME rule
@env CLAUDE_CONFIG_DIR=rel/claude
$ lets hooks install claude-code; echo "exit $?"; ls -a ~ rel 2>/dev/null | grep -c claude; true
exit 64
0
--- stderr
CLAUDE_CONFIG_DIR=rel/claude is a relative path · set it to an absolute path, or unset it to use ~/.claude
ERROR_CODE=usage
