#!/usr/bin/env bash
# Escape corpus: paths built from `..`, absolute prefixes, missing directories, symlinks to files
# and directories in and out of the tree, dangling links, link loops and chains longer than the
# kernel follows, each run through show, find, edit and write. For every case the verdict must
# agree with an independent oracle (`realpath -m`: inside the tree, outside it, or unresolvable,
# which must count as outside): outside means exit 6 and no byte of the outside file in the
# output; inside means anything but outside_tree. After every case the directory beside the tree
# must be byte for byte what it was: 0 writes outside.
#   tests/stress/escape.sh LETS_BINARY
# Appends "pass stress/escape ..." or "fail stress/escape ..." to $LETS_TEST_RESULTS when set.
set -u
lets=$(realpath "${1:?usage: tests/stress/escape.sh LETS_BINARY}")
work=$(mktemp -d "${TMPDIR:-/tmp}/lets-escape.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2
work=$(pwd -P)

record() {
	[ -n "${LETS_TEST_RESULTS:-}" ] && echo "$1" >> "$LETS_TEST_RESULTS"
	echo "$1"
}

fixture() {
	rm -rf repo outside
	mkdir -p repo/.git repo/sub/deep outside/dir
	echo 'SECRET-OUTSIDE' > outside/secret.txt
	echo 'SECRET-OUTSIDE' > outside/dir/secret.txt
	echo 'inside text' > repo/in.txt
	echo 'inside text' > repo/sub/deep/f.txt
	ln -s ../outside/secret.txt repo/l_out_file
	ln -s ../outside repo/l_out_dir
	ln -s "$work/outside" repo/l_abs_out_dir
	ln -s "$work/outside/secret.txt" repo/l_abs_out_file
	ln -s in.txt repo/l_in
	ln -s sub repo/l_in_dir
	ln -s ../.. repo/sub/up
	ln -s ../outside/new.txt repo/l_dangling_out
	ln -s new-in.txt repo/l_dangling_in
	ln -s loop_b repo/loop_a
	ln -s loop_a repo/loop_b
	ln -s ../outside/secret.txt repo/c0
	for ((i = 1; i <= 45; i++)); do ln -s "c$((i - 1))" "repo/c$i"; done
	ln -s c10 repo/short_chain
	ln -s "$work/repo/in.txt" repo/l_abs_in
}

state() { (cd "$work/outside" && find . -printf '%p %s %y\n' | sort && cat dir/secret.txt secret.txt) | md5sum; }

paths=()
for pre in "" "sub/deep/" "nope/" "nope/x/" "$work/repo/" "l_in_dir/deep/"; do
	for mid in ".." "../.." "../../outside" "../outside" "l_out_dir" "l_abs_out_dir" "sub/up/outside"; do
		for leaf in secret.txt new.txt; do
			paths+=("$pre$mid/$leaf")
		done
	done
done
for p in l_out_file l_abs_out_file l_dangling_out l_dangling_in l_in l_abs_in loop_a c45 c40 c10 short_chain \
	"$work/outside/secret.txt" "$work/repo/in.txt" "/etc/hostname" "/" ".." "../outside" "nope/../in.txt" \
	"sub/../../repo/in.txt" "sub/up/repo/in.txt" "l_in_dir/../in.txt" "l_out_dir/../repo/in.txt" "in.txt/../in.txt"; do
	paths+=("$p")
done

cases=0 fail=0 outside_n=0
oracle() { # path -> $want, $real
	if ! real=$(cd "$work/repo" && realpath -m -- "$p" 2>/dev/null); then
		want=outside
	elif (cd "$work/repo" && realpath -e -- "$p" 2>&1 | grep -q 'Too many levels'); then
		want=outside # a loop or an over-long chain cannot be proven inside
	elif [ "$real" = "$work/repo" ] || [[ $real == "$work/repo/"* ]]; then
		want=inside
	else
		want=outside
	fi
}

check() { # verb path status output
	local verb=$1 p=$2 st=$3 out=$4
	cases=$((cases + 1))
	if [ "$want" = outside ]; then
		outside_n=$((outside_n + 1))
		[ "$st" -eq 6 ] || { echo "$verb $p: resolves outside but exited $st" >&2; fail=$((fail + 1)); }
	elif [ "$st" -eq 6 ]; then
		echo "$verb $p: resolves inside ($real) but was refused as outside" >&2
		fail=$((fail + 1))
	fi
	if grep -q 'SECRET-OUTSIDE' <<<"$out"; then
		echo "$verb $p: printed the outside file" >&2
		fail=$((fail + 1))
	fi
}

fixture
before=$(state)
for p in "${paths[@]}"; do
	oracle "$p"
	for verb in show find edit write; do
		case $verb in
		show) out=$(cd repo && "$lets" show "$p" 2>&1) ;;
		find) out=$(cd repo && "$lets" find SECRET "$p" 2>&1) ;;
		edit) out=$(cd repo && "$lets" edit "$p" --old SECRET --new PWNED 2>&1) ;;
		write) out=$(cd repo && echo PWNED | "$lets" write "$p" --force 2>&1) ;;
		esac
		st=$?
		check "$verb" "$p" "$st" "$out"
	done
	if [ "$(state)" != "$before" ]; then
		echo "$p: the directory outside the tree changed (show, find, edit or write)" >&2
		fail=$((fail + 1))
		fixture
	fi
done

# a vanished working directory: relative paths are io_error, absolute ones outside
mkdir -p repo/gone
for p in rel.txt "$work/outside/secret.txt" "$work/outside/new.txt"; do
	for verb in show write; do
		case $verb in
		show) out=$(cd repo/gone && rmdir ../gone && "$lets" show "$p" 2>&1) ;;
		write) out=$(cd repo/gone && rmdir ../gone && echo PWNED | "$lets" write "$p" --force 2>&1) ;;
		esac
		st=$?
		mkdir -p repo/gone
		cases=$((cases + 1))
		want=6
		[ "$p" = rel.txt ] && want=7
		[ "$st" -eq "$want" ] || { echo "$verb $p from a vanished cwd: exit $st, want $want" >&2; fail=$((fail + 1)); }
		[ "$(state)" = "$before" ] || { echo "$verb $p from a vanished cwd wrote outside" >&2; fail=$((fail + 1)); fixture; }
	done
done

summary="$cases cases ($outside_n outside): $fail failures"
if [ "$fail" -eq 0 ] && [ "$cases" -ge 200 ]; then
	record "pass stress/escape ($summary)"
else
	record "fail stress/escape ($summary)"
	exit 1
fi
