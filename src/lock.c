#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* flock, clock_gettime */
#endif
#include "lock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "alloc.h"
#include "walk.h"

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void lockset_adopt(struct lockset *ls, int fd)
{
	XGROW(ls->fds, ls->cap, ls->n + 1);
	ls->fds[ls->n++] = fd;
}

/* Locks the inode path names right now. Returns the fd, -1 for a missing path, -2 after the
 * wait ran out (errno kept for other failures: -3). */
static int lock_one(int dir, const char *path, int nofollow, long deadline)
{
	for (;;) {
		int fd = openat(dir, path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK | nofollow);
		if (fd < 0)
			return errno == ENOENT ? -1 : -3;
		while (flock(fd, LOCK_EX | LOCK_NB) < 0) {
			if (errno != EWOULDBLOCK && errno != EINTR) {
				int e = errno;
				close(fd);
				errno = e;
				return -3;
			}
			if (now_ms() >= deadline) {
				close(fd);
				return -2;
			}
			struct timespec nap = {0, 2 * 1000 * 1000};
			nanosleep(&nap, NULL);
		}
		/* The holder may have renamed a new file over the one we waited on: lock that one. */
		struct stat held, cur;
		if (fstat(fd, &held) == 0 &&
		    fstatat(dir, path, &cur, nofollow ? AT_SYMLINK_NOFOLLOW : 0) == 0 &&
		    held.st_dev == cur.st_dev && held.st_ino == cur.st_ino)
			return fd;
		close(fd);
		if (now_ms() >= deadline)
			return -2;
	}
}

static enum lets_err lock_failed(int fd, const char *path, struct diag *d)
{
	if (fd == -2)
		return diag_add(d, E_LOCKED,
				"%s is locked by another lets process (waited " LIMIT_STR(
					LIMIT_LOCK_WAIT_S) " s) \xC2\xB7 retry the call",
				path);
	if (fd < 0)
		return diag_add(d, E_IO_ERROR, "locking %s failed: %s", path, strerror(errno));
	return LETS_OK;
}

enum lets_err lockset_acquire_at(struct lockset *ls, int dir, const char *name, const char *path, int *fd,
				 struct diag *d)
{
	*fd = lock_one(dir, name, O_NOFOLLOW, now_ms() + LOCK_WAIT_MS);
	if (*fd == -1)
		return LETS_OK;
	enum lets_err err = lock_failed(*fd, path, d);
	if (err)
		*fd = -1;
	else
		lockset_adopt(ls, *fd);
	return err;
}

enum lets_err lockset_acquire(struct lockset *ls, const char *const *paths, size_t n, struct diag *d)
{
	const char **sorted = xmalloc((n ? n : 1) * sizeof(*sorted));
	memcpy(sorted, paths, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), cmp_str);
	size_t had = ls->n;
	enum lets_err err = LETS_OK;
	long deadline = now_ms() + LOCK_WAIT_MS;
	for (size_t i = 0; i < n; i++) {
		if (i && !strcmp(sorted[i], sorted[i - 1]))
			continue;
		int fd = lock_one(AT_FDCWD, sorted[i], 0, deadline);
		if (fd == -1)
			continue;
		if ((err = lock_failed(fd, sorted[i], d)))
			break;
		lockset_adopt(ls, fd);
	}
	if (err) {
		while (ls->n > had)
			close(ls->fds[--ls->n]);
	}
	free(sorted);
	return err;
}

/* The descriptors of a release, closed by several threads at once (lockset_release). */
struct closing {
	const int *fds;
	size_t n, next; /* next: the next one to close (atomic) */
};

static void close_some(void *ctx, unsigned worker)
{
	(void)worker;
	struct closing *c = ctx;
	for (size_t i; (i = __atomic_fetch_add(&c->next, 1, __ATOMIC_RELAXED)) < c->n;)
		close(c->fds[i]);
}

/* The most threads a release closes with: each one mostly waits in the kernel, not on a core. */
#define CLOSE_THREADS 16

void lockset_release(struct lockset *ls)
{
	/* After a publish the set holds the replaced inodes, now unlinked: the last close frees one,
	 * and ext4 then waits for its journal (4 ms, a timer tick, each, measured with perf trace on
	 * a 10-file edit). Closed together the waits overlap, as the journal batches them. */
	struct closing c = {.fds = ls->fds, .n = ls->n};
	unsigned threads = ls->n < CLOSE_THREADS ? (unsigned)ls->n : CLOSE_THREADS;
	if (threads > 2)
		walk_parallel(threads, close_some, &c);
	else
		close_some(&c, 0);
	free(ls->fds);
	memset(ls, 0, sizeof(*ls));
}
