/* lets transform: structured edits of JSON, YAML, TOML and Markdown frontmatter.
 *
 * The same phases as edit, through edit's commit phase: every file named is checked against the
 * tree, locked in sorted order and loaded once (--if, read-only); the engine (transform/tf.h)
 * applies each file's operations in memory; a real parser confirms every result; only then is
 * the batch published, and a failing --check after it puts every file back. */
#include <jansson.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../alloc.h"
#include "../batch.h"
#include "../keymap.h"
#include "../edit/edit.h"
#include "../lock.h"
#include "../resolve.h"
#include "../symbols/lang.h"
#include "../worktree.h"
#include "../transform/tf.h"
#include "../transform/tf_int.h"
#include "verb.h"

/* One file's operations and what they did. */
struct tjob {
	size_t file; /* index into the call's files */
	char *real; /* owned; the file's real path, to give every name of one file one job */
	struct tf_op *ops;
	size_t n_ops, cap_ops;
	char **owned; /* batch op strings */
	size_t n_owned, cap_owned;
	enum format fmt;
	struct tf_result res;
	struct out_block region;
	struct omits gap;
	long cut, lossy;
};

struct tcall {
	struct edit_call c; /* files, locks' paths, --check, publish: edit's commit phase */
	struct tjob *j;
	size_t n_j, cap_j;
	/* the jobs by real path (index into j): a linear search per batch line made 80,000 lines
	 * take 90 s */
	struct keymap by_real;
	bool batch;
	bool too_wide; /* refused before any file was opened: no file to name in the footer */
};

static void job_release(struct tjob *j)
{
	free(j->real);
	free(j->ops);
	for (size_t i = 0; i < j->n_owned; i++)
		free(j->owned[i]);
	free(j->owned);
	tf_result_release(&j->res);
	block_release(&j->region);
	omits_release(&j->gap);
}

/* The job for path, grouping every name of one file (its real path) into one job. */
static struct tjob *job_for(struct tcall *t, const char *path)
{
	char *real = realpath(path, NULL);
	if (!real)
		real = xstrdup(path);
	size_t at;
	if (keymap_get(&t->by_real, real, strlen(real), &at)) {
		free(real);
		return &t->j[at];
	}
	XGROW(t->j, t->cap_j, t->n_j + 1);
	struct tjob *j = &t->j[t->n_j++];
	memset(j, 0, sizeof(*j));
	j->real = real;
	j->file = edit_file_add(&t->c, path, NULL);
	keymap_put(&t->by_real, real, strlen(real), t->n_j - 1);
	return j;
}

static void job_op(struct tjob *j, enum tf_op_kind k, const char *arg, bool json)
{
	XGROW(j->ops, j->cap_ops, j->n_ops + 1);
	j->ops[j->n_ops++] = (struct tf_op){k, arg, json};
}

/* An operation of a batch line: arg (owned from here on) kept for the job's lifetime. */
static void job_op_owned(struct tjob *j, enum tf_op_kind k, char *arg, bool json)
{
	XGROW(j->owned, j->cap_owned, j->n_owned + 1);
	j->owned[j->n_owned++] = arg;
	job_op(j, k, arg, json);
}

static bool in_list(const struct strlist *l, const char *p)
{
	for (size_t i = 0; i < l->n; i++)
		if (l->items[i] == p)
			return true;
	return false;
}

static enum lets_err collect_cli(struct tcall *t, const struct opts *o, struct diag *d)
{
	bool tt = o->tool_terms;
	if (o->positional.n > 1)
		return opt_usage_fail(o, d, true, "unexpected argument '%s' found", o->positional.items[1]);
	if (o->positional.n != 1)
		return opt_usage_fail(o, d, true, "the following required arguments were not provided:\n  %s",
				      tt ? "file (or a batch)" : "<FILE>");
	if (!o->ops.n)
		return opt_usage_fail(o, d, true, "the following required arguments were not provided:\n  %s",
				      tt ? "set, delete or append"
					 : "--set <SET>, --delete <DELETE> or --append <APPEND>");
	struct tjob *j = job_for(t, o->positional.items[0]);
	for (size_t i = 0; i < o->ops.n; i++) {
		const char *a = o->ops.items[i];
		job_op(j,
		       in_list(&o->set, a)   ? TF_SET
		       : in_list(&o->del, a) ? TF_DELETE
					     : TF_APPEND,
		       a, false);
	}
	return LETS_OK;
}

static enum lets_err batch_problem(struct diag *d, long line, const char *fmt, const char *detail)
{
	struct buf m = BUF_INIT;
	buf_addf(&m, "malformed --from - input: line %ld: ", line);
	buf_addf(&m, fmt, detail);
	diag_add(d, E_USAGE, "%s", m.data);
	buf_release(&m);
	return E_USAGE;
}

/* One key's operations: "path=value" or "path" as a string, an array of them, or (set, append)
 * an object of path -> value, each member "path=<value as JSON>". */
static enum lets_err batch_ops(struct tjob *j, enum tf_op_kind k, const char *key, const struct tv *v,
			       long line, struct diag *d)
{
	bool strings = v->k == TV_STR || v->k == TV_ARR;
	for (size_t i = 0; v->k == TV_ARR && i < v->n; i++)
		strings &= v->items[i].k == TV_STR;
	if (strings) {
		for (size_t i = 0; i < (v->k == TV_ARR ? v->n : 1); i++)
			job_op_owned(j, k, xstrdup(v->k == TV_ARR ? v->items[i].s : v->s), false);
		return LETS_OK;
	}
	if (k == TF_DELETE || v->k != TV_OBJ)
		return batch_problem(d, line,
				     k == TF_DELETE
					     ? "\"%s\" must be a string or an array of strings"
					     : "\"%s\" must be a string, an array of strings or an object of "
					       "paths and values",
				     key);
	for (size_t i = 0; i < v->n; i++) {
		struct buf op = BUF_INIT;
		buf_addf(&op, "%s=", v->keys[i]);
		tv_json(&op, &v->items[i]);
		job_op_owned(j, k, buf_detach(&op), true);
	}
	return LETS_OK;
}

/* One JSONL line, read by tv_parse so that a number keeps its text: {"file":"…","set":…,
 * "delete":…,"append":…}, operations in the order their keys appear. */
static enum lets_err batch_line(struct tcall *t, const struct tv *obj, long line, struct diag *d)
{
	const struct tv *file = NULL;
	for (size_t i = 0; i < obj->n; i++)
		if (!strcmp(obj->keys[i], "file"))
			file = &obj->items[i];
	if (!file || file->k != TV_STR)
		return batch_problem(d, line, "%s", "no \"file\" string");
	struct tjob *j = job_for(t, file->s);
	for (size_t i = 0; i < obj->n; i++) {
		const char *key = obj->keys[i];
		if (!strcmp(key, "file"))
			continue;
		enum tf_op_kind k = !strcmp(key, "set")      ? TF_SET
				    : !strcmp(key, "delete") ? TF_DELETE
							     : TF_APPEND;
		if (k == TF_APPEND && strcmp(key, "append"))
			return batch_problem(d, line, "unknown key \"%s\"", key);
		enum lets_err e = batch_ops(j, k, key, &obj->items[i], line, d);
		if (e)
			return e;
	}
	return LETS_OK;
}

/* One non-blank line: jansson's verdict words a malformed line; a JSON object is then read by
 * tv_parse (which refuses only a \u0000 escape or nesting over 64 levels). */
static enum lets_err batch_text(struct tcall *t, const char *s, size_t n, long line, struct diag *d)
{
	json_error_t err;
	json_t *obj = json_loadb(s, n, 0, &err);
	bool is_obj = json_is_object(obj);
	json_decref(obj);
	if (!is_obj)
		return batch_problem(d, line, "%s", obj ? "not a JSON object" : err.text);
	struct tv v = TV_INIT;
	enum lets_err e = tv_parse(&v, s, n) ? batch_line(t, &v, line, d)
					     : batch_problem(d, line, "%s",
							     "a \\u0000 escape, or nesting over 64 levels");
	tv_release(&v);
	return e;
}

static enum lets_err collect_batch(struct tcall *t, const struct opts *o, struct diag *d)
{
	if (strcmp(o->from, "-"))
		return opt_usage_error(d, "transform", false,
				       "invalid value '%s' for '--from <FROM>': - is the only accepted value",
				       o->from);
	if (o->positional.n || o->ops.n)
		return opt_usage_error(
			d, "transform", true,
			"--from - carries the files and operations; give no FILE, --set, --delete or --append");
	struct buf in = BUF_INIT;
	t->batch = true;
	if (opts_read_stdin(o, &in, "--from -", d)) {
		buf_release(&in);
		return diag_first(d);
	}
	long line = 0;
	/* the first bad line is the one named: what follows it may be read differently once it is fixed */
	for (size_t i = 0; i < in.len && !d->n;) {
		const char *nl = memchr(in.data + i, '\n', in.len - i);
		size_t e = nl ? (size_t)(nl - in.data) : in.len;
		line++;
		size_t b = i;
		while (b < e && (in.data[b] == ' ' || in.data[b] == '\t' || in.data[b] == '\r'))
			b++;
		if (b < e)
			batch_text(t, in.data + b, e - b, line, d);
		i = e + 1;
	}
	buf_release(&in);
	if (!d->n && !t->n_j)
		return diag_add(d, E_USAGE, "malformed --from - input: line 1: no operations");
	return diag_first(d);
}

/* j's region: the marks tf_apply left on the new file f, around them the lines edit's region
 * shows (a one-line gap is named, where edit's region shows the line). */
static void region_of_marks(struct tjob *j, const struct file *f)
{
	struct region_mark *m = xcalloc(j->res.n_marks + 1, sizeof(*m));
	for (size_t i = 0; i < j->res.n_marks; i++) {
		const struct tf_mark *t = &j->res.marks[i];
		m[i] = (struct region_mark){t->line, t->mk, t->text, t->len};
	}
	region_build(&j->region, f, m, j->res.n_marks, 0, &j->gap, &j->cut, &j->lossy);
	free(m);
}

/* The engine on one file's bytes, then the format's parser on the result (layer 1). */
static enum lets_err job_apply(struct tcall *t, struct tjob *j, struct diag *d)
{
	struct edit_file *ef = &t->c.f[j->file];
	const struct opts *o = t->c.o;
	char detail[80];
	if ((j->fmt = lang_format_for(ef->path, ef->orig, ef->orig_len)) == FMT_NONE)
		return diag_add(d, E_UNSUPPORTED_FILE,
				"%s is unsupported: not JSON, YAML, TOML or Markdown with frontmatter",
				ef->path);
	if (!o->no_check && !format_valid(j->fmt, ef->path, ef->orig, ef->orig_len, detail, sizeof(detail)))
		return diag_add(d, E_CHECK_FAILED, "structured check failed for %s: %s", ef->path, detail);
	enum lets_err e = tf_apply(j->fmt, ef->path, ef->orig, ef->orig_len, j->ops, j->n_ops, &j->res, d);
	if (e)
		return e;
	char *data = xmalloc(j->res.len + 1);
	memcpy(data, j->res.data, j->res.len);
	data[j->res.len] = 0;
	file_replace_data(&ef->f, data, j->res.len);
	memcpy(ef->sha_after, file_sha(&ef->f), 13);
	memset(&ef->ck, 0, sizeof(ef->ck));
	if (o->no_check) {
		strcpy(ef->ck.reason, "--no-check");
	} else {
		ef->ck.kind = CHECK_FORMAT;
		ef->ck.format = j->fmt;
		ef->ck.errors_after =
			!format_valid(j->fmt, ef->path, ef->f.data, ef->f.size, detail, sizeof(detail));
		ef->ck.failed = ef->ck.errors_after > 0;
	}
	struct buf why = BUF_INIT;
	if (!o->no_check)
		check_meaning(ef->path, &ef->ck, ef->orig, ef->orig_len, ef->f.data, ef->f.size, NULL, 0,
			      MEANING_TRANSFORM, &why);
	region_of_marks(j, &ef->f);
	if (ef->ck.failed) {
		block_note_first_change(&j->region, check_reject_note(&ef->ck));
		if (ef->ck.meaning_changed)
			diag_add(d, E_CHECK_FAILED, "%s", why.data);
		else
			diag_add(d, E_CHECK_FAILED, "structured check failed for %s: invalid", ef->path);
	}
	buf_release(&why);
	return ef->ck.failed ? E_CHECK_FAILED : LETS_OK;
}

static size_t sorted_lines(const struct tjob *j, long *v)
{
	size_t n = 0;
	for (size_t i = 0; i < j->n_ops; i++) {
		size_t k = n;
		while (k && v[k - 1] > j->res.lines[i])
			k--;
		if (k && v[k - 1] == j->res.lines[i])
			continue;
		memmove(v + k + 1, v + k, (n - k) * sizeof(*v));
		v[k] = j->res.lines[i];
		n++;
	}
	return n;
}

/* One file's change as the response shows it. Borrows from the call; lines and ops are the
 * caller's arrays (n_ops + 1 each), filled here. */
static struct out_change job_change(const struct tcall *t, const struct tjob *j, long *lines,
				    struct out_op *ops)
{
	static const char *const verbs[] = {"set", "delete", "append"};
	const struct edit_call *c = &t->c;
	const struct edit_file *ef = &c->f[j->file];
	for (size_t i = 0; i < j->n_ops; i++)
		ops[i] = (struct out_op){verbs[j->ops[i].kind], j->res.keys[i]};
	struct out_change ch = {
		.kind = CHG_TRANSFORM,
		.path = ef->path,
		.format = format_name(j->fmt),
		.ops = ops,
		.n_ops = j->n_ops,
		.lines = lines,
		.n_lines = sorted_lines(j, lines),
		.region = &j->region,
		.check = {NULL, NULL, ef->ck.errors_before, ef->ck.errors_after},
		.sha_before = ef->sha_before,
		.sha_after = ef->ck.failed ? ef->sha_before : ef->sha_after,
		.reverted = ef->ck.failed,
	};
	bool cmd_ok = c->cmd_done && c->verdict == CMD_OK;
	if (ef->ck.kind != CHECK_NONE || cmd_ok) {
		ch.check.layer = cmd_ok ? c->cmd.shown : check_layer_name(&ef->ck);
		ch.check.status = ef->ck.failed ? check_status_word(&ef->ck, false) : "ok";
	}
	return ch;
}

/* Footer order: check notes, selector resolutions, region gaps, cut and lossy lines, batch notes. */
static void final_omits(const struct tcall *t, struct omits *om)
{
	const struct edit_call *c = &t->c;
	if (c->o->no_check)
		omit_check_skipped(om, "--no-check");
	if (c->cmd_done && c->verdict == CMD_SKIPPED)
		omit_check_skipped(om, c->cmd_reason);
	if (c->cmd_done && c->verdict == CMD_INCONCLUSIVE)
		omit_check_inconclusive(om, c->cmd.shown, c->cmd_reason);
	long cut = 0, lossy = 0;
	for (size_t i = 0; i < t->n_j; i++) {
		const struct omits *r = &t->j[i].res.resolved;
		for (size_t k = 0; k < r->n; k++)
			omit_selector_resolved(om, r->items[k].s1, r->items[k].s2);
	}
	for (size_t i = 0; i < t->n_j; i++)
		for (size_t k = 0; k < t->j[i].res.n_ops; k++)
			if (t->j[i].res.aliases[k])
				omit_aliases_reached(om, t->j[i].res.keys[k], t->j[i].res.aliases[k]);
	for (size_t i = 0; i < t->n_j; i++) {
		const struct tjob *j = &t->j[i];
		for (size_t k = 0; k < j->gap.n; k++)
			omit_copy(om, &j->gap.items[k]);
		cut += j->cut;
		lossy += j->lossy;
	}
	if (cut)
		omit_long_lines_cut(om, cut);
	if (lossy)
		omit_lossy_lines(om, lossy);
	for (size_t i = 0; i < c->om.n; i++)
		omit_copy(om, &c->om.items[i]);
}

/* The batch footer's lead: the counts and the checks. */
static void batch_lead(struct buf *lead, const struct tcall *t, long landed)
{
	const struct edit_call *c = &t->c;
	size_t ops = 0;
	for (size_t i = 0; i < t->n_j; i++)
		ops += t->j[i].n_ops;
	plural(lead, (long)t->n_j, "file", "files");
	buf_adds(lead, OUT_DOT);
	plural(lead, (long)ops, "operation", "operations");
	if (landed == (long)t->n_j)
		buf_adds(lead, OUT_DOT "all applied");
	else
		buf_addf(lead, OUT_DOT "%ld of %zu files written", landed, t->n_j);
	if (c->cmd_done && c->verdict == CMD_OK) {
		buf_addf(lead, OUT_DOT "check: %s ok", c->cmd.shown);
		return;
	}
	long counts[FMT_COUNT] = {0};
	for (size_t i = 0; i < t->n_j; i++)
		if (c->f[t->j[i].file].ck.kind != CHECK_NONE)
			counts[t->j[i].fmt]++;
	bool first = true;
	for (int k = 0; k < FMT_COUNT; k++)
		if (counts[k]) {
			buf_addf(lead, "%s%s ok \xC3\x97%ld", first ? OUT_DOT "checks: " : ", ",
				 format_name((enum format)k), counts[k]);
			first = false;
		}
}

static void render(struct tcall *t, struct buf *out, long landed)
{
	const struct opts *o = t->c.o;
	struct omits om = OMITS_INIT;
	final_omits(t, &om);
	struct out_block *blocks = xcalloc(t->n_j + 1, sizeof(*blocks));
	for (size_t i = 0; i < t->n_j; i++) {
		/* a trim names its block's target: the file as typed */
		if (!t->j[i].region.target)
			t->j[i].region.target = xstrdup(t->c.f[t->j[i].file].path);
		blocks[i] = t->j[i].region;
	}
	/* the change is written by now: over --max-bytes trims what is shown (no diag: it is not
	 * exit 4); the trim is named last, as show names it */
	blocks_shape(blocks, t->n_j, o->budget, o->max_bytes, &om, NULL, o->tool_terms);
	for (size_t i = 0; i < t->n_j; i++)
		t->j[i].region = blocks[i];
	free(blocks);
	struct out_change *ch = xcalloc(t->n_j + 1, sizeof(*ch));
	long **lines = xcalloc(t->n_j + 1, sizeof(*lines));
	struct out_op **ops = xcalloc(t->n_j + 1, sizeof(*ops));
	for (size_t i = 0; i < t->n_j; i++) {
		lines[i] = xcalloc(t->j[i].n_ops + 1, sizeof(**lines));
		ops[i] = xcalloc(t->j[i].n_ops + 1, sizeof(**ops));
		ch[i] = job_change(t, &t->j[i], lines[i], ops[i]);
	}
	struct buf lead = BUF_INIT;
	if (t->batch)
		batch_lead(&lead, t, landed);
	struct response r = {.list_key = t->batch ? "transforms" : NULL,
			     .changes = ch,
			     .n_changes = t->n_j,
			     .om = &om,
			     .lead = t->batch ? buf_str(&lead) : NULL,
			     .quiet = o->quiet};
	changes_stats(ch, t->n_j, false, &r.lines, &r.bytes);
	response_emit(out, &r, opts_format(o), o->json_twin);
	for (size_t i = 0; i < t->n_j; i++) {
		free(lines[i]);
		free(ops[i]);
	}
	free(lines);
	free(ops);
	free(ch);
	buf_release(&lead);
	omits_release(&om);
}

/* Everything before a write: the files in the tree, locked and loaded, every operation applied
 * and every result confirmed. Returns the first failure; *render_anyway when the layer-1 check
 * reverted a change that is still worth showing. */
static enum lets_err validate(struct tcall *t, const struct worktree *wt, struct lockset *locks,
			      bool *render_anyway)
{
	struct edit_call *c = &t->c;
	const struct opts *o = c->o;
	enum lets_err e = o->from ? collect_batch(t, o, c->d) : collect_cli(t, o, c->d);
	if (e)
		return e;
	for (size_t i = 0; i < t->n_j; i++)
		for (size_t k = 0; k < t->j[i].n_ops; k++)
			tf_op_check(&t->j[i].ops[k], c->d);
	if (c->d->n)
		return diag_first(c->d);
	char noun[16];
	if (o->if_sha && t->n_j > 1)
		return diag_add(c->d, E_USAGE, "%s takes one target \xC2\xB7 %zu were given",
				opt_noun(noun, sizeof(noun), o->tool_terms, "if"), t->n_j);
	const char **named = xcalloc(c->n_f ? c->n_f : 1, sizeof(*named));
	for (size_t i = 0; i < c->n_f; i++)
		named[i] = c->f[i].path;
	e = batch_fd_room(named, c->n_f, c->d);
	free(named);
	if (e) {
		t->too_wide = true;
		return e;
	}
	/* the one resolution: lock, read and publish all go through r.dir and r.name */
	for (size_t i = 0; i < c->n_f; i++)
		if (resolve_path(wt, c->f[i].path, o->allow_outside, false, &c->f[i].r, c->d))
			edit_mark_failed(c, c->f[i].path);
		else
			edit_file_share_dir(c, &c->f[i]);
	if (c->d->n || (e = edit_commit_load(c, locks)))
		return diag_first(c->d);
	for (size_t i = 0; i < t->n_j; i++)
		if ((e = job_apply(t, &t->j[i], c->d)) != LETS_OK) {
			edit_mark_failed(c, c->f[t->j[i].file].path);
			break;
		}
	*render_anyway = e == E_CHECK_FAILED && c->d->n == 1 && t->j[0].res.data;
	return diag_first(c->d);
}

verb_fn cmd_transform;
enum lets_err cmd_transform(const struct opts *o, struct buf *out, struct diag *d)
{
	struct tcall t;
	memset(&t, 0, sizeof(t));
	edit_call_init(&t.c, o, d);
	struct lockset locks = LOCKSET_INIT;
	long landed = 0;
	bool show_reverted = false;
	if (validate(&t, o->wt, &locks, &show_reverted)) {
		if (show_reverted && !t.batch) {
			render(&t, out, 0);
		} else if (t.batch && t.n_j && !o->json && !o->jsonl && diag_first(d) != E_USAGE &&
			   !t.too_wide) {
			size_t ops = 0;
			for (size_t i = 0; i < t.n_j; i++)
				ops += t.j[i].n_ops;
			edit_render_unapplied(out, ops, t.c.failed_path ? t.c.failed_path : t.c.f[0].path);
		}
		goto out;
	}
	if (edit_commit_check_before(&t.c))
		goto out;
	enum lets_err e = edit_commit_publish(&t.c, &locks, &landed);
	if (e && !landed)
		goto out;
	if (!e && edit_commit_check_after(&t.c, &locks))
		goto out;
	render(&t, out, landed);
out:
	lockset_release(&locks);
	for (size_t i = 0; i < t.n_j; i++)
		job_release(&t.j[i]);
	free(t.j);
	keymap_release(&t.by_real);
	edit_call_release(&t.c);
	return diag_first(d);
}
