/* Per-file write locks, held by every lets process that writes a file, so two lets calls never
 * interleave a read-modify-write of the same file.
 *
 * A lock is flock(2) on the file's inode. Because a write replaces the inode (publish renames a
 * new file into place), the publisher also locks the new inode before the rename and keeps both
 * until it is done; a waiter that wakes up on the old inode sees that the path now names a
 * different inode and locks that one instead. No lock files are left anywhere.
 *
 * Locks are taken in sorted path order (two batches over the same files cannot deadlock), each
 * retried for up to LIMIT_LOCK_WAIT_S seconds (limit.h), then refused as `locked`. */
#ifndef LETS_LOCK_H
#define LETS_LOCK_H
#include <stddef.h>

#include "error.h"
#include "limit.h"

struct lockset {
	int *fds; /* open descriptors holding LOCK_EX */
	size_t n, cap;
};
#define LOCKSET_INIT \
	{            \
		0    \
	}

/* How long a lock is waited for before `locked`, in milliseconds. */
#define LOCK_WAIT_MS (LIMIT_LOCK_WAIT_S * 1000)

/* Locks each existing path (duplicates once, sorted order). A path that does not exist is
 * skipped: there is nothing to lock yet, and publish refuses to create over a newcomer.
 * Records `locked` (or io_error) in d; on failure ls keeps what it had before the call. */
enum lets_err lockset_acquire(struct lockset *ls, const char *const *paths, size_t n, struct diag *d);
/* Locks name inside the held directory dir (never following a symlink) and adds it to ls; *fd
 * is the locked descriptor, still owned by ls, to read the file through, or -1 when name does
 * not exist. Records `locked` or io_error naming path. */
enum lets_err lockset_acquire_at(struct lockset *ls, int dir, const char *name, const char *path, int *fd,
				 struct diag *d);
/* Takes ownership of fd, already locked by the caller, until lockset_release. */
void lockset_adopt(struct lockset *ls, int fd);
/* Unlocks and closes everything; accepts a zeroed set. */
void lockset_release(struct lockset *ls);

#endif
