/* The top level of a JavaScript or TypeScript file read as text, where a partial parse left it
 * out (jscheck.c): a region is cut where top-level items start at column 0, so the lines outside
 * it that start a declaration, an import or an export say what the module declares and exports.
 * Only one-line forms are read (`import {a,\n b}` is not): a name missed makes a rule miss, on
 * both sides of an edit alike, so it is never blamed on the edit. And whether a file is a
 * module, from its name and its lines. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../alloc.h"
#include "lang.h"
#include "shape.h"

/* The identifier at s (ASCII letters, digits, _ and $; a non-ASCII byte counts as a letter). */
size_t js_ident_len(const char *s, const char *end)
{
	size_t n = 0;
	while (s + n < end &&
	       (((unsigned char)s[n] >= 0x80) || s[n] == '_' || s[n] == '$' || (s[n] >= '0' && s[n] <= '9') ||
		((s[n] | 0x20) >= 'a' && (s[n] | 0x20) <= 'z')))
		n++;
	return n;
}

static void skip_spaces(const char **s, const char *end)
{
	while (*s < end && (**s == ' ' || **s == '\t'))
		(*s)++;
}

/* Past word and the spaces after it at *s, when *s starts with it. */
static bool skip_word(const char **s, const char *end, const char *word)
{
	size_t n = strlen(word);
	if ((size_t)(end - *s) < n || memcmp(*s, word, n) || (js_ident_len(*s + n, end) && word[0] != '*'))
		return false;
	*s += n;
	skip_spaces(s, end);
	return true;
}

static void add(struct js_names *v, enum js_role role, enum decl_kind kind, const char *s, size_t len)
{
	if (!len)
		return;
	XGROW(v->v, v->cap, v->n + 1);
	v->v[v->n++] = (struct js_name){s, len, role, kind};
}

/* `{ a, b as c, type d }` up to the `}` on the line: each item's local name (a, b) and the name
 * it is known by (a, c), to add as local and outer. Returns past the `}`, or NULL. */
static const char *braces(const char *s, const char *end, struct js_names *v, enum js_role local_role,
			  enum js_role outer_role, enum decl_kind kind)
{
	const char *close = memchr(s, '}', (size_t)(end - s));
	if (!close)
		return NULL;
	for (s++; s < close;) {
		skip_spaces(&s, close);
		bool type_only = skip_word(&s, close, "type") && js_ident_len(s, close);
		const char *name = s, *as = s + js_ident_len(s, close);
		const char *outer = name;
		skip_spaces(&as, close);
		if (skip_word(&as, close, "as"))
			outer = as;
		if (!type_only) {
			add(v, local_role, kind, name, js_ident_len(name, close));
			add(v, outer_role, kind, outer, js_ident_len(outer, close));
		}
		const char *comma = memchr(s, ',', (size_t)(close - s));
		s = comma ? comma + 1 : close;
	}
	return close + 1;
}

/* `import a, * as b, { c as d } from …` */
static void import_line(const char *s, const char *end, struct js_names *v)
{
	if (skip_word(&s, end, "type"))
		return;
	size_t n = js_ident_len(s, end);
	if (n && !(n == 4 && !memcmp(s, "from", 4))) {
		add(v, JS_DECLARES, D_LEX, s, n);
		s += n;
		skip_spaces(&s, end);
		if (s < end && *s == ',')
			s++;
		skip_spaces(&s, end);
	}
	if (skip_word(&s, end, "*") && skip_word(&s, end, "as"))
		add(v, JS_DECLARES, D_LEX, s, js_ident_len(s, end));
	else if (s < end && *s == '{')
		braces(s, end, v, JS_NONE, JS_DECLARES, D_LEX);
}

/* The names `const a = f(1, 2), b` declares: each identifier after the keyword or after a comma
 * outside brackets and strings, up to a `;`. A destructuring pattern is not read. */
static void declarators(const char *s, const char *end, struct js_names *v, enum decl_kind kind,
			bool exported)
{
	int depth = 0;
	bool want = true;
	for (char q = 0; s < end; s++) {
		if (q) {
			q = *s == '\\' ? (s++, q) : *s == q ? 0 : q;
			continue;
		}
		if (want) {
			skip_spaces(&s, end);
			size_t n = js_ident_len(s, end);
			add(v, JS_DECLARES, kind, s, n);
			if (exported)
				add(v, JS_EXPORTS, kind, s, n);
			want = false;
			s += n ? n - 1 : 0;
			continue;
		}
		if (*s == '"' || *s == '\'' || *s == '`')
			q = *s;
		else if (strchr("([{", *s))
			depth++;
		else if (strchr(")]}", *s))
			depth--;
		else if (*s == ',' && !depth)
			want = true;
		else if (*s == ';' && !depth)
			break;
	}
}

/* The names one line at column 0 declares and exports. */
static void line_names(const char *s, const char *end, struct js_names *v)
{
	if (skip_word(&s, end, "import")) {
		import_line(s, end, v);
		return;
	}
	bool exported = skip_word(&s, end, "export");
	if (exported && skip_word(&s, end, "type"))
		return;
	if (exported && skip_word(&s, end, "default")) {
		add(v, JS_EXPORTS, D_LEX, "default", 7);
		exported = false; /* a default function's name is a local declaration only */
	}
	if (exported && s < end && *s == '{') {
		const char *after = braces(s, end, v, JS_EXPORTS_LOCAL, JS_EXPORTS, D_LEX);
		if (after && skip_word(&after, end, "from")) /* a re-export names nothing local */
			for (size_t i = 0; i < v->n; i++)
				if (v->v[i].role == JS_EXPORTS_LOCAL && v->v[i].s > s && v->v[i].s < after)
					v->v[i].role = JS_NONE;
		return;
	}
	if (exported && skip_word(&s, end, "*")) {
		if (skip_word(&s, end, "as"))
			add(v, JS_EXPORTS, D_LEX, s, js_ident_len(s, end));
		return;
	}
	skip_word(&s, end, "declare");
	enum decl_kind kind = D_LEX;
	if (skip_word(&s, end, "const") || skip_word(&s, end, "let") ||
	    (skip_word(&s, end, "var") && (kind = D_VAR))) {
		declarators(s, end, v, kind, exported);
		return;
	}
	if (skip_word(&s, end, "class") || ((skip_word(&s, end, "async"), skip_word(&s, end, "function")) &&
					    (kind = D_FUNC) && (skip_word(&s, end, "*"), true))) {
		size_t n = js_ident_len(s, end);
		add(v, JS_DECLARES, kind, s, n);
		if (exported)
			add(v, JS_EXPORTS, kind, s, n);
	}
}

void js_text_names(const char *file, size_t len, size_t skip_start, size_t skip_end, struct js_names *out)
{
	for (const char *s = file, *end = file + len; s < end;) {
		const char *nl = memchr(s, '\n', (size_t)(end - s)), *e = nl ? nl : end;
		size_t off = (size_t)(s - file);
		if ((off < skip_start || off >= skip_end) && e > s && s[0] != ' ' && s[0] != '\t')
			line_names(s, e, out);
		s = e + 1;
	}
}

void js_names_release(struct js_names *v)
{
	free(v->v);
	*v = (struct js_names){0};
}

/* A line starting "import" or "export" followed by a space, "{", "*" or a quote. */
static bool module_line(const char *s, const char *end)
{
	size_t n = (size_t)(end - s);
	if (n < 7 || (memcmp(s, "import", 6) && memcmp(s, "export", 6)))
		return false;
	return strchr(" {*\"'", s[6]) != NULL;
}

bool shape_js_module(const char *path, const char *data, size_t len)
{
	const struct lang *lang = lang_for_path(path);
	const char *ext = lang_extension(path);
	if (lang && lang->id != L_JAVASCRIPT)
		return strcasecmp(ext, ".cts") != 0; /* TypeScript refuses a top-level return anywhere */
	if (!strcasecmp(ext, ".mjs"))
		return true;
	if (!strcasecmp(ext, ".cjs"))
		return false;
	for (const char *s = data, *end = data + len; s < end;) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		const char *e = nl ? nl : end;
		if (module_line(s, e))
			return true;
		s = e + 1;
	}
	return false;
}
