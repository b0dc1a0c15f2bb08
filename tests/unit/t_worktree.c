/* The one upward search (worktree.h): the repository top and check's manifests are found by the
 * same walk, which stops at the nearest match, includes the start directory and, with
 * regular_only, passes over a directory that carries the name. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "unit.h"
#include "worktree.h"

static void touch(const char *path)
{
	FILE *f = fopen(path, "w");
	if (f)
		fclose(f);
}

int main(void)
{
	unit_begin("worktree");
	char tmpl[] = "/tmp/t_worktree.XXXXXX";
	const char *base = mkdtemp(tmpl);
	char root[PATH_MAX], p[PATH_MAX + 64];
	if (!base || !realpath(base, root))
		return 1;
	snprintf(p, sizeof p, "%s/a", root);
	mkdir(p, 0700);
	snprintf(p, sizeof p, "%s/a/b", root);
	mkdir(p, 0700);
	snprintf(p, sizeof p, "%s/a/b/c", root);
	mkdir(p, 0700);
	snprintf(p, sizeof p, "%s/a/.git", root);
	touch(p); /* a worktree's .git is a file */
	snprintf(p, sizeof p, "%s/a/b/go.mod", root);
	mkdir(p, 0700); /* a directory named like a manifest */
	snprintf(p, sizeof p, "%s/a/go.mod", root);
	touch(p);

	char want[PATH_MAX + 64], start[PATH_MAX + 64];
	snprintf(start, sizeof start, "%s/a/b/c", root);
	snprintf(want, sizeof want, "%s/a", root);
	char *top = worktree_top(start);
	unit_str("top from a/b/c is a (.git as a file)", top, want);
	free(top);
	top = worktree_top(want);
	unit_str("top from a itself is a", top, want);
	free(top);
	top = worktree_top(root);
	unit_check(!top, "no .git above the temp root: NULL");
	free(top);

	static const char *const names[] = {"Cargo.toml", "go.mod", NULL};
	const char *which = NULL;
	char *m = worktree_find_up(start, names, true, &which);
	unit_str("regular_only passes over the directory a/b/go.mod", m, want);
	unit_str("which names the match", which, "go.mod");
	free(m);
	snprintf(want, sizeof want, "%s/a/b", root);
	m = worktree_find_up(start, names, false, &which);
	unit_str("any type stops at the directory a/b/go.mod", m, want);
	free(m);

	snprintf(p, sizeof p, "rm -rf '%s'", root);
	if (system(p))
		return 1;
	return unit_end();
}
