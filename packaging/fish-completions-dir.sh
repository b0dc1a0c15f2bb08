#!/bin/sh
# Prints the directory `make install PREFIX=...` puts the fish completion in: PREFIX's
# share/fish/vendor_completions.d when the installed fish reads it with XDG_DATA_DIRS unset
# (PREFIX=/usr on Debian), else fish's directory for the system administrator's completions,
# $__fish_sysconf_dir/completions (/etc/fish/completions on Debian). Debian's fish reads no
# directory under /usr/local unless XDG_DATA_DIRS names it, and a login on a console or over ssh
# does not set it. fish is asked with a scratch HOME, so no user setting decides. Without fish
# installed, PREFIX's vendor directory (what a fish built with that prefix reads).
#   packaging/fish-completions-dir.sh PREFIX
set -eu
vendor=${1:?usage: fish-completions-dir.sh PREFIX}/share/fish/vendor_completions.d
command -v fish >/dev/null 2>&1 || { echo "$vendor"; exit 0; }
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
env -u XDG_DATA_DIRS -u XDG_CONFIG_HOME -u XDG_DATA_HOME HOME="$home" fish -c '
	if contains -- $argv[1] $__fish_vendor_completionsdirs
		echo $argv[1]
	else
		echo $__fish_sysconf_dir/completions
	end' "$vendor"
