#include "place.h"

#include <string.h>
#include <strings.h>

#include "../buf.h"
#include "../file.h"
#include "../symbols/lang.h"
#include "indent.h"

/* Columns a tab counts for, as indent.c counts them. */
#define TAB_COLS 4

static int width(const char *s, size_t n)
{
	int w = 0;
	for (size_t i = 0; i < n; i++)
		w = s[i] == '\t' ? (w / TAB_COLS + 1) * TAB_COLS : w + 1;
	return w;
}

static bool blank_line(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
			return false;
	return true;
}

static bool is_markdown(const struct file *f)
{
	const struct lang *l = lang_for_path(f->path);
	return l && l->id == L_MARKDOWN;
}

static bool is_yaml(const struct file *f)
{
	const struct lang *l = lang_for_path(f->path);
	return l && l->id == L_YAML;
}

/* Prose: a line's last character says nothing about a block. */
static bool prose(const struct file *f)
{
	const char *ext = lang_extension(f->path);
	return is_markdown(f) || !strcasecmp(ext, ".txt") || !strcasecmp(ext, ".rst");
}

bool place_is_makefile(const struct file *f)
{
	const char *ext = lang_extension(f->path);
	return !strcmp(ext, "Makefile") || !strcmp(ext, "makefile") || !strcmp(ext, "GNUmakefile") ||
	       !strcasecmp(ext, ".mk") || !strcasecmp(ext, ".mak");
}

/* s[0..n) without a trailing comment ("#" or "//" after whitespace, outside quotes) and trailing
 * whitespace: the code a line ends with. */
static size_t code_end(const char *s, size_t n)
{
	char q = 0;
	for (size_t i = 0; i < n; i++) {
		if (q) {
			if (s[i] == '\\')
				i++;
			else if (s[i] == q)
				q = 0;
		} else if (s[i] == '"' || s[i] == '\'' || s[i] == '`') {
			q = s[i];
		} else if (i && (s[i - 1] == ' ' || s[i - 1] == '\t') &&
			   (s[i] == '#' || (s[i] == '/' && i + 1 < n && s[i + 1] == '/'))) {
			n = i;
			break;
		}
	}
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		n--;
	return n;
}

static bool ends_word(const char *s, size_t n, const char *w)
{
	size_t k = strlen(w);
	return n >= k && !memcmp(s + n - k, w, k) && (n == k || s[n - k - 1] == ' ' || s[n - k - 1] == '\t');
}

static bool starts_word(const char *s, size_t n, const char *w)
{
	size_t k = strlen(w);
	return n >= k && !memcmp(s, w, k) &&
	       (n == k || s[k] == ' ' || s[k] == '\t' || s[k] == '(' || s[k] == ';');
}

static const char *const directives[] = {"ifeq",     "ifneq",    "ifdef",    "ifndef",   "else",  "endif",
					 "include",  "-include", "sinclude", "define",   "endef", "export",
					 "unexport", "override", "vpath",    "undefine", NULL};

static bool directive(const char *s, size_t n)
{
	for (const char *const *d = directives; *d; d++)
		if (starts_word(s, n, *d))
			return true;
	return false;
}

/* s[0..n) (no indentation) assigns a variable: a name, then =, :=, ::=, :::=, +=, ?= or !=. */
static bool assignment(const char *s, size_t n)
{
	size_t i = 0;
	while (i < n && s[i] != ' ' && s[i] != '\t' && !strchr("=:+?!#", s[i]))
		i++;
	if (!i)
		return false;
	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	while (i < n && s[i] == ':')
		i++;
	if (i < n && strchr("+?!", s[i]))
		i++;
	return i < n && s[i] == '=';
}

/* A Makefile rule line: at column 0, a colon that is no assignment's. */
static bool rule_line(const char *s, size_t n)
{
	if (!n || s[0] == ' ' || s[0] == '\t' || s[0] == '#' || directive(s, n) || assignment(s, n))
		return false;
	return memchr(s, ':', n) != NULL;
}

/* The line opens a block (or a rule's recipe) by how it ends. */
static bool opens(const struct file *f, const char *s, size_t n)
{
	if (place_is_makefile(f))
		return rule_line(s, n);
	if (prose(f))
		return false;
	size_t e = code_end(s, n);
	if (!e)
		return false;
	char c = s[e - 1];
	if (c == '{' || c == '(' || c == '[' || c == ':')
		return !(c == ':' && e >= 2 && s[e - 2] == ':');
	return ends_word(s, e, "then") || ends_word(s, e, "do") || ends_word(s, e, "else");
}

/* The line closes a block by how it starts. */
static bool closes(const char *s, size_t n)
{
	size_t ws = indent_len(s, n);
	s += ws, n -= ws;
	if (n && (s[0] == '}' || s[0] == ')' || s[0] == ']'))
		return true;
	return starts_word(s, n, "end") || starts_word(s, n, "fi") || starts_word(s, n, "done") ||
	       starts_word(s, n, "esac");
}

static void add_unit(const struct file *f, struct buf *b)
{
	struct indent_style st;
	indent_style_of(f, &st);
	if (st.tabs || place_is_makefile(f))
		buf_addc(b, '\t');
	else
		buf_add_spaces(b, (size_t)st.unit);
}

/* The nearest non-blank line from l on, stepping by dir (+1 or -1) while skip allows blank lines;
 * 0 when there is none. */
static long neighbour(const struct file *f, long l, int dir, bool skip)
{
	for (; l >= 1 && l <= (long)f->n_lines; l += dir) {
		const char *t;
		size_t n = file_line(f, (size_t)l, &t);
		if (!blank_line(t, n))
			return l;
		if (!skip)
			return 0;
	}
	return 0;
}

/* After line a: the first child's indentation when a opens a block, else a's plus a unit when it
 * ends as an opener, else a's. */
static void after_base(const struct file *f, long a, struct buf *base)
{
	const char *t, *c = "";
	size_t n = file_line(f, (size_t)a, &t), ws = indent_len(t, n);
	bool open = opens(f, t, n);
	/* in Markdown a deeper line after a blank one is a code block or a loose item's paragraph */
	long k = neighbour(f, a + 1, 1, open || !is_markdown(f));
	size_t kn = k ? file_line(f, (size_t)k, &c) : 0, kws = indent_len(c, kn);
	if (k && width(c, kws) > width(t, ws)) {
		buf_add(base, c, kws);
		return;
	}
	buf_add(base, t, ws);
	if (!open)
		return;
	/* a YAML key's sequence may sit at the key's own indentation */
	if (k && is_yaml(f) && kws == ws && !memcmp(c, t, ws) && kn > kws + 1 && c[kws] == '-' &&
	    (c[kws + 1] == ' ' || c[kws + 1] == '\r'))
		return;
	add_unit(f, base);
}

/* Before line b: when b closes a block, its last child's indentation, else b's plus a unit. */
static void before_base(const struct file *f, long b, struct buf *base)
{
	const char *t, *c = "";
	size_t n = file_line(f, (size_t)b, &t), ws = indent_len(t, n);
	buf_add(base, t, ws);
	if (prose(f) || !closes(t, n))
		return;
	long k = neighbour(f, b - 1, -1, true);
	size_t kn = k ? file_line(f, (size_t)k, &c) : 0, kws = indent_len(c, kn);
	if (k && width(c, kws) > width(t, ws)) {
		buf_truncate(base, 0);
		buf_add(base, c, kws);
	} else if (k && opens(f, c, kn)) {
		add_unit(f, base);
	}
}

void place_insert_base(const struct file *f, const struct place_site *site, struct buf *base)
{
	if (site->header) {
		const char *t;
		size_t n = file_line(f, (size_t)site->header, &t);
		buf_add(base, t, indent_len(t, n));
	} else if (site->after) {
		after_base(f, site->line, base);
	} else {
		before_base(f, site->line, base);
	}
}

enum line_class { CL_SKIP, CL_RULE, CL_RECIPE, CL_OTHER };

/* A line as context for the next: blank lines and comments at column 0 change nothing. */
static enum line_class classify(const char *s, size_t n)
{
	if (blank_line(s, n) || s[0] == '#')
		return CL_SKIP;
	if (s[0] == '\t')
		return CL_RECIPE;
	return rule_line(s, n) ? CL_RULE : CL_OTHER;
}

static bool continued(const char *s, size_t n)
{
	while (n && (s[n - 1] == '\r' || s[n - 1] == ' '))
		n--;
	return n && s[n - 1] == '\\';
}

/* The context the first line of text sees: the nearest line of f's first `before` that counts. */
static enum line_class context_of(const struct file *f, long before)
{
	for (long l = before; l >= 1; l--) {
		const char *t;
		size_t n = file_line(f, (size_t)l, &t);
		enum line_class c = classify(t, n);
		if (c == CL_SKIP)
			continue;
		/* a continuation line has the class of the line it continues */
		while (l > 1) {
			const char *p;
			size_t pn = file_line(f, (size_t)l - 1, &p);
			if (!continued(p, pn))
				break;
			l--;
			c = classify(p, pn);
		}
		return c;
	}
	return CL_SKIP;
}

void place_make_lines(const struct file *f, long before, const char *text, size_t n, bool based,
		      unsigned char *out, size_t n_lines)
{
	enum line_class ctx = context_of(f, before);
	const char *t = "";
	size_t tn = before >= 1 ? file_line(f, (size_t)before, &t) : 0;
	bool cont = continued(t, tn); /* the line above ends in a backslash */
	size_t i = 0;
	for (size_t k = 0; k < n_lines; k++) {
		const char *nl = i < n ? memchr(text + i, '\n', n - i) : NULL;
		size_t e = nl ? (size_t)(nl - text) : n, len = e - i;
		const char *s = text + i;
		size_t ws = indent_len(s, len);
		enum line_class c = classify(s, len);
		out[k] = PLACE_MAKE_NONE;
		if (c != CL_SKIP && (ws || based) && cont) {
			/* a continuation line is part of the line it continues */
			out[k] = ctx == CL_RECIPE ? PLACE_MAKE_RECIPE : PLACE_MAKE_OTHER;
		} else if (c != CL_SKIP && (ws || based)) {
			/* a rule line typed at column 0 stays a rule, wherever it goes */
			bool rule = !ws && rule_line(s, len);
			bool recipe = (ctx == CL_RULE || ctx == CL_RECIPE) && !rule &&
				      !assignment(s + ws, len - ws) && !directive(s + ws, len - ws);
			out[k] = recipe ? PLACE_MAKE_RECIPE : PLACE_MAKE_OTHER;
			c = recipe ? CL_RECIPE : rule ? CL_RULE : CL_OTHER;
		}
		if (c != CL_SKIP && !cont)
			ctx = c;
		cont = c != CL_SKIP && continued(s, len);
		i = nl ? e + 1 : n;
	}
}

/* The indentation width of line l. */
static int line_width(const struct file *f, long l)
{
	const char *t;
	size_t n = file_line(f, (size_t)l, &t);
	return width(t, indent_len(t, n));
}

/* The line at or after the definition's side (dir +1: below its last line; -1: above its top)
 * that is not blank, when it sits at the header's indentation and does not close a block: a
 * sibling, whose distance from the definition is the file's blank lines between definitions.
 * The blank lines in between into *gap. */
static bool sibling_gap(const struct file *f, long from, int dir, int col, long *gap)
{
	long l = neighbour(f, from, dir, true);
	if (!l)
		return false;
	const char *t;
	size_t n = file_line(f, (size_t)l, &t);
	*gap = dir > 0 ? l - from : from - l;
	return line_width(f, l) == col && !closes(t, n);
}

long place_blank_lines(const struct file *f, long top, long header, long end)
{
	const struct lang *l = lang_for_path(f->path);
	if (prose(f) || (l && l->format != FMT_NONE))
		return -1;
	int col = line_width(f, header);
	long gap = 0;
	if (!sibling_gap(f, end + 1, 1, col, &gap) && !sibling_gap(f, top - 1, -1, col, &gap))
		gap = 1;
	/* definitions with a body are set apart even where one-liners around them are not */
	return gap < 1 && end > header ? 1 : gap;
}
