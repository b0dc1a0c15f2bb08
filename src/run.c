#include "run.h"

#include "buf.h"
#include "opt.h"
#include "output.h"
#include "usage.h"
#include "verbs.h"
#include "worktree.h"

enum lets_err verb_run(const struct verb *v, int argc, char **argv, const struct run_env *env,
		       struct buf *out, struct diag *d)
{
	struct opts o;
	struct worktree wt = WORKTREE_INIT;
	opts_init(&o);
	/* set before parsing: a usage error already speaks the caller's terms */
	o.tool_terms = env->tool_terms;
	enum lets_err e = opts_parse(&o, v, argc, argv, 2, d);
	o.stdin_fd = env->stdin_fd;
	o.json_twin = env->json_twin;
	o.cancel = env->cancel;
	if (e == LETS_ERR_COUNT) {
		usage_help(out, v);
	} else if (e == LETS_OK) {
		if (v->needs & VERB_TREE) {
			worktree_init(&wt);
			if (env->n_roots)
				worktree_limit(&wt, env->roots, env->n_roots);
			o.wt = &wt;
		}
		v->fn(&o, out, d);
		if (d->n && !out->len && (o.json || o.jsonl))
			error_json(out, d, NULL);
		if (env->json_twin && d->n && !env->json_twin->len)
			error_json(env->json_twin, d, NULL);
	}
	worktree_release(&wt);
	opts_release(&o);
	return diag_first(d);
}
