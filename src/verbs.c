#include "verbs.h"

#include <string.h>

#include "keypath.h"
#include "limit.h"

/* Each verb's function, in src/verb/<verb>.c. */
verb_fn cmd_show, cmd_find, cmd_paths, cmd_edit, cmd_transform, cmd_write, cmd_guide, cmd_version, cmd_stats,
	cmd_update, cmd_hooks, cmd_hook, cmd_mcp, cmd_completions, cmd_map;

static const char *const hooks_actions[] = {"install", "uninstall", NULL};
static const char *const hooks_agents[] = {"claude-code", "codex", NULL};
static const char *const hook_actions[] = {"classify", NULL}; /* subagent-start is the hook's own */
static const char *const shells[] = {"bash", "zsh", "fish", NULL};

static const struct verb_tool show_tool = {
	.title = "Show files",
	.hints = TOOL_READ_ONLY | TOOL_IDEMPOTENT,
	.pos = {{"targets", true, true,
		 "path, path:40-80, path@'regex', path#symbol (function, class, heading, key), or "
		 "#symbol alone"}},
	.guide = "Read files, line ranges, anchors and symbols, several per call; each header ends in "
		 "sha:<12 hex>, which edit's if_sha takes.",
};

static const struct verb_tool find_tool = {
	.title = "Find in files",
	.hints = TOOL_READ_ONLY | TOOL_IDEMPOTENT,
	.pos = {{"pattern", false, true, "a regex (Rust syntax), or literal text with fixed_string"},
		{"paths", true, false, "files or directories to search (default: the working directory)"}},
	.guide = "Search files as ripgrep does (.gitignore honoured, hidden skipped); hits as path:line by "
		 "file, capped at " LIMIT_STR(LIMIT_FIND_CAP) ".",
};

static const struct verb_tool paths_tool = {
	.title = "Find files by path",
	.hints = TOOL_READ_ONLY | TOOL_IDEMPOTENT,
	.pos = {{"pattern", false, true, "a glob (*.ts, src/**/*.go) or a regex searched in the path"},
		{"paths", true, false, "directories to walk (default: the working directory)"}},
	.guide =
		"Files whose path matches a glob or regex, walked as find walks; sorted, capped at " LIMIT_STR(
			LIMIT_FIND_CAP) ".",
};

static const struct verb_tool map_tool = {
	.title = "Map a repository",
	.hints = TOOL_READ_ONLY | TOOL_IDEMPOTENT,
	.pos = {{"paths", true, false, "what to map (default: the working directory)"}},
	.guide = "The tree's outline and its most-referenced definitions as path#Name targets.",
};

static const struct verb_tool edit_tool = {
	.title = "Edit files",
	.hints = TOOL_DESTRUCTIVE,
	.pos = {{"targets", true, false, "path, or path:a-b to match only in those lines"}},
	.stdin = "stdin",
	.stdin_description = "the range's content, for expect_all",
	.batch = "batch",
	.batch_description =
		"in order, all or none: {file, old, new} or {file, insert_after|insert_before, new}",
	.batch_keys = "file:string old:string new:string insert_after:string insert_before:string "
		      "all:boolean word:boolean substring:boolean line_hint:integer",
	.batch_required = "file new",
	.guide = "Replace text that matches exactly once (or all), or insert at an anchor; nothing is "
		 "written unless every edit applies and the files still parse.",
};

static const struct verb_tool transform_tool = {
	.title = "Set keys in config files",
	.hints = TOOL_DESTRUCTIVE,
	.pos = {{"file", false, false, "a JSON, YAML, TOML or frontmatter file"}},
	.batch = "batch",
	.batch_description = "all or none; set, delete, append: a path=value string, a list of them, "
			     "or (set, append) an object of paths to JSON values",
	.batch_keys = "file:string set:string|array|object delete:string|array append:string|array|object",
	.batch_required = "file",
	.guide = "Set, append or delete keys in JSON, YAML, TOML or Markdown frontmatter, keeping every "
		 "other byte.\n" KEYPATH_TOOL,
};

static const struct verb_tool write_tool = {
	.title = "Write a file",
	.hints = TOOL_DESTRUCTIVE | TOOL_IDEMPOTENT,
	.pos = {{"path", false, true, "the file to create (parents are made)"}},
	.stdin = "content",
	.stdin_description = "the file's whole content",
	.guide = "Create a file holding content, atomically; an existing file needs force, empty content "
		 "needs empty.",
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
		.about = "Search files; hits print as path:line, grouped by file, capped at " LIMIT_STR(
			LIMIT_FIND_CAP),
		.min_positional = 1,
		.positional_name = "<PATTERN>",
		.tool = &find_tool,
		.guide_args = "<pattern> [path]...",
		.guide = "search; hits print as path:line; capped at " LIMIT_STR(
			LIMIT_FIND_CAP) ", says so\n"
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
			"capped at " LIMIT_STR(LIMIT_FIND_CAP),
		.min_positional = 1,
		.positional_name = "<PATTERN>",
		.tool = &paths_tool,
	},
	{
		.name = "map",
		.fn = cmd_map,
		.needs = TREE_VERB,
		.usage = "[OPTIONS] [PATHS]...",
		.about = "Outline a tree and rank its definitions by how much of the tree refers to them",
		.epilogue =
			"\nThe outline shows two directory levels with file counts and main languages; vendored\n"
			"trees (vendor/, node_modules/, third_party/) are folded into one line and generated files\n"
			"are counted, not ranked. Definitions rank by PageRank over the file graph (file A spells a\n"
			"name file B defines), each printed as a ready target with its line. --budget defaults to\n"
			"1000 tokens; the footer says what was left out.\n",
		.tool = &map_tool, /* its guide lines are with paths', beyond 0.0.1's (guide.c) */
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
			"\nEach tool call runs the verb in-process and returns its text as content and its "
			"--json shape\n"
			"as structuredContent. Paths stay beneath the client's roots when it declares them,\n"
			"else beneath the server's working tree. A check runs only the presets (@auto, …)\n"
			"and allow_outside is refused unless the flags above allow them.\n",
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
