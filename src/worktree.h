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
/* The nearest of dir (absolute) and its ancestors, up to "/", holding an entry named one of names
 * (NULL-terminated; any type, links followed, or only a regular file when regular_only). Returns
 * it (owned) and points *which at the name found, or returns NULL. The one upward search: the
 * repository top (worktree_top), and check's manifests for --check presets. */
char *worktree_find_up(const char *dir, const char *const *names, bool regular_only, const char **which);
/* The repository top: the nearest of dir (absolute) and its ancestors holding .git, or NULL. */
char *worktree_top(const char *dir);
void worktree_release(struct worktree *w);
/* True when path (existing, or a new file whose parent exists) resolves inside the tree. */
bool worktree_contains(const struct worktree *w, const char *path);
/* Records "<path> is outside the working tree" (outside_tree) unless inside or allowed. */
enum lets_err worktree_check(const struct worktree *w, const char *path, bool allow_outside, struct diag *d);

#endif
