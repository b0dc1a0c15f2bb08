# #name targets, until the symbols issue lands: they fail cleanly with exit 1 no_grammar and no
# placeholder symbol logic. The symbols issue replaces this whole file.
# spec-silent (whole file): the message wording; the catalogue's no_grammar text is
# "<path> is unsupported: no grammar for .<ext> · use a :line, :a-b or @'regex' target", so the
# expectation only requires the path in the message.

### #name on an existing file: no_grammar, nothing on stdout
$ lets show src/usage.ts#usage
? 1
--- stderr
[..]src/usage.ts[..]
ERROR_CODE=no_grammar

### a nested symbol
$ lets show src/usage.ts#Outer.inner
? 1
--- stderr
[..]src/usage.ts[..]
ERROR_CODE=no_grammar

### a quoted markdown heading
$ lets show "small.md#'Bottom line'"
? 1
--- stderr
[..]small.md[..]
ERROR_CODE=no_grammar

### #name beside a good target: the good one is shown, the footer names the failure
$ lets show src/usage.ts#usage src/config.ts:1
? 1
── src/config.ts:1  (1-1 of 2) · sha:4f49d457dfea
1 	export const usageCap = 10
── showed 1 target · 1 line · src/usage.ts#usage failed (no_grammar) · ~6 tokens
--- stderr
[..]src/usage.ts[..]
ERROR_CODE=no_grammar

### --json with only a #name target: the error shape
$ lets show src/usage.ts#usage --json
? 1
{"error":{"slug":"no_grammar","message":"[..]src/usage.ts[..]"},"omitted":[],"stats":{"lines":0,"bytes":0,"tokens_est":null}}
--- stderr
[..]src/usage.ts[..]
ERROR_CODE=no_grammar
