#include "worktree.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alloc.h"
#include "buf.h"

void worktree_init(struct worktree *w)
{
	char *cwd = realpath(".", NULL);
	if (!cwd) {
		w->root = xstrdup("/");
		return;
	}
	struct buf probe = BUF_INIT;
	size_t len = strlen(cwd);
	for (;;) {
		struct stat st;
		buf_truncate(&probe, 0);
		buf_add(&probe, cwd, len);
		buf_adds(&probe, "/.git");
		if (stat(probe.data, &st) == 0) {
			w->root = xstrndup(cwd, len ? len : 1);
			break;
		}
		char *slash = len ? memrchr(cwd, '/', len) : NULL;
		if (!slash || slash == cwd) {
			w->root = xstrdup(cwd); /* no repository: the tree is the directory lets runs in */
			break;
		}
		len = (size_t)(slash - cwd);
	}
	buf_release(&probe);
	free(cwd);
}

void worktree_release(struct worktree *w)
{
	free(w->root);
	w->root = NULL;
}

/* The resolved path, or for a path that does not exist yet, its nearest existing ancestor
 * resolved plus the rest as typed (so `write new/dir/f` is judged by where it would land). */
static char *resolve(const char *path)
{
	char *r = realpath(path, NULL);
	if (r || errno != ENOENT)
		return r;
	char *copy = xstrdup(path);
	char *slash = strrchr(copy, '/');
	char *parent_real;
	const char *rest;
	if (!slash) {
		parent_real = realpath(".", NULL);
		rest = copy;
	} else {
		*slash = '\0';
		parent_real = resolve(*copy ? copy : "/");
		rest = slash + 1;
	}
	char *out = NULL;
	if (parent_real) {
		struct buf b = BUF_INIT;
		buf_addf(&b, "%s/%s", parent_real, rest);
		out = buf_detach(&b);
		free(parent_real);
	}
	free(copy);
	return out;
}

bool worktree_contains(const struct worktree *w, const char *path)
{
	char *r = resolve(path);
	if (!r)
		return true; /* unresolvable: the read itself will report why */
	size_t n = strlen(w->root);
	bool inside = !strcmp(w->root, "/") ||
		      (!strncmp(r, w->root, n) && (r[n] == '\0' || r[n] == '/'));
	free(r);
	return inside;
}

enum lets_err worktree_check(const struct worktree *w, const char *path, bool allow_outside, struct diag *d)
{
	if (allow_outside || worktree_contains(w, path))
		return LETS_OK;
	return diag_add(d, E_OUTSIDE_TREE, "%s is outside the working tree", path);
}
