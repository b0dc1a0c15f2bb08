/* lets find: walk → search → sink → output.
 *
 * The call runs in phases (src/find/, find.h): read the query and compile its regex, collect the
 * roots (a path outside the tree refuses the whole call), search every file on the walk's thread
 * pool into a tally sorted by path, search again for the pattern's grep-style reading when
 * nothing hit, take the blocks that print (hit lines by file, by enclosing symbol under -p, or
 * --def's definitions, for which the hit files are parsed), list what was left out, and render
 * once as text, --json or --jsonl. */
#include "../find/find.h"
#include "../opt.h"
#include "verb.h"

verb_fn cmd_find;
enum lets_err cmd_find(const struct opts *o, struct buf *out, struct diag *d)
{
	struct find_call c;
	find_call_init(&c, o, d);
	if (find_query_compile(&c))
		goto out;

	/* a path outside the tree refuses the whole call: nothing is searched, only the refusal prints */
	if (roots_collect(o, o->wt, &c.rs, &c.failed, d) == E_OUTSIDE_TREE)
		goto out;
	find_pass_run(&c, o->wt);
	if (!c.t.total && find_query_grep_style(&c)) {
		find_pass_release(&c.t);
		find_pass_run(&c, o->wt);
	}

	/* what prints under the cap: definitions, hits by enclosing symbol, or hits by file */
	if (o->def)
		find_defs_collect(&c);
	else if (o->function)
		find_defs_by_symbol(&c);
	else if (c.mode == SINK_LINES)
		find_render_take_blocks(&c);
	find_render_omissions(&c);
	find_render(&c, out);
out:
	find_call_release(&c);
	return diag_first(d);
}
