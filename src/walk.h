/* The parallel directory walk behind find: a pool of worker threads (one per core) shares a stack
 * of pending directories; each worker reads a directory, decides every entry with the ignore
 * rules, pushes subdirectories back onto the stack and hands regular files to the caller's
 * callback on its own thread. Large directories are split into batches of files so no core sits
 * idle on a flat tree.
 *
 * Rules, in ripgrep's order: .ignore files (innermost first) beat .gitignore files, which beat
 * .git/info/exclude, which beats the global excludes file; a "!" re-include also overrides the
 * hidden rule; hidden entries (a leading ".") are skipped unless asked for; ".git" is never
 * entered. Symlinks, FIFOs, sockets and devices are never opened: they are counted as "other".
 * Ignore files above a root are read up to the repository top (the nearest ancestor holding
 * .git), else up to the current directory.
 *
 * Order of callbacks is not deterministic; the caller sorts. */
#ifndef LETS_WALK_H
#define LETS_WALK_H
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

struct ignore_list;

struct worktree;

struct walk_opts {
	bool hidden; /* --hidden */
	bool no_ignore; /* --no-ignore */
	const struct ignore_list *globs; /* -g globs (include sense), NULL for none */
	unsigned threads; /* 0: one per online core */
	const struct worktree *wt; /* directories open beneath its root; NULL: as they are */
	/* NULL, or set by the caller's caller (lets mcp's cancelled call): the walk then hands out no
	 * more files and reads no more directories, and returns early */
	const atomic_bool *cancel;
};

/* What the walk left out, per reason. */
struct walk_counts {
	long gitignore, hidden, other; /* ignored entries (a pruned directory counts once) */
	long unreadable; /* directories that could not be read */
};

/* A kept regular file as the walk hands it out: path (NUL-terminated, len bytes) as printed, and
 * the directory the walk listed it in, held open, with the file's name in it, so the file opens
 * with a one-component openat(dirfd, name, O_NOFOLLOW) instead of a walk of the whole path. All
 * of it is valid only during the callback. */
struct walk_file {
	const char *path;
	size_t len;
	int dirfd;
	const char *name;
};

/* Called once per kept regular file, on worker thread `worker` (< walk_threads(o)). */
typedef void (*walk_file_fn)(void *ctx, unsigned worker, const struct walk_file *f);

/* Number of worker threads walk_run will use. */
unsigned walk_threads(const struct walk_opts *o);

/* The one thread pool: every thread lets starts is started here. A task of a pool, run as worker
 * `worker` (< the threads asked for). */
typedef void (*walk_task_fn)(void *ctx, unsigned worker);

/* Runs fn(ctx, w) on `threads` threads at once (at least one), this one as worker 0, and returns
 * when every one has returned, with how many ran. A thread that cannot be started is not run:
 * its share must be taken by the others, so tasks take their work from a shared queue. */
unsigned walk_parallel(unsigned threads, walk_task_fn fn, void *ctx);

/* Walks each directory in dirs (as typed; "." and "./" print entries bare, a trailing "/" is
 * dropped) and adds what it left out to *counts. */
void walk_run(const char *const *dirs, size_t n, const struct walk_opts *o, walk_file_fn fn, void *ctx,
	      struct walk_counts *counts);

/* Whether path (relative to the current directory, an existing file or directory) is ignored by
 * the ignore files alone (hidden rule off) — the question `git check-ignore` answers, asked the
 * way the walk asks it: every ancestor directory first. For the unit tests. */
bool walk_path_ignored(const char *path);

#endif
