/* Publishing new file content so that no reader and no crash ever sees a torn file: the bytes go
 * to a temporary file in the same directory, which is fsynced, given the old file's mode (and
 * owner, when running as root), locked, checked once more against what was read, and renamed over
 * the path; then the directory is fsynced. At every instant the path holds either the old bytes
 * or the new ones.
 *
 * The identity check (device, inode, size, mtime) right before the rename turns a write that
 * raced with another writer into a `changed` refusal instead of a lost update. */
#ifndef LETS_PUBLISH_H
#define LETS_PUBLISH_H
#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

#include "error.h"

struct lockset;

/* True when a and b name the same file state: same device, inode, size and mtime. */
bool publish_same(const struct stat *a, const struct stat *b);

/* Replaces path with data[0..len). expected: the stat the content was read with (read_sha its
 * hash, for the message); the path must still match it (else `changed`, nothing written). expected NULL: path must not exist yet
 * (else `exists`); missing parent directories are created, mode 0666 less the umask.
 * The new inode's lock is added to locks (may be NULL). On success *now (may be NULL) holds
 * the new file's stat. A symlink is followed: its target is replaced, the link kept. */
enum lets_err publish(const char *path, const char *data, size_t len, const struct stat *expected,
		      const char *read_sha, struct lockset *locks, struct stat *now, struct diag *d);

/* The same in stages, so a batch pays for one round of syncs instead of one per file:
 * prepare every file (temporary written, write-back started), sync them all, then commit each
 * (lock, identity check, rename) and finally sync each directory once. */
struct publish_op {
	char *path, *target, *dir, *tmp, *read_sha; /* owned */
	int fd;                                     /* the temporary; -1 once handed to a lockset */
	bool replace, done;
	struct stat expected;
};
enum lets_err publish_prepare(struct publish_op *op, const char *path, const char *data, size_t len,
			      const struct stat *expected, const char *read_sha, struct diag *d);
enum lets_err publish_sync(struct publish_op *ops, size_t n, struct diag *d);
enum lets_err publish_commit(struct publish_op *op, struct lockset *locks, struct stat *now, struct diag *d);
void publish_sync_dirs(const struct publish_op *ops, size_t n);
/* Closes the temporary and removes it unless committed; accepts a released op. */
void publish_op_release(struct publish_op *op);

#endif
