/* The verb table: the one list of verbs, each row the whole verb. Dispatch and setup (run.h's
 * verb_run, for main and lets mcp), `lets --help`, each verb's --help, usage line, usage errors and
 * closed positional sets, the man page, the completions, the MCP tools (src/mcp/tools.c), what
 * `lets stats` counts (src/hook/cmdline.c) and `lets guide` all read the rows, so a verb that is not
 * a row here does not exist anywhere, and nothing about a verb is written twice.
 *
 * A new verb touches three files (tests/new-verb.sh follows these steps to add `lets hello`,
 * checks that only these files changed, builds it and runs it through every table below):
 *   1. src/verb/<verb>.c: `#include "verb.h"`, then `verb_fn cmd_<verb>;` (the declaration
 *      -Wmissing-prototypes asks for, which checks the definition against verb_fn) and
 *      `enum lets_err cmd_<verb>(const struct opts *o, struct buf *out, struct diag *d)`. It
 *      composes modules, renders its whole answer into out, records failures in d; it never
 *      exits or prints. What its row's needs ask for is ready: under VERB_TREE, o->wt is the
 *      open working tree.
 *   2. its row in verb_table (src/verbs.c), and `verb_fn cmd_<verb>;` above the table. The row's
 *      position is its place in `lets --help`, the completions and the man page; a tool
 *      descriptor makes it an MCP tool, guide lines put it in `lets guide`.
 *   3. its flags: rows in src/opt.c's specs that name it among their verbs ("show find"), each
 *      writing a field of struct opts (opt.h); a flag whose value no struct opts field holds yet
 *      needs that field too, a fourth file. The shared flags (--json, --budget, --no-ignore, …)
 *      come with VERB_SHARED_FLAGS in the row, not with flag rows.
 * The Makefile compiles every .c file under src/verb/; nothing else lists verbs. */
#ifndef LETS_VERBS_H
#define LETS_VERBS_H
#include <stdbool.h>
#include <stddef.h>

#include "error.h"

#define LETS_VERSION "0.0.1"

struct buf;
struct opts;

/* A verb's function: o is parsed and set up as its row asks, out receives its whole answer. */
typedef enum lets_err verb_fn(const struct opts *o, struct buf *out, struct diag *d);

/* What a verb needs before it runs, and what it is to the tables made from the rows. */
enum verb_needs {
	VERB_TREE = 1 << 0, /* verb_run opens the working tree before the verb runs (o->wt) */
	VERB_SHARED_FLAGS = 1 << 1, /* takes the shared flags: opt.c's rows tagged "*" */
	VERB_COUNTED = 1 << 2, /* lets stats counts its calls in transcripts */
	VERB_PATTERN = 1 << 3, /* its first positional is a pattern: stats counts the rest as targets */
};

/* A positional argument as an MCP tool property. */
struct verb_tool_arg {
	const char *name;
	bool list, required;
	const char *description;
};

/* What an MCP host may assume of a tool (its annotations): each hint not set is false. */
enum verb_tool_hints {
	TOOL_READ_ONLY = 1 << 0, /* changes nothing */
	TOOL_DESTRUCTIVE = 1 << 1, /* may replace or delete what is there, not only add */
	TOOL_IDEMPOTENT = 1 << 2, /* a second identical call changes nothing more */
};

/* The verb as an MCP tool (src/mcp/tools.c): the properties beyond its flags, and its description
 * (guide, else the about line) written in terms of the tool's arguments. */
struct verb_tool {
	const char *title; /* a host's display name */
	unsigned hints; /* enum verb_tool_hints bits */
	struct verb_tool_arg pos[2];
	const char *stdin; /* the property that becomes the verb's stdin, or NULL */
	const char *stdin_description;
	/* The property that carries a --from - batch as an array of objects (each becomes one JSONL
	 * line on stdin), or NULL; its members as "name:type" words, a type being JSON Schema's
	 * ("string|array|object" for any of them), those in batch_required required. */
	const char *batch, *batch_description, *batch_keys, *batch_required;
	const char *guide;
};

struct verb {
	const char *name;
	const char *alias; /* another name dispatching to the same row, or NULL */
	verb_fn *fn;
	unsigned needs; /* enum verb_needs bits */
	const char *usage; /* after "lets <name> " */
	const char *about; /* the line in `lets --help` and the first line of `lets <name> --help` */
	size_t min_positional; /* fewer positionals is a usage error naming positional_name */
	const char *positional_name;
	/* The closed set of values (NULL-terminated) of positional 0 and 1, NULL where the value is
	 * open (a target, a path, a pattern). Validation, help, the man page and completions read it. */
	const char *const *choices[2];
	const char *epilogue; /* what --help prints after the options (from a blank line), or NULL */
	const struct verb_tool *tool; /* NULL: not an MCP tool */
	/* Its lines in `lets guide`: the arguments after its name, and what it does, one line or
	 * several separated by '\n'; NULL when the guide leaves it out. */
	const char *guide_args, *guide;
};

/* The rows, in the order `lets --help` lists them. */
extern const struct verb verb_table[];
extern const size_t verb_count;

/* The row whose name or alias is name, or NULL. The row is static. */
const struct verb *verb_find(const char *name);
/* The closed set of v's positional pos, or NULL (open, or pos past the second). */
const char *const *verb_choices(const struct verb *v, size_t pos);

#endif
