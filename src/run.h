/* One run of one verb, the same for the command line (main) and for each lets mcp tool call: the
 * options parsed for the verb, the setup its row asks for (verbs.h's needs), the verb, and the
 * --json error shape when it failed with nothing rendered. What is written where stays with the
 * caller: verb_run fills out and d, and never writes a stream or exits. */
#ifndef LETS_RUN_H
#define LETS_RUN_H

#include "error.h"

struct buf;
struct verb;

/* Runs v on the command line argv[0..argc) ("lets <verb> …"; the options start at argv[2]): its
 * --help when asked, else the verb with stdin_fd as its stdin and, when json_twin is not NULL, the
 * --json shape of the same run rendered there too (lets mcp's structuredContent). Returns the
 * first failure recorded in d, or LETS_OK. */
enum lets_err verb_run(const struct verb *v, int argc, char **argv, int stdin_fd, struct buf *json_twin,
		       struct buf *out, struct diag *d);

#endif
