#!/usr/bin/env bash
# The include graph among src/'s modules has no cycle, except the known ones listed below, and that
# list can only shrink. A module is a top-level .c/.h pair (src/opt.c and src/opt.h are "opt") or
# a directory under src/ ("verb/", "edit/"); an edge is an #include "…" from a file of one module
# of a file of another. A cycle is a strongly connected set of modules (each reaches every other).
#
# Fails when a cycle is not inside a known one (a new cycle), and when a known one is not exactly a
# cycle of the tree any more (it shrank or went: shrink the list with it). Each failing cycle is
# printed with its edges and, for each edge, a file that makes it. One "pass"/"fail" line goes to
# $LETS_TEST_RESULTS.
#   tests/include-cycles.sh [--graph]     --graph prints the module edges and exits
set -u
cd "$(dirname "$0")/.."
results=${LETS_TEST_RESULTS:-/dev/null}

# Known cycles, each as its modules sorted and space-separated, with why it is still there.
known=()

module() { # src-relative path -> module name
	case $1 in
	*/*) echo "${1%%/*}/" ;;
	*) echo "${1%.*}" ;;
	esac
}

edges=$(git ls-files 'src/*.c' 'src/*.h' | while IFS= read -r f; do
	rel=${f#src/}
	from=$(module "$rel")
	sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f" | while IFS= read -r inc; do
		to=$(realpath -m --relative-to=src "$(dirname "$f")/$inc")
		case $to in ../*) continue ;; esac # outside src/ (none today)
		to=$(module "$to")
		[ "$from" != "$to" ] && echo "$from $to $f"
	done
done | sort -k1,1 -k2,2 -u)

if [ "${1:-}" = --graph ]; then
	echo "$edges" | awk '{ print $1 " -> " $2 "   (" $3 ")" }'
	exit 0
fi

# The cycles: for each module, the set of modules it reaches and that reach it (transitive closure
# by Floyd-Warshall; there are some sixty modules).
cycles=$(echo "$edges" | awk '
	{ if (!($1 in id)) { id[$1] = n; name[n++] = $1 } if (!($2 in id)) { id[$2] = n; name[n++] = $2 }
	  r[id[$1], id[$2]] = 1 }
	END {
		for (k = 0; k < n; k++)
			for (i = 0; i < n; i++)
				if (r[i, k])
					for (j = 0; j < n; j++)
						if (r[k, j]) r[i, j] = 1
		for (i = 0; i < n; i++) {
			if (done[i] || !r[i, i]) continue
			set = ""
			for (j = 0; j < n; j++)
				if (r[i, j] && r[j, i]) { done[j] = 1; set = set " " name[j] }
			print substr(set, 2)
		}
	}' | while IFS= read -r c; do tr ' ' '\n' <<<"$c" | sort | paste -sd' '; done | sort)

# The edges inside a cycle, with the file that makes each.
show_cycle() {
	local members=" $1 "
	echo "$edges" | while read -r a b f; do
		case $members in *" $a "*) case $members in *" $b "*) echo "    $a -> $b   ($f includes it)" ;; esac ;; esac
	done
}

subset() { # is every word of $1 a word of $2?
	local w
	for w in $1; do case " $2 " in *" $w "*) ;; *) return 1 ;; esac; done
}

status=0
while IFS= read -r c; do
	[ -n "$c" ] || continue
	inside=
	for k in "${known[@]}"; do subset "$c" "$k" && inside=1; done
	if [ -z "$inside" ]; then
		echo "include-cycles: a new cycle among src/'s modules: $c" >&2
		show_cycle "$c" >&2
		status=1
	fi
done <<<"$cycles"
for k in "${known[@]}"; do
	if ! grep -qxF "$k" <<<"$cycles"; then
		echo "include-cycles: the known cycle \"$k\" is no longer a cycle of the tree; the cycles now are:" >&2
		sed 's/^/    /' <<<"${cycles:-(none)}" >&2
		echo "  shrink the known list in tests/include-cycles.sh to match" >&2
		status=1
	fi
done
n_modules=$(echo "$edges" | awk '{ print $1; print $2 }' | sort -u | wc -l)
n_edges=$(echo "$edges" | wc -l)
if [ $status -eq 0 ]; then
	echo "include-cycles: $n_modules modules, $n_edges edges, ${#known[@]} known cycles, no other"
	echo "pass include-cycles ($n_modules modules, $n_edges edges, ${#known[@]} known cycles)" >>"$results"
else
	echo "fail include-cycles" >>"$results"
fi
exit $status
