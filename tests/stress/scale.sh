#!/usr/bin/env bash
# No input is quadratic (issue 28 item 1): each shape that once was — YAML flow nesting, 50,000
# TOML keys, [[array]] tables under a selector, a Cargo.lock, a `--from -` batch of missing files,
# a `--from -` batch (transform and edit) of one existing file per line, under `ulimit -n 1024`,
# a `--from -` batch of one --set per line of every key of one JSON, YAML or TOML file —
# timed at 1x, 4x and 16x its base size, reported as time per MB with the 16x/1x ratio (linear is
# 16, quadratic 256). Each run's exit code is checked too (the shape's answer, not only its time).
#   tests/stress/scale.sh LETS_BINARY
# SCALE_ONLY (a regex) runs only the rows whose name matches; SCALE_BASE_KB (default 32) is the 1x size; SCALE_FACTORS (default "1 4") the sizes run;
# SCALE_RATIO=1 (make soak, make bench: factors "1 4 16") fails a shape whose 16x/1x ratio is
# over 20. make check runs the small default for the exit codes only: a timed test on a shared
# machine is a flaky one. Appends "pass stress/scale" or "fail ..." to $LETS_TEST_RESULTS.
set -u
lets=$(realpath "${1:?usage: tests/stress/scale.sh LETS_BINARY}")
base_kb=${SCALE_BASE_KB:-32}
factors=${SCALE_FACTORS:-1 4}
strict=${SCALE_RATIO:-0}
work=$(mktemp -d)
trap '[ -n "${SCALE_KEEP:-}" ] || rm -rf "$work"' EXIT
cd "$work" || exit 1
git init -q . 2>/dev/null
fail=0

record() {
	[ -n "${LETS_TEST_RESULTS:-}" ] && echo "$1" >> "$LETS_TEST_RESULTS"
	echo "$1"
}

# gen SHAPE BYTES FILE: a file of about BYTES bytes in the shape.
gen() {
	python3 - "$1" "$2" "$3" <<'PY'
import json, sys
shape, size, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
if shape == "yaml-flow":
    n = size // 2
    text = "a: " + "[" * n + "]" * n + "\n"
elif shape == "toml-keys":
    lines, total, i = [], 0, 0
    while total < size:
        lines.append("k%d = %d" % (i, i)); total += len(lines[-1]) + 1; i += 1
    text = "\n".join(lines) + "\n"
elif shape == "toml-aot":
    parts, total, i = [], 0, 0
    while total < size:
        parts.append("[[t]]\nv = %d\n" % i); total += len(parts[-1]) + 1; i += 1
    text = "\n".join(parts)
elif shape == "toml-cargo":
    out_l, i = ["version = 3", ""], 0
    while sum(map(len, out_l)) + len(out_l) < size:
        out_l += ["[[package]]", 'name = "crate-%d"' % i, 'version = "1.%d.%d"' % (i % 50, i % 7),
                  'source = "registry+https://github.com/rust-lang/crates.io-index"',
                  'checksum = "%064x"' % ((i * 2654435761) % (1 << 64)),
                  'dependencies = [', ' "crate-%d",' % (i + 1), ']', '']
        i += 1
    text = "\n".join(out_l) + "\n"
elif shape in ("batch-existing", "edit-existing"):
    # one existing file per line, all in one directory (the sweep of it once per call) and
    # more of them than `ulimit -n 1024` allows descriptors (none may be held per line)
    import os, shutil
    shutil.rmtree("ex", ignore_errors=True)
    os.mkdir("ex")
    rows, total, i = [], 0, 0
    while total < size:
        name = "ex/f%d.json" % i
        open(name, "w").write('{"a": 0}\n')
        if shape == "batch-existing":
            rows.append(json.dumps({"file": name, "set": {"a": 1}}))
        else:
            rows.append(json.dumps({"file": name, "old": "0", "new": "1"}))
        total += len(rows[-1]) + 1; i += 1
    text = "\n".join(rows) + "\n"
elif shape.startswith("batch-one-"):
    # many operations on one file, one JSONL line each: a --set of every key of a file of the
    # same number of keys (each operation parsed the whole file again)
    ext = shape[len("batch-one-"):]
    rows, total, i = [], 0, 0
    while total < size:
        rows.append(json.dumps({"file": "one." + ext, "set": "k%d=%d" % (i, i + 1)})); total += len(rows[-1]) + 1; i += 1
    keys = range(i)
    if ext == "json":
        data = "{\n" + ",\n".join('  "k%d": %d' % (k, k) for k in keys) + "\n}\n"
    elif ext == "yaml":
        data = "".join("k%d: %d\n" % (k, k) for k in keys)
    else:
        data = "".join("k%d = %d\n" % (k, k) for k in keys)
    open("one." + ext, "w").write(data)
    text = "\n".join(rows) + "\n"
elif shape == "batch-missing":
    rows, total, i = [], 0, 0
    while total < size:
        rows.append(json.dumps({"file": "gone/f%d.json" % i, "set": {"a": 1}})); total += len(rows[-1]) + 1; i += 1
    text = "\n".join(rows) + "\n"
open(out, "w").write(text)
PY
}

# row NAME SHAPE EXT EXPECTED_EXIT COMMAND...: the command runs on f.EXT (restored before each
# size) with {} standing for the file; batch shapes read the file on stdin.
row() {
	local name=$1 shape=$2 ext=$3 want=$4
	shift 4
	[ -n "${SCALE_ONLY:-}" ] && ! [[ $name =~ $SCALE_ONLY ]] && return
	local first="" line
	line=$(printf '%-16s' "$name")
	for k in $factors; do
		local bytes=$((base_kb * 1024 * k))
		gen "$shape" "$bytes" "orig.$ext"
		cp "orig.$ext" "f.$ext"
		local args=() a
		for a in "$@"; do args+=("${a//\{\}/f.$ext}"); done
		local t0 t1 rc
		t0=$(date +%s%N)
		# a batch holds no descriptor per line: 1,024 is fewer than the largest batches' files
		if [ "$ext" = jsonl ]; then
			(ulimit -n 1024 && timeout 600 "$lets" "${args[@]}" < "f.$ext" > out.txt 2> err.txt)
		else
			(ulimit -n 1024 && timeout 600 "$lets" "${args[@]}" > out.txt 2> err.txt)
		fi
		rc=$?
		t1=$(date +%s%N)
		if [ "$rc" != "$want" ]; then
			echo "scale: $name at ${k}x exited $rc, not $want: $(tail -2 err.txt | head -1)"
			fail=1
		fi
		local real=$(stat -c %s "orig.$ext")
		local ms=$(((t1 - t0) / 1000000))
		local per_mb=$(awk -v ms="$ms" -v b="$real" 'BEGIN { printf "%.0f", ms / (b / 1048576) }')
		line+=$(printf ' %4dx %7d ms %8s ms/MB' "$k" "$ms" "$per_mb")
		[ -z "$first" ] && first=$ms
		last=$ms
		last_k=$k
	done
	if [ "$last_k" -gt 1 ]; then
		# the ratio of whole times (a floor of 5 ms keeps a near-zero 1x from inflating it)
		local ratio=$(awk -v a="$first" -v b="$last" 'BEGIN { if (a < 5) a = 5; printf "%.1f", b / a }')
		local verdict=""
		if [ "$strict" = 1 ]; then
			verdict=$(awk -v r="$ratio" -v k="$last_k" 'BEGIN { print (k == 16 && r > 20) ? "MISS" : "PASS" }')
			[ "$verdict" = MISS ] && fail=1
		fi
		line+=$(printf '  %sx/1x %6s  %s' "$last_k" "$ratio" "$verdict")
	fi
	echo "$line"
}

row yaml-flow yaml-flow yaml 3 transform {} --set b=1 -q
row yaml-flow-edit yaml-flow yaml 0 edit {} --old 'a: ' --new 'b: ' -q
row toml-keys toml-keys toml 0 transform {} --set k0=1 -q
row toml-keys-edit toml-keys toml 0 edit {} --old 'k0 = 0' --new 'k0 = 1' -q
row toml-aot toml-aot toml 0 transform {} --set 't[v=99].v=1' -q
row toml-cargo toml-cargo toml 0 transform {} --set 'package[name=crate-7].version=9.9.9' -q
row toml-cargo-edit toml-cargo toml 0 edit {} --old 'name = "crate-7"' --new 'name = "crate-x"' -q
row batch-missing batch-missing jsonl 1 transform --from - -q
row batch-existing batch-existing jsonl 0 transform --from - -q
row edit-existing edit-existing jsonl 0 edit --from - -q
row batch-one-json batch-one-json jsonl 0 transform --from - -q
row batch-one-yaml batch-one-yaml jsonl 0 transform --from - -q
row batch-one-toml batch-one-toml jsonl 0 transform --from - -q

if [ "$fail" = 0 ]; then record "pass stress/scale"; else record "fail stress/scale"; fi
exit "$fail"
