#include "literal.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "buf.h"
#include "match.h"

static bool is_utf8_cont(unsigned char c)
{
	return (c & 0xC0) == 0x80;
}

/* Under PCRE2's Unicode caseless matching, k and s also match KELVIN SIGN and LONG S: an ASCII
 * fold would miss those, so they cannot be part of a caseless literal. */
static bool foldable(unsigned char c)
{
	return c < 0x80 && c != '\n' && tolower(c) != 'k' && tolower(c) != 's';
}

struct lit_scan {
	struct buf run, best;
	size_t last_char; /* start of the run's last character */
	bool fold;
	bool broken; /* something other than literal text was seen */
};

static size_t char_len(const char *p)
{
	size_t n = 1;
	while (p[n] && is_utf8_cont((unsigned char)p[n]) && n < 4)
		n++;
	return n;
}

static void run_end(struct lit_scan *ls)
{
	if (ls->run.len > ls->best.len) {
		buf_truncate(&ls->best, 0);
		buf_add(&ls->best, ls->run.data, ls->run.len);
	}
	buf_truncate(&ls->run, 0);
	ls->last_char = 0;
}

/* An item that is not literal text: the run so far ends. */
static void run_break(struct lit_scan *ls)
{
	run_end(ls);
	ls->broken = true;
}

/* Adds the character p[0..n) to the run, or ends the run when it cannot be part of a literal. */
static void run_add(struct lit_scan *ls, const char *p, size_t n)
{
	if (ls->fold ? n != 1 || !foldable((unsigned char)*p) : n == 1 && *p == '\n') {
		run_break(ls);
		return;
	}
	ls->last_char = ls->run.len;
	if (ls->fold)
		buf_addc(&ls->run, (char)tolower((unsigned char)*p));
	else
		buf_add(&ls->run, p, n);
}

/* The atom just added is optional or repeated: an optional one leaves the run, a repeated one
 * stays but nothing may follow it in the same run. */
static void run_quantified(struct lit_scan *ls, bool optional)
{
	if (optional && ls->run.len)
		buf_truncate(&ls->run, ls->last_char);
	run_break(ls);
}

/* Length of a {n}, {n,}, {n,m} quantifier at p, or 0 when the brace is a literal. */
static size_t brace_quant(const char *p, bool *optional)
{
	const char *q = p + 1;
	if (!isdigit((unsigned char)*q))
		return 0;
	long lo = strtol(q, (char **)&q, 10);
	if (*q == ',') {
		q++;
		while (isdigit((unsigned char)*q))
			q++;
	}
	if (*q != '}')
		return 0;
	*optional = lo == 0;
	return (size_t)(q - p) + 1;
}

/* Past the first `close` at or after q, or the pattern's end. */
static const char *past(const char *q, char close)
{
	const char *e = strchr(q, close);
	return e ? e + 1 : q + strlen(q);
}

/* Past the escape at p (its backslash) as PCRE2 reads it: the letter and its argument, so
 * \x41, \x{41}, \pL, \p{Greek}, \cA, \012, \g{-1}, \k<name>, \N{U+41} and \o{12} never leave their
 * argument behind to be taken for text. Taking too much only loses a literal; too little could
 * claim one that no match holds. \Q and \E are the caller's. */
static const char *escape_end(const char *p)
{
	const char *q = p + 2;
	switch (p[1]) {
	case 'x':
		if (*q == '{')
			return past(q, '}');
		for (int i = 0; i < 2 && isxdigit((unsigned char)*q); i++)
			q++;
		return q;
	case 'o':
	case 'N': return *q == '{' ? past(q, '}') : q;
	case 'p':
	case 'P': return *q == '{' ? past(q, '}') : *q ? q + 1 : q;
	case 'c': return *q ? q + 1 : q;
	case 'g':
	case 'k':
		if (*q == '{' || *q == '<' || *q == '\'')
			return past(q + 1, *q == '{' ? '}' : *q == '<' ? '>' : '\'');
		if (*q == '+' || *q == '-')
			q++;
		/* fall through: \g1, \g-1 */
	case '0':
	case '1':
	case '2':
	case '3':
	case '4':
	case '5':
	case '6':
	case '7':
	case '8':
	case '9':
		while (isdigit((unsigned char)*q))
			q++;
		return q;
	default:
		if (!p[1])
			return p + 1;
		return isalnum((unsigned char)p[1]) ? q : p + 1 + char_len(p + 1);
	}
}

/* \Q…\E at p: its text is literal. Returns past the \E (or the pattern's end). */
static const char *quoted(struct lit_scan *ls, const char *p)
{
	for (p += 2; *p && !(p[0] == '\\' && p[1] == 'E');) {
		size_t n = char_len(p);
		run_add(ls, p, n);
		p += n;
	}
	return *p ? p + 2 : p;
}

static const char *skip_class(const char *p)
{
	p++;
	if (*p == '^')
		p++;
	if (*p == ']')
		p++;
	while (*p && *p != ']') {
		if (p[0] == '\\' && p[1] == 'Q') {
			const char *e = strstr(p, "\\E");
			p = e ? e + 2 : p + strlen(p);
			continue;
		}
		if (*p == '\\' && p[1])
			p++;
		else if (*p == '[' && p[1] == ':') {
			const char *e = strstr(p, ":]");
			if (e)
				p = e + 1;
		}
		p++;
	}
	return *p ? p + 1 : p;
}

static const char *skip_group(const char *p)
{
	int depth = 0;
	while (*p) {
		if (p[0] == '\\' && p[1] == 'Q') {
			const char *e = strstr(p, "\\E");
			p = e ? e + 2 : p + strlen(p);
			continue;
		}
		if (*p == '\\' && p[1]) {
			p += 2;
			continue;
		}
		if (*p == '[') {
			p = skip_class(p);
			continue;
		}
		if (*p == '(')
			depth++;
		else if (*p == ')' && --depth == 0)
			return p + 1;
		p++;
	}
	return p;
}

/* True when the pattern holds something that changes how the rest reads or what a match must
 * hold: inline flags ((?i), (?x) …) and backtracking verbs ((*ACCEPT) ends a match early). */
static bool unsafe_for_literal(const char *pattern)
{
	if (strstr(pattern, "(*"))
		return true;
	for (const char *p = pattern; (p = strstr(p, "(?")); p += 2)
		if ((isalpha((unsigned char)p[2]) && p[2] != 'P') || p[2] == '-' || p[2] == '^')
			return true;
	return false;
}

/* A quantifier at p, applied to the atom before it; returns past it, or NULL when p holds none. */
static const char *quantifier(struct lit_scan *ls, const char *p)
{
	bool optional = *p != '+';
	size_t q = 1;
	if (*p == '{' && !(q = brace_quant(p, &optional)))
		return NULL;
	if (*p != '{' && *p != '*' && *p != '?' && *p != '+')
		return NULL;
	run_quantified(ls, optional);
	p += q;
	return *p == '?' || *p == '+' ? p + 1 : p;
}

/* One item of a pattern at p; returns past it, or NULL when no literal can be claimed at all. */
static const char *scan_item(struct lit_scan *ls, const char *p)
{
	const char *q = quantifier(ls, p);
	if (q)
		return q;
	switch (*p) {
	case '|': return NULL;
	case '(':
		if (p[1] == '?' && p[2] == '#') /* a comment: gone, as if never written */
			return past(p, ')');
		run_break(ls);
		return skip_group(p);
	case '[': run_break(ls); return skip_class(p);
	case '.':
	case '^':
	case '$':
	case ')': run_break(ls); return p + 1;
	case '{':
		/* a brace PCRE2 reads as text today; newer PCRE2 reads {,n} as a quantifier, so the
		 * pattern is no longer provably plain text */
		run_add(ls, p, 1);
		ls->broken = true;
		return p + 1;
	case '\\':
		if (p[1] == 'Q')
			return quoted(ls, p);
		if (p[1] == 'E') /* a \E with no \Q is ignored */
			return p + 2;
		q = escape_end(p);
		if (!p[1] || isalnum((unsigned char)p[1]))
			run_break(ls);
		else
			run_add(ls, p + 1, (size_t)(q - p - 1));
		return q;
	default: run_add(ls, p, char_len(p)); return p + char_len(p);
	}
}

size_t literal_required(const char *pattern, unsigned rx_flags, char **out, bool *whole)
{
	struct lit_scan ls = {.fold = (rx_flags & RX_CASELESS) != 0};
	*whole = false;
	*out = NULL;
	if (rx_flags & RX_LITERAL) {
		for (const char *p = pattern; *p; p += char_len(p))
			run_add(&ls, p, char_len(p));
	} else if (unsafe_for_literal(pattern)) {
		return 0;
	} else {
		for (const char *p = pattern; *p;) {
			if (!(p = scan_item(&ls, p))) { /* a top-level alternation: no literal is required */
				buf_release(&ls.run);
				buf_release(&ls.best);
				return 0;
			}
		}
	}
	run_end(&ls);
	buf_release(&ls.run);
	size_t n = ls.best.len;
	/* caseless too: run_add breaks the run on every byte an ASCII fold could not match exactly */
	*whole = !ls.broken && !(rx_flags & RX_WORD) && n == strlen(pattern) && n;
	if (!n) {
		buf_release(&ls.best);
		return 0;
	}
	*out = buf_detach(&ls.best);
	return n;
}

/* How common a byte is in source text (higher is more common). */
static int byte_rank(unsigned char c, bool fold)
{
	static const char letters[] = "etaoinsrlcdhupmfgybwvkxjqz";
	if (fold || (c >= 'a' && c <= 'z')) {
		const char *p = memchr(letters, tolower(c), sizeof(letters) - 1);
		if (p)
			return 250 - 6 * (int)(p - letters);
	}
	if (c == ' ' || c == '\t' || c == '\n')
		return 255;
	if (c >= '0' && c <= '9')
		return 120;
	if (c && strchr("_().,;=\"'/-:*{}[]<>", c))
		return 150;
	if (c >= 'A' && c <= 'Z')
		return 60;
	return 10;
}

void literal_rare_pair(const char *lit, size_t len, bool fold, size_t *rare1, size_t *rare2)
{
	size_t a = 0;
	for (size_t i = 1; i < len; i++)
		if (byte_rank((unsigned char)lit[i], fold) < byte_rank((unsigned char)lit[a], fold))
			a = i;
	size_t b = a;
	for (size_t i = 0; i < len; i++)
		if (i != a && (b == a || byte_rank((unsigned char)lit[i], fold) <
						 byte_rank((unsigned char)lit[b], fold)))
			b = i;
	*rare1 = a < b ? a : b;
	*rare2 = a < b ? b : a;
}

size_t literal_alternatives(const char *pattern, unsigned rx_flags, size_t max, struct literal_alt *alts)
{
	if ((rx_flags & RX_LITERAL) || unsafe_for_literal(pattern) || strchr(pattern, '\\'))
		return 0;
	size_t n = 0;
	for (const char *p = pattern;;) {
		const char *bar = strchr(p, '|');
		size_t len = bar ? (size_t)(bar - p) : strlen(p);
		if (n == max || !len)
			break;
		char *piece = xmalloc(len + 1), *lit = NULL;
		memcpy(piece, p, len);
		piece[len] = '\0';
		bool whole;
		size_t m = literal_required(piece, rx_flags & ~(unsigned)RX_WORD, &lit, &whole);
		free(piece);
		if (!whole || m != len) {
			free(lit);
			break;
		}
		struct literal_alt *a = &alts[n++];
		*a = (struct literal_alt){.lit = lit, .len = m};
		literal_rare_pair(lit, m, (rx_flags & RX_CASELESS) != 0, &a->rare1, &a->rare2);
		if (!bar && n >= 2)
			return n;
		if (!bar)
			break;
		p = bar + 1;
	}
	for (size_t i = 0; i < n; i++)
		free(alts[i].lit);
	return 0;
}
