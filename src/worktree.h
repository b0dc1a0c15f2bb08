/* The working-tree boundary: lets acts only inside the tree it was started in unless
 * --allow-outside. The tree is the nearest ancestor of the current directory holding .git, else
 * the current directory. Paths are compared after resolving symlinks, so a link pointing out of
 * the tree is outside. */
#ifndef LETS_WORKTREE_H
#define LETS_WORKTREE_H
#include <stdbool.h>

#include "error.h"

struct worktree {
	char *root; /* owned, resolved; NULL until worktree_init */
};
#define WORKTREE_INIT {0}

void worktree_init(struct worktree *w);
void worktree_release(struct worktree *w);
/* True when path (existing, or a new file whose parent exists) resolves inside the tree. */
bool worktree_contains(const struct worktree *w, const char *path);
/* Records "<path> is outside the working tree" (outside_tree) unless inside or allowed. */
enum lets_err worktree_check(const struct worktree *w, const char *path, bool allow_outside, struct diag *d);

#endif
