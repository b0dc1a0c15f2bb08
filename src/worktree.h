/* The working-tree boundary: lets acts only inside the tree it was started in (or, under lets mcp,
 * beneath the client's roots) unless --allow-outside. The tree is the nearest ancestor of the current directory holding .git, else
 * the current directory. The root is opened once and held as a directory descriptor; targets are
 * resolved beneath it by resolve.h, never by joining path strings, so a symlink pointing out of
 * the tree, a `..` through a missing directory or a link chain too long to follow is outside.
 * Fail closed: what cannot be proven inside is outside. */
#ifndef LETS_WORKTREE_H
#define LETS_WORKTREE_H
#include <stdbool.h>
#include <sys/types.h>

#include "error.h"

/* A directory a path may lie beneath, held (worktree_limit). */
struct worktree_root {
	char *path; /* owned, absolute */
	int fd; /* -1 when it could not be opened: nothing is beneath it */
	dev_t dev;
	ino_t ino;
};

struct worktree {
	char *root; /* owned, resolved; NULL when the current directory is gone */
	char *cwd_rel; /* owned; the current directory relative to root ("" at the root) */
	int root_fd; /* the root, held; -1 when the current directory is gone */
	dev_t root_dev;
	ino_t root_ino;
	int cwd_errno; /* why the current directory could not be resolved; 0 when it could */
	/* When limited, a path is inside when it lies beneath one of these (lets mcp's client
	 * roots), whatever the tree: relative paths still start at the current directory. */
	bool limited;
	struct worktree_root *limit;
	size_t n_limit;
};
#define WORKTREE_INIT         \
	{                     \
		.root_fd = -1 \
	}

/* Finds and opens the root. A vanished current directory leaves root NULL and cwd_errno set:
 * every relative path then fails with io_error and every absolute one is outside. */
void worktree_init(struct worktree *w);
/* The nearest of dir (absolute) and its ancestors, up to "/", holding an entry named one of names
 * (NULL-terminated; any type, links followed, or only a regular file when regular_only). Returns
 * it (owned) and points *which at the name found, or returns NULL. The one upward search: the
 * repository top (worktree_top), and check's manifests for --check presets. */
char *worktree_find_up(const char *dir, const char *const *names, bool regular_only, const char **which);
/* The repository top: the nearest of dir (absolute) and its ancestors holding .git, or NULL. */
char *worktree_top(const char *dir);
/* Bounds w by the directories roots[0..n) (absolute, resolved) instead of the tree: each is held
 * now; one that cannot be opened holds nothing. */
void worktree_limit(struct worktree *w, const char *const *roots, size_t n);
/* Whether dev/ino is a directory that bounds w: the root, or when limited one of the limits. */
bool worktree_is_bound(const struct worktree *w, dev_t dev, ino_t ino);
void worktree_release(struct worktree *w);

#endif
