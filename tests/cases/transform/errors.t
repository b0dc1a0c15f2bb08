# lets transform refusals: each with its exit code and slug, the file untouched.

### a file that is not a structured format is unsupported
@fixture transform
$ lets transform notes.txt --set a=1
? 7
--- stderr
notes.txt is unsupported: not JSON, YAML, TOML or Markdown with frontmatter
ERROR_CODE=unsupported_file

### a Markdown file without frontmatter is unsupported
@fixture transform
$ lets transform plain.md --set title=x; echo "exit $?"; cat plain.md
exit 7
# Title

No frontmatter here.
--- stderr
plain.md is unsupported: not JSON, YAML, TOML or Markdown with frontmatter
ERROR_CODE=unsupported_file

### a file that does not parse to begin with: check_failed naming the parser's complaint, nothing on stdout
@fixture transform
$ lets transform broken.json --set a=2; echo "exit $?"; cat broken.json
exit 3
{"a": 1,
--- stderr
structured check failed for broken.json: line 2: string or '}' expected near end of file
ERROR_CODE=check_failed

### a missing key to delete is not found
@fixture transform
$ lets transform config.json --delete review.nope
? 1
--- stderr
path not found in review.nope
ERROR_CODE=not_found

### a leading dot gets a hint
@fixture transform
$ lets transform config.json --set .version=2
? 1
--- stderr
path (keys take no leading dot: --set version=…) not found in .version
ERROR_CODE=not_found

### --set without a value is a usage error, found before the file is read
@fixture transform
$ lets transform nope.json --set review.threads
? 64
--- stderr
error: invalid value 'review.threads' for '--set <SET>': no '=' and value after the key path

For more information, try '--help'.
ERROR_CODE=usage

### no operation at all is a usage error
@fixture transform
$ lets transform config.json
? 64
--- stderr
error: the following required arguments were not provided:
  --set <SET>, --delete <DELETE> or --append <APPEND>

Usage: lets transform [OPTIONS] [FILE]

For more information, try '--help'.
ERROR_CODE=usage

### a missing file is not_found
@fixture transform
$ lets transform nope.json --set a=1
? 1
--- stderr
nope.json: No such file or directory (os error 2)
ERROR_CODE=not_found

### outside the working tree: exit 6, and --allow-outside lets it through
@fixture transform
% mkdir -p tree/.git && cp config.json outside.json
$ cd tree && lets transform ../outside.json --set review.threads=2; echo "exit $?"; lets transform ../outside.json --set review.threads=2 --allow-outside -q; cat ../outside.json
exit 6
── check: json ok · sha:bfe3e156b1ce→[..] · ~20 tokens
{
  // feature flags
  "features": { "e2e": true },
  "review": { "threads": 2 }
}
--- stderr
../outside.json is outside the working tree
ERROR_CODE=outside_tree

### --if sha: a stale hash is refused (exit 5); the current one is accepted
@fixture transform
$ lets transform config.json --if sha:000000000000 --set review.threads=2; echo "exit $?"; lets transform config.json --if sha:bfe3e156b1ce --set review.threads=2 -q
exit 5
── check: json ok · sha:bfe3e156b1ce→[..] · ~20 tokens
--- stderr
config.json changed since sha:000000000000 (now sha:bfe3e156b1ce)
ERROR_CODE=changed
--- file config.json
{
  // feature flags
  "features": { "e2e": true },
  "review": { "threads": 2 }
}

### --if is validated before anything else: a short hash is exit 64 usage, not exit 5 changed
# (output-format.md §2: the clap-shaped '--if <IF_SHA>' message); the file untouched
@fixture transform
$ lets transform config.json --set review.threads=3 --if sha:abc
? 64
--- stderr
error: invalid value 'sha:abc' for '--if <IF_SHA>': --if takes sha: and 12 or more lowercase hex digits, as a show header prints it

For more information, try '--help'.
ERROR_CODE=usage
--- file config.json
{
  // feature flags
  "features": { "e2e": true },
  "review": { "threads": 1 }
}

### --if with upper-case hex is refused the same way, before the file is looked for
@fixture transform
$ lets transform nope.json --set a=1 --if sha:BFE3E156B1CE
? 64
--- stderr
error: invalid value 'sha:BFE3E156B1CE' for '--if <IF_SHA>': --if takes sha: and 12 or more lowercase hex digits, as a show header prints it

For more information, try '--help'.
ERROR_CODE=usage

### --if is validated before a --from - batch is read
@fixture transform
--- stdin
{"file":"config.json","set":"review.threads=3"}
$ lets transform --from - --if sha:abc
? 64
--- stderr
error: invalid value 'sha:abc' for '--if <IF_SHA>': --if takes sha: and 12 or more lowercase hex digits, as a show header prints it

For more information, try '--help'.
ERROR_CODE=usage

### control: a well-formed --if that is stale is exit 5 changed
@fixture transform
$ lets transform config.json --set review.threads=3 --if sha:abcabcabcabc
? 5
--- stderr
config.json changed since sha:abcabcabcabc (now sha:bfe3e156b1ce)
ERROR_CODE=changed

### a read-only file is refused with the fix named
@fixture transform
% chmod a-w config.json
$ lets transform config.json --set review.threads=2
? 7
--- stderr
config.json is read-only · run chmod u+w config.json first if the edit is intended
ERROR_CODE=read_only

### --set on a path ending in [] is a usage error: [] appends
@fixture transform
$ lets transform app.yaml --set 'ports[]=1'
? 64
--- stderr
error: invalid value 'ports[]=1' for '--set <SET>': a final [] appends · use --append

For more information, try '--help'.
ERROR_CODE=usage

### --json on a failure prints the error object
@fixture transform
@env LETS_NO_STATS=1
$ lets transform config.json --delete review.nope --json
? 1
{"error":{"slug":"not_found","message":"path not found in review.nope"},"omitted":[],"stats":{"lines":0,"bytes":0,"tokens_est":null}}
--- stderr
path not found in review.nope
ERROR_CODE=not_found
