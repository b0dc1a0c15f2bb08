/* Merging lets's hooks into an agent's JSON settings file (Claude Code's settings.json, Codex's
 * hooks.json: "hooks" → event → matcher groups → {"type":"command","command":…}) by splicing
 * text, never by re-serialising: every byte outside the splice is kept, so key order,
 * indentation, comments and the user's own hooks survive. A splice is indented like its
 * neighbours. The text may be JSONC, as Claude Code reads its settings: // and block comments
 * and trailing commas, read by the JSON(C) lexer every JSON reader in lets shares (format/jsonc.h).
 *
 * Invariants: settings_add is idempotent (a second add of the same hook changes nothing), and
 * settings_remove undoes settings_add byte for byte when nothing else changed in between, the
 * user's empty containers included (fuzz/fuzz_settings.c), for any text with a top-level object:
 * text without one gets one from settings_add, which stays. Both
 * expect text that settings_validate accepted, and both leave text it accepts; a splice never
 * lands inside a comment or removes one. */
#ifndef LETS_HOOK_SETTINGS_H
#define LETS_HOOK_SETTINGS_H
#include <stdbool.h>
#include <stddef.h>

#include "../error.h"

struct buf;

/* One hook lets owns. command is the exact string install writes; suffix is what follows the
 * program in every lets-written command for this event (" hook classify"), so uninstall also
 * finds a hook written by a lets installed elsewhere. */
struct hook_spec {
	const char *event; /* "PreToolUse", "SubagentStart", "SessionStart" */
	const char *matcher; /* NULL: the group has no matcher */
	const char *command;
	const char *suffix;
};

/* 0 when text is one JSONC object with no duplicate keys, as the one JSON reader reads it
 * (format.h's json_read: a byte-order mark skipped, numbers of any size), or only whitespace and
 * comments (an empty file); else -1 and why_buf names the line and the problem: a comment that
 * never ends, else jansson's message. */
int settings_validate(const char *data, size_t len, char *why_buf, size_t why_size);

/* Adds spec's hook in a group of its own unless a hook with the same command is already there;
 * a hook that a lets installed elsewhere wrote for the event gets this command instead, so a
 * reinstall from a new place never leaves two. Returns 1 added, 0 already present, -1 when the file's shape cannot take it ("hooks" or the
 * event is not the JSON type the agent expects); *why then names the problem. */
int settings_add(struct buf *text, const struct hook_spec *spec, const char **why);

/* Removes every hook lets wrote for spec's event (a command that is an absolute path to a lets,
 * or the bare `lets` 0.0.1 wrote, then spec's suffix): the group when the hook is alone in it,
 * else the hook alone; then the event and "hooks" when they are left empty, unless they were
 * there, empty, before install (the marks settings.c's struct style describes). Returns 1
 * removed, 0 nothing to remove. */
int settings_remove(struct buf *text, const struct hook_spec *spec);

/* Whether the text is what install writes into a file that did not exist, less its hooks ("{}"
 * and a line break): after an uninstall, the file to remove, not to leave behind. (A user's own
 * file of exactly those bytes goes too: nothing in it tells them apart.) */
bool settings_created_only(const char *data, size_t len);

/* Appends Claude Code's configuration directory to dir: $CLAUDE_CONFIG_DIR when it is set and
 * not empty, else $HOME/.claude (hooks install claude-code merges into settings.json there,
 * stats reads the transcripts under projects/). E_USAGE for a relative CLAUDE_CONFIG_DIR,
 * E_IO_ERROR when HOME is needed and is not an absolute path. */
enum lets_err settings_claude_dir(struct buf *dir, struct diag *d);

#endif
