/* What publish.c shares with publish_batch.c only: the prepare stage with the sweep of a dead
 * process's temporaries as an option (a batch sweeps each directory once), and the `changed`
 * refusal naming the sha read and the sha now. */
#ifndef LETS_PUBLISH_INT_H
#define LETS_PUBLISH_INT_H
#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

#include "error.h"
#include "publish.h"

enum lets_err publish_prepare_swept(struct publish_op *op, int dir, const char *name, const char *path,
				    const char *data, size_t len, const struct stat *expected,
				    const char *read_sha, bool sweep, struct diag *d);
enum lets_err publish_changed_error(const struct publish_op *op, struct diag *d);

#endif
