/* lets edit: exact, validation-atomic replacement and insertion.
 *
 * The call runs in phases (src/edit/) so that nothing is written unless everything can be:
 * collect the edits (targets × --old/--new, or a --from - batch), lock every file in sorted
 * order, load each once, apply every edit to an in-memory copy, run the layer-1 check on each
 * result, and only then publish, file by file. Layer 2 (--check) runs before the first write and
 * after the last; a regression puts every file back. */
#include "../edit/edit.h"
#include "../lock.h"
#include "verb.h"

/* Every entry applied to its file's working copy, each success given its region. */
static void apply_all(struct edit_call *c)
{
	for (size_t i = 0; i < c->n_e; i++) {
		struct edit_entry *en = &c->e[i];
		struct edit_file *ef = &c->f[en->file];
		struct edit_req rq;
		edit_args_req(c, en, &rq);
		if (edit_apply(&ef->f, &rq, &en->res, &c->tom, c->d)) {
			edit_mark_failed(c, ef->path);
			continue;
		}
		en->lines_after = (long)ef->f.n_lines;
		edit_render_region(en, &ef->f);
	}
}

verb_fn cmd_edit;
enum lets_err cmd_edit(const struct opts *o, struct buf *out, struct diag *d)
{
	struct edit_call c;
	struct lockset locks = LOCKSET_INIT;
	long landed = 0;
	edit_call_init(&c, o, d);
	if (edit_args_collect(&c) || edit_args_resolve(&c))
		goto out;
	if (d->n || edit_commit_load(&c, &locks))
		goto failed;
	apply_all(&c);
	if (d->n)
		goto failed;
	if (!edit_commit_check(&c)) {
		edit_render(&c, out, false, 0);
		goto out;
	}
	if (edit_commit_check_before(&c))
		goto out;
	if (edit_commit_publish(&c, &locks, &landed)) {
		if (!landed)
			goto failed;
		edit_render(&c, out, true, landed);
		goto out;
	}
	if (edit_commit_check_after(&c, &locks))
		goto out;
	edit_render(&c, out, true, landed);
	goto out;
failed:
	/* validation failed: nothing was written */
	edit_render_failed(&c, out);
out:
	lockset_release(&locks);
	edit_call_release(&c);
	return diag_first(d);
}
