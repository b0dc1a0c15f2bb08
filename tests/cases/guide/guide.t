# lets guide: the one-screen guide, verbatim from reference.md "lets guide", then (issue 31 item 5)
# the lines beyond 0.0.1: path-less #Name, find --def and -p, whole-symbol edits, paths, whitespace
# folding, -w, --line-hint and the batch keys.
# spec-silent: the lines after the documented guide (docs/differences.md).

### lets guide prints the guide exactly
$ lets guide
lets — Locate · Edit · Transform · Show          one call, bounded output, post-state returned

  show   <target>...            read files, ranges, anchors, symbols — several per call
  find   <pattern> [path]...    search; hits print as path:line; capped at 50, says so
                                -F/-i/-w · -A/-B/-C context · --files/-l · --count/-c
                                grep's -n/--line-number -r -R -E -H are accepted as no-ops
  edit   <target> --old --new   exact-once replace; --all; --insert-after; --from - for batches
  transform <file> --set k=v    --append k=v; JSON/YAML/TOML/frontmatter keys, formatting preserved
  write  <path> < stdin         create a file; refuses to overwrite without --force

  targets   f.ts   f.ts:40-80   "f.ts@'regex'" -A 20   f.ts#funcName   f.md#'Heading'
  exits     0 done · 1 none/over cap · 2 ambiguous · 3 check failed (reverted) · 4 over budget
            5 changed since --if · 6 outside tree · 7 unsupported file · 8 batch partly written
  after an edit the changed region is in the output — do not cat or sed -n to check it

  symbols   lets show '#Name' (no path) finds the definition in the tree and prints it whole
            lets find --def Name lists every definition · find -p heads hits by function
            lets edit 'f.go#Name' --new - replaces the whole symbol, no --old needed
  paths     lets paths '*.go' · lets paths '.golangci*' — file names by glob or regex
  map       lets map [path]... — the tree's outline and its most-referenced definitions
            as targets, within --budget · --focus f.go|dir/|'#Name' ranks around it
  edit      --old matches across indentation and trailing whitespace (--exact: bytes only)
            -w whole words · --line-hint N picks the match at line N · a refusal prints
            the command that works next
  batches   edit --from - JSONL: {"file","old"|"insert_after"|"insert_before"|"symbol",
            "new"} + "all" "word" "line_hint" · transform: {"file","set","delete","append"}

### guide ignores the shared flags that do not apply
# spec-silent: guide has no files, so the shared flags change nothing (-q leaves guide unchanged, §4)
$ lets guide --no-check -q --no-ignore --allow-outside --budget 1 --max-bytes 1 --max-file-bytes 1
lets — Locate · Edit · Transform · Show          one call, bounded output, post-state returned

  show   <target>...            read files, ranges, anchors, symbols — several per call
  find   <pattern> [path]...    search; hits print as path:line; capped at 50, says so
                                -F/-i/-w · -A/-B/-C context · --files/-l · --count/-c
                                grep's -n/--line-number -r -R -E -H are accepted as no-ops
  edit   <target> --old --new   exact-once replace; --all; --insert-after; --from - for batches
  transform <file> --set k=v    --append k=v; JSON/YAML/TOML/frontmatter keys, formatting preserved
  write  <path> < stdin         create a file; refuses to overwrite without --force

  targets   f.ts   f.ts:40-80   "f.ts@'regex'" -A 20   f.ts#funcName   f.md#'Heading'
  exits     0 done · 1 none/over cap · 2 ambiguous · 3 check failed (reverted) · 4 over budget
            5 changed since --if · 6 outside tree · 7 unsupported file · 8 batch partly written
  after an edit the changed region is in the output — do not cat or sed -n to check it

  symbols   lets show '#Name' (no path) finds the definition in the tree and prints it whole
            lets find --def Name lists every definition · find -p heads hits by function
            lets edit 'f.go#Name' --new - replaces the whole symbol, no --old needed
  paths     lets paths '*.go' · lets paths '.golangci*' — file names by glob or regex
  map       lets map [path]... — the tree's outline and its most-referenced definitions
            as targets, within --budget · --focus f.go|dir/|'#Name' ranks around it
  edit      --old matches across indentation and trailing whitespace (--exact: bytes only)
            -w whole words · --line-hint N picks the match at line N · a refusal prints
            the command that works next
  batches   edit --from - JSONL: {"file","old"|"insert_after"|"insert_before"|"symbol",
            "new"} + "all" "word" "line_hint" · transform: {"file","set","delete","append"}

### guide --json carries the same text under one key, with no omitted/stats
# spec-silent: whether the text's final newline is inside the string (the expectation accepts either)
$ lets guide --json
{"guide":"lets — Locate · Edit · Transform · Show          one call, bounded output, post-state returned\n\n  show   <target>...            read files, ranges, anchors, symbols — several per call\n  find   <pattern> [path]...    search; hits print as path:line; capped at 50, says so\n                                -F/-i/-w · -A/-B/-C context · --files/-l · --count/-c\n                                grep's -n/--line-number -r -R -E -H are accepted as no-ops\n  edit   <target> --old --new   exact-once replace; --all; --insert-after; --from - for batches\n  transform <file> --set k=v    --append k=v; JSON/YAML/TOML/frontmatter keys, formatting preserved\n  write  <path> < stdin         create a file; refuses to overwrite without --force\n\n  targets   f.ts   f.ts:40-80   \"f.ts@'regex'\" -A 20   f.ts#funcName   f.md#'Heading'\n  exits     0 done · 1 none/over cap · 2 ambiguous · 3 check failed (reverted) · 4 over budget\n            5 changed since --if · 6 outside tree · 7 unsupported file · 8 batch partly written\n  after an edit the changed region is in the output — do not cat or sed -n to check it[..]"}

### guide --jsonl prints the same single object as --json
# spec-silent: whether the text's final newline is inside the string (the expectation accepts either)
$ lets guide --jsonl
{"guide":"lets — Locate · Edit · Transform · Show          one call, bounded output, post-state returned\n\n  show   <target>...            read files, ranges, anchors, symbols — several per call\n  find   <pattern> [path]...    search; hits print as path:line; capped at 50, says so\n                                -F/-i/-w · -A/-B/-C context · --files/-l · --count/-c\n                                grep's -n/--line-number -r -R -E -H are accepted as no-ops\n  edit   <target> --old --new   exact-once replace; --all; --insert-after; --from - for batches\n  transform <file> --set k=v    --append k=v; JSON/YAML/TOML/frontmatter keys, formatting preserved\n  write  <path> < stdin         create a file; refuses to overwrite without --force\n\n  targets   f.ts   f.ts:40-80   \"f.ts@'regex'\" -A 20   f.ts#funcName   f.md#'Heading'\n  exits     0 done · 1 none/over cap · 2 ambiguous · 3 check failed (reverted) · 4 over budget\n            5 changed since --if · 6 outside tree · 7 unsupported file · 8 batch partly written\n  after an edit the changed region is in the output — do not cat or sed -n to check it[..]"}

### guide writes nothing to stderr and exits 0 under LETS_NO_STATS=1 too
@env LETS_NO_STATS=1
$ lets guide
lets — Locate · Edit · Transform · Show          one call, bounded output, post-state returned

  show   <target>...            read files, ranges, anchors, symbols — several per call
  find   <pattern> [path]...    search; hits print as path:line; capped at 50, says so
                                -F/-i/-w · -A/-B/-C context · --files/-l · --count/-c
                                grep's -n/--line-number -r -R -E -H are accepted as no-ops
  edit   <target> --old --new   exact-once replace; --all; --insert-after; --from - for batches
  transform <file> --set k=v    --append k=v; JSON/YAML/TOML/frontmatter keys, formatting preserved
  write  <path> < stdin         create a file; refuses to overwrite without --force

  targets   f.ts   f.ts:40-80   "f.ts@'regex'" -A 20   f.ts#funcName   f.md#'Heading'
  exits     0 done · 1 none/over cap · 2 ambiguous · 3 check failed (reverted) · 4 over budget
            5 changed since --if · 6 outside tree · 7 unsupported file · 8 batch partly written
  after an edit the changed region is in the output — do not cat or sed -n to check it

  symbols   lets show '#Name' (no path) finds the definition in the tree and prints it whole
            lets find --def Name lists every definition · find -p heads hits by function
            lets edit 'f.go#Name' --new - replaces the whole symbol, no --old needed
  paths     lets paths '*.go' · lets paths '.golangci*' — file names by glob or regex
  map       lets map [path]... — the tree's outline and its most-referenced definitions
            as targets, within --budget · --focus f.go|dir/|'#Name' ranks around it
  edit      --old matches across indentation and trailing whitespace (--exact: bytes only)
            -w whole words · --line-hint N picks the match at line N · a refusal prints
            the command that works next
  batches   edit --from - JSONL: {"file","old"|"insert_after"|"insert_before"|"symbol",
            "new"} + "all" "word" "line_hint" · transform: {"file","set","delete","append"}

### the guide stays one screen: at most 60 lines and 3.5 KB
$ lines=$(lets guide | wc -l); bytes=$(lets guide | wc -c); echo "$lines lines, $bytes bytes"; [ "$lines" -le 60 ] && [ "$bytes" -le 3584 ] && echo fits
26 lines, 2047 bytes
fits

### edit --help and transform --help name the keys of a --from - batch
$ lets edit --help | grep -A6 -- '^--from - reads'; lets transform --help | grep -A3 -- '^--from - reads'
--from - reads fence blocks (@@ <target>, <<<<<<< old, ======= new, >>>>>>>) or JSONL, one
edit per line; "all", "word", "substring" and "line_hint" are the flags of the same name:
  {"file":"a.go","old":"x := 1","new":"x := 2"}
  {"file":"a.go","insert_after":"#Open","new":"..."}    or "insert_before"; @'regex' too
  {"file":"a.go","symbol":"Store.Open","new":"..."}     the symbol replaced whole

A --from - batch applies its entries in order, each to the file as the entries before it left
--from - reads JSONL, one file per line, its operations in the order written: each of
"set", "delete" and "append" takes a "path=value" string ("delete": a path), an
array of them, or ("set", "append") an object of path: value.
  {"file":"c.yaml","set":{"spec.replicas":3},"delete":"spec.paused"}

