/* The search roots of find and paths: the paths named on the command line (or "."), sorted into
 * directories to walk and files to read, checked against the working tree first; and the one
 * order both verbs print paths in. */
#ifndef LETS_ROOTS_H
#define LETS_ROOTS_H
#include <stddef.h>

#include "../error.h"

struct opts;
struct omits;
struct worktree;

struct roots {
	const char **dirs; /* borrowed from the options */
	size_t n_dirs, cap_dirs;
	const char **files;
	size_t n_files, cap_files;
	long other; /* named roots that are neither file nor directory (a dangling link, a FIFO) */
};
#define ROOTS_INIT \
	{          \
		0  \
	}

/* Fills rs from o's positionals after the first (the pattern). A root that cannot be searched is
 * recorded in d and as an unresolved omission in failed. Returns E_OUTSIDE_TREE when a root lies
 * outside the tree (without --allow-outside): the whole call is refused then. */
enum lets_err roots_collect(const struct opts *o, const struct worktree *wt, struct roots *rs,
			    struct omits *failed, struct diag *d);
void roots_release(struct roots *rs);

/* Path order by components: "a/b" sorts before "a.b", as a directory listing does. */
int roots_path_cmp(const char *a, const char *b);

#endif
