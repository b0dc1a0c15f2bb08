#!/usr/bin/env bash
# Runs CLI transcript cases against a lets binary.
#
#   tests/run-cases.sh LETS_BINARY [CASE_FILES_OR_DIRS...]     (default: tests/cases)
#
# Case file format (several cases per file):
#
#   ### title                   starts a case; runs to the next "### " or EOF
#   # comment                   ignored, but only before the "$ " line (output may start with #)
#   @fixture NAME               sandbox copied from tests/fixtures/NAME (default: default)
#   @env NAME=value             environment for the command (repeatable)
#   @scratch GLOB               a file the command changes that the case does not pin: its own
#                               scaffolding (a racer's target, output it checks otherwise)
#   % shell line                setup, run with bash in the sandbox before the command (repeatable)
#   --- stdin                   lines up to the "$ " line are the command's stdin (else /dev/null)
#   $ command                   run with bash -c in the sandbox
#   ? N                         expected exit code (default 0)
#   expected stdout lines
#   --- stderr
#   expected stderr lines
#   --- file PATH               the bytes of PATH (in the sandbox) after the command, line by line
#   expected file lines         (repeatable, after stdout/stderr; the same matching rules; a file
#                               that ends without a newline fails, as output does, unless the
#   \ No newline at end of file section ends with this line, diff's marker: then it must)
#
# A case expecting exit 0 must pin every file its command creates or changes (in the work tree
# or in HOME, "../home/PATH"): with a --- file section, or by printing the file's whole bytes on
# the stdout it expects, as cat, cat -A or od -c print them, or by naming it @scratch. Otherwise
# the case fails, naming the file: a rendered region comes from the in-memory copy, so only the
# bytes on disk prove the publish happened. A file changed is one no older than a marker made just
# before the command, except a file a setup line left in the marker's clock tick whose bytes are
# the same (bash's own stat and read: no process a case).
#
# Each expected line must equal the actual line byte for byte, except that "[..]" matches any run
# of characters; the line counts must be equal, except that an expected line "[...]" alone matches
# any number of lines (for text the spec does not pin, such as --help); an absent section means
# "must be empty". Trailing
# blank lines of a case's last section separate cases and are not content. The command sees PATH
# starting with a directory holding `lets` (a symlink to the binary), no LETS_* variables (nor
# CLAUDE_CONFIG_DIR, CODEX_HOME) except those set by @env, HOME inside the sandbox, and LC_ALL=C.UTF-8.
#
# Case files run in parallel, RUN_CASES_JOBS at a time (default: the number of CPUs); the report
# is printed in file order. Sandboxes live in a mktemp -d directory under ${TMPDIR:-/tmp}, removed
# at the end (TMPDIR=/dev/shm runs about three times faster than an ext4 /tmp).
#
# With LETS_TEST_RESULTS set, "pass <file>:<title>" / "fail <file>:<title>" lines are appended to
# it. The last line printed is "N passed, N failed"; the exit status is 1 if any case failed.
set -u
shopt -s globstar nullglob

die() { printf 'run-cases: %s\n' "$*" >&2; exit 2; }

[ $# -ge 1 ] || die "usage: tests/run-cases.sh LETS_BINARY [CASE_FILES_OR_DIRS...]"
bin=$1
label=$1 # names the binary in result lines, so an ASan-only failure says which run failed
shift
if ! [ -x "$bin" ] || ! [ -f "$bin" ]; then die "$bin is not an executable file"; fi
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
fixtures=$here/fixtures
[ $# -gt 0 ] || set -- "$here/cases"

results=${LETS_TEST_RESULTS:-}
if [ -n "$results" ]; then
	case $results in /*) ;; *) results=$PWD/$results ;; esac
fi
# The command under test must not inherit the caller's lets settings, nor the agents' directories
# that hooks and stats read.
for v in $(compgen -e); do
	case $v in LETS_* | CLAUDE_CONFIG_DIR | CODEX_HOME) unset "$v" ;; esac
done

files=()
for a in "$@"; do
	if [ -d "$a" ]; then
		for f in "$a"/**/*.t; do files+=("$f"); done
	elif [ -f "$a" ]; then
		files+=("$a")
	else
		die "$a: no such case file or directory"
	fi
done

run=$(mktemp -d "${TMPDIR:-/tmp}/lets-cases.XXXXXX") || die "mktemp failed"
trap 'rm -rf "$run"' EXIT
mkdir "$run/bin"
ln -s "$bin" "$run/bin/lets"
path=$run/bin:$PATH

passed=0
failed=0
seq=0
no_eol='\ No newline at end of file'

# Turns an expected line into a [[ == ]] pattern: glob characters are escaped, "[..]" becomes *.
to_glob() {
	local s=$1 out="" c
	while [ -n "$s" ]; do
		if [ "${s:0:4}" = "[..]" ]; then
			out+='*'
			s=${s:4}
			continue
		fi
		c=${s:0:1}
		case $c in
		'*' | '?' | '[' | ']' | "\\") out+="\\$c" ;;
		*) out+=$c ;;
		esac
		s=${s:1}
	done
	glob=$out
}

# line_matches EXPECTED ACTUAL: one line, "[..]" matching any run of characters.
line_matches() {
	[ "$1" = "$2" ] && return 0
	[[ $1 == *"[..]"* ]] || return 1
	to_glob "$1"
	# shellcheck disable=SC2053
	[[ $2 == $glob ]]
}

# match_from I J END: exp[I..END) matches lines[J..], where an expected line "[...]" matches any
# number of lines (backtracking; cases hold few of them).
match_from() {
	local i=$1 j=$2 end=$3 k
	while [ "$i" -lt "$end" ]; do
		if [ "${exp[i]}" = "[...]" ]; then
			for ((k = ${#lines[@]}; k >= j; k--)); do
				match_from $((i + 1)) $k "$end" && return 0
			done
			return 1
		fi
		[ "$j" -lt ${#lines[@]} ] || return 1
		line_matches "${exp[i]}" "${lines[j]}" || return 1
		i=$((i + 1)) j=$((j + 1))
	done
	[ "$j" -eq ${#lines[@]} ]
}

# compare NAME EXPECTED_LINES_ARRAY_NAME ACTUAL_FILE: on a difference, appends a diff to report.
compare() {
	local name=$1 file=$3 act="" i n
	local -n exp=$2
	# read stops at a NUL byte and then succeeds: bash strings cannot hold the rest, so say so.
	if IFS= read -r -d '' act <"$file"; then
		report+="  $name holds a NUL byte (shown up to it):"$'\n'"$(printf '%s' "$act" | sed 's/^/    /')"$'\n'
		return
	fi
	local want="" n_exp=${#exp[@]} eol=1
	# a file section may end in diff's marker: the file's last line has no newline
	if [[ $name == file:* ]] && [ "$n_exp" -gt 0 ] && [ "${exp[n_exp - 1]}" = "$no_eol" ]; then
		eol=0 n_exp=$((n_exp - 1))
	fi
	for ((i = 0; i < n_exp; i++)); do want+="${exp[i]}"$'\n'; done
	[ $eol = 1 ] || want=${want%$'\n'}
	[ "$act" = "$want" ] && return
	local -a lines=()
	local complete=1
	if [ -n "$act" ]; then
		[ "${act: -1}" = $'\n' ] || complete=0
		mapfile -t lines <<<"${act%$'\n'}"
	fi
	# after the marker the lines are matched as those of a text that ends as it should
	[ $eol = 1 ] || complete=$((!complete))
	if [ $complete = 1 ] && [[ $'\n'$want$'\n' == *$'\n[...]\n'* ]]; then
		match_from 0 0 "$n_exp" && return
	elif [ $complete = 1 ] && [ ${#lines[@]} -eq "$n_exp" ] && [[ $want == *"[..]"* ]]; then
		local ok=1
		for ((i = 0; i < n_exp; i++)); do
			if [ "${exp[i]}" != "${lines[i]}" ]; then
				to_glob "${exp[i]}"
				# shellcheck disable=SC2053
				[[ ${lines[i]} == $glob ]] || { ok=0; break; }
			fi
		done
		[ $ok = 1 ] && return
	fi
	# Show matched wildcard lines as the actual text so the diff points at the real difference.
	local shown=""
	n=$n_exp
	for ((i = 0; i < n; i++)); do
		if [[ ${exp[i]} == *"[..]"* ]] && [ $i -lt ${#lines[@]} ]; then
			to_glob "${exp[i]}"
			# shellcheck disable=SC2053
			if [[ ${lines[i]} == $glob ]]; then
				shown+="${lines[i]}"$'\n'
				continue
			fi
		fi
		shown+="${exp[i]}"$'\n'
	done
	[ $eol = 1 ] || shown+="$no_eol"$'\n'
	printf '%s' "$shown" >"$sb/expected.$name"
	{
		printf '%s' "$act"
		if [ -n "$act" ] && [ "${act: -1}" != $'\n' ]; then
			if [[ $name == file:* ]]; then
				printf '\n%s\n' "$no_eol"
			else
				printf '\n\\ no newline at end of %s\n' "$name"
			fi
		fi
	} >"$sb/actual.$name"
	report+="  $name differs (- expected, + actual):"$'\n'
	report+=$(diff -u --label "expected $name" --label "actual $name" "$sb/expected.$name" \
		"$sb/actual.$name" | sed 's/^/    /')
	report+=$'\n'
}

# before_command: a marker file, made just before the command, that changed_files compares each
# file's mtime with (bash's own stat: no process). A fixture's files are older (cp -a kept their
# mtimes); a file a setup line wrote may share the marker's clock tick, so its bytes are kept too.
before_command() {
	: >"$sb/mark"
	c_recent=()
	[ ${#c_setup[@]} -gt 0 ] || return 0
	local f content
	shopt -s dotglob
	for f in "$w"/** "$sb/home"/**; do
		[[ -f $f && ! -L $f && ! $f -ot $sb/mark ]] || continue
		content=""
		IFS= read -r -d '' content 2>/dev/null <"$f"
		c_recent[$f]=$content
	done
	shopt -u dotglob
}

# changed_files: into the array changed, the regular files of the work tree and HOME the command
# created or changed: those newer than the marker, or as new as it when the file was not there
# then or (a setup line's, in the marker's tick) its bytes differ (up to a NUL byte).
changed_files() {
	changed=()
	local f content
	shopt -s dotglob
	for f in "$w"/** "$sb/home"/**; do
		[[ -f $f && ! -L $f && ! $f -ot $sb/mark ]] || continue
		if [[ ! $f -nt $sb/mark && -n ${c_recent[$f]+set} ]]; then
			content=""
			IFS= read -r -d '' content 2>/dev/null <"$f"
			[ "$content" != "${c_recent[$f]}" ] || continue
		fi
		changed+=("$f")
	done
	shopt -u dotglob
}

# pinned_by_stdout FILE: the stdout holds FILE's whole bytes as cat, cat -A or od -c print them.
pinned_by_stdout() {
	local content="" out="" shown
	IFS= read -r -d '' content <"$1"
	IFS= read -r -d '' out <"$sb/stdout"
	[ -n "$content" ] || return 1
	[[ $out == *"$content"* ]] && return 0
	shown=$(cat -A "$1") && [[ $out == *"$shown"* ]] && return 0
	shown=$(od -An -c "$1") && [[ $out == *"$shown"* ]] && return 0
	shown=$(od -c "$1") && [[ $out == *"$shown"* ]]
}

# After a command that exited 0: each file it created or changed that no --- file section, @scratch
# line nor the stdout pins is named in the report.
unpinned_changes() {
	local -a changed
	changed_files
	[ ${#changed[@]} -gt 0 ] || return 0
	local -A pinned=()
	local f p k
	for ((k = 0; k < ${#c_files[@]}; k++)); do pinned[${c_files[k]#./}]=1; done
	for f in "${changed[@]}"; do
		case $f in "$w"/*) p=${f#"$w"/} ;; *) p=../home/${f#"$sb/home"/} ;; esac
		[ -z "${pinned[$p]:-}" ] || continue
		for k in "${c_scratch[@]}"; do
			# shellcheck disable=SC2053
			[[ $p == $k ]] && continue 2
		done
		pinned_by_stdout "$f" ||
			report+="  the command changed $p and exited 0, but no --- file section pins it"$'\n'
	done
}

# Runs the case held in the c_* variables.
run_case() {
	seq=$((seq + 1))
	sb=$run/c$fileno.$seq
	local w=$sb/w
	report=""
	mkdir -p "$sb/home"
	if [ ! -d "$fixtures/$c_fixture" ]; then
		report="  no fixture tests/fixtures/$c_fixture"$'\n'
	elif [ -z "$c_cmd" ]; then
		report="  no \"\$ \" command line"$'\n'
	else
		cp -a "$fixtures/$c_fixture" "$w"
		local setup_ok=1
		if [ ${#c_setup[@]} -gt 0 ]; then
			local script="set -e"$'\n'
			local s
			for s in "${c_setup[@]}"; do script+="$s"$'\n'; done
			(cd "$w" && HOME=$sb/home LC_ALL=C.UTF-8 PATH=$path bash -c "$script") >"$sb/setup.out" 2>&1
			local rc=$?
			if [ $rc != 0 ]; then
				setup_ok=0
				report="  setup failed (exit $rc):"$'\n'"$(sed 's/^/    /' "$sb/setup.out")"$'\n'
			fi
		fi
		if [ $setup_ok = 1 ]; then
			local in=/dev/null
			if [ "$c_has_stdin" = 1 ]; then
				in=$sb/stdin
				local l
				: >"$in"
				for l in "${c_stdin[@]}"; do printf '%s\n' "$l" >>"$in"; done
			fi
			[ "$c_code" != 0 ] || before_command
			(
				cd "$w" || exit 125
				export HOME=$sb/home LC_ALL=C.UTF-8 PATH=$path
				local e
				for e in "${c_env[@]}"; do export "${e?}"; done
				exec timeout -k 2 30 bash -c "$c_cmd"
			) <"$in" >"$sb/stdout" 2>"$sb/stderr"
			local code=$?
			if [ "$code" != "$c_code" ]; then
				report+="  exit code: expected $c_code, got $code"$'\n'
			fi
			compare stdout c_out "$sb/stdout"
			compare stderr c_err "$sb/stderr"
			[ "$c_code" != 0 ] || [ "$code" != 0 ] || unpinned_changes
			local k
			for ((k = 0; k < ${#c_files[@]}; k++)); do
				if [ -f "$w/${c_files[k]}" ]; then
					compare "file:${c_files[k]//\//_}" "c_file$k" "$w/${c_files[k]}"
				else
					report+="  file ${c_files[k]} does not exist"$'\n'
				fi
			done
		fi
	fi
	rm -rf "$sb"
	if [ -z "$report" ]; then
		passed=$((passed + 1))
		printf 'pass %s:%s\n' "$c_file" "$c_title" >>"$res"
	else
		failed=$((failed + 1))
		printf 'FAIL %s:%s: %s\n  $ %s\n%s\n' "$c_file" "$c_line" "$c_title" "$c_cmd" "$report"
		printf 'fail %s:%s\n' "$c_file" "$c_title" >>"$res"
	fi
}

# Drops the trailing blank lines of the array named $1.
trim_blank() {
	local -n a=$1
	while [ ${#a[@]} -gt 0 ] && [ -z "${a[-1]}" ]; do unset 'a[-1]'; done
}

finish_case() {
	[ -n "$c_title" ] || return 0
	case $c_state in
	err) trim_blank c_err ;;
	file) trim_blank "c_file$((${#c_files[@]} - 1))" ;;
	*) trim_blank c_out ;;
	esac
	run_case
	c_title=""
}

new_case() {
	c_title=$1 c_line=$2 c_fixture=default c_cmd="" c_code=0 c_has_stdin=0 c_state=pre
	c_setup=() c_env=() c_stdin=() c_out=() c_err=() c_files=() c_scratch=()
	declare -gA c_recent=()
}

# Opens a "--- file PATH" section: its lines go to the array c_file<N>.
new_file_section() {
	declare -ga "c_file${#c_files[@]}=()"
	c_files+=("$1")
	c_state=file
}

# Runs every case of one file; prints its failure reports, writes its counts and results.
run_file() {
	local f=$1
	res=$run/res.$fileno
	: >"$res"
	c_file=${f#"$PWD"/}
	c_title=""
	mapfile -t flines <"$f"
	for ((ln = 0; ln < ${#flines[@]}; ln++)); do
		l=${flines[ln]}
		if [ "${l:0:4}" = "### " ]; then
			finish_case
			new_case "${l:4}" $((ln + 1))
			continue
		fi
		[ -n "$c_title" ] || continue
		case $c_state in
		pre)
			case $l in
			'$ '*) c_cmd=${l:2} c_state=code ;;
			'% '*) c_setup+=("${l:2}") ;;
			'@fixture '*) c_fixture=${l:9} ;;
			'@env '*) c_env+=("${l:5}") ;;
			'@scratch '*) c_scratch+=("${l:9}") ;;
			'--- stdin') c_has_stdin=1 c_state=stdin ;;
			'#'* | '') ;;
			*) printf 'run-cases: %s:%d: unexpected line before "$ ": %s\n' "$c_file" $((ln + 1)) "$l" >&2
			   c_cmd="" c_state=bad ;;
			esac
			;;
		stdin)
			case $l in
			'$ '*) c_cmd=${l:2} c_state=code ;;
			*) c_stdin+=("$l") ;;
			esac
			;;
		code)
			c_state=out
			if [[ $l =~ ^\?\ ([0-9]+)$ ]]; then
				c_code=${BASH_REMATCH[1]}
			else
				c_out+=("$l")
			fi
			;;
		out)
			case $l in
			'--- stderr') c_state=err ;;
			'--- file '*) new_file_section "${l:9}" ;;
			*) c_out+=("$l") ;;
			esac
			;;
		err)
			case $l in
			'--- file '*) new_file_section "${l:9}" ;;
			*) c_err+=("$l") ;;
			esac
			;;
		file)
			case $l in
			'--- file '*) new_file_section "${l:9}" ;;
			*) declare -n cf="c_file$((${#c_files[@]} - 1))"; cf+=("$l"); unset -n cf ;;
			esac
			;;
		bad) ;;
		esac
	done
	finish_case
	echo "$passed $failed" >"$run/count.$fileno"
}

# Files run in parallel (RUN_CASES_JOBS, default: the number of CPUs); reports and results are
# gathered in file order, so the output does not depend on scheduling.
jobs=${RUN_CASES_JOBS:-$(nproc 2>/dev/null || echo 2)}
running=0
for ((fileno = 0; fileno < ${#files[@]}; fileno++)); do
	if [ "$running" -ge "$jobs" ]; then
		wait -n
		running=$((running - 1))
	fi
	run_file "${files[fileno]}" >"$run/out.$fileno" &
	running=$((running + 1))
done
wait
for ((fileno = 0; fileno < ${#files[@]}; fileno++)); do
	cat "$run/out.$fileno"
	if [ -f "$run/count.$fileno" ]; then
		read -r p f <"$run/count.$fileno"
	else
		p=0 f=1
		echo "FAIL ${files[fileno]}: the runner died on this file"
		echo "fail ${files[fileno]}:(runner)" >>"$run/res.$fileno"
	fi
	passed=$((passed + p)) failed=$((failed + f))
	[ -z "$results" ] || sed -E "s#^(pass|fail) #\1 [$label] #" "$run/res.$fileno" >>"$results"
done

echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
