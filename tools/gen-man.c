/* gen-man: prints lets.1, the manual page, at build time. Everything a table holds comes from
 * the table the binary itself prints from: the one-line description and each verb's usage, about
 * line, options and closing text from opt.c and verbs.c (the same calls `--help` makes, in usage.c), the
 * closed value sets from their own tables, and EXIT STATUS from error.c. So the page and `--help`
 * cannot drift; a verb or flag added to a table is on the page at the next build. Only prose with
 * no table behind it (the target grammar, environment, files, examples) is written here.
 *
 * Text is escaped for roff as it is copied: a backslash becomes \e, a leading '.' or '\'' gets \&,
 * '-' in option names becomes \-, and any non-ASCII character becomes \[uXXXX], so the page
 * renders the same without preconv and `groff -ww` has nothing to warn about. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "error.h"
#include "opt.h"
#include "usage.h"
#include "verbs.h"

/* Appends s[0..n) as roff text; at_line_start tells whether s starts a line. */
static void roff(struct buf *out, const char *s, size_t n, int at_line_start)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (at_line_start && (c == '.' || c == '\''))
			buf_adds(out, "\\&");
		at_line_start = c == '\n';
		if (c == '\\') {
			buf_adds(out, "\\e");
		} else if (c == '-') {
			buf_adds(out, "\\-");
		} else if (c < 0x80) {
			buf_addc(out, (char)c);
		} else {
			/* a UTF-8 sequence; the tables hold valid UTF-8 (·, —) */
			unsigned cp = c >= 0xF0 ? c & 0x07 : c >= 0xE0 ? c & 0x0F : c & 0x1F;
			size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
			for (size_t k = 1; k < len && i + 1 < n; k++)
				cp = (cp << 6) | ((unsigned char)s[++i] & 0x3F);
			buf_addf(out, "\\[u%04X]", cp);
		}
	}
}

static void roffs(struct buf *out, const char *s)
{
	roff(out, s, strlen(s), 0);
}

/* A line of text as its own roff line. */
static void line(struct buf *out, const char *s)
{
	roff(out, s, strlen(s), 1);
	buf_addc(out, '\n');
}

static void option(const struct opt_desc *od, void *ctx)
{
	struct buf *out = ctx;
	buf_adds(out, ".TP\n");
	if (od->short_name)
		buf_addf(out, "\\fB\\-%c\\fR%s", od->short_name, od->long_name ? ", " : "");
	if (od->long_name) {
		buf_adds(out, "\\fB\\-\\-");
		roffs(out, od->long_name);
		buf_adds(out, "\\fR");
	}
	if (od->value_name) {
		buf_adds(out, " \\fI");
		roffs(out, od->value_name);
		buf_adds(out, "\\fR");
	}
	buf_addc(out, '\n');
	roff(out, od->help, strlen(od->help), 1);
	if (od->choice_at && od->help[0] && od->help[strlen(od->help) - 1] == ' ') {
		/* a help line ending in a space is completed by the value set, as --help does */
		for (size_t i = 0; od->choice_at(i); i++) {
			buf_adds(out, i ? ", \\fB" : "\\fB");
			roffs(out, od->choice_at(i));
			buf_adds(out, "\\fR");
		}
	}
	buf_addc(out, '\n');
}

/* Text with blank lines and indented lines, kept as typed. */
static void literal(struct buf *out, const char *text)
{
	buf_adds(out, ".PP\n.nf\n.RS 2\n");
	while (*text == '\n')
		text++;
	for (const char *p = text; *p;) {
		size_t len = strcspn(p, "\n");
		if (len == 0)
			buf_adds(out, ".sp\n");
		else {
			roff(out, p, len, 1);
			buf_addc(out, '\n');
		}
		p += len + (p[len] == '\n');
	}
	buf_adds(out, ".RE\n.fi\n");
}

static void verb_section(struct buf *out, const struct verb *v)
{
	buf_adds(out, ".SS \"lets ");
	roffs(out, v->name);
	buf_adds(out, "\"\n");
	buf_addf(out, "\\fBlets %s\\fR ", v->name);
	roffs(out, v->usage);
	buf_adds(out, "\n.PP\n");
	line(out, v->about);
	if (v->alias)
		buf_addf(out, ".PP\n\\fBlets %s\\fR is another name for \\fBlets %s\\fR.\n", v->alias,
			 v->name);
	for (size_t p = 0; p < 2 && verb_choices(v, p); p++) {
		const char *name = v->positional_name;
		for (size_t k = 0; k < p; k++)
			name += strcspn(name, " ") + 1;
		buf_adds(out, ".PP\n\\fI");
		roff(out, name, strcspn(name, " "), 0);
		buf_adds(out, "\\fR is one of:");
		for (const char *const *c = verb_choices(v, p); *c; c++) {
			buf_adds(out, c == verb_choices(v, p) ? " \\fB" : ", \\fB");
			roffs(out, *c);
			buf_adds(out, "\\fR");
		}
		buf_adds(out, ".\n");
	}
	usage_each_listed(v, option, out);
	buf_adds(out, ".TP\n\\fB\\-h\\fR, \\fB\\-\\-help\\fR\nPrint help\n");
	if (v->epilogue)
		literal(out, v->epilogue);
}

static void exit_status(struct buf *out)
{
	buf_adds(
		out,
		".SH \"EXIT STATUS\"\n"
		"Every failure writes its message to standard error, and the last line of standard error\n"
		"is \\fBERROR_CODE=\\fR\\fIslug\\fR. Branch on the exit code or the slug, not on the message.\n"
		"Content and a non\\-zero exit are not exclusive: what was done is still printed.\n");
	for (int e = 0; e < LETS_ERR_COUNT; e++) {
		buf_addf(out, ".TP\n\\fB%d\\fR", err_exit_code((enum lets_err)e));
		if (*err_slug((enum lets_err)e)) {
			buf_adds(out, "  \\fI");
			roffs(out, err_slug((enum lets_err)e));
			buf_adds(out, "\\fR");
		}
		buf_addc(out, '\n');
		line(out, err_means((enum lets_err)e) ? err_means((enum lets_err)e) : "");
	}
}

static const char targets[] =
	".SH TARGETS\n"
	"\\fBshow\\fR, \\fBedit\\fR and \\fBtransform\\fR take targets; \\fBfind\\fR takes a pattern and\n"
	"paths, and prints every hit as \\fIpath\\fR:\\fIline\\fR, itself a target for the next call.\n"
	".TP\n\\fIpath\\fR\nthe whole file, windowed to \\fB\\-\\-window\\fR lines (\\fBshow\\fR)\n"
	".TP\n\\fIpath\\fR\\fB:40\\fR\none line; add \\fB\\-A\\fR/\\fB\\-B\\fR/\\fB\\-C\\fR for context on \\fBshow\\fR\n"
	".TP\n\\fIpath\\fR\\fB:40\\-80\\fR\na line range; \\fBedit\\fR accepts a range only with \\fB\\-\\-expect\\fR, "
	"\\fB\\-\\-expect\\-all\\fR or \\fB\\-\\-if\\fR\n"
	".TP\n\\fIpath\\fR\\fB@\\(aq\\fR\\fIregex\\fR\\fB\\(aq\\fR\nthe first line matching the regex, with "
	"\\fB\\-A\\fR/\\fB\\-B\\fR/\\fB\\-C\\fR context; \\fB+2\\fR after it is the second match\n"
	".TP\n\\fIpath\\fR\\fB#\\fR\\fIname\\fR\nthe enclosing symbol: function, method, type, class, or a markdown "
	"heading\n"
	".TP\n\\fIpath\\fR\\fB#\\fR\\fIOuter.inner\\fR\na nested symbol\n"
	".PP\nA target string that names an existing file, whole, is a path: \\fBlets show \\(aqC#.md\\(aq\\fR opens\n"
	"the file \\fIC#.md\\fR. Otherwise the longest prefix that names a file and leaves a well\\-formed\n"
	"suffix (\\fB#\\fR\\fIname\\fR, \\fB@\\(aq\\fR\\fIregex\\fR\\fB\\(aq\\fR[\\fB+\\fR\\fIN\\fR], "
	"\\fB:\\fR\\fIN\\fR or \\fB:\\fR\\fIN\\fR\\fB\\-\\fR\\fIM\\fR) is the path.\n"
	"Symbols resolve with tree\\-sitter for Go, TypeScript, TSX, JavaScript, Python, Rust, Markdown,\n"
	"JSON, YAML, TOML, Shell, C, C++, C#, Java, PHP, Ruby and Swift, and with a plaintext heuristic\n"
	"for any other text file.\n";

static const char tail[] =
	".SH ENVIRONMENT\n"
	".TP\n\\fBLETS_NO_STATS\\fR\nset to 1, the \\fBstats.tokens_est\\fR field of \\fBshow\\fR, \\fBfind\\fR, "
	"\\fBedit\\fR, \\fBtransform\\fR and \\fBwrite\\fR output is null\n"
	".TP\n\\fBLETS_TOKEN_RATIO\\fR\nbytes per token for \\fBstats.tokens_est\\fR (default 4)\n"
	".TP\n\\fBCODEX_HOME\\fR\nwhere \\fBlets hooks install codex\\fR writes \\fIhooks.json\\fR; an absolute path "
	"(default \\fI~/.codex\\fR)\n"
	".TP\n\\fBCLAUDE_CONFIG_DIR\\fR\nClaude Code's directory, as Claude Code reads it: \\fBlets hooks install "
	"claude\\-code\\fR merges into its \\fIsettings.json\\fR and \\fBlets stats\\fR reads its \\fIprojects\\fR; "
	"an absolute path (default \\fI~/.claude\\fR)\n"
	".SH FILES\n"
	".TP\n\\fI~/.claude/settings.json\\fR\nClaude Code settings (JSON, comments allowed): \\fBlets hooks install "
	"claude\\-code\\fR merges its SessionStart, SubagentStart and PreToolUse hooks here, and \\fBuninstall\\fR "
	"removes exactly those\n"
	".TP\n\\fI$CODEX_HOME/hooks.json\\fR, \\fI~/.codex/hooks.json\\fR\nCodex hooks: \\fBlets hooks install "
	"codex\\fR merges its PreToolUse hook here\n"
	".TP\n\\fI~/.claude/projects\\fR\nthe transcripts \\fBlets stats\\fR counts by default\n"
	".TP\n\\fI.gitignore\\fR, \\fI.ignore\\fR\nhonoured by every walk unless \\fB\\-\\-no\\-ignore\\fR is given\n"
	".SH EXAMPLES\n"
	"Read two files and a function in one call:\n"
	".PP\n.RS 2\n\\fBlets show src/main.c src/opt.h \\(aqsrc/opt.c#opts_parse\\(aq\\fR\n.RE\n"
	".PP\nSearch, then read around a hit:\n"
	".PP\n.RS 2\n\\fBlets find \\-i \\(aqtodo\\(aq src\\fR\n.br\n\\fBlets show src/buf.c:40 \\-C 5\\fR\n.RE\n"
	".PP\nReplace text that must match exactly once; the file is checked and reverted on breakage:\n"
	".PP\n.RS 2\n\\fBlets edit src/app.ts \\-\\-old \\(aqconst cap = 10\\(aq \\-\\-new \\(aqconst cap = 20\\(aq\\fR\n.RE\n"
	".PP\nSet a key in a structured file:\n"
	".PP\n.RS 2\n\\fBlets transform package.json \\-\\-set version=\\(aq\"1.2.0\"\\(aq\\fR\n.RE\n"
	".PP\nCreate a file from standard input:\n"
	".PP\n.RS 2\n\\fBprintf \\(aqhello\\en\\(aq | lets write notes/hello.txt\\fR\n.RE\n"
	".PP\nWire lets into Claude Code, and register its MCP server:\n"
	".PP\n.RS 2\n\\fBlets hooks install claude\\-code\\fR\n.br\n\\fBclaude mcp add lets \\-\\- lets mcp\\fR\n.RE\n"
	".PP\nInstall bash completion for the current user:\n"
	".PP\n.RS 2\n\\fBlets completions bash > ~/.local/share/bash\\-completion/completions/lets\\fR\n.RE\n"
	".SH \"SEE ALSO\"\n"
	"\\fBlets guide\\fR prints the whole surface on one screen; \\fBlets\\fR \\fIverb\\fR \\fB\\-\\-help\\fR "
	"prints one verb's options.\n";

int main(void)
{
	struct buf out = BUF_INIT, help = BUF_INIT;
	usage_help(&help, NULL); /* its first line is the one-line description */
	buf_adds(&out,
		 ".\\\" Generated by tools/gen-man.c from lets's verb and option tables; do not edit.\n");
	buf_addf(&out, ".TH LETS 1 \"\" \"lets %s\" \"User Commands\"\n.SH NAME\nlets \\- ", LETS_VERSION);
	roff(&out, help.data, strcspn(help.data, "\n"), 0);
	buf_adds(&out, "\n.SH SYNOPSIS\n");
	for (size_t i = 0; i < verb_count; i++) {
		buf_addf(&out, "%s\\fBlets %s\\fR ", i ? ".br\n" : "", verb_table[i].name);
		roffs(&out, verb_table[i].usage);
		buf_addc(&out, '\n');
	}
	buf_adds(
		&out,
		".SH DESCRIPTION\n"
		"\\fBlets\\fR \\(em Locate, Edit, Transform, Show \\(em is a file\\-operations tool for coding\n"
		"agents. One call reads, searches, edits or transforms several files and returns bounded,\n"
		"numbered output whose footer names everything it left out. Edits are checked and atomic.\n"
		".SH COMMANDS\n");
	for (size_t i = 0; i < verb_count; i++)
		verb_section(&out, &verb_table[i]);
	buf_adds(&out, targets);
	exit_status(&out);
	buf_adds(&out, tail);
	int rc = fwrite(out.data, 1, out.len, stdout) == out.len && fflush(stdout) == 0 ? 0 : 1;
	buf_release(&out);
	buf_release(&help);
	return rc;
}
