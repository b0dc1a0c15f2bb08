/* The ignore matcher (ignore.h, walk.h) against git itself: for each table row a scratch git
 * repository gets the row's .gitignore files and paths, and for every path the walk's decision
 * (walk_path_ignored) must equal `git check-ignore --no-index` — git is the oracle, so no expected
 * value here is typed by hand. A second table pins wildmatch on cases from git's own t3070. */
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "buf.h"
#include "ignore.h"
#include "unit.h"
#include "walk.h"

extern char **environ;

static int run(char *const argv[])
{
	pid_t pid;
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	int rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc)
		return -1;
	int st;
	if (waitpid(pid, &st, 0) < 0 || !WIFEXITED(st))
		return -1;
	return WEXITSTATUS(st);
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return;
	fputs(text, f);
	fclose(f);
}

/* Creates path (a trailing "/" makes a directory), parents included. */
static void make_path(const char *path)
{
	char buf[512];
	snprintf(buf, sizeof(buf), "%s", path);
	for (char *p = buf + 1; *p; p++)
		if (*p == '/') {
			*p = '\0';
			mkdir(buf, 0755);
			*p = '/';
		}
	size_t n = strlen(buf);
	if (n && buf[n - 1] == '/')
		return;
	write_file(buf, "x\n");
}

struct row {
	const char *name;
	const char *root; /* .gitignore at the top */
	const char *sub; /* sub/.gitignore, or NULL */
	const char *exclude; /* .git/info/exclude, or NULL */
	const char *paths[12];
};

static const struct row rows[] = {
	{"plain name at any depth", "a.txt\n", NULL, NULL, {"a.txt", "sub/a.txt", "b.txt", "a.txt.bak"}},
	{"leading slash anchors", "/a.txt\n", NULL, NULL, {"a.txt", "sub/a.txt", "x/y/a.txt"}},
	{"inner slash anchors", "sub/a.txt\n", NULL, NULL, {"sub/a.txt", "x/sub/a.txt", "a.txt"}},
	{"negation re-includes, last line wins",
	 "*.log\n!keep.log\n",
	 NULL,
	 NULL,
	 {"a.log", "keep.log", "sub/keep.log", "sub/b.log"}},
	{"negation first, then ignore: ignore wins", "!keep.log\n*.log\n", NULL, NULL, {"keep.log", "a.log"}},
	{"no re-include inside an excluded directory",
	 "dir/\n!dir/keep.txt\n",
	 NULL,
	 NULL,
	 {"dir/keep.txt", "dir/other.txt", "keep.txt"}},
	{"directory-only pattern",
	 "build/\n",
	 NULL,
	 NULL,
	 {"build/out.o", "sub/build", "sub/build2/x", "src/build/y"}},
	{"leading **/", "**/gen\n", NULL, NULL, {"gen/a", "x/gen/b", "x/y/gen/c", "gen.txt", "x/gen.txt"}},
	{"inner /**/", "a/**/b\n", NULL, NULL, {"a/b", "a/x/b", "a/x/y/b", "ab", "x/a/b"}},
	{"trailing /**", "a/**\n", NULL, NULL, {"a/x", "a/y/z", "b/a/x"}},
	{"**/dir/**/*.js",
	 "**/foo/**/*.js\n",
	 NULL,
	 NULL,
	 {"foo/a.js", "x/foo/y/b.js", "foo/a.ts", "xfoo/a.js"}},
	{"** not between slashes is a plain star",
	 "foo**bar\n",
	 NULL,
	 NULL,
	 {"foobar", "fooxbar", "foo/bar", "fooxx/bar"}},
	{"literal prefix then ** (git's prefix rule)",
	 "a/b**/c\n",
	 NULL,
	 NULL,
	 {"a/b/c", "a/bx/c", "a/b/x/c"}},
	{"star stops at a slash", "a*/b\n", NULL, NULL, {"ab/b", "a/b", "a/x/b", "axx/b"}},
	{"dir/* ignores the children", "foo/*\n", NULL, NULL, {"foo/a", "foo/b/c", "foo"}},
	{"escaped hash is not a comment",
	 "\\#notes\n#comment.txt\n",
	 NULL,
	 NULL,
	 {"#notes", "#comment.txt", "notes"}},
	{"escaped bang is not a negation", "\\!bang\n", NULL, NULL, {"!bang", "bang"}},
	{"escaped star is literal", "\\*star\n", NULL, NULL, {"*star", "xstar"}},
	{"escaped question mark", "a\\?b\n", NULL, NULL, {"a?b", "axb"}},
	{"trailing spaces are trimmed", "foo   \n", NULL, NULL, {"foo", "foo   "}},
	{"an escaped trailing space is kept", "bar\\ \n", NULL, NULL, {"bar ", "bar"}},
	{"escaped space then unescaped spaces", "baz\\   \n", NULL, NULL, {"baz ", "baz", "baz   "}},
	{"character classes",
	 "[abc].txt\n[!a]1.md\n[a-c]x\n",
	 NULL,
	 NULL,
	 {"a.txt", "d.txt", "b1.md", "a1.md", "bx", "dx"}},
	{"posix class", "[[:digit:]]*.md\n", NULL, NULL, {"1a.md", "a1.md"}},
	{"question mark is one character", "?.c\n", NULL, NULL, {"a.c", "ab.c", ".c"}},
	{"blank lines and comments", "\n#a.txt\n\n", NULL, NULL, {"a.txt", "#a.txt"}},
	{"CRLF lines", "a.txt\r\nb.txt\r\n", NULL, NULL, {"a.txt", "b.txt", "c.txt"}},
	{"star ignores everything", "*\n", NULL, NULL, {"a", "sub/b"}},
	{"suffix pattern", "*.min.js\n", NULL, NULL, {"a.min.js", "sub/b.min.js", "a.js"}},
	{"nested file re-includes",
	 "*.txt\n",
	 "!keep.txt\n",
	 NULL,
	 {"a.txt", "sub/keep.txt", "sub/a.txt", "keep.txt"}},
	{"nested file anchors to its directory",
	 "",
	 "/x.txt\n",
	 NULL,
	 {"sub/x.txt", "sub/deep/x.txt", "x.txt"}},
	{"nested directory-only", "", "out/\n", NULL, {"sub/out/a", "out/b", "sub/deep/out/c"}},
	{"info/exclude", "", NULL, "secret*\n", {"secret.txt", "sub/secret", "public.txt"}},
	{"gitignore beats info/exclude", "!secret.txt\n", NULL, "secret*\n", {"secret.txt", "secret2.txt"}},
	{"**/ with directory-only",
	 "**/node_modules/\n",
	 NULL,
	 NULL,
	 {"node_modules/a", "x/node_modules/b", "node_modules.txt"}},
	{"trailing slash on a nested path", "a/b/\n", NULL, NULL, {"a/b/c", "a/bc", "x/a/b/c"}},
	{"many **/ segments (exponential in git's algorithm without a memo)",
	 "**/**/**/**/**/**/**/**/**/**/**/**/x\n**/a/**/a/**/a/**/a/**/a/**/a/**/b/\n",
	 NULL,
	 NULL,
	 {"a/b/c/d/e/f/g/h/i/j/k/l/m/x", "a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/y", "x", "a/a/a/a/a/a/a/b/z",
	  "a/a/a/a/a/a/a/a/a/a/a/a/c/z"}},
	{"pattern with a dot directory", ".cache/\n", NULL, NULL, {".cache/a", "x/.cache/b", ".cachex"}},
};

static void oracle(void)
{
	char tmpl[] = "/tmp/lets-t-ignore.XXXXXX";
	char *top = mkdtemp(tmpl);
	if (!unit_check(top != NULL, "scratch directory"))
		return;
	char cwd[4096];
	if (!getcwd(cwd, sizeof(cwd)))
		return;
	/* git and the walk must read the same (absent) global excludes */
	long n_ignored = 0, n_kept = 0;
	setenv("HOME", top, 1);
	unsetenv("XDG_CONFIG_HOME");
	unsetenv("GIT_DIR");
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		const struct row *r = &rows[i];
		char dir[600];
		snprintf(dir, sizeof(dir), "%s/r%zu", top, i);
		mkdir(dir, 0755);
		if (chdir(dir))
			continue;
		char *init[] = {"git", "init", "-q", NULL};
		if (!unit_check(run(init) == 0, "%s: git init", r->name))
			continue;
		write_file(".gitignore", r->root);
		if (r->sub) {
			mkdir("sub", 0755);
			write_file("sub/.gitignore", r->sub);
		}
		if (r->exclude)
			write_file(".git/info/exclude", r->exclude);
		for (size_t k = 0; k < 12 && r->paths[k]; k++)
			make_path(r->paths[k]);
		for (size_t k = 0; k < 12 && r->paths[k]; k++) {
			const char *p = r->paths[k];
			char *argv[] = {"git", "check-ignore", "-q", "--no-index", "--", (char *)p, NULL};
			int g = run(argv);
			bool mine = walk_path_ignored(p);
			if (g == 0)
				n_ignored++;
			else if (g == 1)
				n_kept++;
			if (!unit_check(g == 0 || g == 1, "%s: git check-ignore ran for %s", r->name, p))
				continue;
			if (!unit_check(mine == (g == 0), "%s: %s", r->name, p))
				printf("  git says %s, lets says %s\n", g == 0 ? "ignored" : "not ignored",
				       mine ? "ignored" : "not ignored");
		}
		if (chdir(cwd))
			break;
	}
	/* the table must exercise both answers, or agreement proves nothing */
	unit_check(n_ignored > 50 && n_kept > 50, "oracle saw both answers (%ld ignored, %ld kept)",
		   n_ignored, n_kept);
	char *rm[] = {"rm", "-rf", top, NULL};
	run(rm);
}

static void wildmatch_table(void)
{
	static const struct {
		const char *pat, *text;
		bool match;
	} cases[] = {
		{"foo", "foo", true},
		{"foo", "bar", false},
		{"???", "foo", true},
		{"??", "foo", false},
		{"*", "foo", true},
		{"f*", "foo", true},
		{"*f", "foo", false},
		{"*foo*", "foo", true},
		{"*ob*a*r*", "foobar", true},
		{"*ab", "aaaaaaabababab", true},
		{"foo\\*", "foo*", true},
		{"foo\\*bar", "foobar", false},
		{"f\\\\oo", "f\\oo", true},
		{"*[al]?", "ball", true},
		{"[ten]", "ten", false},
		{"**[!te]", "ten", true},
		{"**[!ten]", "ten", false},
		{"t[a-g]n", "ten", true},
		{"t[!a-g]n", "ten", false},
		{"t[!a-g]n", "ton", true},
		{"t[^a-g]n", "ton", true},
		{"a[]]b", "a]b", true},
		{"a[]-]b", "a-b", true},
		{"a[]-]b", "a]b", true},
		{"a[]-]b", "aab", false},
		{"a[]a-]b", "aab", true},
		{"]", "]", true},
		{"foo*bar", "foo/baz/bar", false},
		{"foo**bar", "foo/baz/bar", false},
		{"foo/**/bar", "foo/baz/bar", true},
		{"foo/**/bar", "foo/b/a/z/bar", true},
		{"foo/**/bar", "foo/bar", true},
		{"**/foo", "foo", true},
		{"**/foo", "XXX/foo", true},
		{"**/foo", "bar/baz/foo", true},
		{"*/foo", "bar/baz/foo", false},
		{"**/bar*", "foo/bar/baz", false},
		{"**/bar/*", "deep/foo/bar/baz", true},
		{"**/bar/*", "deep/foo/bar/baz/", false},
		{"**/bar/**", "deep/foo/bar/baz/", true},
		{"*/bar/**", "foo/bar/baz/x", true},
		{"[[:alpha:]][[:digit:]][[:upper:]]", "a1B", true},
		{"[[:digit:][:upper:][:space:]]", "a", false},
		{"[a-", "a", false},
		{"a[", "a[", false},
		{"?", "/", false},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		bool got = ignore_wildmatch(cases[i].pat, strlen(cases[i].pat), cases[i].text,
					    strlen(cases[i].text));
		if (!unit_check(got == cases[i].match, "wildmatch %s ~ %s", cases[i].pat, cases[i].text))
			printf("  expected %s\n", cases[i].match ? "match" : "no match");
	}
}

/* Many "**\/" against a deep path took C(n, k) calls (14 s under ASan for an 80-byte input); the
 * memo makes it (pattern + 1) * (text + 1). The alarm is a watchdog, not a timing: without the
 * memo these take hours. */
static void wildmatch_starstar_bound(void)
{
	struct buf pat = BUF_INIT, text = BUF_INIT;
	for (int i = 0; i < 30; i++)
		buf_adds(&pat, "**/");
	buf_adds(&pat, "x");
	for (int i = 0; i < 60; i++)
		buf_adds(&text, "a/");
	buf_adds(&text, "y");
	alarm(60);
	unit_check(!ignore_wildmatch(pat.data, pat.len, text.data, text.len),
		   "30 **/ against 61 components: no match");
	buf_truncate(&text, text.len - 1);
	buf_adds(&text, "x");
	unit_check(ignore_wildmatch(pat.data, pat.len, text.data, text.len),
		   "30 **/ against 61 components: match");
	static const char fuzz80[] =
		"**/*/**/*/**/*/**/*/**/*/**/*/**/*/**/*/**/*/**/*/**/*/**/*/**/*/**/*/**/*/**/*b";
	buf_truncate(&text, 0);
	for (int i = 0; i < 40; i++)
		buf_adds(&text, "ab/");
	buf_adds(&text, "a");
	unit_check(!ignore_wildmatch(fuzz80, sizeof(fuzz80) - 1, text.data, text.len),
		   "**/*/ x16 against 41 components");
	alarm(0);
	buf_release(&pat);
	buf_release(&text);
}

static const char *ref_pattern;

/* git's dowild() (wildmatch.c, WM_PATHNAME) as git has it: plain recursion, no memo, over
 * NUL-terminated strings, without brackets and escapes (the random cases below use neither). It is
 * the reference the memoised matcher must agree with once its memo is in play. */
enum { REF_MATCH, REF_NOMATCH, REF_ABORT_ALL, REF_ABORT_TO_STARSTAR };

static int ref_dowild(const char *p, const char *text)
{
	for (; *p; text++, p++) {
		int match_slash;
		char t_ch = *text, p_ch = *p;
		if (!t_ch && p_ch != '*')
			return REF_ABORT_ALL;
		switch (p_ch) {
		default:
			if (t_ch != p_ch)
				return REF_NOMATCH;
			continue;
		case '?':
			if (t_ch == '/')
				return REF_NOMATCH;
			continue;
		case '*':
			if (*++p == '*') {
				const char *prev_p = p - 2;
				while (*++p == '*') {
				}
				if ((prev_p < ref_pattern || *prev_p == '/') && (*p == '\0' || *p == '/')) {
					if (*p == '/' && ref_dowild(p + 1, text) == REF_MATCH)
						return REF_MATCH;
					match_slash = 1;
				} else {
					match_slash = 0;
				}
			} else {
				match_slash = 0;
			}
			if (!*p)
				return !match_slash && strchr(text, '/') ? REF_NOMATCH : REF_MATCH;
			if (!match_slash && *p == '/') {
				const char *slash = strchr(text, '/');
				if (!slash)
					return REF_NOMATCH;
				text = slash;
				break;
			}
			for (;; t_ch = *++text) {
				if (!t_ch)
					break;
				if (*p != '*' && *p != '?') {
					while ((t_ch = *text) != '\0' && (match_slash || t_ch != '/') &&
					       t_ch != *p)
						text++;
					if (t_ch != *p)
						return REF_NOMATCH;
				}
				int m = ref_dowild(p, text);
				if (m != REF_NOMATCH) {
					if (!match_slash || m != REF_ABORT_TO_STARSTAR)
						return m;
				} else if (!match_slash && t_ch == '/') {
					return REF_ABORT_TO_STARSTAR;
				}
			}
			return REF_ABORT_ALL;
		}
	}
	return *text ? REF_NOMATCH : REF_MATCH;
}

/* Random patterns dense in '*' against random paths, long enough that the matcher's memo (and its
 * star-scan answers) is in play for most of them: every answer must be git's. */
static void wildmatch_random_against_git(void)
{
	static const char pat_chars[] = "***/a";
	static const char text_chars[] = "aaaa/";
	unsigned long seed = 0x9e3779b9UL, ran = 0, matched = 0, failures = 0;
	for (int i = 0; i < 6000; i++) {
		char pat[64], text[96];
		size_t pn = 4 + (size_t)(i % 56), tn = 1 + (size_t)((i * 7) % 90);
		for (size_t k = 0; k < pn; k++) {
			seed = seed * 6364136223846793005UL + 1442695040888963407UL;
			pat[k] = pat_chars[(seed >> 33) % (sizeof(pat_chars) - 1)];
		}
		for (size_t k = 0; k < tn; k++) {
			seed = seed * 6364136223846793005UL + 1442695040888963407UL;
			text[k] = text_chars[(seed >> 33) % (sizeof(text_chars) - 1)];
		}
		pat[pn] = text[tn] = '\0';
		ref_pattern = pat;
		bool want = ref_dowild(pat, text) == REF_MATCH;
		bool got = ignore_wildmatch(pat, pn, text, tn);
		ran++;
		matched += want;
		if (want != got && failures++ < 5)
			unit_check(false, "wildmatch(%s, %s): git %d, lets %d", pat, text, want, got);
	}
	unit_check(failures == 0, "%lu random cases agree with git's recursion (%lu disagree)", ran,
		   failures);
	unit_check(matched > 300 && matched < ran - 300, "random cases saw both answers (%lu of %lu match)",
		   matched, ran);
}

int main(void)
{
	unit_begin("ignore");
	wildmatch_table();
	wildmatch_starstar_bound();
	wildmatch_random_against_git();
	oracle();
	return unit_end();
}
