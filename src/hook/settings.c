#include "settings.h"

#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "../alloc.h"
#include "../buf.h"

/* The scanner below trusts its input: settings_validate (jansson) has accepted the text, and
 * every splice is re-validated, so positions are never guessed on malformed JSON. */

struct span {
	size_t start, end; /* [start, end) of one value or element */
};

static size_t skip_ws(const char *s, size_t i, size_t n)
{
	while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
		i++;
	return i;
}

static size_t skip_string(const char *s, size_t i, size_t n)
{
	for (i++; i < n && s[i] != '"'; i++)
		if (s[i] == '\\')
			i++;
	return i < n ? i + 1 : n;
}

static size_t skip_value(const char *s, size_t i, size_t n)
{
	if (s[i] == '"')
		return skip_string(s, i, n);
	if (s[i] != '{' && s[i] != '[') {
		while (i < n && !strchr(",]} \t\r\n", s[i]))
			i++;
		return i;
	}
	int depth = 0;
	while (i < n) {
		char c = s[i];
		if (c == '"') {
			i = skip_string(s, i, n);
			continue;
		}
		if (c == '{' || c == '[')
			depth++;
		else if ((c == '}' || c == ']') && --depth == 0)
			return i + 1;
		i++;
	}
	return n;
}

struct elem {
	struct span whole; /* for a member: key through value */
	struct span key; /* members only */
	struct span val;
};

/* Lists the elements of the container whose opening bracket is at open; returns the count and
 * sets *close to the closing bracket. */
static size_t list_elems(const char *s, size_t n, size_t open, struct elem **out, size_t *close)
{
	size_t cnt = 0, cap = 0;
	bool object = s[open] == '{';
	size_t i = skip_ws(s, open + 1, n);
	*out = NULL;
	while (i < n && s[i] != '}' && s[i] != ']') {
		struct elem e = {0};
		e.whole.start = i;
		if (object) {
			e.key.start = i;
			e.key.end = skip_string(s, i, n);
			i = skip_ws(s, e.key.end, n) + 1; /* past ':' */
			i = skip_ws(s, i, n);
		}
		e.val.start = i;
		e.val.end = e.whole.end = skip_value(s, i, n);
		XGROW(*out, cap, cnt + 1);
		(*out)[cnt++] = e;
		i = skip_ws(s, e.val.end, n);
		if (i < n && s[i] == ',')
			i = skip_ws(s, i + 1, n);
	}
	*close = i;
	return cnt;
}

/* The decoded JSON string at [start, end), or NULL when it is not a string. Caller frees. */
static char *decode_string(const char *s, struct span v)
{
	if (s[v.start] != '"')
		return NULL;
	json_t *j = json_loadb(s + v.start, v.end - v.start, JSON_DECODE_ANY, NULL);
	char *r = j && json_is_string(j) ? xstrdup(json_string_value(j)) : NULL;
	json_decref(j);
	return r;
}

static bool key_is(const char *s, const struct elem *e, const char *key)
{
	size_t klen = strlen(key);
	if (e->key.end - e->key.start == klen + 2 && !memcmp(s + e->key.start + 1, key, klen))
		return true;
	if (!memchr(s + e->key.start, '\\', e->key.end - e->key.start))
		return false;
	char *k = decode_string(s, e->key);
	bool eq = k && !strcmp(k, key);
	free(k);
	return eq;
}

/* The member named key of the object at open, or -1. */
static long find_member(const char *s, size_t n, size_t open, const char *key, struct elem *found)
{
	struct elem *es;
	size_t close, cnt = list_elems(s, n, open, &es, &close);
	long at = -1;
	for (size_t i = 0; i < cnt && at < 0; i++)
		if (key_is(s, &es[i], key)) {
			*found = es[i];
			at = (long)i;
		}
	free(es);
	return at;
}

static void splice(struct buf *t, size_t at, size_t del, const char *ins, size_t ins_len)
{
	struct buf r = BUF_INIT;
	buf_add(&r, t->data, at);
	buf_add(&r, ins, ins_len);
	buf_add(&r, t->data + at + del, t->len - at - del);
	buf_release(t);
	*t = r;
}

/* How inserted text is laid out: one indent unit per level, as the file's own top level is. */
struct style {
	bool pretty;
	bool crlf; /* the file ends its lines with CRLF: so do the inserted ones */
	char unit[16];
};

/* The whitespace that starts the line holding position i. */
static void line_indent(const char *s, size_t i, struct buf *out)
{
	size_t b = i;
	while (b > 0 && s[b - 1] != '\n')
		b--;
	size_t e = b;
	while (e < i && (s[e] == ' ' || s[e] == '\t'))
		e++;
	buf_add(out, s + b, e - b);
}

static struct style detect_style(const char *s, size_t n, size_t root)
{
	struct style st = {.pretty = true, .crlf = memmem(s, n, "\r\n", 2) != NULL, .unit = "  "};
	struct elem *es;
	size_t close, cnt = list_elems(s, n, root, &es, &close);
	if (cnt) {
		st.pretty = memchr(s + root, '\n', es[0].whole.start - root) != NULL;
		struct buf ind = BUF_INIT;
		line_indent(s, es[0].whole.start, &ind);
		if (st.pretty && ind.len && ind.len < sizeof(st.unit))
			memcpy(st.unit, ind.data, ind.len + 1);
		buf_release(&ind);
	}
	free(es);
	return st;
}

static void nl(struct buf *b, const struct style *st, const char *ind, int extra)
{
	if (!st->pretty)
		return;
	buf_adds(b, st->crlf ? "\r\n" : "\n");
	buf_adds(b, ind);
	for (int i = 0; i < extra; i++)
		buf_adds(b, st->unit);
}

static void key(struct buf *b, const struct style *st, const char *k)
{
	json_t *j = json_string(k);
	char *enc = json_dumps(j, JSON_ENCODE_ANY);
	buf_adds(b, enc);
	buf_adds(b, st->pretty ? ": " : ":");
	free(enc);
	json_decref(j);
}

static void str_value(struct buf *b, const char *v)
{
	json_t *j = json_string(v);
	char *enc = json_dumps(j, JSON_ENCODE_ANY);
	buf_adds(b, enc);
	free(enc);
	json_decref(j);
}

/* {"matcher": M, "hooks": [{"type": "command", "command": C}]} at indent ind. */
static void render_group(struct buf *b, const struct style *st, const char *ind, const struct hook_spec *h)
{
	buf_addc(b, '{');
	if (h->matcher) {
		nl(b, st, ind, 1);
		key(b, st, "matcher");
		str_value(b, h->matcher);
		buf_addc(b, ',');
	}
	nl(b, st, ind, 1);
	key(b, st, "hooks");
	buf_addc(b, '[');
	nl(b, st, ind, 2);
	buf_addc(b, '{');
	nl(b, st, ind, 3);
	key(b, st, "type");
	str_value(b, "command");
	buf_addc(b, ',');
	nl(b, st, ind, 3);
	key(b, st, "command");
	str_value(b, h->command);
	nl(b, st, ind, 2);
	buf_addc(b, '}');
	nl(b, st, ind, 1);
	buf_addc(b, ']');
	nl(b, st, ind, 0);
	buf_addc(b, '}');
}

enum level { L_GROUP, L_EVENT, L_HOOKS };

static void render(struct buf *b, const struct style *st, const char *ind, enum level lv,
		   const struct hook_spec *h)
{
	if (lv == L_GROUP) {
		render_group(b, st, ind, h);
		return;
	}
	struct buf inner = BUF_INIT;
	buf_adds(&inner, ind);
	if (st->pretty)
		buf_adds(&inner, st->unit);
	key(b, st, lv == L_HOOKS ? "hooks" : h->event);
	buf_addc(b, lv == L_HOOKS ? '{' : '[');
	nl(b, st, ind, 1);
	render(b, st, inner.data, (enum level)(lv - 1), h);
	nl(b, st, ind, 0);
	buf_addc(b, lv == L_HOOKS ? '}' : ']');
	buf_release(&inner);
}

/* Adds one element after the container's last one, indented like it; or, into an empty
 * container, one level deeper than the line the container opens on. */
static void insert_elem(struct buf *t, size_t open, const struct style *st, enum level lv,
			const struct hook_spec *h)
{
	const char *s = t->data;
	struct elem *es;
	size_t close, cnt = list_elems(s, t->len, open, &es, &close);
	struct buf ins = BUF_INIT, ind = BUF_INIT;
	size_t at, del = 0;
	if (cnt) {
		struct span last = es[cnt - 1].whole;
		bool pretty = memchr(s + open, '\n', es[0].whole.start - open) != NULL;
		struct style local = *st;
		local.pretty = st->pretty && pretty;
		if (local.pretty)
			line_indent(s, last.start, &ind);
		buf_addc(&ins, ',');
		if (cnt >= 2) {
			size_t comma = es[cnt - 2].whole.end;
			while (s[comma] != ',')
				comma++;
			buf_add(&ins, s + comma + 1, last.start - comma - 1);
		} else if (local.pretty) {
			buf_adds(&ins, st->crlf ? "\r\n" : "\n");
			buf_add(&ins, ind.data, ind.len);
		}
		render(&ins, &local, buf_str(&ind), lv, h);
		at = last.end;
	} else {
		struct buf outer = BUF_INIT;
		line_indent(s, open, &outer);
		buf_add(&ind, outer.data, outer.len);
		buf_adds(&ind, st->unit);
		if (st->pretty) {
			buf_adds(&ins, st->crlf ? "\r\n" : "\n");
			buf_add(&ins, ind.data, ind.len);
		}
		render(&ins, st, buf_str(&ind), lv, h);
		if (st->pretty) {
			buf_adds(&ins, st->crlf ? "\r\n" : "\n");
			buf_add(&ins, outer.data, outer.len);
		}
		buf_release(&outer);
		at = open + 1;
		del = close - at;
	}
	splice(t, at, del, ins.data, ins.len);
	buf_release(&ins);
	buf_release(&ind);
	free(es);
}

/* Removes element idx of the container at open with the separator that joined it to its
 * neighbour, the exact inverse of insert_elem. */
static void remove_elem(struct buf *t, size_t open, size_t idx)
{
	struct elem *es;
	size_t close, cnt = list_elems(t->data, t->len, open, &es, &close);
	if (cnt == 1)
		splice(t, open + 1, close - open - 1, "", 0);
	else if (idx + 1 == cnt)
		splice(t, es[idx - 1].whole.end, es[idx].whole.end - es[idx - 1].whole.end, "", 0);
	else
		splice(t, es[idx].whole.start, es[idx + 1].whole.start - es[idx].whole.start, "", 0);
	free(es);
}

static size_t root_open(const struct buf *t)
{
	return skip_ws(t->data, 0, t->len);
}

int settings_validate(const char *data, size_t len, char *why_buf, size_t why_size)
{
	if (skip_ws(data, 0, len) == len)
		return 0;
	json_error_t err;
	json_t *j = json_loadb(data, len, JSON_REJECT_DUPLICATES, &err);
	int r = 0;
	if (!j)
		snprintf(why_buf, why_size, "line %d: %s", err.line, err.text), r = -1;
	else if (!json_is_object(j))
		snprintf(why_buf, why_size, "the top level is not a JSON object"), r = -1;
	json_decref(j);
	return r;
}

/* True when the hook object at v runs command (exact), or, with suffix, any lets's suffix. */
static bool hook_matches(const char *s, size_t n, struct span v, const char *command, const char *suffix,
			 struct span *value)
{
	struct elem m;
	if (s[v.start] != '{' || find_member(s, n, v.start, "command", &m) < 0)
		return false;
	*value = m.val;
	char *c = decode_string(s, m.val);
	bool yes = false;
	if (c && command)
		yes = !strcmp(c, command);
	if (c && suffix) {
		size_t cl = strlen(c), sl = strlen(suffix);
		if (cl > sl && !strcmp(c + cl - sl, suffix)) {
			size_t pl = cl - sl;
			const char *p = c;
			if (pl >= 2 && p[0] == '\'' && p[pl - 1] == '\'')
				p++, pl -= 2;
			yes = pl >= 5 && p[0] == '/' && !memcmp(p + pl - 5, "/lets", 5);
		}
	}
	free(c);
	return yes;
}

/* Finds, in the event array at arr, the first group holding a matching hook: its index, and
 * the hook's index in the group's "hooks" array and that array's length. */
static bool find_hook(const char *s, size_t n, size_t arr, const char *command, const char *suffix,
		      size_t *group, size_t *hook, size_t *hooks_len, size_t *hooks_open, struct span *value)
{
	struct elem *gs;
	size_t close, gcnt = list_elems(s, n, arr, &gs, &close);
	bool found = false;
	for (size_t g = 0; g < gcnt && !found; g++) {
		struct elem hm;
		if (s[gs[g].val.start] != '{' || find_member(s, n, gs[g].val.start, "hooks", &hm) < 0 ||
		    s[hm.val.start] != '[')
			continue;
		struct elem *hs;
		size_t hclose, hcnt = list_elems(s, n, hm.val.start, &hs, &hclose);
		for (size_t h = 0; h < hcnt && !found; h++)
			if (hook_matches(s, n, hs[h].val, command, suffix, value)) {
				*group = g, *hook = h, *hooks_len = hcnt, *hooks_open = hm.val.start;
				found = true;
			}
		free(hs);
	}
	free(gs);
	return found;
}

int settings_add(struct buf *t, const struct hook_spec *h, const char **why)
{
	if (root_open(t) == t->len) {
		buf_truncate(t, 0);
		buf_adds(t, "{}\n");
	}
	size_t root = root_open(t);
	struct style st = detect_style(t->data, t->len, root);
	struct elem hooks, ev;
	if (find_member(t->data, t->len, root, "hooks", &hooks) < 0) {
		insert_elem(t, root, &st, L_HOOKS, h);
		return 1;
	}
	if (t->data[hooks.val.start] != '{') {
		*why = "its \"hooks\" value is not a JSON object";
		return -1;
	}
	if (find_member(t->data, t->len, hooks.val.start, h->event, &ev) < 0) {
		insert_elem(t, hooks.val.start, &st, L_EVENT, h);
		return 1;
	}
	if (t->data[ev.val.start] != '[') {
		*why = "its hooks entry for an event is not a JSON array";
		return -1;
	}
	size_t g, k, len, open;
	struct span v;
	if (find_hook(t->data, t->len, ev.val.start, h->command, NULL, &g, &k, &len, &open, &v))
		return 0;
	if (find_hook(t->data, t->len, ev.val.start, NULL, h->suffix, &g, &k, &len, &open, &v)) {
		/* a lets installed elsewhere wrote this hook: point it at this one, not a second hook */
		struct buf cmd = BUF_INIT;
		str_value(&cmd, h->command);
		splice(t, v.start, v.end - v.start, cmd.data, cmd.len);
		buf_release(&cmd);
		return 1;
	}
	insert_elem(t, ev.val.start, &st, L_GROUP, h);
	return 1;
}

/* Removes the container's member named key when it is an empty object or array. */
static void drop_if_empty(struct buf *t, size_t obj, const char *key)
{
	struct elem *es;
	size_t close, cnt = list_elems(t->data, t->len, obj, &es, &close);
	for (size_t i = 0; i < cnt; i++) {
		if (!key_is(t->data, &es[i], key))
			continue;
		size_t v = es[i].val.start;
		char c = t->data[v];
		if ((c == '{' || c == '[') && skip_ws(t->data, v + 1, t->len) + 1 == es[i].val.end)
			remove_elem(t, obj, i);
		break;
	}
	free(es);
}

int settings_remove(struct buf *t, const struct hook_spec *h)
{
	if (root_open(t) == t->len)
		return 0;
	size_t root = root_open(t);
	struct elem hooks, ev;
	int removed = 0;
	for (;;) {
		if (find_member(t->data, t->len, root, "hooks", &hooks) < 0 ||
		    t->data[hooks.val.start] != '{')
			break;
		if (find_member(t->data, t->len, hooks.val.start, h->event, &ev) < 0 ||
		    t->data[ev.val.start] != '[')
			break;
		size_t g, k, len, open;
		struct span v;
		if (!find_hook(t->data, t->len, ev.val.start, NULL, h->suffix, &g, &k, &len, &open, &v))
			break;
		if (len == 1)
			remove_elem(t, ev.val.start, g);
		else
			remove_elem(t, open, k);
		removed = 1;
	}
	if (removed && find_member(t->data, t->len, root, "hooks", &hooks) >= 0) {
		drop_if_empty(t, hooks.val.start, h->event);
		drop_if_empty(t, root, "hooks");
	}
	return removed;
}

void settings_shell_quote(struct buf *out, const char *s)
{
	bool bare = *s != '\0';
	for (const char *p = s; *p && bare; p++)
		bare = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:@%+=,-",
			      *p) != NULL;
	if (bare) {
		buf_adds(out, s);
		return;
	}
	buf_addc(out, '\'');
	for (const char *p = s; *p; p++) {
		if (*p == '\'')
			buf_adds(out, "'\\''");
		else
			buf_addc(out, *p);
	}
	buf_addc(out, '\'');
}
