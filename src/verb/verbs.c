#include "verbs.h"

#include <string.h>

const struct verb verb_table[] = {
	{"show", NULL, cmd_show, V_SHOW, "[OPTIONS] <TARGETS>...",
	 "Read files, line ranges, anchors and symbols, several targets per call", 1, "<TARGETS>..."},
	{"find", "locate", cmd_find, V_FIND, "[OPTIONS] <PATTERN> [PATHS]...",
	 "Search files; hits print as path:line, grouped by file, capped at 50", 1, "<PATTERN>"},
	{"paths", NULL, cmd_paths, V_PATHS, "[OPTIONS] <PATTERN> [PATHS]...",
	 "List files whose path matches a glob or regex, by find's walk and ignore rules; sorted, capped at 50", 1,
	 "<PATTERN>"},
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
};

const size_t verb_count = sizeof(verb_table) / sizeof(verb_table[0]);

const struct verb *verb_find(const char *name)
{
	for (size_t i = 0; i < verb_count; i++)
		if (!strcmp(verb_table[i].name, name) || (verb_table[i].alias && !strcmp(verb_table[i].alias, name)))
			return &verb_table[i];
	return NULL;
}
