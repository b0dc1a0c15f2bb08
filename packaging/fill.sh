#!/usr/bin/env bash
# Prints TEMPLATE with each @NAME@ replaced by VALUE, literally: a value may hold any character
# (a maintainer named O'Hara & Co, a path with a slash), which sed's replacement would not keep.
# A multi-line value keeps its lines as given.
#   packaging/fill.sh TEMPLATE NAME=VALUE...
set -euo pipefail
template=${1:?usage: fill.sh TEMPLATE NAME=VALUE...}
shift
text=$(<"$template")
for pair in "$@"; do
	key="@${pair%%=*}@" value=${pair#*=} out=
	while [[ $text == *"$key"* ]]; do
		out+=${text%%"$key"*}$value
		text=${text#*"$key"}
	done
	text=$out$text
done
printf '%s\n' "$text"
