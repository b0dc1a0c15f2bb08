/* lets update's flow with where it installs from as a parameter, so it can be exercised against a
 * fake curl without a build that names a repository. The build's own repository is
 * LETS_RELEASE_REPO (make RELEASE_REPO=owner/name); without one, update is no_repository. */
#ifndef LETS_VERB_UPDATE_H
#define LETS_VERB_UPDATE_H
#include "verb.h"

struct update_from {
	const char *repo; /* owner/name; NULL or "": no_repository */
	const char *target; /* this platform's name in a release: x86_64-unknown-linux-gnu */
	const char *self; /* the binary to replace; NULL: this one */
};

/* Every network step runs `curl` from PATH (release.h says how a release is installed). */
enum lets_err update_run(const struct update_from *from, const struct opts *o, struct buf *out,
			 struct diag *d);

#endif
