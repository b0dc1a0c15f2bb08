/* The help text and the documented options, made from the verb table (verbs.h) and the option
 * table (opt.h): `lets --help`, `lets <verb> --help`, and the option lists the man page, the
 * completions and the MCP schemas read. It sits above both tables and check.h (whose presets are
 * --check's values), so neither table depends on the text made from it. */
#ifndef LETS_USAGE_H
#define LETS_USAGE_H

#include "opt.h"

struct buf;
struct verb;

/* Appends v's --help text (or the top-level help, listing the verb table, for v NULL) to out. */
void usage_help(struct buf *out, const struct verb *v);
/* opt_each and opt_each_listed with each option's closed value set filled in (choice_at). */
void usage_each(const struct verb *v, void (*fn)(const struct opt_desc *, void *), void *ctx);
void usage_each_listed(const struct verb *v, void (*fn)(const struct opt_desc *, void *), void *ctx);
/* Appends od's help line: its help, completed by its value set when the help ends in a space
 * ("a command, or " + "@auto, @cargo, …"), as --help, the man page and the completions print it. */
void usage_option_help(struct buf *out, const struct opt_desc *od);

#endif
