# One JSON verdict (issue 26, item 8): edit, write and transform ask the same reader (tf_valid).
# JSONC files — *.jsonc, tsconfig*.json, jsconfig*.json, .vscode/*.json, devcontainer.json,
# .claude/settings(.local).json — may have trailing commas; any JSON may have comments (the spec's
# config.json does); a BOM is skipped; numbers of any size are valid JSON.

### a tsconfig.json with trailing commas is JSON to edit, as to transform
@fixture transform
@env LETS_NO_STATS=1
$ lets edit tsconfig.json --old '"strict": true' --new '"strict": false' -q; lets transform tsconfig.json --set compilerOptions.strict=true -q
── check: json ok · sha:[..]→[..]
── check: json ok · sha:[..]→[..]

### control: a package.json with a trailing comma is invalid to edit and to transform
@env LETS_NO_STATS=1
% printf '{\n  "name": "a",\n  "files": ["x",]\n}\n' > package.json
$ lets edit package.json --old '"a"' --new '"b"' -q; lets transform package.json --set name=c
? 3
── check: json still invalid · sha:[..]→[..]
--- stderr
structured check failed for package.json: line 3: unexpected token near ']'
ERROR_CODE=check_failed
--- file package.json
{
  "name": "b",
  "files": ["x",]
}

### write names a JSONC file's trailing comma ok, a plain JSON file's invalid
@env LETS_NO_STATS=1
$ printf '{"a": [1,],}\n' | lets write .vscode/settings.json; printf '{"a": [1,],}\n' | lets write data.json
── .vscode/settings.json · created · 1 line · 13 bytes · sha:[..]
── check: json ok
── data.json · created · 1 line · 13 bytes · sha:[..]
── check: json invalid

### the JSONC names: .jsonc, jsconfig, devcontainer, .claude's settings; not a settings.json elsewhere
@env LETS_NO_STATS=1
% mkdir -p .claude .devcontainer; for f in x.jsonc jsconfig.base.json .devcontainer/devcontainer.json .claude/settings.json .claude/settings.local.json settings.json; do printf '{"a": 1,}\n' > $f; done
$ for f in x.jsonc jsconfig.base.json .devcontainer/devcontainer.json .claude/settings.json .claude/settings.local.json settings.json; do lets transform $f --set a=2 -q; done
? 3
── check: json ok · sha:6f2f784fe607→b953c0906a8c
── check: json ok · sha:6f2f784fe607→b953c0906a8c
── check: json ok · sha:6f2f784fe607→b953c0906a8c
── check: json ok · sha:6f2f784fe607→b953c0906a8c
── check: json ok · sha:6f2f784fe607→b953c0906a8c
--- stderr
structured check failed for settings.json: line 1: string or '}' expected near '}'
ERROR_CODE=check_failed

### a BOM is skipped by edit's check as by transform's
@fixture transform
@env LETS_NO_STATS=1
$ lets edit bom.json --old '"bom"' --new '"b"' -q; lets transform bom.json --set name=c -q
── check: json ok · sha:[..]→[..]
── check: json ok · sha:[..]→[..]

### an integer above 2^63 and 1e400 are JSON: edit and transform both say ok
@env LETS_NO_STATS=1
% printf '{"id": 18446744073709551616, "max": 1e400, "a": 1}\n' > big.json
$ lets edit big.json --old '"a": 1' --new '"a": 2' -q; lets transform big.json --set a=3 -q; cat big.json
── check: json ok · sha:[..]→[..]
── check: json ok · sha:[..]→[..]
{"id": 18446744073709551616, "max": 1e400, "a": 3}

### a 5,000-digit integer in valid JSON is valid
@env LETS_NO_STATS=1
% printf '{"n": %s, "a": 1}\n' "$(printf '9%.0s' {1..5000})" > huge.json
$ lets transform huge.json --set a=2 -q; tail -c 11 huge.json
── check: json ok · sha:[..]→[..] · 1 long line cut
9, "a": 2}

### control: a number JSON's grammar refuses stays invalid (a leading zero)
@env LETS_NO_STATS=1
% printf '{"n": 012, "a": 1}\n' > zero.json
$ lets transform zero.json --set a=2
? 3
--- stderr
structured check failed for zero.json: line 1: invalid token near '0'
ERROR_CODE=check_failed

### YAML: an alias to an anchor the document no longer has is invalid (every loader refuses it)
@env LETS_NO_STATS=1
% printf 'base: &b 1\nuse: *b\n' > al.yaml
$ lets edit al.yaml --old 'base: &b 1' --new 'base: 1' -q; lets transform al.yaml --set base=2 -q; cat al.yaml
── check: invalid → reverted · file unchanged · sha:[..]
── check: yaml ok · sha:[..]→[..]
base: &b 2
use: *b
--- stderr
structured check failed for al.yaml: invalid
ERROR_CODE=check_failed

### in JSONC a comma right after a key's colon is no trailing comma: the complaint names the comma
# One lexer (issue 30 item 2): a trailing comma follows a value, as hooks install read it too;
# the verdict used to blank this comma and so named the '}' after it.
@env LETS_NO_STATS=1
% printf '{"a":,}\n' > tsconfig.json
$ lets transform tsconfig.json --set a=1
? 3
--- stderr
structured check failed for tsconfig.json: line 1: unexpected token near ','
ERROR_CODE=check_failed
--- file tsconfig.json
{"a":,}
