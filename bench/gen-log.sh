#!/usr/bin/env bash
# Writes a generated access log of N lines to stdout (deterministic: same N, same bytes), for the
# one-big-file suite (bench/bigfile.sh). Each line is about 75 bytes:
#   12:34:56.789 INFO web-07 GET /api/v1/items/48213 status=200 took=0.123 user=u5812
# status is never 5xx; took is 0.000-0.999, so took=0.99 matches about 1% of lines; the last line,
# and only it, holds needle-xyz.
set -euo pipefail
n=${1:?usage: gen-log.sh LINES}
awk -v n="$n" 'BEGIN {
	split("GET POST PUT DELETE GET GET", verb, " ")
	split("200 200 200 201 204 301 304 400 404 200", st, " ")
	split("INFO INFO INFO WARN DEBUG INFO", lvl, " ")
	split("items users orders carts search health", res, " ")
	x = 12345
	for (i = 1; i < n; i++) {
		x = (x * 1103515245 + 12345) % 2147483648
		a = int(x / 65536)
		printf "%02d:%02d:%02d.%03d %s web-%02d %s /api/v1/%s/%d status=%s took=0.%03d user=u%d\n",
			(i / 360000) % 24, (i / 6000) % 60, (i / 100) % 60, i % 1000, lvl[a % 6 + 1], a % 16,
			verb[a % 6 + 1], res[int(a / 7) % 6 + 1], a % 99991, st[int(a / 3) % 10 + 1],
			int(a / 11) % 1000, a % 9973
	}
	printf "23:59:59.999 ERROR web-00 GET /api/v1/items/0 status=404 took=0.001 needle-xyz\n"
}'
