# lets show command-line errors: exit 64 ERROR_CODE=usage with a message naming the problem, in
# the catalogue's shape "error: <message>", a blank line, [a usage line and a blank line,]
# "For more information, try '--help'.". Nothing goes to stdout.
# A flag's value name is left open ('--window <[..]>'): the reference's <N> placeholders are
# restored text, and the catalogue's one transcript example names -C's value <CONTEXT>.

### an unknown flag
# spec-silent: clap's wording between the first line and the last is not pinned
$ lets show --frobnicate small.md
? 64
--- stderr
error: [..]'--frobnicate'[..]
[...]
For more information, try '--help'.
ERROR_CODE=usage

### an unknown short flag
# spec-silent: clap's wording between the first line and the last is not pinned
$ lets show -Z small.md
? 64
--- stderr
error: [..]'-Z'[..]
[...]
For more information, try '--help'.
ERROR_CODE=usage

### a flag of another verb is unknown to show
# spec-silent: clap's wording between the first line and the last is not pinned
$ lets show --old x small.md
? 64
--- stderr
error: [..]'--old'[..]
[...]
For more information, try '--help'.
ERROR_CODE=usage

### a missing value
# spec-silent: clap's wording between the first line and the last is not pinned
$ lets show small.md --window
? 64
--- stderr
error: [..]'--window <[..]>'[..]
[...]
For more information, try '--help'.
ERROR_CODE=usage

### a missing value for a short flag
# spec-silent: clap's wording between the first line and the last is not pinned
$ lets show small.md:3 -A
? 64
--- stderr
error: [..]'-A <[..]>'[..]
[...]
For more information, try '--help'.
ERROR_CODE=usage

### a bad number: the catalogue's "invalid value" template
$ lets show small.md --window abc
? 64
--- stderr
error: invalid value 'abc' for '--window <[..]>': [..]

For more information, try '--help'.
ERROR_CODE=usage

### a negative number is a bad number
# spec-silent: -1 is refused as usage (whatever clap's wording)
$ lets show small.md:3 -A -1
? 64
--- stderr
error: [..]
[...]
For more information, try '--help'.
ERROR_CODE=usage

### a bad number for --budget
$ lets show small.md --budget 1k
? 64
--- stderr
error: invalid value '1k' for '--budget <[..]>': [..]

For more information, try '--help'.
ERROR_CODE=usage

### a bad number for --max-bytes
$ lets show small.md --max-bytes ''
? 64
--- stderr
error: invalid value '' for '--max-bytes <[..]>': [..]

For more information, try '--help'.
ERROR_CODE=usage

### --json with --jsonl conflict
# spec-silent: clap's wording between the first line and the last is not pinned
$ lets show small.md --json --jsonl
? 64
--- stderr
error: [..]'--json'[..]'--jsonl'[..]
[...]
For more information, try '--help'.
ERROR_CODE=usage

### no targets
# spec-silent: clap's wording between the first line and the last is not pinned
$ lets show
? 64
--- stderr
error: [..]
[...]
For more information, try '--help'.
ERROR_CODE=usage

### control: a usage error comes before any file is read (a good target prints nothing)
# spec-silent: clap's wording between the first line and the last is not pinned
$ lets show small.md:3 --frobnicate
? 64
--- stderr
error: [..]'--frobnicate'[..]
[...]
For more information, try '--help'.
ERROR_CODE=usage

### show --help: exit 0, the synopsis of the reference
# spec-silent: the help text beyond the usage line is not pinned
$ lets show --help
[...]
Usage: lets show [OPTIONS] <TARGETS>...
[...]

### show -h is the same help
# spec-silent: the help text beyond the usage line is not pinned
$ lets show -h
[...]
Usage: lets show [OPTIONS] <TARGETS>...
[...]

### a flag given twice: the catalogue's example, word for word
# the catalogue gives this text without naming the verb; show and find both take -C
$ lets show small.md:3 -C 1 -C 2
? 64
--- stderr
error: the argument '-C <CONTEXT>' cannot be used multiple times

Usage: lets show [OPTIONS] <TARGETS>...

For more information, try '--help'.
ERROR_CODE=usage
