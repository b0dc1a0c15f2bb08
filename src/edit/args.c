#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../alloc.h"
#include "../batch.h"
#include "../buf.h"
#include "../opt.h"
#include "../target.h"
#include "../utf8.h"
#include "../resolve.h"
#include "../worktree.h"
#include "edit.h"

void edit_call_init(struct edit_call *c, const struct opts *o, struct diag *d)
{
	memset(c, 0, sizeof(*c));
	c->o = o;
	c->d = d;
}

static void entry_release(struct edit_entry *en)
{
	free(en->target_text);
	target_release(&en->t);
	free(en->old);
	free(en->new_text);
	free(en->anchor);
	edit_result_release(&en->res);
	block_release(&en->region);
	omits_release(&en->gap);
}

static void file_release_one(struct edit_file *ef)
{
	free(ef->path);
	if (ef->dir_shared)
		ef->r.dir = -1; /* the call's, closed once in edit_call_release */
	resolved_release(&ef->r);
	file_release(&ef->f);
	free(ef->orig);
}

void edit_call_release(struct edit_call *c)
{
	check_cmd_release(&c->cmd);
	for (size_t i = 0; i < c->n_e; i++)
		entry_release(&c->e[i]);
	free(c->e);
	for (size_t i = 0; i < c->n_f; i++)
		file_release_one(&c->f[i]);
	free(c->f);
	free(c->paths);
	free(c->items);
	omits_release(&c->om);
	omits_release(&c->tom);
	free(c->expect_all);
	for (size_t i = 0; i < c->n_dirs; i++)
		close(c->dir_fds[i]);
	free(c->dir_fds);
	keymap_release(&c->dirs);
	keymap_release(&c->by_inode);
	memset(c, 0, sizeof(*c));
}

void edit_mark_failed(struct edit_call *c, const char *path)
{
	if (!c->failed_path)
		c->failed_path = path;
}

/* Reads all of stdin, bounded by --max-file-bytes; a heredoc's final newline is a separator, not
 * content. *out is owned by the caller, also on failure. */
static enum lets_err read_stdin(struct edit_call *c, const char *subject, bool strip_final_newline,
				char **out, size_t *len)
{
	struct buf b = BUF_INIT;
	enum lets_err err = opts_read_stdin(c->o, &b, subject, c->d);
	if (strip_final_newline && b.len && b.data[b.len - 1] == '\n') {
		b.len--;
		if (b.len && b.data[b.len - 1] == '\r')
			b.len--;
		b.data[b.len] = 0;
	}
	*len = b.len;
	*out = buf_detach(&b);
	return err;
}

static struct edit_entry *entry_new(struct edit_call *c, const char *target_text)
{
	XGROW(c->e, c->cap_e, c->n_e + 1);
	struct edit_entry *en = &c->e[c->n_e++];
	memset(en, 0, sizeof(*en));
	en->target_text = xstrdup(target_text);
	en->all = c->o->all;
	en->word = c->o->word;
	en->substring = c->o->substring;
	en->line_hint = c->o->line_hint > 0 ? c->o->line_hint : 0;
	return en;
}

/* The entries of a --from - batch on stdin. */
static enum lets_err collect_batch(struct edit_call *c)
{
	const struct opts *o = c->o;
	if (strcmp(o->from, "-"))
		return opt_usage_error(c->d, "edit", false,
				       "invalid value '%s' for '--from <FROM>': - is the only accepted value",
				       o->from);
	size_t n;
	char *in;
	c->batch = true;
	if (read_stdin(c, "--from -", false, &in, &n)) {
		free(in);
		return diag_first(c->d);
	}
	struct batch b = BATCH_INIT;
	batch_parse(&b, in, n, c->d);
	free(in);
	for (size_t k = 0; k < b.n; k++) {
		struct batch_entry *be = &b.v[k];
		struct edit_entry *en = entry_new(c, be->target);
		en->batch_line = be->line;
		en->old = be->old, en->old_len = be->old_len, be->old = NULL;
		en->new_text = be->new_text, en->new_len = be->new_len, be->new_text = NULL;
		en->anchor = be->anchor, en->after = be->after, be->anchor = NULL;
		if (be->all >= 0)
			en->all = be->all;
		if (be->word >= 0)
			en->word = be->word;
		if (be->substring >= 0)
			en->substring = be->substring;
		if (be->line_hint)
			en->line_hint = be->line_hint;
	}
	batch_release(&b);
	if (c->d->n)
		return E_USAGE;
	char noun[16];
	if (!c->n_e)
		return opt_usage_fail(o, c->d, false, "%s got no edits on stdin",
				      o->tool_terms ? "batch" : "--from -");
	if (o->if_sha && c->n_e > 1)
		return diag_add(c->d, E_USAGE, "%s takes one target \xC2\xB7 %zu were given",
				opt_noun(noun, sizeof(noun), o->tool_terms, "if"), c->n_e);
	return LETS_OK;
}

/* One entry per command-line target, all sharing --old/--new (read from stdin when "-"). */
static void add_cli_entries(struct edit_call *c, const char *old, size_t old_len, const char *nw,
			    size_t new_len)
{
	const struct opts *o = c->o;
	const char *anchor = o->insert_after ? o->insert_after : o->insert_before;
	for (size_t i = 0; i < o->positional.n; i++) {
		struct edit_entry *en = entry_new(c, o->positional.items[i]);
		if (old) {
			en->old = xstrndup(old, old_len);
			en->old_len = old_len;
		}
		en->new_text = xmalloc(new_len + 1);
		memcpy(en->new_text, nw, new_len + 1);
		en->new_len = new_len;
		if (anchor) {
			en->anchor = xstrdup(anchor);
			en->after = o->insert_after != NULL;
		}
	}
}

static enum lets_err collect_cli(struct edit_call *c)
{
	const struct opts *o = c->o;
	char noun[16];
	if (!o->positional.n)
		return opt_usage_fail(o, c->d, true,
				      "the following required arguments were not provided:\n  %s",
				      o->tool_terms ? "targets (or a batch)" : "<TARGET>");
	if (o->if_sha && o->positional.n > 1)
		return diag_add(c->d, E_USAGE, "%s takes one target \xC2\xB7 %zu were given",
				opt_noun(noun, sizeof(noun), o->tool_terms, "if"), o->positional.n);
	if (!o->new_text)
		return opt_usage_fail(o, c->d, true,
				      "the following required arguments were not provided:\n  %s",
				      o->tool_terms ? "new" : "--new <NEW>");
	char *old = NULL, *nw = NULL;
	size_t old_len = 0, new_len = 0;
	enum lets_err err = LETS_OK;
	if (o->old && !strcmp(o->old, "-"))
		err = read_stdin(c, "--old -", true, &old, &old_len);
	else if (o->old)
		old = xstrdup(o->old), old_len = strlen(o->old);
	if (!strcmp(o->new_text, "-"))
		err = read_stdin(c, "--new -", true, &nw, &new_len);
	else
		nw = xstrdup(o->new_text), new_len = strlen(o->new_text);
	if (o->expect_all)
		err = read_stdin(c, "--expect-all", true, &c->expect_all, &c->expect_all_len);
	char ia[24];
	if (!err && old && utf8_blank(old, old_len))
		err = opt_usage_fail(
			o, c->d, false,
			"%s is empty or only whitespace, so it would match everywhere \xC2\xB7 give the "
			"exact text to replace, or insert with %s",
			opt_noun(noun, sizeof(noun), o->tool_terms, "old"),
			opt_noun(ia, sizeof(ia), o->tool_terms, "insert-after"));
	else if (!err)
		add_cli_entries(c, old, old_len, nw, new_len);
	free(old);
	free(nw);
	c->batch = o->positional.n > 1;
	return err;
}

enum lets_err edit_args_collect(struct edit_call *c)
{
	const struct opts *o = c->o;
	int readers = (o->old && !strcmp(o->old, "-")) + (o->new_text && !strcmp(o->new_text, "-")) +
		      o->expect_all + (o->from != NULL);
	if (readers > 1)
		return opt_usage_fail(o, c->d, false,
				      "%s all read stdin, and only one can \xC2\xB7 pass the others inline",
				      o->tool_terms ? "old \"-\", new \"-\", expect_all and batch"
						    : "--old -, --new -, --expect-all and --from -");
	if (o->check && check_spec_valid(o->check, c->d))
		return E_USAGE;
	if (o->line_hint != OPT_UNSET && o->line_hint < 1)
		return opt_usage_fail(o, c->d, false,
				      "invalid value '%ld' for '%s': a line number is 1 or more",
				      o->line_hint, o->tool_terms ? "line_hint" : "--line-hint <LINE_HINT>");
	return o->from ? collect_batch(c) : collect_cli(c);
}

/* A line hint picks among an @'regex' anchor's matches; with @'regex'+N or a #symbol it would be
 * ignored, so it is refused. */
static enum lets_err anchor_hint(struct edit_call *c, const struct edit_entry *en)
{
	struct target a = TARGET_INIT;
	if (!en->anchor || !en->line_hint || !target_parse_anchor(&a, en->anchor))
		return LETS_OK;
	struct buf m = BUF_INIT;
	if (en->batch_line)
		buf_addf(&m, "line %ld: ", en->batch_line);
	buf_addf(&m, "%s: ", en->target_text);
	char hint[16];
	opt_noun(hint, sizeof(hint), c->o->tool_terms, "line-hint");
	if (a.kind == T_REGEX && a.nth_typed)
		buf_addf(&m, "%s and the anchor %s both pick a match \xC2\xB7 drop one of them", hint,
			 en->anchor);
	else if (a.kind == T_SYMBOL)
		buf_addf(&m,
			 "%s picks among an @'regex' anchor's matches, and %s is a symbol \xC2\xB7 "
			 "qualify it (#Outer.name) instead",
			 hint, en->anchor);
	enum lets_err err = LETS_OK;
	if (a.kind == T_SYMBOL || a.nth_typed)
		err = en->batch_line ? diag_add(c->d, E_USAGE, "%s", m.data)
				     : opt_usage_fail(c->o, c->d, false, "%s", m.data);
	buf_release(&m);
	target_release(&a);
	return err;
}

/* A #symbol with no --old replaces the symbol's whole span: there is one, so --line-hint and
 * --all, which pick among occurrences, are refused rather than ignored. */
static enum lets_err whole_symbol_flags(struct edit_call *c, const struct edit_entry *en)
{
	const char *flag = en->line_hint ? (en->batch_line ? "\"line_hint\"" : "--line-hint")
					 : (en->batch_line ? "\"all\"" : "--all");
	if (en->batch_line)
		return diag_add(
			c->d, E_USAGE,
			"line %ld: %s: %s picks among occurrences of \"old\", and a symbol without one is "
			"replaced whole \xC2\xB7 qualify it (Outer.name) instead",
			en->batch_line, en->target_text, flag);
	return opt_usage_error(
		c->d, "edit", false,
		"%s: %s picks among occurrences of --old, and a #symbol without one is replaced "
		"whole \xC2\xB7 qualify it (#Outer.name) instead",
		en->target_text, flag);
}

/* Target-shape rules that need the parsed target. */
static enum lets_err entry_shape(struct edit_call *c, struct edit_entry *en)
{
	const struct opts *o = c->o;
	bool tt = o->tool_terms;
	if (en->old && utf8_blank(en->old, en->old_len))
		return diag_add(
			c->d, E_USAGE,
			"line %ld: %s: the old text is empty or only whitespace, so it would match everywhere",
			en->batch_line, en->target_text);
	if (en->anchor && en->t.kind != T_WHOLE)
		return opt_usage_fail(o, c->d, false,
				      "%s: an insert takes a plain file target; the anchor says where",
				      en->target_text);
	if (en->t.kind == T_LINES && !(o->expect || o->expect_all || o->if_sha))
		return opt_usage_fail(
			o, c->d, false,
			"%s: a line range is accepted only with %s, %s or %s sha:\xE2\x80\xA6, which "
			"confirm what the lines hold \xC2\xB7 or drop the range and match with %s",
			en->target_text, tt ? "expect" : "--expect", tt ? "expect_all" : "--expect-all",
			tt ? "if_sha" : "--if", tt ? "old" : "--old");
	if ((o->expect || o->expect_all) && en->t.kind != T_LINES)
		return opt_usage_fail(o, c->d, false, "%s: %s and %s confirm a :line or :a-b target",
				      en->target_text, tt ? "expect" : "--expect",
				      tt ? "expect_all" : "--expect-all");
	if (!en->old && !en->anchor && en->t.kind != T_LINES && en->t.kind != T_SYMBOL)
		return opt_usage_fail(o, c->d, true,
				      "the following required arguments were not provided:\n  %s",
				      tt ? "old" : "--old <OLD>");
	if (!en->old && !en->anchor && en->t.kind == T_SYMBOL && (en->line_hint || en->all))
		return whole_symbol_flags(c, en);
	return anchor_hint(c, en);
}

size_t edit_file_add(struct edit_call *c, const char *path, struct resolved *r)
{
	XGROW(c->f, c->cap_f, c->n_f + 1);
	struct edit_file *ef = &c->f[c->n_f];
	memset(ef, 0, sizeof(*ef));
	ef->path = xstrdup(path);
	ef->r = (struct resolved)RESOLVED_INIT;
	if (r) {
		ef->r = *r;
		*r = (struct resolved)RESOLVED_INIT;
	}
	ef->first_entry = SIZE_MAX;
	return c->n_f++;
}

void edit_file_share_dir(struct edit_call *c, struct edit_file *ef)
{
	struct stat st;
	unsigned char id[KEYMAP_ID_LEN];
	size_t at;
	if (ef->dir_shared || ef->r.dir < 0 || fstat(ef->r.dir, &st) < 0)
		return;
	keymap_id(&st, id);
	if (keymap_get(&c->dirs, id, sizeof(id), &at)) {
		close(ef->r.dir);
		ef->r.dir = c->dir_fds[at];
	} else {
		XGROW(c->dir_fds, c->cap_dirs, c->n_dirs + 1);
		c->dir_fds[c->n_dirs] = ef->r.dir;
		keymap_put(&c->dirs, id, sizeof(id), c->n_dirs++);
	}
	ef->dir_shared = true;
}

/* The index of the file r names, added when no earlier entry named the same one (the same
 * inode, whatever path reached it, found in by_inode); takes r over when it adds. */
static size_t file_for(struct edit_call *c, const char *path, struct resolved *r)
{
	unsigned char id[KEYMAP_ID_LEN];
	size_t at;
	keymap_id(&r->st, id);
	if (r->exists && keymap_get(&c->by_inode, id, sizeof(id), &at))
		return at;
	at = edit_file_add(c, path, r);
	if (c->f[at].r.exists)
		keymap_put(&c->by_inode, id, sizeof(id), at);
	edit_file_share_dir(c, &c->f[at]);
	return at;
}

/* Chains each entry to the entry before it on the same file, for a line_hint as read. */
static void link_history(struct edit_call *c)
{
	size_t *last = xmalloc((c->n_f + 1) * sizeof(*last));
	for (size_t i = 0; i < c->n_f; i++)
		last[i] = SIZE_MAX;
	for (size_t i = 0; i < c->n_e; i++) {
		struct edit_entry *en = &c->e[i];
		en->hist = (struct edit_history){&en->res, NULL};
		if (en->file >= c->n_f)
			continue;
		if (last[en->file] != SIZE_MAX)
			en->hist.prev = &c->e[last[en->file]].hist;
		last[en->file] = i;
	}
	free(last);
}

enum lets_err edit_args_resolve(struct edit_call *c)
{
	const struct worktree *wt = c->o->wt;
	struct resolved r = RESOLVED_INIT;
	const char **named = xcalloc(c->n_e ? c->n_e : 1, sizeof(*named));
	for (size_t i = 0; i < c->n_e; i++)
		named[i] = c->e[i].target_text;
	enum lets_err err = batch_fd_room(named, c->n_e, c->d); /* before any directory is held */
	free(named);
	for (size_t i = 0; i < c->n_e && !err; i++) {
		struct edit_entry *en = &c->e[i];
		en->file = SIZE_MAX;
		if (target_parse_bounded(&en->t, en->target_text, wt, c->o->allow_outside, c->d)) {
			edit_mark_failed(c, en->target_text);
			continue;
		}
		err = entry_shape(c, en);
		if (err)
			break;
		/* the one resolution: lock, read and publish all go through r.dir and r.name */
		if (resolve_path(wt, en->t.path, c->o->allow_outside, false, &r, c->d)) {
			edit_mark_failed(c, en->t.path);
			continue;
		}
		en->file = file_for(c, en->t.path, &r);
		if (c->f[en->file].first_entry == SIZE_MAX)
			c->f[en->file].first_entry = i;
	}
	resolved_release(&r);
	if (!err)
		link_history(c);
	return err;
}

void edit_args_req(const struct edit_call *c, const struct edit_entry *en, struct edit_req *rq)
{
	const struct opts *o = c->o;
	memset(rq, 0, sizeof(*rq));
	rq->target_text = en->target_text;
	rq->t = &en->t;
	rq->old = en->old;
	rq->old_len = en->old_len;
	rq->new_text = en->new_text;
	rq->new_len = en->new_len;
	rq->anchor = en->anchor;
	rq->after = en->after;
	rq->all = en->all;
	rq->word = en->word;
	rq->substring = en->substring;
	rq->line_hint = en->line_hint;
	rq->history = en->hist.prev;
	rq->batch_line = en->batch_line;
	rq->tool_terms = o->tool_terms;
	rq->exact = o->exact;
	rq->normalize = o->normalize;
	rq->literal_newlines = o->literal_newlines;
	rq->expect = o->expect;
	rq->expect_all = o->expect_all;
	rq->expect_all_text = c->expect_all;
	rq->expect_all_len = c->expect_all_len;
}
