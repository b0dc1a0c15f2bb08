/* Ignore rules as git and ripgrep apply them: gitignore(5) syntax (comments, trailing-space
 * trimming with "\ " kept, "!" negation, directory-only "/", anchoring by any inner or leading
 * slash, "*", "?", "[...]", "**" in its three special positions, backslash escapes), compiled once
 * per file into a list of rules. The last rule that matches a path decides.
 *
 * A list matches paths relative to the directory that holds its file (its base). The same rule
 * compiler serves find's -g globs, where the sense is inverted (a plain glob includes, "!glob"
 * excludes). Lists are immutable after parsing, so walker threads share them without locks. */
#ifndef LETS_IGNORE_H
#define LETS_IGNORE_H
#include <stdbool.h>
#include <stddef.h>

struct ignore_rule;

struct ignore_list {
	struct ignore_rule *rules;
	size_t n, cap;
};
#define IGNORE_LIST_INIT \
	{                \
		0        \
	}

enum ignore_match {
	IGN_NONE, /* no rule matched */
	IGN_IGNORE, /* the last matching rule excludes */
	IGN_WHITELIST, /* the last matching rule is a "!" re-include */
};

/* Adds one line of gitignore syntax (comments and blank lines are skipped). */
void ignore_list_add_line(struct ignore_list *l, const char *line, size_t len);
/* Adds every line of a buffer. */
void ignore_list_add_text(struct ignore_list *l, const char *text, size_t len);
/* Reads a file into l; false (l untouched) when it cannot be read. dirfd may be AT_FDCWD. */
bool ignore_list_load(struct ignore_list *l, int dirfd, const char *path);
void ignore_list_release(struct ignore_list *l);
bool ignore_list_empty(const struct ignore_list *l);
/* True when some rule is not a "!" rule (for globs: some glob includes). */
bool ignore_list_has_plain(const struct ignore_list *l);

/* Decides rel (relative to the list's base, no leading "./" or "/"); name is its last component
 * (a pointer into rel). */
enum ignore_match ignore_list_match(const struct ignore_list *l, const char *rel, size_t rel_len,
				    const char *name, size_t name_len, bool is_dir);

/* git's wildmatch with WM_PATHNAME: "*" and "?" stop at "/", "**" spans directories where it
 * stands between slashes. Exposed for the unit tests. */
bool ignore_wildmatch(const char *pat, size_t pat_len, const char *text, size_t text_len);

/* The global excludes file git would read: core.excludesFile from $XDG_CONFIG_HOME/git/config or
 * ~/.gitconfig, else $XDG_CONFIG_HOME/git/ignore (~/.config/git/ignore). Caller frees; NULL when
 * no candidate can be named. */
char *ignore_global_path(void);

#endif
