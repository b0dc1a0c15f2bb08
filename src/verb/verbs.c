#include "verbs.h"

#include <string.h>

#include "../buf.h"

static const char *const hooks_actions[] = {"install", "uninstall", NULL};
static const char *const hooks_agents[] = {"claude-code", "codex", NULL};
static const char *const hook_actions[] = {"classify", NULL}; /* subagent-start is the hook's own */
static const char *const shells[] = {"bash", "zsh", "fish", NULL};

/* The verbs whose positionals are closed sets, by verb name. */
static const struct {
	const char *verb;
	const char *const *sets[2];
} closed_positionals[] = {
	{"hooks", {hooks_actions, hooks_agents}},
	{"hook", {hook_actions, NULL}},
	{"completions", {shells, NULL}},
};

const struct verb verb_table[] = {
	{"show", NULL, cmd_show, V_SHOW, "[OPTIONS] <TARGETS>...",
	 "Read files, line ranges, anchors and symbols, several targets per call", 1, "<TARGETS>..."},
	{"find", "locate", cmd_find, V_FIND, "[OPTIONS] <PATTERN> [PATHS]...",
	 "Search files; hits print as path:line, grouped by file, capped at 50", 1, "<PATTERN>"},
	{"paths", NULL, cmd_paths, V_PATHS, "[OPTIONS] <PATTERN> [PATHS]...",
	 "List files whose path matches a glob or regex, by find's walk and ignore rules; sorted, capped at 50",
	 1, "<PATTERN>"},
	{"edit", NULL, cmd_edit, V_EDIT, "[OPTIONS] [TARGET] [MORE_TARGETS]...",
	 "Replace text that must match exactly once, or insert after an anchor; checked, reverted on breakage",
	 0, NULL},
	{"transform", NULL, cmd_transform, V_TRANSFORM, "[OPTIONS] [FILE]",
	 "Set, append or delete keys in JSON, YAML, TOML or markdown frontmatter", 0, NULL},
	{"write", NULL, cmd_write, V_WRITE, "[OPTIONS] <PATH>",
	 "Create a file from stdin; refuses to overwrite without --force", 1, "<PATH>"},
	{"guide", NULL, cmd_guide, V_GUIDE, "[OPTIONS]", "Print the one-screen guide", 0, NULL},
	{"version", NULL, cmd_version, V_VERSION, "[OPTIONS]", "Print the version", 0, NULL},
	{"stats", NULL, cmd_stats, V_STATS, "[OPTIONS]", "Count lets and hook use in Claude Code transcripts",
	 0, NULL},
	{"update", NULL, cmd_update, V_UPDATE, "[OPTIONS]", "Update lets to the latest release", 0, NULL},
	{"hooks", NULL, cmd_hooks, V_HOOKS, "[OPTIONS] <ACTION> <AGENT>",
	 "Install or uninstall agent hooks (claude-code, codex)", 2, "<ACTION> <AGENT>"},
	{"hook", NULL, cmd_hook, V_HOOK, "[OPTIONS] <ACTION>", "Hook entry points (classify)", 1, "<ACTION>"},
	{"mcp", NULL, cmd_mcp, V_MCP, "[OPTIONS]",
	 "Serve the verbs as MCP tools over stdio (JSON-RPC, one message per line)", 0, NULL},
	{"completions", NULL, cmd_completions, V_COMPLETIONS, "<SHELL>",
	 "Print a completion script for bash, zsh or fish", 1, "<SHELL>"},
};

const size_t verb_count = sizeof(verb_table) / sizeof(verb_table[0]);

const struct verb *verb_find(const char *name)
{
	for (size_t i = 0; i < verb_count; i++)
		if (!strcmp(verb_table[i].name, name) ||
		    (verb_table[i].alias && !strcmp(verb_table[i].alias, name)))
			return &verb_table[i];
	return NULL;
}

const char *const *verb_choices(const struct verb *v, size_t pos)
{
	for (size_t i = 0; i < sizeof(closed_positionals) / sizeof(closed_positionals[0]); i++)
		if (!strcmp(closed_positionals[i].verb, v->name))
			return pos < 2 ? closed_positionals[i].sets[pos] : NULL;
	return NULL;
}

enum lets_err verb_choice_check(const struct verb *v, size_t pos, const char *value, struct diag *d)
{
	const char *const *set = verb_choices(v, pos);
	for (size_t i = 0; set[i]; i++)
		if (!strcmp(set[i], value))
			return LETS_OK;
	/* The positional's name is the pos-th word of positional_name: "<ACTION> <AGENT>". */
	const char *name = v->positional_name;
	for (size_t i = 0; i < pos && strchr(name, ' '); i++)
		name = strchr(name, ' ') + 1;
	struct buf values = BUF_INIT;
	for (size_t i = 0; set[i]; i++)
		buf_addf(&values, "%s%s", i ? ", " : "", set[i]);
	opt_usage_error(d, v->name, false, "invalid value '%s' for '%.*s'\n  [possible values: %s]", value,
			(int)strcspn(name, " "), name, values.data);
	buf_release(&values);
	return E_USAGE;
}
