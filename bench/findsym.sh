# find --def, find -p and paths (issues 12 and 17), and show '#Name' with no path (issue 31),
# sourced by bench/run.sh (see bench/lib.sh).
# The --def and paths pairs walk tree/ and large/ together: 6,800+ files, the generated tree and a
# copy of the build's grammar sources (C, C++, JavaScript, headers). --def's peer is the
# alternation an agent types for "where is it defined"; both read every file (the size limit is
# lifted for lets, as in the big-* pairs). -p is timed against plain find on real code with few
# hits, where it parses only the files (and, in a large file, the items) holding hits; the
# rare-marker pair is report-only: its hit files are 40 lines of text no grammar reads, where
# tree-sitter's error recovery dominates.
all="--max-file-bytes 1000000000"
pair def-tree 2.0 "$LETS find $all --def ts_parser_parse tree large" \
	"rg -n 'func ts_parser_parse|def ts_parser_parse|function ts_parser_parse|class ts_parser_parse|ts_parser_parse\\(' tree large"
pair def-member 2.0 "$LETS find $all --def Parser.Parse tree large" \
	"rg -n 'func Parse|def Parse|function Parse|class Parse|Parse\\(' tree large"
pair paths-glob 1.0 "$LETS paths *.h tree large" "sh -c 'rg --files tree large | rg \"\\.h\$\"'"
pair paths-regex 1.0 "$LETS paths parser tree large" "sh -c 'rg --files tree large | rg parser'"
pair fn-18k 1.5 "$LETS find -p Validate0333 big.go" "$LETS find Validate0333 big.go"
pair fn-200 1.5 "$LETS find -p needle f200.ts" "$LETS find needle f200.ts"
pair fn-c 1.5 "$LETS find -p ts_parser_parse large/tree-sitter" "$LETS find ts_parser_parse large/tree-sitter"
pair fn-junk - "$LETS find -p 'rare marker' tree" "$LETS find 'rare marker' tree"

# Issue 31 item 1: a definition read by name alone, in one call, against the two calls it
# replaces (find --def, then show the target it printed), in tree/ (2,000 files, one defining
# LookupRecord); both sides start in tree/ through sh, so the shell's cost is on both.
pair show-def-tree 1.0 "sh -c 'cd tree && $LETS show \"#LookupRecord\"'" \
	"sh -c 'cd tree && $LETS find --def LookupRecord && $LETS show pkg07/mod3/file1.go#LookupRecord'"

# Issue 12's nearest regions: a not_found --old on the ~18k-line Go file (one word differs from
# line 9009), the whole call within 10 ms; its peer is the same edit that lands.
PREPARE="cp big.go edit/near.go" FAILS=1 \
	pair near-18k - "$LETS edit edit/near.go --old 'func Validate0333(r *Record0333) eror {' --new x" \
	"$LETS edit edit/near.go --old 'func Validate0333(r *Record0333) error {' --new 'func Validate0333(r *Record0333) (err error) {'"
under near-18k 10
