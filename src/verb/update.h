/* lets update's flow with the release repository as a parameter, so it can be exercised against
 * a fake curl without a build that names a repository. The build's own repository is
 * LETS_RELEASE_REPO (make RELEASE_REPO=owner/name); without one, update is no_repository. */
#ifndef LETS_VERB_UPDATE_H
#define LETS_VERB_UPDATE_H
#include "verb.h"

/* repo NULL: no_repository. Every network step runs `curl` from PATH. */
enum lets_err update_run(const char *repo, const struct opts *o, struct buf *out, struct diag *d);

#endif
