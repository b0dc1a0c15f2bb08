# lets map (issue 35), sourced by bench/run.sh (see bench/lib.sh): the whole map of the generated
# 2,000-file tree against the walk's floor, rg --files, on the same tree; the target is the issue's
# 0.3 s for the call, a report-only ratio against the floor.
pair map-tree - "$LETS map tree" "sh -c 'rg --files tree | wc -l'"
under map-tree 300
