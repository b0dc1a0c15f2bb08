/* Key paths: a.b[0].c, "a.b" (one literal key), plugins[name=gitty].version, bin[] (append).
 * The path ends at the first '=' outside quotes and brackets; the rest is the value. */
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "tf_int.h"

static struct seg *seg_push(struct tpath *p, enum seg_kind k)
{
	XGROW(p->s, p->cap, p->n + 1);
	struct seg *s = &p->s[p->n++];
	memset(s, 0, sizeof(*s));
	s->k = k;
	return s;
}

/* A "quoted" key: backslash escapes the next byte. Returns the index past the closing quote. */
static size_t quoted_key(const char *a, size_t i, struct buf *k, bool *ok)
{
	i++;
	while (a[i] && a[i] != '"') {
		if (a[i] == '\\' && a[i + 1])
			i++;
		buf_addc(k, a[i++]);
	}
	*ok = a[i] == '"';
	return *ok ? i + 1 : i;
}

/* One [..] group at a[i] == '['. Returns the index past ']', or 0 when malformed. */
static size_t bracket(struct tpath *p, const char *a, size_t i, bool *append)
{
	const char *close = strchr(a + i, ']');
	if (!close)
		return 0;
	size_t b = i + 1, e = (size_t)(close - a);
	if (b == e) {
		*append = true;
		return e + 1;
	}
	const char *eq = memchr(a + b, '=', e - b);
	if (eq) {
		struct seg *s = seg_push(p, SEG_SELECT);
		s->key = xstrndup(a + b, (size_t)(eq - a) - b);
		size_t vb = (size_t)(eq - a) + 1, ve = e;
		if (ve - vb >= 2 && (a[vb] == '"' || a[vb] == '\'') && a[ve - 1] == a[vb]) {
			vb++;
			ve--;
		}
		s->value = xstrndup(a + vb, ve - vb);
		return *s->key ? e + 1 : 0;
	}
	long n = 0;
	for (size_t k = b; k < e; k++) {
		if (a[k] < '0' || a[k] > '9' || n > 100000000)
			return 0;
		n = n * 10 + (a[k] - '0');
	}
	seg_push(p, SEG_INDEX)->index = n;
	return e + 1;
}

static enum lets_err malformed(struct diag *d, const char *flag, const char *arg, const char *why)
{
	return diag_add(d, E_USAGE,
			"error: invalid value '%s' for '%s': %s\n\nFor more information, try '--help'.", arg,
			flag, why);
}

enum lets_err tpath_parse(struct tpath *p, const char *arg, bool want_value, const char *flag, struct diag *d)
{
	size_t i = 0;
	bool append = false;
	if (arg[0] == '.') {
		const char *eq = strchr(arg, '=');
		p->typed = eq ? xstrndup(arg, (size_t)(eq - arg)) : xstrdup(arg);
		return diag_add(d, E_NOT_FOUND,
				"path (keys take no leading dot: --set %s=\xE2\x80\xA6) not found in %s",
				p->typed + 1, p->typed);
	}
	for (;;) {
		struct buf k = BUF_INIT;
		bool quoted = arg[i] == '"', ok = true;
		if (quoted) {
			i = quoted_key(arg, i, &k, &ok);
		} else {
			while (arg[i] && !strchr(".[=", arg[i]))
				buf_addc(&k, arg[i++]);
			ok = k.len > 0;
		}
		if (!ok || append) {
			buf_release(&k);
			return malformed(d, flag, arg, quoted ? "an unclosed quote" : "an empty key");
		}
		struct seg *s = seg_push(p, SEG_KEY);
		s->quoted = quoted;
		s->key = buf_detach(&k);
		while (arg[i] == '[') {
			if (append || !(i = bracket(p, arg, i, &append)))
				return malformed(d, flag, arg,
						 "a [ ] that is not [N], [field=value] or a final []");
		}
		if (arg[i] == '.') {
			i++;
			continue;
		}
		break;
	}
	p->typed = xstrndup(arg, i);
	p->brackets = append;
	if (want_value) {
		if (arg[i] != '=')
			return malformed(d, flag, arg, "no '=' and value after the key path");
		p->value_len = strlen(arg + i + 1);
		p->value = xstrdup(arg + i + 1);
	} else if (arg[i]) {
		return malformed(d, flag, arg, "text after the key path");
	}
	return LETS_OK;
}

void tpath_print(struct buf *b, const struct tpath *p, size_t upto)
{
	for (size_t i = 0; i < upto && i < p->n; i++) {
		const struct seg *s = &p->s[i];
		if (s->k == SEG_KEY) {
			if (i)
				buf_addc(b, '.');
			if (s->quoted)
				buf_addf(b, "\"%s\"", s->key);
			else
				buf_adds(b, s->key);
		} else if (s->k == SEG_INDEX) {
			buf_addf(b, "[%ld]", s->index);
		} else {
			buf_addf(b, "[%s=%s]", s->key, s->value);
		}
	}
}

void tpath_release(struct tpath *p)
{
	for (size_t i = 0; i < p->n; i++) {
		free(p->s[i].key);
		free(p->s[i].value);
	}
	free(p->s);
	free(p->typed);
	free(p->value);
	memset(p, 0, sizeof(*p));
}
