/* cmdline_lets_calls (src/hook/cmdline.h): which lets calls a shell command line holds, by verb,
 * and how many targets each names (issue 27 item 7). Each row is a command line and the calls
 * expected, written "verb:targets" separated by spaces, or "" for none. */
#include "buf.h"
#include "hook/cmdline.h"
#include "unit.h"
#include "verbs.h"

static const struct {
	const char *command, *want;
} cases[] = {
	{"lets show a", "show:1"},
	{"lets show a.ts b.ts:3-9 \"c d.ts\"", "show:3"},
	/* the command lines */
	{"cd src && lets edit x.ts y.ts --old a --new b", "edit:2"},
	{"timeout 10 lets find x", "find:0"},
	{"FOO=1 lets show a", "show:1"},
	{"lets show a && lets show b", "show:1 show:1"},
	{"xargs lets show", "show:0"},
	/* separators */
	{"lets show a; lets find x | head", "show:1 find:0"},
	{"lets show a || lets find b", "show:1 find:0"},
	{"lets show a & lets show b", "show:1 show:1"},
	{"lets show a|lets show b", "show:1 show:1"},
	{"lets show a\nlets show b c", "show:1 show:2"},
	{"(cd x && lets show a)", "show:1"},
	{"echo $(lets show a)", "show:1"},
	{"echo `lets show a`", "show:1"},
	{"if lets find x; then lets show a; fi", "find:0 show:1"},
	{"{ lets show a; }", "show:1"},
	{"! lets find x", "find:0"},
	/* what comes before the program */
	{"FOO=1 BAR=\"x y\" lets show a b", "show:2"},
	{"LETS_NO_STATS=1 lets show a", "show:1"},
	{"timeout -s KILL 10 lets find x src", "find:1"},
	{"timeout -k5 10s lets show a", "show:1"},
	{"timeout --signal TERM 10 lets show a", "show:1"},
	{"git ls-files | xargs -0 lets show", "show:0"},
	{"xargs -n 1 -I {} lets show {}", "show:1"},
	{"xargs -I{} lets show {}", "show:1"},
	{"timeout 10s xargs -r lets show", "show:0"},
	{"env -u X FOO=1 lets show a", "show:1"},
	{"env lets show a", "show:1"},
	{"sudo -u me lets show a", "show:1"},
	{"nice -n 5 lets show a", "show:1"},
	{"time lets show a", "show:1"},
	{"nohup lets stats &", "stats:0"},
	{"exec lets mcp", "mcp:0"},
	{"command lets show a", "show:1"},
	{"bash -c 'lets show a b'", "show:2"},
	{"sh -ec \"lets find x src && lets show a\"", "find:1 show:1"},
	{"/usr/local/bin/lets locate x .", "find:1"},
	{"'/opt/my tools/lets' show a", "show:1"},
	/* option values are not targets: the verb's own table */
	{"lets edit a.ts --line-hint 3 --old x --new y", "edit:1"},
	{"lets edit a.ts b.ts --exact --old x --new y", "edit:2"},
	{"lets edit a.ts --old=x --new=y b.ts", "edit:2"},
	{"lets find -iC 2 pat src", "find:1"},
	{"lets find -C2 pat src test", "find:2"},
	{"lets show a.ts -A2 b.ts", "show:2"},
	{"lets show a.ts -A 2 b.ts --window 5", "show:2"},
	{"lets show --no-numbers a.ts b.ts", "show:2"},
	{"lets show -- -a.ts b.ts", "show:2"},
	{"lets transform a.json --set x=1 --delete y", "transform:1"},
	{"lets paths '*.c' src", "paths:1"},
	{"lets stats --dir d --since 7d", "stats:0"},
	{"lets hooks install claude-code", "hooks:0"},
	{"lets completions bash", "completions:0"},
	/* redirections and heredocs */
	{"lets show a.ts 2>/dev/null", "show:1"},
	{"lets show a.ts > out.txt b.ts", "show:2"},
	{"lets show a.ts 2>&1 | head", "show:1"},
	{"lets show a.ts &>/dev/null", "show:1"},
	{"lets write f.txt <<'EOF'\nlets show x\nEOF\nlets show y", "write:1 show:1"},
	{"lets edit --from - <<-EOF\n\tlets show x\n\tEOF\nlets guide", "edit:0 guide:0"},
	{"lets show a \\\n  b", "show:2"},
	/* not lets calls */
	{"echo lets show a b", ""},
	{"echo \"lets show a && lets show b\"", ""},
	{"git commit -m 'run lets show a'", ""},
	{"command -v lets", ""},
	{"which lets", ""},
	{"mylets show a", ""},
	{"lets", ""},
	{"lets --version", ""},
	{"lets nosuchverb a", ""},
	{"# lets show a", ""},
	{"ls # lets show a", ""},
	{"cat lets", ""},
	{"bash script.sh lets show a", ""},
	{"", ""},
};

int main(void)
{
	unit_begin("cmdline");
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct cmdline_calls calls = CMDLINE_CALLS_INIT;
		cmdline_lets_calls(cases[i].command, strlen(cases[i].command), &calls);
		struct buf got = BUF_INIT;
		for (size_t k = 0; k < calls.n; k++)
			buf_addf(&got, "%s%s:%ld", k ? " " : "", calls.v[k].verb->name, calls.v[k].targets);
		unit_str(cases[i].command, buf_str(&got), cases[i].want);
		buf_release(&got);
		cmdline_calls_release(&calls);
	}
	return unit_end();
}
