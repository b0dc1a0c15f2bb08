/* The MCP tools: the rows of the verb table that carry a tool (verbs.h), each with an inputSchema
 * made from the verb's options (opt_each) and the tool's positionals. A call validates its
 * arguments against that schema, turns them into the argv the CLI would get, and runs the verb
 * in-process through verb_run, as main() does. */
#ifndef LETS_MCP_TOOLS_H
#define LETS_MCP_TOOLS_H
#include <jansson.h>
#include <stdbool.h>

#include "../buf.h"

/* The tools/list "tools" array; the caller owns the new reference. */
json_t *mcp_tools_list(void);

/* Runs tool name with arguments (an object, or NULL for none) and returns the tools/call result
 * (new reference): content holds the verb's stdout, then on failure its stderr (the messages and
 * ERROR_CODE=<slug>) with isError true; with structured, structuredContent holds its JSON shape.
 * Arguments that do not fit the tool's schema return NULL with the reason in why (-32602). */
json_t *mcp_tool_call(const char *name, json_t *arguments, bool structured, struct buf *why);

/* A JSON string of s[0..n): s itself when valid UTF-8, else its lossy display (U+FFFD). */
json_t *mcp_text(const char *s, size_t n);

#endif
