/* Publishing new file content so that no reader and no crash ever sees a torn file: the bytes go
 * to a temporary file in the same directory, which is fsynced, given the old file's mode (and
 * owner, when running as root), locked, checked once more against what was read, and renamed over
 * the path; then the directory is fsynced. At every instant the path holds either the old bytes
 * or the new ones.
 *
 * The identity check (device, inode, size, mtime, ctime, and the bytes' hash when it is known) is
 * the last step before the rename and turns a write that raced with another writer into a
 * `changed` refusal instead of a lost update. The rename is an exchange, so the old file is
 * looked at once more after it: a write that landed on it after the check puts it back (the
 * other writer's bytes kept, `changed`), and bytes appended to it after that last look are added
 * to the new file, as though appended just after it landed. */
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
 * the new file's stat. A symlink is followed: its target is replaced, the link kept. This form
 * resolves the path itself; publish_at is the one for a target already resolved (resolve.h). */
enum lets_err publish(const char *path, const char *data, size_t len, const struct stat *expected,
		      const char *read_sha, struct lockset *locks, struct stat *now, struct diag *d);
/* The same inside a held directory: name is a plain entry of dir, never followed; path is only
 * for messages. *xattrs_dropped (may be NULL) is set when an extended attribute or ACL of the
 * old file could not be carried over (the caller reports the `xattrs dropped` omission). */
enum lets_err publish_at(int dir, const char *name, const char *path, const char *data, size_t len,
			 const struct stat *expected, const char *read_sha, struct lockset *locks,
			 struct stat *now, bool *xattrs_dropped, struct diag *d);

/* The same in stages, so a batch pays for one round of syncs instead of one per file:
 * prepare every file (temporary written, write-back started), sync them all, then commit each
 * (lock, identity check, rename) and finally sync each directory once.
 *
 * The temporary is an unnamed O_TMPFILE in the target's directory, written, given the old file's
 * extended attributes, owner (as root) and then mode (after the data, so setuid/setgid survive),
 * and named only inside publish_commit, right before the rename, with SIGTERM, SIGINT and SIGHUP
 * held back for those two system calls: an interrupted lets leaves no copy behind. Where the
 * file system has no O_TMPFILE (or /proc is missing) it is a named file from the start. Every
 * temporary name is ".lets-<pid>-<8 hex>", short enough beside a 255-byte name, and each prepare
 * removes such leftovers in its directory whose process is gone (a SIGKILL's debris). */
struct publish_op {
	char *path, *name, *tmp, *read_sha; /* owned; tmp NULL until the temporary has a name */
	int dir; /* owned; the target's directory */
	int fd; /* the temporary; -1 once handed to a lockset */
	bool replace, done, xattrs_dropped;
	size_t len; /* of the new content */
	struct stat expected;
};
#define PUBLISH_OP_INIT             \
	{                           \
		.dir = -1, .fd = -1 \
	}
enum lets_err publish_prepare(struct publish_op *op, const char *path, const char *data, size_t len,
			      const struct stat *expected, const char *read_sha, struct diag *d);
/* publish_prepare for name in the held directory dir (duplicated, the caller keeps its own). */
enum lets_err publish_prepare_at(struct publish_op *op, int dir, const char *name, const char *path,
				 const char *data, size_t len, const struct stat *expected,
				 const char *read_sha, struct diag *d);
enum lets_err publish_sync(struct publish_op *ops, size_t n, struct diag *d);
enum lets_err publish_commit(struct publish_op *op, struct lockset *locks, struct stat *now, struct diag *d);
void publish_sync_dirs(const struct publish_op *ops, size_t n);
/* Closes the temporary and removes it unless committed; accepts a released op. */
void publish_op_release(struct publish_op *op);
/* Removes ".lets-<pid>-…" regular files in dir whose creating process no longer exists. */
void publish_sweep(int dir);

/* A batch commit for verbs that change several files at once (edit, write, transform). Every
 * temporary is written and synced before the first rename, so a failure up to then writes
 * nothing; only a failure while renaming can leave a batch partly written, and that is reported
 * as partial_batch naming what landed. */
struct publish_item {
	const char *path;
	const char *name; /* with dir: the target already resolved (resolve.h); NULL: resolve path */
	int dir;
	const char *old_data; /* as read (NULL: a new file); an item whose new bytes equal these is left
			       * alone, its mtime and inode untouched */
	size_t old_len;
	const char *new_data;
	size_t new_len;
	const struct stat *expected; /* as read; NULL: the path must not exist yet */
	const char *read_sha, *new_sha; /* the hashes of old_data and new_data, for messages */
	bool landed; /* out: renamed into place */
	struct stat written; /* out: the new file's stat once landed */
	bool xattrs_dropped; /* out: an extended attribute or ACL could not be carried over */
};
/* Publishes every changed item. On failure *failed (may be NULL) is the index of the item that
 * failed, or n when no single item did (a sync); with nothing landed d gets that item's message,
 * else one E_PARTIAL_BATCH message. *landed counts the items renamed into place. */
enum lets_err publish_batch(struct publish_item *items, size_t n, struct lockset *locks, size_t *failed,
			    long *landed, struct diag *d);
/* publish_batch for a batch whose files are not locked (more than LIMIT_BATCH_HELD: a descriptor
 * each would run out): in path order, group files at a time, each group's files are locked,
 * published as above and unlocked, so the batch holds at most 2 × group locks at once. Before
 * the first rename every file's identity is compared with the one it was read with (a change
 * meanwhile: `changed`, nothing written); each file's own commit then compares it again, its
 * bytes' hash included, under its lock. Only a change or a failure after the first group landed
 * leaves the batch partly written (partial_batch), as a failing rename does in publish_batch. */
enum lets_err publish_batch_relock(struct publish_item *items, size_t n, size_t group, size_t *failed,
				   long *landed, struct diag *d);
/* Puts old_data back into every landed item (identity: its written stat); returns how many were
 * put back. Failures go to d; a new file (old_data NULL) is left in place. */
long publish_revert(struct publish_item *items, size_t n, struct lockset *locks, struct diag *d);

/* The stages publish_batch.c shares with publish.c: the prepare stage with the sweep of a dead
 * process's temporaries as an option (a batch sweeps each directory once), and the `changed`
 * refusal naming the sha read and the sha now. */
enum lets_err publish_prepare_swept(struct publish_op *op, int dir, const char *name, const char *path,
				    const char *data, size_t len, const struct stat *expected,
				    const char *read_sha, bool sweep, struct diag *d);
enum lets_err publish_changed_error(const struct publish_op *op, struct diag *d);

#endif
