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
	FILE *fp = fopen(path, "rb");
	strcpy(out, "????????????");
	if (fp) {
		char chunk[65536];
		size_t n;
		while ((n = fread(chunk, 1, sizeof(chunk), fp)) > 0)
			buf_add(&b, chunk, n);
		fclose(fp);
		sha12(b.data ? b.data : "", b.len, out);
	}
	buf_release(&b);
}

enum lets_err publish(const char *path, const char *data, size_t len, const struct stat *expected,
		      const char *read_sha, struct lockset *locks, struct stat *now, struct diag *d)
{
	enum lets_err err = LETS_OK;
	struct buf dir = BUF_INIT, tmp = BUF_INIT;
	char *real = NULL;
	const char *base;
	int fd = -1, dfd = -1;
	struct stat lst;

	/* Replace a symlink's target, not the link. */
	if (expected && lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode)) {
		real = realpath(path, NULL);
		if (!real) {
			err = diag_add(d, E_IO_ERROR, "resolving %s failed: %s", path, strerror(errno));
			goto out;
		}
	}
	const char *target = real ? real : path;
	split_dir(target, &dir, &base);
	if (!expected && make_parents(target) < 0) {
		err = diag_add(d, E_IO_ERROR, "creating the directories for %s failed: %s", path, strerror(errno));
		goto out;
	}
	buf_addf(&tmp, "%s/.%s.lets-XXXXXX", dir.data, base);
	fd = mkostemp(tmp.data, O_CLOEXEC);
	if (fd < 0) {
		err = diag_add(d, E_IO_ERROR, "writing %s failed: %s", path, strerror(errno));
		goto out;
	}
	mode_t mode;
	if (expected) {
		mode = expected->st_mode & 07777;
		if (geteuid() == 0 && fchown(fd, expected->st_uid, expected->st_gid) < 0) {
			err = diag_add(d, E_IO_ERROR, "keeping the owner of %s failed: %s", path, strerror(errno));
			goto out_unlink;
		}
	} else {
		mode_t mask = umask(0);
		umask(mask);
		mode = 0666 & ~mask;
	}
	if (fchmod(fd, mode) < 0 || write_all(fd, data, len) < 0 || fsync(fd) < 0) {
		err = diag_add(d, E_IO_ERROR, "writing %s failed: %s", path, strerror(errno));
		goto out_unlink;
	}
	/* Anyone who opens the new inode after the rename waits until we are done with it. */
	if (locks && flock(fd, LOCK_EX) < 0) {
		err = diag_add(d, E_IO_ERROR, "locking %s failed: %s", path, strerror(errno));
		goto out_unlink;
	}
	if (expected) {
		struct stat cur;
		if (stat(target, &cur) < 0 || !publish_same(&cur, expected)) {
			char sha[13];
			current_sha(target, sha);
			err = diag_add(d, E_CHANGED, "%s changed since sha:%s (now sha:%s)", path,
				       read_sha ? read_sha : "?", sha);
			goto out_unlink;
		}
		if (rename(tmp.data, target) < 0) {
			err = diag_add(d, E_IO_ERROR, "replacing %s failed: %s", path, strerror(errno));
			goto out_unlink;
		}
	} else if (renameat2(AT_FDCWD, tmp.data, AT_FDCWD, target, RENAME_NOREPLACE) < 0) {
		if (errno == EEXIST)
			err = diag_add(d, E_EXISTS, "%s appeared while lets was writing it \xC2\xB7 pass --force to overwrite",
				       path);
		else
			err = diag_add(d, E_IO_ERROR, "creating %s failed: %s", path, strerror(errno));
		goto out_unlink;
	}
	dfd = open(dir.data, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
	}
	if (now && fstat(fd, now) < 0)
		memset(now, 0, sizeof(*now));
	if (locks) {
		lockset_adopt(locks, fd);
		fd = -1;
	}
	goto out;
out_unlink:
	unlink(tmp.data);
out:
	if (fd >= 0)
		close(fd);
	free(real);
	buf_release(&dir);
	buf_release(&tmp);
	return err;
}
