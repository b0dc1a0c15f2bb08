/* Applies operations one after another: parse the current bytes into the model, resolve the
 * key path (lookup.c: selectors become indexes first), let the format code produce splices, splice, and
 * carry every marked line forward through the later splices so the region names lines of the
 * final file.
 *
 * A batch of many operations on one file would parse it once per operation. The commonest
 * operation, a --set of an existing scalar, splices only that scalar's bytes: the model of the
 * bytes after it is the model before, but for that node. So such an operation is resolved on the
 * model as it was built, its splice queued (pending), and the queued splices made in one pass
 * when an operation of any other kind comes, or at the end (flush). It is queued only when what
 * it reads is what the sequential run would read: no selector (a selector reads scalars), a
 * target no queued splice replaced (a path through one finds a scalar where the file now has
 * what the splice wrote, fails, and the operation runs the sequential way), one splice of
 * exactly its bytes, inside one line, not at the line's start (so no marked line start lies in
 * or at it), and in YAML no '&' in the file or in the value (anchors_check then reads nothing).
 * Its key offset and its marked line are carried through the queued splices exactly as
 * apply_edit carries them one splice at a time. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../keymap.h"
#include "tf_int.h"

/* A marked line while ops still run: off is a byte offset in the current bytes (a line start;
 * for MK_DELETED the position the removed lines left). */
struct mk {
	size_t off;
	enum marker mk;
	char *text;
	size_t len;
	size_t seq;
};

/* A queued splice of one scalar, in the bytes the model was built of. */
struct pend {
	size_t start, end;
	char *rep; /* owned */
	size_t rep_len;
	size_t line; /* the start of the line it changes; SIZE_MAX: the line's bytes stay */
	long long shift; /* after sorting: what the splices before it added to offsets */
};

struct run {
	enum format fmt;
	const char *path;
	struct buf cur;
	struct doc doc; /* the model of cur, or (with pending splices) of cur before them */
	bool have_doc, built, amp; /* amp: YAML with an '&' (anchors to check) */
	struct keymap keys; /* lookup's index of doc's map keys */
	struct keymap touched; /* the scalars of doc a pending splice replaces, by address */
	struct pend *p;
	size_t n_p, cap_p;
	size_t done; /* operations applied or queued */
	bool no_queue; /* tf_apply_unqueued: every operation the sequential way */
	struct mk *m;
	size_t n, cap;
	size_t *key_off; /* per op, tracked like a mark */
	bool crlf; /* the file's first line ends in CRLF */
	size_t n_ops;
	struct tf_result *r;
	struct diag *d;
};

/* ---- marks ---- */

/* seq orders removed lines that end up at one position: by operation, then where they were in
 * the bytes that operation started from (its splices run last to first), then line by line. */
static void mark_add(struct run *u, size_t off, enum marker m, const char *text, size_t len, size_t seq)
{
	XGROW(u->m, u->cap, u->n + 1);
	struct mk *k = &u->m[u->n++];
	k->off = off;
	k->mk = m;
	k->text = text ? xstrndup(text, len) : NULL;
	k->len = len;
	k->seq = seq;
}

static size_t shift(size_t off, size_t start, size_t end, size_t rep_len, bool *dropped)
{
	*dropped = false;
	if (off < start || (off == start && end == start))
		return off < start ? off : off + rep_len;
	if (off >= end)
		return off - (end - start) + rep_len;
	*dropped = true;
	return start;
}

/* Lines [a, b) of s as offsets: fills starts (n+1 entries). */
static size_t split_lines(const char *s, size_t a, size_t b, size_t **starts)
{
	size_t n = 0, cap = 0;
	*starts = NULL;
	for (size_t i = a; i < b;) {
		XGROW(*starts, cap, n + 2);
		(*starts)[n++] = i;
		const char *nl = memchr(s + i, '\n', b - i);
		i = nl ? (size_t)(nl - s) + 1 : b;
	}
	XGROW(*starts, cap, n + 1);
	(*starts)[n] = b;
	return n;
}

/* The marks one splice makes: the whole lines it touched before and after, with lines equal at
 * both ends set aside; the rest pair up as changed, then added or removed. */
static void mark_splice(struct run *u, const char *old, size_t old_len, const struct splice *sp, size_t op)
{
	size_t ls = line_begin(old, sp->start);
	size_t le =
		sp->end > sp->start && old[sp->end - 1] == '\n' ? sp->end : line_after(old, old_len, sp->end);
	bool pure_lines =
		sp->start == sp->end && sp->start == ls && sp->rep_len && sp->rep[sp->rep_len - 1] == '\n';
	if (pure_lines)
		le = ls;
	const char *nw = u->cur.data;
	size_t ne = pure_lines ? ls + sp->rep_len : sp->start + sp->rep_len + (le - sp->end);
	/* a replacement that dropped a line's newline joined it to the next: take that line too */
	while (ne > ls && nw[ne - 1] != '\n' && ne < u->cur.len && le < old_len) {
		size_t more = line_after(old, old_len, le) - le;
		le += more;
		ne += more;
	}
	size_t *os, *ns;
	size_t no = split_lines(old, ls, le, &os), nn = split_lines(nw, ls, ne, &ns);
	size_t pre = 0, suf = 0;
	while (pre < no && pre < nn && os[pre + 1] - os[pre] == ns[pre + 1] - ns[pre] &&
	       !memcmp(old + os[pre], nw + ns[pre], os[pre + 1] - os[pre]))
		pre++;
	while (suf < no - pre && suf < nn - pre &&
	       os[no - suf] - os[no - suf - 1] == ns[nn - suf] - ns[nn - suf - 1] &&
	       !memcmp(old + os[no - suf - 1], nw + ns[nn - suf - 1], os[no - suf] - os[no - suf - 1]))
		suf++;
	size_t xo = no - pre - suf, yn = nn - pre - suf, k = xo < yn ? xo : yn;
	for (size_t i = 0; i < yn; i++)
		mark_add(u, ns[pre + i], i < k ? MK_REPLACED : MK_INSERTED, NULL, 0, 0);
	for (size_t i = k; i < xo; i++) {
		size_t a = os[pre + i], b = os[pre + i + 1];
		while (b > a && (old[b - 1] == '\n' || old[b - 1] == '\r'))
			b--;
		mark_add(u, ns[pre + yn], MK_DELETED, old + a, b - a,
			 ((size_t)op << 48) | ((sp->start & 0xFFFFFFF) << 20) | (i & 0xFFFFF));
	}
	free(os);
	free(ns);
}

/* Splices e's edits into u->cur, highest offset first, moving marks and keys along. */
static void apply_edit(struct run *u, struct edit *e, size_t op)
{
	size_t *order = xmalloc((e->n ? e->n : 1) * sizeof(*order));
	for (size_t i = 0; i < e->n; i++)
		order[i] = i;
	for (size_t i = 1; i < e->n; i++)
		for (size_t j = i; j > 0 && e->sp[order[j]].start > e->sp[order[j - 1]].start; j--) {
			size_t t = order[j];
			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	bool key_set = false;
	size_t first_mark = u->n;
	if (e->key_sp < 0) {
		u->key_off[op] = e->key_old;
		key_set = true;
	}
	for (size_t oi = 0; oi < e->n; oi++) {
		struct splice *sp = &e->sp[order[oi]];
		if (u->crlf && memchr(sp->rep, '\n', sp->rep_len)) {
			/* a CRLF file gets CRLF in what is added, so its endings stay one kind */
			struct buf cr = BUF_INIT;
			for (size_t i = 0; i < sp->rep_len; i++) {
				if (sp->rep[i] == '\n' && (i == 0 || sp->rep[i - 1] != '\r'))
					buf_addc(&cr, '\r');
				buf_addc(&cr, sp->rep[i]);
			}
			free(sp->rep);
			sp->rep_len = cr.len;
			sp->rep = buf_detach(&cr);
		}
		char *old = xmalloc(u->cur.len + 1);
		size_t old_len = u->cur.len;
		memcpy(old, u->cur.data, old_len + 1);
		struct buf nb = BUF_INIT;
		buf_add(&nb, old, sp->start);
		buf_add(&nb, sp->rep, sp->rep_len);
		buf_add(&nb, old + sp->end, old_len - sp->end);
		buf_release(&u->cur);
		u->cur = nb;
		size_t kept = 0, prior = 0;
		for (size_t i = 0; i < u->n; i++) {
			bool dropped;
			u->m[i].off = shift(u->m[i].off, sp->start, sp->end, sp->rep_len, &dropped);
			if (dropped && u->m[i].mk != MK_DELETED) {
				free(u->m[i].text);
				continue;
			}
			prior += i < first_mark;
			u->m[kept++] = u->m[i];
		}
		first_mark = prior;
		u->n = kept;
		for (size_t i = 0; i <= op; i++) {
			bool dropped;
			if (i < op || key_set)
				u->key_off[i] =
					shift(u->key_off[i], sp->start, sp->end, sp->rep_len, &dropped);
		}
		if (!key_set && (long)order[oi] == e->key_sp) {
			u->key_off[op] = sp->start + e->key_off;
			key_set = true;
		}
		mark_splice(u, old, old_len, sp, op);
		free(old);
	}
	if (e->is_delete) {
		size_t best = SIZE_MAX;
		for (size_t i = first_mark; i < u->n; i++)
			if (u->m[i].mk == MK_DELETED && u->m[i].off < best)
				best = u->m[i].off;
		if (best != SIZE_MAX)
			u->key_off[op] = best;
	}
	free(order);
}

/* --set keeps the existing type: a string stays a string; anything else reads as JSON when it
 * can, else as a string. A value given as JSON is read as JSON whatever the key held. */
static void typed_value(struct tv *v, const struct tpath *p, const struct tn *old, bool json)
{
	if (!json && old && old->kind == TN_SCALAR && old->sc == SC_STRING) {
		tv_set_string(v, p->value, p->value_len);
		return;
	}
	if (!tv_parse(v, p->value, p->value_len))
		tv_set_string(v, p->value, p->value_len);
}

/* --append joins a list of strings as a string ("3.20" after "3.9", "3.10": a CI matrix of
 * versions), as --set keeps a string a string; else the value reads as JSON when it can. A value
 * given as JSON (a batch's object form) is read as JSON whatever the list holds. */
static void append_value(struct tv *v, const struct tpath *p, const struct tn *seq, bool json)
{
	if (!tv_parse(v, p->value, p->value_len)) {
		tv_set_string(v, p->value, p->value_len);
		return;
	}
	if (json || v->k == TV_STR || v->k == TV_ARR || v->k == TV_OBJ || seq->kind != TN_SEQ || !seq->n)
		return;
	for (size_t i = 0; i < seq->n; i++)
		if (seq->kids[i].val->kind != TN_SCALAR || seq->kids[i].val->sc != SC_STRING)
			return;
	tv_release(v);
	tv_set_string(v, p->value, p->value_len);
}

static enum lets_err op_set(struct run *u, const struct tf_op *op, struct doc *doc, struct tpath *p,
			    struct lookup_hit *h, struct edit *e)
{
	struct tv v = TV_INIT;
	enum lets_err err;
	typed_value(&v, p, h->node, op->json);
	if (h->node) {
		err = op_replace(doc, h->parent, h->idx, &v, e, u->d, p->typed);
	} else if (h->in_null) {
		for (size_t i = h->depth; i < p->n; i++)
			if (p->s[i].k != SEG_KEY) {
				tv_release(&v);
				return diag_add(u->d, E_NOT_FOUND, "path not found in %s", p->typed);
			}
		for (size_t i = p->n; i-- > h->depth;)
			tv_wrap(&v, p->s[i].key);
		err = op_replace(doc, h->parent, h->idx, &v, e, u->d, p->typed);
	} else {
		for (size_t i = h->depth + 1; i < p->n; i++)
			if (p->s[i].k != SEG_KEY) {
				tv_release(&v);
				return diag_add(u->d, E_NOT_FOUND, "path not found in %s", p->typed);
			}
		for (size_t i = p->n; i-- > h->depth + 1;)
			tv_wrap(&v, p->s[i].key);
		err = op_insert_key(doc, h->parent, p->s[h->depth].key, &v, e, u->d, p->typed);
	}
	tv_release(&v);
	return err;
}

/* A path opening on the root's element ("[1].spec.replicas", "[kind=Service].spec"): the element
 * of a top-level list, or one document of a multi-document YAML file. path.c reads what follows
 * the first "]."; an element alone ("[1]", "[1]=v") is read here. */
static enum lets_err root_parse(struct tpath *p, const char *arg, bool want_value, const char *flag,
				struct diag *d)
{
	const char *close = strchr(arg, ']'), *eq = close ? memchr(arg, '=', (size_t)(close - arg)) : NULL;
	size_t e = close ? (size_t)(close - arg) : 0, digits = strspn(arg + 1, "0123456789");
	if (!close || (!eq && (digits != e - 1 || !digits || digits > 9)) || (eq && eq == arg + 1))
		return tpath_parse(p, arg, want_value, flag, d); /* path.c words the complaint */
	struct seg first = {.k = eq ? SEG_SELECT : SEG_INDEX, .index = eq ? 0 : atol(arg + 1)};
	if (eq) {
		const char *vb = eq + 1, *ve = close;
		if (ve - vb >= 2 && (*vb == '"' || *vb == '\'') && ve[-1] == *vb)
			vb++, ve--;
		first.key = xstrndup(arg + 1, (size_t)(eq - arg) - 1);
		first.value = xstrndup(vb, (size_t)(ve - vb));
	}
	enum lets_err err = LETS_OK;
	const char *rest = close + 1;
	if (*rest == '.') {
		err = tpath_parse(p, rest + 1, want_value, flag, d);
		char *typed = p->typed;
		p->typed = xmalloc(e + 3 + strlen(typed ? typed : ""));
		sprintf(p->typed, "%.*s.%s", (int)e + 1, arg, typed ? typed : "");
		free(typed);
	} else {
		p->typed = xstrndup(arg, e + 1);
		const char *why = want_value && *rest != '=' ? "no '=' and value after the key path"
				  : !want_value && *rest     ? "text after the key path"
							     : NULL;
		if (why)
			err = diag_add(d, E_USAGE,
				       "error: invalid value '%s' for '%s': %s\n\nFor more information, try "
				       "'--help'.",
				       arg, flag, why);
		else if (want_value)
			p->value = xstrdup(rest + 1), p->value_len = strlen(rest + 1);
	}
	XGROW(p->s, p->cap, p->n + 1);
	memmove(p->s + 1, p->s, p->n * sizeof(*p->s));
	p->s[0] = first;
	p->n++;
	return err;
}

static enum lets_err op_parse(struct tpath *p, const struct tf_op *op, struct diag *d)
{
	static const char *const flags[] = {"--set <SET>", "--delete <DELETE>", "--append <APPEND>"};
	enum lets_err err = op->arg[0] == '['
				    ? root_parse(p, op->arg, op->kind != TF_DELETE, flags[op->kind], d)
				    : tpath_parse(p, op->arg, op->kind != TF_DELETE, flags[op->kind], d);
	if (!err && p->brackets && op->kind != TF_APPEND)
		err = diag_add(
			d, E_USAGE,
			"error: invalid value '%s' for '%s': a final [] appends \xC2\xB7 use --append\n\nFor more "
			"information, try '--help'.",
			op->arg, flags[op->kind]);
	return err;
}

enum lets_err tf_op_check(const struct tf_op *op, struct diag *d)
{
	struct tpath p = TPATH_INIT;
	enum lets_err err = op_parse(&p, op, d);
	tpath_release(&p);
	return err;
}

/* The model of cur (built once per run of queued operations); false: cur does not parse. */
static bool ensure_doc(struct run *u)
{
	if (u->have_doc)
		return u->built;
	u->built = doc_build(&u->doc, u->fmt, u->cur.data, u->cur.len);
	u->doc.path = u->path;
	u->doc.keys = &u->keys;
	u->have_doc = true;
	u->amp = u->built && u->doc.fmt == FMT_YAML && u->doc.limit > u->doc.base &&
		 memchr(u->doc.src + u->doc.base, '&', u->doc.limit - u->doc.base);
	return u->built;
}

static void drop_doc(struct run *u)
{
	if (u->have_doc)
		doc_release(&u->doc);
	memset(&u->doc, 0, sizeof(u->doc));
	keymap_release(&u->keys);
	keymap_release(&u->touched);
	u->have_doc = false;
}

static int pend_cmp(const void *a, const void *b)
{
	const struct pend *x = a, *y = b;
	return x->start < y->start ? -1 : x->start > y->start;
}

/* off (in the bytes before the sorted pending splices) after them all: what shift() gives
 * splice by splice, an offset inside a replaced span landing on its start. */
static size_t pend_map(const struct run *u, size_t off, bool *inside)
{
	*inside = false;
	size_t lo = 0, hi = u->n_p;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (u->p[mid].start <= off)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo)
		return off;
	const struct pend *q = &u->p[lo - 1];
	if (off < q->end) {
		*inside = true;
		return (size_t)((long long)q->start + q->shift);
	}
	return (size_t)((long long)off + q->shift + (long long)q->rep_len - (long long)(q->end - q->start));
}

/* Makes the pending splices in one pass, carrying marks and key offsets through them, and adds
 * the marks of the lines they changed. The model then no longer describes cur. */
static void flush(struct run *u)
{
	if (!u->n_p)
		return;
	qsort(u->p, u->n_p, sizeof(*u->p), pend_cmp);
	struct buf nb = BUF_INIT;
	size_t at = 0;
	long long sh = 0;
	for (size_t i = 0; i < u->n_p; i++) {
		struct pend *q = &u->p[i];
		q->shift = sh;
		buf_add(&nb, u->cur.data + at, q->start - at);
		buf_add(&nb, q->rep, q->rep_len);
		at = q->end;
		sh += (long long)q->rep_len - (long long)(q->end - q->start);
	}
	buf_add(&nb, u->cur.data + at, u->cur.len - at);
	size_t kept = 0;
	bool inside;
	for (size_t i = 0; i < u->n; i++) {
		u->m[i].off = pend_map(u, u->m[i].off, &inside);
		if (inside && u->m[i].mk != MK_DELETED) {
			free(u->m[i].text);
			continue;
		}
		u->m[kept++] = u->m[i];
	}
	u->n = kept;
	for (size_t i = 0; i < u->done; i++)
		u->key_off[i] = pend_map(u, u->key_off[i], &inside);
	/* each changed line's start lies before its own splice and in no other (queue_fast) */
	for (size_t i = 0; i < u->n_p; i++)
		if (u->p[i].line != SIZE_MAX)
			mark_add(u, pend_map(u, u->p[i].line, &inside), MK_REPLACED, NULL, 0, 0);
	for (size_t i = 0; i < u->n_p; i++)
		free(u->p[i].rep);
	u->n_p = 0;
	buf_release(&u->cur);
	u->cur = nb;
	drop_doc(u);
}

/* Is op's edit e, resolved at h on the model of the bytes before the pending splices, one that
 * can be queued (see the top of this file)? */
static bool fast_edit(const struct run *u, const struct lookup_hit *h, const struct edit *e)
{
	const struct tn *n = h->node;
	size_t touched;
	if (!n || n->kind != TN_SCALAR || n->end <= n->start ||
	    keymap_get(&u->touched, &h->node, sizeof(h->node), &touched))
		return false;
	if (e->n != 1 || e->key_sp >= 0 || e->is_delete || e->sp[0].start != n->start ||
	    e->sp[0].end != n->end)
		return false;
	const char *s = u->cur.data, *rep = e->sp[0].rep;
	size_t a = n->start, b = n->end, rl = e->sp[0].rep_len;
	if (line_begin(s, a) == a || memchr(s + a, '\n', b - a) || memchr(rep, '\n', rl))
		return false;
	return u->doc.fmt != FMT_YAML || (!u->amp && !memchr(rep, '&', rl));
}

/* A --set of one scalar, queued when it can be; false: run it as any other operation. Nothing it
 * tried is recorded (its messages go to a diag of its own). */
static bool queue_fast(struct run *u, const struct tf_op *op, size_t k)
{
	if (op->kind != TF_SET || u->no_queue)
		return false;
	struct tpath p = TPATH_INIT;
	struct diag scratch = DIAG_INIT, *real = u->d;
	struct edit e = {0};
	struct lookup_hit h;
	bool ok = !op_parse(&p, op, &scratch) && ensure_doc(u) && u->doc.root &&
		  u->doc.root->style != ST_YAML_DOCS;
	for (size_t i = 0; ok && i < p.n; i++)
		ok = p.s[i].k != SEG_SELECT;
	u->d = &scratch;
	ok = ok && !lookup_path(&u->doc, op, &p, &h, &u->r->resolved, &scratch) && h.node &&
	     h.node->kind == TN_SCALAR && !op_set(u, op, &u->doc, &p, &h, &e) && fast_edit(u, &h, &e);
	u->d = real;
	if (ok) {
		XGROW(u->p, u->cap_p, u->n_p + 1);
		struct pend *q = &u->p[u->n_p++];
		struct splice *sp = &e.sp[0];
		bool same = sp->rep_len == sp->end - sp->start &&
			    !memcmp(sp->rep, u->cur.data + sp->start, sp->rep_len);
		*q = (struct pend){sp->start,
				   sp->end,
				   sp->rep,
				   sp->rep_len,
				   same ? SIZE_MAX : line_begin(u->cur.data, sp->start),
				   0};
		sp->rep = NULL;
		keymap_put(&u->touched, &h.node, sizeof(h.node), 1);
		u->key_off[k] = e.key_old;
		u->r->aliases[k] = 0;
		struct buf key = BUF_INIT;
		tpath_print(&key, &p, p.n);
		u->r->keys[k] = buf_detach(&key);
	}
	diag_release(&scratch);
	edit_release(&e);
	tpath_release(&p);
	return ok;
}

static enum lets_err one_op(struct run *u, const struct tf_op *op, size_t k)
{
	if (queue_fast(u, op, k))
		return LETS_OK;
	flush(u);
	struct tpath p = TPATH_INIT;
	struct doc *doc = &u->doc;
	struct edit e = {0};
	struct lookup_hit h;
	enum lets_err err = op_parse(&p, op, u->d);
	if (!err && !ensure_doc(u))
		err = unsupported_key(u->d, doc, p.typed,
				      "the document holds a construct lets does not edit");
	bool docs = !err && doc->root && doc->root->style == ST_YAML_DOCS;
	if (docs && p.n && p.s[0].k == SEG_KEY)
		err = lookup_docs(doc, &p, op, u->d);
	if (!err)
		err = lookup_path(doc, op, &p, &h, &u->r->resolved, u->d);
	if (!err && docs && h.parent == doc->root && op->kind != TF_APPEND)
		err = unsupported_key(u->d, doc, p.typed, "a whole YAML document");
	if (!err && op->kind == TF_SET) {
		err = op_set(u, op, doc, &p, &h, &e);
	} else if (!err && !h.node) {
		err = diag_add(u->d, E_NOT_FOUND, "path not found in %s", p.typed);
	} else if (!err && op->kind == TF_DELETE) {
		err = op_delete(doc, h.holder, h.parent, h.idx, &e, u->d, p.typed);
	} else if (!err) {
		struct tv v = TV_INIT;
		append_value(&v, &p, h.node, op->json);
		err = op_append(doc, h.node, &v, &e, u->d, p.typed);
		tv_release(&v);
	}
	if (!err)
		err = anchors_check(doc, &e, p.typed, &u->r->aliases[k], u->d);
	if (!err) {
		drop_doc(u);
		apply_edit(u, &e, k);
		struct buf key = BUF_INIT;
		tpath_print(&key, &p, p.n);
		u->r->keys[k] = buf_detach(&key);
	}
	edit_release(&e);
	tpath_release(&p);
	return err;
}

static int mark_cmp(const void *a, const void *b)
{
	const struct tf_mark *x = a, *y = b;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	bool dx = x->mk == MK_DELETED, dy = y->mk == MK_DELETED;
	if (dx != dy)
		return dx ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* The line breaks of the final bytes, so that each key and mark finds its line number in
 * O(log n) rather than by counting from the top (line_of), once per operation. */
struct lines {
	size_t *nl, n;
};

static struct lines lines_of(const char *s, size_t len)
{
	struct lines l = {0};
	size_t cap = 0;
	for (const char *p = len ? memchr(s, '\n', len) : NULL; p;
	     p = memchr(p + 1, '\n', len - (size_t)(p + 1 - s))) {
		XGROW(l.nl, cap, l.n + 1);
		l.nl[l.n++] = (size_t)(p - s);
	}
	return l;
}

/* line_of(s, off): 1 + the line breaks before off. */
static long lines_at(const struct lines *l, size_t off)
{
	size_t lo = 0, hi = l->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (l->nl[mid] < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (long)lo + 1;
}

/* The marks as lines of the final bytes: sorted, one mark per surviving line ('+' wins). */
static void finish_marks(struct run *u, const struct lines *ln)
{
	struct tf_result *r = u->r;
	r->marks = xcalloc(u->n ? u->n : 1, sizeof(*r->marks));
	for (size_t i = 0; i < u->n; i++) {
		struct tf_mark *m = &r->marks[i];
		m->line = lines_at(ln, u->m[i].off);
		/* removed lines at the end of a file without a final newline follow its last line */
		if (u->m[i].mk == MK_DELETED && u->m[i].off == u->cur.len && u->cur.len &&
		    u->cur.data[u->cur.len - 1] != '\n')
			m->line++;
		m->mk = u->m[i].mk;
		m->text = u->m[i].text;
		m->len = u->m[i].len;
		m->seq = u->m[i].seq;
		u->m[i].text = NULL;
	}
	qsort(r->marks, u->n, sizeof(*r->marks), mark_cmp);
	size_t k = 0;
	for (size_t i = 0; i < u->n; i++) {
		struct tf_mark *m = &r->marks[i];
		if (k && m->mk != MK_DELETED && r->marks[k - 1].mk != MK_DELETED &&
		    r->marks[k - 1].line == m->line) {
			if (m->mk == MK_INSERTED)
				r->marks[k - 1].mk = MK_INSERTED;
			continue;
		}
		r->marks[k++] = *m;
	}
	r->n_marks = k;
}

/* The offset of the first CR no LF follows, or len. YAML reads a lone CR as a line break; the
 * splices place text by LF lines, so an insert would land inside the line before it (found by
 * fuzz_transform): such a YAML file is refused before any splice. */
static size_t lone_cr(const char *src, size_t len)
{
	for (const char *cr = len ? memchr(src, '\r', len) : NULL; cr;
	     cr = memchr(cr + 1, '\r', len - (size_t)(cr + 1 - src)))
		if (cr + 1 == src + len || cr[1] != '\n')
			return (size_t)(cr - src);
	return len;
}

static enum lets_err apply_all(enum format f, const char *path, const char *src, size_t len,
			       const struct tf_op *ops, size_t n_ops, struct tf_result *r, struct diag *d,
			       bool no_queue)
{
	struct run u = {.fmt = f, .path = path, .r = r, .d = d, .n_ops = n_ops, .no_queue = no_queue};
	memset(r, 0, sizeof(*r));
	size_t cr = f == FMT_YAML || f == FMT_FRONTMATTER ? lone_cr(src, len) : len;
	if (cr < len)
		return diag_add(d, E_UNSUPPORTED_FILE,
				"%s is unsupported: line %ld ends in a lone CR, which lets does not edit in "
				"place \xC2\xB7 give its lines LF or CRLF endings first",
				path, line_of(src, cr));
	buf_add(&u.cur, src, len);
	const char *nl = memchr(src, '\n', len);
	u.crlf = nl && nl > src && nl[-1] == '\r';
	u.key_off = xcalloc(n_ops ? n_ops : 1, sizeof(*u.key_off));
	r->keys = xcalloc(n_ops ? n_ops : 1, sizeof(*r->keys));
	r->lines = xcalloc(n_ops ? n_ops : 1, sizeof(*r->lines));
	r->aliases = xcalloc(n_ops ? n_ops : 1, sizeof(*r->aliases));
	r->n_ops = n_ops;
	enum lets_err err = LETS_OK;
	for (size_t k = 0; k < n_ops && !err; k++, u.done = k)
		err = one_op(&u, &ops[k], k);
	if (!err)
		flush(&u);
	drop_doc(&u);
	for (size_t i = 0; i < u.n_p; i++)
		free(u.p[i].rep);
	free(u.p);
	if (!err) {
		struct lines ln = lines_of(u.cur.data, u.cur.len);
		for (size_t k = 0; k < n_ops; k++)
			r->lines[k] = lines_at(&ln, u.key_off[k]);
		finish_marks(&u, &ln);
		free(ln.nl);
		r->len = u.cur.len;
		r->data = buf_detach(&u.cur);
	}
	for (size_t i = 0; i < u.n; i++)
		free(u.m[i].text);
	free(u.m);
	free(u.key_off);
	buf_release(&u.cur);
	if (err)
		tf_result_release(r);
	return err;
}

enum lets_err tf_apply(enum format f, const char *path, const char *src, size_t len, const struct tf_op *ops,
		       size_t n_ops, struct tf_result *r, struct diag *d)
{
	return apply_all(f, path, src, len, ops, n_ops, r, d, false);
}

enum lets_err tf_apply_unqueued(enum format f, const char *path, const char *src, size_t len,
				const struct tf_op *ops, size_t n_ops, struct tf_result *r, struct diag *d)
{
	return apply_all(f, path, src, len, ops, n_ops, r, d, true);
}

void tf_result_release(struct tf_result *r)
{
	if (!r)
		return;
	free(r->data);
	for (size_t i = 0; i < r->n_ops; i++)
		free(r->keys[i]);
	free(r->keys);
	free(r->lines);
	free(r->aliases);
	for (size_t i = 0; i < r->n_marks; i++)
		free(r->marks[i].text);
	free(r->marks);
	omits_release(&r->resolved);
	memset(r, 0, sizeof(*r));
}
