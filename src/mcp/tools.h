/* The MCP tools: the rows of the verb table that carry a tool (verbs.h), each with an inputSchema
 * made from the verb's own options (opt_each) and the tool's positionals, stdin and batch
 * properties. The shared flags (--budget, --no-ignore, …) are described once, in the server's
 * instructions, and taken by every tool without being repeated in each schema.
 *
 * A call checks its arguments against the verb's options, refuses what the server's starter did
 * not allow (a check command, allow_outside), turns the rest into the argv the CLI would get,
 * and runs the verb in-process through verb_run, as main() does, speaking in tool terms. */
#ifndef LETS_MCP_TOOLS_H
#define LETS_MCP_TOOLS_H
#include <jansson.h>
#include <stdatomic.h>
#include <stdbool.h>

#include "../buf.h"

struct verb;

/* What the person who started the server allowed beyond the presets and the roots. */
struct mcp_config {
	bool allow_check_commands; /* lets mcp --allow-check-commands */
	bool allow_outside; /* lets mcp --allow-outside */
};

/* The largest reply line a tools/call answers with: the official SDK's stdio transport drops the
 * connection past 10 MiB, so a reply stays under that with room for what is queued behind it. */
#define MCP_REPLY_MAX ((size_t)8 << 20)
/* Past this many bytes of text, structuredContent is left out rather than a second copy sent. */
#define MCP_TWIN_MAX ((size_t)1 << 20)

/* The tools/list "tools" array; the caller owns the new reference. */
json_t *mcp_tools_list(const struct mcp_config *cfg);
/* Appends initialize's instructions: what the server does, the target forms, and the shared
 * arguments every tool takes. */
void mcp_instructions(struct buf *b, const struct mcp_config *cfg);
/* The verb row of tool name, or NULL when no tool has that name. */
const struct verb *mcp_tool(const char *name);
/* Appends the unknown-tool message: "unknown tool 'cat': the tools are show, …, and write". */
void mcp_unknown_tool(struct buf *b, const char *name);
/* The schema property an option of v becomes, or false when the server sets it itself (--json,
 * and --from where the tool has a batch). */
struct opt_desc;
bool mcp_tool_prop(const struct verb *v, const struct opt_desc *od, char *name, size_t cap);

/* One tools/call. */
struct mcp_call {
	const struct verb *tool;
	json_t *arguments; /* an object, or NULL for none */
	bool structured; /* 2025-06-18 on: structuredContent beside content */
	bool invalid_as_result; /* 2025-11-25 on: invalid arguments are an isError result (SEP-1303) */
	const struct mcp_config *cfg;
	const char *const *roots; /* the client's roots (absolute directories); n_roots 0: the tree */
	size_t n_roots;
	const atomic_bool *cancel; /* set when the client cancelled the call */
};

/* Runs the call and returns the tools/call result (new reference): content holds the verb's
 * stdout, then on failure its stderr (the messages and ERROR_CODE=<slug>) with isError true;
 * with structured, structuredContent its --json shape while the text is under MCP_TWIN_MAX. A
 * reply that would pass MCP_REPLY_MAX is an over_budget refusal, or for a change already made,
 * its text trimmed with a line saying so. Invalid arguments before 2025-11-25 return NULL with
 * the reason in why (JSON-RPC -32602). */
json_t *mcp_tool_call(const struct mcp_call *c, struct buf *why);

/* A JSON string of s[0..n): s itself when valid UTF-8, else its lossy display (U+FFFD). */
json_t *mcp_text(const char *s, size_t n);

#endif
