#include "settings.h"

#include <jansson.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../buf.h"
#include "../format/format.h"
#include "../format/jsonc.h"
#include "../utf8.h"

/* The scanner below trusts its input: settings_validate has accepted the text as JSONC (JSON
 * with // and block comments and trailing commas, as Claude Code reads its settings), and every
 * splice is re-validated, so positions are never guessed on malformed text. Its tokens are the
 * JSON(C) lexer's (format/jsonc.h), the reading every JSON reader in lets shares. Comments are
 * whitespace to the scanner, but a splice never lands inside one or takes one away. */

struct byte_span {
	size_t start, end; /* [start, end) of one value or element */
};

/* The end of the last comment in [i, stop), which holds only whitespace and comments; i when
 * there is none. A splice starts there, so the comments before it stay whole. */
static size_t comments_end(const char *s, size_t i, size_t stop)
{
	size_t end = i;
	for (;;) {
		i = jsonc_space(s, i, stop);
		size_t j = jsonc_comment(s, i, stop, NULL);
		if (j == i)
			return end;
		end = i = j;
	}
}

/* The end of the comments that follow i on its own line, or i when none do: what is inserted
 * after a member goes after them, so a comment stays beside the member it annotates. */
static size_t line_tail(const char *s, size_t i, size_t n)
{
	size_t end = i;
	for (;;) {
		while (i < n && (s[i] == ' ' || s[i] == '\t'))
			i++;
		size_t j = jsonc_comment(s, i, n, NULL);
		if (j == i || memchr(s + i, '\n', j - i))
			return end;
		end = i = j;
	}
}

struct elem {
	struct byte_span whole; /* for a member: key through value */
	struct byte_span key; /* members only */
	struct byte_span val;
	size_t comma; /* the comma after the element, 0 when none follows it (the last, with no
		       * trailing comma) */
};

/* Lists the elements of the container whose opening bracket is at open; returns the count and
 * sets *close to the closing bracket. */
static size_t list_elems(const char *s, size_t n, size_t open, struct elem **out, size_t *close)
{
	size_t cnt = 0, cap = 0;
	bool object = s[open] == '{';
	size_t i = jsonc_blank(s, open + 1, n, NULL);
	*out = NULL;
	while (i < n && s[i] != '}' && s[i] != ']') {
		struct elem e = {0};
		e.whole.start = i;
		if (object) {
			e.key.start = i;
			e.key.end = jsonc_string(s, i, n);
			i = jsonc_blank(s, e.key.end, n, NULL) + 1; /* past ':' */
			i = jsonc_blank(s, i, n, NULL);
		}
		e.val.start = i;
		e.val.end = e.whole.end = jsonc_value(s, i, n);
		i = jsonc_blank(s, e.val.end, n, NULL);
		if (i < n && s[i] == ',') {
			e.comma = i;
			i = jsonc_blank(s, i + 1, n, NULL);
		}
		XGROW(*out, cap, cnt + 1);
		(*out)[cnt++] = e;
	}
	*close = i;
	return cnt;
}

/* The decoded JSON string at [start, end), or NULL when it is not a string. Caller frees. */
static char *decode_string(const char *s, struct byte_span v)
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

/* How inserted text is laid out: one indent unit per level, as the file's own top level is.
 *
 * The member order in lets's own objects is layout too, and carries what uninstall needs to undo
 * an install without keeping any state: install never creates a container it does not fill, so a
 * container lets's removal empties is dropped, unless it was there, empty, before install. Then
 * install writes its hook object "command" first (the event's array was there) or its matcher
 * group "hooks" first (the "hooks" object was), which the agents read alike. */
struct style {
	bool pretty;
	bool crlf; /* the file ends its lines with CRLF: so do the inserted ones */
	char unit[16];
	bool event_kept, hooks_kept; /* the marks to write */
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

static void matcher_member(struct buf *b, const struct style *st, const char *ind, const char *matcher)
{
	nl(b, st, ind, 1);
	key(b, st, "matcher");
	str_value(b, matcher);
}

/* {"type": "command", "command": C}, "command" first with the event_kept mark. */
static void hook_object(struct buf *b, const struct style *st, const char *ind, const struct hook_spec *h)
{
	const char *keys[2] = {"type", "command"}, *vals[2] = {"command", h->command};
	int first = st->event_kept ? 1 : 0;
	buf_addc(b, '{');
	for (int i = 0; i < 2; i++) {
		nl(b, st, ind, 3);
		key(b, st, keys[(first + i) % 2]);
		str_value(b, vals[(first + i) % 2]);
		if (!i)
			buf_addc(b, ',');
	}
	nl(b, st, ind, 2);
	buf_addc(b, '}');
}

/* {"matcher": M, "hooks": [hook]} at indent ind; "hooks" first with the hooks_kept mark. */
static void render_group(struct buf *b, const struct style *st, const char *ind, const struct hook_spec *h)
{
	bool hooks_first = st->hooks_kept && h->matcher;
	buf_addc(b, '{');
	if (h->matcher && !hooks_first) {
		matcher_member(b, st, ind, h->matcher);
		buf_addc(b, ',');
	}
	nl(b, st, ind, 1);
	key(b, st, "hooks");
	buf_addc(b, '[');
	nl(b, st, ind, 2);
	hook_object(b, st, ind, h);
	nl(b, st, ind, 1);
	buf_addc(b, ']');
	if (hooks_first) {
		buf_addc(b, ',');
		matcher_member(b, st, ind, h->matcher);
	}
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

/* The whitespace that joins the container's last element to the one inserted after it: the
 * one before the last element (after any comment there), or, with a single element, a line
 * break and its indent when the container is laid out on lines. */
static void separator(const char *s, size_t open, const struct elem *es, size_t cnt, const struct style *st,
		      const struct buf *ind, struct buf *sep)
{
	if (cnt >= 2) {
		/* from the line break when there is one: a blank after a line comment would join it */
		size_t from = comments_end(s, es[cnt - 2].comma + 1, es[cnt - 1].whole.start);
		size_t brk = from;
		while (brk < es[cnt - 1].whole.start && (s[brk] == ' ' || s[brk] == '\t'))
			brk++;
		if (brk < es[cnt - 1].whole.start && (s[brk] == '\n' || s[brk] == '\r'))
			from = brk;
		buf_add(sep, s + from, es[cnt - 1].whole.start - from);
	} else if (memchr(s + open, '\n', es[0].whole.start - open) && st->pretty) {
		buf_adds(sep, st->crlf ? "\r\n" : "\n");
		buf_add(sep, ind->data, ind->len);
	}
}

/* Where text's first line break starts (its "\r\n" or "\n") when only blanks and lone CRs come
 * before it, else SIZE_MAX: after a // comment those would extend the comment (a lone CR does not
 * end it, for the JSON(C) lexer as for strip-json-comments), and uninstall would leave them. */
static size_t leading_break(const struct buf *text)
{
	for (size_t i = 0; i < text->len; i++) {
		if (text->data[i] == '\n')
			return i && text->data[i - 1] == '\r' ? i - 1 : i;
		if (text->data[i] != ' ' && text->data[i] != '\t' && text->data[i] != '\r')
			return SIZE_MAX;
	}
	return SIZE_MAX;
}

/* Adds one element after the container's last one, indented like it: after its comma and any
 * comment on its line when the new one goes on a line of its own, with a trailing comma when
 * the last one had one. */
static void append_elem(struct buf *t, size_t open, const struct elem *es, size_t cnt, const struct style *st,
			enum level lv, const struct hook_spec *h)
{
	const char *s = t->data;
	const struct elem *last = &es[cnt - 1];
	struct buf ins = BUF_INIT, ind = BUF_INIT;
	struct style local = *st;
	local.pretty = st->pretty && memchr(s + open, '\n', es[0].whole.start - open) != NULL;
	if (local.pretty)
		line_indent(s, last->whole.start, &ind);
	separator(s, open, es, cnt, st, &ind, &ins);
	render(&ins, &local, buf_str(&ind), lv, h);
	size_t at = last->comma ? last->comma + 1 : last->val.end;
	if (memchr(ins.data, '\n', ins.len)) {
		size_t from = at;
		at = line_tail(s, from, t->len);
		/* past a // comment the new element needs a line of its own, even where the elements
		 * before it share one (found by fuzz_settings: it went into the comment) */
		size_t brk = leading_break(&ins);
		bool comment = at > from && memmem(s + from, at - from, "//", 2);
		if (comment && brk != SIZE_MAX) {
			memmove(ins.data, ins.data + brk, ins.len - brk);
			buf_truncate(&ins, ins.len - brk);
		} else if (comment) {
			struct buf lead = BUF_INIT;
			buf_adds(&lead, st->crlf ? "\r\n" : "\n");
			line_indent(s, last->whole.start, &lead);
			size_t blank = 0; /* the separator's blanks between elements of one line */
			while (blank < ins.len && (ins.data[blank] == ' ' || ins.data[blank] == '\t'))
				blank++;
			buf_add(&lead, ins.data + blank, ins.len - blank);
			buf_release(&ins);
			ins = lead;
		}
		/* a comment's lone CR and a line feed alone would make a CRLF that uninstall takes
		 * for the break it added (found by fuzz_settings: a CR of the comment went with it) */
		if (comment && s[at - 1] == '\r' && ins.data[0] == '\n')
			splice(&ins, 0, 0, "\r", 1);
	}
	if (last->comma)
		buf_addc(&ins, ',');
	splice(t, at, 0, ins.data, ins.len);
	if (!last->comma)
		splice(t, last->val.end, 0, ",", 1);
	buf_release(&ins);
	buf_release(&ind);
}

/* Adds one element into an empty container, one level deeper than the line the container opens
 * on: after the comments it holds, or after its whitespace, which stays (remove_elem takes out
 * exactly what this adds, so `{ }` comes back as it was). */
static void fill_elem(struct buf *t, size_t open, size_t close, const struct style *st, enum level lv,
		      const struct hook_spec *h)
{
	const char *s = t->data;
	struct buf ins = BUF_INIT, ind = BUF_INIT, outer = BUF_INIT;
	line_indent(s, open, &outer);
	buf_add(&ind, outer.data, outer.len);
	buf_adds(&ind, st->unit);
	size_t at = comments_end(s, open + 1, close);
	bool bare = at == open + 1; /* only whitespace inside */
	/* after a lone CR, a line feed alone would make a CRLF remove_elem takes for its own break */
	const char *br = st->crlf || (bare && close > open + 1 && s[close - 1] == '\r') ? "\r\n" : "\n";
	if (st->pretty || !bare) {
		buf_adds(&ins, br);
		buf_add(&ins, ind.data, ind.len);
	}
	render(&ins, st, buf_str(&ind), lv, h);
	if (bare && st->pretty) {
		buf_adds(&ins, br);
		buf_add(&ins, outer.data, outer.len);
	}
	splice(t, bare ? close : at, 0, ins.data, ins.len);
	buf_release(&outer);
	buf_release(&ins);
	buf_release(&ind);
}

static void insert_elem(struct buf *t, size_t open, const struct style *st, enum level lv,
			const struct hook_spec *h)
{
	struct elem *es;
	size_t close, cnt = list_elems(t->data, t->len, open, &es, &close);
	if (cnt)
		append_elem(t, open, es, cnt, st, lv, h);
	else
		fill_elem(t, open, close, st, lv, h);
	free(es);
}

/* The line break (and indent) that ends at i, where fill_elem put one: its start, or i. */
static size_t break_before(const char *s, size_t from, size_t i)
{
	size_t j = i;
	while (j > from && (s[j - 1] == ' ' || s[j - 1] == '\t'))
		j--;
	if (j == from || s[j - 1] != '\n')
		return i;
	j--;
	return j > from && s[j - 1] == '\r' ? j - 1 : j;
}

/* Whether [i, close) is one line break and an indent, as fill_elem ends what it adds. */
static bool break_to(const char *s, size_t i, size_t close)
{
	if (i < close && s[i] == '\r')
		i++;
	if (i >= close || s[i] != '\n')
		return false;
	for (i++; i < close && (s[i] == ' ' || s[i] == '\t'); i++)
		;
	return i == close;
}

/* Removes element idx of the container at open with the separator that joined it to its
 * neighbour, the exact inverse of insert_elem; the comments around it stay. pretty: the file is
 * laid out on lines, as fill_elem saw it. */
static void remove_elem(struct buf *t, size_t open, size_t idx, bool pretty)
{
	const char *s = t->data;
	struct elem *es;
	size_t close, cnt = list_elems(s, t->len, open, &es, &close);
	const struct elem *e = &es[idx];
	size_t end = e->comma ? e->comma + 1 : e->val.end;
	if (idx + 1 < cnt) {
		splice(t, e->whole.start, jsonc_space(s, end, t->len) - e->whole.start, "", 0);
	} else if (cnt == 1) {
		size_t from = comments_end(s, open + 1, e->whole.start);
		if (from == open + 1 && pretty) {
			from = break_before(s, open + 1, e->whole.start);
			if (break_to(s, end, close))
				end = close;
		} else if (from == open + 1) {
			from = e->whole.start;
		}
		splice(t, from, end - from, "", 0);
	} else {
		/* the element's own trailing comma goes with it; else the one before it goes */
		const struct elem *prev = &es[idx - 1];
		size_t from = comments_end(s, prev->comma + 1, e->whole.start);
		size_t comma_from = jsonc_space(s, prev->val.end, prev->comma) == prev->comma ? prev->val.end
											      : prev->comma;
		splice(t, from, end - from, "", 0);
		if (!e->comma)
			splice(t, comma_from, prev->comma + 1 - comma_from, "", 0);
	}
	free(es);
}

/* Where the document starts: past a byte-order mark, blanks and comments. */
static size_t root_open(const struct buf *t)
{
	return jsonc_blank(t->data, utf8_bom(t->data, t->len), t->len, NULL);
}

int settings_validate(const char *data, size_t len, char *why_buf, size_t why_size)
{
	const char *nul = memchr(data, '\0', len); /* jansson reads past one; the splicer would not */
	if (nul) {
		int line = 1;
		for (const char *p = data; p < nul; p++)
			line += *p == '\n';
		snprintf(why_buf, why_size, "line %d: a NUL byte, which JSON does not allow", line);
		return -1;
	}
	size_t open = jsonc_unclosed(data, len);
	if (open < len) {
		int line = 1;
		for (size_t k = 0; k < open; k++)
			line += data[k] == '\n';
		snprintf(why_buf, why_size, "line %d: a comment opened here never ends", line);
		return -1;
	}
	if (jsonc_blank(data, utf8_bom(data, len), len, NULL) == len)
		return 0;
	json_t *j = json_read(data, len, true, JSON_REJECT_DUPLICATES, why_buf, why_size);
	int r = j ? 0 : -1;
	if (j && !json_is_object(j))
		snprintf(why_buf, why_size, "the top level is not a JSON object"), r = -1;
	json_decref(j);
	return r;
}

/* True when the hook object at v runs command (exact), or, with suffix, any lets's suffix. */
static bool hook_matches(const char *s, size_t n, struct byte_span v, const char *command, const char *suffix,
			 struct byte_span *value)
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
			/* an absolute path to a lets, or the bare `lets` lets 0.0.1 wrote */
			yes = (pl >= 5 && p[0] == '/' && !memcmp(p + pl - 5, "/lets", 5)) ||
			      (pl == 4 && !memcmp(p, "lets", 4));
		}
	}
	free(c);
	return yes;
}

/* Finds, in the event array at arr, the first group holding a matching hook: its index, and
 * the hook's index in the group's "hooks" array and that array's length. */
static bool find_hook(const char *s, size_t n, size_t arr, const char *command, const char *suffix,
		      size_t *group, size_t *hook, size_t *hooks_len, size_t *hooks_open,
		      struct byte_span *value)
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

/* Whether the group object at g is written "hooks" first and has a matcher: the hooks_kept mark. */
static bool group_marked(const char *s, size_t n, size_t g)
{
	struct elem *ms, m;
	size_t close, cnt = s[g] == '{' ? list_elems(s, n, g, &ms, &close) : 0;
	bool yes = cnt >= 2 && key_is(s, &ms[0], "hooks") && find_member(s, n, g, "matcher", &m) >= 0;
	if (s[g] == '{')
		free(ms);
	return yes;
}

/* The hooks_kept mark for a group added under the "hooks" object at obj: it was there, empty,
 * before install, or a group install added to it says so. */
static bool hooks_kept(const char *s, size_t n, size_t obj)
{
	struct elem *evs, *gs;
	size_t close, gclose, cnt = list_elems(s, n, obj, &evs, &close);
	bool yes = cnt == 0;
	for (size_t i = 0; i < cnt && !yes; i++) {
		if (s[evs[i].val.start] != '[')
			continue;
		size_t gcnt = list_elems(s, n, evs[i].val.start, &gs, &gclose);
		for (size_t g = 0; g < gcnt && !yes; g++)
			yes = group_marked(s, n, gs[g].val.start);
		free(gs);
	}
	free(evs);
	return yes;
}

int settings_add(struct buf *t, const struct hook_spec *h, const char **why)
{
	size_t bom = utf8_bom(t->data, t->len);
	if (jsonc_space(t->data, bom, t->len) == t->len) {
		buf_truncate(t, bom);
		buf_adds(t, "{}\n");
	} else if (root_open(t) == t->len) {
		/* only comments: they stay, and the object starts on a line after them */
		buf_adds(t, t->data[t->len - 1] == '\n' ? "{}\n" : "\n{}\n");
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
	st.hooks_kept = hooks_kept(t->data, t->len, hooks.val.start);
	if (find_member(t->data, t->len, hooks.val.start, h->event, &ev) < 0) {
		insert_elem(t, hooks.val.start, &st, L_EVENT, h);
		return 1;
	}
	if (t->data[ev.val.start] != '[') {
		*why = "its hooks entry for an event is not a JSON array";
		return -1;
	}
	size_t g, k, len, open;
	struct byte_span v;
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
	struct elem *gs;
	size_t gclose;
	st.event_kept = list_elems(t->data, t->len, ev.val.start, &gs, &gclose) == 0;
	free(gs);
	insert_elem(t, ev.val.start, &st, L_GROUP, h);
	return 1;
}

/* Removes the container's member named key when it is an empty object or array with no
 * comment in it or between its key and value (the user's bytes, which stay). */
static void drop_if_empty(struct buf *t, size_t obj, const char *key, bool pretty)
{
	struct elem *es;
	size_t close, cnt = list_elems(t->data, t->len, obj, &es, &close);
	for (size_t i = 0; i < cnt; i++) {
		if (!key_is(t->data, &es[i], key))
			continue;
		size_t v = es[i].val.start;
		char c = t->data[v];
		size_t colon = jsonc_space(t->data, es[i].key.end, v);
		if ((c == '{' || c == '[') && jsonc_space(t->data, v + 1, t->len) + 1 == es[i].val.end &&
		    t->data[colon] == ':' && jsonc_space(t->data, colon + 1, v) == v)
			remove_elem(t, obj, i, pretty);
		break;
	}
	free(es);
}

/* The marks on the lets hook found in the event array at arr: group g, hook k of its "hooks"
 * array at hooks_open. */
static void read_marks(const char *s, size_t n, size_t arr, size_t g, size_t hooks_open, size_t k,
		       bool *event_kept, bool *hooks_kept_mark)
{
	struct elem *gs, *hs, *ms;
	size_t close, hclose, mclose;
	list_elems(s, n, arr, &gs, &close);
	*hooks_kept_mark |= group_marked(s, n, gs[g].val.start);
	list_elems(s, n, hooks_open, &hs, &hclose);
	size_t h = hs[k].val.start;
	if (list_elems(s, n, h, &ms, &mclose))
		*event_kept |= key_is(s, &ms[0], "command");
	free(ms);
	free(hs);
	free(gs);
}

int settings_remove(struct buf *t, const struct hook_spec *h)
{
	if (root_open(t) == t->len)
		return 0;
	size_t root = root_open(t);
	bool pretty = detect_style(t->data, t->len, root).pretty, event_kept = false, hooks_kept_mark = false;
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
		struct byte_span v;
		if (!find_hook(t->data, t->len, ev.val.start, NULL, h->suffix, &g, &k, &len, &open, &v))
			break;
		read_marks(t->data, t->len, ev.val.start, g, open, k, &event_kept, &hooks_kept_mark);
		if (len == 1)
			remove_elem(t, ev.val.start, g, pretty);
		else
			remove_elem(t, open, k, pretty);
		removed = 1;
	}
	if (removed && find_member(t->data, t->len, root, "hooks", &hooks) >= 0) {
		if (!event_kept)
			drop_if_empty(t, hooks.val.start, h->event, pretty);
		if (!hooks_kept_mark)
			drop_if_empty(t, root, "hooks", pretty);
	}
	return removed;
}

bool settings_created_only(const char *data, size_t len)
{
	return len == 3 && !memcmp(data, "{}\n", 3);
}

enum lets_err settings_claude_dir(struct buf *dir, struct diag *d)
{
	const char *cfg = getenv("CLAUDE_CONFIG_DIR"), *home = getenv("HOME");
	if (cfg && *cfg) {
		if (cfg[0] != '/')
			return diag_add(
				d, E_USAGE,
				"CLAUDE_CONFIG_DIR=%s is a relative path \xC2\xB7 set it to an absolute "
				"path, or unset it to use ~/.claude",
				cfg);
		buf_adds(dir, cfg);
		return LETS_OK;
	}
	if (!home || home[0] != '/')
		return diag_add(
			d, E_IO_ERROR,
			"HOME is not set to an absolute path \xC2\xB7 set it, or set CLAUDE_CONFIG_DIR to "
			"Claude Code's configuration directory");
	buf_addf(dir, "%s/.claude", home);
	return LETS_OK;
}
