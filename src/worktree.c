#include "worktree.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alloc.h"
#include "buf.h"

char *worktree_find_up(const char *dir, const char *const *names, bool regular_only, const char **which)
{
	char *cur = xstrdup(dir);
	struct buf probe = BUF_INIT;
	for (;;) {
		for (const char *const *n = names; *n; n++) {
			buf_truncate(&probe, 0);
			buf_addf(&probe, "%s/%s", strcmp(cur, "/") ? cur : "", *n);
			struct stat st;
			if (stat(probe.data, &st) == 0 && (!regular_only || S_ISREG(st.st_mode))) {
				*which = *n;
				buf_release(&probe);
				return cur;
			}
		}
		char *slash = strrchr(cur, '/');
		if (!slash || !strcmp(cur, "/"))
			break;
		slash[slash == cur] = '\0'; /* "/a" steps to "/" */
	}
	buf_release(&probe);
	free(cur);
	return NULL;
}

char *worktree_top(const char *dir)
{
	static const char *const git[] = {".git", NULL};
	const char *which;
	return worktree_find_up(dir, git, false, &which);
}

void worktree_init(struct worktree *w)
{
	char *cwd = realpath(".", NULL);
	w->root = cwd ? worktree_top(cwd) : NULL;
	/* no repository: the tree is the directory lets runs in */
	w->root = w->root ? w->root : cwd ? cwd : xstrdup("/");
	if (w->root != cwd)
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
