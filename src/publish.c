#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* renameat2, mkostemp */
#endif
#include "publish.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "alloc.h"
#include "buf.h"
#include "file.h"
#include "lock.h"

bool publish_same(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino && a->st_size == b->st_size &&
	       a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

static int write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* mkdir -p for the directories above path. */
static int make_parents(const char *path)
{
	char *copy = xstrdup(path);
	int rc = 0;
	for (char *p = copy + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = 0;
		if (mkdir(copy, 0777) < 0 && errno != EEXIST) {
			rc = -1;
			*p = '/';
			break;
		}
		*p = '/';
	}
	free(copy);
	return rc;
}

static void split_dir(const char *path, struct buf *dir, const char **base)
{
	const char *slash = strrchr(path, '/');
	if (!slash) {
		buf_adds(dir, ".");
		*base = path;
	} else {
		buf_add(dir, path, slash == path ? 1 : (size_t)(slash - path));
		*base = slash + 1;
	}
}

/* What the current bytes hash to, for the `changed` message. */
static void current_sha(const char *path, char out[13])
{
	struct buf b = BUF_INIT;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	strcpy(out, "????????????");
	if (fd >= 0) {
		buf_read_fd(&b, fd);
		close(fd);
		sha12(buf_str(&b), b.len, out);
	}
	buf_release(&b);
}

void publish_op_release(struct publish_op *op)
{
	if (op->fd >= 0)
		close(op->fd);
	if (op->tmp && !op->done)
		unlink(op->tmp);
	free(op->path);
	free(op->target);
	free(op->dir);
	free(op->tmp);
	free(op->read_sha);
	memset(op, 0, sizeof(*op));
	op->fd = -1;
}

enum lets_err publish_prepare(struct publish_op *op, const char *path, const char *data, size_t len,
			      const struct stat *expected, const char *read_sha, struct diag *d)
{
	enum lets_err err = LETS_OK;
	struct buf dir = BUF_INIT, tmp = BUF_INIT;
	const char *base;
	struct stat lst;
	memset(op, 0, sizeof(*op));
	op->fd = -1;
	op->path = xstrdup(path);
	op->read_sha = read_sha ? xstrdup(read_sha) : NULL;
	if (expected) {
		op->expected = *expected;
		op->replace = true;
	}
	/* Replace a symlink's target, not the link. */
	if (expected && lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode)) {
		op->target = realpath(path, NULL);
		if (!op->target)
			return diag_add(d, E_IO_ERROR, "resolving %s failed: %s", path, strerror(errno));
	} else {
		op->target = xstrdup(path);
	}
	split_dir(op->target, &dir, &base);
	if (!expected && make_parents(op->target) < 0) {
		err = diag_add(d, E_IO_ERROR, "creating the directories for %s failed: %s", path, strerror(errno));
		goto out;
	}
	buf_addf(&tmp, "%s/.%s.lets-XXXXXX", dir.data, base);
	op->fd = mkostemp(tmp.data, O_CLOEXEC);
	if (op->fd < 0) {
		err = diag_add(d, E_IO_ERROR, "writing %s failed: %s", path, strerror(errno));
		goto out;
	}
	op->tmp = buf_detach(&tmp);
	op->dir = buf_detach(&dir);
	mode_t mode;
	if (expected) {
		mode = expected->st_mode & 07777;
		if (geteuid() == 0 && fchown(op->fd, expected->st_uid, expected->st_gid) < 0) {
			err = diag_add(d, E_IO_ERROR, "keeping the owner of %s failed: %s", path, strerror(errno));
			goto out;
		}
	} else {
		mode_t mask = umask(0);
		umask(mask);
		mode = 0666 & ~mask;
	}
	if (fchmod(op->fd, mode) < 0 || write_all(op->fd, data, len) < 0) {
		err = diag_add(d, E_IO_ERROR, "writing %s failed: %s", path, strerror(errno));
		goto out;
	}
	/* start the write-back now; publish_sync waits for it, for every file of a batch at once */
	sync_file_range(op->fd, 0, 0, SYNC_FILE_RANGE_WRITE);
out:
	buf_release(&dir);
	buf_release(&tmp);
	return err;
}

enum lets_err publish_sync(struct publish_op *ops, size_t n, struct diag *d)
{
	for (size_t i = 0; i < n; i++)
		if (fsync(ops[i].fd) < 0)
			return diag_add(d, E_IO_ERROR, "writing %s failed: %s", ops[i].path, strerror(errno));
	return LETS_OK;
}

enum lets_err publish_commit(struct publish_op *op, struct lockset *locks, struct stat *now, struct diag *d)
{
	/* Anyone who opens the new inode after the rename waits until we are done with it. */
	if (locks && flock(op->fd, LOCK_EX) < 0)
		return diag_add(d, E_IO_ERROR, "locking %s failed: %s", op->path, strerror(errno));
	if (op->replace) {
		struct stat cur;
		if (stat(op->target, &cur) < 0 || !publish_same(&cur, &op->expected)) {
			char sha[13];
			current_sha(op->target, sha);
			return diag_add(d, E_CHANGED, "%s changed since sha:%s (now sha:%s)", op->path,
					op->read_sha ? op->read_sha : "?", sha);
		}
		if (rename(op->tmp, op->target) < 0)
			return diag_add(d, E_IO_ERROR, "replacing %s failed: %s", op->path, strerror(errno));
	} else if (renameat2(AT_FDCWD, op->tmp, AT_FDCWD, op->target, RENAME_NOREPLACE) < 0) {
		if (errno == EEXIST)
			return diag_add(d, E_EXISTS, "%s appeared while lets was writing it \xC2\xB7 pass --force to overwrite",
					op->path);
		return diag_add(d, E_IO_ERROR, "creating %s failed: %s", op->path, strerror(errno));
	}
	op->done = true;
	if (now && fstat(op->fd, now) < 0)
		memset(now, 0, sizeof(*now));
	if (locks) {
		lockset_adopt(locks, op->fd);
		op->fd = -1;
	}
	return LETS_OK;
}

void publish_sync_dirs(const struct publish_op *ops, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (!ops[i].done)
			continue;
		bool seen = false;
		for (size_t k = 0; k < i && !seen; k++)
			seen = ops[k].done && !strcmp(ops[k].dir, ops[i].dir);
		if (seen)
			continue;
		int dfd = open(ops[i].dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (dfd >= 0) {
			fsync(dfd);
			close(dfd);
		}
	}
}

enum lets_err publish(const char *path, const char *data, size_t len, const struct stat *expected,
		      const char *read_sha, struct lockset *locks, struct stat *now, struct diag *d)
{
	struct publish_op op;
	enum lets_err err = publish_prepare(&op, path, data, len, expected, read_sha, d);
	if (!err)
		err = publish_sync(&op, 1, d);
	if (!err)
		err = publish_commit(&op, locks, now, d);
	if (!err)
		publish_sync_dirs(&op, 1);
	publish_op_release(&op);
	return err;
}

static bool item_unchanged(const struct publish_item *it)
{
	return it->old_data && it->new_len == it->old_len && !memcmp(it->new_data, it->old_data, it->old_len);
}

/* Renames each prepared op into place in order; stops at the first failure. */
static enum lets_err commit_ops(struct publish_op *ops, const size_t *item_of, size_t n_ops,
				struct publish_item *items, struct lockset *locks, size_t *failed,
				long *landed, struct diag *pd)
{
	for (size_t k = 0; k < n_ops; k++) {
		struct publish_item *it = &items[item_of[k]];
		enum lets_err e = publish_commit(&ops[k], locks, &it->written, pd);
		if (e) {
			*failed = item_of[k];
			return e;
		}
		it->landed = true;
		(*landed)++;
	}
	return LETS_OK;
}

enum lets_err publish_batch(struct publish_item *items, size_t n, struct lockset *locks, size_t *failed,
			    long *landed, struct diag *d)
{
	struct publish_op *ops = xcalloc(n ? n : 1, sizeof(*ops));
	size_t *item_of = xcalloc(n ? n : 1, sizeof(*item_of));
	size_t n_ops = 0, where = n;
	struct diag pd = DIAG_INIT;
	enum lets_err e = LETS_OK;
	*landed = 0;
	for (size_t i = 0; i < n && !e; i++) {
		const struct publish_item *it = &items[i];
		if (item_unchanged(it))
			continue;
		item_of[n_ops] = i;
		e = publish_prepare(&ops[n_ops++], it->path, it->new_data, it->new_len, it->expected,
				    it->read_sha, &pd);
		if (e)
			where = i;
	}
	if (!e)
		e = publish_sync(ops, n_ops, &pd);
	if (!e)
		e = commit_ops(ops, item_of, n_ops, items, locks, &where, landed, &pd);
	if (e && *landed) {
		e = diag_add(d, E_PARTIAL_BATCH, "batch partially written: %ld landed, %s failed: %s",
			     *landed, items[where].path, pd.items[0].message);
	} else if (e) {
		diag_add(d, pd.items[0].code, "%s", pd.items[0].message);
	}
	publish_sync_dirs(ops, n_ops);
	for (size_t k = 0; k < n_ops; k++)
		publish_op_release(&ops[k]);
	free(ops);
	free(item_of);
	diag_release(&pd);
	if (failed)
		*failed = where;
	return e;
}

long publish_revert(struct publish_item *items, size_t n, struct lockset *locks, struct diag *d)
{
	long reverted = 0;
	for (size_t i = 0; i < n; i++) {
		struct publish_item *it = &items[i];
		if (!it->landed || !it->old_data)
			continue;
		enum lets_err e = publish(it->path, it->old_data, it->old_len, &it->written, it->new_sha, locks,
					  NULL, d);
		reverted += e == LETS_OK;
	}
	return reverted;
}
