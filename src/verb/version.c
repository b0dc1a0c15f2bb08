#include "verb.h"

verb_fn cmd_version;
enum lets_err cmd_version(const struct opts *o, struct buf *out, struct diag *d)
{
	(void)d;
	if (o->json || o->jsonl)
		buf_adds(out, "{\"version\":\"" LETS_VERSION "\"}\n");
	else
		buf_adds(out, "lets " LETS_VERSION "\n");
	return LETS_OK;
}
