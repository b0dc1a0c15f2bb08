#include "cmdline.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../buf.h"
#include "../opt.h"
#include "../verbs.h"

/* sh -c '…' inside sh -c '…' is read this deep, no deeper. */
#define NEST_MAX 4

/* One simple command's words, quotes removed. */
struct words {
	char **v;
	size_t n, cap;
};

static void words_clear(struct words *w)
{
	for (size_t i = 0; i < w->n; i++)
		free(w->v[i]);
	w->n = 0;
}

/* A heredoc waiting for its body, which starts on the next line. */
struct heredoc {
	char *delim;
	bool strip_tabs; /* <<- */
};

struct lexer {
	const char *s;
	size_t i, n;
	struct heredoc *docs;
	size_t ndocs, cap;
};

static bool is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* A NUL (a \u0000 in a transcript) ends a word too: strchr finds the terminator. */
static bool ends_word(char c)
{
	return is_blank(c) || strchr(";&|()<>`\n", c) != NULL;
}

/* Past the heredoc bodies waiting at a line break: each ends at a line that is its delimiter. */
static void skip_heredocs(struct lexer *lx)
{
	for (size_t d = 0; d < lx->ndocs; d++) {
		const char *delim = lx->docs[d].delim;
		size_t dl = strlen(delim);
		while (lx->i < lx->n) {
			size_t b = lx->i, e = b;
			while (e < lx->n && lx->s[e] != '\n')
				e++;
			lx->i = e < lx->n ? e + 1 : e;
			if (lx->docs[d].strip_tabs)
				while (b < e && lx->s[b] == '\t')
					b++;
			if (e - b == dl && !memcmp(lx->s + b, delim, dl))
				break;
		}
		free(lx->docs[d].delim);
	}
	lx->ndocs = 0;
}

/* One word at lx->i, quotes and backslashes removed. A "$(" or a backquote inside it ends it:
 * what follows is a command of its own. */
static void read_word(struct lexer *lx, struct buf *w)
{
	const char *s = lx->s;
	while (lx->i < lx->n && !ends_word(s[lx->i])) {
		char c = s[lx->i++];
		if (c == '\\' && lx->i < lx->n) {
			if (s[lx->i] != '\n')
				buf_addc(w, s[lx->i]);
			lx->i++;
		} else if (c == '\'') {
			while (lx->i < lx->n && s[lx->i] != '\'')
				buf_addc(w, s[lx->i++]);
			lx->i += lx->i < lx->n;
		} else if (c == '"') {
			while (lx->i < lx->n && s[lx->i] != '"') {
				if (s[lx->i] == '\\' && lx->i + 1 < lx->n &&
				    strchr("\\\"$`\n", s[lx->i + 1])) {
					if (s[lx->i + 1] != '\n')
						buf_addc(w, s[lx->i + 1]);
					lx->i += 2;
				} else {
					buf_addc(w, s[lx->i++]);
				}
			}
			lx->i += lx->i < lx->n;
		} else if (c == '$' && lx->i < lx->n && s[lx->i] == '(') {
			lx->i--;
			return;
		} else {
			buf_addc(w, c);
		}
	}
}

/* T_NONE: a heredoc operator, its delimiter read; the command goes on. */
enum token { T_END, T_SEP, T_WORD, T_REDIR, T_NONE };

/* A redirection operator at lx->i (<, >, >>, <<, <<-, <<<, >&, <&, &>, >|): a heredoc's delimiter
 * is read here and queued, any other file is left for the caller to skip. */
static enum token read_redir(struct lexer *lx, struct buf *w)
{
	const char *s = lx->s;
	bool heredoc = lx->i + 1 < lx->n && s[lx->i] == '<' && s[lx->i + 1] == '<' &&
		       (lx->i + 2 >= lx->n || s[lx->i + 2] != '<');
	while (lx->i < lx->n && strchr("<>&|-", s[lx->i]))
		lx->i++;
	if (!heredoc)
		return T_REDIR;
	bool strip = s[lx->i - 1] == '-';
	while (lx->i < lx->n && is_blank(s[lx->i]))
		lx->i++;
	read_word(lx, w);
	XGROW(lx->docs, lx->cap, lx->ndocs + 1);
	lx->docs[lx->ndocs++] = (struct heredoc){xstrdup(buf_str(w)), strip};
	buf_truncate(w, 0);
	return T_NONE;
}

/* The next token: a word (in w), a command separator, a redirection, or the end. */
static enum token next_token(struct lexer *lx, struct buf *w)
{
	const char *s = lx->s;
	buf_truncate(w, 0);
	for (;;) {
		while (lx->i < lx->n && is_blank(s[lx->i]))
			lx->i++;
		if (lx->i + 1 < lx->n && s[lx->i] == '\\' && s[lx->i + 1] == '\n')
			lx->i += 2;
		else if (lx->i < lx->n && s[lx->i] == '#')
			while (lx->i < lx->n && s[lx->i] != '\n')
				lx->i++;
		else
			break;
	}
	if (lx->i >= lx->n)
		return T_END;
	char c = s[lx->i];
	if (c == '\n') {
		lx->i++;
		skip_heredocs(lx);
		return T_SEP;
	}
	if (c == '<' || c == '>' || (c == '&' && lx->i + 1 < lx->n && s[lx->i + 1] == '>'))
		return read_redir(lx, w);
	if (strchr(";&|()`", c)) {
		lx->i++;
		return T_SEP;
	}
	if (c == '$' && lx->i + 1 < lx->n && s[lx->i + 1] == '(') {
		lx->i += 2;
		return T_SEP;
	}
	read_word(lx, w);
	/* digits right before a redirection are its file descriptor (2>&1), not a word */
	if (lx->i < lx->n && (s[lx->i] == '<' || s[lx->i] == '>') && w->len &&
	    strspn(w->data, "0123456789") == w->len)
		return read_redir(lx, w);
	return T_WORD;
}

/* A program that runs the command after its own options: those of its short options and long
 * options that take the next word as their value, and the operands before the command. */
struct wrapper {
	const char *name;
	const char *short_values;
	const char *const *long_values;
	int operands;
	bool shell; /* with -c, its operand is a command line */
};

static const char *const timeout_long[] = {"signal", "kill-after", NULL};
static const char *const xargs_long[] = {"arg-file",  "delimiter",        "max-args", "max-procs",
					 "max-chars", "process-slot-var", NULL};
static const char *const env_long[] = {"unset", "chdir", "split-string", NULL};
static const char *const nice_long[] = {"adjustment", NULL};
static const char *const sudo_long[] = {
	"user",       "group",  "close-from",   "chdir",           "host", "prompt", "role", "type",
	"other-user", "chroot", "preserve-env", "command-timeout", NULL};
static const char *const stdbuf_long[] = {"input", "output", "error", NULL};
static const char *const none[] = {NULL};

static const struct wrapper wrappers[] = {
	{"timeout", "sk", timeout_long, 1, false},
	{"xargs", "adEILnPs", xargs_long, 0, false},
	{"env", "uCS", env_long, 0, false},
	{"nice", "n", nice_long, 0, false},
	{"nohup", "", none, 0, false},
	{"time", "", none, 0, false},
	{"command", "", none, 0, false},
	{"exec", "a", none, 0, false},
	{"sudo", "ugCDhprtUTR", sudo_long, 0, false},
	{"doas", "uC", none, 0, false},
	{"stdbuf", "ioe", stdbuf_long, 0, false},
	{"sh", "oO", none, 0, true},
	{"bash", "oO", none, 0, true},
	{"dash", "oO", none, 0, true},
	{"zsh", "oO", none, 0, true},
};

static const char *const reserved[] = {"!",    "{",  "}",     "if",    "then", "else",
				       "elif", "do", "while", "until", NULL};

static bool in_list(const char *const *list, const char *w, size_t len)
{
	for (; *list; list++)
		if (strlen(*list) == len && !strncmp(*list, w, len))
			return true;
	return false;
}

/* Past wrapper x's options and operands from words[i]; *dash_c is set when a short option
 * cluster holds c (sh -c), *prints when it holds v or V (command -v runs nothing). */
static size_t skip_wrapper(const struct wrapper *x, const struct words *w, size_t i, bool *dash_c,
			   bool *prints)
{
	for (; i < w->n; i++) {
		const char *a = w->v[i];
		if (!strcmp(a, "--")) {
			i++;
			break;
		}
		if (a[0] != '-' || !a[1])
			break;
		if (a[1] == '-') {
			const char *eq = strchr(a + 2, '=');
			if (!eq && in_list(x->long_values, a + 2, strlen(a + 2)))
				i++;
			continue;
		}
		for (const char *p = a + 1; *p; p++) {
			*dash_c = *dash_c || *p == 'c';
			*prints = *prints || ((*p == 'v' || *p == 'V') && !strcmp(x->name, "command"));
			if (strchr(x->short_values, *p)) {
				i += !p[1];
				break;
			}
		}
	}
	return i + (size_t)x->operands;
}

static bool is_lets(const char *w)
{
	size_t n = strlen(w);
	return !strcmp(w, "lets") || (n > 5 && !strcmp(w + n - 5, "/lets"));
}

static bool is_assignment(const char *w)
{
	size_t n = strspn(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
	return n > 0 && w[n] == '=' && !(w[0] >= '0' && w[0] <= '9');
}

static void scan(const char *s, size_t len, int depth, struct cmdline_calls *out);

/* The call that lets's words w[i..] make, if its first word is a verb. */
static void lets_call(const struct words *w, size_t i, struct cmdline_calls *out)
{
	const struct verb *v = i < w->n ? verb_find(w->v[i]) : NULL;
	if (!v)
		return;
	long positional = 0;
	bool only_positional = false;
	for (i++; i < w->n; i++) {
		const char *a = w->v[i];
		if (only_positional || a[0] != '-' || !a[1])
			positional++;
		else if (!strcmp(a, "--"))
			only_positional = true;
		else if (opt_takes_next(v, a))
			i++;
	}
	if (verb_choices(v, 0))
		positional = 0;
	else if ((v->needs & VERB_PATTERN) && positional > 0)
		positional--;
	XGROW(out->v, out->cap, out->n + 1);
	out->v[out->n++] = (struct cmdline_call){v, positional};
}

/* Looks through w's assignments, reserved words and wrappers to its program. */
static void command(const struct words *w, int depth, struct cmdline_calls *out)
{
	size_t i = 0;
	while (i < w->n) {
		const char *a = w->v[i];
		if (is_assignment(a) || in_list(reserved, a, strlen(a))) {
			i++;
			continue;
		}
		if (is_lets(a)) {
			lets_call(w, i + 1, out);
			return;
		}
		const struct wrapper *x = NULL;
		for (size_t k = 0; k < sizeof(wrappers) / sizeof(wrappers[0]) && !x; k++)
			if (!strcmp(a, wrappers[k].name))
				x = &wrappers[k];
		if (!x)
			return;
		bool dash_c = false, prints = false;
		i = skip_wrapper(x, w, i + 1, &dash_c, &prints);
		if (prints || (x->shell && !dash_c))
			return;
		if (x->shell) {
			if (i < w->n && depth < NEST_MAX)
				scan(w->v[i], strlen(w->v[i]), depth + 1, out);
			return;
		}
	}
}

static void scan(const char *s, size_t len, int depth, struct cmdline_calls *out)
{
	struct lexer lx = {.s = s, .n = len};
	struct words w = {0};
	struct buf word = BUF_INIT;
	for (;;) {
		enum token t = next_token(&lx, &word);
		if (t == T_WORD) {
			XGROW(w.v, w.cap, w.n + 1);
			w.v[w.n++] = xstrdup(buf_str(&word));
			continue;
		}
		if (t == T_NONE)
			continue;
		if (t == T_REDIR) {
			t = next_token(&lx, &word);
			if (t == T_WORD || t == T_NONE)
				continue; /* the file (not a word of the command) */
			if (t == T_REDIR)
				t = T_SEP;
		}
		command(&w, depth, out);
		words_clear(&w);
		if (t == T_END)
			break;
	}
	for (size_t d = 0; d < lx.ndocs; d++)
		free(lx.docs[d].delim);
	free(lx.docs);
	free(w.v);
	buf_release(&word);
}

void cmdline_lets_calls(const char *command, size_t len, struct cmdline_calls *out)
{
	scan(command, len, 0, out);
}

void cmdline_calls_release(struct cmdline_calls *c)
{
	free(c->v);
	memset(c, 0, sizeof(*c));
}
