#include "release.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "proc.h"
#include "publish.h"

/* curl's arguments before the request's own: HTTPS only (redirects too), TLS 1.2 or later. */
#define CURL_TLS "curl", "--proto", "=https", "--tlsv1.2"
#define SHA256_HEX 64

/* The files of one installation, all under one temporary directory. */
struct stage {
	struct buf dir, sums, tarball, unpacked, binary; /* paths */
	char asset[128], member[128];
};

static bool is_hex(const char *s, size_t n)
{
	return strspn(s, "0123456789abcdef") >= n;
}

/* base+name downloaded to path. */
static enum lets_err fetch(const char *base, const char *name, const char *path, struct diag *d)
{
	struct buf url = BUF_INIT;
	struct proc_result r = PROC_RESULT_INIT;
	enum lets_err e = LETS_OK;
	buf_addf(&url, "%s%s", base, name);
	char *argv[] = {CURL_TLS, "-LsSf", "-o", (char *)path, url.data, NULL};
	proc_exec(argv, 600, &r);
	if (r.status != 0)
		e = diag_add(d, E_UPDATE_FAILED, "update failed: downloading %s failed: %s%d", url.data,
			     r.timed_out ? "timed out, curl exit status: " : "curl exit status: ", r.status);
	proc_result_release(&r);
	buf_release(&url);
	return e;
}

/* The SHA-256 SHA256SUMS gives asset, into want: sha256sum's "<64 hex>  NAME" (or " *NAME", binary
 * mode) on a line of its own. */
static bool sums_line(const char *sums, const char *asset, char want[SHA256_HEX + 1])
{
	size_t n = strlen(asset);
	for (const char *p = sums; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		if (!is_hex(p, SHA256_HEX) || p[SHA256_HEX] != ' ')
			continue;
		const char *name = p + SHA256_HEX + 1;
		name += *name == ' ' || *name == '*';
		if (!strncmp(name, asset, n) && (name[n] == '\n' || name[n] == '\0')) {
			memcpy(want, p, SHA256_HEX);
			want[SHA256_HEX] = '\0';
			return true;
		}
	}
	return false;
}

static enum lets_err read_path(const char *path, struct buf *to, struct diag *d)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC), err = 0;
	struct stat st;
	if (fd < 0 || fstat(fd, &st) < 0 || buf_read_fd(to, fd) < 0)
		err = errno;
	else if (!S_ISREG(st.st_mode))
		err = EINVAL;
	if (fd >= 0)
		close(fd);
	return err ? diag_add(d, E_UPDATE_FAILED, "update failed: cannot read %s: %s", path, strerror(err))
		   : LETS_OK;
}

/* The tarball's SHA-256 against want, by coreutils' sha256sum (the path is ours, not the network's). */
static enum lets_err verify(const struct stage *s, const char *want, struct diag *d)
{
	struct proc_result r = PROC_RESULT_INIT;
	enum lets_err e = LETS_OK;
	char *argv[] = {"sha256sum", "-b", "--", s->tarball.data, NULL};
	proc_exec(argv, 600, &r);
	const char *got = buf_str(&r.output);
	got += *got == '\\'; /* sha256sum marks a line whose name it escaped */
	if (r.status != 0 || !is_hex(got, SHA256_HEX))
		e = diag_add(d, E_UPDATE_FAILED, "update failed: sha256sum %s failed: exit status %d",
			     s->tarball.data, r.status);
	else if (strncmp(got, want, SHA256_HEX))
		e = diag_add(
			d, E_UPDATE_FAILED,
			"update failed: %s does not match its line in SHA256SUMS (sha256 %.64s, expected %s) "
			"\xC2\xB7 nothing was replaced",
			s->asset, got, want);
	proc_result_release(&r);
	return e;
}

/* The one binary out of the verified tarball, then run once: it must say `lets VERSION`. */
static enum lets_err unpack_and_try(const struct stage *s, const char *version, struct diag *d)
{
	struct proc_result r = PROC_RESULT_INIT;
	char *tar[] = {"tar",
		       "-xzf",
		       s->tarball.data,
		       "-C",
		       s->dir.data,
		       "--no-same-owner",
		       "--no-same-permissions",
		       "--",
		       (char *)s->member,
		       NULL};
	proc_exec(tar, 600, &r);
	int status = r.status;
	proc_result_release(&r);
	struct stat st;
	if (status != 0 || lstat(s->binary.data, &st) < 0 || !S_ISREG(st.st_mode))
		return diag_add(d, E_UPDATE_FAILED, "update failed: %s holds no %s (tar exit status %d)",
				s->asset, s->member, status);
	chmod(s->binary.data, 0755);
	char *run[] = {s->binary.data, "version", NULL};
	proc_exec(run, 60, &r);
	const char *out = buf_str(&r.output);
	bool named = !strncmp(out, "lets ", 5);
	if (named && version)
		named = !strncmp(out + 5, version, strlen(version)) &&
			!strcmp(out + 5 + strlen(version), "\n");
	else if (named)
		named = strspn(out + 5, "0123456789.") + 6 == strlen(out) && out[strlen(out) - 1] == '\n';
	enum lets_err e = LETS_OK;
	if (r.status != 0)
		e = diag_add(
			d, E_UPDATE_FAILED,
			"update failed: the downloaded lets does not run here (`lets version` exit status %d) "
			"\xC2\xB7 nothing was replaced",
			r.status);
	else if (!named)
		e = diag_add(
			d, E_UPDATE_FAILED,
			"update failed: the downloaded lets does not say `lets %s` \xC2\xB7 nothing was replaced",
			version ? version : "MAJOR.MINOR.PATCH");
	proc_result_release(&r);
	return e;
}

/* The tried binary published over self: mode and owner stay self's (publish.h). A refusal is
 * update_failed with publish's reason. */
static enum lets_err replace(const struct stage *s, const char *self, struct diag *d)
{
	struct buf bytes = BUF_INIT;
	struct diag why = DIAG_INIT;
	struct stat st;
	enum lets_err e = read_path(s->binary.data, &bytes, d);
	if (!e && stat(self, &st) < 0)
		e = diag_add(d, E_UPDATE_FAILED, "update failed: cannot replace %s: %s", self,
			     strerror(errno));
	if (!e && publish(self, bytes.data, bytes.len, &st, NULL, NULL, NULL, &why))
		e = diag_add(d, E_UPDATE_FAILED, "update failed: cannot replace %s: %s", self,
			     why.n ? why.items[0].message : "?");
	diag_release(&why);
	buf_release(&bytes);
	return e;
}

static void stage_release(struct stage *s)
{
	unlink(s->binary.data);
	rmdir(s->unpacked.data);
	unlink(s->tarball.data);
	unlink(s->sums.data);
	rmdir(s->dir.data);
	buf_release(&s->dir);
	buf_release(&s->sums);
	buf_release(&s->tarball);
	buf_release(&s->unpacked);
	buf_release(&s->binary);
}

enum lets_err release_install(const char *base, const char *target, const char *version, const char *self,
			      struct diag *d)
{
	struct stage s = {0};
	struct buf sums = BUF_INIT;
	char want[SHA256_HEX + 1];
	enum lets_err e;
	const char *tmp = getenv("TMPDIR");
	snprintf(s.asset, sizeof(s.asset), "lets-%s.tar.gz", target);
	snprintf(s.member, sizeof(s.member), "lets-%s/lets", target);
	buf_addf(&s.dir, "%s/lets-update.XXXXXX", tmp && *tmp == '/' ? tmp : "/tmp");
	if (!mkdtemp(s.dir.data)) {
		e = diag_add(d, E_UPDATE_FAILED, "update failed: cannot create %s: %s", s.dir.data,
			     strerror(errno));
		buf_release(&s.dir);
		return e;
	}
	buf_addf(&s.sums, "%s/SHA256SUMS", s.dir.data);
	buf_addf(&s.tarball, "%s/%s", s.dir.data, s.asset);
	buf_addf(&s.unpacked, "%s/lets-%s", s.dir.data, target);
	buf_addf(&s.binary, "%s/%s", s.dir.data, s.member);
	if ((e = fetch(base, "SHA256SUMS", s.sums.data, d)) || (e = read_path(s.sums.data, &sums, d)))
		goto out;
	if (!sums_line(buf_str(&sums), s.asset, want)) {
		e = diag_add(d, E_UPDATE_FAILED,
			     "update failed: no release for this platform: %sSHA256SUMS names no %s", base,
			     s.asset);
		goto out;
	}
	if (!(e = fetch(base, s.asset, s.tarball.data, d)) && !(e = verify(&s, want, d)) &&
	    !(e = unpack_and_try(&s, version, d)))
		e = replace(&s, self, d);
out:
	buf_release(&sums);
	stage_release(&s);
	return e;
}

bool release_dpkg_path(const char *self, char *listed, size_t size)
{
	const char *root = getenv("DPKG_ROOT");
	struct proc_result r = PROC_RESULT_INIT;
	struct buf path = BUF_INIT;
	struct stat me, st;
	bool found = false;
	if (stat(self, &me) < 0 || !proc_on_path("dpkg-query"))
		return false;
	/* A constant command; its stderr ("package 'lets' is not installed") comes with stdout, and
	 * is no line of a path. */
	proc_run("dpkg-query -L lets", NULL, 30, &r);
	const char *p = buf_str(&r.output);
	while (r.status == 0 && *p && !found) {
		int n = (int)strcspn(p, "\n");
		buf_truncate(&path, 0);
		buf_addf(&path, "%s%.*s", root ? root : "", n, p);
		found = *p == '/' && stat(path.data, &st) == 0 && S_ISREG(st.st_mode) &&
			st.st_dev == me.st_dev && st.st_ino == me.st_ino;
		if (found)
			snprintf(listed, size, "%.*s", n, p);
		p += n + (p[n] == '\n');
	}
	buf_release(&path);
	proc_result_release(&r);
	return found;
}
