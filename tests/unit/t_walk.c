/* The parallel walk (walk.h): whatever the number of threads, the same files are handed out
 * exactly once and the same entries are counted as ignored. The tree has a flat directory big
 * enough to be split into file batches, nested directories, an ignored directory, hidden
 * entries and a symlink. */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alloc.h"
#include "unit.h"
#include "walk.h"

struct seen {
	pthread_mutex_t mu;
	char **paths;
	size_t n, cap;
	unsigned max_worker;
	long misnamed;
};

static void on_file(void *ctx, unsigned worker, const struct walk_file *f)
{
	struct seen *s = ctx;
	/* the name is the path's last component, and it is there in the held directory */
	const char *slash = strrchr(f->path, '/');
	struct stat st;
	bool named = !strcmp(f->name, slash ? slash + 1 : f->path) &&
		     !fstatat(f->dirfd, f->name, &st, AT_SYMLINK_NOFOLLOW) && S_ISREG(st.st_mode);
	pthread_mutex_lock(&s->mu);
	if (!named)
		s->misnamed++;
	XGROW(s->paths, s->cap, s->n + 1);
	s->paths[s->n++] = xstrndup(f->path, f->len);
	if (worker > s->max_worker)
		s->max_worker = worker;
	pthread_mutex_unlock(&s->mu);
}

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void touch(const char *path)
{
	FILE *f = fopen(path, "w");
	if (f) {
		fputs("x\n", f);
		fclose(f);
	}
}

int main(void)
{
	unit_begin("walk");
	char tmpl[] = "/tmp/lets-t-walk.XXXXXX";
	char *top = mkdtemp(tmpl);
	char cwd[4096];
	if (!top || !getcwd(cwd, sizeof(cwd)) || chdir(top))
		return 1;
	setenv("HOME", top, 1);
	mkdir("flat", 0755);
	char name[64];
	for (int i = 0; i < 1000; i++) {
		snprintf(name, sizeof(name), "flat/f%04d.txt", i);
		touch(name);
	}
	mkdir("a", 0755);
	mkdir("a/b", 0755);
	mkdir("a/b/c", 0755);
	touch("a/1.txt");
	touch("a/b/2.txt");
	touch("a/b/c/3.txt");
	mkdir("out", 0755);
	touch("out/ignored.txt");
	touch(".hidden");
	touch(".gitignore");
	FILE *g = fopen(".gitignore", "w");
	if (g) {
		fputs("out/\n", g);
		fclose(g);
	}
	unit_check(symlink("a", "link") == 0, "symlink created");

	char **first = NULL;
	size_t first_n = 0;
	struct walk_counts first_c = {0};
	const unsigned threads[] = {1, 2, 7};
	for (size_t t = 0; t < sizeof(threads) / sizeof(threads[0]); t++) {
		struct seen s = {.mu = PTHREAD_MUTEX_INITIALIZER};
		struct walk_opts o = {.threads = threads[t]};
		struct walk_counts c = {0};
		const char *roots[] = {"."};
		walk_run(roots, 1, &o, on_file, &s, &c);
		qsort(s.paths, s.n, sizeof(*s.paths), cmp);
		unit_long("files handed out", (long)s.n, 1003);
		bool unique = true;
		for (size_t i = 1; i < s.n; i++)
			if (!strcmp(s.paths[i - 1], s.paths[i]))
				unique = false;
		unit_check(unique, "%u threads: each file once", threads[t]);
		unit_long("files whose name is not in the held directory", s.misnamed, 0);
		unit_check(s.max_worker < threads[t], "%u threads: worker ids in range", threads[t]);
		unit_long("gitignore count", c.gitignore, 1);
		unit_long("hidden count", c.hidden, 2);
		unit_long("other count (the symlink)", c.other, 1);
		if (!first) {
			first = s.paths;
			first_n = s.n;
			first_c = c;
			unit_str("first file in order", s.n ? s.paths[0] : "", "a/1.txt");
		} else {
			bool same = first_n == s.n;
			for (size_t i = 0; same && i < s.n; i++)
				same = !strcmp(first[i], s.paths[i]);
			unit_check(same && first_c.gitignore == c.gitignore && first_c.hidden == c.hidden,
				   "%u threads: the same files and counts as 1 thread", threads[t]);
			for (size_t i = 0; i < s.n; i++)
				free(s.paths[i]);
			free(s.paths);
		}
	}
	for (size_t i = 0; i < first_n; i++)
		free(first[i]);
	free(first);
	if (chdir(cwd))
		return 1;
	char cmd[128];
	snprintf(cmd, sizeof(cmd), "rm -rf %s", top);
	if (system(cmd))
		return 1;
	return unit_end();
}
