/* One run of one verb, the same for the command line (main) and for each lets mcp tool call: the
 * options parsed for the verb, the setup its row asks for (verbs.h's needs), the verb, and the
 * --json error shape when it failed with nothing rendered. What is written where stays with the
 * caller: verb_run fills out and d, and never writes a stream or exits. */
#ifndef LETS_RUN_H
#define LETS_RUN_H
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "error.h"

struct buf;
struct verb;

/* What the caller gives a run beyond its command line. RUN_ENV_CLI is main's. */
struct run_env {
	int stdin_fd; /* the verb's stdin; negative reads as empty */
	/* When not NULL, the --json shape of the same run is rendered here too (lets mcp's
	 * structuredContent). */
	struct buf *json_twin;
	bool tool_terms; /* messages name MCP tool arguments (opt.h's tool_terms) */
	const atomic_bool *cancel; /* opt.h's cancel: NULL, or set to stop the run early */
	/* The directories (absolute) a path must lie beneath, instead of the working tree
	 * (worktree_limit); n_roots 0 keeps the working tree. */
	const char *const *roots;
	size_t n_roots;
};
#define RUN_ENV_CLI           \
	{                     \
		.stdin_fd = 0 \
	}

/* Runs v on the command line argv[0..argc) ("lets <verb> …"; the options start at argv[2]): its
 * --help when asked, else the verb as env says. Returns the first failure recorded in d, or
 * LETS_OK. */
enum lets_err verb_run(const struct verb *v, int argc, char **argv, const struct run_env *env,
		       struct buf *out, struct diag *d);

#endif
