#!/usr/bin/env bash
# Installs the Debian packages lets needs when they are missing: the build's list by default,
# the build's plus the tests' with --check (make check), or the packages named as arguments.
# --present PKG... installs nothing: exit 0 when every one is installed, 1 otherwise.
# Nothing missing is the common case, so the check is one dpkg-query call and no network.
set -euo pipefail

# One package a line; a package only the tests use goes in test_pkgs.
build_pkgs=(
	gcc
	make
	libpcre2-dev
	librust-blake3-dev
	libjansson-dev
	libyaml-dev
	nodejs
	npm
	git
)
test_pkgs=(
	acl
	clang-format
	procps
	python3
	ripgrep
	jq
	python3-yaml
	zsh
	fish
	groff-base
	man-db
)

present_only=
if [ "${1:-}" = --present ]; then
	present_only=1
	shift
fi
if [ "${1:-}" = --check ]; then
	wanted=("${build_pkgs[@]}" "${test_pkgs[@]}")
elif [ $# -gt 0 ]; then
	wanted=("$@")
else
	wanted=("${build_pkgs[@]}")
fi

# A tool installed outside Debian's package (NodeSource's nodejs bundles npm, for one) counts as
# present: installing Debian's npm next to it would conflict.
command_of() {
	case "$1" in
	nodejs) echo node ;;
	gcc | make | npm | git | hyperfine | python3) echo "$1" ;;
	ripgrep) echo rg ;;
	procps) echo pgrep ;;
	acl) echo setfacl ;;
	clang) echo clang ;;
	zsh | fish | lintian) echo "$1" ;;
	groff-base) echo groff ;;
	man-db) echo man ;;
	*) ;;
	esac
}

declare -A installed=()
while read -r name status; do
	[ "$status" = installed ] && installed[$name]=1
done < <(dpkg-query -W -f='${Package} ${db:Status-Status}\n' "${wanted[@]}" 2>/dev/null || true)

missing=()
for p in "${wanted[@]}"; do
	[ -n "${installed[$p]:-}" ] && continue
	cmd=$(command_of "$p")
	[ -n "$cmd" ] && command -v "$cmd" >/dev/null 2>&1 && continue
	missing+=("$p")
done

[ ${#missing[@]} -eq 0 ] && exit 0
[ -n "$present_only" ] && exit 1

if [ "$(id -u)" -eq 0 ]; then
	as_root=()
elif command -v sudo >/dev/null 2>&1; then
	as_root=(sudo)
else
	echo "install-system: missing ${missing[*]}; run as root or install sudo, then run make again" >&2
	exit 1
fi

echo "install-system: installing ${missing[*]} with apt-get${as_root:+ through sudo}"
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update
"${as_root[@]}" apt-get install -y "${missing[@]}"
