#!/usr/bin/env bash
# Prints a copyright-format stanza for each npm package compiled into lets (the tree-sitter
# runtime and grammars): its copyright lines from its LICENSE file, its licence, and its version.
# npm is not a Debian archive, so Static-Built-Using, which names Debian source packages, cannot
# name these; the copyright file does. Only the MIT licence's text is in packaging/copyright.in:
# a package under any other licence stops the build until its text is added.
#   packaging/npm-copyright.sh NODE_MODULES PACKAGE...
set -euo pipefail
node_modules=${1:?usage: npm-copyright.sh NODE_MODULES PACKAGE...}
shift
first=1
for pkg in "$@"; do
	dir=$node_modules/$pkg
	read -r version license < <(node -e 'const p = require(process.argv[1]); console.log(p.version, p.license)' "$(realpath "$dir/package.json")")
	if [ "$license" != MIT ]; then
		echo "npm-copyright: $pkg $version is under $license, not MIT: add its licence text to packaging/copyright.in" >&2
		exit 1
	fi
	holders=$(sed -n 's/^ *Copyright *\(([cC])\|©\)\? *//p' "$dir"/LICENSE* | sed '2,$s/^/ /')
	[ -n "$holders" ] || { echo "npm-copyright: no Copyright line in $dir/LICENSE*" >&2; exit 1; }
	[ $first = 1 ] || echo
	first=0
	printf 'Files: %s/*\nCopyright: %s\nLicense: MIT\nComment: npm package %s %s, compiled into the binary.\n' \
		"$pkg" "$holders" "$pkg" "$version"
done
