#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* O_PATH */
#endif
#include "resolve.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/openat2.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "alloc.h"
#include "buf.h"
#include "worktree.h"

/* One directory of the walk; fd -1 marks a directory that does not exist yet (virtual). */
struct step {
	int fd;
	char *name; /* owned; for a virtual step, what to create */
	dev_t dev;
	ino_t ino;
};

/* The walk down one path: the directories stepped through so far, a stack that `..` pops. Named
 * trail_* so as not to be taken for walk.c's directory-tree walk. */
struct trail {
	struct step *s;
	size_t n, cap;
	long root_at; /* index of the tree root in s, or -1 */
	int links;
	const struct worktree *w;
};

static void trail_pop(struct trail *k)
{
	struct step *t = &k->s[--k->n];
	if (t->fd >= 0)
		close(t->fd);
	free(t->name);
	if ((long)k->n == k->root_at)
		k->root_at = -1;
}

static void trail_release(struct trail *k)
{
	while (k->n)
		trail_pop(k);
	free(k->s);
}

/* Pushes an open directory fd (owned by the walk from now on). */
static void trail_push(struct trail *k, int fd, const char *name)
{
	struct stat st;
	XGROW(k->s, k->cap, k->n + 1);
	struct step *t = &k->s[k->n++];
	t->fd = fd;
	t->name = xstrdup(name);
	t->dev = 0;
	t->ino = 0;
	if (fd >= 0 && fstat(fd, &st) == 0) {
		t->dev = st.st_dev;
		t->ino = st.st_ino;
		/* the outermost bound directory on the stack: the path is inside while it stays */
		if (k->root_at < 0 && worktree_is_bound(k->w, st.st_dev, st.st_ino))
			k->root_at = (long)k->n - 1;
	}
}

/* A directory opened for reading where allowed (fsync and the debris sweep need that), else as a
 * bare path handle, which is still enough to resolve names beneath it. */
static int open_dir_at(int at, const char *name)
{
	int fd = openat(at, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 && errno == EACCES)
		fd = openat(at, name, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	return fd;
}

static bool trail_start(struct trail *k, bool absolute)
{
	while (k->n)
		trail_pop(k);
	k->root_at = -1;
	int fd = absolute ? open_dir_at(AT_FDCWD, "/") : fcntl(k->w->root_fd, F_DUPFD_CLOEXEC, 0);
	if (fd < 0)
		return false;
	trail_push(k, fd, "/");
	return true;
}

/* Splits the next component off *rest; false at the end. */
static bool next_component(const char **rest, const char **comp, size_t *len)
{
	const char *p = *rest;
	while (*p == '/')
		p++;
	if (!*p)
		return false;
	const char *e = strchr(p, '/');
	if (!e)
		e = p + strlen(p);
	*comp = p;
	*len = (size_t)(e - p);
	*rest = e;
	return true;
}

static bool only_slashes(const char *s)
{
	while (*s == '/')
		s++;
	return !*s;
}

static enum lets_err os_fail(struct diag *d, const char *path, int err)
{
	enum lets_err code = err == ENOENT || err == ENOTDIR ? E_NOT_FOUND : E_IO_ERROR;
	return diag_add(d, code, "%s: %s (os error %d)", path, strerror(err), err);
}

static enum lets_err outside(const struct worktree *w, struct diag *d, const char *path)
{
	if (w->limited)
		return diag_add(d, E_OUTSIDE_TREE, "%s is outside the client's roots", path);
	return diag_add(d, E_OUTSIDE_TREE, "%s is outside the working tree", path);
}

/* `..`: pop the walk's own stack; at its bottom ask the kernel for the held directory's parent. */
static int step_up(struct trail *k)
{
	if (k->n > 1) {
		trail_pop(k);
		return 0;
	}
	struct step *t = &k->s[0];
	int up = openat(t->fd, "..", O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (up < 0)
		return -1;
	struct stat st;
	if (fstat(up, &st) == 0 && st.st_dev == t->dev && st.st_ino == t->ino) {
		close(up); /* "/" is its own parent */
		return 0;
	}
	trail_pop(k);
	trail_push(k, up, "..");
	return 0;
}

/* Replaces the walk's input with the link's target followed by what was left. */
static int follow_link(struct trail *k, const struct step *t, const char *name, const char *rest,
		       struct buf *in)
{
	char target[PATH_MAX];
	ssize_t n = readlinkat(t->fd, name, target, sizeof(target) - 1);
	if (n < 0)
		return -1;
	target[n] = '\0';
	if (++k->links > RESOLVE_MAX_LINKS) {
		errno = ELOOP;
		return -1;
	}
	struct buf next = BUF_INIT;
	buf_adds(&next, target);
	buf_adds(&next, rest); /* rest starts at its '/', or is empty after the last component */
	if (target[0] == '/' && !trail_start(k, true)) {
		buf_release(&next);
		return -1;
	}
	buf_release(in);
	*in = next;
	return 0;
}

struct trail_end {
	char *name; /* owned; NULL when the path named a directory by its syntax */
	bool exists;
	struct stat st;
};

/* Runs the walk over in (consumed). Returns 0, or an errno; ELOOP means unprovable. */
static int trail_run(struct trail *k, struct buf *in, struct trail_end *end)
{
	const char *rest = buf_str(in);
	const char *comp;
	size_t len;
	while (next_component(&rest, &comp, &len)) {
		char *name = xstrndup(comp, len);
		bool last = only_slashes(rest), dir_syntax = *rest == '/';
		struct step *t = &k->s[k->n - 1];
		int rc = 0;
		if (!strcmp(name, ".")) {
			/* nothing */
		} else if (!strcmp(name, "..")) {
			rc = t->fd < 0 ? (trail_pop(k), 0) : step_up(k);
		} else if (t->fd < 0) {
			trail_push(k, -1, name);
			if (last && !dir_syntax) {
				trail_pop(k);
				end->name = name;
				return 0;
			}
		} else {
			struct stat st;
			if (fstatat(t->fd, name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
				if (errno != ENOENT) {
					rc = errno;
				} else if (last && !dir_syntax) {
					end->name = name;
					return 0;
				} else {
					trail_push(k, -1, name);
				}
			} else if (S_ISLNK(st.st_mode)) {
				if (follow_link(k, t, name, rest, in) < 0)
					rc = errno;
				else
					rest = buf_str(in);
			} else if (last && !dir_syntax) {
				end->name = name;
				end->exists = true;
				end->st = st;
				return 0;
			} else if (!S_ISDIR(st.st_mode)) {
				rc = ENOTDIR;
			} else {
				int fd = open_dir_at(t->fd, name);
				if (fd < 0)
					rc = errno == ELOOP ? EAGAIN
							    : errno; /* swapped for a link meanwhile */
				else
					trail_push(k, fd, name);
			}
		}
		free(name);
		if (rc)
			return rc;
	}
	return 0; /* the path names a directory: ended in '/', '.', '..' or was "/" */
}

static enum lets_err finish(struct trail *k, struct trail_end *end, struct resolved *r)
{
	/* Hand the deepest real directory to r; the virtual ones above the name become `missing`. */
	size_t real = k->n;
	while (real && k->s[real - 1].fd < 0)
		real--;
	if (!end->name) {
		/* a directory by syntax: its own parent and name, so callers see a directory */
		r->dir_only = true;
		if (real < k->n) {
			end->name = xstrdup(k->s[k->n - 1].name);
			trail_pop(k);
		} else if (k->n > 1 && (long)k->n - 1 != k->root_at) {
			end->name = xstrdup(k->s[k->n - 1].name);
			end->exists = fstat(k->s[k->n - 1].fd, &end->st) == 0;
			trail_pop(k);
			real--;
		} else {
			end->name = xstrdup(".");
			end->exists = fstat(k->s[0].fd, &end->st) == 0;
		}
	}
	r->n_missing = k->n - real;
	r->missing = r->n_missing ? xcalloc(r->n_missing, sizeof(*r->missing)) : NULL;
	for (size_t i = real; i < k->n; i++) {
		r->missing[i - real] = k->s[i].name;
		k->s[i].name = NULL;
	}
	r->dir = k->s[real - 1].fd;
	k->s[real - 1].fd = -1;
	r->name = end->name;
	r->exists = end->exists;
	r->st = end->st;
	return LETS_OK;
}

enum lets_err resolve_path(const struct worktree *w, const char *path, bool allow_outside, bool want_parents,
			   struct resolved *r, struct diag *d)
{
	struct trail k = {.root_at = -1, .w = w};
	struct trail_end end = {0};
	struct buf in = BUF_INIT;
	enum lets_err err = LETS_OK;
	resolved_release(r);
	if (!*path)
		return diag_add(d, E_USAGE, "the path is empty \xC2\xB7 name a file");
	bool absolute = path[0] == '/';
	if (!absolute && w->root_fd < 0) {
		err = diag_add(d, E_IO_ERROR, "%s: the current directory is gone: %s (os error %d)", path,
			       strerror(w->cwd_errno), w->cwd_errno);
		goto out;
	}
	/* Bounded by other directories than the tree, a relative path is walked from "/" so that a
	 * bound above the tree's root is passed through. */
	bool from_top = absolute || (w->limited && w->root[0] == '/');
	if (!trail_start(&k, from_top)) {
		err = os_fail(d, path, errno);
		goto out;
	}
	if (!absolute && from_top)
		buf_addf(&in, "%s/", w->root);
	if (!absolute && *w->cwd_rel)
		buf_addf(&in, "%s/", w->cwd_rel);
	buf_adds(&in, path);
	int rc = trail_run(&k, &in, &end);
	/* inside a bound, or the bound itself named without a trailing slash (the client's root) */
	bool inside = k.root_at >= 0 || (!rc && end.exists && S_ISDIR(end.st.st_mode) &&
					 worktree_is_bound(w, end.st.st_dev, end.st.st_ino));
	if (rc == ELOOP || rc == EAGAIN || (!inside && !allow_outside)) {
		err = rc && allow_outside ? os_fail(d, path, rc) : outside(w, d, path);
		goto out;
	}
	if (rc) {
		err = os_fail(d, path, rc);
		goto out;
	}
	err = finish(&k, &end, r);
	end.name = NULL;
	if (!err && r->n_missing && !want_parents) {
		resolved_release(r);
		err = os_fail(d, path, ENOENT);
	}
out:
	free(end.name);
	buf_release(&in);
	trail_release(&k);
	return err;
}

enum lets_err resolve_make_parents(struct resolved *r, const char *path, struct diag *d)
{
	while (r->n_missing) {
		char *name = r->missing[0];
		if (mkdirat(r->dir, name, 0777) < 0 && errno != EEXIST)
			return diag_add(d, E_IO_ERROR, "creating the directories for %s failed: %s", path,
					strerror(errno));
		int fd = open_dir_at(r->dir, name);
		if (fd < 0)
			return diag_add(d, E_IO_ERROR, "creating the directories for %s failed: %s", path,
					strerror(errno));
		close(r->dir);
		r->dir = fd;
		free(name);
		memmove(r->missing, r->missing + 1, --r->n_missing * sizeof(*r->missing));
	}
	return LETS_OK;
}

int resolve_open(const struct resolved *r)
{
	return openat(r->dir, r->name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
}

/* path relative to the root, in buf; NULL when it cannot be said without a walk (an absolute path
 * elsewhere, a path too long for buf). */
static const char *rel_to_root(const struct worktree *w, const char *path, char *buf, size_t size)
{
	if (path[0] == '/') {
		size_t n = w->root ? strlen(w->root) : 0;
		if (!n || w->root[0] != '/' || strncmp(path, w->root, n))
			return NULL;
		if (n == 1)
			n = 0;
		if (path[n] != '/' && path[n])
			return NULL;
		while (path[n] == '/')
			n++;
		return path[n] ? path + n : ".";
	}
	if (!*w->cwd_rel)
		return path;
	int len = snprintf(buf, size, "%s/%s", w->cwd_rel, path);
	return len > 0 && (size_t)len < size ? buf : NULL;
}

static int open_beneath_walk(const struct worktree *w, const char *path, int flags)
{
	struct resolved r = RESOLVED_INIT;
	struct diag d = DIAG_INIT;
	enum lets_err e = resolve_path(w, path, false, false, &r, &d);
	int fd = -1, err = e == E_OUTSIDE_TREE ? EXDEV : e == E_NOT_FOUND ? ENOENT : e ? EIO : 0;
	if (!e && !r.exists)
		err = ENOENT;
	if (!err) {
		fd = openat(r.dir, r.name, flags | O_NOFOLLOW | O_CLOEXEC);
		err = errno;
	}
	resolved_release(&r);
	diag_release(&d);
	errno = err;
	return fd;
}

/* The held bound (the root, or the limit) path lies beneath by its text, and path relative to
 * it in buf; -1 when none can be said without the walk. */
static int bound_of(const struct worktree *w, const char *path, char *buf, size_t size, const char **rel)
{
	if (!w->limited) {
		*rel = rel_to_root(w, path, buf, size);
		return *rel ? w->root_fd : -1;
	}
	char abs[PATH_MAX];
	int len = path[0] == '/' ? snprintf(abs, sizeof(abs), "%s", path)
				 : snprintf(abs, sizeof(abs), "%s/%s%s%s", w->root, w->cwd_rel,
					    *w->cwd_rel ? "/" : "", path);
	if (len <= 0 || (size_t)len >= sizeof(abs) || abs[0] != '/')
		return -1;
	for (size_t i = 0; i < w->n_limit; i++) {
		const struct worktree_root *r = &w->limit[i];
		size_t n = strlen(r->path);
		while (n > 1 && r->path[n - 1] == '/')
			n--;
		if (r->fd < 0 || strncmp(abs, r->path, n) || (n > 1 && abs[n] && abs[n] != '/'))
			continue;
		const char *p = abs + n;
		while (*p == '/')
			p++;
		if (snprintf(buf, size, "%s", *p ? p : ".") >= (int)size)
			return -1;
		*rel = buf;
		return r->fd;
	}
	return -1;
}

int resolve_open_beneath(const struct worktree *w, const char *path, int flags)
{
	char buf[PATH_MAX];
	if (w->root_fd < 0) {
		errno = EXDEV;
		return -1;
	}
	const char *rel = NULL;
	int at = *path ? bound_of(w, path, buf, sizeof(buf), &rel) : -1;
	if (at >= 0) {
		struct open_how how = {.flags = (uint64_t)(flags | O_CLOEXEC),
				       .resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS};
		int fd = (int)syscall(SYS_openat2, at, rel, &how, sizeof(how));
		/* the walk answers what openat2 cannot: an old kernel, a rename mid-walk, an absolute link */
		if (fd >= 0 || (errno != ENOSYS && errno != EINVAL && errno != E2BIG && errno != EAGAIN &&
				errno != EXDEV))
			return fd;
	}
	return open_beneath_walk(w, path, flags);
}

void resolved_release(struct resolved *r)
{
	if (r->dir >= 0)
		close(r->dir);
	free(r->name);
	for (size_t i = 0; i < r->n_missing; i++)
		free(r->missing[i]);
	free(r->missing);
	memset(r, 0, sizeof(*r));
	r->dir = -1;
}

bool resolve_contains(const struct worktree *w, const char *path)
{
	struct diag d = DIAG_INIT;
	struct resolved r = RESOLVED_INIT;
	bool inside = resolve_path(w, path, false, true, &r, &d) != E_OUTSIDE_TREE;
	resolved_release(&r);
	diag_release(&d);
	return inside;
}

enum lets_err resolve_check(const struct worktree *w, const char *path, bool allow_outside, struct diag *d)
{
	struct diag rd = DIAG_INIT;
	struct resolved r = RESOLVED_INIT;
	enum lets_err e = resolve_path(w, path, allow_outside, true, &r, &rd);
	resolved_release(&r);
	/* only the boundary is judged here; a missing or unreadable file is the read's to report */
	if (e == E_OUTSIDE_TREE || (e == E_IO_ERROR && w->root_fd < 0 && path[0] != '/'))
		diag_add(d, e, "%s", rd.items[0].message);
	else
		e = LETS_OK;
	diag_release(&rd);
	return e;
}
