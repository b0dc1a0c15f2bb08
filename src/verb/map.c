/* lets map: a tree's shape in one bounded answer — collect (walk, read, parse), resolve the focus,
 * rank (PageRank over the file graph of references), render within the budget. See src/map/map.h. */
#include "../map/map.h"
#include "../opt.h"
#include "verb.h"

verb_fn cmd_map;
enum lets_err cmd_map(const struct opts *o, struct buf *out, struct diag *d)
{
	struct map_call c;
	map_call_init(&c, o);
	c.focus.text = o->focus;
	if (map_collect(&c, d) == E_OUTSIDE_TREE)
		goto out;
	/* every root missing: nothing to map, the failures say why */
	if (!c.n_files && diag_first(d))
		goto out;
	if (map_focus_resolve(&c, d))
		goto out;
	map_rank(&c);
	map_render(&c, out);
out:
	map_call_release(&c);
	return diag_first(d);
}
