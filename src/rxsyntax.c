#define PCRE2_CODE_UNIT_WIDTH 8
#include "rxsyntax.h"

#include <ctype.h>
#include <pcre2.h>
#include <string.h>

#include "buf.h"

/* Rust's \b{start} is \W or the text's start on the left and \w on the right, \b{end} the mirror. */
#define WORD_START "(?<!\\w)(?=\\w)"
#define WORD_END "(?<=\\w)(?!\\w)"
#define START_HALF "(?<!\\w)"
#define END_HALF "(?!\\w)"
#define ERR_EOF "incomplete escape sequence, reached end of pattern prematurely"
#define NEST_MAX 64

/* Bytes of the character at p: a lead byte and its continuation bytes (an invalid byte alone). */
static size_t char_len(const char *p)
{
	size_t n = 1;
	while (p[n] && ((unsigned char)p[n] & 0xC0) == 0x80 && n < 4)
		n++;
	return n;
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = (char)tolower((unsigned char)c);
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* \u and \U at p (the letter): {HEX} or exactly `digits` hex digits, written as \x{HEX}. */
static const char *hex_escape(const char *p, int digits, struct buf *out, const char **err)
{
	const char *q = p + 1;
	unsigned long v = 0;
	int n = 0;
	bool braced = *q == '{';
	if (braced)
		q++;
	for (; braced ? *q != '}' : n < digits; q++, n++) {
		if (!*q) {
			*err = ERR_EOF;
			return NULL;
		}
		int h = hexval(*q);
		if (h < 0) {
			*err = "invalid hexadecimal digit";
			return NULL;
		}
		v = n < 8 ? v * 16 + (unsigned long)h : 0x110000;
	}
	if (braced && !n) {
		*err = "hexadecimal literal empty";
		return NULL;
	}
	if (v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) {
		*err = "hexadecimal literal is not a Unicode scalar value";
		return NULL;
	}
	buf_addf(out, "\\x{%lX}", v);
	return braced ? q + 1 : q;
}

/* \b{name} at p (the brace). */
static const char *special_boundary(const char *p, struct buf *out, const char **err)
{
	static const struct {
		const char *name, *pcre;
	} names[] = {
		{"start", WORD_START}, {"end", WORD_END}, {"start-half", START_HALF}, {"end-half", END_HALF}};
	const char *e = p + 1;
	while (isalpha((unsigned char)*e) || *e == '-')
		e++;
	if (*e != '}') {
		*err = "special word boundary assertion is either unclosed or contains an invalid character";
		return NULL;
	}
	size_t n = (size_t)(e - p - 1);
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strlen(names[i].name) == n && !memcmp(names[i].name, p + 1, n)) {
			buf_adds(out, names[i].pcre);
			return e + 1;
		}
	*err = "unrecognized special word boundary assertion, valid choices are: start, end, start-half or end-half";
	return NULL;
}

/* One escape at p (the backslash). An escape whose argument sits in braces (\p{Greek}, \x{41})
 * is copied whole, so a class never reads the argument as class syntax. */
static const char *escape(const char *p, struct buf *out, bool in_class, const char **err)
{
	char c = p[1];
	switch (c) {
	case '\0':
		buf_addc(out, '\\'); /* PCRE2 refuses it with the words Rust uses */
		return p + 1;
	case 'u': return hex_escape(p + 1, 4, out, err);
	case 'U': return hex_escape(p + 1, 8, out, err);
	case 'v': buf_adds(out, "\\x{B}"); return p + 2;
	case 'c': /* PCRE2's control character would take the next byte, even a class's ']' */
		*err = "unrecognized escape sequence";
		return NULL;
	case '<':
	case '>':
		if (in_class)
			break;
		buf_adds(out, c == '<' ? WORD_START : WORD_END);
		return p + 2;
	case 'b':
		if (in_class || p[2] != '{' || !(isalpha((unsigned char)p[3]) || p[3] == '-'))
			break;
		return special_boundary(p + 2, out, err);
	case 'Q': {
		const char *e = strstr(p + 2, "\\E");
		size_t n = e ? (size_t)(e - p) + 2 : strlen(p);
		buf_add(out, p, n);
		return p + n;
	}
	default: break;
	}
	size_t n = 1 + char_len(p + 1);
	if (strchr("pPxogkN", c) && p[2] == '{') {
		const char *e = strchr(p + 2, '}');
		n = e ? (size_t)(e - p) + 1 : strlen(p);
	}
	buf_add(out, p, n);
	return p + n;
}

/* (?flags) or (?flags: at p. Rust's flags are i m s U x (PCRE2 has the same), u (Unicode, always
 * on here) and R (CRLF mode: lines already end at \n; PCRE2 would read (?R) as recursion). */
static const char *flag_group(const char *p, struct buf *out, const char **err)
{
	const char *q = p + 2;
	while (isalpha((unsigned char)*q) || *q == '-')
		q++;
	if (q == p + 2 || (*q != ')' && *q != ':')) {
		buf_add(out, p, 2);
		return p + 2;
	}
	if (q[-1] == '-') {
		*err = "dangling flag negation operator";
		return NULL;
	}
	char on[32], off[32];
	size_t n_on = 0, n_off = 0;
	bool neg = false;
	for (const char *f = p + 2; f < q; f++) {
		if (*f == '-') {
			neg = true;
		} else if (*f == 'u' && neg) {
			*err = "Unicode-unaware matching (?-u) is not supported";
			return NULL;
		} else if (*f != 'u' && *f != 'R' && (neg ? n_off : n_on) < sizeof(on) - 1) {
			if (neg)
				off[n_off++] = *f;
			else
				on[n_on++] = *f;
		}
	}
	if (n_on || n_off) {
		buf_addf(out, "(?%.*s%s%.*s%c", (int)n_on, on, n_off ? "-" : "", (int)n_off, off, *q);
	} else if (*q == ':') {
		buf_adds(out, "(?:");
	}
	return q + 1;
}

/* acc = acc OP rhs, each one single-character atom: && intersection, -- difference, ~~ symmetric
 * difference, all read left to right as Rust reads them. Each operand is written once: twice, a
 * chain of n operations would grow as 2^n (a 64-byte [a~~b~~…] took 4.5 MB; found by
 * fuzz_rxsyntax). ~~ asks about acc once, in a conditional, and needs rhs in both branches: a
 * plain class is short enough to write twice, any other rhs (a nested [b~~[c~~…]] doubled per
 * level, also found by fuzz_rxsyntax) is written once in a DEFINE group and called by name. The
 * group sits where the class is, so it is compiled under the same flags. */
static void combine(struct buf *acc, char op, const struct buf *rhs, unsigned *ids)
{
	struct buf r = BUF_INIT;
	if (op == '&') {
		buf_addf(&r, "(?:(?=%s)%s)", buf_str(acc), buf_str(rhs));
	} else if (op == '-') {
		buf_addf(&r, "(?:(?!%s)%s)", buf_str(rhs), buf_str(acc));
	} else if (!memchr(rhs->data, '(', rhs->len)) {
		buf_addf(&r, "(?:(?(?=%s)(?!%s)|(?=%s))(?s:.))", buf_str(acc), buf_str(rhs), buf_str(rhs));
	} else {
		unsigned id = (*ids)++;
		buf_addf(
			&r,
			"(?:(?(DEFINE)(?<_lets_sd%u>%s))(?(?=%s)(?!(?&_lets_sd%u))|(?=(?&_lets_sd%u)))(?s:.))",
			id, buf_str(rhs), buf_str(acc), id, id);
	}
	buf_truncate(acc, 0);
	buf_add(acc, r.data, r.len);
	buf_release(&r);
}

/* One operand of a set operation as one single-character atom: its plain items as a PCRE2 class,
 * or'ed with its nested classes (already atoms, joined by |). Moves the operand into acc. */
static void operand_end(struct buf *items, struct buf *nested, size_t *n_nested, char op, struct buf *acc,
			unsigned *ids)
{
	struct buf atom = BUF_INIT;
	bool alt = (items->len > 0) + *n_nested > 1;
	if (alt)
		buf_adds(&atom, "(?:");
	if (items->len)
		buf_addf(&atom, "[%s]", buf_str(items));
	if (items->len && *n_nested)
		buf_addc(&atom, '|');
	buf_add(&atom, nested->data, nested->len);
	if (!items->len && !*n_nested)
		buf_adds(&atom, "(?!)");
	if (alt)
		buf_addc(&atom, ')');
	if (op) {
		combine(acc, op, &atom, ids);
	} else {
		buf_truncate(acc, 0);
		buf_add(acc, atom.data, atom.len);
	}
	buf_release(&atom);
	buf_truncate(items, 0);
	buf_truncate(nested, 0);
	*n_nested = 0;
}

struct cls {
	struct buf items, nested, acc;
	size_t n_nested;
	char op;
	bool complex; /* set operations or nested classes: PCRE2's class syntax cannot say it */
	unsigned *ids; /* the translation's count of DEFINE groups, which names each one */
};

static const char *parse_class(const char *p, struct buf *out, int depth, unsigned *ids, const char **err);

/* [:name:] or [:^name:] at p, as Rust reads it: ASCII only (PCRE2 with UCP would take in every
 * Unicode letter for [:alpha:]). Returns past it, or NULL when it is not one. */
static const char *posix_class(const char *p, struct cls *c)
{
	static const struct {
		const char *name, *ascii;
	} names[] = {
		{"alnum", "0-9A-Za-z"},
		{"alpha", "A-Za-z"},
		{"ascii", "\\x00-\\x7F"},
		{"blank", "\\t "},
		{"cntrl", "\\x00-\\x1F\\x7F"},
		{"digit", "0-9"},
		{"graph", "!-~"},
		{"lower", "a-z"},
		{"print", " -~"},
		{"punct", "!-/:-@\\[-`{-~"},
		{"space", "\\t\\n\\x0B\\f\\r "},
		{"upper", "A-Z"},
		{"word", "0-9A-Za-z_"},
		{"xdigit", "0-9A-Fa-f"},
	};
	bool neg = p[2] == '^';
	const char *name = p + (neg ? 3 : 2), *e = strstr(name, ":]");
	if (!e)
		return NULL;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (strlen(names[i].name) != (size_t)(e - name) ||
		    memcmp(names[i].name, name, (size_t)(e - name)))
			continue;
		if (!neg) {
			buf_adds(&c->items, names[i].ascii);
			return e + 2;
		}
		if (c->n_nested)
			buf_addc(&c->nested, '|');
		c->n_nested++;
		c->complex = true;
		buf_addf(&c->nested, "[^%s]", names[i].ascii);
		return e + 2;
	}
	return NULL;
}

/* The next item of a class at p into c; returns the end, or NULL with *err. */
static const char *class_item(const char *p, struct cls *c, int depth, bool first, const char **err)
{
	if ((p[0] == '&' || p[0] == '-' || p[0] == '~') && p[1] == p[0] && !first) {
		operand_end(&c->items, &c->nested, &c->n_nested, c->op, &c->acc, c->ids);
		c->op = p[0];
		c->complex = true;
		return p + 2;
	}
	if (p[0] == '[' && p[1] == ':') {
		const char *e = posix_class(p, c);
		if (e)
			return e;
	}
	if (p[0] == '[') {
		if (c->n_nested)
			buf_addc(&c->nested, '|');
		c->n_nested++;
		c->complex = true;
		return parse_class(p, &c->nested, depth + 1, c->ids, err);
	}
	if (p[0] == '\\')
		return escape(p, &c->items, true, err);
	/* ']' and '^' are literal here; a class PCRE2 would open with "[:" "[." or "[=" it reads as a
	 * POSIX class or collating element (refused outside a class), where Rust reads the characters */
	if (p[0] == ']' || p[0] == '^' || (!c->items.len && (p[0] == ':' || p[0] == '.' || p[0] == '=')))
		buf_addc(&c->items, '\\');
	size_t n = char_len(p);
	buf_add(&c->items, p, n);
	return p + n;
}

/* A class at p (its '['), written to out as a PCRE2 class when PCRE2 can say it, else as an
 * atom of lookarounds that matches the same single characters. */
static const char *parse_class(const char *p, struct buf *out, int depth, unsigned *ids, const char **err)
{
	if (depth > NEST_MAX) {
		*err = "exceed the maximum number of nested parentheses/brackets";
		return NULL;
	}
	struct cls c = {BUF_INIT, BUF_INIT, BUF_INIT, 0, 0, false, ids};
	bool neg = p[1] == '^';
	p += neg ? 2 : 1;
	for (bool first = true; p && (first || *p != ']'); first = false) {
		if (!*p) {
			*err = "unclosed character class";
			p = NULL;
			break;
		}
		p = class_item(p, &c, depth, first, err);
	}
	if (p && !c.complex) {
		buf_addf(out, "[%s%s]", neg ? "^" : "", buf_str(&c.items));
	} else if (p) {
		operand_end(&c.items, &c.nested, &c.n_nested, c.op, &c.acc, ids);
		if (neg)
			buf_addf(out, "(?:(?!%s)(?s:.))", buf_str(&c.acc));
		else
			buf_add(out, c.acc.data, c.acc.len);
	}
	buf_release(&c.items);
	buf_release(&c.nested);
	buf_release(&c.acc);
	return p ? p + 1 : NULL;
}

const char *rxsyntax_translate(const char *pattern, bool lines, struct buf *out)
{
	const char *err = NULL;
	unsigned ids = 0;
	for (const char *p = pattern; *p;) {
		if (lines && p[0] == '\\' && (p[1] == 'A' || p[1] == 'z')) {
			buf_addc(out, p[1] == 'A' ? '^' : '$');
			p += 2;
		} else if (*p == '\\') {
			p = escape(p, out, false, &err);
		} else if (*p == '[') {
			p = parse_class(p, out, 0, &ids, &err);
		} else if (p[0] == '(' && p[1] == '?') {
			p = flag_group(p, out, &err);
		} else {
			size_t n = char_len(p);
			buf_add(out, p, n);
			p += n;
		}
		if (!p)
			return err;
	}
	return NULL;
}

const char *rxsyntax_error_words(int code)
{
	switch (code) {
	case PCRE2_ERROR_END_BACKSLASH: return ERR_EOF;
	case PCRE2_ERROR_UNKNOWN_ESCAPE:
	case PCRE2_ERROR_UNSUPPORTED_ESCAPE_SEQUENCE:
	case PCRE2_ERROR_BACKSLASH_N_IN_CLASS: return "unrecognized escape sequence";
	case PCRE2_ERROR_ESCAPE_INVALID_IN_CLASS: return "invalid escape sequence found in character class";
	case PCRE2_ERROR_QUANTIFIER_OUT_OF_ORDER:
		return "invalid repetition count range, the start must be <= the end";
	case PCRE2_ERROR_QUANTIFIER_TOO_BIG: return "decimal literal invalid";
	case PCRE2_ERROR_MISSING_SQUARE_BRACKET: return "unclosed character class";
	case PCRE2_ERROR_CLASS_RANGE_ORDER:
		return "invalid character class range, the start must be <= the end";
	case PCRE2_ERROR_CLASS_INVALID_RANGE: return "invalid range boundary, must be a literal";
	case PCRE2_ERROR_QUANTIFIER_INVALID: return "repetition operator missing expression";
	case PCRE2_ERROR_INVALID_AFTER_PARENS_QUERY: return "unrecognized flag";
	case PCRE2_ERROR_MISSING_CLOSING_PARENTHESIS: return "unclosed group";
	case PCRE2_ERROR_UNMATCHED_CLOSING_PARENTHESIS: return "unopened group";
	case PCRE2_ERROR_MALFORMED_UNICODE_PROPERTY:
	case PCRE2_ERROR_UNKNOWN_UNICODE_PROPERTY: return "Unicode property not found";
	/* PCRE2's default nest limit is Rust's too: a chain of && in a class nests one group each */
	case PCRE2_ERROR_PARENTHESES_NEST_TOO_DEEP:
		return "exceed the maximum number of nested parentheses/brackets (250)";
	default: return NULL;
	}
}
