#include "target.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "alloc.h"
#include "buf.h"
#include "file.h"
#include "match.h"
#include "symbols/symbols.h"
#include "resolve.h"
#include "worktree.h"

static bool exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0;
}

static bool all_digits(const char *s, size_t n)
{
	if (!n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return true;
}

static long to_long(const char *s, size_t n)
{
	long v = 0;
	for (size_t i = 0; i < n && v < 1000000000L; i++)
		v = v * 10 + (s[i] - '0');
	return v;
}

/* name holds an apostrophe outside the double quotes of a key path's quoted key ("it's" is one
 * key of a data file, keypath.h): a name with one is written #'…'. */
static bool bare_apostrophe(const char *name, size_t len)
{
	bool in_quotes = false;
	for (size_t i = 0; i < len; i++) {
		if (in_quotes && name[i] == '\\' && i + 1 < len)
			i++;
		else if (name[i] == '"')
			in_quotes = !in_quotes;
		else if (name[i] == '\'' && !in_quotes)
			return true;
	}
	return false;
}

bool target_parse_suffix(struct target *t, const char *s)
{
	size_t n = strlen(s);
	if (n < 2)
		return false;
	if (s[0] == ':') {
		const char *dash = memchr(s + 1, '-', n - 1);
		if (!dash) {
			if (!all_digits(s + 1, n - 1))
				return false;
			t->kind = T_LINES;
			t->first = t->last = to_long(s + 1, n - 1);
			return true;
		}
		size_t a = (size_t)(dash - s - 1), b = n - 2 - a;
		if (!all_digits(s + 1, a) || !all_digits(dash + 1, b))
			return false;
		t->kind = T_LINES;
		t->first = to_long(s + 1, a);
		t->last = to_long(dash + 1, b);
		return true;
	}
	if (s[0] == '@') {
		if (s[1] != '\'')
			return false;
		const char *close = strrchr(s + 2, '\'');
		if (!close)
			return false;
		const char *rest = close + 1;
		long nth = 1;
		if (*rest) {
			if (*rest != '+' || !all_digits(rest + 1, strlen(rest + 1)))
				return false;
			nth = to_long(rest + 1, strlen(rest + 1));
			if (nth < 1)
				return false;
		}
		t->kind = T_REGEX;
		t->regex = xstrndup(s + 2, (size_t)(close - s - 2));
		t->nth = nth;
		t->nth_typed = *rest != 0;
		return true;
	}
	if (s[0] == '#') {
		const char *name = s + 1;
		size_t len = n - 1;
		if (name[0] == '\'') {
			if (len < 3 || name[len - 1] != '\'')
				return false;
			name++;
			len -= 2;
		} else if (bare_apostrophe(name, len)) {
			return false;
		}
		t->kind = T_SYMBOL;
		t->symbol = xstrndup(name, len);
		return true;
	}
	return false;
}

bool target_parse_anchor(struct target *t, const char *a)
{
	if (a[0] != '@' || a[1] == '\'')
		return a[0] != ':' && target_parse_suffix(t, a);
	const char *re = a + 1, *plus = strrchr(re, '+');
	size_t n = strlen(re);
	if (!n)
		return false;
	long nth = 1;
	bool typed = plus && plus > re && all_digits(plus + 1, strlen(plus + 1));
	if (typed) {
		nth = to_long(plus + 1, strlen(plus + 1));
		if (nth < 1)
			return false;
		n = (size_t)(plus - re);
	}
	t->kind = T_REGEX;
	t->regex = xstrndup(re, n);
	t->nth = nth;
	t->nth_typed = typed;
	return true;
}

/* The four habits typed against a file that exists, and a #name holding an apostrophe; fills
 * the suggestion. */
static bool diagnose(const char *prefix, size_t plen, const char *suffix, struct buf *suggestion)
{
	size_t n = strlen(suffix);
	if (suffix[0] == ':') {
		const char *sep = suffix + 1 + strspn(suffix + 1, "0123456789");
		if (sep > suffix + 1 && (*sep == ',' || *sep == ':') && sep[1] &&
		    all_digits(sep + 1, strlen(sep + 1))) {
			buf_addf(suggestion, "%.*s:%.*s-%s", (int)plen, prefix, (int)(sep - suffix - 1),
				 suffix + 1, sep + 1);
			return true;
		}
		const char *name = suffix + 1;
		if (n > 1 && (isalpha((unsigned char)name[0]) || name[0] == '_') &&
		    strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.") ==
			    n - 1) {
			buf_addf(suggestion, "%.*s#%s", (int)plen, prefix, name);
			return true;
		}
		return false;
	}
	if (suffix[0] == '@' && n > 1 && suffix[1] != '\'') {
		buf_addf(suggestion, "\"%.*s@'%s'\"", (int)plen, prefix, suffix + 1);
		return true;
	}
	/* A name holding an apostrophe (a heading: "Why aren't ...") is written quoted. */
	if (suffix[0] == '#' && n > 1 && suffix[1] != '\'' && bare_apostrophe(suffix + 1, n - 1)) {
		buf_addf(suggestion, "\"%.*s#'%s'\"", (int)plen, prefix, suffix + 1);
		return true;
	}
	return false;
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = (char)(c | 0x20);
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* One escape of a $'…' word at *s (just past the backslash), as bash reads it; -1 for none. */
static int ansi_escape(const char **s)
{
	static const char from[] = "ntr\\'\"?abefv", to[] = "\n\t\r\\'\"?\a\b\x1b\f\v";
	const char *p = *s, *k = *p ? strchr(from, *p) : NULL;
	int v = 0, n = 0;
	if (k) {
		*s = p + 1;
		return (unsigned char)to[k - from];
	}
	if (*p == 'x') {
		for (p++; n < 2 && hex_digit(*p) >= 0; n++)
			v = v * 16 + hex_digit(*p++);
	} else {
		for (; n < 3 && *p >= '0' && *p <= '7'; n++)
			v = v * 8 + (*p++ - '0');
	}
	*s = p;
	return n && v > 0 && v < 256 ? v : -1;
}

/* Decodes a leading $'…' word and appends the rest of text as typed; false when text does not
 * start with a well-formed one (or it decodes to a NUL byte, which no path holds). */
static bool ansi_unquote(const char *text, struct buf *out)
{
	if (text[0] != '$' || text[1] != '\'')
		return false;
	for (const char *p = text + 2; *p;) {
		if (*p == '\'') {
			buf_adds(out, p + 1);
			return true;
		}
		if (*p != '\\') {
			buf_addc(out, *p++);
			continue;
		}
		p++;
		int c = ansi_escape(&p);
		if (c < 0)
			return false;
		buf_addc(out, (char)c);
	}
	return false;
}

enum lets_err target_parse(struct target *t, const char *text, struct diag *d)
{
	struct buf raw = BUF_INIT;
	if (!exists(text) && ansi_unquote(text, &raw)) {
		enum lets_err e = target_parse(t, raw.data, d);
		free(t->text);
		t->text = xstrdup(text);
		buf_release(&raw);
		return e;
	}
	buf_release(&raw);
	t->text = xstrdup(text);
	t->kind = T_WHOLE;
	if (exists(text)) {
		t->path = xstrdup(text);
		return LETS_OK;
	}
	size_t n = strlen(text);
	for (size_t i = n; i-- > 1;) {
		if (!strchr("#@:", text[i]))
			continue;
		char *prefix = xstrndup(text, i);
		bool ok = exists(prefix) && target_parse_suffix(t, text + i);
		if (ok) {
			t->path = prefix;
			return LETS_OK;
		}
		free(prefix);
	}
	for (size_t i = n; i-- > 1;) {
		if (!strchr("#@:", text[i]))
			continue;
		char *prefix = xstrndup(text, i);
		struct buf suggestion = BUF_INIT;
		bool habit = exists(prefix) && diagnose(text, i, text + i, &suggestion);
		free(prefix);
		if (habit) {
			diag_add(d, E_NOT_FOUND, "%s: no such file \xC2\xB7 did you mean %s", text,
				 suggestion.data);
			buf_release(&suggestion);
			return E_NOT_FOUND;
		}
		buf_release(&suggestion);
	}
	/* No prefix names a file: split at the last well-formed suffix, report the path part. */
	size_t cut = n;
	for (size_t i = n; i-- > 1;) {
		if (!strchr("#@:", text[i]))
			continue;
		struct target probe = TARGET_INIT;
		bool ok = target_parse_suffix(&probe, text + i);
		target_release(&probe);
		if (ok) {
			cut = i;
			break;
		}
	}
	t->path = xstrndup(text, cut);
	struct stat st;
	int err = stat(t->path, &st) == 0 ? ENOENT : errno;
	enum lets_err code = err == ENOENT || err == ENOTDIR ? E_NOT_FOUND : E_IO_ERROR;
	return diag_add(d, code, "%s: %s (os error %d)", t->path, strerror(err), err);
}

enum lets_err target_parse_bounded(struct target *t, const char *text, const struct worktree *w,
				   bool allow_outside, struct diag *d)
{
	struct diag pd = DIAG_INIT;
	enum lets_err e = target_parse(t, text, &pd);
	enum lets_err b = resolve_check(w, t->path ? t->path : text, allow_outside, d);
	for (size_t i = 0; !b && i < pd.n; i++)
		diag_add(d, pd.items[i].code, "%s", pd.items[i].message);
	diag_release(&pd);
	return b ? b : e;
}

void target_release(struct target *t)
{
	if (!t)
		return;
	free(t->text);
	free(t->path);
	free(t->regex);
	free(t->symbol);
	memset(t, 0, sizeof(*t));
}

/* Scans f's lines with re: the nth matching line (nth > 0), or every one into *all (nth 0, *all
 * grown by XGROW from *cap). Returns that line, 0 when there are fewer, -line at the match limit;
 * *count counts the matches seen. */
static long scan_regex(const struct regex *re, struct file *f, long nth, long *count, long **all, size_t *cap)
{
	struct rx_state *st = rx_state_new(re);
	long found = 0, line = 0;
	for (size_t i = 1; i <= f->n_lines; i++) {
		const char *text;
		size_t len = file_line(f, i, &text);
		size_t a, b;
		enum rx_result r = regex_search(re, st, text, len, 0, &a, &b);
		if (r == RX_LIMIT) {
			line = -(long)i;
			break;
		}
		if (r != RX_MATCH)
			continue;
		if (!nth) {
			XGROW(*all, *cap, (size_t)found + 1);
			(*all)[found] = (long)i;
		}
		if (++found == nth) {
			line = (long)i;
			break;
		}
	}
	*count = found;
	rx_state_free(st);
	return line;
}

/* t's regex scanned as scan_regex does, retried with grep's BRE reading when it matched nothing
 * (that reading appended to read_as when it is what matched); the failures are recorded in d. */
static enum lets_err find_regex(const struct target *t, struct file *f, long nth, long *line, long *count,
				long **all, size_t *cap, struct buf *read_as, struct diag *d)
{
	struct regex *re = regex_new(t->regex, 0, d);
	if (!re)
		return E_INVALID_PATTERN;
	*line = scan_regex(re, f, nth, count, all, cap);
	regex_free(re);
	struct buf reading = BUF_INIT;
	if (*line == 0 && *count == 0 && bre_reading(t->regex, &reading)) {
		struct diag quiet = DIAG_INIT;
		struct regex *re2 = regex_new(reading.data, 0, &quiet);
		diag_release(&quiet);
		if (re2) {
			*line = scan_regex(re2, f, nth, count, all, cap);
			regex_free(re2);
			if (read_as && (nth ? *line > 0 : *count > 0))
				buf_add(read_as, reading.data, reading.len);
		}
	}
	buf_release(&reading);
	if (*line < 0)
		return diag_add(
			d, E_INVALID_PATTERN,
			"@'%s' hit the regex match limit on line %ld of %s \xC2\xB7 simplify the pattern",
			t->regex, -*line, f->path);
	if (*count == 0)
		return diag_add(d, E_NOT_FOUND, "@'%s' not found in %s", t->regex, t->text);
	if (nth && *line == 0)
		return diag_add(d, E_NOT_FOUND, "@'%s'+%ld (%ld %s) not found in %s", t->regex, t->nth,
				*count, *count == 1 ? "match" : "matches", t->text);
	return LETS_OK;
}

static enum lets_err resolve_regex(const struct target *t, struct file *f, struct target_span *out,
				   struct buf *read_as, struct diag *d)
{
	long line, count;
	enum lets_err err = find_regex(t, f, t->nth, &line, &count, NULL, NULL, read_as, d);
	if (!err)
		out->start = out->end = line;
	return err;
}

enum lets_err target_regex_lines(const struct target *t, struct file *f, long **lines, size_t *n,
				 struct buf *read_as, struct diag *d)
{
	long line, count;
	size_t cap = 0;
	*lines = NULL;
	enum lets_err err = find_regex(t, f, 0, &line, &count, lines, &cap, read_as, d);
	*n = err ? 0 : (size_t)count;
	return err;
}

enum lets_err target_resolve(const struct target *t, struct file *f, struct target_span *out,
			     struct buf *read_as, struct diag *d)
{
	memset(out, 0, sizeof(*out));
	switch (t->kind) {
	case T_WHOLE:
		out->start = f->n_lines ? 1 : 0;
		out->end = (long)f->n_lines;
		return LETS_OK;
	case T_LINES: {
		long total = (long)f->n_lines;
		if (t->first > t->last)
			return diag_add(d, E_NOT_FOUND,
					":%ld-%ld (a range runs low to high: :%ld-%ld) not found in %s",
					t->first, t->last, t->last, t->first, t->text);
		if (t->first < 1 || t->first > total)
			return diag_add(d, E_NOT_FOUND, "line %ld (%s has %ld %s) not found in %s", t->first,
					f->path, total, total == 1 ? "line" : "lines", t->text);
		out->start = t->first;
		out->end = t->last < total ? t->last : total;
		return LETS_OK;
	}
	case T_REGEX: return resolve_regex(t, f, out, read_as, d);
	case T_SYMBOL: return symbols_resolve(f, t->symbol, t->text, out, d);
	}
	return LETS_OK;
}
