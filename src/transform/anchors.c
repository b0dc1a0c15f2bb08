/* YAML anchors and the aliases that use them, against one operation's splices: an anchor whose
 * definition a splice removes while an alias outside the removed bytes still uses it would leave
 * a file no YAML loader reads ("found undefined alias"), so it is refused, naming the aliases; an
 * anchored node a splice changes inside changes every alias to it, which is counted for the
 * footer. libyaml reads the anchors: its event marks are byte offsets into the YAML it was
 * given. */
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "../alloc.h"
#include "../quote.h"
#include "tf_int.h"

/* An anchored node ([start, end): its properties and value) or an alias (start, end: the *name). */
struct anch {
	char *name; /* owned */
	size_t start, end;
	size_t doc; /* which document of the stream */
	bool alias;
	size_t def; /* alias: index of the anchor it uses, SIZE_MAX for none */
	char *plain; /* owned: anchor of a one-line plain scalar: its text */
	size_t open; /* collection anchors still open: their start event's nesting depth */
};

struct anchs {
	struct anch *a;
	size_t n, cap;
	size_t *open; /* the anchored collections still open, innermost last (indexes into a) */
	size_t n_open, cap_open;
	size_t *last; /* by name: 1 + the index of the latest anchor of that name (0: none) */
	size_t cap_last;
};

static size_t name_hash(const char *k)
{
	size_t h = 14695981039346656037u;
	for (; *k; k++)
		h = (h ^ (unsigned char)*k) * 1099511628211u;
	return h;
}

/* The slot of name in s->last (grown as anchors come: at most half full). */
static size_t *last_slot(struct anchs *s, const char *name)
{
	size_t k = name_hash(name) & (s->cap_last - 1);
	while (s->last[k] && strcmp(s->a[s->last[k] - 1].name, name))
		k = (k + 1) & (s->cap_last - 1);
	return &s->last[k];
}

static void last_set(struct anchs *s, size_t idx)
{
	if ((s->n + 1) * 2 > s->cap_last) {
		size_t *old = s->last, cap = s->cap_last;
		s->cap_last = cap ? cap * 2 : 64;
		s->last = xcalloc(s->cap_last, sizeof(*s->last));
		for (size_t i = 0; i < cap; i++)
			if (old[i])
				*last_slot(s, s->a[old[i] - 1].name) = old[i];
		free(old);
	}
	*last_slot(s, s->a[idx].name) = idx + 1;
}

static void anchs_release(struct anchs *s)
{
	for (size_t i = 0; i < s->n; i++) {
		free(s->a[i].name);
		free(s->a[i].plain);
	}
	free(s->a);
	free(s->open);
	free(s->last);
}

static const unsigned char *start_anchor(const yaml_event_t *ev)
{
	if (ev->type == YAML_SCALAR_EVENT)
		return ev->data.scalar.anchor;
	if (ev->type == YAML_SEQUENCE_START_EVENT)
		return ev->data.sequence_start.anchor;
	if (ev->type == YAML_MAPPING_START_EVENT)
		return ev->data.mapping_start.anchor;
	return NULL;
}

static struct anch *anch_add(struct anchs *s, const char *name, size_t start, size_t end, size_t doc)
{
	XGROW(s->a, s->cap, s->n + 1);
	struct anch *a = &s->a[s->n++];
	memset(a, 0, sizeof(*a));
	a->name = xstrdup(name);
	a->start = start;
	a->end = end;
	a->doc = doc;
	a->def = SIZE_MAX;
	return a;
}

/* One event: an anchor opens (a collection's closes at its end event), an alias finds the last
 * anchor of its name before it in its document. */
static void on_event(struct anchs *s, const yaml_event_t *ev, size_t base, size_t doc, size_t *depth)
{
	size_t at = base + ev->start_mark.index, end = base + ev->end_mark.index;
	const unsigned char *name = start_anchor(ev);
	bool opens = ev->type == YAML_SEQUENCE_START_EVENT || ev->type == YAML_MAPPING_START_EVENT;
	bool closes = ev->type == YAML_SEQUENCE_END_EVENT || ev->type == YAML_MAPPING_END_EVENT;
	if (closes) {
		/* a stack, not a search: one per close would be quadratic in the anchors */
		struct anch *top = s->n_open ? &s->a[s->open[s->n_open - 1]] : NULL;
		if (top && top->open == *depth) {
			top->end = end;
			top->open = 0;
			s->n_open--;
		}
		(*depth)--;
	}
	if (opens)
		(*depth)++;
	if (name) {
		struct anch *a = anch_add(s, (const char *)name, at, end, doc);
		a->open = opens ? *depth : 0;
		if (opens) {
			XGROW(s->open, s->cap_open, s->n_open + 1);
			s->open[s->n_open++] = s->n - 1;
		}
		last_set(s, s->n - 1);
		if (ev->type == YAML_SCALAR_EVENT && ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
		    !memchr(ev->data.scalar.value, '\n', ev->data.scalar.length))
			a->plain = xstrndup((const char *)ev->data.scalar.value, ev->data.scalar.length);
	}
	if (ev->type == YAML_ALIAS_EVENT) {
		struct anch *a = anch_add(s, (const char *)ev->data.alias.anchor, at, end, doc);
		a->alias = true;
		size_t i = s->cap_last ? *last_slot(s, a->name) : 0;
		if (i && s->a[i - 1].doc == doc)
			a->def = i - 1;
	}
}

/* The anchors and aliases of src[base, limit); false when libyaml does not read it (the
 * verdict before and after the change speaks for such a file). */
static bool anchs_read(struct anchs *s, const char *src, size_t base, size_t limit)
{
	yaml_parser_t p;
	if (!yaml_parser_initialize(&p))
		return false;
	yaml_parser_set_input_string(&p, (const unsigned char *)src + base, limit - base);
	bool ok = true;
	size_t doc = 0, depth = 0;
	for (bool end = false; !end;) {
		yaml_event_t ev;
		if (!yaml_parser_parse(&p, &ev)) {
			ok = false;
			break;
		}
		end = ev.type == YAML_STREAM_END_EVENT;
		if (ev.type == YAML_DOCUMENT_START_EVENT)
			doc++;
		/* past the verdict's depth the file is refused before any operation */
		if (depth > YAML_MAX_DEPTH)
			end = true, ok = false;
		on_event(s, &ev, base, doc, &depth);
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&p);
	return ok;
}

static bool removed(const struct edit *e, size_t at)
{
	for (size_t i = 0; i < e->n; i++)
		if (e->sp[i].end > e->sp[i].start && at >= e->sp[i].start && at < e->sp[i].end)
			return true;
	return false;
}

/* Does the anchored node a hold a splice of e (its anchor itself untouched)? */
static bool reached(const struct edit *e, const struct anch *a)
{
	for (size_t i = 0; i < e->n; i++)
		if (e->sp[i].start > a->start && e->sp[i].end <= a->end)
			return true;
	return false;
}

static void alias_line(struct buf *m, const char *src, size_t len, size_t at)
{
	size_t a = line_begin(src, at), b = a;
	while (b < len && src[b] != '\n' && src[b] != '\r')
		b++;
	while (a < b && (src[a] == ' ' || src[a] == '\t'))
		a++;
	buf_add(m, src + a, b - a > 200 ? 200 : b - a);
}

/* The refusal: the aliases that would lose their anchor, each with its line. */
static enum lets_err refuse(const struct doc *doc, const char *what, const struct anchs *s, const bool *gone,
			    size_t uses, struct diag *d)
{
	struct buf m = BUF_INIT;
	const struct anch *def = NULL;
	buf_addf(&m, "%s is ambiguous (%zu alias%s still use%s its anchor)", what, uses,
		 uses == 1 ? "" : "es", uses == 1 ? "s" : "");
	for (size_t i = 0; i < s->n; i++)
		if (s->a[i].alias && s->a[i].def != SIZE_MAX && gone[s->a[i].def] &&
		    s->a[i].start != SIZE_MAX) {
			def = def ? def : &s->a[s->a[i].def];
			buf_addf(&m, "\n  %s:%ld\t", doc->path, line_of(doc->src, s->a[i].start));
			alias_line(&m, doc->src, doc->len, s->a[i].start);
		}
	buf_addf(&m, "\n  each alias to &%s would be left with no anchor, which no YAML loader reads: ",
		 def->name);
	if (uses == 1 && def->plain) {
		struct buf old = BUF_INIT;
		buf_addf(&old, "*%s", def->name);
		buf_adds(&m, "give the alias its value (lets edit ");
		quote_shell(&m, doc->path);
		buf_adds(&m, " --old ");
		quote_shell(&m, old.data);
		buf_adds(&m, " --new ");
		quote_shell(&m, def->plain);
		buf_adds(&m, "), then re-run");
		buf_release(&old);
	} else {
		buf_adds(&m, "give each alias its value with lets edit, then re-run");
	}
	diag_add(d, E_AMBIGUOUS, "%s", m.data);
	buf_release(&m);
	return E_AMBIGUOUS;
}

enum lets_err anchors_check(const struct doc *doc, const struct edit *e, const char *what, long *reach,
			    struct diag *d)
{
	*reach = 0;
	if (doc->fmt != FMT_YAML || !e->n || !memchr(doc->src + doc->base, '&', doc->limit - doc->base))
		return LETS_OK;
	struct anchs s = {0};
	enum lets_err err = LETS_OK;
	if (anchs_read(&s, doc->src, doc->base, doc->limit)) {
		bool *gone = xcalloc(s.n + 1, sizeof(*gone));
		size_t uses = 0;
		for (size_t i = 0; i < s.n; i++)
			gone[i] = !s.a[i].alias && removed(e, s.a[i].start);
		for (size_t i = 0; i < s.n; i++) {
			struct anch *a = &s.a[i];
			if (!a->alias || a->def == SIZE_MAX)
				continue;
			if (removed(e, a->start))
				a->start = SIZE_MAX; /* the alias goes with its anchor */
			else if (gone[a->def])
				uses++;
			else if (reached(e, &s.a[a->def]))
				(*reach)++;
		}
		if (uses)
			err = refuse(doc, what, &s, gone, uses, d);
		free(gone);
	}
	anchs_release(&s);
	return err;
}
