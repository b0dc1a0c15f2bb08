# hooks' and hook's command lines (issue 27 item 11): a missing positional is named alone, one per
# line, as clap names them; --help lists each positional's closed set, as clap lists a value enum
# ("Arguments:" then "[possible values: …]").
# spec-silent: the reference pins neither text; the layout follows clap's and the options' column.

### hooks install with the agent missing names only <AGENT>
$ lets hooks install
? 64
--- stderr
error: the following required arguments were not provided:
  <AGENT>

Usage: lets hooks [OPTIONS] <ACTION> <AGENT>

For more information, try '--help'.
ERROR_CODE=usage

### hooks with neither names both, one per line
$ lets hooks
? 64
--- stderr
error: the following required arguments were not provided:
  <ACTION>
  <AGENT>

Usage: lets hooks [OPTIONS] <ACTION> <AGENT>

For more information, try '--help'.
ERROR_CODE=usage

### control: hooks with both given is not a usage error about them (an unknown agent is named)
$ lets hooks install nope
? 64
--- stderr
error: invalid value 'nope' for '<AGENT>'
  [possible values: claude-code, codex]

For more information, try '--help'.
ERROR_CODE=usage

### hooks --help lists the actions and the agents
$ lets hooks --help
Install or uninstall agent hooks (claude-code, codex)

Usage: lets hooks [OPTIONS] <ACTION> <AGENT>

Arguments:
  <ACTION>                     [possible values: install, uninstall]
  <AGENT>                      [possible values: claude-code, codex]

Options:
[...]
  -h, --help                   Print help

### hook --help lists its action
$ lets hook --help
Hook entry points (classify)

Usage: lets hook [OPTIONS] <ACTION>

Arguments:
  <ACTION>                     [possible values: classify]

Options:
[...]
  -h, --help                   Print help
