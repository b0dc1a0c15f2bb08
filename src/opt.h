/* The command line: one struct holding every option of every verb (the process's options, the
 * only state shared across modules), the per-verb tables of which flags a verb accepts, and the
 * usage/help text made from those tables. A parse error is E_USAGE with a clap-shaped message
 * (error: ...\n\nFor more information, try '--help'.), so scripts written against lets 0.0.1 see
 * the same text. */
#ifndef LETS_OPT_H
#define LETS_OPT_H
#include <stdbool.h>
#include <stddef.h>

#include "error.h"

struct strlist {
	const char **items; /* borrowed from argv */
	size_t n, cap;
};

#define OPT_UNSET (-1L)

struct opts {
	const char *verb; /* canonical verb name ("find" for "locate") */
	struct strlist positional;

	/* shared by every verb */
	bool json, jsonl, quiet, no_ignore, allow_outside, no_check;
	long budget;         /* OPT_UNSET or tokens */
	long max_bytes;      /* default 65536 */
	long max_file_bytes; /* default 8388608 */

	/* show */
	long window; /* default 200 */
	bool all;    /* show: no window; edit: every occurrence */
	long after, before, context; /* OPT_UNSET or lines */
	bool no_numbers;

	/* find */
	bool fixed, ignore_case, word, hidden, files, count;
	long cap; /* default 50 */
	struct strlist globs;

	/* edit, transform */
	const char *old, *new_text, *expect, *insert_after, *insert_before, *from, *if_sha, *check;
	bool expect_all, normalize, literal_newlines, exact;
	long line_hint; /* OPT_UNSET or a line number */
	long check_timeout; /* default 60 */
	struct strlist set, del, append;

	/* write, update */
	bool force, empty, update_check;

	/* stats */
	const char *dir, *since;
};

void opts_init(struct opts *o);
void opts_release(struct opts *o);

/* Parses argv[first..argc) for verb (whose table must exist). On E_USAGE the message is in d. */
enum lets_err opts_parse(struct opts *o, const char *verb, int argc, char **argv, int first,
			 struct diag *d);
/* Records a clap-shaped usage error (E_USAGE): "error: <fmt>[\n\nUsage: lets <verb> <usage>]\n\nFor
 * more information, try '--help'." The usage line appears when with_usage and verb is known. */
enum lets_err opt_usage_error(struct diag *d, const char *verb, bool with_usage, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* True when the verb has an option table (is a known verb). */
bool opt_known_verb(const char *verb);
/* Appends the verb's --help text (or the top-level help for verb NULL) to out. */
struct buf;
void opt_help(struct buf *out, const char *verb);
/* Context before/after a hit, resolved from -A/-B/-C (an explicit -A/-B wins over -C). */
long opts_before(const struct opts *o);
long opts_after(const struct opts *o);

#endif
