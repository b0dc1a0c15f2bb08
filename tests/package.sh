#!/usr/bin/env bash
# Packaging checks: the manual page renders without a groff warning and documents every verb, flag
# and failure slug the binary knows; `make install` puts the binary, the page and the completion
# scripts where each shell looks; the Debian package built by `make deb-build` unpacks with dpkg -x
# into a scratch root and runs from there. (`make deb` also runs lintian; this test does not, to
# stay fast and not need it.)
#   tests/package.sh BUILD_DIR
# Appends "pass package/<name>" or "fail package/<name>" to $LETS_TEST_RESULTS when set.
set -u
build=$(realpath "${1:?usage: tests/package.sh BUILD_DIR}")
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
lets=$build/lets
man=$build/lets.1
work=$(mktemp -d "${TMPDIR:-/tmp}/lets-pkg.XXXXXX")
trap 'rm -rf "$work"' EXIT
failed=0

record() { # record NAME OK [DETAIL]
	local verdict=pass
	[ "$2" = 0 ] || { verdict=fail; failed=1; }
	[ -n "${LETS_TEST_RESULTS:-}" ] && echo "$verdict package/$1" >> "$LETS_TEST_RESULTS"
	if [ $verdict = pass ]; then echo "pass package/$1"; else echo "fail package/$1${3:+: $3}"; fi
}

make -C "$top" --no-print-directory -s deb-build > "$work/make.log" 2>&1
record "make deb-build" $? "$(tail -3 "$work/make.log")"

# groff -ww: every warning; -z: no output. Clean means nothing on stderr at all.
warn=$(groff -ww -z -man "$man" 2>&1)
record "lets.1 renders with no groff warning" "$([ -z "$warn" ] && echo 0 || echo 1)" "$warn"

# Every verb of `lets --help` has its section, and every flag its --help lists is on the page.
missing=
for verb in $("$lets" --help | sed -n '/^Commands:/,/^$/s/^  \([a-z]*\) .*/\1/p'); do
	grep -qx ".SS \"lets $verb\"" "$man" || missing+=" section:$verb"
	for flag in $("$lets" "$verb" --help | grep -oE -- '^  (-[a-zA-Z], )?-(-[a-z][a-z-]*|[a-zA-Z])' | sed 's/^  //; s/, /\n/'); do
		grep -qF -- "\\fB${flag//-/\\-}\\fR" "$man" || missing+=" $verb:$flag"
	done
done
record "lets.1 has every verb and flag of --help" "$([ -z "$missing" ] && echo 0 || echo 1)" "missing$missing"

# Every slug of the failure table, with its exit code, is in EXIT STATUS.
missing=
while read -r slug code; do
	grep -qF -- "\\fB$code\\fR  \\fI${slug//-/\\-}\\fR" "$man" || missing+=" $slug"
done < <(sed -n 's/^\t\[E_[A-Z_]*\] = {"\([a-z_]*\)", \([0-9]*\)},$/\1 \2/p' "$top/src/error.c")
record "lets.1 EXIT STATUS lists every slug" "$([ -z "$missing" ] && echo 0 || echo 1)" "missing$missing"

# make install under a scratch DESTDIR: the files, where each shell looks. Debian's fish, with
# XDG_DATA_DIRS unset, reads no directory under /usr/local: the completion goes to its
# system administrator's directory, /etc/fish/completions (the test below asks fish itself).
make -C "$top" --no-print-directory -s install DESTDIR="$work/inst" PREFIX=/usr/local > "$work/install.log" 2>&1
got=$(cd "$work/inst" && find . -type f | sort)
want='./etc/fish/completions/lets.fish
./usr/local/bin/lets
./usr/local/share/bash-completion/completions/lets
./usr/local/share/man/man1/lets.1
./usr/local/share/zsh/site-functions/_lets'
record "make install places binary, page and completions" "$([ "$got" = "$want" ] && echo 0 || echo 1)" "$got"

# fish finds it: the directory make install chose (DESTDIR taken off) is on the completion path of
# this machine's fish started with XDG_DATA_DIRS unset (and a fresh HOME, so no user setting helps),
# and fish, loading the file from there, completes `lets sh` to `show`.
# The control: $PREFIX/share/fish/vendor_completions.d, where make install used to put it, is not.
fish_env=(env -u XDG_DATA_DIRS -u XDG_CONFIG_HOME -u XDG_DATA_HOME HOME="$work/fish-home")
mkdir -p "$work/fish-home"
fish_path=$("${fish_env[@]}" fish -c 'printf "%s\n" $fish_complete_path' 2>&1)
fish_dir=$(cd "$work/inst" && find . -name lets.fish -printf '%h\n' | sed 's/^\.//')
record "fish's default completion path has the directory make install used" \
	"$(grep -qxF -- "${fish_dir:-none}" <<<"$fish_path" && echo 0 || echo 1)" "${fish_dir:-no lets.fish} not in: $fish_path"
record "  control: fish does not read /usr/local/share/fish/vendor_completions.d" \
	"$(grep -qxF /usr/local/share/fish/vendor_completions.d <<<"$fish_path" && echo 1 || echo 0)" "$fish_path"
# (fish loads a command's completions only when the command is on PATH, as the installed one is)
completes=$("${fish_env[@]}" PATH="$work/inst/usr/local/bin:$PATH" fish -c 'set fish_complete_path $argv[1]; complete -C "lets sh"' "$work/inst$fish_dir" 2>&1)
record "fish completes lets sh from the installed file" "$([ "${completes%%$'\t'*}" = show ] && echo 0 || echo 1)" "$completes"

# The package: its fields, its files, and the binary running from a scratch root.
version=$("$lets" version)
deb=$build/lets_${version#lets }_$(dpkg --print-architecture).deb
fields=$(dpkg-deb -f "$deb" Package Version Architecture 2>&1)
record "the .deb names lets ${version#lets }" \
	"$([ "$fields" = "Package: lets
Version: ${version#lets }
Architecture: $(dpkg --print-architecture)" ] && echo 0 || echo 1)" "$fields"
dpkg -x "$deb" "$work/root"
got=$(cd "$work/root" && find . -type f | sort)
want='./usr/bin/lets
./usr/share/bash-completion/completions/lets
./usr/share/doc/lets/README.md
./usr/share/doc/lets/changelog.gz
./usr/share/doc/lets/copyright
./usr/share/fish/vendor_completions.d/lets.fish
./usr/share/lintian/overrides/lets
./usr/share/man/man1/lets.1.gz
./usr/share/zsh/vendor-completions/_lets'
record "the .deb holds binary, page, completions, README and copyright" \
	"$([ "$got" = "$want" ] && echo 0 || echo 1)" "$got"
out=$(cd "$work" && "$work/root/usr/bin/lets" version 2>&1)
record "lets version runs from the unpacked .deb" "$([ "$out" = "$version" ] && echo 0 || echo 1)" "$out"
same=$(zcat "$work/root/usr/share/man/man1/lets.1.gz" | cmp - "$man" 2>&1 && "$lets" completions bash |
	cmp - "$work/root/usr/share/bash-completion/completions/lets" 2>&1)
record "the .deb's page and completions are the built ones" "$([ -z "$same" ] && echo 0 || echo 1)" "$same"
exit $failed
