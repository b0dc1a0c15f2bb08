/* What every verb file (src/verb/<verb>.c) includes: the parsed options and their usage errors
 * (opt.h), the verb table's types and verb_fn (verbs.h), and what verb files share. */
#ifndef LETS_VERB_VERB_H
#define LETS_VERB_VERB_H
#include "../buf.h"
#include "../error.h"
#include "../opt.h"
#include "../verbs.h"

/* Appends the one-screen guide, made from the guide lines of the verb table's rows: what `lets
 * guide` and the SubagentStart hook (lets hook subagent-start) print. */
void guide_text(struct buf *out);

#endif
