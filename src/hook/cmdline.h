/* The lets calls in one shell command line, read leniently for counting (lets stats): nothing is
 * expanded or run, this counts what was typed.
 *
 * The line is split into simple commands at |, ||, |&, &, &&, ;, newlines, parentheses, $( and
 * backquotes; quotes are removed, a redirection's file and a heredoc's body are skipped, and a #
 * at the start of a word ends the line. A command's leading assignments (FOO=1), reserved words
 * (if, then, !, { …) and wrappers with their options (timeout 10, xargs -0, env, nice, nohup,
 * sudo, stdbuf, time, command, exec) are looked through to the program, and sh/bash -c '…' is
 * read as a command line of its own. A program named lets or ending in /lets, followed by a
 * verb of the verb table (or an alias), is a call. */
#ifndef LETS_HOOK_CMDLINE_H
#define LETS_HOOK_CMDLINE_H
#include <stddef.h>

struct verb;

struct cmdline_call {
	const struct verb *verb; /* a row of verb_table */
	/* The positionals that name files: not the values of the verb's value-taking options (read
	 * from opt.c's table), not the pattern of a VERB_PATTERN row (find's, paths'), none where the
	 * positionals are a closed set (hooks install claude-code). */
	long targets;
};

struct cmdline_calls {
	struct cmdline_call *v;
	size_t n, cap;
};
#define CMDLINE_CALLS_INIT \
	{                  \
		NULL, 0, 0 \
	}

/* Appends the lets calls of command[0..len), in the order typed, to out. */
void cmdline_lets_calls(const char *command, size_t len, struct cmdline_calls *out);
void cmdline_calls_release(struct cmdline_calls *c);

#endif
