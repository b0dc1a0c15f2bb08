# lets hooks install|uninstall and the user's files (issue 28 item 4, issue 33 item 6): a settings
# path that is not a regular file is refused at once, a dangling link is named as one, a read-only
# file is refused as edit refuses one, the user's own empty containers and a byte-order mark survive
# a round trip, and an uninstall after an install that created the file leaves no file behind.

### a FIFO as settings.json is io_error at once, for install and uninstall; nothing opened it
% mkdir -p ~/.claude && mkfifo ~/.claude/settings.json
$ timeout 5 lets hooks install claude-code; echo "exit $?"; timeout 5 lets hooks uninstall claude-code; echo "exit $?"; test -p ~/.claude/settings.json && echo "still a fifo"
exit 7
exit 7
still a fifo
--- stderr
/[..]/.claude/settings.json is not a regular file · move it aside, then rerun
ERROR_CODE=io_error
/[..]/.claude/settings.json is not a regular file · move it aside, then rerun
ERROR_CODE=io_error

### a link to a FIFO is refused the same way, the link and the FIFO kept
% mkdir -p ~/.claude && mkfifo pipe && ln -s "$PWD/pipe" ~/.claude/settings.json
$ timeout 5 lets hooks install claude-code; echo "exit $?"; test -L ~/.claude/settings.json && test -p pipe && echo kept
exit 7
kept
--- stderr
/[..]/.claude/settings.json is not a regular file · move it aside, then rerun
ERROR_CODE=io_error

### a dangling link as settings.json names the missing target; hooks takes no --force to suggest
% mkdir -p ~/.claude && ln -s "$PWD/dotfiles/settings.json" ~/.claude/settings.json
$ lets hooks install claude-code; echo "exit $?"; test -L ~/.claude/settings.json && test ! -e dotfiles && echo "link kept, nothing created"
exit 7
link kept, nothing created
--- stderr
/[..]/.claude/settings.json is a symbolic link to /[..]/dotfiles/settings.json, which does not exist · create that file (or remove the link), then rerun
ERROR_CODE=io_error

### control: once the link's target exists, install merges into it through the link
% mkdir -p ~/.claude dotfiles && ln -s "$PWD/dotfiles/settings.json" ~/.claude/settings.json && printf '{}\n' > dotfiles/settings.json
$ lets hooks install claude-code | head -1; test -L ~/.claude/settings.json && grep -c 'hook classify' dotfiles/settings.json
added the PreToolUse hook
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


### a read-only settings.json is refused as edit refuses a read-only file, its bytes and mode kept
% mkdir -p ~/.claude && printf '{"model": "opus"}\n' > ~/.claude/settings.json && chmod 0444 ~/.claude/settings.json
$ lets hooks install claude-code; echo "exit $?"; stat -c %a ~/.claude/settings.json
exit 7
444
--- stderr
/[..]/.claude/settings.json is read-only · run chmod u+w /[..]/.claude/settings.json first if the edit is intended
ERROR_CODE=read_only
--- file ../home/.claude/settings.json
{"model": "opus"}

### control: the same file writable is merged into, its mode kept
% mkdir -p ~/.claude && printf '{"model": "opus"}\n' > ~/.claude/settings.json && chmod 0640 ~/.claude/settings.json
$ lets hooks install claude-code | head -1; echo "exit $?"; stat -c %a ~/.claude/settings.json
added the PreToolUse hook
exit 0
640
--- file ../home/.claude/settings.json
{"model": "opus","hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"/[..]/lets hook classify"}]}],"SubagentStart":[{"hooks":[{"type":"command","command":"/[..]/lets hook subagent-start"}]}],"SessionStart":[{"matcher":"startup|resume|clear|compact|fork","hooks":[{"type":"command","command":"/[..]/lets guide"}]}]}}


### a read-only file that needs no change is not refused: nothing would be written
% mkdir -p ~/.claude && printf '{"model": "opus"}\n' > ~/.claude/settings.json && chmod 0444 ~/.claude/settings.json
$ lets hooks uninstall claude-code; echo "exit $?"
nothing to remove
exit 0

### the user's own empty "hooks" object survives install then uninstall, byte for byte
% mkdir -p ~/.claude && printf '{"hooks":{}}' > ~/.claude/settings.json
$ lets hooks install claude-code >/dev/null && grep -c 'hook classify' ~/.claude/settings.json && lets hooks uninstall claude-code >/dev/null && od -c ~/.claude/settings.json
1
0000000   {   "   h   o   o   k   s   "   :   {   }   }
0000014

### control: a "hooks" object install created goes again with uninstall
% mkdir -p ~/.claude && printf '{"a":1}' > ~/.claude/settings.json
$ lets hooks install claude-code >/dev/null && grep -c 'hook classify' ~/.claude/settings.json && lets hooks uninstall claude-code >/dev/null && od -c ~/.claude/settings.json
1
0000000   {   "   a   "   :   1   }
0000007

### the user's empty event array and a laid-out empty "hooks" survive the round trip too
% mkdir -p ~/.claude && printf '{\n  "hooks": {\n    "PreToolUse": []\n  },\n  "x": {\n  }\n}\n' > ~/.claude/settings.json && cp ~/.claude/settings.json before.json
$ lets hooks install claude-code | head -1 && lets hooks uninstall claude-code | head -1 && cmp before.json ~/.claude/settings.json && echo restored
added the PreToolUse hook
removed the PreToolUse hook
restored
--- file ../home/.claude/settings.json
{
  "hooks": {
    "PreToolUse": []
  },
  "x": {
  }
}


### a settings file with a byte-order mark is read, the mark kept, and uninstall restores it
% mkdir -p ~/.claude && printf '\357\273\277{\n  "model": "opus"\n}\n' > ~/.claude/settings.json && cp ~/.claude/settings.json before.json
$ lets hooks install claude-code | head -1; head -c 4 ~/.claude/settings.json | od -c | head -1; lets hooks uninstall claude-code | head -1; cmp before.json ~/.claude/settings.json && echo restored
added the PreToolUse hook
0000000 357 273 277   {
removed the PreToolUse hook
restored
--- file ../home/.claude/settings.json
﻿{
  "model": "opus"
}


### uninstall after an install that created settings.json leaves no file, the directory as it was
% mkdir -p ~/.claude
$ lets hooks install claude-code >/dev/null && lets hooks uninstall claude-code && ls -A ~/.claude | wc -l
removed the PreToolUse hook
removed the SubagentStart hook
removed the SessionStart hook
0

### control: a settings file with other keys stays, less the hooks
% mkdir -p ~/.claude && printf '{\n  "model": "opus"\n}\n' > ~/.claude/settings.json
$ lets hooks install claude-code >/dev/null && lets hooks uninstall claude-code >/dev/null && cat ~/.claude/settings.json
{
  "model": "opus"
}

### the Codex paragraph names $CODEX_HOME/AGENTS.md when CODEX_HOME is set
@scratch codexhome/hooks.json
% mkdir codexhome
$ CODEX_HOME=$PWD/codexhome lets hooks install codex | tail -1
add this to /[..]/codexhome/AGENTS.md by hand

### control: without CODEX_HOME it names ~/.codex/AGENTS.md
@scratch ../home/.codex/hooks.json
$ lets hooks install codex | tail -1
add this to ~/.codex/AGENTS.md by hand

### a settings file that is only a comment that never ends is not valid JSON: untouched, no crash
# found by fuzz_settings: it read as "only comments", and the object install added went into the
# comment (abort: "out of memory: the size … overflows")
% mkdir -p ~/.claude && printf '/* only a comment' > ~/.claude/settings.json
$ lets hooks install claude-code; echo "exit $?"; cat ~/.claude/settings.json; echo
exit 7
/* only a comment
--- stderr
/[..]/.claude/settings.json is not valid JSON (line 1: a comment opened here never ends) · it was left untouched; fix it, then rerun
ERROR_CODE=io_error

### control: a file of comments that do end is read as empty, and gets the hooks after them
% mkdir -p ~/.claude && printf '/* only a comment */\n' > ~/.claude/settings.json
$ lets hooks install claude-code | head -1; head -2 ~/.claude/settings.json
added the PreToolUse hook
/* only a comment */
{
--- file ../home/.claude/settings.json
/* only a comment */
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


### a settings file with a NUL byte is not valid JSON: untouched, no crash
# found by fuzz_settings: jansson read past the NUL where lets's own scanner did not (abort)
% mkdir -p ~/.claude && printf '{"a": 1\0//x\n}\n' > ~/.claude/settings.json && cp ~/.claude/settings.json before.json
$ lets hooks install claude-code; echo "exit $?"; cmp before.json ~/.claude/settings.json && echo untouched
exit 7
untouched
--- stderr
/[..]/.claude/settings.json is not valid JSON (line 1: a NUL byte, which JSON does not allow) · it was left untouched; fix it, then rerun
ERROR_CODE=io_error
