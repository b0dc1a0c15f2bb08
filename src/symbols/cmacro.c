#include "cmacro.h"

#include <stdbool.h>
#include <string.h>

#include "../alloc.h"

static bool ident_start(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool ident_byte(char c)
{
	return ident_start(c) || (c >= '0' && c <= '9');
}

/* Double-underscore words the grammar knows: never blanked. */
static const char *const known[] = {
	"__attribute__", "__attribute",  "__declspec", "__asm__",       "__asm",      "__inline__",
	"__inline",      "__restrict__", "__restrict", "__extension__", "__typeof__", "__typeof",
	"__volatile__",  "__const",      "__signed__", "__int128",      "__cdecl",    "__stdcall",
	"__fastcall",    "__thread",     NULL,
};

/* An all-caps word of two or more bytes, or a __word the grammar does not know. */
static bool macro_like(const char *s, size_t n)
{
	if (n >= 2 && s[0] == '_' && s[1] == '_') {
		for (const char *const *k = known; *k; k++)
			if (strlen(*k) == n && !memcmp(*k, s, n))
				return false;
		return true;
	}
	bool letter = false;
	for (size_t i = 0; i < n; i++) {
		if (s[i] >= 'a' && s[i] <= 'z')
			return false;
		letter = letter || (s[i] >= 'A' && s[i] <= 'Z');
	}
	return n >= 2 && letter;
}

/* Words after which an all-caps word is a tag or type name, not noise. */
static bool names_a_type(const char *s, size_t n)
{
	static const char *const words[] = {"struct", "union", "enum", "class",  "typedef",
					    "return", "case",  "goto", "sizeof", NULL};
	for (const char *const *k = words; *k; k++)
		if (strlen(*k) == n && !memcmp(*k, s, n))
			return true;
	return false;
}

struct scan {
	char *d;
	size_t a, b; /* the range being cleaned */
};

static size_t skip_space(const struct scan *s, size_t i)
{
	while (i < s->b && (s->d[i] == ' ' || s->d[i] == '\t' || s->d[i] == '\n' || s->d[i] == '\r'))
		i++;
	return i;
}

/* The last byte before i that is not white space, or 0 when none; ';' for the end of a
 * comment or of a preprocessor line, which end a declaration as well. */
static char prev_byte(const struct scan *s, size_t i, size_t *at)
{
	while (i > s->a && strchr(" \t\r\n", s->d[i - 1]))
		i--;
	*at = i;
	if (i <= s->a)
		return 0;
	if (i >= s->a + 2 && s->d[i - 1] == '/' && s->d[i - 2] == '*')
		return ';';
	size_t ls = i;
	while (ls > s->a && s->d[ls - 1] != '\n')
		ls--;
	while (ls < i && (s->d[ls] == ' ' || s->d[ls] == '\t'))
		ls++;
	return s->d[ls] == '#' && s->d[i - 1] != '\\' ? ';' : s->d[i - 1];
}

/* The index of the ")" matching the "(" at i, or SIZE_MAX. */
static size_t close_paren(const struct scan *s, size_t i)
{
	int depth = 0;
	for (; i < s->b; i++) {
		if (s->d[i] == '"' || s->d[i] == '\'')
			return SIZE_MAX;
		if (s->d[i] == '(')
			depth++;
		else if (s->d[i] == ')' && --depth == 0)
			return i;
	}
	return SIZE_MAX;
}

static void blank(struct scan *s, size_t a, size_t b)
{
	for (size_t i = a; i < b; i++)
		if (s->d[i] != '\n')
			s->d[i] = ' ';
}

/* Arguments that read as a type (PyAPI_FUNC(PyObject *)): kept when the macro is blanked. */
static bool type_args(const struct scan *s, size_t a, size_t b)
{
	bool word = false;
	for (size_t i = a; i < b; i++) {
		if (ident_start(s->d[i]))
			word = true;
		else if (!ident_byte(s->d[i]) && !strchr(" \t*&:<>", s->d[i]))
			return false;
	}
	return word;
}

/* The word at [i, e) followed by "(" at p: blanks it when it is noise; returns where to go on. */
static size_t macro_call(struct scan *s, size_t i, size_t e, size_t p, char prev)
{
	size_t m = close_paren(s, p);
	if (m == SIZE_MAX)
		return e;
	size_t after = skip_space(s, m + 1);
	char next = after < s->b ? s->d[after] : 0;
	if (prev == ')') { /* f(...) __nonnull((1)) ATTR(x): a trailing attribute */
		blank(s, i, m + 1);
		return m + 1;
	}
	size_t in = skip_space(s, p + 1);
	if (ident_byte(prev) && in < m && s->d[in] == '(' && (next == ';' || next == ',' || next == '{')) {
		blank(s, i, in); /* K&R OF((int a, char *b)): the inner list stays */
		blank(s, m, m + 1);
		return m + 1;
	}
	if (!(ident_start(next) || next == '*' || next == '(') ||
	    (prev && !ident_byte(prev) && !strchr(";}*", prev)))
		return e;
	if (type_args(s, p + 1, m)) { /* PyAPI_FUNC(PyObject *) f(...) */
		blank(s, i, p + 1);
		blank(s, m, m + 1);
	} else { /* PRINTF_STYLE(1, 2) die(...) */
		blank(s, i, m + 1);
	}
	return m + 1;
}

/* The macro-like word at [i, e): blanks it when it is noise; returns where to go on. */
static size_t macro_word(struct scan *s, size_t i, size_t e)
{
	size_t at, p = skip_space(s, e);
	char prev = prev_byte(s, i, &at), next = p < s->b ? s->d[p] : 0;
	size_t w = at;
	while (w > s->a && ident_byte(s->d[w - 1]))
		w--;
	if (ident_byte(prev) && names_a_type(s->d + w, at - w))
		return e;
	if (next == '(')
		return macro_call(s, i, e, p, prev);
	if (prev == ')' ||
	    ((ident_byte(prev) || prev == '(' || prev == '*') && (ident_start(next) || next == '('))) {
		blank(s, i, e); /* f(...) __THROW; void NORETURN die(); (APIENTRYP PFN) */
		return e;
	}
	if (prev && !strchr(";}", prev))
		return e;
	/* At the start of a declaration: EXPORT int f(), but not HANDLE CreateFile(). */
	size_t q = p;
	while (q < s->b && ident_byte(s->d[q]))
		q++;
	q = skip_space(s, q);
	if (ident_start(next) && q < s->b && (ident_start(s->d[q]) || s->d[q] == '*'))
		blank(s, i, e);
	return e;
}

/* Any word used as X(args) name(...) where a declaration starts (PyAPI_FUNC(int) f(void)): no
 * C reads a call followed by a name, so X is a macro whatever its case. */
static size_t prefix_call(struct scan *s, size_t i, size_t e)
{
	size_t at, p = skip_space(s, e);
	char prev = prev_byte(s, i, &at);
	if (p >= s->b || s->d[p] != '(' || (prev && !strchr(";}", prev)))
		return e;
	size_t m = close_paren(s, p);
	if (m == SIZE_MAX)
		return e;
	size_t n = skip_space(s, m + 1), ne = n;
	while (ne < s->b && ident_byte(s->d[ne]))
		ne++;
	if (ne == n || !ident_start(s->d[n]) || (ne = skip_space(s, ne)) >= s->b || s->d[ne] != '(')
		return e;
	return macro_call(s, i, e, p, prev);
}

/* A preprocessor line from i (its "#"): block comments inside it are blanked, so one in a
 * multi-line #define no longer ends it; returns the end of the directive. */
static size_t directive(struct scan *s, size_t i)
{
	for (; i < s->b && s->d[i] != '\n'; i++) {
		if (s->d[i] == '\\' && i + 1 < s->b && (s->d[i + 1] == '\n' || s->d[i + 1] == '\r')) {
			i = s->d[i + 1] == '\r' && i + 2 < s->b ? i + 2 : i + 1;
			continue;
		}
		if (s->d[i] == '/' && i + 1 < s->b && s->d[i + 1] == '*') {
			const char *end = memmem(s->d + i + 2, s->b - i - 2, "*/", 2);
			size_t stop = end ? (size_t)(end - s->d) + 2 : s->b;
			blank(s, i, stop);
			i = stop - 1;
		}
	}
	return i;
}

/* Past the comment, string or character literal at i, or i when none starts there. */
static size_t literal_end(const struct scan *s, size_t i)
{
	const char *d = s->d, *end;
	if (d[i] == '/' && i + 1 < s->b && d[i + 1] == '/')
		return (end = memchr(d + i, '\n', s->b - i)) ? (size_t)(end - d) : s->b;
	if (d[i] == '/' && i + 1 < s->b && d[i + 1] == '*')
		return (end = memmem(d + i + 2, s->b - i - 2, "*/", 2)) ? (size_t)(end - d) + 2 : s->b;
	if (d[i] != '"' && d[i] != '\'')
		return i;
	size_t j = i + 1;
	for (; j < s->b && d[j] != d[i] && d[j] != '\n'; j++)
		if (d[j] == '\\')
			j++;
	return j < s->b ? j + 1 : s->b;
}

static void clean_range(struct scan *s)
{
	bool line_start = true;
	for (size_t i = s->a; i < s->b;) {
		char c = s->d[i];
		if (c == '\n' || ((c == ' ' || c == '\t') && line_start)) {
			line_start = line_start || c == '\n';
			i++;
			continue;
		}
		if (c == '#' && line_start) {
			i = directive(s, i);
			continue;
		}
		line_start = false;
		size_t e = literal_end(s, i);
		if (e > i) {
			i = e;
			continue;
		}
		if (!ident_start(c) || (i > s->a && ident_byte(s->d[i - 1]))) {
			i++;
			continue;
		}
		for (e = i; e < s->b && ident_byte(s->d[e]);)
			e++;
		if (macro_like(s->d + i, e - i))
			i = macro_word(s, i, e);
		else
			i = prefix_call(s, i, e);
	}
}

char *cmacro_blank(const char *data, size_t len, const TSRange *v, size_t n)
{
	/* Only the ranges are parsed, so only they are copied (a 1 MB header, one item). */
	char *d = xcalloc(len + 1, 1);
	struct scan s = {d, 0, len};
	if (!n) {
		memcpy(d, data, len);
		clean_range(&s);
	}
	for (size_t i = 0; i < n; i++) {
		s.a = v[i].start_byte;
		s.b = v[i].end_byte;
		memcpy(d + s.a, data + s.a, s.b - s.a);
		clean_range(&s);
	}
	return d;
}
