# lets hook classify (reference.md "What lets hook classify does", output-format.md §9): a block
# prints the one deny line and exits 0; everything else prints nothing and exits 0. Each case
# builds its event with ev (JSON-quoting the command with sed), so commands read as typed.

### a bare cat of a repo file is blocked with the lets show command (the spec's example)
% mkdir -p src && printf 'const cap = 10\n' > src/usage.ts
$ printf '{"session_id":"s","cwd":"%s","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"cat src/usage.ts"}}' "$(pwd)" | lets hook classify
{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"lets show reads several files and ranges in one call.\nrun: lets show src/usage.ts"}}

### a piped cat passes untouched (the spec's control)
% mkdir -p config && printf '{}\n' > config/app.json
$ printf '{"session_id":"s","cwd":"%s","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"cat config/app.json | wc -l"}}' "$(pwd)" | lets hook classify

### sed -n 'A,Bp', head -n N and tail -n N become line ranges; several reads become one show
% printf '%s\n' one two three four five > f.txt
% printf 'ev() { printf %s "{\\"cwd\\":\\"$PWD\\",\\"tool_name\\":\\"Bash\\",\\"tool_input\\":{\\"command\\":\\"$(printf %%s "$1" | sed "s/[\\"\\\\\\\\]/\\\\\\\\&/g")\\"}}"; }\n' '%s' > ev.sh
$ . ./ev.sh; ev "sed -n '2,4p' f.txt" | lets hook classify; ev 'head -n 2 f.txt' | lets hook classify; ev 'tail -n2 f.txt' | lets hook classify; ev 'cat a.ts && sed -n 3p f.txt' | lets hook classify
{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"lets show reads several files and ranges in one call.\nrun: lets show f.txt:2-4"}}
{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"lets show reads several files and ranges in one call.\nrun: lets show f.txt:1-2"}}
{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"lets show reads several files and ranges in one call.\nrun: lets show f.txt:4-5"}}
{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"lets show reads several files and ranges in one call.\nrun: lets show a.ts f.txt:3"}}

### grep of repo files becomes lets find; a literal sed -i 's/OLD/NEW/g' becomes lets edit --all --substring
% printf '%s\n' 'alpha beta' 'gamma' 'beta beta' > g.txt
% printf 'ev() { printf %s "{\\"cwd\\":\\"$PWD\\",\\"tool_name\\":\\"Bash\\",\\"tool_input\\":{\\"command\\":\\"$(printf %%s "$1" | sed "s/[\\"\\\\\\\\]/\\\\\\\\&/g")\\"}}"; }\n' '%s' > ev.sh
$ . ./ev.sh; ev 'grep -n beta g.txt' | lets hook classify; ev "sed -i 's/beta/delta/g' g.txt" | lets hook classify; cat g.txt
{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"lets find searches several files in one call and numbers every hit.\nrun: lets find beta g.txt"}}
{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"lets edit replaces every occurrence and checks the result in one call.\nrun: lets edit g.txt --old beta --new delta --all --substring"}}
alpha beta
gamma
beta beta

### the sed it replaces also changed OLD inside longer words: the command it names does the same
# (--all alone refuses a match inside an identifier as ambiguous, another call for the agent)
% printf '%s\n' 'alphabeta beta' 'betas' > w.txt && cp w.txt sed.txt && sed -i 's/beta/delta/g' sed.txt
$ lets edit w.txt --old beta --new delta --all --substring -q >/dev/null && cmp w.txt sed.txt && echo "same as sed"
same as sed
--- file w.txt
alphadelta delta
deltas

### the named command runs in bash as printed: spaces, quotes, unicode and dash-leading names
# (the first command passes: a `--` after an operand is a shape it does not translate)
% printf 'x\n' > 'my file.txt' && printf 'y\n' > "it's.txt" && printf 'z\n' > -d.txt && printf 'w\n' > 'ünï.txt'
% printf 'ev() { printf %s "{\\"cwd\\":\\"$PWD\\",\\"tool_name\\":\\"Bash\\",\\"tool_input\\":{\\"command\\":\\"$(printf %%s "$1" | sed "s/[\\"\\\\\\\\]/\\\\\\\\&/g")\\"}}"; }\n' '%s' > ev.sh
$ . ./ev.sh; ev "cat 'my file.txt' it\\'s.txt -- -d.txt" | lets hook classify; ev 'cat -- "my file.txt" it\'"'"'s.txt -d.txt ünï.txt' | lets hook classify | sed 's/.*run: //; s/"}}$//; s/\\\\/\\/g' > cmd; cat cmd; bash cmd
lets show -- 'my file.txt' 'it'\''s.txt' -d.txt 'ünï.txt'
── my file.txt  (1-1 of 1) · sha:[..]
1 	x
── it's.txt  (1-1 of 1) · sha:[..]
1 	y
── -d.txt  (1-1 of 1) · sha:[..]
1 	z
── ünï.txt  (1-1 of 1) · sha:[..]
1 	w
── showed 4 targets · 4 lines[..]

### passes, no output, exit 0: pipes, substitutions, heredocs, redirections, globs and paths outside the tree
% printf '%s\n' one two > f.txt && mkdir -p d && printf 'a\0b' > bin.dat && printf 'x\r\n' > crlf.txt && printf 'o\n' > ../outside.txt
% printf 'ev() { printf %s "{\\"cwd\\":\\"$PWD\\",\\"tool_name\\":\\"Bash\\",\\"tool_input\\":{\\"command\\":\\"$(printf %%s "$1" | sed "s/[\\"\\\\\\\\]/\\\\\\\\&/g")\\"}}"; }\n' '%s' > ev.sh
$ . ./ev.sh; for c in 'cat f.txt | wc -l' 'echo $(cat f.txt)' 'diff <(cat f.txt) f.txt' $'cat <<EOF\none\nEOF' 'cat f.txt > g.txt' 'cat *.txt' 'cat ../outside.txt' 'cat /etc/hostname' 'cat nope.txt' 'cat d'; do ev "$c" | lets hook classify; done; echo "exit $?"
exit 0

### passes, no output, exit 0: missing files, directories, binary and CR files, lists that are not all reads
% printf '%s\n' one two > f.txt && mkdir -p d && printf 'a\0b' > bin.dat && printf 'x\r\n' > crlf.txt && printf 'o\n' > ../outside.txt
% printf 'ev() { printf %s "{\\"cwd\\":\\"$PWD\\",\\"tool_name\\":\\"Bash\\",\\"tool_input\\":{\\"command\\":\\"$(printf %%s "$1" | sed "s/[\\"\\\\\\\\]/\\\\\\\\&/g")\\"}}"; }\n' '%s' > ev.sh
$ . ./ev.sh; for c in 'cat bin.dat' 'cat crlf.txt' 'cat f.txt || true' 'cat f.txt &' '(cat f.txt)' 'LC_ALL=C cat f.txt' 'cat -n f.txt' 'cat $HOME/f.txt' 'cat ~/f.txt' "sed -n '2,1p' f.txt"; do ev "$c" | lets hook classify; done; echo "exit $?"
exit 0

### passes, no output, exit 0: sed shapes it does not translate
% printf '%s\n' one two > f.txt && mkdir -p d && printf 'a\0b' > bin.dat && printf 'x\r\n' > crlf.txt && printf 'o\n' > ../outside.txt
% printf 'ev() { printf %s "{\\"cwd\\":\\"$PWD\\",\\"tool_name\\":\\"Bash\\",\\"tool_input\\":{\\"command\\":\\"$(printf %%s "$1" | sed "s/[\\"\\\\\\\\]/\\\\\\\\&/g")\\"}}"; }\n' '%s' > ev.sh
$ . ./ev.sh; for c in "sed -n '9p' f.txt" "sed -n 'p' f.txt" "sed -i 's/o.*/x/g' f.txt" "sed -i 's/one/two/' f.txt" "sed -i.bak 's/one/two/g' f.txt" "sed -i 's/one/&&/g' f.txt" "sed -i 's/zzz/y/g' f.txt" "sed -i 's/one/two/g' f.txt f.txt" 'grep -r one .' 'grep o.e f.txt'; do ev "$c" | lets hook classify; done; echo "exit $?"
exit 0

### passes, no output, exit 0: grep, head and tail shapes it does not translate, and unparsable commands
% printf '%s\n' one two > f.txt && mkdir -p d && printf 'a\0b' > bin.dat && printf 'x\r\n' > crlf.txt && printf 'o\n' > ../outside.txt
% printf 'ev() { printf %s "{\\"cwd\\":\\"$PWD\\",\\"tool_name\\":\\"Bash\\",\\"tool_input\\":{\\"command\\":\\"$(printf %%s "$1" | sed "s/[\\"\\\\\\\\]/\\\\\\\\&/g")\\"}}"; }\n' '%s' > ev.sh
$ . ./ev.sh; for c in 'grep -v one f.txt' 'grep zzz f.txt' 'grep one' 'head f.txt' 'tail -n +2 f.txt' 'head -n 1 f.txt f.txt' "cat 'unterminated" 'lets show f.txt' 'echo hi; cat f.txt'; do ev "$c" | lets hook classify; done; echo "exit $?"
exit 0

### a symlink or hard link is not edited in place by sed's rules, so sed -i on one passes
% printf 'one\n' > f.txt && ln -s f.txt link.txt && ln f.txt hard.txt && printf 'one\n' > ro.txt && chmod a-w ro.txt
% printf 'ev() { printf %s "{\\"cwd\\":\\"$PWD\\",\\"tool_name\\":\\"Bash\\",\\"tool_input\\":{\\"command\\":\\"$(printf %%s "$1" | sed "s/[\\"\\\\\\\\]/\\\\\\\\&/g")\\"}}"; }\n' '%s' > ev.sh
$ . ./ev.sh; for f in link.txt hard.txt ro.txt; do ev "sed -i 's/one/two/g' $f" | lets hook classify; done; ev 'cat link.txt' | lets hook classify
{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"lets show reads several files and ranges in one call.\nrun: lets show link.txt"}}

### fails open on anything that is not a Bash PreToolUse event it understands
% printf 'one\n' > f.txt
$ for e in '' 'not json' '{}' '[1]' '{"tool_name":"Bash"}' '{"tool_name":"Bash","tool_input":{"command":7}}' '{"tool_name":"Read","tool_input":{"command":"cat f.txt"}}' '{"tool_name":"Bash","cwd":"rel","tool_input":{"command":"cat f.txt"}}' '{"tool_name":"Bash","cwd":"/nonexistent","tool_input":{"command":"cat f.txt"}}' '{"tool_name":"Bash","tool_input":{"command":"cat f.txt\u0000x"}}'; do printf %s "$e" | lets hook classify; echo "exit $?"; done
exit 0
exit 0
exit 0
exit 0
exit 0
exit 0
exit 0
exit 0
exit 0
exit 0

### with no cwd in the event, the current directory is the tree
% printf 'one\n' > f.txt
$ printf '{"tool_name":"Bash","tool_input":{"command":"cat f.txt"}}' | lets hook classify
{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"lets show reads several files and ranges in one call.\nrun: lets show f.txt"}}

### an oversized event is allowed without being read whole
$ head -c 2000000 /dev/zero | tr '\0' ' ' | lets hook classify; echo "exit $?"
exit 0

### a whole file over the 200-line window is shown with --all, so every line comes back
% seq 1 250 > big.txt
$ printf '{"tool_name":"Bash","tool_input":{"command":"cat big.txt"}}' | lets hook classify
{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"lets show reads several files and ranges in one call.\nrun: lets show --all big.txt"}}

### content over the 64 KiB budget passes: lets show would refuse it
% seq 1 20000 > huge.txt
$ printf '{"tool_name":"Bash","tool_input":{"command":"cat huge.txt"}}' | lets hook classify; echo "exit $?"
exit 0

### hook subagent-start delivers the guide as SubagentStart additionalContext
$ lets hook subagent-start | head -c 160; echo
{"hookSpecificOutput":{"hookEventName":"SubagentStart","additionalContext":"lets — Locate · Edit · Transform · Show   [..]

### an unknown hook action is a usage error
$ lets hook nope
? 64
--- stderr
error: invalid value 'nope' for '<ACTION>'
  [possible values: classify]

For more information, try '--help'.
ERROR_CODE=usage

### a file with a byte-order mark passes: cat prints the mark, lets show does not
% printf '\xef\xbb\xbfone\n' > bom.txt
$ printf '{"tool_name":"Bash","tool_input":{"command":"cat bom.txt"}}' | lets hook classify; echo "exit $?"
exit 0
