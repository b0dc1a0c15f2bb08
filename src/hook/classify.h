/* The PreToolUse classifier: decides whether one shell command is a bare read (cat, sed -n
 * 'A,Bp', head/tail -n N, grep) or a literal sed -i substitution of in-tree files that a single
 * lets command replaces exactly, and names that command.
 *
 * Invariant: it fails open. Anything it cannot prove — a parse error, an expansion, a pipe, a
 * redirection, a glob, a path outside the tree or not a readable text file, a shape it does not
 * know — is allowed, so a block is always a translation it is sure of. Paths are resolved
 * against the current directory, which the caller sets to the event's cwd. */
#ifndef LETS_HOOK_CLASSIFY_H
#define LETS_HOOK_CLASSIFY_H
#include <stdbool.h>
#include <stddef.h>

struct buf;

/* True when command should be blocked: appends "<reason>\nrun: <lets command>" to why. */
bool classify_command(const char *command, size_t len, struct buf *why);

/* Reads one PreToolUse event (JSON) and appends the deny line to out when it blocks, nothing
 * when it allows (including every malformed or unexpected event). Changes the current
 * directory to the event's cwd. */
void classify_event(const char *event, size_t len, struct buf *out);

#endif
