/* The verb table: the one list of verbs. Dispatch (main.c), `lets --help`, each verb's --help and
 * usage line, and the usage errors all read it, so a verb that is not a row here does not exist
 * anywhere: it is not listed, and `lets <name>` is an unrecognized subcommand.
 *
 * Adding a verb is three steps:
 *   1. a row in verb_table (verbs.c): name, alias, function, option group, usage, about line and
 *      the required positional count (the row's position is its place in `lets --help`);
 *   2. its function, `enum lets_err cmd_<verb>(…)` in src/verb/<verb>.c, declared below;
 *   3. its flags: rows in opt.c's specs tagged with its option group (V_<VERB> in opt.h). The
 *      groups of verbs still to come (transform, stats, update, hooks, hook) already exist and
 *      their flags are already tagged, so for them step 3 is done.
 * A verb composes modules, renders its whole answer into out and records failures in d; it never
 * exits or prints. */
#ifndef LETS_VERBS_H
#define LETS_VERBS_H
#include <stddef.h>

#include "../buf.h"
#include "../error.h"
#include "../opt.h"

typedef enum lets_err (*verb_fn)(const struct opts *o, struct buf *out, struct diag *d);

struct verb {
	const char *name;
	const char *alias; /* another name dispatching to the same row, or NULL */
	verb_fn fn;
	unsigned group; /* opt.h's V_* bit: the option rows this verb accepts */
	const char *usage; /* after "lets <name> " */
	const char *about; /* the line in `lets --help` and the first line of `lets <name> --help` */
	size_t min_positional; /* fewer positionals is a usage error naming positional_name */
	const char *positional_name;
};

/* The rows, in the order `lets --help` lists them. */
extern const struct verb verb_table[];
extern const size_t verb_count;

/* The row whose name or alias is name, or NULL. The row is static. */
const struct verb *verb_find(const char *name);
/* The closed set of values (NULL-terminated) of v's positional pos (0 or 1), or NULL where the
 * value is open (a target, a path, a pattern). Validation and completions both read it. */
const char *const *verb_choices(const struct verb *v, size_t pos);
/* LETS_OK when v's positional pos (0 or 1) is value, given that it is a closed set; else E_USAGE
 * in d listing the set ("invalid value 'x' for '<AGENT>'\n  [possible values: claude-code, codex]"). */
enum lets_err verb_choice_check(const struct verb *v, size_t pos, const char *value, struct diag *d);

enum lets_err cmd_show(const struct opts *o, struct buf *out, struct diag *d);
enum lets_err cmd_find(const struct opts *o, struct buf *out, struct diag *d);
enum lets_err cmd_paths(const struct opts *o, struct buf *out, struct diag *d);
enum lets_err cmd_edit(const struct opts *o, struct buf *out, struct diag *d);
enum lets_err cmd_write(const struct opts *o, struct buf *out, struct diag *d);
enum lets_err cmd_transform(const struct opts *o, struct buf *out, struct diag *d);
enum lets_err cmd_guide(const struct opts *o, struct buf *out, struct diag *d);
enum lets_err cmd_version(const struct opts *o, struct buf *out, struct diag *d);
enum lets_err cmd_stats(const struct opts *o, struct buf *out, struct diag *d);
enum lets_err cmd_update(const struct opts *o, struct buf *out, struct diag *d);
enum lets_err cmd_hooks(const struct opts *o, struct buf *out, struct diag *d);
enum lets_err cmd_hook(const struct opts *o, struct buf *out, struct diag *d);
enum lets_err cmd_mcp(const struct opts *o, struct buf *out, struct diag *d);
enum lets_err cmd_completions(const struct opts *o, struct buf *out, struct diag *d);

/* The guide text, shared by `lets guide` and the SessionStart hook. */
extern const char lets_guide_text[];
#define LETS_VERSION "0.0.1"

#endif
