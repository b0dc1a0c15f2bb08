/* Key paths: a.b[0].c, "a.b" (one literal key), plugins[name=gitty].version, bin[] (append).
 * The path ends at the first '=' outside quotes and brackets; the rest is the value. The keys
 * are read and printed by keypath.h, the grammar #symbol targets share. */
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../keypath.h"
#include "tf_int.h"

static struct seg *seg_push(struct tpath *p, enum seg_kind k)
{
	XGROW(p->s, p->cap, p->n + 1);
	struct seg *s = &p->s[p->n++];
	memset(s, 0, sizeof(*s));
	s->k = k;
	return s;
}

/* The end of a selector's value starting at a[i]: past its closing quote when quoted ('…' or
 * "…", where \" and \\ escape), so a ']' inside it does not close the bracket. */
static size_t value_end(const char *a, size_t i)
{
	char q = a[i];
	if (q != '"' && q != '\'')
		return i;
	for (i++; a[i] && a[i] != q; i++)
		if (q == '"' && a[i] == '\\' && (a[i + 1] == '"' || a[i + 1] == '\\'))
			i++;
	return a[i] ? i + 1 : i;
}

/* One [..] group at a[i] == '['. Returns the index past ']', or 0 when malformed. */
static size_t bracket(struct tpath *p, const char *a, size_t i, bool *append)
{
	size_t b = i + 1;
	if (a[b] == ']') {
		*append = true;
		return b + 1;
	}
	const char *eq = a + b + strcspn(a + b, "=]");
	if (*eq == '=') {
		size_t vb = (size_t)(eq - a) + 1, ve = value_end(a, vb);
		const char *close = strchr(a + ve, ']');
		if (!close)
			return 0;
		size_t e = (size_t)(close - a);
		struct seg *s = seg_push(p, SEG_SELECT);
		s->key = xstrndup(a + b, (size_t)(eq - a) - b);
		ve = e;
		if (ve - vb >= 2 && a[vb] == '"' && a[ve - 1] == '"') {
			struct buf v = BUF_INIT;
			bool literal;
			const char *why;
			keypath_key_read(a + vb, &v, &literal, &why);
			s->value = buf_detach(&v);
		} else if (ve - vb >= 2 && a[vb] == '\'' && a[ve - 1] == '\'') {
			s->value = xstrndup(a + vb + 1, ve - vb - 2);
		} else {
			s->value = xstrndup(a + vb, ve - vb);
		}
		return *s->key ? e + 1 : 0;
	}
	if (*eq != ']')
		return 0;
	size_t e = (size_t)(eq - a);
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
		bool literal = false;
		const char *why = "an empty key";
		size_t used = append ? 0 : keypath_key_read(arg + i, &k, &literal, &why);
		if (!used) {
			buf_release(&k);
			return malformed(d, flag, arg, why);
		}
		i += used;
		struct seg *s = seg_push(p, SEG_KEY);
		s->quoted = literal;
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
	/* the path names the array: a final [] says append, and messages name the array */
	p->typed = xstrndup(arg, append ? i - 2 : i);
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
			keypath_key_print(b, s->key, strlen(s->key), s->quoted);
		} else if (s->k == SEG_INDEX) {
			buf_addf(b, "[%ld]", s->index);
		} else {
			buf_addf(b, "[%s=", s->key);
			keypath_key_print(b, s->value, strlen(s->value), false);
			buf_addc(b, ']');
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
