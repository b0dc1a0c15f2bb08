/* lets mcp: the verbs as Model Context Protocol tools, JSON-RPC 2.0 over stdio, one message per line.
 *
 * Invariants:
 *  - Every request (a message with a string or integer id) gets exactly one response line, in order;
 *    a notification, or a response from the client, gets none. A message that cannot be parsed, or is
 *    not a valid request, is answered with id null (-32700 / -32600).
 *  - No message, however malformed or large, ends the session: only EOF on the input does, and then
 *    mcp_serve returns LETS_OK. A line over MCP_MAX_LINE bytes is discarded whole and answered -32700.
 *  - A tool call is one in-process run of the verb, through verb_run (run.h) on an argv built
 *    from the call's arguments, with its own opts, output buffer, diag and stdin descriptor:
 *    nothing of one call is left for the next, and fd 0 (the protocol) is never read by a verb.
 *  - Every call runs its verb once: content and structuredContent are the text and the --json
 *    shape of that one run (opts.json_twin), so a write never happens twice.
 *  - Protocol output is written only by mcp_serve, one whole line per write. */
#ifndef LETS_MCP_H
#define LETS_MCP_H
#include <stdbool.h>
#include <stddef.h>

#include "../buf.h"
#include "../error.h"

#define MCP_MAX_LINE ((size_t)64 << 20)

/* The newest protocol revision; the others answered as asked are in mcp_server.c's table. */
#define MCP_LATEST_REVISION "2025-11-25"

/* What lasts across the messages of one session: the revision initialize agreed on. */
struct mcp_session {
	const char *revision; /* static; NULL before initialize */
};
#define MCP_SESSION_INIT \
	{                \
		0        \
	}

/* Reads messages from in_fd until EOF, writing responses to out_fd. Returns LETS_OK at EOF, or
 * E_IO_ERROR (in d) when reading the input or writing a response fails. */
enum lets_err mcp_serve(int in_fd, int out_fd, struct diag *d);

/* Handles one message (without its newline): appends its response line, '\n' included, to resp,
 * or nothing for a notification. */
void mcp_handle(struct mcp_session *s, const char *line, size_t len, struct buf *resp);

#endif
