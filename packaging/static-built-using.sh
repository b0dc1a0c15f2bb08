#!/usr/bin/env bash
# Prints the Static-Built-Using value for a static binary: the Debian source package, at its
# installed version, of every file the linker read to make it (its --trace lines, on stdin) and of
# each extra FILE (a source compiled into one of our own archives: BLAKE3's C files). A file no
# Debian package owns (our objects, the tree-sitter archive built from npm sources) has no source
# package to name: packaging/copyright.in lists those.
#   packaging/static-built-using.sh [FILE...] < LINK_TRACE
set -euo pipefail
files=()
while IFS= read -r line; do
	line=${line%%(*}
	[ -e "$line" ] && files+=("$(realpath "$line")")
done
for f in "$@"; do files+=("$(realpath "$f")"); done
# dpkg -S prints "package[:arch]: path" for each owned file, and fails for the others.
mapfile -t pkgs < <(dpkg -S "${files[@]}" 2>/dev/null | grep -v '^diversion ' | sed 's/[:,].*//' | sort -u)
[ ${#pkgs[@]} -gt 0 ] || { echo "static-built-using: no linked file belongs to a Debian package" >&2; exit 1; }
dpkg-query -W -f='${source:Package} (= ${source:Version})\n' "${pkgs[@]}" | sort -u | paste -sd, | sed 's/,/, /g'
