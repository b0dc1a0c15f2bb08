# lets completions bash|zsh|fish (beyond 0.0.1; docs/beyond.md "Packaging"). The scripts are made
# from the verb table and the option table; these cases drive bash's programmable completion the
# way a Tab press does (COMP_WORDS/COMP_CWORD, then the function `complete -p lets` names), so a
# verb, flag or value set added to a table shows up here as a changed candidate list.

### bash: the script registers _lets for lets, with file-name quoting
$ bash --norc --noprofile -c 'source <(lets completions bash) && complete -p lets'
complete -o filenames -F _lets lets

### bash: the first word completes verbs and aliases from the verb table
% printf '%s\n' 'source <(lets completions bash)' 'c() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _lets; [ ${#COMPREPLY[@]} -eq 0 ] || printf "%s\n" "${COMPREPLY[@]}"; }' > comp.sh
$ bash --norc --noprofile -c '. ./comp.sh; c lets s; echo --; c lets lo; echo --; c lets co'
show
stats
--
locate
--
completions

### bash: hooks completes its action, then its agent, from the closed sets hooks validates against
% printf '%s\n' 'source <(lets completions bash)' 'c() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _lets; [ ${#COMPREPLY[@]} -eq 0 ] || printf "%s\n" "${COMPREPLY[@]}"; }' > comp.sh
$ bash --norc --noprofile -c '. ./comp.sh; c lets hooks ""; echo --; c lets hooks install c; echo --; c lets hooks --json uninstall co'
install
uninstall
--
claude-code
codex
--
codex

### bash: --check completes the presets (also as --check=), --from its one value, and flags by prefix
% printf '%s\n' 'source <(lets completions bash)' 'c() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _lets; [ ${#COMPREPLY[@]} -eq 0 ] || printf "%s\n" "${COMPREPLY[@]}"; }' > comp.sh
$ bash --norc --noprofile -c '. ./comp.sh; c lets edit a.ts --check @; echo --; c lets transform --check = @c; echo --; c lets edit --from ""; echo --; c lets show --no'
@auto
@cargo
@go
@tsc
@py
--
@cargo
--
-
--
--no-numbers
--no-ignore
--no-check

### bash: a target completes file names; an integer value and a verb with no positionals complete nothing
% printf '%s\n' 'source <(lets completions bash)' 'c() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _lets; [ ${#COMPREPLY[@]} -eq 0 ] || printf "%s\n" "${COMPREPLY[@]}"; }' > comp.sh
$ bash --norc --noprofile -c '. ./comp.sh; c lets show sm; echo --; c lets show --window ""; echo --; c lets guide ""; echo --; c lets locate x li'
small.md
--
--
--
lines20.txt

### zsh and fish scripts start with their shells' own headers
$ lets completions zsh | head -1; lets completions fish | sed -n 3p
#compdef lets
complete -c lets -f

### fish: complete -C computes the same candidates from the fish script (verb, agent, preset)
% lets completions fish > lets.fish
$ fish --no-config -c 'source lets.fish; complete -C "lets lo"; complete -C "lets hooks install c"; complete -C "lets edit a.ts --check @c"; complete -C "lets sh"'
locate	Search files; hits print as path:line, grouped by file, capped at 50
claude-code
codex
@cargo	layer-2 checker: a command, or @auto, @cargo, @go, @tsc, @py
show	Read files, line ranges, anchors and symbols, several targets per call

### zsh and fish scripts parse (zsh -n, fish --no-execute)
@scratch _lets
@scratch lets.fish
$ lets completions zsh > _lets && zsh -n _lets && lets completions fish > lets.fish && fish --no-execute lets.fish && echo ok
ok

### a shell outside the set is a usage error listing the set
$ lets completions tcsh
? 64
--- stderr
error: invalid value 'tcsh' for '<SHELL>'
  [possible values: bash, zsh, fish]

For more information, try '--help'.
ERROR_CODE=usage

### the shell is required
$ lets completions
? 64
--- stderr
error: the following required arguments were not provided:
  <SHELL>

Usage: lets completions <SHELL>

For more information, try '--help'.
ERROR_CODE=usage

### control: completions takes no shared output flags
$ lets completions bash --json
? 64
--- stderr
error: unexpected argument '--json' found

Usage: lets completions <SHELL>

For more information, try '--help'.
ERROR_CODE=usage

### completions --help lists the shells (issue 27 item 11), as clap lists a value enum
# spec-silent: the layout follows clap's "Arguments:" section and the options' column
$ lets completions --help
Print a completion script for bash, zsh or fish

Usage: lets completions <SHELL>

Arguments:
  <SHELL>                      [possible values: bash, zsh, fish]

Options:
  -h, --help                   Print help

### control: a verb with an open positional has no Arguments section
$ lets show --help | grep -c '^Arguments:'
? 1
0
