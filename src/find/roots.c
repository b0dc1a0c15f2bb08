#include "roots.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../alloc.h"
#include "../opt.h"
#include "../output.h"
#include "../resolve.h"
#include "../worktree.h"

/* One named root into rs, or into failed and d. */
static enum lets_err root_add(const struct opts *o, const struct worktree *wt, const char *p,
			      struct roots *rs, struct omits *failed, struct diag *d)
{
	struct stat st;
	/* the boundary first: outside the tree is outside_tree whether or not the path exists */
	enum lets_err e = resolve_check(wt, p, o->allow_outside, d);
	if (e) {
		omit_unresolved(failed, p, err_slug(e));
		return e;
	}
	if (stat(p, &st)) {
		int err = errno;
		struct stat lst;
		if (err == ENOENT && !lstat(p, &lst)) {
			rs->other++; /* a dangling link: nothing to read */
			return LETS_OK;
		}
		e = err == ENOENT || err == ENOTDIR ? E_NOT_FOUND : E_IO_ERROR;
		diag_add(d, e, "%s: %s (os error %d)", p, strerror(err), err);
		omit_unresolved(failed, p, err_slug(e));
		return e;
	}
	if (S_ISDIR(st.st_mode)) {
		XGROW(rs->dirs, rs->cap_dirs, rs->n_dirs + 1);
		rs->dirs[rs->n_dirs++] = p;
	} else if (S_ISREG(st.st_mode)) {
		XGROW(rs->files, rs->cap_files, rs->n_files + 1);
		rs->files[rs->n_files++] = p;
	} else {
		rs->other++;
	}
	return LETS_OK;
}

enum lets_err roots_collect(const struct opts *o, const struct worktree *wt, struct roots *rs,
			    struct omits *failed, struct diag *d)
{
	static const char *const dot[] = {"."};
	const char *const *paths = o->positional.n > 1 ? o->positional.items + 1 : dot;
	size_t n_paths = o->positional.n > 1 ? o->positional.n - 1 : 1;
	enum lets_err refused = LETS_OK;
	for (size_t i = 0; i < n_paths; i++)
		if (root_add(o, wt, paths[i], rs, failed, d) == E_OUTSIDE_TREE)
			refused = E_OUTSIDE_TREE;
	return refused;
}

void roots_release(struct roots *rs)
{
	free(rs->dirs);
	free(rs->files);
	*rs = (struct roots)ROOTS_INIT;
}

int roots_path_cmp(const char *a, const char *b)
{
	for (;; a++, b++) {
		int x = (unsigned char)*a, y = (unsigned char)*b;
		if (x == y) {
			if (!x)
				return 0;
			continue;
		}
		x = x == '/' ? 1 : x ? x + 1 : 0;
		y = y == '/' ? 1 : y ? y + 1 : 0;
		return x - y;
	}
}
