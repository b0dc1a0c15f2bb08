# paths finds config files (issue 31 item 6): a pattern that spells a hidden name (a path part
# starting with a dot and a name character: ".golangci*", ".github/…", a regex's "\.env") walks
# hidden entries as --hidden does; a miss that skipped hidden entries walks them too, and the
# message names --hidden with what it would list (up to three paths), or says they hold none.
# spec-silent: paths is beyond 0.0.1; the wording of both.

### a glob naming a dotfile matches it
@env LETS_NO_STATS=1
% mkdir -p p/.github/workflows p/cmd && touch p/.golangci.yml p/.github/workflows/ci.yml p/cmd/main.go
$ cd p && lets paths '.golangci*'
.golangci.yml
── 1 path · walked 3 files · glob .golangci*

### a regex naming a hidden directory matches under it
@env LETS_NO_STATS=1
% mkdir -p p/.github/workflows p/cmd && touch p/.golangci.yml p/.github/workflows/ci.yml p/cmd/main.go
$ cd p && lets paths '\.github/'
.github/workflows/ci.yml
── 1 path · walked 3 files

### a miss whose match is hidden: not_found, naming --hidden and what it finds
@env LETS_NO_STATS=1
% mkdir -p p/.github/workflows p/cmd && touch p/.golangci.yml p/.github/workflows/ci.yml p/cmd/main.go
$ cd p && lets paths ci.yml
? 1
── 0 paths · walked 1 file · ignored 2 (hidden 2)
--- stderr
no path matches «ci.yml» · 2 hidden entries were skipped, and with --hidden it matches 2: .github/workflows/ci.yml, .golangci.yml
ERROR_CODE=not_found

### the --hidden that message names lists them
@env LETS_NO_STATS=1
% mkdir -p p/.github/workflows p/cmd && touch p/.golangci.yml p/.github/workflows/ci.yml p/cmd/main.go
$ cd p && lets paths --hidden ci.yml
.github/workflows/ci.yml
.golangci.yml
── 2 paths · walked 3 files

### a miss that hidden entries do not hold either says so
@env LETS_NO_STATS=1
% mkdir -p p/.github/workflows p/cmd && touch p/.golangci.yml p/.github/workflows/ci.yml p/cmd/main.go
$ cd p && lets paths nope.yml
? 1
── 0 paths · walked 1 file · ignored 2 (hidden 2)
--- stderr
no path matches «nope.yml», nor among the 2 hidden entries skipped (--hidden)
ERROR_CODE=not_found

### control: a pattern that does not spell a hidden name keeps skipping hidden entries
@env LETS_NO_STATS=1
% mkdir -p p/.github/workflows p/cmd && touch p/.golangci.yml p/.github/workflows/ci.yml p/cmd/main.go p/cmd/.x.go
$ cd p && lets paths '*.go'
cmd/main.go
── 1 path · walked 1 file · ignored 3 (hidden 3) · glob *.go

### control: a miss with nothing hidden skipped says only that
@env LETS_NO_STATS=1
% mkdir -p p/cmd && touch p/cmd/main.go
$ cd p && lets paths nope
? 1
── 0 paths · walked 1 file
--- stderr
no path matches «nope»
ERROR_CODE=not_found

### a gitignored hidden file stays ignored (the ignore rules still hold)
@env LETS_NO_STATS=1
% mkdir -p p && touch p/.env p/.envrc && printf '.env\n' > p/.gitignore
$ cd p && lets paths '.env*'
.envrc
── 1 path · walked 2 files · ignored 1 (gitignore 1) · glob .env*
