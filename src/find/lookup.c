#include "lookup.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../buf.h"
#include "../opt.h"
#include "find.h"

/* Candidates listed in an ambiguity, as everywhere else. */
#define LISTED 20

void def_found_release(struct def_found *df)
{
	free(df->target);
	free(df->path);
	*df = (struct def_found)DEF_FOUND_INIT;
}

/* o as find --def NAME would read it: show's walk flags (--no-ignore, --allow-outside,
 * --max-file-bytes) kept, every flag find --def refuses or show does not have cleared. */
static void def_opts(struct opts *fo, const struct opts *o, const char **name)
{
	*fo = *o;
	fo->verb = "find";
	fo->positional = (struct strlist){.items = name, .n = 1, .cap = 1};
	fo->def = true;
	fo->function = fo->files = fo->count = fo->fixed = fo->ignore_case = fo->word = fo->hidden = false;
	fo->after = fo->before = fo->context = OPT_UNSET;
	fo->globs = (struct strlist){0};
	fo->cap = LONG_MAX;
	fo->json_twin = NULL;
}

static bool is_overload(const struct out_block *b)
{
	return b->kind && !strcmp(b->kind, "overload");
}

/* The blocks that answer the name: every definition, less the @overload signatures when an
 * implementation is among them. Returns how many, their indexes in keep. */
static size_t answers(const struct find_call *c, size_t *keep)
{
	size_t n = 0, stubs = 0;
	for (size_t i = 0; i < c->n_blocks; i++)
		stubs += is_overload(&c->blocks[i]);
	for (size_t i = 0; i < c->n_blocks; i++)
		if (stubs == c->n_blocks || !is_overload(&c->blocks[i]))
			keep[n++] = i;
	return n;
}

static void not_found(const struct find_call *c, const char *target_text, const char *name, struct diag *d)
{
	struct buf seg = BUF_INIT;
	size_t m = c->mentioned;
	if (m)
		diag_add(
			d, E_NOT_FOUND,
			"%s: no definition of \xC2\xAB%s\xC2\xBB in the %zu file%s that mention%s it \xC2\xB7 see the uses with lets find -w '%s'",
			target_text, name, m, m == 1 ? "" : "s", m == 1 ? "s" : "",
			find_defs_segment(&seg, name));
	else
		diag_add(d, E_NOT_FOUND,
			 "%s: no definition of \xC2\xAB%s\xC2\xBB: no file searched mentions it", target_text,
			 name);
	buf_release(&seg);
}

/* Every candidate as the target that reads it, with its kind and lines as find --def heads it. */
static void ambiguous(const struct find_call *c, const size_t *keep, size_t n, const char *target_text,
		      const char *name, struct diag *d)
{
	struct buf m = BUF_INIT;
	buf_addf(&m, "%s is ambiguous (%zu candidates)", target_text, n);
	for (size_t i = 0; i < n && i < LISTED; i++) {
		const struct out_block *b = &c->blocks[keep[i]];
		buf_addf(&m, "\n  %s  (%s \xC2\xB7 lines %ld-%ld", b->target, b->kind, b->span_start,
			 b->span_end);
		if (b->resolver)
			buf_addf(&m, " \xC2\xB7 via %s", b->resolver);
		buf_addc(&m, ')');
	}
	if (n > LISTED)
		buf_addf(&m, "\n  (+%zu more \xC2\xB7 narrow the paths: lets find --def '%s' <path>)",
			 n - LISTED, name);
	diag_add(d, E_AMBIGUOUS, "%s", m.data);
	buf_release(&m);
}

enum lets_err find_def_lookup(const struct opts *o, const char *target_text, const char *name,
			      struct def_found *out, struct diag *d)
{
	struct opts fo;
	struct diag fd = DIAG_INIT;
	struct find_call c;
	def_opts(&fo, o, &name);
	find_call_init(&c, &fo, &fd);
	size_t *keep = NULL;
	enum lets_err e = LETS_OK;
	if (!*name || find_query_compile(&c)) {
		e = diag_add(d, E_NOT_FOUND, "%s: a #name target needs a name, e.g. '#Client.Pull'",
			     target_text);
		goto out;
	}
	if (roots_collect(&fo, o->wt, &c.rs, &c.failed, &fd)) {
		/* the tree's own root refused: say why, as find would */
		for (size_t i = 0; i < fd.n; i++)
			diag_add(d, fd.items[i].code, "%s: %s", target_text, fd.items[i].message);
		e = diag_first(&fd);
		goto out;
	}
	find_pass_run(&c, o->wt);
	find_defs_collect(&c);
	keep = xmalloc((c.n_blocks + 1) * sizeof(*keep));
	size_t n = answers(&c, keep);
	if (!n) {
		not_found(&c, target_text, name, d);
		e = E_NOT_FOUND;
	} else if (n > 1) {
		ambiguous(&c, keep, n, target_text, name, d);
		e = E_AMBIGUOUS;
	} else {
		const struct out_block *b = &c.blocks[keep[0]];
		*out = (struct def_found){.target = xstrdup(b->target),
					  .path = xstrdup(b->path),
					  .start = b->span_start,
					  .end = b->span_end,
					  .resolver = b->resolver ? b->resolver : "tree-sitter"};
	}
out:
	free(keep);
	find_call_release(&c);
	diag_release(&fd);
	return e;
}
