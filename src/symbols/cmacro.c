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

/* An all-caps word of two or more bytes, or a __word the grammar does not know (but not a
 * __word_t: glibc's __uint32_t and __sighandler_t are types). */
static bool macro_like(const char *s, size_t n)
{
	if (n >= 2 && s[0] == '_' && s[1] == '_') {
		if (n > 4 && s[n - 2] == '_' && s[n - 1] == 't')
			return false;
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

/* Words after which an all-caps word before a "*" is the type itself (const FOO *p), not a
 * qualifier macro between a type and its "*" (char FAR *p). */
static bool qualifier(const char *s, size_t n)
{
	static const char *const words[] = {
		"const",  "volatile", "restrict", "static",   "extern",    "register", "inline",
		"auto",   "signed",   "unsigned", "short",    "long",      "typename", "template",
		"friend", "virtual",  "explicit", "mutable",  "constexpr", "new",      "delete",
		"throw",  "else",     "do",       "operator", NULL};
	for (const char *const *k = words; *k; k++)
		if (strlen(*k) == n && !memcmp(*k, s, n))
			return true;
	return names_a_type(s, n);
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

/* The index of the ")" matching the "(" at i, or SIZE_MAX. A string inside is skipped
 * (__attribute_deprecated_msg__ ("Use sigprocmask")); a character literal gives up. */
static size_t close_paren(const struct scan *s, size_t i)
{
	int depth = 0;
	for (; i < s->b; i++) {
		if (s->d[i] == '"') {
			for (i++; i < s->b && s->d[i] != '"' && s->d[i] != '\n'; i++)
				if (s->d[i] == '\\')
					i++;
			if (i >= s->b || s->d[i] != '"')
				return SIZE_MAX;
			continue;
		}
		if (s->d[i] == '\'')
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

/* s->d[a..b) holds an identifier (a parameter list does; "(1, 2)" and "((1))" do not). */
static bool holds_word(const struct scan *s, size_t a, size_t b)
{
	for (size_t i = a; i < b; i++)
		if (ident_start(s->d[i]) && (i == a || !ident_byte(s->d[i - 1])))
			return true;
	return false;
}

/* After a type (or its "*"), name(params) followed by something other than another X(params) is the
 * declarator itself, whatever its case: extern int __memcmpeq (const void *__s1, ...) __THROW
 * __nonnull ((1, 2)), where PRINTF_STYLE(1, 2) die(...) and ATTR(x) f(int a) are noise. */
static bool declarator_call(const struct scan *s, size_t p, size_t m, char prev)
{
	if (!(ident_byte(prev) || prev == '*') || !holds_word(s, p + 1, m))
		return false;
	size_t n = skip_space(s, m + 1), ne = n;
	while (ne < s->b && ident_byte(s->d[ne]))
		ne++;
	size_t q = skip_space(s, ne);
	if (ne == n || q >= s->b || s->d[q] != '(')
		return true;
	size_t r = close_paren(s, q);
	return r != SIZE_MAX && !holds_word(s, q + 1, r);
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
		blank(s, i, in); /* K&R OF((int a, char *b)): the inner list stays, read on */
		blank(s, m, m + 1);
		return in + 1;
	}
	if (declarator_call(s, p, m, prev))
		return e;
	bool types = type_args(s, p + 1, m);
	/* a statement of its own with no ";" (PB_DS_ASSERT_VALID(x)): where one starts, followed by
	 * the end of the block, a directive or, indented in a body, the next line (at column 0 it is
	 * a declaration's return type on a line of its own: XMLPARSEAPI(XML_Parser)) */
	bool indented = i > s->a && s->d[i - 1] != '\n';
	if ((!prev || strchr(";{}", prev)) &&
	    (next == '}' || next == '#' || (indented && memchr(s->d + m + 1, '\n', after - (m + 1))))) {
		blank(s, i, m + 1);
		return m + 1;
	}
	/* in a parameter list, a type written through a macro: f(STACK_OF(X509) *sk) */
	bool param = (prev == '(' || prev == ',') && types;
	if (!(ident_start(next) || next == '*' || next == '(') ||
	    (prev && !ident_byte(prev) && !strchr(";{}*", prev) && !param))
		return e;
	if (types) { /* PyAPI_FUNC(PyObject *) f(...) */
		blank(s, i, p + 1);
		blank(s, m, m + 1);
	} else { /* PRINTF_STYLE(1, 2) die(...) */
		blank(s, i, m + 1);
	}
	return m + 1;
}

/* At the start of a declaration, the word at p (after an all-caps word ending at e) is followed by what
 * only a declaration's type is: EXPORT int f(), EXPORT int *f(), DEPRECATED int (*f(...))(...),
 * T_DEC template<...>, NORETURN PRINTF_STYLE(1, 2) void die(); but not HANDLE CreateFile(), whose
 * all-caps word is the type. */
static bool starts_declaration(const struct scan *s, size_t e, size_t p)
{
	size_t we = p;
	while (we < s->b && ident_byte(s->d[we]))
		we++;
	size_t q = skip_space(s, we);
	if (q >= s->b)
		return false;
	char c = s->d[q];
	if (ident_start(c) || c == '*' || c == '&' || c == '<')
		return true;
	/* a line of its own, then C_DEC::name(...): pb_ds's template header and class macros (the
	 * all-caps word before a Class::method() is its return type) */
	if (c == ':' && q + 1 < s->b && s->d[q + 1] == ':' && macro_like(s->d + p, we - p) &&
	    memchr(s->d + e, '\n', p - e))
		return true;
	if (c != '(')
		return false;
	size_t in = skip_space(s, q + 1);
	if (in < s->b && s->d[in] == '*')
		return true;
	size_t m = close_paren(s, q);
	size_t after = m == SIZE_MAX ? s->b : skip_space(s, m + 1);
	return macro_like(s->d + p, we - p) && after < s->b && ident_start(s->d[after]);
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
	/* between a type and its "*": unsigned char FAR *window, char FAR * FAR *pp */
	if (next == '*' && (prev == '*' || (ident_byte(prev) && !qualifier(s->d + w, at - w)))) {
		blank(s, i, e);
		return e;
	}
	if (prev && !strchr(";}", prev))
		return e;
	if (ident_start(next) && starts_declaration(s, e, p))
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
			/* the directive runs on through the comment's lines (comments go before lines
			 * end): each newline inside keeps a backslash in front of it */
			for (size_t k = i + 1; k < stop; k++)
				if (s->d[k] == '\n')
					s->d[k - 1] = '\\';
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
