# lets map (issue 35), sourced by bench/run.sh (see bench/lib.sh): the whole map of the generated
# 2,000-file tree, and of containerd when CONTAINERD is set (run.sh copies it to corpus/containerd),
# against the walk's floor, rg --files, on the same tree. Cold runs start from an empty cache
# directory (XDG_CACHE_HOME emptied before each run); warm runs are the second call, the cache
# made. Targets: the 2k tree 0.3 s; containerd 1.5 s cold, 0.5 s warm; ratios are report-only.
map_cache_was=${XDG_CACHE_HOME-}
# outside the work tree: map keeps no cache inside the tree it maps
export XDG_CACHE_HOME="$(mktemp -d "${TMPDIR:-/tmp}/lets-bench-map.XXXXXX")"
BENCH_RUNS=20 BENCH_WARMUP=2 PREPARE="rm -rf $XDG_CACHE_HOME" pair map-tree-cold - "$LETS map tree" "sh -c 'rg --files tree | wc -l'"
under map-tree-cold 300
pair map-tree - "$LETS map tree" "sh -c 'rg --files tree | wc -l'"
under map-tree 300
if [ -d containerd ]; then
	BENCH_RUNS=10 BENCH_WARMUP=1 PREPARE="rm -rf $XDG_CACHE_HOME" \
		pair map-cd-cold - "$LETS map containerd" "sh -c 'rg --files containerd | wc -l'"
	under map-cd-cold 1500
	pair map-cd - "$LETS map containerd" "sh -c 'rg --files containerd | wc -l'"
	under map-cd 500
fi
rm -rf "$XDG_CACHE_HOME"
if [ -n "$map_cache_was" ]; then export XDG_CACHE_HOME="$map_cache_was"; else unset XDG_CACHE_HOME; fi
