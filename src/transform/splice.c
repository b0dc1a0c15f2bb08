/* The splices of one operation, written in the style of the container they touch: a flow
 * container (JSON, YAML [..] {..}, TOML arrays and inline tables) gains or loses an entry with
 * its comma, on its own line when the container is multi-line; a YAML block container gains a
 * line at its indentation; a TOML table gains a "key = value" line after its last pair. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../format/jsonc.h"
#include "../json.h"
#include "tf_int.h"

size_t skip_blank(const char *s, size_t off, size_t lim, enum format fmt)
{
	if (fmt == FMT_JSON)
		return jsonc_blank(s, off, lim, NULL);
	while (off < lim) {
		char c = s[off];
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
			off++;
		} else if (c == '#') {
			while (off < lim && s[off] != '\n')
				off++;
		} else {
			break;
		}
	}
	return off;
}

void edit_add(struct edit *e, size_t start, size_t end, const char *rep, size_t rep_len)
{
	XGROW(e->sp, e->cap, e->n + 1);
	struct splice *s = &e->sp[e->n++];
	s->start = start;
	s->end = end;
	s->rep = xstrndup(rep, rep_len);
	s->rep_len = rep_len;
}

void edit_release(struct edit *e)
{
	for (size_t i = 0; i < e->n; i++)
		free(e->sp[i].rep);
	free(e->sp);
	memset(e, 0, sizeof(*e));
}

enum lets_err unsupported_key(struct diag *dg, const struct doc *d, const char *what, const char *why)
{
	return diag_add(dg, E_UNSUPPORTED_FILE, "%s is unsupported: %s cannot be changed in place (%s)",
			d->path, what, why);
}

/* Just past the line an entry ends on (its value, a comma or a comment after it). */
static size_t entry_line_end(const struct doc *d, size_t end)
{
	if (end && d->src[end - 1] == '\n')
		return end;
	return line_after(d->src, d->len, end);
}

/* The whitespace that opens the line holding off. */
static void indent_of(struct buf *b, const char *s, size_t off)
{
	size_t i = line_begin(s, off);
	while (s[i] == ' ' || s[i] == '\t')
		buf_addc(b, s[i++]);
}

static bool only_blank_before(const char *s, size_t off)
{
	for (size_t i = line_begin(s, off); i < off; i++)
		if (s[i] != ' ' && s[i] != '\t')
			return false;
	return true;
}

/* Is the line [a, b) a comment and nothing else: "#" in YAML and TOML; "//" or one block comment
 * in JSON. */
static bool comment_line(const struct doc *d, size_t a, size_t b)
{
	const char *s = d->src;
	while (a < b && (s[a] == ' ' || s[a] == '\t'))
		a++;
	while (b > a && (s[b - 1] == '\n' || s[b - 1] == '\r' || s[b - 1] == ' ' || s[b - 1] == '\t'))
		b--;
	if (d->fmt != FMT_JSON)
		return a < b && s[a] == '#';
	bool open = false;
	return a < b && jsonc_comment(s, a, b, &open) == b && !open;
}

/* The start of the comment lines directly above the line starting at ls, with no blank line
 * between: a key's own comments, deleted with it. */
static size_t own_comments(const struct doc *d, size_t ls)
{
	while (ls > d->base && ls > 0) {
		size_t prev = line_begin(d->src, ls - 1);
		if (!comment_line(d, prev, ls))
			break;
		ls = prev;
	}
	return ls;
}

static bool has_newline(const char *s, size_t a, size_t b)
{
	return b > a && memchr(s + a, '\n', b - a);
}

/* ---- flow containers ---- */

static void flow_insert(const struct doc *d, const struct tn *c, const char *text, struct edit *e)
{
	const char *s = d->src;
	struct buf r = BUF_INIT;
	if (!c->n) {
		if (has_newline(s, c->open, c->close)) {
			buf_addc(&r, '\n');
			indent_of(&r, s, c->close);
			buf_adds(&r, "  ");
		}
		e->key_sp = (long)e->n;
		e->key_off = r.len;
		buf_adds(&r, text);
		edit_add(e, c->open + 1, c->open + 1, r.data, r.len);
		buf_release(&r);
		return;
	}
	const struct te *last = &c->kids[c->n - 1];
	bool multi = has_newline(s, c->open, last->start);
	size_t p = skip_blank(s, last->end, c->close, d->fmt);
	bool tc = p < c->close && s[p] == ',';
	if (!multi) {
		size_t at = tc ? p + 1 : last->end;
		buf_adds(&r, tc ? " " : ", ");
		e->key_sp = (long)e->n;
		e->key_off = r.len;
		buf_adds(&r, text);
		if (tc)
			buf_addc(&r, ',');
		edit_add(e, at, at, r.data, r.len);
		buf_release(&r);
		return;
	}
	/* multi-line: the new entry gets its own line, indented like the last one; a comment that
	 * ends the last entry's line stays there */
	size_t from = tc ? p + 1 : last->end;
	size_t eol = line_after(s, d->len, from);
	size_t at = from;
	if (eol <= c->close && eol > from) {
		at = eol - 1;
		if (at > from && s[at - 1] == '\r')
			at--;
	}
	buf_addc(&r, '\n');
	indent_of(&r, s, last->start);
	e->key_off = r.len;
	buf_adds(&r, text);
	if (tc)
		buf_addc(&r, ',');
	if (!tc && at != last->end) {
		edit_add(e, at, at, r.data, r.len);
		e->key_sp = (long)e->n - 1;
		edit_add(e, last->end, last->end, ",", 1);
	} else {
		if (!tc) {
			buf_truncate(&r, 0);
			buf_addc(&r, ',');
			buf_addc(&r, '\n');
			indent_of(&r, s, last->start);
			e->key_off = r.len;
			buf_adds(&r, text);
		}
		e->key_sp = (long)e->n;
		edit_add(e, at, at, r.data, r.len);
	}
	buf_release(&r);
}

static void flow_delete(const struct doc *d, const struct tn *c, size_t idx, struct edit *e)
{
	const char *s = d->src;
	const struct te *en = &c->kids[idx];
	if (c->n == 1) {
		edit_add(e, c->open + 1, c->close, "", 0);
		return;
	}
	size_t p = en->end;
	while (p < c->close && (s[p] == ' ' || s[p] == '\t'))
		p++;
	bool comma = p < c->close && s[p] == ',';
	size_t q = comma ? p + 1 : p;
	while (q < c->close && (s[q] == ' ' || s[q] == '\t'))
		q++;
	if (q < c->close && d->fmt == FMT_JSON && s[q] == '/' && s[q + 1] == '/')
		q = jsonc_comment(s, q, c->close, NULL);
	else if (q < c->close && d->fmt != FMT_JSON && s[q] == '#')
		while (q < c->close && s[q] != '\n')
			q++;
	bool own_line = has_newline(s, c->open, en->start) && only_blank_before(s, en->start) &&
			(q >= c->close || s[q] == '\n' || s[q] == '\r') && q < c->close;
	if (own_line) {
		edit_add(e, own_comments(d, line_begin(s, en->start)), line_after(s, d->len, q), "", 0);
		if (idx == c->n - 1 && !comma) {
			const struct te *prev = &c->kids[idx - 1];
			size_t cpos = prev->end;
			while (cpos < en->start && s[cpos] != ',')
				cpos++;
			if (cpos < en->start)
				edit_add(e, cpos, cpos + 1, "", 0);
		}
		return;
	}
	if (idx + 1 < c->n)
		edit_add(e, en->start, c->kids[idx + 1].start, "", 0);
	else
		edit_add(e, c->kids[idx - 1].end, en->end, "", 0);
}

/* The bytes between a key and its value in an existing entry, when they are plain spacing. */
static void kv_sep(struct buf *b, const struct doc *d, const struct tn *c, const char *dflt)
{
	for (size_t i = 0; i < c->n; i++) {
		const struct te *k = &c->kids[i];
		if (k->key && k->val->start > k->after && k->val->start - k->after <= 4 &&
		    !has_newline(d->src, k->after, k->val->start)) {
			buf_add(b, d->src + k->after, k->val->start - k->after);
			return;
		}
	}
	buf_adds(b, dflt);
}

/* ---- YAML block containers ---- */

static void block_insert(const struct doc *d, const struct tn *c, const char *text, struct edit *e)
{
	const struct te *last = &c->kids[c->n - 1];
	size_t at = entry_line_end(d, last->end);
	if (at > d->limit)
		at = d->limit;
	struct buf r = BUF_INIT;
	if (at && d->src[at - 1] != '\n')
		buf_addc(&r, '\n');
	e->key_sp = (long)e->n;
	e->key_off = r.len;
	buf_add_spaces(&r, (size_t)c->indent);
	buf_adds(&r, text);
	buf_addc(&r, '\n');
	edit_add(e, at, at, r.data, r.len);
	buf_release(&r);
}

static void block_delete(const struct doc *d, const struct te *holder, const struct tn *c, size_t idx,
			 struct edit *e)
{
	const char *s = d->src;
	const struct te *en = &c->kids[idx];
	if (c->n == 1) {
		size_t end = entry_line_end(d, c->end), from = holder ? holder->after : c->start;
		if (end > from && s[end - 1] == '\n')
			end--;
		if (end > from && s[end - 1] == '\r')
			end--;
		const char *empty = c->kind == TN_MAP ? "{}" : "[]";
		if (holder) {
			char rep[4] = {' ', empty[0], empty[1], 0};
			edit_add(e, holder->after, end, rep, 3);
		} else {
			edit_add(e, c->start, end, empty, 2);
		}
		return;
	}
	if (only_blank_before(s, en->start))
		edit_add(e, own_comments(d, line_begin(s, en->start)), entry_line_end(d, en->end), "", 0);
	else
		edit_add(e, en->start, c->kids[idx + 1].start, "", 0);
}

/* ---- TOML tables ---- */

static bool toml_table_like(const struct tn *t)
{
	return t->style == ST_TOML_TABLE || t->style == ST_TOML_AOT || t->style == ST_TOML_DOTTED ||
	       t->style == ST_TOML_IMPLICIT || t->style == ST_TOML_ROOT;
}

static void toml_key_line(const struct doc *d, const struct tn *t, const char *text, struct edit *e)
{
	const struct tn *sect = t->style == ST_TOML_DOTTED && t->sect ? t->sect : t;
	size_t at = sect->ins;
	struct buf r = BUF_INIT;
	if (at && at <= d->len && d->src[at - 1] != '\n')
		buf_addc(&r, '\n');
	for (size_t i = 0; i < sect->n; i++)
		if (sect->kids[i].val->kind == TN_SCALAR || sect->kids[i].val->style == ST_FLOW) {
			indent_of(&r, d->src, sect->kids[i].start);
			break;
		}
	e->key_sp = 0;
	e->key_off = r.len;
	buf_adds(&r, t->style == ST_TOML_DOTTED ? t->prefix : "");
	buf_adds(&r, text);
	buf_addc(&r, '\n');
	edit_add(e, at, at, r.data, r.len);
	buf_release(&r);
}

/* ---- encoding ---- */

/* Writes v for its place: ctx is the container it goes in, old the value it replaces (its quoting
 * is kept). A TOML null or out-of-range integer is usage, named by what. */
static enum lets_err encode_for(const struct doc *d, const struct tn *ctx, const struct tv *v,
				const struct tn *old, struct buf *b, struct diag *dg, const char *what)
{
	if (d->fmt == FMT_JSON) {
		tv_json(b, v);
		return LETS_OK;
	}
	if (d->fmt == FMT_TOML) {
		if (old && old->quote == '\'' && v->k == TV_STR && !memchr(v->s, '\'', v->len) &&
		    !memchr(v->s, '\n', v->len)) {
			buf_addf(b, "'%s'", v->s);
			return LETS_OK;
		}
		char err[200];
		if (tv_toml(b, v, err, sizeof(err)))
			return LETS_OK;
		return diag_add(dg, E_USAGE, "the value for %s: %s", what, err);
	}
	bool in_flow = ctx && ctx->style == ST_FLOW;
	if (old && v->k == TV_STR && old->quote == '"') {
		json_str(b, v->s, v->len);
	} else if (old && v->k == TV_STR && old->quote == '\'' && !memchr(v->s, '\n', v->len)) {
		buf_addc(b, '\'');
		for (size_t i = 0; i < v->len; i++) {
			if (v->s[i] == '\'')
				buf_addc(b, '\'');
			buf_addc(b, v->s[i]);
		}
		buf_addc(b, '\'');
	} else {
		tv_yaml_flow(b, v, in_flow);
	}
	return LETS_OK;
}

enum lets_err op_replace(const struct doc *d, struct tn *parent, size_t idx, const struct tv *v,
			 struct edit *e, struct diag *dg, const char *what)
{
	struct te *en = &parent->kids[idx];
	struct tn *old = en->val;
	struct buf b = BUF_INIT;
	enum lets_err err = LETS_OK;
	e->key_sp = -1;
	e->key_old = en->start;
	if (d->fmt == FMT_TOML && old->kind != TN_SCALAR && toml_table_like(old))
		return unsupported_key(dg, d, what, "a TOML table");
	bool block_ctx = d->fmt == FMT_YAML && parent->style == ST_BLOCK;
	bool whole = block_ctx && (old->start == old->end || old->style == ST_BLOCK || old->quote == '|' ||
				   v->k == TV_OBJ || v->k == TV_ARR);
	if (whole) {
		/* after "key:" or "-": a scalar on the same line, or an indented block below */
		if ((v->k == TV_OBJ || v->k == TV_ARR) && v->n) {
			tv_yaml_block(&b, v, parent->indent + 2, 2);
		} else {
			buf_addc(&b, ' ');
			err = encode_for(d, parent, v, old->quote == '|' ? NULL : old, &b, dg, what);
		}
		size_t end = old->end > en->after ? old->end : en->after;
		if (!err)
			edit_add(e, en->after, end, b.data, b.len);
	} else {
		err = encode_for(d, parent, v, old, &b, dg, what);
		if (!err)
			edit_add(e, old->start, old->end, b.data, b.len);
	}
	buf_release(&b);
	return err;
}

/* A new [table] or [[array]] element at `at` (past the last line of what it follows), one
 * blank line before it, its keys one per line. */
static enum lets_err toml_section_add(const struct doc *d, size_t at, const char *open, const char *header,
				      const char *close, const struct tv *v, struct edit *e, struct diag *dg,
				      const char *what)
{
	enum lets_err err = LETS_OK;
	struct buf r = BUF_INIT;
	if (at && d->src[at - 1] != '\n')
		buf_addc(&r, '\n');
	if (at)
		buf_addc(&r, '\n');
	e->key_sp = 0;
	e->key_off = r.len;
	buf_addf(&r, "%s%s%s\n", open, header, close);
	for (size_t i = 0; i < v->n && !err; i++) {
		key_toml(&r, v->keys[i]);
		buf_adds(&r, " = ");
		err = encode_for(d, NULL, &v->items[i], NULL, &r, dg, what);
		buf_addc(&r, '\n');
	}
	if (!err)
		edit_add(e, at, at, r.data, r.len);
	buf_release(&r);
	return err;
}

static enum lets_err toml_aot_append(const struct doc *d, const struct tn *seq, const struct tv *v,
				     struct edit *e, struct diag *dg, const char *what)
{
	const struct te *last = &seq->kids[seq->n - 1];
	size_t at = last->end;
	while (at > last->start &&
	       (d->src[at - 1] == '\n' || d->src[at - 1] == '\r' || d->src[at - 1] == ' '))
		at--;
	return toml_section_add(d, line_after(d->src, d->len, at), "[[", seq->header, "]]", v, e, dg, what);
}

enum lets_err op_insert_key(const struct doc *d, struct tn *map, const char *key, const struct tv *v,
			    struct edit *e, struct diag *dg, const char *what)
{
	struct buf t = BUF_INIT;
	enum lets_err err = LETS_OK;
	if (d->fmt == FMT_TOML && map->style == ST_TOML_IMPLICIT && map->header) {
		/* a table known only from [a.b] headers gets its own [a] at the end */
		struct tv one = TV_INIT;
		one.k = TV_OBJ;
		one.n = one.cap = 1;
		one.items = (struct tv *)v;
		one.keys = (char **)&key;
		err = toml_section_add(d, d->len, "[", map->header, "]", &one, e, dg, what);
		e->key_off += strlen(map->header) + 3;
		buf_release(&t);
		return err;
	}
	if (d->fmt == FMT_TOML && map->style == ST_TOML_IMPLICIT) {
		buf_release(&t);
		return unsupported_key(dg, d, what, "its table has no [header] of its own");
	}
	if (d->fmt == FMT_TOML && map->style == ST_TOML_ROOT && v->k == TV_OBJ && v->n) {
		/* a new table at the top goes where tables go: a [section] at the end */
		key_toml(&t, key);
		err = toml_section_add(d, d->len, "[", t.data, "]", v, e, dg, what);
		buf_release(&t);
		return err;
	}
	if (d->fmt == FMT_JSON) {
		key_json(&t, key);
		kv_sep(&t, d, map, ": ");
	} else if (d->fmt == FMT_TOML) {
		key_toml(&t, key);
		if (map->style == ST_FLOW)
			kv_sep(&t, d, map, " = ");
		else
			buf_adds(&t, " = ");
	} else {
		key_yaml(&t, key, map->style == ST_FLOW);
		buf_addc(&t, ':');
		if (map->style == ST_FLOW)
			buf_addc(&t, ' ');
	}
	if (d->fmt == FMT_YAML && map->style == ST_BLOCK)
		tv_yaml_block(&t, v, map->indent + 2, 2);
	else
		err = encode_for(d, map, v, NULL, &t, dg, what);
	if (!err) {
		if (map->style == ST_FLOW)
			flow_insert(d, map, t.data, e);
		else if (map->style == ST_BLOCK)
			block_insert(d, map, t.data, e);
		else
			toml_key_line(d, map, t.data, e);
	}
	buf_release(&t);
	return err;
}

enum lets_err op_append(const struct doc *d, struct tn *seq, const struct tv *v, struct edit *e,
			struct diag *dg, const char *what)
{
	enum lets_err err = LETS_OK;
	if (seq->kind != TN_SEQ)
		return diag_add(dg, E_NOT_FOUND, "%s not found in the %s document (not %s)", what,
				d->fmt == FMT_JSON   ? "JSON"
				: d->fmt == FMT_YAML ? "YAML"
						     : "TOML",
				d->fmt == FMT_YAML ? "a sequence" : "an array");
	if (seq->style == ST_TOML_AOT) {
		if (v->k != TV_OBJ)
			return diag_add(
				dg, E_NOT_FOUND,
				"a JSON object to append (an array of tables takes only objects) not found in %s",
				what);
		return toml_aot_append(d, seq, v, e, dg, what);
	}
	struct buf t = BUF_INIT;
	if (seq->style == ST_BLOCK) {
		buf_addc(&t, '-');
		size_t mark = t.len;
		tv_yaml_block(&t, v, seq->indent + 2, 2);
		if (t.len > mark && t.data[mark] == '\n') {
			/* the first key of a mapping item sits on the dash's line */
			size_t drop = 1 + (size_t)seq->indent + 2;
			memmove(t.data + mark + 1, t.data + mark + drop, t.len - mark - drop + 1);
			t.data[mark] = ' ';
			t.len -= drop - 1;
		}
		block_insert(d, seq, t.data, e);
	} else {
		err = encode_for(d, seq, v, NULL, &t, dg, what);
		if (!err)
			flow_insert(d, seq, t.data, e);
	}
	buf_release(&t);
	return err;
}

/* Removes a TOML table with every [section] and dotted key under it, wherever they are. */
static void toml_delete_table(const struct doc *d, const struct te *en, struct edit *e)
{
	const struct tn *t = en->val;
	size_t end = en->start; /* the end of what is removed whole, if anything */
	if (t->style == ST_TOML_TABLE && en->end > en->start) {
		/* the comments directly above the next header are that header's */
		end = en->end;
		while (end < d->len && end > en->start && d->src[end - 1] == '\n') {
			size_t prev = line_begin(d->src, end - 1);
			if (!comment_line(d, prev, end))
				break;
			end = prev;
		}
		edit_add(e, own_comments(d, line_begin(d->src, en->start)), end, "", 0);
	} else if (t->style == ST_TOML_AOT) {
		for (size_t i = 0; i < t->n; i++)
			toml_delete_table(d, &t->kids[i], e);
		return;
	}
	for (size_t i = 0; i < t->n; i++) {
		const struct te *k = &t->kids[i];
		/* dotted keys written in the section just removed (`i.j = 1` under [tool]) went with
		 * it: a second edit over their lines would overlap the first */
		if (end > en->start && k->val->style == ST_TOML_DOTTED && k->val->sect == t)
			continue;
		if (k->val->kind != TN_SCALAR && k->val->style != ST_FLOW)
			toml_delete_table(d, k, e);
		else if (t->style != ST_TOML_TABLE)
			edit_add(e, own_comments(d, line_begin(d->src, k->start)), entry_line_end(d, k->end),
				 "", 0);
	}
}

enum lets_err op_delete(const struct doc *d, const struct te *holder, struct tn *parent, size_t idx,
			struct edit *e, struct diag *dg, const char *what)
{
	(void)dg;
	(void)what;
	const struct te *en = &parent->kids[idx];
	e->is_delete = true;
	e->key_sp = 0;
	e->key_off = 0;
	if (parent->style == ST_FLOW)
		flow_delete(d, parent, idx, e);
	else if (parent->style == ST_BLOCK)
		block_delete(d, holder, parent, idx, e);
	else if (en->val->kind == TN_SCALAR || en->val->style == ST_FLOW)
		edit_add(e, own_comments(d, line_begin(d->src, en->start)), entry_line_end(d, en->end), "",
			 0);
	else
		toml_delete_table(d, en, e);
	return LETS_OK;
}
