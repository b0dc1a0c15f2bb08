#include "run.h"

#include "buf.h"
#include "opt.h"
#include "output.h"
#include "usage.h"
#include "verbs.h"
#include "worktree.h"

enum lets_err verb_run(const struct verb *v, int argc, char **argv, int stdin_fd, struct buf *json_twin,
		       struct buf *out, struct diag *d)
{
	struct opts o;
	struct worktree wt = WORKTREE_INIT;
	opts_init(&o);
	enum lets_err e = opts_parse(&o, v, argc, argv, 2, d);
	o.stdin_fd = stdin_fd;
	o.json_twin = json_twin;
	if (e == LETS_ERR_COUNT) {
		usage_help(out, v);
	} else if (e == LETS_OK) {
		if (v->needs & VERB_TREE) {
			worktree_init(&wt);
			o.wt = &wt;
		}
		v->fn(&o, out, d);
		if (d->n && !out->len && (o.json || o.jsonl))
			error_json(out, d, NULL);
		if (json_twin && d->n && !json_twin->len)
			error_json(json_twin, d, NULL);
	}
	worktree_release(&wt);
	opts_release(&o);
	return diag_first(d);
}
