# A bench suite (`suite scale` in bench/run.sh): no input is quadratic (issue 28 item 1). Each shape
# that once was (YAML flow nesting, TOML keys, [[array]] tables, a Cargo.lock, a `--from -` batch)
# timed at 1x, 4x and 16x its size (1x: BENCH_SCALE_KB, default 256 KB): time per MB and the
# 16x/1x ratio, PASS when it is at most 20 (linear is 16, quadratic 256). tests/stress/scale.sh
# does the work; a MISS counts toward run.sh's total.
SCALE_RATIO=1 SCALE_FACTORS="1 4 16" SCALE_BASE_KB=${BENCH_SCALE_KB:-256} \
	bash "$root/tests/stress/scale.sh" "$LETS" || misses=$((misses + 1))
