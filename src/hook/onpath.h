/* Which `lets` an agent's hook or an update would reach: the first executable `lets` on PATH,
 * compared with this binary by device and inode, so a symlink to this binary counts as this one. */
#ifndef LETS_HOOK_ONPATH_H
#define LETS_HOOK_ONPATH_H
#include <stdbool.h>
#include <stddef.h>

#include "../error.h"

/* This binary's resolved path into self[size]; E_IO_ERROR (recorded) when it cannot be named. */
enum lets_err onpath_self(char *self, size_t size, struct diag *d);

/* LETS_OK when the first `lets` on PATH is self; path_conflict naming both when it is another
 * binary; when there is none, not_on_path if required, else LETS_OK. */
enum lets_err onpath_check(const char *self, bool required, struct diag *d);

#endif
