/* hook classify's decision (src/hook/classify.c), in two parts.
 *
 * 1. A table: each command against a fixture tree, and the exact lets command it must name (or
 *    NULL: it must pass).
 * 2. A corpus of generated commands (CORPUS_N, seeded, so a failure reproduces): random mixes of
 *    cat, sed -n, head/tail, grep and sed -i with every quoting style, joined by ; && || | &,
 *    wrapped in substitutions, subshells, groups, heredocs and redirections, over names with
 *    spaces, quotes, unicode, dashes and globs, plus corrupted bytes. Every command is classified
 *    in this process (under ASan and UBSan in make check). For every block, the original runs
 *    with bash in one copy of the tree and the named lets command in another; the text lines
 *    they print must be equal, and after an edit every file must be byte-identical.
 *
 * The lets run for a block is the release binary, LETS_BIN or build/lets. */
#include <fcntl.h>
#include <spawn.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"
#include "hook/classify.h"
#include "unit.h"

extern char **environ;

#define CORPUS_N 10000 /* LETS_CORPUS_N lowers it while developing */

static char top[PATH_MAX], tmpl[PATH_MAX + 8], tree_a[PATH_MAX + 8], tree_b[PATH_MAX + 8];

/* ---- the fixture */

/* Runs a shell command quietly (system() without its signal handling), true on exit 0. */
static bool sh(const char *cmd)
{
	char *argv[] = {"sh", "-c", (char *)cmd, NULL};
	pid_t pid;
	int st;
	return posix_spawn(&pid, "/bin/sh", NULL, NULL, argv, environ) == 0 && waitpid(pid, &st, 0) == pid &&
	       WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

static void put(const char *root, const char *name, const char *data, size_t n)
{
	char p[2 * PATH_MAX];
	snprintf(p, sizeof(p), "%s/%s", root, name);
	int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || write(fd, data, n) != (ssize_t)n)
		perror(p);
	close(fd);
}

static const char *const vocab[] = {"alpha",       "beta",         "gamma", "hello", "world", "foo",  "bar",
				    "caf\xC3\xA9", "na\xC3\xAFve", "x=1",   "it's",  "$HOME", "a\\b", "(x)"};
#define NVOCAB (sizeof(vocab) / sizeof(vocab[0]))

static uint64_t rng = 88172645463325252ULL;
static unsigned rnd(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

static void lines_file(const char *root, const char *name, int lines, bool eol)
{
	struct buf b = BUF_INIT;
	for (int i = 0; i < lines; i++) {
		int words = 1 + (int)rnd(5);
		for (int w = 0; w < words; w++)
			buf_addf(&b, "%s%s", w ? " " : "", vocab[rnd(NVOCAB)]);
		if (i + 1 < lines || eol)
			buf_addc(&b, '\n');
	}
	put(root, name, b.data ? b.data : "", b.len);
	buf_release(&b);
}

/* Names the generator picks from: in-tree text files of every awkward kind, then paths that
 * must pass (missing, a directory, binary, CRLF, over the budget, outside, globs). */
static const char *const files[] = {
	"a.txt",
	"src/b.txt",
	"src/c.md",
	"my file.txt",
	"-dash.txt",
	"\xC3\xBCn\xC3\xAF c\xC3\xB4"
	"d\xC3\xA9.txt",
	"it's.txt",
	"C#.md",
	"colon:2.txt",
	"sp ace/x.txt",
	"big.txt",
	"noeol.txt",
	"empty.txt",
	"link.txt",
	"./a.txt",
	"src/../a.txt",
	/* never blocked */
	"missing.txt",
	"dir",
	"bin.dat",
	"crlf.txt",
	"huge.txt",
	"../outside.txt",
	"*.txt",
	"src/*",
	"~/a.txt",
	"/etc/hostname",
	"$HOME/a.txt",
	"a.t?t",
	"[a].txt",
};
#define NFILES (sizeof(files) / sizeof(files[0]))
#define NTEXT 16 /* files[0..NTEXT) are regular in-tree text files (or a link to one) */

static void make_template(void)
{
	char cmd[8 * PATH_MAX];
	snprintf(cmd, sizeof(cmd), "mkdir -p '%s/.git' '%s/src' '%s/sp ace' '%s/dir'", tmpl, tmpl, tmpl,
		 tmpl);
	if (!sh(cmd))
		perror("mkdir");
	for (size_t i = 1; i < NTEXT - 3; i++)
		if (strcmp(files[i], "big.txt") && strcmp(files[i], "noeol.txt") &&
		    strcmp(files[i], "empty.txt"))
			lines_file(tmpl, files[i], 3 + (int)rnd(30), true);
	static const char a_txt[] =
		"alpha beta\nhello world\nfoo bar\ngamma alpha\ncaf\xC3\xA9 na\xC3\xAFve\nx=1 it's\n";
	put(tmpl, "a.txt", a_txt, sizeof(a_txt) - 1);
	lines_file(tmpl, "big.txt", 260, true);
	lines_file(tmpl, "noeol.txt", 4, false);
	put(tmpl, "empty.txt", "", 0);
	lines_file(tmpl, "huge.txt", 9000, true);
	put(tmpl, "bin.dat", "alpha\0beta\n", 11);
	put(tmpl, "crlf.txt", "alpha\r\nbeta\r\n", 13);
	snprintf(cmd, sizeof(cmd), "ln -s a.txt '%s/link.txt' && printf 'alpha\\n' > '%s/outside.txt'", tmpl,
		 top);
	if (!sh(cmd))
		perror("ln");
}

static void shells_cd(void);

static void reset_trees(void)
{
	char cmd[8 * PATH_MAX];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s' '%s' && cp -a '%s' '%s' && cp -a '%s' '%s'", tree_a, tree_b,
		 tmpl, tree_a, tmpl, tree_b);
	if (!sh(cmd))
		perror("reset");
	shells_cd();
}

/* ---- the table */

static void classify_in(const char *dir, const char *cmd, struct buf *why, bool *blocked)
{
	char cwd[PATH_MAX];
	if (!getcwd(cwd, sizeof(cwd)) || chdir(dir))
		return;
	buf_truncate(why, 0);
	*blocked = classify_command(cmd, strlen(cmd), why);
	if (chdir(cwd))
		perror("chdir");
}

static const struct {
	const char *cmd, *run; /* run NULL: must pass */
} table[] = {
	{"cat a.txt", "lets show a.txt"},
	{"cat a.txt src/b.txt", "lets show a.txt src/b.txt"},
	{"cat 'my file.txt'", "lets show 'my file.txt'"},
	{"cat my\\ file.txt", "lets show 'my file.txt'"},
	{"cat \"it's.txt\"", "lets show 'it'\\''s.txt'"},
	{"cat -- -dash.txt", "lets show -- -dash.txt"},
	{"cat -dash.txt", NULL},
	{"cat 'C#.md' colon:2.txt", "lets show 'C#.md' colon:2.txt"},
	{"cat big.txt", "lets show --all big.txt"},
	{"cat huge.txt", NULL},
	{"cat a.txt; cat noeol.txt", "lets show a.txt noeol.txt"},
	{"cat noeol.txt a.txt", NULL /* cat joins noeol's last line to a.txt's first */},
	{"tail -n 1 noeol.txt; cat a.txt", NULL},
	{"head -n 1 noeol.txt; cat a.txt", "lets show noeol.txt:1 a.txt"},
	{"cat a.txt && sed -n '2,3p' src/b.txt", "lets show a.txt src/b.txt:2-3"},
	{"cat a.txt || cat src/b.txt", NULL},
	{"cat a.txt | head", NULL},
	{"\"\"&\"\"\x03", NULL /* fuzz_classify: an empty word decoded to no bytes (memchr(NULL)) */},
	{"cat a.txt &", NULL},
	{"cat a.txt > /dev/null", NULL},
	{"cat a.txt 2>&1", NULL},
	{"cat < a.txt", NULL},
	{"(cat a.txt)", NULL},
	{"{ cat a.txt; }", NULL},
	{"echo \"$(cat a.txt)\"", NULL},
	{"diff <(cat a.txt) src/b.txt", NULL},
	{"cat <<'EOF'\nalpha\nEOF", NULL},
	{"cat *.txt", NULL},
	{"cat '*.txt'", NULL},
	{"cat ~/a.txt", NULL},
	{"cat $HOME/a.txt", NULL},
	{"cat ../outside.txt", NULL},
	{"cat dir", NULL},
	{"cat bin.dat", NULL},
	{"cat crlf.txt", NULL},
	{"cat missing.txt", NULL},
	{"cat", NULL},
	{"cat -n a.txt", NULL},
	{"cat $'a.txt'", NULL},
	{"A=1 cat a.txt", NULL},
	{"sed -n '2,3p' src/b.txt", "lets show src/b.txt:2-3"},
	{"sed -n 2p src/b.txt", "lets show src/b.txt:2"},
	{"sed -n '1,999p' a.txt", NULL /* filled in: the range is clipped to the file */},
	{"sed -n '3,2p' a.txt", NULL},
	{"sed -n '2,3p' a.txt src/b.txt", NULL},
	{"sed -n '$p' a.txt", NULL},
	{"sed -n '/x/p' a.txt", NULL},
	{"head -n 2 a.txt", "lets show a.txt:1-2"},
	{"head -n2 a.txt", "lets show a.txt:1-2"},
	{"tail -n 1 noeol.txt", "lets show noeol.txt:4"},
	{"head -2 a.txt", NULL},
	{"head a.txt", NULL},
	{"tail -n +2 a.txt", NULL},
	{"tail -f a.txt", NULL},
	{"head -n 1 empty.txt", NULL},
	{"grep alpha missing.txt", NULL},
	{"grep -v alpha a.txt", NULL},
	{"grep -r alpha .", NULL},
	{"grep 'al.ha' a.txt", NULL},
	{"grep alpha", NULL},
	{"grep -e alpha a.txt", NULL},
	{"sed -i 's/zzz/y/g' a.txt", NULL},
	{"sed -i 's/alpha/b.*/' a.txt", NULL},
	{"sed -i 's/a.*/b/g' a.txt", NULL},
	{"sed -i 's/alpha/&x/g' a.txt", NULL},
	{"sed -i 's|alpha|x|g' a.txt", NULL},
	{"sed -i.bak 's/alpha/x/g' a.txt", NULL},
	{"sed -i -e 's/alpha/x/g' a.txt", NULL},
	{"sed -i 's/alpha/x/g' link.txt", NULL},
	{"sed -i 's/alpha/x/g' a.txt ./a.txt", NULL},
	{"sed -i 's/alpha/x/g' a.txt; cat a.txt", NULL},
	{"lets show a.txt", NULL},
	{"cat 'unterminated", NULL},
	{"", NULL},
	{"   ", NULL},
	{"# cat a.txt", NULL},
};

static void test_table(void)
{
	struct buf why = BUF_INIT;
	for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++) {
		bool blocked = false;
		classify_in(tree_a, table[i].cmd, &why, &blocked);
		const char *run = blocked ? strstr(why.data, "\nrun: ") : NULL;
		char name[300];
		snprintf(name, sizeof(name), "table: %s", table[i].cmd);
		if (!strcmp(table[i].cmd, "sed -n '1,999p' a.txt")) {
			unit_check(run && !strncmp(run, "\nrun: lets show a.txt:1-", 24), "%s", name);
			continue;
		}
		unit_str(name, run ? run + 6 : "(passes)", table[i].run ? table[i].run : "(passes)");
	}
	bool blocked = false;
	classify_in(tree_a, "grep alpha a.txt", &why, &blocked);
	unit_str(
		"the grep reason and command", blocked ? why.data : "(passes)",
		"lets find searches several files in one call and numbers every hit.\nrun: lets find alpha a.txt");
	classify_in(tree_a, "cat a.txt", &why, &blocked);
	unit_str("the read reason is the spec's sentence", blocked ? why.data : "(passes)",
		 "lets show reads several files and ranges in one call.\nrun: lets show a.txt");
	buf_release(&why);
}

/* ---- the corpus generator */

/* Appends w as one shell word in a random quoting style that bash reads back as w. */
static void quote_word(struct buf *b, const char *w)
{
	bool safe =
		*w && strspn(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:=,+-") ==
			      strlen(w);
	unsigned style = rnd(safe ? 5 : 4);
	if (style == 4 || (style == 0 && safe)) {
		buf_adds(b, w);
	} else if (style == 0 || style == 1) {
		buf_addc(b, '\'');
		for (const char *p = w; *p; p++)
			buf_adds(b, *p == '\'' ? "'\\''" : (char[]){*p, 0});
		buf_addc(b, '\'');
	} else if (style == 2) {
		buf_addc(b, '"');
		for (const char *p = w; *p; p++) {
			if (strchr("\"\\$`", *p))
				buf_addc(b, '\\');
			buf_addc(b, *p);
		}
		buf_addc(b, '"');
	} else {
		for (const char *p = w; *p; p++) {
			if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./-",
				    *p) &&
			    (unsigned char)*p < 0x80)
				buf_addc(b, '\\');
			buf_addc(b, *p);
		}
	}
}

/* A file operand: mostly in-tree text files, sometimes a path that must pass; some raw
 * (unquoted, so globs and ~ expand). */
static void file_word(struct buf *b)
{
	unsigned i = rnd(100) < 80 ? rnd(NTEXT) : rnd(NFILES);
	if (i >= NTEXT && rnd(2))
		buf_adds(b, files[i]);
	else
		quote_word(b, files[i]);
}

static void files_words(struct buf *b, unsigned max)
{
	unsigned n = 1 + rnd(max);
	if (rnd(4) == 0)
		buf_adds(b, " --");
	for (unsigned i = 0; i < n; i++) {
		buf_addc(b, ' ');
		file_word(b);
	}
}

static void gen_read(struct buf *b)
{
	char num[64];
	switch (rnd(6)) {
	case 0:
	case 1:
		buf_adds(b, "cat");
		files_words(b, 3);
		break;
	case 2: {
		unsigned a = 1 + rnd(30), c = a + rnd(12) - 2;
		snprintf(num, sizeof(num), rnd(3) ? "%u,%up" : "%up", a, c);
		buf_adds(b, "sed -n ");
		quote_word(b, num);
		buf_addc(b, ' ');
		file_word(b);
		break;
	}
	case 3:
	case 4:
		snprintf(num, sizeof(num), rnd(2) ? " -n %u " : " -n%u ", rnd(30));
		buf_adds(b, rnd(2) ? "head" : "tail");
		buf_adds(b, num);
		file_word(b);
		break;
	default: {
		static const char *const flags[] = {"",    " -n", " -i", " -F", " -in",
						    " -w", " -v", " -c", " -H"};
		buf_addf(b, "grep%s ", flags[rnd(sizeof(flags) / sizeof(flags[0]))]);
		quote_word(b, rnd(6) ? vocab[rnd(NVOCAB)] : "al.ha");
		files_words(b, 3);
	}
	}
}

static void gen_sed_i(struct buf *b)
{
	static const char *const news[] = {"X", "", "new word", "caf\xC3\xA9!", "y'z", "1$"};
	struct buf s = BUF_INIT;
	buf_addf(&s, "s/%s/%s/%s", rnd(8) ? vocab[rnd(NVOCAB)] : "a.*", news[rnd(6)], rnd(6) ? "g" : "");
	buf_adds(b, rnd(8) ? "sed -i " : "sed -i.bak ");
	quote_word(b, s.data);
	files_words(b, 2);
	buf_release(&s);
}

static void gen_statement(struct buf *b)
{
	unsigned k = rnd(20);
	if (k < 13)
		gen_read(b);
	else if (k < 17)
		gen_sed_i(b);
	else
		buf_adds(b, (const char *[]){"echo hi", "ls", "true", "wc -l a.txt", "cd src"}[rnd(5)]);
}

static void gen_wrapped(struct buf *b)
{
	struct buf inner = BUF_INIT;
	gen_statement(&inner);
	switch (rnd(24)) {
	case 0: buf_addf(b, "echo \"$(%s)\"", inner.data); break;
	case 1: buf_addf(b, "diff <(%s) a.txt", inner.data); break;
	case 2: buf_addf(b, "(%s)", inner.data); break;
	case 3: buf_addf(b, "{ %s; }", inner.data); break;
	case 4: buf_addf(b, "%s > out.txt", inner.data); break;
	case 5: buf_addf(b, "%s 2>/dev/null", inner.data); break;
	case 6: buf_addf(b, "%s | wc -l", inner.data); break;
	case 7: buf_addf(b, "X=1 %s", inner.data); break;
	case 8: buf_adds(b, "cat <<'EOF'\nalpha\nEOF"); break;
	case 9: buf_addf(b, "%s <<< alpha", inner.data); break;
	case 10: buf_addf(b, "`%s`", inner.data); break;
	default: buf_add(b, inner.data, inner.len);
	}
	buf_release(&inner);
}

static void gen_command(struct buf *b)
{
	static const char *const joins[] = {"; ", " && ", "\n", " || ", " | ", " & ", ";", " &&\n"};
	unsigned n = rnd(10) < 6 ? 1 : 2 + rnd(2);
	for (unsigned i = 0; i < n; i++) {
		if (i)
			buf_adds(b, joins[rnd(10) < 7 ? rnd(3) : rnd(8)]);
		gen_wrapped(b);
	}
	if (rnd(25) == 0 && b->len) { /* corruption: a cut, or a stray byte */
		size_t at = rnd((unsigned)b->len);
		if (rnd(2))
			buf_truncate(b, at);
		else
			b->data[at] = (char)(rnd(2) ? '\'' : (char)(0x80 + rnd(0x7f)));
	}
}

/* ---- running a block both ways, in one long-lived bash per tree: starting a bash for every
 * command would cost more than everything else in this test. */

struct shell {
	pid_t pid;
	FILE *in;
	int out;
};

static struct shell shell_a, shell_b;

static void shell_start(struct shell *sh_, const char *dir)
{
	int in[2], out[2];
	if (pipe2(in, O_CLOEXEC) || pipe2(out, O_CLOEXEC))
		return;
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addchdir_np(&fa, dir);
	posix_spawn_file_actions_adddup2(&fa, in[0], 0);
	posix_spawn_file_actions_adddup2(&fa, out[1], 1);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addclose(&fa, in[1]);
	posix_spawn_file_actions_addclose(&fa, out[0]);
	char *argv[] = {"bash", "-s", NULL};
	if (posix_spawn(&sh_->pid, "/bin/bash", &fa, NULL, argv, environ))
		sh_->pid = -1;
	posix_spawn_file_actions_destroy(&fa);
	close(in[0]);
	close(out[1]);
	sh_->in = fdopen(in[1], "w");
	sh_->out = out[0];
}

static void shell_stop(struct shell *sh_)
{
	int st;
	fclose(sh_->in);
	close(sh_->out);
	waitpid(sh_->pid, &st, 0);
}

#define END_MARK "\001END\001\n"

/* Runs cmd in the shell (stdin from /dev/null, stderr dropped) and collects what it printed. */
static void shell_run(struct shell *sh_, const char *cmd, struct buf *out)
{
	buf_truncate(out, 0);
	fprintf(sh_->in, "{\n%s\n} </dev/null; printf '\\n\\001END\\001\\n'\n", cmd);
	fflush(sh_->in);
	char chunk[65536];
	size_t mark = strlen(END_MARK);
	while (out->len < mark + 1 || memcmp(out->data + out->len - mark, END_MARK, mark)) {
		ssize_t n = read(sh_->out, chunk, sizeof(chunk));
		if (n <= 0)
			return;
		buf_add(out, chunk, (size_t)n);
	}
	buf_truncate(out, out->len - mark - 1);
}

static void shells_cd(void)
{
	fprintf(shell_a.in, "cd '%s'\n", tree_a);
	fprintf(shell_b.in, "cd '%s'\n", tree_b);
}

/* The text lines a lets show/find answer prints: each numbered line's text (after its tab),
 * hits unmarked; header and footer lines dropped. */
static void lets_text(const struct buf *in, struct buf *out)
{
	buf_truncate(out, 0);
	for (const char *p = buf_str(in); *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		const char *tab = memchr(p, '\t', n);
		if (strncmp(p, "\xE2\x94\x80\xE2\x94\x80 ", 7) && tab) {
			for (const char *c = tab + 1; c < p + n; c++) {
				if (!strncmp(c, "\xC2\xAB", 2) || !strncmp(c, "\xC2\xBB", 2))
					c++;
				else
					buf_addc(out, *c);
			}
			buf_addc(out, '\n');
		}
		p += n + (nl != NULL);
	}
}

/* True when grep's line g (n bytes) is the text t (tn bytes) behind the prefixes grep adds: an
 * optional "<path>:" for one of the paths lets printed a header for, then an optional "N:". */
static bool grep_line_is(const char *g, size_t n, const char *t, size_t tn, const struct buf *lets_raw)
{
	const char *starts[2] = {g, NULL};
	for (const char *h = buf_str(lets_raw); (h = strstr(h, "\xE2\x94\x80\xE2\x94\x80 ")); h++) {
		h += 7;
		size_t hn = strcspn(h, "\n");
		if (hn < n && !memcmp(g, h, hn) && g[hn] == ':')
			starts[1] = g + hn + 1;
	}
	for (size_t i = 0; i < 2; i++) {
		const char *s = starts[i];
		if (!s)
			continue;
		size_t rest = n - (size_t)(s - g);
		if (rest == tn && !memcmp(s, t, tn))
			return true;
		size_t d = strspn(s, "0123456789");
		if (d && d < rest && s[d] == ':' && rest - d - 1 == tn && !memcmp(s + d + 1, t, tn))
			return true;
	}
	return false;
}

/* grep follows the argument order where lets find sorts by path: every lets line must be the
 * text of a distinct grep line, and no grep line be left over. */
static bool grep_matches(const struct buf *grep, const struct buf *lets, const struct buf *lets_raw)
{
	const char *g[64], *l = buf_str(lets);
	size_t glen[64], n = 0;
	for (const char *p = buf_str(grep); *p && n < 64; n++) {
		g[n] = p;
		glen[n] = strcspn(p, "\n");
		p += glen[n] + (p[glen[n]] != 0);
	}
	size_t matched = 0;
	while (*l) {
		size_t ln = strcspn(l, "\n");
		size_t i = 0;
		while (i < n && (!g[i] || !grep_line_is(g[i], glen[i], l, ln, lets_raw)))
			i++;
		if (i == n)
			return false;
		g[i] = NULL;
		matched++;
		l += ln + (l[ln] != 0);
	}
	return matched == n;
}

static bool file_in(const char *root, const char *name, struct buf *out)
{
	char p[2 * PATH_MAX];
	snprintf(p, sizeof(p), "%s/%s", root, name);
	int fd = open(p, O_RDONLY | O_NOFOLLOW);
	buf_truncate(out, 0);
	bool ok = fd >= 0 && buf_read_fd(out, fd) == 0;
	if (fd >= 0)
		close(fd);
	return ok;
}

/* Every text file (the symlink excepted, which neither side may edit) byte-identical. */
static bool trees_equal(void)
{
	struct buf a = BUF_INIT, b = BUF_INIT;
	bool same = true;
	for (size_t i = 0; i < NTEXT && same; i++) {
		if (!strcmp(files[i], "link.txt"))
			continue;
		bool ra = file_in(tree_a, files[i], &a), rb = file_in(tree_b, files[i], &b);
		same = ra == rb && a.len == b.len && !memcmp(buf_str(&a), buf_str(&b), a.len);
	}
	buf_release(&a);
	buf_release(&b);
	return same;
}

struct tally {
	long blocked, show, find, edit, mismatched;
	double lat[CORPUS_N];
};

static void verify_block(const char *cmd, const char *why, struct tally *t)
{
	const char *run = strstr(why, "\nrun: ") + 6;
	struct buf orig = BUF_INIT, repl = BUF_INIT, text = BUF_INIT;
	bool ok;
	shell_run(&shell_a, cmd, &orig);
	shell_run(&shell_b, run, &repl);
	if (!strncmp(run, "lets edit", 9)) {
		t->edit++;
		ok = trees_equal();
	} else {
		lets_text(&repl, &text);
		if (!strncmp(run, "lets find", 9)) {
			t->find++;
			ok = grep_matches(&orig, &text, &repl);
		} else {
			t->show++;
			if (orig.len && orig.data[orig.len - 1] != '\n')
				buf_addc(&orig, '\n');
			ok = orig.len == text.len && !memcmp(buf_str(&orig), buf_str(&text), orig.len);
		}
	}
	if (!ok && ++t->mismatched <= 5) {
		printf("  mismatch for: %s\n  run: %s\n  original printed:\n%s\n  lets printed:\n%s\n", cmd,
		       run, buf_str(&orig), buf_str(&repl));
	}
	if (!ok)
		reset_trees();
	buf_release(&orig);
	buf_release(&repl);
	buf_release(&text);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static void test_corpus(void)
{
	static struct tally t;
	long total = getenv("LETS_CORPUS_N") ? atol(getenv("LETS_CORPUS_N")) : CORPUS_N;
	if (total < 1 || total > CORPUS_N)
		total = CORPUS_N;
	struct buf cmd = BUF_INIT, why = BUF_INIT;
	for (long i = 0; i < total; i++) {
		if (i % 400 == 0)
			reset_trees();
		buf_truncate(&cmd, 0);
		gen_command(&cmd);
		bool blocked = false;
		struct timespec a, b;
		clock_gettime(CLOCK_MONOTONIC, &a);
		classify_in(tree_a, buf_str(&cmd), &why, &blocked);
		clock_gettime(CLOCK_MONOTONIC, &b);
		t.lat[i] = (double)(b.tv_sec - a.tv_sec) * 1e3 + (double)(b.tv_nsec - a.tv_nsec) / 1e6;
		if (blocked) {
			t.blocked++;
			verify_block(buf_str(&cmd), why.data, &t);
		}
	}
	qsort(t.lat, (size_t)total, sizeof(double), cmp_double);
	printf("corpus: %d commands, %ld blocked (show %ld, find %ld, edit %ld), %ld mismatched; in-process "
	       "classify p50 %.3f ms, p99 %.3f ms\n",
	       (int)total, t.blocked, t.show, t.find, t.edit, t.mismatched, t.lat[total / 2],
	       t.lat[total * 99 / 100]);
	unit_check(t.mismatched == 0, "corpus: every block's lets command prints what the original printed");
	unit_check(t.show > total / 20 && t.find > total / 200 && t.edit > total / 200,
		   "corpus: every kind of block is exercised");
	unit_check(t.blocked < total / 2, "corpus: most generated commands pass");
	buf_release(&cmd);
	buf_release(&why);
}

int main(void)
{
	unit_begin("classify");
	const char *bin = getenv("LETS_BIN") ? getenv("LETS_BIN") : "build/lets";
	char real[PATH_MAX];
	snprintf(top, sizeof(top), "%s/lets-classify-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	if (!realpath(bin, real) || !mkdtemp(top)) {
		unit_check(false, "the release lets binary (%s) exists", bin);
		return unit_end();
	}
	snprintf(tmpl, sizeof(tmpl), "%s/tmpl", top);
	snprintf(tree_a, sizeof(tree_a), "%s/a", top);
	snprintf(tree_b, sizeof(tree_b), "%s/b", top);
	char cmd[8 * PATH_MAX];
	snprintf(cmd, sizeof(cmd), "mkdir -p '%s/bin' && ln -s '%s' '%s/bin/lets'", top, real, top);
	if (!sh(cmd))
		perror("bin");
	snprintf(cmd, sizeof(cmd), "%s/bin:%s", top, getenv("PATH"));
	setenv("PATH", cmd, 1);
	setenv("LC_ALL", "C.UTF-8", 1);
	make_template();
	mkdir(tree_a, 0755);
	mkdir(tree_b, 0755);
	shell_start(&shell_a, tree_a);
	shell_start(&shell_b, tree_b);
	reset_trees();
	test_table();
	test_corpus();
	shell_stop(&shell_a);
	shell_stop(&shell_b);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", top);
	if (!sh(cmd))
		perror("rm");
	return unit_end();
}
