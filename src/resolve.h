/* One resolution per target: a path string is turned into a held parent-directory descriptor and
 * a final name once, and every later step (type check, lock, read, temporary file, rename) goes
 * through that descriptor, so swapping a symlink or a directory mid-call cannot redirect it.
 *
 * The walk starts at the held tree root (relative paths, via the current directory's place in
 * the tree) or at "/" (absolute paths) and opens one component at a time with O_NOFOLLOW. `..`
 * pops the walk's own stack, never the kernel's idea of the parent, so it is lexical over the
 * physical directories actually walked. Symlinks, in the middle or at the end, are read and
 * followed by the walk itself (at most RESOLVE_MAX_LINKS of them). A missing directory is walked
 * virtually, so `nope/../../x` is judged by where it lands, and nothing is created before the
 * whole path is known to be inside. The result is inside when the final parent directory is the
 * root or beneath it. Anything the walk cannot finish (a loop, a chain too long) is outside. */
#ifndef LETS_RESOLVE_H
#define LETS_RESOLVE_H
#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

#include "error.h"

struct worktree;

#define RESOLVE_MAX_LINKS 40

struct resolved {
	int dir; /* the final parent directory, held; -1 when none */
	char *name; /* owned; the final component in dir, never "", "." or ".." nor holding '/' */
	bool exists; /* name exists in dir (symlinks already followed) */
	bool dir_only; /* the path ended in '/', "." or "..": it can only name a directory */
	struct stat st; /* fstatat(dir, name, AT_SYMLINK_NOFOLLOW) when exists */
	char **missing; /* owned; directories below dir still to create, in order */
	size_t n_missing;
};
#define RESOLVED_INIT     \
	{                 \
		.dir = -1 \
	}

/* Resolves path. Records outside_tree (unless allow_outside), usage for an empty path,
 * not_found / io_error with the OS message for a missing or unreadable directory on the way
 * (a missing one is an error only when want_parents is false), io_error for a vanished current
 * directory. A missing final name is not an error: exists is false. */
enum lets_err resolve_path(const struct worktree *w, const char *path, bool allow_outside, bool want_parents,
			   struct resolved *r, struct diag *d);
/* Creates the missing directories (mode 0777 less the umask) inside the held parent and moves
 * dir to the last; path names the target in messages. */
enum lets_err resolve_make_parents(struct resolved *r, const char *path, struct diag *d);
/* Opens the final name for reading with O_NOFOLLOW|O_NONBLOCK; -1 with errno set. */
int resolve_open(const struct resolved *r);
/* Opens path (relative to the current directory, or absolute) with flags (O_RDONLY, O_PATH,
 * O_DIRECTORY, O_NOFOLLOW, ...) only if it lies beneath the held root: openat2 with
 * RESOLVE_BENEATH from the root in one call where the kernel has it; the walk above where it does
 * not (ENOSYS, EINVAL) and to judge what openat2 refuses that may still be inside (an absolute
 * symlink into the tree). A symlink swapped in mid-walk cannot carry the open outside. Returns a
 * descriptor, or -1 with errno set: EXDEV for outside (and for a vanished current directory). */
int resolve_open_beneath(const struct worktree *w, const char *path, int flags);
void resolved_release(struct resolved *r);

/* True when path resolves inside w's tree (or bounds). */
bool resolve_contains(const struct worktree *w, const char *path);
/* Records "<path> is outside the working tree" (outside_tree) unless inside or allowed; io_error
 * when the current directory is gone. */
enum lets_err resolve_check(const struct worktree *w, const char *path, bool allow_outside, struct diag *d);

#endif
