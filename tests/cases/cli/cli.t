# The top level: lets with no verb, --help, --version, an unknown verb.

### lets --help: exit 0, the about line of output-format.md §9 first
# spec-silent: the rest of clap's generated help is not pinned
$ lets --help
Locate, edit, transform and show files in one bounded call, for coding agents
[...]

### lets -h is the same help
# spec-silent: the rest of clap's generated help is not pinned
$ lets -h
Locate, edit, transform and show files in one bounded call, for coding agents
[...]

### lets with no verb: a usage error (clap's missing-subcommand behaviour), the help on stderr
# spec-silent: the spec does not show it; clap prints the help to stderr and exits 2, which lets
# remaps to 64; stdout stays empty
$ lets
? 64
--- stderr
Locate, edit, transform and show files in one bounded call, for coding agents
[...]
ERROR_CODE=usage

### an unknown verb is a usage error
# spec-silent: clap's wording between the first line and the last is not pinned
$ lets frobnicate
? 64
--- stderr
error: [..]'frobnicate'[..]
[...]
For more information, try '--help'.
ERROR_CODE=usage

### lets --version prints the version (output-format.md §9)
$ lets --version
lets 0.0.1

### lets -V prints the version
# spec-silent: clap's short version flag
$ lets -V
lets 0.0.1

### lets --help lists exactly the verbs the verb table holds, in its order
# spec-silent: 0.0.1 listed verbs that were not built yet; a verb that does not exist is not
# advertised (issue 10). The lines are the verb table's about lines.
$ lets --help | sed -n '/^Commands:/,/^Options:/p'
Commands:
  show         Read files, line ranges, anchors and symbols, several targets per call
  find         Search files; hits print as path:line, grouped by file, capped at 50
  paths        List files whose path matches a glob or regex, by find's walk and ignore rules; sorted, capped at 50
  map          Outline a tree and rank its definitions by how much of the tree refers to them
  edit         Replace text that must match exactly once, or insert after an anchor; checked, reverted on breakage
  transform    Set, append or delete keys in JSON, YAML, TOML or markdown frontmatter
  write        Create a file from stdin; refuses to overwrite without --force
  guide        Print the one-screen guide
  version      Print the version
  stats        Count lets and hook use in Claude Code transcripts
  update       Update lets to the latest release
  hooks        Install or uninstall agent hooks (claude-code, codex)
  hook         Hook entry points (classify)
  mcp          Serve the verbs as MCP tools over stdio (JSON-RPC, one message per line)
  completions  Print a completion script for bash, zsh or fish

Options:

### a verb the table does not hold is an unrecognized subcommand, not a listed one
$ lets cat README.md
? 64
--- stderr
error: unrecognized subcommand 'cat'

Usage: lets <COMMAND>

For more information, try '--help'.
ERROR_CODE=usage

### the alias locate dispatches to find's row, and its help names find
$ lets locate --help | sed -n 3p
Usage: lets find [OPTIONS] <PATTERN> [PATHS]...
