/* A definition looked up by name across the tree, for a #name target with no path (show
 * '#Name', '#Outer.inner'): find --def's walk, prefilter and parse (find.h), answered as one
 * definition or as a refusal that lists every candidate as the target that reads it.
 *
 * The rules are find --def's: the walk honours the ignore files (--no-ignore aside) and skips
 * hidden entries, the files kept are those holding the name's last part as a whole word, and
 * each definition is named path#Qualified.name, or path:a-b when that name would be ambiguous.
 * When a Python implementation is among its @overload signatures, it is the one definition. */
#ifndef LETS_FIND_LOOKUP_H
#define LETS_FIND_LOOKUP_H
#include "../error.h"

struct opts;

struct def_found {
	char *target; /* owned: path#Qualified.name, or path:a-b */
	char *path; /* owned */
	long start, end; /* the span, 1-based inclusive lines, as show prints it */
	const char *resolver; /* static: "tree-sitter" or "heuristic (plaintext)" */
};
#define DEF_FOUND_INIT \
	{              \
		0      \
	}
void def_found_release(struct def_found *df);

/* The one definition of name (a #name target's name, quotes stripped) in the tree o->wt names,
 * searched with o's walk flags, into out. None is not_found and several are ambiguous, recorded
 * in d with target_text (the target as typed) and the next command: the uses to look at
 * (lets find -w), or every candidate's target with its kind and lines, at most 20. */
enum lets_err find_def_lookup(const struct opts *o, const char *target_text, const char *name,
			      struct def_found *out, struct diag *d);

#endif
