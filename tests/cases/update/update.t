# lets update in a build with no RELEASE_REPO (the default): both forms exit 1 no_repository
# and say how to update a source build; curl is never run. The flow against a repository is
# tested with a fake curl in tests/unit/t_update.c.

### update names no repository and says how to update this copy
% mkdir fake && printf '#!/bin/sh\ntouch "%s/curl-ran"\n' "$PWD" > fake/curl && chmod +x fake/curl
$ PATH=$PWD/fake:$PATH lets update; echo "exit $?"; ls curl-ran 2>/dev/null; true
exit 1
--- stderr
this build has no configured release repository · it was built from source: update it with `git pull && make install`, or rebuild with make RELEASE_REPO=owner/name
ERROR_CODE=no_repository

### update --check --json: the error object, the same slug
$ lets update --check --json
? 1
{"error":{"slug":"no_repository","message":"this build has no configured release repository · it was built from source: update it with `git pull && make install`, or rebuild with make RELEASE_REPO=owner/name"},"omitted":[],"stats":{"lines":0,"bytes":0,"tokens_est":null}}
--- stderr
this build has no configured release repository · it was built from source: update it with `git pull && make install`, or rebuild with make RELEASE_REPO=owner/name
ERROR_CODE=no_repository

### update --json (an install, not a check): the same error object, the same slug
$ lets update --json
? 1
{"error":{"slug":"no_repository","message":"this build has no configured release repository · it was built from source: update it with `git pull && make install`, or rebuild with make RELEASE_REPO=owner/name"},"omitted":[],"stats":{"lines":0,"bytes":0,"tokens_est":null}}
--- stderr
this build has no configured release repository · it was built from source: update it with `git pull && make install`, or rebuild with make RELEASE_REPO=owner/name
ERROR_CODE=no_repository

### update takes no positional argument
$ lets update now
? 64
--- stderr
error: unexpected argument 'now' found

Usage: lets update [OPTIONS]

For more information, try '--help'.
ERROR_CODE=usage
