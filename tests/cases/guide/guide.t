# lets guide: the one-screen guide, verbatim from reference.md "lets guide".

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
