#include "verb.h"

verb_fn cmd_version;
enum lets_err cmd_version(const struct opts *o, struct buf *out, struct diag *d)
{
	(void)d;
	const struct out_member version[] = {out_string("version", LETS_VERSION)};
	struct response r = {.report = version, .n_report = 1, .text = "lets " LETS_VERSION "\n"};
	response_emit(out, &r, opts_format(o), o->json_twin);
	return LETS_OK;
}
