#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* renameat2, O_TMPFILE, sync_file_range */
#endif
#include "publish.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/xattr.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>

#include "alloc.h"
#include "blake3.h"
#include "buf.h"
#include "file.h"
#include "keymap.h"
#include "lock.h"

#define TMP_PREFIX ".lets-"

static bool same_time(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec == b->tv_sec && a->tv_nsec == b->tv_nsec;
}

bool publish_same(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino && a->st_size == b->st_size &&
	       same_time(&a->st_mtim, &b->st_mtim) && same_time(&a->st_ctim, &b->st_ctim);
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

void publish_sweep(int dir)
{
	int fd = openat(dir, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *dp = fd >= 0 ? fdopendir(fd) : NULL;
	if (!dp) {
		if (fd >= 0)
			close(fd);
		return;
	}
	const struct dirent *e;
	while ((e = readdir(dp))) {
		if (strncmp(e->d_name, TMP_PREFIX, strlen(TMP_PREFIX)))
			continue;
		char *end;
		long pid = strtol(e->d_name + strlen(TMP_PREFIX), &end, 10);
		struct stat st;
		if (pid <= 0 || *end != '-' || strlen(end) != 9 || pid > INT_MAX)
			continue;
		if (kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue; /* alive, or not ours to judge */
		if (fstatat(dir, e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode))
			unlinkat(dir, e->d_name, 0);
	}
	closedir(dp);
}

static void tmp_name(char out[32])
{
	unsigned int r = 0;
	if (getrandom(&r, sizeof(r), GRND_NONBLOCK) != (ssize_t)sizeof(r)) {
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		r = (unsigned int)ts.tv_nsec ^ (unsigned int)(uintptr_t)out;
	}
	snprintf(out, 32, TMP_PREFIX "%d-%08x", (int)getpid(), r);
}

/* Gives the unnamed temporary a name in its directory (or creates a named one when fd < 0). */
static int name_tmp(struct publish_op *op, mode_t mode)
{
	char name[32], proc[64];
	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", op->fd);
	for (int tries = 0; tries < 100; tries++) {
		tmp_name(name);
		int rc;
		if (op->fd >= 0) {
			rc = linkat(AT_FDCWD, proc, op->dir, name, AT_SYMLINK_FOLLOW);
		} else {
			op->fd = openat(op->dir, name, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, mode);
			rc = op->fd < 0 ? -1 : 0;
		}
		if (rc == 0) {
			op->tmp = xstrdup(name);
			return 0;
		}
		if (errno != EEXIST)
			return -1;
	}
	return -1;
}

/* What the current bytes hash to, for the `changed` message. */
static void current_sha(const struct publish_op *op, char out[13])
{
	struct buf b = BUF_INIT;
	int fd = openat(op->dir, op->name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
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
	if (op->tmp && !op->done && op->dir >= 0)
		unlinkat(op->dir, op->tmp, 0);
	if (op->dir >= 0)
		close(op->dir);
	free(op->path);
	free(op->name);
	free(op->tmp);
	free(op->read_sha);
	memset(op, 0, sizeof(*op));
	op->fd = -1;
	op->dir = -1;
}

/* Carries every extended attribute (ACLs included) from src to dst; false when one was lost. */
static bool copy_xattrs(int src, int dst)
{
	ssize_t n = flistxattr(src, NULL, 0);
	if (n < 0)
		return errno == ENOTSUP;
	if (n == 0)
		return true;
	char *names = xmalloc((size_t)n + 1);
	bool ok = true;
	n = flistxattr(src, names, (size_t)n);
	for (ssize_t i = 0; n > 0 && i < n; i += (ssize_t)strlen(names + i) + 1) {
		const char *key = names + i;
		ssize_t vn = fgetxattr(src, key, NULL, 0);
		char *val = vn >= 0 ? xmalloc((size_t)vn + 1) : NULL;
		if (vn < 0 || (vn = fgetxattr(src, key, val, (size_t)vn)) < 0 ||
		    fsetxattr(dst, key, val, (size_t)vn, 0) < 0)
			ok = false;
		free(val);
	}
	if (n < 0)
		ok = false;
	free(names);
	return ok;
}

/* The file being replaced, opened through the held directory for its attributes. Whether it is
 * still the one that was read is publish_commit's identity check, right before the rename. */
static enum lets_err open_old(struct publish_op *op, int *src, struct diag *d)
{
	*src = openat(op->dir, op->name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (*src >= 0)
		return LETS_OK;
	char sha[13];
	current_sha(op, sha);
	return diag_add(d, E_CHANGED, "%s changed since sha:%s (now sha:%s)", op->path,
			op->read_sha ? op->read_sha : "?", sha);
}

/* Data first, then the old file's attributes, owner and mode: fchown clears setuid/setgid and a
 * write by a non-root owner clears them too, so the mode goes last. */
static enum lets_err fill_tmp(struct publish_op *op, int src, const char *data, size_t len, struct diag *d)
{
	if (write_all(op->fd, data, len) < 0)
		return diag_add(d, E_IO_ERROR, "writing %s failed: %s", op->path, strerror(errno));
	if (!op->replace)
		return LETS_OK;
	op->xattrs_dropped = !copy_xattrs(src, op->fd);
	if (geteuid() == 0 && fchown(op->fd, op->expected.st_uid, op->expected.st_gid) < 0)
		return diag_add(d, E_IO_ERROR, "keeping the owner of %s failed: %s", op->path,
				strerror(errno));
	if (fchmod(op->fd, op->expected.st_mode & 07777) < 0)
		return diag_add(d, E_IO_ERROR, "keeping the mode of %s failed: %s", op->path,
				strerror(errno));
	return LETS_OK;
}

/* publish_prepare_at; sweep: remove a dead process's leftovers in dir first (a batch does that
 * once per directory: reading a directory of n files once per file made n files cost n²). */
enum lets_err publish_prepare_swept(struct publish_op *op, int dir, const char *name, const char *path,
				    const char *data, size_t len, const struct stat *expected,
				    const char *read_sha, bool sweep, struct diag *d)
{
	enum lets_err err = LETS_OK;
	int src = -1;
	memset(op, 0, sizeof(*op));
	op->fd = -1;
	op->dir = fcntl(dir, F_DUPFD_CLOEXEC, 0);
	op->path = xstrdup(path);
	op->name = xstrdup(name);
	op->read_sha = read_sha ? xstrdup(read_sha) : NULL;
	op->len = len;
	if (op->dir < 0)
		return diag_add(d, E_IO_ERROR, "writing %s failed: %s", path, strerror(errno));
	if (expected) {
		op->expected = *expected;
		op->replace = true;
	}
	if (sweep)
		publish_sweep(op->dir);
	if (op->replace && (err = open_old(op, &src, d)))
		goto out;
	/* new files get 0666 less the umask (and a default ACL) from the kernel, as any editor's */
	mode_t mode = op->replace ? 0600 : 0666;
	if (access("/proc/self/fd", X_OK) == 0)
		op->fd = openat(op->dir, ".", O_TMPFILE | O_RDWR | O_CLOEXEC, mode);
	if (op->fd < 0 && name_tmp(op, mode) < 0) {
		err = diag_add(d, E_IO_ERROR, "writing %s failed: %s", path, strerror(errno));
		goto out;
	}
	err = fill_tmp(op, src, data, len, d);
	if (!err) /* start the write-back now; publish_sync waits for it, for every file of a batch at once */
		sync_file_range(op->fd, 0, 0, SYNC_FILE_RANGE_WRITE);
out:
	if (src >= 0)
		close(src);
	return err;
}

enum lets_err publish_prepare_at(struct publish_op *op, int dir, const char *name, const char *path,
				 const char *data, size_t len, const struct stat *expected,
				 const char *read_sha, struct diag *d)
{
	return publish_prepare_swept(op, dir, name, path, data, len, expected, read_sha, true, d);
}

/* mkdir -p for the directories above path, relative to the current directory. */
static int make_parents(const char *path)
{
	char *copy = xstrdup(path);
	int rc = 0;
	for (char *p = copy + (*copy != 0); *p; p++) { /* "" has no parent to make */
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

enum lets_err publish_prepare(struct publish_op *op, const char *path, const char *data, size_t len,
			      const struct stat *expected, const char *read_sha, struct diag *d)
{
	struct stat lst;
	char *target = NULL;
	memset(op, 0, sizeof(*op));
	op->fd = op->dir = -1;
	if (!*path)
		return diag_add(d, E_USAGE, "the path is empty \xC2\xB7 name a file");
	/* Replace a symlink's target, not the link. */
	if (expected && lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode)) {
		target = realpath(path, NULL);
		if (!target)
			return diag_add(d, E_IO_ERROR, "resolving %s failed: %s", path, strerror(errno));
	} else {
		target = xstrdup(path);
	}
	enum lets_err err = LETS_OK;
	char *slash = strrchr(target, '/');
	const char *base = slash ? slash + 1 : target;
	struct buf dir = BUF_INIT;
	buf_add(&dir, slash ? target : ".", slash ? (slash == target ? 1 : (size_t)(slash - target)) : 1);
	if (!expected && make_parents(target) < 0) {
		err = diag_add(d, E_IO_ERROR, "creating the directories for %s failed: %s", path,
			       strerror(errno));
		goto out;
	}
	int dfd = open(dir.data, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0) {
		err = diag_add(d, E_IO_ERROR, "writing %s failed: %s", path, strerror(errno));
		goto out;
	}
	err = publish_prepare_at(op, dfd, base, path, data, len, expected, read_sha, d);
	close(dfd);
out:
	buf_release(&dir);
	free(target);
	return err;
}

enum lets_err publish_sync(struct publish_op *ops, size_t n, struct diag *d)
{
	for (size_t i = 0; i < n; i++)
		if (fsync(ops[i].fd) < 0)
			return diag_add(d, E_IO_ERROR, "writing %s failed: %s", ops[i].path, strerror(errno));
	return LETS_OK;
}

enum lets_err publish_changed_error(const struct publish_op *op, struct diag *d)
{
	char sha[13];
	current_sha(op, sha);
	return diag_add(d, E_CHANGED, "%s changed since sha:%s (now sha:%s)", op->path,
			op->read_sha ? op->read_sha : "?", sha);
}

/* Bytes [0, size) of fd hash to sha (12 hex digits) and no byte follows them. */
static bool same_bytes(int fd, off_t size, const char *sha)
{
	static const char hex[] = "0123456789abcdef";
	char chunk[65536], got[13];
	unsigned char digest[6];
	blake3_hasher h;
	blake3_hasher_init(&h);
	off_t off = 0;
	for (;;) {
		ssize_t n = pread(fd, chunk, sizeof(chunk), off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 || off + n > size)
			return false;
		if (n == 0)
			break;
		blake3_hasher_update(&h, chunk, (size_t)n);
		off += n;
	}
	if (off != size)
		return false;
	blake3_hasher_finalize(&h, digest, sizeof(digest));
	for (size_t i = 0; i < 12; i++)
		got[i] = hex[i % 2 ? digest[i / 2] & 15 : digest[i / 2] >> 4];
	got[12] = '\0';
	return strcmp(got, sha) == 0;
}

/* The last look before the rename: old (opened just now) is still the file as it was read — its
 * size, mtime and ctime, its bytes when their hash is known — and the path still names it. The
 * path is looked at last, so that a write during the hashing is seen. */
static bool still_as_read(const struct publish_op *op, int old)
{
	struct stat cur;
	if (fstat(old, &cur) < 0 || !publish_same(&cur, &op->expected))
		return false;
	if (op->read_sha && !same_bytes(old, op->expected.st_size, op->read_sha))
		return false;
	return fstatat(op->dir, op->name, &cur, AT_SYMLINK_NOFOLLOW) == 0 &&
	       publish_same(&cur, &op->expected);
}

/* Whether the inode behind fd was written since the check: its size or mtime moved (a rename
 * moves its ctime, so that one says nothing here). */
static bool written_since(int fd, const struct stat *at_check)
{
	struct stat cur;
	return fstat(fd, &cur) < 0 || cur.st_size != at_check->st_size ||
	       !same_time(&cur.st_mtim, &at_check->st_mtim);
}

/* Waits (up to about 100 ms) until no process has old open for writing, so that the look after
 * it sees every write a writer that opened the file before the rename will make: a read lease is
 * granted only on a file nobody has open for writing. It is let go at once; nobody can open the
 * file meanwhile, as only the temporary name leads to it. False when that could not be told (a
 * writer holds it longer, or leases are not available: not the file's owner, another file
 * system); the look is then the last word. */
static bool writers_gone(int old)
{
	struct timespec pause = {0, 20000};
	for (long waited = 0; waited < 100000000; waited += pause.tv_nsec) {
		if (fcntl(old, F_SETLEASE, F_RDLCK) == 0) {
			fcntl(old, F_SETLEASE, F_UNLCK);
			return true;
		}
		if (errno != EAGAIN)
			return false;
		nanosleep(&pause, NULL);
		if (pause.tv_nsec < 2000000)
			pause.tv_nsec *= 2;
	}
	return false;
}

/* Appends what another writer added to from after offset off to the file the path names, which
 * must be the inode want. */
static enum lets_err carry_appended(const struct publish_op *op, int from, off_t off, const struct stat *want,
				    struct diag *d)
{
	struct stat st;
	if (fstat(from, &st) < 0 || st.st_size <= off)
		return LETS_OK;
	int to = openat(op->dir, op->name,
			O_WRONLY | O_APPEND | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	int err = to < 0 ? errno : 0;
	if (to >= 0 && (fstat(to, &st) < 0 || st.st_dev != want->st_dev || st.st_ino != want->st_ino))
		err = ESTALE;
	char chunk[65536];
	ssize_t n = 0;
	while (!err && (n = pread(from, chunk, sizeof(chunk), off)) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 || write_all(to, chunk, (size_t)n) < 0)
			err = errno;
		off += n > 0 ? n : 0;
	}
	if (to >= 0)
		close(to);
	if (!err)
		return LETS_OK;
	return diag_add(d, E_IO_ERROR,
			"another program appended to %s while lets replaced it, and adding its bytes back "
			"failed: %s",
			op->path, strerror(err));
}

/* The old file was written between the check and the exchange: puts it back at the path (its
 * bytes are the other writer's) with whatever was appended to the new file meanwhile, and
 * refuses as `changed`. Only a third program's rename over the path in that instant is left in
 * place instead. */
static enum lets_err swap_back(struct publish_op *op, struct diag *d)
{
	struct stat mine, away, old;
	if (renameat2(op->dir, op->tmp, op->dir, op->name, RENAME_EXCHANGE) < 0)
		return diag_add(d, E_IO_ERROR, "putting %s back failed: %s (its bytes are in %s)", op->path,
				strerror(errno), op->tmp);
	enum lets_err e = LETS_OK;
	if (fstat(op->fd, &mine) == 0 && fstatat(op->dir, op->tmp, &away, AT_SYMLINK_NOFOLLOW) == 0 &&
	    mine.st_dev == away.st_dev && mine.st_ino == away.st_ino) {
		if (fstatat(op->dir, op->name, &old, AT_SYMLINK_NOFOLLOW) == 0)
			e = carry_appended(op, op->fd, (off_t)op->len, &old, d);
	} else {
		renameat2(op->dir, op->tmp, op->dir, op->name, RENAME_EXCHANGE);
	}
	unlinkat(op->dir, op->tmp, 0);
	free(op->tmp);
	op->tmp = NULL;
	return e ? e : publish_changed_error(op, d);
}

/* Replaces the file with the identity check as the last step before the rename. The rename is
 * an exchange, so the old file keeps a name until it has been looked at once more: written since
 * the check, it goes back (swap_back). Bytes appended to it in the instant after that look, or
 * after a plain rename where the file system has no exchange, are added to the new file, as
 * though appended just after it landed. */
static enum lets_err commit_replace(struct publish_op *op, struct diag *d)
{
	int old = openat(op->dir, op->name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	enum lets_err e = LETS_OK;
	struct stat cur;
	/* the look (its hash takes a while) before the temporary gets a name, so that a SIGKILL,
	 * which nothing holds back, has only a few system calls in which to leave a name behind;
	 * the stat after the naming keeps the look the last word on the path */
	if (old < 0 || !still_as_read(op, old)) {
		e = publish_changed_error(op, d);
		goto out;
	}
	if (!op->tmp && name_tmp(op, 0) < 0) {
		e = diag_add(d, E_IO_ERROR, "replacing %s failed: %s", op->path, strerror(errno));
		goto out;
	}
	if (fstatat(op->dir, op->name, &cur, AT_SYMLINK_NOFOLLOW) < 0 || !publish_same(&cur, &op->expected) ||
	    fstat(old, &cur) < 0 || !publish_same(&cur, &op->expected)) {
		e = publish_changed_error(op, d);
		goto out;
	}
	bool exchanged = renameat2(op->dir, op->tmp, op->dir, op->name, RENAME_EXCHANGE) == 0;
	if (!exchanged && (errno != EINVAL || renameat(op->dir, op->tmp, op->dir, op->name) < 0)) {
		e = diag_add(d, E_IO_ERROR, "replacing %s failed: %s", op->path, strerror(errno));
		goto out;
	}
	if (exchanged)
		writers_gone(old);
	if (exchanged && written_since(old, &op->expected)) {
		e = swap_back(op, d);
		goto out;
	}
	if (exchanged)
		unlinkat(op->dir, op->tmp, 0);
	op->done = true; /* landed, even if carrying a late append fails below */
	struct stat mine;
	if (fstat(op->fd, &mine) == 0)
		e = carry_appended(op, old, op->expected.st_size, &mine, d);
out:
	if (old >= 0)
		close(old);
	return e;
}

/* The identity check, the naming and the rename, as one step as far as signals go. */
static enum lets_err commit_locked(struct publish_op *op, struct diag *d)
{
	if (op->replace)
		return commit_replace(op, d);
	int rc;
	if (!op->tmp) {
		char proc[64];
		snprintf(proc, sizeof(proc), "/proc/self/fd/%d", op->fd);
		rc = linkat(AT_FDCWD, proc, op->dir, op->name, AT_SYMLINK_FOLLOW);
	} else {
		rc = renameat2(op->dir, op->tmp, op->dir, op->name, RENAME_NOREPLACE);
		if (rc < 0 && errno == EINVAL && (rc = linkat(op->dir, op->tmp, op->dir, op->name, 0)) == 0)
			unlinkat(op->dir, op->tmp, 0);
	}
	if (rc == 0)
		return LETS_OK;
	if (errno == EEXIST)
		return diag_add(d, E_EXISTS,
				"%s appeared while lets was writing it \xC2\xB7 pass --force to overwrite",
				op->path);
	return diag_add(d, E_IO_ERROR, "creating %s failed: %s", op->path, strerror(errno));
}

enum lets_err publish_commit(struct publish_op *op, struct lockset *locks, struct stat *now, struct diag *d)
{
	/* Anyone who opens the new inode after the rename waits until we are done with it. */
	if (locks && flock(op->fd, LOCK_EX) < 0)
		return diag_add(d, E_IO_ERROR, "locking %s failed: %s", op->path, strerror(errno));
	sigset_t hold, old;
	sigemptyset(&hold);
	sigaddset(&hold, SIGTERM);
	sigaddset(&hold, SIGINT);
	sigaddset(&hold, SIGHUP);
	sigprocmask(SIG_BLOCK, &hold, &old);
	bool was_named = op->tmp != NULL;
	enum lets_err err = commit_locked(op, d);
	if (err && op->tmp && !was_named) {
		unlinkat(op->dir, op->tmp, 0);
		free(op->tmp);
		op->tmp = NULL;
	}
	if (!err)
		op->done = true;
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (err)
		return err;
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
		struct stat a, b;
		for (size_t k = 0; k < i && !seen; k++)
			seen = ops[k].done && !fstat(ops[k].dir, &a) && !fstat(ops[i].dir, &b) &&
			       a.st_dev == b.st_dev && a.st_ino == b.st_ino;
		if (!seen)
			fsync(ops[i].dir);
	}
}

enum lets_err publish_at(int dir, const char *name, const char *path, const char *data, size_t len,
			 const struct stat *expected, const char *read_sha, struct lockset *locks,
			 struct stat *now, bool *xattrs_dropped, struct diag *d)
{
	struct publish_op op;
	enum lets_err err = publish_prepare_at(&op, dir, name, path, data, len, expected, read_sha, d);
	if (!err)
		err = publish_sync(&op, 1, d);
	if (!err)
		err = publish_commit(&op, locks, now, d);
	if (!err)
		publish_sync_dirs(&op, 1);
	if (xattrs_dropped)
		*xattrs_dropped = !err && op.xattrs_dropped;
	publish_op_release(&op);
	return err;
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
