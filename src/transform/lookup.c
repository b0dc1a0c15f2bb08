/* How a key path leads through a document's model: each key found (a key written twice, or a
 * run of unquoted keys that also spells one dotted key, is ambiguous, never guessed), each
 * [field=value] selector turned into the index of the one element it names, and a path without
 * [N] in a stream of several YAML documents named ambiguous with the ready commands. Messages
 * name lines of doc->src. */
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../keymap.h"
#include "../quote.h"
#include "tf_int.h"

/* The entry of key in map t, the last when the key repeats (parsers keep the last); *count says
 * how many there are. A large map searched again is searched through doc's index of its keys, so a batch of n keys set in one map costs O(n), not a scan of the map per key. */
static struct te *map_find_all(const struct doc *doc, struct tn *t, const char *key, size_t *count)
{
	struct te *found = NULL;
	*count = 0;
	if (doc && doc->keys && t->n >= 16) {
		size_t seen, v;
		struct buf k = BUF_INIT;
		buf_addc(&k, 'N');
		buf_add(&k, &t, sizeof(t));
		/* seen counts the searches of t; an operation searches its map twice (dotted_key,
		 * then lookup_path; a set it cannot queue, again), so the index is built on the fifth: when several
		 * operations use this model */
		if (!keymap_get(doc->keys, k.data, k.len, &seen))
			seen = 0;
		if (seen < 5)
			keymap_put(doc->keys, k.data, k.len, seen + 1);
		for (size_t i = 0; seen == 4 && i < t->n; i++) {
			if (!t->kids[i].key)
				continue;
			buf_truncate(&k, 1 + sizeof(t));
			buf_adds(&k, t->kids[i].key);
			/* a repeated key keeps SIZE_MAX: the scan below counts it */
			keymap_put(doc->keys, k.data, k.len,
				   keymap_get(doc->keys, k.data, k.len, &v) ? SIZE_MAX : i);
		}
		bool hit = false;
		if (seen >= 4) {
			buf_truncate(&k, 1 + sizeof(t));
			buf_adds(&k, key);
			hit = keymap_get(doc->keys, k.data, k.len, &v);
		}
		buf_release(&k);
		if (seen >= 4 && !hit)
			return NULL;
		if (seen >= 4 && v != SIZE_MAX) {
			*count = 1;
			return &t->kids[v];
		}
	}
	for (size_t i = 0; i < t->n; i++)
		if (t->kids[i].key && !strcmp(t->kids[i].key, key)) {
			found = &t->kids[i];
			(*count)++;
		}
	return found;
}

static struct te *map_find(const struct doc *doc, struct tn *t, const char *key)
{
	size_t count;
	return map_find_all(doc, t, key, &count);
}

/* A key written twice in one map: which one a path means is a guess, and a delete of the last
 * would bring the first back. */
static enum lets_err key_repeated(const struct doc *doc, struct diag *d, struct tpath *p, size_t i,
				  struct tn *map, size_t count)
{
	struct buf m = BUF_INIT;
	buf_addf(&m, "%s is ambiguous (%zu candidates)", p->typed, count);
	for (size_t k = 0; k < map->n; k++) {
		struct te *e = &map->kids[k];
		if (!e->key || strcmp(e->key, p->s[i].key))
			continue;
		size_t a = line_begin(doc->src, e->start), b = a;
		while (b < doc->len && doc->src[b] != '\n' && doc->src[b] != '\r')
			b++;
		while (a < b && (doc->src[a] == ' ' || doc->src[a] == '\t'))
			a++;
		buf_addf(&m, "\n  %s:%ld\t", doc->path, line_of(doc->src, e->start));
		buf_add(&m, doc->src + a, b - a > 200 ? 200 : b - a);
	}
	buf_addf(&m, "\n  the key %s is written %zu times in one %s: keep one with lets edit, then re-run",
		 p->s[i].key, count, map->style == ST_FLOW ? "object" : "mapping");
	diag_add(d, E_AMBIGUOUS, "%s", m.data);
	buf_release(&m);
	return E_AMBIGUOUS;
}

static const char *scalar_of(struct tn *item, const char *field, struct te **at)
{
	if (item->kind != TN_MAP)
		return NULL;
	struct te *f = map_find(NULL, item, field);
	*at = f;
	return f && f->val->kind == TN_SCALAR && f->val->text ? f->val->text : NULL;
}

static enum lets_err select_none(struct diag *d, struct tpath *p, size_t i, struct tn *seq)
{
	struct seg *s = &p->s[i];
	struct buf m = BUF_INIT;
	buf_addf(&m, "an element with %s=\"%s\" (values seen: ", s->key, s->value);
	size_t seen = 0;
	for (size_t k = 0; k < seq->n; k++) {
		struct te *at;
		const char *v = scalar_of(seq->kids[k].val, s->key, &at);
		if (v)
			buf_addf(&m, "%s\"%s\"", seen++ ? ", " : "", v);
	}
	if (!seen)
		buf_adds(&m, "none");
	buf_addf(&m, ") not found in %s", p->typed);
	diag_add(d, E_NOT_FOUND, "%s", m.data);
	buf_release(&m);
	return E_NOT_FOUND;
}

static enum lets_err select_many(const struct doc *doc, struct diag *d, struct tpath *p, size_t i,
				 struct tn *seq, size_t count)
{
	struct seg *s = &p->s[i];
	struct buf m = BUF_INIT, pre = BUF_INIT;
	tpath_print(&pre, p, i);
	buf_addf(&m, "%s is ambiguous (%zu candidates)", p->typed, count);
	size_t shown = 0;
	for (size_t k = 0; k < seq->n; k++) {
		struct te *at;
		const char *v = scalar_of(seq->kids[k].val, s->key, &at);
		if (!v || strcmp(v, s->value))
			continue;
		if (shown++ < 20)
			buf_addf(&m, "\n  %s:%ld\t%s[%zu].%s=\"%s\"", doc->path, line_of(doc->src, at->start),
				 pre.data, k, s->key, v);
	}
	if (shown > 20)
		buf_addf(&m, "\n  (+%zu more)", shown - 20);
	diag_add(d, E_AMBIGUOUS, "%s", m.data);
	buf_release(&m);
	buf_release(&pre);
	return E_AMBIGUOUS;
}

/* Turns the selector at p->s[i] into the index of the one element it names. */
static enum lets_err select_one(const struct doc *doc, struct diag *d, struct tpath *p, size_t i,
				struct tn *seq, bool *changed)
{
	struct seg *s = &p->s[i];
	size_t count = 0, idx = 0;
	for (size_t k = 0; k < seq->n; k++) {
		struct te *at;
		const char *v = scalar_of(seq->kids[k].val, s->key, &at);
		if (v && !strcmp(v, s->value)) {
			idx = k;
			count++;
		}
	}
	if (!count)
		return select_none(d, p, i, seq);
	if (count > 1)
		return select_many(doc, d, p, i, seq, count);
	free(s->key);
	free(s->value);
	s->key = s->value = NULL;
	s->k = SEG_INDEX;
	s->index = (long)idx;
	*changed = true;
	return LETS_OK;
}

/* One reading of an unquoted dotted run: keys p->s[i..j] as the one key they spell joined by
 * dots (j > i), or (j == i) the run's keys p->s[i..end) each as a key of its own. */
struct reading {
	long line;
	size_t j;
	size_t at; /* the entry's offset; line is counted only for a message */
};

static char *joined_keys(const struct tpath *p, size_t i, size_t j)
{
	struct buf b = BUF_INIT;
	for (size_t k = i; k <= j; k++) {
		if (k > i)
			buf_addc(&b, '.');
		buf_adds(&b, p->s[k].key);
	}
	return buf_detach(&b);
}

/* The path of reading r of the run p->s[i..end), each key of it quoted so that it reads back as
 * that reading alone. */
static void reading_print(struct buf *b, const struct tpath *p, size_t i, size_t end, const struct reading *r)
{
	struct tpath t = *p;
	t.s = xcalloc(p->n + 1, sizeof(*t.s));
	t.n = 0;
	for (size_t k = 0; k < p->n; k++) {
		t.s[t.n] = p->s[k];
		if (k == i && r->j > i) {
			t.s[t.n].key = joined_keys(p, i, r->j);
			k = r->j;
		}
		t.s[t.n++].quoted |= k >= i && k < end && r->j == i;
	}
	tpath_print(b, &t, t.n);
	if (r->j > i)
		free(t.s[i].key);
	free(t.s);
}

/* s as one word for a POSIX shell. */
static void shell_word(struct buf *b, const char *s)
{
	buf_addc(b, '\'');
	for (; *s; s++)
		if (*s == '\'')
			buf_adds(b, "'\\''");
		else
			buf_addc(b, *s);
	buf_addc(b, '\'');
}

static int reading_cmp(const void *a, const void *b)
{
	const struct reading *x = a, *y = b;
	return x->line != y->line ? (x->line < y->line ? -1 : 1) : (x->j > y->j ? -1 : x->j < y->j);
}

/* The unquoted keys from p->s[i] on may also spell one key of map holding dots ("a.b" for
 * a.b): then the path has two readings, and which one was meant is not guessed. Ambiguous, each
 * reading that exists listed with the quoted path (and the operation) that picks it. */
static enum lets_err dotted_key(const struct doc *doc, struct diag *d, const struct tf_op *op,
				const struct tpath *p, size_t i, struct tn *map)
{
	static const char *const flags[] = {"--set", "--delete", "--append"};
	size_t end = i;
	while (end < p->n && p->s[end].k == SEG_KEY && !p->s[end].quoted)
		end++;
	struct reading *r = xcalloc(end - i + 1, sizeof(*r));
	size_t n = 0;
	for (size_t j = i; j < end; j++) {
		char *k = joined_keys(p, i, j);
		struct te *ent = map_find(doc, map, k);
		if (ent)
			r[n++] = (struct reading){0, j, ent->start};
		free(k);
	}
	enum lets_err e = LETS_OK;
	if (n > 1 || (n == 1 && r[0].j > i)) {
		for (size_t k = 0; k < n; k++)
			r[k].line = line_of(doc->src, r[k].at);
		qsort(r, n, sizeof(*r), reading_cmp);
		struct buf m = BUF_INIT, path = BUF_INIT, cmd = BUF_INIT;
		buf_addf(&m, "%s is ambiguous (%zu candidate%s)", p->typed, n, n == 1 ? "" : "s");
		for (size_t k = 0; k < n; k++) {
			buf_truncate(&path, 0);
			reading_print(&path, p, i, end, &r[k]);
			buf_addf(&m, "\n  %s:%ld\t%s", doc->path, r[k].line, path.data);
			if (p->brackets)
				buf_adds(&path, "[]");
			if (p->value)
				buf_addf(&path, "=%s", p->value);
			buf_addf(&cmd, "%s%s ", k ? " \xC2\xB7 " : "", flags[op->kind]);
			shell_word(&cmd, path.data);
		}
		buf_addf(&m, "\n  a dot separates keys; quote a key that holds one: %s", cmd.data);
		e = diag_add(d, E_AMBIGUOUS, "%s", m.data);
		buf_release(&m);
		buf_release(&path);
		buf_release(&cmd);
	}
	free(r);
	return e;
}

static enum lets_err not_in_place(struct diag *d, const struct doc *doc, const struct tpath *p,
				  const struct tn *t, bool through)
{
	if (t->tagged)
		return unsupported_key(d, doc, p->typed, "a tagged YAML node");
	if (t->alias)
		return unsupported_key(d, doc, p->typed,
				       through ? "reached through a YAML alias" : "a YAML alias");
	return LETS_OK;
}

enum lets_err lookup_path(const struct doc *doc, const struct tf_op *op, struct tpath *p,
			  struct lookup_hit *h, struct omits *resolved, struct diag *d)
{
	struct tn *node = doc->root;
	memset(h, 0, sizeof(*h));
	bool selected = false;
	struct te *prev = NULL;
	enum lets_err e = LETS_OK;
	for (size_t i = 0; i < p->n && !e; i++) {
		struct seg *s = &p->s[i];
		if (!node || (e = not_in_place(d, doc, p, node, true)))
			break;
		struct te *ent = NULL;
		if (s->k == SEG_KEY && node->kind == TN_MAP) {
			if ((e = dotted_key(doc, d, op, p, i, node)))
				break;
			size_t count;
			ent = map_find_all(doc, node, s->key, &count);
			if (count > 1) {
				e = key_repeated(doc, d, p, i, node, count);
				break;
			}
			if (!ent) {
				h->parent = node;
				h->holder = prev;
				h->depth = i;
				goto done;
			}
		} else if (s->k == SEG_KEY && node->kind == TN_SCALAR && node->sc == SC_NULL && prev &&
			   !node->tagged) {
			/* "a:" with nothing, null or ~: a key under it is a new map */
			h->in_null = true;
			h->depth = i;
			goto done;
		} else if (s->k != SEG_KEY && node->kind == TN_SEQ) {
			if (s->k == SEG_SELECT && (e = select_one(doc, d, p, i, node, &selected)))
				break;
			if (s->index < (long)node->n)
				ent = &node->kids[s->index];
		}
		if (!ent) {
			e = diag_add(d, E_NOT_FOUND, "path not found in %s", p->typed);
			break;
		}
		h->holder = prev;
		h->parent = node;
		prev = ent;
		h->idx = (size_t)(ent - node->kids);
		node = ent->val;
	}
	if (!e && !node)
		e = diag_add(d, E_NOT_FOUND, "path not found in %s", p->typed);
	if (!e) {
		h->node = node;
		h->depth = p->n;
		e = not_in_place(d, doc, p, node, false);
	}
done:
	if (!e && selected) {
		struct buf r = BUF_INIT;
		tpath_print(&r, p, p->n);
		omit_selector_resolved(resolved, p->typed, r.data);
		buf_release(&r);
	}
	return e;
}

/* What a document of a YAML stream is, for a list of them: its kind and metadata.name, its first
 * keys, or its value. */
static void doc_summary(struct buf *b, const struct doc *doc, const struct tn *t)
{
	struct te *kind = t->kind == TN_MAP ? map_find(NULL, (struct tn *)t, "kind") : NULL;
	struct te *meta = t->kind == TN_MAP ? map_find(NULL, (struct tn *)t, "metadata") : NULL;
	struct te *name = meta && meta->val->kind == TN_MAP ? map_find(NULL, meta->val, "name") : NULL;
	const char *sep = "";
	if (kind && kind->val->kind == TN_SCALAR && kind->val->text)
		buf_addf(b, "kind: %s", kind->val->text), sep = " \xC2\xB7 ";
	if (name && name->val->kind == TN_SCALAR && name->val->text)
		buf_addf(b, "%sname: %s", sep, name->val->text), sep = " \xC2\xB7 ";
	if (*sep)
		return;
	if (t->kind == TN_MAP) {
		buf_adds(b, "keys: ");
		for (size_t i = 0; i < t->n && i < 3; i++)
			buf_addf(b, "%s%s", i ? ", " : "", t->kids[i].key ? t->kids[i].key : "");
		if (t->n > 3)
			buf_adds(b, ", \xE2\x80\xA6");
	} else if (t->kind == TN_SEQ) {
		buf_addf(b, "a list of %zu", t->n);
	} else if (t->start == t->end) {
		buf_adds(b, "empty");
	} else {
		size_t n = t->end - t->start;
		buf_add(b, doc->src + t->start, n > 60 ? 60 : n);
	}
}

/* A path without [N] in a file of several YAML documents: which document it means is a guess. */
enum lets_err lookup_docs(const struct doc *doc, const struct tpath *p, const struct tf_op *op,
			  struct diag *d)
{
	static const char *const flag[] = {"--set", "--delete", "--append"};
	const struct tn *docs = doc->root;
	struct buf m = BUF_INIT, arg = BUF_INIT;
	buf_addf(&m, "%s is ambiguous (%zu candidates)", p->typed, docs->n);
	size_t shown = docs->n < 20 ? docs->n : 20;
	for (size_t i = 0; i < shown; i++) {
		const struct tn *t = docs->kids[i].val;
		size_t at = t->start == t->end ? docs->kids[i].start : t->start;
		buf_addf(&m, "\n  %s:%ld\t[%zu] ", doc->path, line_of(doc->src, at), i);
		doc_summary(&m, doc, t);
	}
	if (docs->n > shown)
		buf_addf(&m, "\n  (+%zu more)", docs->n - shown);
	buf_addf(&m, "\n  %s holds %zu YAML documents: a path names one as [N], 0 the first", doc->path,
		 docs->n);
	for (size_t i = 0; i < (docs->n <= 5 ? docs->n : 1); i++) {
		buf_truncate(&arg, 0);
		if (docs->n <= 5)
			buf_addf(&arg, "[%zu].%s", i, op->arg);
		else
			buf_addf(&arg, "[<N>].%s", op->arg);
		if (docs->n <= 5)
			buf_addf(&m, "\n  pick [%zu]: lets transform ", i);
		else
			buf_adds(&m, "\n  pick one: lets transform ");
		quote_shell(&m, doc->path);
		buf_addf(&m, " %s ", flag[op->kind]);
		quote_shell(&m, arg.data);
	}
	diag_add(d, E_AMBIGUOUS, "%s", m.data);
	buf_release(&m);
	buf_release(&arg);
	return E_AMBIGUOUS;
}
