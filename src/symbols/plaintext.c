/* The plaintext heuristic for files without a grammar (Kotlin, Vue, Lua, ...).
 *
 * A candidate is a line where the name is a whole word right after a definition keyword, or,
 * only when no line has that, right before "(" or before " ()" (the shell's `name () {`) — a call
 * looks the same as a definition there, so keyword lines win: `fun greet(...)` beats
 * `println(greet("x"))`. One candidate per line; a comment line ("# name()") is never one.
 *
 * The span: brace matching from the name (a "(...)" parameter list may run over several lines,
 * and the "{" may open the next line), else the lines indented deeper than the name's line,
 * else the line alone. Only a brace-matched end is certain; the other two are marked
 * guessed_end, which edit --insert-after refuses. */
#include <string.h>

#include "../file.h"
#include "chunk.h"
#include "defs.h"

static const char *const keywords[] = {
	"fn",   "func",   "function", "def", "class", "struct", "interface", "enum", "type", "fun", "trait",
	"impl", "object", "module",   "sub", "proc",  "record", "const",     "let",  "val",  "var", NULL,
};

static bool word_char(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
	       c >= 0x80;
}

/* The keyword list holds the word ending at text[end) (preceded by a non-word character). */
static bool keyword_before(const char *text, size_t end)
{
	size_t b = end;
	while (b && word_char((unsigned char)text[b - 1]))
		b--;
	if (b == end)
		return false;
	for (const char *const *k = keywords; *k; k++)
		if (strlen(*k) == end - b && !memcmp(*k, text + b, end - b))
			return true;
	return false;
}

/* Spaces then "()" at text[i]: the shell's `name () {`. */
static bool shell_parens(const char *text, size_t len, size_t i)
{
	while (i < len && (text[i] == ' ' || text[i] == '\t'))
		i++;
	return i + 1 < len && text[i] == '(' && text[i + 1] == ')';
}

/* A comment line ("# name()", "// name()"): never a definition. A "#" directly followed by a
 * word is a C preprocessor line, which can define. */
static bool comment_line(const char *text, size_t len)
{
	size_t i = 0;
	while (i < len && (text[i] == ' ' || text[i] == '\t'))
		i++;
	if (i + 1 >= len)
		return false;
	return (text[i] == '#' && strchr(" \t#!", text[i + 1])) || (text[i] == '/' && text[i + 1] == '/');
}

/* 0: no candidate on this line; 1: after a keyword; 2: before "(". *pos: where the name is. */
static int line_match(const char *text, size_t len, const char *name, size_t name_len, size_t *pos)
{
	int best = 0;
	if (comment_line(text, len))
		return 0;
	bool check_left = word_char((unsigned char)name[0]);
	bool check_right = word_char((unsigned char)name[name_len - 1]);
	for (const char *p = text; (size_t)(text + len - p) >= name_len;) {
		const char *hit = memmem(p, (size_t)(text + len - p), name, name_len);
		if (!hit)
			break;
		size_t at = (size_t)(hit - text), after = at + name_len;
		p = hit + 1;
		if (check_left && at && word_char((unsigned char)text[at - 1]))
			continue;
		if (check_right && after < len && word_char((unsigned char)text[after]))
			continue;
		size_t ws = at;
		while (ws && (text[ws - 1] == ' ' || text[ws - 1] == '\t'))
			ws--;
		if (ws < at && keyword_before(text, ws)) {
			*pos = at;
			return 1;
		}
		if (!best && after < len && (text[after] == '(' || shell_parens(text, len, after))) {
			*pos = at;
			best = 2;
		}
	}
	return best;
}

static size_t indent_width(const char *text, size_t len)
{
	size_t w = 0;
	for (size_t i = 0; i < len && (text[i] == ' ' || text[i] == '\t'); i++)
		w = text[i] == '\t' ? (w / 8 + 1) * 8 : w + 1;
	return w;
}

/* Lines a brace-matched body scans before giving up on finding its "{". */
#define BRACE_LOOKAHEAD 50

/* Brace matching over the lines after a name: the "(...)" header, then the "{...}" body — or,
 * after the shell's "name ()", a "(...)" body (a function run in a subshell). */
struct brace_scan {
	int paren, depth;
	bool opened, in_comment;
	bool shell; /* the name was followed by "()" */
	char open, close; /* the body's brackets, once opened */
};

/* A slash and a star at t[i] open a block comment: written as one, after a space or a code
 * punctuation mark and before a space, a star or "!" (or the end of the line). A glob or a
 * parameter expansion in a shell script ("$dir"/ then *, ${x%/ then *}) is not one: taken for a
 * comment, it hid the rest of the script, braces and all. */
static bool opens_comment(const char *t, size_t len, size_t i)
{
	if (i + 1 >= len || t[i] != '/' || t[i + 1] != '*')
		return false;
	if (i > 0 && !strchr(" \t;{}(),=", t[i - 1]))
		return false;
	return i + 2 == len || strchr(" \t\r*!", t[i + 2]);
}

/* Past a comment or string at t[i] (to len when the rest of the line is a comment), or i when
 * t[i] is code. A brace inside them does not count. */
static size_t skip_noise(struct brace_scan *s, const char *t, size_t len, size_t i)
{
	if (s->in_comment) {
		const char *e = memmem(t + i, len - i, "*/", 2);
		s->in_comment = !e;
		return e ? (size_t)(e - t) + 2 : len;
	}
	if (t[i] == '/' && i + 1 < len && t[i + 1] == '/')
		return len;
	if (opens_comment(t, len, i)) {
		s->in_comment = true;
		return i + 2;
	}
	if (t[i] != '"' && t[i] != '\'' && t[i] != '`')
		return i;
	char c = t[i];
	for (i++; i < len && t[i] != c; i++)
		if (t[i] == '\\')
			i++;
	return i + 1;
}

/* Feeds one code byte: 1 when the body closed, -1 when the header ended without a body. */
static int brace_feed(struct brace_scan *s, char c)
{
	if (s->opened) {
		if (c == s->open)
			s->depth++;
		return c == s->close && --s->depth == 0 ? 1 : 0;
	}
	if ((c == '{' || (c == '(' && s->shell)) && s->paren <= 0) {
		s->opened = true, s->depth = 1;
		s->open = c;
		s->close = c == '{' ? '}' : ')';
	} else if (c == '(') {
		s->paren++;
	} else if (c == ')') {
		s->paren--;
	} else if (c == ';' && s->paren <= 0) {
		return -1;
	}
	return 0;
}

/* A line after the name's that may still lead to the body: the header goes on (an open "(" or
 * comment), or the line opens with "{". */
static bool header_goes_on(const struct brace_scan *s, const char *t, size_t len)
{
	size_t i = 0;
	while (i < len && (t[i] == ' ' || t[i] == '\t'))
		i++;
	return s->paren != 0 || s->in_comment || (i < len && (t[i] == '{' || (t[i] == '(' && s->shell)));
}

/* The line of the "}" closing the body that follows the name on line ln, or 0. */
static long brace_end(const struct file *f, long ln, size_t from)
{
	struct brace_scan s = {0};
	const char *t;
	size_t len = file_line(f, (size_t)ln, &t);
	if (shell_parens(t, len, from)) {
		s.shell = true;
		from = (size_t)((const char *)memchr(t + from, ')', len - from) - t) + 1;
	}
	for (long n = ln; n <= (long)f->n_lines; n++) {
		len = file_line(f, (size_t)n, &t);
		if (!s.opened && n > ln && (n - ln > BRACE_LOOKAHEAD || !header_goes_on(&s, t, len)))
			return 0;
		for (size_t i = n == ln ? from : 0; i < len;) {
			size_t j = skip_noise(&s, t, len, i);
			if (j != i) {
				i = j;
				continue;
			}
			int r = brace_feed(&s, t[i++]);
			if (r)
				return r > 0 ? n : 0;
		}
	}
	return 0;
}

/* The last line indented deeper than line ln, before a line that is not (blank lines inside
 * count, trailing ones do not); ln itself when none is. */
static long indent_end(const struct file *f, long ln)
{
	const char *t;
	size_t len = file_line(f, (size_t)ln, &t);
	size_t base = indent_width(t, len);
	long end = ln;
	for (long n = ln + 1; n <= (long)f->n_lines; n++) {
		len = file_line(f, (size_t)n, &t);
		if (chunk_blank(t, len))
			continue;
		if (indent_width(t, len) <= base)
			break;
		end = n;
	}
	return end;
}

void plaintext_collect(const struct file *f, const char *name, size_t name_len, struct defs *out)
{
	if (!name_len)
		return;
	for (int want = 1; want <= 2 && !out->n; want++) {
		for (size_t n = 1; n <= f->n_lines; n++) {
			const char *t;
			size_t len = file_line(f, n, &t);
			size_t pos = 0;
			if (line_match(t, len, name, name_len, &pos) != want)
				continue;
			struct def d = {.name = t + pos,
					.name_len = name_len,
					.start = (long)n,
					.line = (long)n,
					.parent = -1,
					.kind = K_FUNC};
			d.end = brace_end(f, (long)n, pos + name_len);
			if (!d.end) {
				d.end = indent_end(f, (long)n);
				d.guessed_end = true;
			}
			defs_add(out, &d);
		}
	}
}
