# Sourced by bench/run.sh (uses its $LETS, $root, $results, misses): the hook and stats targets.
#   classify   `lets hook classify` on a 200-byte command vs `bash -n -c` on the same command,
#              target <= 1.0x; both run through sh (hyperfine subtracts the shell's own start-up),
#              since the event arrives on stdin. Also prints the classify p50/p99 of those runs.
#   stats      `lets stats` over a generated 500 MB transcript set, target >= 200 MB/s.

# Five reads of f200.ts joined by &&: classify parses all of it, resolves and reads the file.
hook_cmd="cat f200.ts && sed -n '10,40p' f200.ts && head -n 30 f200.ts && tail -n 25 f200.ts && sed -n '100,150p' f200.ts && sed -n '150,199p' f200.ts && head -n 5 f200.ts"
printf '{"session_id":"bench","cwd":"%s","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"%s"}}' \
	"$PWD" "$hook_cmd" > "$results/hook-event.json"
hyperfine --warmup 20 --min-runs 200 --style none --export-json "$results/classify.json" \
	--export-csv "$results/classify.csv" "$LETS hook classify < $results/hook-event.json" \
	"bash -n -c \"$hook_cmd\"" >/dev/null 2>"$results/classify.err" || {
	cat "$results/classify.err" >&2
	misses=$((misses + 1))
}
awk -F, 'NR == 2 { l = $(NF - 4) } NR == 3 { p = $(NF - 4) }
	END { r = l / p; v = (r <= 1.0) ? "PASS" : "MISS"
	      printf "%-12s %9.3f ms %9.3f ms %8.2f %8s  %s\n", "classify", l * 1000, p * 1000, r, "<=1.0", v
	      exit (v == "MISS") }' "$results/classify.csv" || misses=$((misses + 1))
# hyperfine's JSON lists every run's time, one per line, the lets command's first.
awk '/"times": \[/ { n++; on = (n == 1); next } on && /\]/ { on = 0 } on { gsub(/[ ,]/, ""); print }' \
	"$results/classify.json" | sort -g | awk '{ t[NR] = $1 } END {
		p99 = int(NR * 0.99) + 1; if (p99 > NR) p99 = NR
		printf "%-12s p50 %.3f ms · p99 %.3f ms over %d runs (after the shell start-up)\n", "classify", \
			t[int(NR * 0.5) + 1] * 1000, t[p99] * 1000, NR }'

# 100 sessions of ~5 MB: one generated with awk (tool calls of every kind, large tool results,
# unicode and escapes), copied under different names. Regenerated when the version changes.
transcripts="$root/build/bench/transcripts"
if [ "$(cat "$transcripts/.version" 2>/dev/null)" != 2 ]; then
	rm -rf "$transcripts"
	mkdir -p "$transcripts/p"
	awk 'BEGIN {
		body = ""
		for (i = 0; i < 60; i++) {
			body = body sprintf("    const value%d = compute(%d, \\\"s\\\\t\\\", x) // caf\303\251 \\u2713\\n", i, i)
			part[i + 1] = body
		}
		cmds[0] = "lets show src/a.ts src/b.ts:10-40"; cmds[1] = "cat src/x.go"; cmds[2] = "lets find foo src"
		cmds[3] = "git status"; cmds[4] = "lets edit a.ts --old x --new y"
		size = 0
		for (k = 0; size < 5000000; k++) {
			id = "toolu_" k
			r = k % 10
			if (r < 4) {
				line = sprintf("{\"type\":\"assistant\",\"uuid\":\"%s\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"Let me look.\"},{\"type\":\"tool_use\",\"id\":\"%s\",\"name\":\"Bash\",\"input\":{\"command\":\"%s\",\"description\":\"run\"}}]}}", id, id, cmds[k % 5])
				print line; size += length(line) + 1
				res = (k % 7 == 0) ? "lets show reads several files and ranges in one call.\\nrun: lets show src/x.go" : part[1 + (k * 37) % 60]
				line = sprintf("{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"%s\",\"content\":\"%s\"}]}}", id, res)
			} else if (r < 7) {
				line = sprintf("{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\",\"id\":\"%s\",\"name\":\"Read\",\"input\":{\"file_path\":\"/x/y.ts\"}}]}}", id)
				print line; size += length(line) + 1
				line = sprintf("{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"%s\",\"content\":[{\"type\":\"text\",\"text\":\"%s\"}]}]}}", id, body body)
			} else {
				line = sprintf("{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"%s\"}]}}", part[1 + (k * 53) % 60])
			}
			print line; size += length(line) + 1
		}
	}' > "$transcripts/p/s000.jsonl"
	for i in $(seq 1 99); do cp "$transcripts/p/s000.jsonl" "$transcripts/p/s$(printf %03d "$i").jsonl"; done
	echo 2 > "$transcripts/.version"
fi
bytes=$(cat "$transcripts"/p/*.jsonl | wc -c)
hyperfine -N --warmup 1 --runs 5 --style none --export-csv "$results/stats.csv" \
	"$LETS stats --dir $transcripts" >/dev/null 2>"$results/stats.err" || {
	cat "$results/stats.err" >&2
	misses=$((misses + 1))
}
# Wall-clock median against the target; the CPU rate (user + system) is printed beside it, since
# on a loaded machine the wall clock mostly measures waiting for a core.
awk -F, -v bytes="$bytes" 'NR == 2 { s = $(NF - 4); cpu = $(NF - 3) + $(NF - 2) }
	END { mbs = bytes / s / 1e6; v = (mbs >= 200) ? "PASS" : "MISS"
	      printf "%-12s %9.1f ms %9.0f MB %5.0f MB/s %8s  %s (cpu %.0f MB/s)\n", "stats", s * 1000, bytes / 1e6,
		      mbs, ">=200", v, bytes / cpu / 1e6
	      exit (v == "MISS") }' "$results/stats.csv" || misses=$((misses + 1))
