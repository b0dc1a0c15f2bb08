#!/usr/bin/env bash
# Packaging checks: the manual page renders without a groff warning and documents every verb, flag
# and failure slug the binary knows; `make install` puts the binary, the page and the completion
# scripts where each shell looks (fish asked with XDG_DATA_DIRS unset); the Debian package built by
# `make deb-build` unpacks with dpkg -x into a scratch root and runs from there, carries its
# metadata (Static-Built-Using, md5sums, the maintainer), installs with dpkg into a scratch root
# where dpkg --verify and lets update see it as dpkg's; `make release` makes what update and the
# installer download, and both install it from a fake curl, refusing a tampered tarball. (`make
# deb` also runs lintian and hardening-check; this test does not, to stay fast and not need them.)
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

# The package's metadata. Static-Built-Using names the Debian source packages of what is linked
# into the static binary, each at the version installed here: glibc (libc.a), gcc (libgcc),
# pcre2, jansson, libyaml, and rust-blake3 (BLAKE3's C sources, from librust-blake3-dev). The
# tree-sitter sources come from npm, not Debian: the copyright file names them, with versions.
srcver() { dpkg-query -W -f='${source:Package} (= ${source:Version})' "$1"; }
libgcc_pkg=$(dpkg -S "$(realpath "$(gcc -print-libgcc-file-name)")" | cut -d: -f1)
want="$(srcver "$libgcc_pkg"), $(srcver libc6-dev), $(srcver libjansson-dev), $(srcver libyaml-dev), $(srcver libpcre2-dev), $(srcver librust-blake3-dev)"
got=$(dpkg-deb -f "$deb" Static-Built-Using)
record "Static-Built-Using names the source packages linked in" "$([ "$got" = "$want" ] && echo 0 || echo 1)" "got '$got', want '$want'"
npm_missing=
for p in tree-sitter tree-sitter-bash tree-sitter-c-sharp @tree-sitter-grammars/tree-sitter-yaml; do
	v=$(node -p "require('$top/deps/node_modules/$p/package.json').version")
	grep -qF "npm package $p $v," "$work/root/usr/share/doc/lets/copyright" || npm_missing+=" $p@$v"
done
record "the copyright file names the npm sources with their versions" "$([ -z "$npm_missing" ] && echo 0 || echo 1)" "missing$npm_missing"

# DEBIAN/md5sums lists every file the package holds, with its sum (debsums, dpkg --verify).
dpkg-deb -I "$deb" md5sums > "$work/md5sums" 2>&1
listed=$(sed 's/^[0-9a-f]\{32\}  //' "$work/md5sums" | sort)
files=$(cd "$work/root" && find . -type f | sed 's,^\./,,' | sort)
sums=$(cd "$work/root" && md5sum --check --quiet "$work/md5sums" 2>&1)
record "DEBIAN/md5sums lists every file with its sum" "$([ "$listed" = "$files" ] && [ -z "$sums" ] && echo 0 || echo 1)" "$(head -3 "$work/md5sums") $sums"

# The maintainer: git's user.name and user.email by default, or MAINTAINER=, in the control file
# and in the changelog's trailer line.
name=$(git -C "$top" config user.name || true)
email=$(git -C "$top" config user.email || true)
want="lets packager <packager@example.invalid>"
[ -n "$name" ] && [ -n "$email" ] && want="$name <$email>"
got=$(dpkg-deb -f "$deb" Maintainer)
record "Maintainer is git's user.name <user.email>" "$([ "$got" = "$want" ] && echo 0 || echo 1)" "got '$got', want '$want'"

# dpkg installs the package into a scratch root with its own database (no maintainer script,
# no log): dpkg --verify finds every file as packed, and reports one that changed.
dpkg_root=$work/dpkg
mkdir -p "$dpkg_root"/var/lib/dpkg/{info,updates,triggers} && touch "$dpkg_root"/var/lib/dpkg/{status,available}
dpkg=(dpkg --root="$dpkg_root" --log=/dev/null --force-not-root --force-script-chrootless)
"${dpkg[@]}" -i "$deb" > "$work/dpkg.log" 2>&1
record "dpkg installs the .deb into a scratch root" $? "$(tail -3 "$work/dpkg.log")"
verify=$("${dpkg[@]}" --verify lets 2>&1)
record "dpkg --verify lets finds every file as packed" "$([ -z "$verify" ] && echo 0 || echo 1)" "$verify"
echo changed >> "$dpkg_root/usr/share/doc/lets/README.md"
verify=$("${dpkg[@]}" --verify lets 2>&1)
record "  control: dpkg --verify names a changed file" "$([ "$verify" = "??5??????   /usr/share/doc/lets/README.md" ] && echo 0 || echo 1)" "$verify"

# A lets dpkg installed says to upgrade it with apt or dpkg, not with `git pull && make install`
# (which would leave a second copy in /usr/local/bin); the same binary unpacked by hand is a
# source build. (DPKG_ROOT points lets, as it points dpkg, at the scratch root.)
out=$(cd "$work" && DPKG_ROOT="$dpkg_root" "$dpkg_root/usr/bin/lets" update 2>&1; echo "exit $?")
want="this lets (/usr/bin/lets) was installed by dpkg, package lets · upgrade it the way it came: \`sudo apt install --only-upgrade lets\`, or \`sudo dpkg -i\` a newer lets .deb
ERROR_CODE=no_repository
exit 1"
record "update of a lets dpkg installed names apt and dpkg" "$([ "$out" = "$want" ] && echo 0 || echo 1)" "$out"
out=$(cd "$work" && DPKG_ROOT="$dpkg_root" "$work/root/usr/bin/lets" update 2>&1; echo "exit $?")
record "  control: the same binary unpacked by hand is a source build" \
	"$([ "${out%%:*}" = "this build has no configured release repository · it was built from source" ] && echo 0 || echo 1)" "$out"

# make release: this platform's tarball, named as update and the installer look for it
# (lets-<uname -m>-unknown-linux-gnu.tar.gz), the installer and SHA256SUMS, which verifies both.
make -C "$top" --no-print-directory -s release RELEASE_REPO=acme/lets > "$work/release.log" 2>&1
record "make release RELEASE_REPO=acme/lets" $? "$(tail -3 "$work/release.log")"
v=${version#lets }
rel=$build/release/v$v
t=lets-$(uname -m)-unknown-linux-gnu
got=$(cd "$rel" && ls | LC_ALL=C sort)
record "the release holds the tarball, the installer and SHA256SUMS" \
	"$([ "$got" = "SHA256SUMS"$'\n'"lets-installer.sh"$'\n'"$t.tar.gz" ] && echo 0 || echo 1)" "$got"
sums=$(cd "$rel" && sha256sum --check SHA256SUMS 2>&1)
record "SHA256SUMS verifies both" "$([ "$sums" = "$t.tar.gz: OK"$'\n'"lets-installer.sh: OK" ] && echo 0 || echo 1)" "$sums"
got=$(tar -tvzf "$rel/$t.tar.gz" | awk '{print $1, $2, $6}')
record "the tarball holds $t/lets and README.md, owned by root" \
	"$([ "$got" = "drwxr-xr-x 0/0 $t/"$'\n'"-rw-r--r-- 0/0 $t/README.md"$'\n'"-rwxr-xr-x 0/0 $t/lets" ] && echo 0 || echo 1)" "$got"

# A fake curl serves the release from a directory: the release's own binary asks the repository
# it was built for, and lets update --force replaces it with the tarball's (a new file, the same
# bytes); a tampered tarball is refused and the binary stays. The installer installs into
# LETS_BIN_DIR, and refuses the tampered tarball the same way.
mkdir -p "$work/fake" "$work/serve" "$work/rel-bin" && cp "$rel"/* "$work/serve/"
cat > "$work/fake/curl" <<'CURL'
#!/bin/sh
out=; prev=; url=; for a in "$@"; do [ "$prev" = -o ] && out=$a; prev=$a; url=$a; done
case $url in
https://github.com/acme/lets/releases/latest)
	printf 'HTTP/2 302\r\nlocation: https://github.com/acme/lets/releases/tag/v%s\r\n\r\n' "$FAKE_VERSION" ;;
https://github.com/acme/lets/releases/latest/download/* | https://github.com/acme/lets/releases/download/v$FAKE_VERSION/*)
	[ -f "$FAKE_SERVE/${url##*/}" ] || { echo 'curl: (22) The requested URL returned error: 404' >&2; exit 22; }
	cp "$FAKE_SERVE/${url##*/}" "$out" ;;
*) echo "curl: (6) Could not resolve host: ${url#https://}" >&2; exit 6 ;;
esac
CURL
chmod +x "$work/fake/curl"
tar -xzf "$rel/$t.tar.gz" -C "$work/rel-bin" --strip-components=1 "$t/lets"
fake_env=(env FAKE_VERSION="$v" FAKE_SERVE="$work/serve" PATH="$work/fake:$work/rel-bin:$PATH" TMPDIR="$work")
out=$(cd "$work" && "${fake_env[@]}" lets update --check 2>&1; echo "exit $?")
record "the release's lets asks the repository it was built for" \
	"$([ "$out" = "lets $v is the latest release"$'\n'"exit 0" ] && echo 0 || echo 1)" "$out"
before=$(stat -c %i "$work/rel-bin/lets")
out=$(cd "$work" && "${fake_env[@]}" lets update --force 2>&1; echo "exit $?")
tar -xzOf "$rel/$t.tar.gz" "$t/lets" | cmp -s - "$work/rel-bin/lets"
same=$?
record "lets update --force installs the release's tarball" \
	"$([ "$out" = "replaced with the latest release"$'\n'"exit 0" ] && [ $same = 0 ] &&
		[ "$(stat -c %i "$work/rel-bin/lets")" != "$before" ] && echo 0 || echo 1)" "$out"
printf 'x' >> "$work/serve/$t.tar.gz"
before=$(stat -c %i "$work/rel-bin/lets")
out=$(cd "$work" && "${fake_env[@]}" lets update --force 2>&1; echo "exit $?")
record "  a tampered tarball is refused, the binary kept, nothing left behind" \
	"$([ "${out%%(*}" = "update failed: $t.tar.gz does not match its line in SHA256SUMS " ] &&
		[ "${out##*$'\n'}" = "exit 7" ] && [ "$(stat -c %i "$work/rel-bin/lets")" = "$before" ] &&
		[ -z "$(ls -d "$work"/lets-update.* 2>/dev/null)" ] && echo 0 || echo 1)" "$out"
out=$(cd "$work" && "${fake_env[@]}" LETS_BIN_DIR="$work/inst-bin" sh "$rel/lets-installer.sh" 2>&1; echo "exit $?")
record "  the installer refuses the tampered tarball, installs nothing" \
	"$([ "${out%%(*}" = "lets-installer: $t.tar.gz does not match its line in SHA256SUMS " ] &&
		[ "${out##*$'\n'}" = "exit 1" ] && [ ! -e "$work/inst-bin/lets" ] && echo 0 || echo 1)" "$out"
cp "$rel/$t.tar.gz" "$work/serve/"
out=$(cd "$work" && "${fake_env[@]}" LETS_BIN_DIR="$work/inst-bin" sh "$rel/lets-installer.sh" 2>&1; echo "exit $?")
want="lets-installer: installed lets $v as $work/inst-bin/lets
lets-installer: $work/inst-bin is not on PATH: add it (export PATH=\"$work/inst-bin:\$PATH\") to run lets
exit 0"
record "the installer installs the release into LETS_BIN_DIR" \
	"$([ "$out" = "$want" ] && [ "$("$work/inst-bin/lets" version)" = "$version" ] && echo 0 || echo 1)" "$out"

# MAINTAINER= names another maintainer, in the control file and the changelog.
make -C "$top" --no-print-directory -s deb-build MAINTAINER="Jane O'Hara & Co <jane@example.net>" > "$work/make.log" 2>&1
got="$(dpkg-deb -f "$deb" Maintainer) / $(dpkg-deb --fsys-tarfile "$deb" | tar -xOf - ./usr/share/doc/lets/changelog.gz | zcat | grep '^ -- ' | sed 's/>  .*/>/')"
want="Jane O'Hara & Co <jane@example.net> /  -- Jane O'Hara & Co <jane@example.net>"
record "make deb-build MAINTAINER= names the maintainer" "$([ "$got" = "$want" ] && echo 0 || echo 1)" "$got"
exit $failed
