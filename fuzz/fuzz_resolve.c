/* The one resolution (resolve.h) against a fixed hostile tree: links in and out, a loop, a long
 * chain, a link to the parent. Whatever the path, an accepted result's directory must lie inside
 * the tree root (checked through /proc on the held descriptor), and nothing may be created. */
#include <assert.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"
#include "resolve.h"
#include "worktree.h"

static char root[4096];

static void setup(void)
{
	char tmpl[] = "/tmp/lets-fuzz-resolve.XXXXXX";
	char *base = mkdtemp(tmpl);
	assert(base);
	char p[4200];
	snprintf(p, sizeof(p), "%s/out", base);
	mkdir(p, 0777);
	snprintf(root, sizeof(root), "%s/repo", base);
	mkdir(root, 0777);
	assert(chdir(root) == 0);
	mkdir(".git", 0777);
	mkdir("sub", 0777);
	symlink("../out", "up");
	symlink("..", "sub/parent");
	symlink("sub", "in");
	symlink("loop2", "loop1");
	symlink("loop1", "loop2");
	symlink("/", "slash");
	symlink("../out/x", "c0");
	for (int i = 1; i < 50; i++) {
		char a[16], b[16];
		snprintf(a, sizeof(a), "c%d", i - 1);
		snprintf(b, sizeof(b), "c%d", i);
		symlink(a, b);
	}
	assert(realpath(".", root));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!root[0])
		setup();
	char *path = fuzz_cstr(data, size);
	struct worktree w = WORKTREE_INIT;
	worktree_init(&w);
	struct resolved r = RESOLVED_INIT;
	struct diag d = DIAG_INIT;
	if (resolve_path(&w, path, false, true, &r, &d) == LETS_OK) {
		char link[64], where[4096];
		snprintf(link, sizeof(link), "/proc/self/fd/%d", r.dir);
		ssize_t n = readlink(link, where, sizeof(where) - 1);
		assert(n > 0);
		where[n] = '\0';
		size_t rl = strlen(root);
		assert(!strncmp(where, root, rl) && (where[rl] == '\0' || where[rl] == '/'));
		assert(r.name && !strchr(r.name, '/'));
	}
	resolved_release(&r);
	diag_release(&d);
	worktree_release(&w);
	free(path);
	return 0;
}
