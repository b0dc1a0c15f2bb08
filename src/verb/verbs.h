/* The verb table: one line per verb, one file per verb in src/verb/. A verb composes modules,
 * renders its whole answer into out and records failures in d; it never exits or prints. */
#ifndef LETS_VERBS_H
#define LETS_VERBS_H
#include "../buf.h"
#include "../error.h"
#include "../opt.h"

typedef enum lets_err (*verb_fn)(const struct opts *o, struct buf *out, struct diag *d);

/* VERB(name, function); aliases map to the same function. */
#define LETS_VERBS(VERB)                                                                                      \
	VERB("show", cmd_show)                                                                                \
	VERB("find", cmd_find)                                                                                \
	VERB("guide", cmd_guide)                                                                              \
	VERB("version", cmd_version)                                                                          \
	VERB("edit", cmd_edit)                                                                                \
	VERB("write", cmd_write)                                                                              \
	VERB("hooks", cmd_hooks)                                                                              \
	VERB("hook", cmd_hook)                                                                                \
	VERB("stats", cmd_stats)                                                                              \
	VERB("update", cmd_update)

#define DECLARE_VERB(name, fn) enum lets_err fn(const struct opts *o, struct buf *out, struct diag *d);
LETS_VERBS(DECLARE_VERB)
#undef DECLARE_VERB

/* The guide text, shared by `lets guide` and the SessionStart hook. */
extern const char lets_guide_text[];
#define LETS_VERSION "0.0.1"

#endif
