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
