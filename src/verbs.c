#include "verbs.h"

#include <string.h>

#include "keypath.h"

/* Each verb's function, in src/verb/<verb>.c. */
verb_fn cmd_show, cmd_find, cmd_paths, cmd_edit, cmd_transform, cmd_write, cmd_guide, cmd_version, cmd_stats,
	cmd_update, cmd_hooks, cmd_hook, cmd_mcp, cmd_completions;

static const char *const hooks_actions[] = {"install", "uninstall", NULL};
static const char *const hooks_agents[] = {"claude-code", "codex", NULL};
static const char *const hook_actions[] = {"classify", NULL}; /* subagent-start is the hook's own */
static const char *const shells[] = {"bash", "zsh", "fish", NULL};

static const struct verb_tool show_tool = {
	.pos = {{"targets", true, true,
		 "what to read: path, path:40, path:40-80, path@'regex' (with after/before/context), "
		 "path#symbol (a function, class, heading or key), or #symbol alone to find its one "
		 "definition in the tree"}},
	.guide = "Each target prints as a numbered block whose header names the range shown, the file's "
		 "total and sha:<12 hex> (pass it to edit's if_sha); whole files are windowed at 200 lines.",
};

static const struct verb_tool find_tool = {
	.pos = {{"pattern", false, true, "a regex (Rust regex syntax), or literal text with fixed_string"},
		{"paths", true, false, "files or directories to search; the working tree when none"}},
	.guide = "Hits print as path:line grouped by file, walking like ripgrep (.gitignore honoured, "
		 "hidden files skipped); over the cap it prints a map of the files with the most hits.",
};

static const struct verb_tool edit_tool = {
	.pos = {{"targets", true, false,
		 "the files to edit: path, or path:a-b to match only in those lines"}},
	.stdin = "stdin",
	.stdin_description = "what the command line would read on stdin: the batch for from \"-\", or "
			     "the text for old \"-\", new \"-\" or expect_all",
	.guide = "old must occur exactly once (or pass all); the file is checked before and after and the "
		 "write is reverted if the edit breaks it. Several targets are validation-atomic: nothing "
		 "is written unless every one matches.",
};

static const struct verb_tool transform_tool = {
	.pos = {{"file", false, false, "the JSON, YAML, TOML or Markdown-frontmatter file to change"}},
	.stdin = "stdin",
	.stdin_description =
		"the JSONL batch for from \"-\": one object per file with file, set, delete, append",
	.guide = "Every byte outside the changed value is kept and the file is parsed again before it "
		 "is written.\n" KEYPATH_HELP,
};

static const struct verb_tool write_tool = {
	.pos = {{"path", false, true, "the file to create (missing parent directories are made)"}},
	.stdin = "content",
	.stdin_description = "the whole new content of the file",
	.guide = "Atomic: the path holds either the old bytes or the new ones. An existing file is "
		 "refused unless force; empty content is refused unless empty.",
};

/* The needs of a verb that reads or changes files in the tree. */
#define TREE_VERB (VERB_TREE | VERB_SHARED_FLAGS | VERB_COUNTED)

const struct verb verb_table[] = {
	{
		.name = "show",
		.fn = cmd_show,
		.needs = TREE_VERB,
		.usage = "[OPTIONS] <TARGETS>...",
		.about = "Read files, line ranges, anchors and symbols, several targets per call",
		.min_positional = 1,
		.positional_name = "<TARGETS>...",
		.tool = &show_tool,
		.guide_args = "<target>...",
		.guide = "read files, ranges, anchors, symbols \xE2\x80\x94 several per call",
	},
	{
		.name = "find",
		.alias = "locate",
		.fn = cmd_find,
		.needs = TREE_VERB | VERB_PATTERN,
		.usage = "[OPTIONS] <PATTERN> [PATHS]...",
		.about = "Search files; hits print as path:line, grouped by file, capped at 50",
		.min_positional = 1,
		.positional_name = "<PATTERN>",
		.tool = &find_tool,
		.guide_args = "<pattern> [path]...",
		.guide = "search; hits print as path:line; capped at 50, says so\n"
			 "-F/-i/-w \xC2\xB7 -A/-B/-C context \xC2\xB7 --files/-l \xC2\xB7 --count/-c\n"
			 "grep's -n/--line-number -r -R -E -H are accepted as no-ops",
	},
	{
		.name = "paths",
		.fn = cmd_paths,
		.needs = TREE_VERB | VERB_PATTERN,
		.usage = "[OPTIONS] <PATTERN> [PATHS]...",
		.about =
			"List files whose path matches a glob or regex, by find's walk and ignore rules; sorted, "
			"capped at 50",
		.min_positional = 1,
		.positional_name = "<PATTERN>",
	},
	{
		.name = "edit",
		.fn = cmd_edit,
		.needs = TREE_VERB,
		.usage = "[OPTIONS] [TARGET] [MORE_TARGETS]...",
		.about =
			"Replace text that must match exactly once, or insert after an anchor; checked, reverted "
			"on breakage",
		.epilogue =
			"\nWith no --old, a 'path#symbol' target has its whole span (the lines show prints for it)\n"
			"replaced by --new; --insert-after/--insert-before '#symbol' insert next to it.\n"
			"\n--from - reads fence blocks (@@ <target>, <<<<<<< old, ======= new, >>>>>>>) or JSONL, one\n"
			"edit per line; \"all\", \"word\", \"substring\" and \"line_hint\" are the flags of the same name:\n"
			"  {\"file\":\"a.go\",\"old\":\"x := 1\",\"new\":\"x := 2\"}\n"
			"  {\"file\":\"a.go\",\"insert_after\":\"#Open\",\"new\":\"...\"}    or \"insert_before\"; @'regex' too\n"
			"  {\"file\":\"a.go\",\"symbol\":\"Store.Open\",\"new\":\"...\"}     the symbol replaced whole\n"
			"\nA --from - batch applies its entries in order, each to the file as the entries before it left\n"
			"it; an entry's \"line_hint\" is still a line of the file as read (the numbers show printed\n"
			"before the batch), moved by the lines earlier entries added or removed above it.\n"
			"\nAn insert anchor @'regex' (or @regex, unquoted) must match one line: when it matches several,\n"
			"--line-hint N takes the match nearest line N, and @'regex'+N the Nth match.\n",
		.tool = &edit_tool,
		.guide_args = "<target> --old --new",
		.guide = "exact-once replace; --all; --insert-after; --from - for batches",
	},
	{
		.name = "transform",
		.fn = cmd_transform,
		.needs = TREE_VERB,
		.usage = "[OPTIONS] [FILE]",
		.about = "Set, append or delete keys in JSON, YAML, TOML or markdown frontmatter",
		.epilogue =
			"\n--from - reads JSONL, one file per line, its operations in the order written: each of\n"
			"\"set\", \"delete\" and \"append\" takes a \"path=value\" string (\"delete\": a path), an\n"
			"array of them, or (\"set\", \"append\") an object of path: value.\n"
			"  {\"file\":\"c.yaml\",\"set\":{\"spec.replicas\":3},\"delete\":\"spec.paused\"}\n"
			"\n" KEYPATH_HELP,
		.tool = &transform_tool,
		.guide_args = "<file> --set k=v",
		.guide = "--append k=v; JSON/YAML/TOML/frontmatter keys, formatting preserved",
	},
	{
		.name = "write",
		.fn = cmd_write,
		.needs = TREE_VERB,
		.usage = "[OPTIONS] <PATH>",
		.about = "Create a file from stdin; refuses to overwrite without --force",
		.min_positional = 1,
		.positional_name = "<PATH>",
		.tool = &write_tool,
		.guide_args = "<path> < stdin",
		.guide = "create a file; refuses to overwrite without --force",
	},
	{
		.name = "guide",
		.fn = cmd_guide,
		.needs = VERB_SHARED_FLAGS | VERB_COUNTED,
		.usage = "[OPTIONS]",
		.about = "Print the one-screen guide",
	},
	{
		.name = "version",
		.fn = cmd_version,
		.needs = VERB_SHARED_FLAGS | VERB_COUNTED,
		.usage = "[OPTIONS]",
		.about = "Print the version",
	},
	{
		.name = "stats",
		.fn = cmd_stats,
		.needs = VERB_SHARED_FLAGS | VERB_COUNTED,
		.usage = "[OPTIONS]",
		.about = "Count lets and hook use in Claude Code transcripts",
	},
	{
		.name = "update",
		.fn = cmd_update,
		.needs = VERB_SHARED_FLAGS | VERB_COUNTED,
		.usage = "[OPTIONS]",
		.about = "Update lets to the latest release",
	},
	{
		.name = "hooks",
		.fn = cmd_hooks,
		.needs = VERB_SHARED_FLAGS | VERB_COUNTED,
		.usage = "[OPTIONS] <ACTION> <AGENT>",
		.about = "Install or uninstall agent hooks (claude-code, codex)",
		.min_positional = 2,
		.positional_name = "<ACTION> <AGENT>",
		.choices = {hooks_actions, hooks_agents},
	},
	{
		.name = "hook",
		.fn = cmd_hook,
		.needs = VERB_SHARED_FLAGS | VERB_COUNTED,
		.usage = "[OPTIONS] <ACTION>",
		.about = "Hook entry points (classify)",
		.min_positional = 1,
		.positional_name = "<ACTION>",
		.choices = {hook_actions},
	},
	{
		.name = "mcp",
		.fn = cmd_mcp,
		.needs = VERB_COUNTED, /* no shared flags: the server decides the shape of each answer */
		.usage = "[OPTIONS]",
		.about = "Serve the verbs as MCP tools over stdio (JSON-RPC, one message per line)",
		.epilogue =
			"\nRegister it with Claude Code:\n"
			"  claude mcp add lets -- lets mcp\n"
			"\nOr with any client that reads an mcpServers block:\n"
			"  {\n"
			"    \"mcpServers\": {\n"
			"      \"lets\": { \"command\": \"lets\", \"args\": [\"mcp\"] }\n"
			"    }\n"
			"  }\n"
			"\nEach tool call runs the verb in-process with the server's working directory as the "
			"tree, and\n"
			"returns the verb's text as content and its --json shape as structuredContent.\n",
	},
	{
		.name = "completions",
		.fn = cmd_completions,
		.needs = VERB_COUNTED, /* no shared flags: it prints a script and reads no tree */
		.usage = "<SHELL>",
		.about = "Print a completion script for bash, zsh or fish",
		.min_positional = 1,
		.positional_name = "<SHELL>",
		.choices = {shells},
	},
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
	return pos < 2 ? v->choices[pos] : NULL;
}
