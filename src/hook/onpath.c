#include "onpath.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../buf.h"

enum lets_err onpath_self(char *self, size_t size, struct diag *d)
{
	ssize_t n = readlink("/proc/self/exe", self, size - 1);
	if (n <= 0)
		return diag_add(d, E_IO_ERROR, "cannot name this lets binary: %s", strerror(errno));
	self[n] = '\0';
	return LETS_OK;
}

/* The first executable `lets` on PATH, made absolute; NULL when there is none. Caller frees. */
static char *first_on_path(void)
{
	const char *path = getenv("PATH");
	if (!path)
		return NULL;
	char cwd[PATH_MAX];
	if (!getcwd(cwd, sizeof(cwd)))
		cwd[0] = '\0';
	for (const char *p = path;; p++) {
		const char *e = strchrnul(p, ':');
		struct buf c = BUF_INIT;
		if (e == p || *p != '/')
			buf_addf(&c, "%s/", cwd);
		buf_add(&c, p, (size_t)(e - p));
		buf_adds(&c, e == p ? "lets" : "/lets");
		struct stat st;
		if (stat(c.data, &st) == 0 && S_ISREG(st.st_mode) && access(c.data, X_OK) == 0)
			return buf_detach(&c);
		buf_release(&c);
		if (!*e)
			return NULL;
		p = e;
	}
}

enum lets_err onpath_check(const char *self, bool required, struct diag *d)
{
	char *found = first_on_path();
	enum lets_err e = LETS_OK;
	struct stat a, b;
	if (!found && required)
		e = diag_add(
			d, E_NOT_ON_PATH,
			"this `lets` (%s) is not on PATH, and the hooks run a bare `lets` \xC2\xB7 put its "
			"directory on PATH, or install from the `lets` that is",
			self);
	else if (found && (stat(found, &a) || stat(self, &b) || a.st_dev != b.st_dev || a.st_ino != b.st_ino))
		e = diag_add(
			d, E_PATH_CONFLICT,
			"a different `lets` comes first on PATH at %s \xE2\x80\x94 this one is %s \xC2\xB7 "
			"remove the other, or put this one's directory ahead of it on PATH",
			found, self);
	free(found);
	return e;
}
