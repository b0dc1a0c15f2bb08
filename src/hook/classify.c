#include "classify.h"

#include <fcntl.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <tree_sitter/api.h>
#include <unistd.h>

#include "../alloc.h"
#include "../buf.h"
#include "../file.h"
#include "../json.h"
#include "../limit.h"
#include "../quote.h"
#include "../utf8.h"
#include "../resolve.h"
#include "../worktree.h"

const TSLanguage *tree_sitter_bash(void);

/* What lets show and find do by default (limit.h): a whole-file target shows LIMIT_SHOW_WINDOW
 * lines unless --all, content over LIMIT_MAX_BYTES is refused without --budget, a file over
 * LIMIT_MAX_FILE_BYTES is refused, find prints LIMIT_FIND_CAP hits. */

struct words {
	char **v;
	size_t n, cap;
};

static void words_push(struct words *w, char *s)
{
	XGROW(w->v, w->cap, w->n + 1);
	w->v[w->n++] = s;
}

static void words_release(struct words *w)
{
	for (size_t i = 0; i < w->n; i++)
		free(w->v[i]);
	free(w->v);
	memset(w, 0, sizeof(*w));
}

/* The one command lets would run instead, built up across the statements of a list. */
struct plan {
	enum { P_NONE, P_SHOW, P_FIND, P_EDIT } kind;
	size_t commands;
	struct words targets; /* show targets; find and edit paths */
	bool show_all;
	bool open_line; /* the last target ends in a line with no newline: cat would join the next */
	size_t show_bytes;
	struct words opts; /* find/edit arguments that precede the paths */
	struct worktree wt;
};

static void plan_release(struct plan *p)
{
	words_release(&p->targets);
	words_release(&p->opts);
	worktree_release(&p->wt);
}

/* ---- words: the literal value of an argument, or failure for anything the shell would expand */

static bool decode_node(const char *src, TSNode n, struct buf *out);

/* An unquoted word: backslash escapes the next byte; globs, braces and a leading ~ expand. */
static bool decode_word(const char *s, size_t len, bool first, struct buf *out)
{
	for (size_t i = 0; i < len; i++) {
		char c = s[i];
		if (c == '\\') {
			if (i + 1 >= len || s[i + 1] == '\n')
				return false;
			buf_addc(out, s[++i]);
			continue;
		}
		if (strchr("*?[]{}$`'\"()<>|;&\n", c) || (c == '~' && first && i == 0))
			return false;
		buf_addc(out, c);
	}
	return true;
}

/* "…": only \\ \" \$ \` lose their backslash; any expansion fails. */
static bool decode_dquoted(const char *s, size_t len, struct buf *out)
{
	for (size_t i = 0; i < len; i++) {
		char c = s[i];
		if (c == '$' || c == '`')
			return false;
		if (c == '\\' && i + 1 < len) {
			char d = s[i + 1];
			if (d == '\n')
				return false;
			if (strchr("\\\"$`", d)) {
				buf_addc(out, d);
				i++;
				continue;
			}
		}
		buf_addc(out, c);
	}
	return true;
}

static bool decode_node(const char *src, TSNode n, struct buf *out)
{
	const char *type = ts_node_type(n);
	uint32_t a = ts_node_start_byte(n), b = ts_node_end_byte(n);
	if (!strcmp(type, "word") || !strcmp(type, "number"))
		return decode_word(src + a, b - a, out->len == 0, out);
	if (!strcmp(type, "raw_string")) {
		if (b - a < 2)
			return false;
		buf_add(out, src + a + 1, b - a - 2);
		return true;
	}
	if (!strcmp(type, "string")) {
		for (uint32_t i = 0; i < ts_node_named_child_count(n); i++)
			if (strcmp(ts_node_type(ts_node_named_child(n, i)), "string_content"))
				return false;
		return b - a >= 2 && decode_dquoted(src + a + 1, b - a - 2, out);
	}
	if (!strcmp(type, "concatenation")) {
		for (uint32_t i = 0; i < ts_node_child_count(n); i++)
			if (!decode_node(src, ts_node_child(n, i), out))
				return false;
		return true;
	}
	return false;
}

/* The command's words, name first; false when any child is not a literal word (assignments,
 * redirections, substitutions, heredocs). */
static bool command_words(const char *src, TSNode cmd, struct words *w)
{
	for (uint32_t i = 0; i < ts_node_child_count(cmd); i++) {
		TSNode c = ts_node_child(cmd, i);
		if (!ts_node_is_named(c))
			return false;
		if (!strcmp(ts_node_type(c), "command_name")) {
			if (i != 0 || ts_node_named_child_count(c) != 1)
				return false;
			c = ts_node_named_child(c, 0);
		}
		struct buf b = BUF_INIT;
		if (!decode_node(src, c, &b) || memchr(buf_str(&b), '\0', b.len)) {
			buf_release(&b);
			return false;
		}
		words_push(w, buf_detach(&b));
	}
	return w->n > 0;
}

/* ---- files: what a path must be before lets is named instead of the original */

struct text {
	char *data;
	size_t size, lines;
	struct stat st;
};

static void text_release(struct text *t)
{
	free(t->data);
	memset(t, 0, sizeof(*t));
}

/* Loads an in-tree regular file whose every line lets prints exactly as cat would: UTF-8 with
 * no byte-order mark, no NUL or CR, no line over the display cut. for_edit also refuses symlinks, hard links and files
 * the owner cannot write, which lets edit treats differently from sed -i. */
static bool load_text(const struct plan *p, const char *path, bool for_edit, struct text *t)
{
	memset(t, 0, sizeof(*t));
	if (!*path || strpbrk(path, "*?[") || !resolve_contains(&p->wt, path))
		return false;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (for_edit ? O_NOFOLLOW : 0));
	if (fd < 0)
		return false;
	bool ok = !fstat(fd, &t->st) && S_ISREG(t->st.st_mode) && t->st.st_size <= LIMIT_MAX_FILE_BYTES;
	if (ok && for_edit)
		ok = t->st.st_nlink == 1 && (t->st.st_mode & S_IWUSR) && t->st.st_size > 0;
	struct buf b = BUF_INIT;
	ok = ok && buf_read_fd(&b, fd) == 0 && b.len == (size_t)t->st.st_size;
	close(fd);
	t->size = b.len;
	t->data = buf_detach(&b);
	ok = ok && !memchr(t->data, '\0', t->size) && !memchr(t->data, '\r', t->size) &&
	     utf8_valid(t->data, t->size) && !utf8_bom(t->data, t->size);
	for (size_t i = 0, start = 0; ok && i <= t->size; i++) {
		if (i == t->size || t->data[i] == '\n') {
			ok = i - start <= LINE_CUT_BYTES;
			if (i < t->size || i > start)
				t->lines++;
			start = i + 1;
		}
	}
	if (!ok)
		text_release(t);
	return ok;
}

/* Bytes lets show counts for lines a..b (1-based): each line's text plus one newline. */
static size_t range_bytes(const struct text *t, size_t a, size_t b)
{
	size_t line = 1, bytes = 0, start = 0;
	for (size_t i = 0; i <= t->size && line <= b; i++) {
		if (i == t->size || t->data[i] == '\n') {
			if (line >= a && (i < t->size || i > start))
				bytes += i - start + 1;
			line++;
			start = i + 1;
		}
	}
	return bytes;
}

static bool parse_count(const char *s, long *out)
{
	char *end;
	if (!*s || *s < '0' || *s > '9' || strlen(s) > 9)
		return false;
	*out = strtol(s, &end, 10);
	return !*end;
}

/* Adds one show target: the whole file, or lines a..b of it (b already within the file). */
static bool add_show(struct plan *p, const char *path, long a, long b)
{
	if (p->kind != P_NONE && p->kind != P_SHOW)
		return false;
	struct text t;
	if (!load_text(p, path, false, &t))
		return false;
	bool whole = a == 0;
	if (whole) {
		a = 1, b = (long)t.lines;
		p->show_all = p->show_all || t.lines > LIMIT_SHOW_WINDOW;
	}
	bool ok = a >= 1 && b >= a && (size_t)b <= t.lines && !p->open_line;
	if (!p->open_line && (ok || (whole && t.lines == 0))) {
		p->open_line = t.size && t.data[t.size - 1] != '\n' && (size_t)b == t.lines;
		p->show_bytes += whole && !t.lines ? 0 : range_bytes(&t, (size_t)a, (size_t)b);
		struct buf tg = BUF_INIT;
		buf_adds(&tg, path);
		if (!whole)
			buf_addf(&tg, a == b ? ":%ld" : ":%ld-%ld", a, b);
		struct stat st;
		/* a target string that names another file would be read as that file */
		ok = whole || lstat(tg.data, &st) != 0;
		words_push(&p->targets, buf_detach(&tg));
		p->kind = P_SHOW;
	}
	text_release(&t);
	return ok;
}

/* ---- the commands it knows */

/* Index of the first operand: past one leading "--" when dashes_ok, else none may start '-'. */
static bool operands(const struct words *w, size_t from, size_t *first)
{
	*first = from;
	if (from < w->n && !strcmp(w->v[from], "--"))
		(*first)++;
	for (size_t i = *first == from ? from : w->n; i < w->n; i++)
		if (w->v[i][0] == '-')
			return false;
	return *first < w->n;
}

static bool do_cat(struct plan *p, const struct words *w)
{
	size_t first;
	if (!operands(w, 1, &first))
		return false;
	for (size_t i = first; i < w->n; i++)
		if (!strcmp(w->v[i], "-") || !add_show(p, w->v[i], 0, 0))
			return false;
	return true;
}

/* head/tail -n N FILE, -nN FILE: one file, as several files print ==> headers. */
static bool do_head_tail(struct plan *p, const struct words *w, bool head)
{
	long n;
	size_t at;
	if (w->n >= 3 && !strcmp(w->v[1], "-n") && parse_count(w->v[2], &n))
		at = 3;
	else if (w->n >= 2 && !strncmp(w->v[1], "-n", 2) && parse_count(w->v[1] + 2, &n))
		at = 2;
	else
		return false;
	size_t first;
	if (!operands(w, at, &first) || first + 1 != w->n || n < 1)
		return false;
	struct text t;
	if (!load_text(p, w->v[first], false, &t))
		return false;
	long lines = (long)t.lines;
	text_release(&t);
	if (!lines)
		return false;
	if (n >= lines)
		return add_show(p, w->v[first], 1, lines);
	return head ? add_show(p, w->v[first], 1, n) : add_show(p, w->v[first], lines - n + 1, lines);
}

/* sed -n 'Ap' / 'A,Bp' FILE: one file, as sed numbers lines across all of them. */
static bool do_sed_n(struct plan *p, const struct words *w)
{
	size_t first;
	if (w->n < 4 || strcmp(w->v[1], "-n") || !operands(w, 3, &first) || first + 1 != w->n)
		return false;
	const char *s = w->v[2];
	char *end;
	if (*s < '1' || *s > '9')
		return false;
	long a = strtol(s, &end, 10), b = a;
	if (*end == ',') {
		if (end[1] < '1' || end[1] > '9')
			return false;
		b = strtol(end + 1, &end, 10);
	}
	if (strcmp(end, "p") || b < a || a > 1000000000 || b > 1000000000)
		return false;
	struct text t;
	if (!load_text(p, w->v[first], false, &t))
		return false;
	long lines = (long)t.lines;
	text_release(&t);
	if (a > lines)
		return false;
	return add_show(p, w->v[first], a, b < lines ? b : lines);
}

/* Lines of t holding pat (ASCII case folded when icase). */
static size_t count_hits(const struct text *t, const char *pat, bool icase)
{
	size_t hits = 0, plen = strlen(pat);
	for (size_t start = 0; start < t->size;) {
		const char *nl = memchr(t->data + start, '\n', t->size - start);
		size_t end = nl ? (size_t)(nl - t->data) : t->size;
		for (size_t i = start; i + plen <= end; i++)
			if (icase ? !strncasecmp(t->data + i, pat, plen) : !memcmp(t->data + i, pat, plen)) {
				hits++;
				break;
			}
		start = end + 1;
	}
	return hits;
}

static bool literal_pattern(const char *s, bool fixed)
{
	if (!*s || strchr(s, '\n'))
		return false;
	return fixed || !strpbrk(s, "\\.[]*^$+?(){}|");
}

/* grep [-n] [-i] [-F] [-H] PATTERN FILE…: a literal pattern with 1..LIMIT_FIND_CAP hits in text files. */
static bool do_grep(struct plan *p, const struct words *w)
{
	bool icase = false, fixed = false;
	size_t i = 1;
	for (; i < w->n && w->v[i][0] == '-' && w->v[i][1]; i++) {
		if (!strcmp(w->v[i], "--")) {
			i++;
			break;
		}
		for (const char *f = w->v[i] + 1; *f; f++) {
			if (*f == 'i')
				icase = true;
			else if (*f == 'F')
				fixed = true;
			else if (*f != 'n' && *f != 'H')
				return false;
		}
	}
	if (p->kind != P_NONE || i + 1 >= w->n || !literal_pattern(w->v[i], fixed) || w->v[i][0] == '-')
		return false;
	const char *pat = w->v[i];
	if (icase)
		for (const char *c = pat; *c; c++)
			if ((unsigned char)*c >= 0x80)
				return false;
	size_t hits = 0, first;
	if (!operands(w, i + 1, &first))
		return false;
	for (size_t f = first; f < w->n; f++) {
		struct text t;
		if (!strcmp(w->v[f], "-") || !load_text(p, w->v[f], false, &t))
			return false;
		hits += count_hits(&t, pat, icase);
		text_release(&t);
		for (size_t g = first; g < f; g++)
			if (!strcmp(w->v[g], w->v[f]))
				return false;
		words_push(&p->targets, xstrdup(w->v[f]));
	}
	if (hits < 1 || hits > LIMIT_FIND_CAP)
		return false;
	if (icase)
		words_push(&p->opts, xstrdup("-i"));
	if (fixed && strpbrk(pat, "\\.[]*^$+?(){}|"))
		words_push(&p->opts, xstrdup("-F"));
	words_push(&p->opts, xstrdup(pat));
	p->kind = P_FIND;
	return true;
}

/* s/OLD/NEW/g with OLD and NEW free of everything sed would read as more than text. */
static bool split_subst(const char *s, char **old, char **new_text)
{
	if (strncmp(s, "s/", 2))
		return false;
	const char *o = s + 2, *m = strchr(o, '/');
	if (!m)
		return false;
	const char *e = strchr(m + 1, '/');
	if (!e || strcmp(e, "/g") || m == o)
		return false;
	*old = xstrndup(o, (size_t)(m - o));
	*new_text = xstrndup(m + 1, (size_t)(e - m - 1));
	if (strpbrk(*old, "\\.[]*^$+?(){}|&\n") || strpbrk(*new_text, "\\&\n")) {
		free(*old);
		free(*new_text);
		return false;
	}
	return true;
}

static bool do_sed_i(struct plan *p, const struct words *w)
{
	size_t first;
	char *old, *new_text;
	if (p->kind != P_NONE || w->n < 4 || strcmp(w->v[1], "-i") || !operands(w, 3, &first))
		return false;
	if (!split_subst(w->v[2], &old, &new_text))
		return false;
	bool ok = true;
	for (size_t f = first; f < w->n && ok; f++) {
		struct text t;
		ok = load_text(p, w->v[f], true, &t) && memmem(t.data, t.size, old, strlen(old));
		for (size_t g = first; ok && g < f; g++) {
			struct stat st;
			ok = stat(w->v[g], &st) == 0 &&
			     (st.st_dev != t.st.st_dev || st.st_ino != t.st.st_ino);
		}
		text_release(&t);
		if (ok)
			words_push(&p->targets, xstrdup(w->v[f]));
	}
	words_push(&p->opts, old);
	words_push(&p->opts, new_text);
	p->kind = P_EDIT;
	return ok;
}

static bool plan_command(struct plan *p, const char *src, TSNode cmd)
{
	struct words w = {0};
	bool ok = command_words(src, cmd, &w);
	if (ok) {
		const char *name = w.v[0];
		if (!strcmp(name, "cat"))
			ok = do_cat(p, &w);
		else if (!strcmp(name, "head") || !strcmp(name, "tail"))
			ok = do_head_tail(p, &w, name[0] == 'h');
		else if (!strcmp(name, "sed") && w.n > 1 && !strcmp(w.v[1], "-n"))
			ok = do_sed_n(p, &w);
		else if (!strcmp(name, "sed"))
			ok = do_sed_i(p, &w);
		else if (!strcmp(name, "grep"))
			ok = do_grep(p, &w);
		else
			ok = false;
	}
	p->commands++;
	words_release(&w);
	return ok;
}

/* ---- the statement list: only `;`, `&&` and newlines join statements whose output all reaches
 * the tool result; a pipe, `||`, `&`, a subshell or a redirection ends the classification. */
static bool plan_list(struct plan *p, const char *src, TSNode n)
{
	for (uint32_t i = 0; i < ts_node_child_count(n); i++) {
		TSNode c = ts_node_child(n, i);
		const char *type = ts_node_type(c);
		if (!ts_node_is_named(c)) {
			if (strcmp(type, ";") && strcmp(type, "&&") && strcmp(type, "\n"))
				return false;
		} else if (!strcmp(type, "command")) {
			if (!plan_command(p, src, c))
				return false;
		} else if (!strcmp(type, "list")) {
			if (!plan_list(p, src, c))
				return false;
		} else if (strcmp(type, "comment")) {
			return false;
		}
	}
	return true;
}

static void quote_all(struct buf *out, const struct words *w)
{
	for (size_t i = 0; i < w->n; i++) {
		buf_addc(out, ' ');
		quote_shell(out, w->v[i]);
	}
}

static bool any_dash(const struct words *w)
{
	for (size_t i = 0; i < w->n; i++)
		if (w->v[i][0] == '-')
			return true;
	return false;
}

static void render_plan(const struct plan *p, struct buf *why)
{
	bool dash = any_dash(&p->targets);
	if (p->kind == P_SHOW) {
		buf_adds(why, "lets show reads several files and ranges in one call.\nrun: lets show");
		if (p->show_all)
			buf_adds(why, " --all");
		if (dash)
			buf_adds(why, " --");
		quote_all(why, &p->targets);
	} else if (p->kind == P_FIND) {
		buf_adds(
			why,
			"lets find searches several files in one call and numbers every hit.\nrun: lets find");
		quote_all(why, &p->opts);
		if (dash)
			buf_adds(why, " --");
		quote_all(why, &p->targets);
	} else {
		buf_adds(
			why,
			"lets edit replaces every occurrence and checks the result in one call.\nrun: lets edit");
		if (!dash)
			quote_all(why, &p->targets);
		buf_adds(why, " --old ");
		quote_shell(why, p->opts.v[0]);
		buf_adds(why, " --new ");
		quote_shell(why, p->opts.v[1]);
		/* sed's s///g replaces inside words too: --substring says so, where --all alone would
		 * refuse a match inside a longer identifier and cost another call */
		buf_adds(why, " --all --substring");
		if (dash) {
			buf_adds(why, " --");
			quote_all(why, &p->targets);
		}
	}
}

bool classify_command(const char *command, size_t len, struct buf *why)
{
	TSParser *parser = ts_parser_new();
	TSTree *tree = NULL;
	struct plan p = {0};
	bool block = false;
	if (!ts_parser_set_language(parser, tree_sitter_bash()))
		goto out;
	tree = ts_parser_parse_string(parser, NULL, command, (uint32_t)len);
	TSNode root = tree ? ts_tree_root_node(tree) : (TSNode){0};
	if (!tree || ts_node_has_error(root) || strcmp(ts_node_type(root), "program"))
		goto out;
	worktree_init(&p.wt);
	block = plan_list(&p, command, root) && p.kind != P_NONE && p.targets.n > 0;
	if (block && p.kind != P_SHOW && p.commands != 1)
		block = false;
	if (block && p.kind == P_SHOW && p.show_bytes > LIMIT_MAX_BYTES)
		block = false;
	if (block)
		render_plan(&p, why);
out:
	plan_release(&p);
	ts_tree_delete(tree);
	ts_parser_delete(parser);
	return block;
}

void classify_event(const char *event, size_t len, struct buf *out)
{
	json_t *j = json_loadb(event, len, 0, NULL);
	json_t *input = json_object_get(j, "tool_input");
	const char *tool = json_string_value(json_object_get(j, "tool_name"));
	const char *cwd = json_string_value(json_object_get(j, "cwd"));
	json_t *cmd = json_object_get(input, "command");
	struct buf why = BUF_INIT;
	if (!tool || strcmp(tool, "Bash") || !json_is_string(cmd))
		goto out;
	if (cwd && (cwd[0] != '/' || chdir(cwd)))
		goto out;
	if (!classify_command(json_string_value(cmd), json_string_length(cmd), &why))
		goto out;
	buf_adds(out,
		 "{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"deny\","
		 "\"permissionDecisionReason\":");
	json_str(out, why.data, why.len);
	buf_adds(out, "}}\n");
out:
	buf_release(&why);
	json_decref(j);
}
