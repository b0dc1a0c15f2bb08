/* lets mcp: the verbs as Model Context Protocol tools (src/mcp/). The one verb that writes to
 * stdout itself: a server answers each request as it comes, so its output cannot wait for one
 * buffer at the end. */
#include "../mcp/mcp.h"
#include "verb.h"

#include <unistd.h>

verb_fn cmd_mcp;
enum lets_err cmd_mcp(const struct opts *o, struct buf *out, struct diag *d)
{
	(void)out;
	if (o->positional.n)
		return opt_usage_error(d, "mcp", true, "unexpected argument '%s' found",
				       o->positional.items[0]);
	struct mcp_config cfg = {.allow_check_commands = o->allow_check_commands,
				 .allow_outside = o->allow_outside};
	return mcp_serve(STDIN_FILENO, STDOUT_FILENO, &cfg, d);
}
