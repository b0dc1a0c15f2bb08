#include "worktree.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alloc.h"
#include "buf.h"

/* Climbs from the current directory to the root, for when an ancestor cannot be searched by
 * path; failing that, the tree shrinks to the current directory (smaller, never larger). */
static int open_root_from_cwd(struct worktree *w)
{
	int fd = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	for (const char *p = w->cwd_rel; fd >= 0 && *p; p++) {
		if (*p != '/' && (p[1] == '/' || !p[1])) {
			int up = openat(fd, "..", O_PATH | O_DIRECTORY | O_CLOEXEC);
			if (up < 0) {
				free(w->cwd_rel);
				w->cwd_rel = xstrdup("");
				return fd;
			}
			close(fd);
			fd = up;
		}
	}
	return fd;
}

static void hold_root(struct worktree *w)
{
	w->root_fd = open(w->root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (w->root_fd < 0)
		w->root_fd = open_root_from_cwd(w);
	struct stat st;
	if (w->root_fd < 0 || fstat(w->root_fd, &st) < 0) {
		w->cwd_errno = errno;
		worktree_release(w);
	} else {
		w->root_dev = st.st_dev;
		w->root_ino = st.st_ino;
	}
}

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
	w->root_fd = -1;
	char *cwd = realpath(".", NULL);
	if (!cwd && errno != ENOENT) {
		/* an ancestor is unreadable: the tree is the current directory, held as it is */
		w->root = xstrdup(".");
		w->cwd_rel = xstrdup("");
		hold_root(w);
		return;
	}
	if (!cwd) {
		w->cwd_errno = errno;
		return;
	}
	char *top = worktree_top(cwd);
	/* no repository: the tree is the directory lets runs in */
	size_t len = top ? strlen(top) : strlen(cwd);
	free(top);
	w->root = xstrndup(cwd, len ? len : 1);
	const char *rel = cwd + len;
	while (*rel == '/')
		rel++;
	w->cwd_rel = xstrdup(rel);
	hold_root(w);
	free(cwd);
}

void worktree_limit(struct worktree *w, const char *const *roots, size_t n)
{
	w->limited = true;
	w->limit = xcalloc(n ? n : 1, sizeof(*w->limit));
	w->n_limit = n;
	for (size_t i = 0; i < n; i++) {
		struct worktree_root *r = &w->limit[i];
		struct stat st;
		r->path = xstrdup(roots[i]);
		r->fd = roots[i][0] == '/' ? open(roots[i], O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1;
		if (r->fd >= 0 && fstat(r->fd, &st) < 0) {
			close(r->fd);
			r->fd = -1;
		}
		if (r->fd >= 0) {
			r->dev = st.st_dev;
			r->ino = st.st_ino;
		}
	}
}

bool worktree_is_bound(const struct worktree *w, dev_t dev, ino_t ino)
{
	if (!w->limited)
		return w->root_fd >= 0 && dev == w->root_dev && ino == w->root_ino;
	for (size_t i = 0; i < w->n_limit; i++)
		if (w->limit[i].fd >= 0 && dev == w->limit[i].dev && ino == w->limit[i].ino)
			return true;
	return false;
}

void worktree_release(struct worktree *w)
{
	if (w->root_fd >= 0)
		close(w->root_fd);
	free(w->root);
	free(w->cwd_rel);
	w->root = w->cwd_rel = NULL;
	w->root_fd = -1;
	for (size_t i = 0; i < w->n_limit; i++) {
		if (w->limit[i].fd >= 0)
			close(w->limit[i].fd);
		free(w->limit[i].path);
	}
	free(w->limit);
	w->limit = NULL;
	w->n_limit = 0;
	w->limited = false;
}
