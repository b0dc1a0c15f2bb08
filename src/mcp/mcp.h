/* lets mcp: the verbs as Model Context Protocol tools, JSON-RPC 2.0 over stdio, one message per line.
 *
 * Invariants:
 *  - Every request (a message with a string or integer id) gets exactly one response line, unless
 *    the client cancels it first (notifications/cancelled: then none, as the protocol asks); a
 *    notification, or a response from the client, gets none. A message that cannot be parsed, or
 *    is not a valid request, is answered with id null (-32700 / -32600).
 *  - No message, however malformed or large, ends the session: only EOF on the input does, and then
 *    mcp_serve answers the calls still queued and returns LETS_OK. A line over MCP_MAX_LINE bytes
 *    is discarded whole and answered -32700.
 *  - mcp_serve reads messages while a call runs: tool calls run one at a time, in the order they
 *    came, on a worker thread; everything else (initialize, ping, tools/list, cancellations, the
 *    client's answers) is handled on the reading thread at once. So a slow call never delays
 *    ping, and a cancellation reaches the call it names (the walk polls it per file). Answers to
 *    calls may therefore come after answers to later requests: JSON-RPC matches them by id.
 *  - A tool call is one in-process run of the verb, through verb_run (run.h) on an argv built
 *    from the call's arguments, with its own opts, output buffer, diag and stdin descriptor:
 *    nothing of one call is left for the next, and fd 0 (the protocol) is never read by a verb.
 *  - Every call runs its verb once: content and structuredContent are the text and the --json
 *    shape of that one run (opts.json_twin), so a write (or a check command) never happens twice.
 *  - Paths are bounded by the client's roots when it declares the roots capability (asked with
 *    roots/list after notifications/initialized, and again on notifications/roots/list_changed;
 *    a call waits for the answer), else by the server's working tree. A check command and
 *    allow_outside are refused unless the server was started with --allow-check-commands /
 *    --allow-outside (struct mcp_config).
 *  - Protocol output is one whole line per write, under one lock. */
#ifndef LETS_MCP_H
#define LETS_MCP_H
#include <stdbool.h>
#include <stddef.h>

#include "../buf.h"
#include "../error.h"
#include "tools.h"

#define MCP_MAX_LINE ((size_t)64 << 20)

/* The newest protocol revision; the others answered as asked are in session.c's table. */
#define MCP_LATEST_REVISION "2025-11-25"

struct mcp_queue; /* mcp_serve's worker and the lock it shares with the reading thread */

/* What lasts across the messages of one session. Zero (MCP_SESSION_INIT) is a session before
 * initialize, allowing neither check commands nor allow_outside, that runs calls inline. */
struct mcp_session {
	const char *revision; /* static; NULL before initialize */
	struct mcp_config cfg;
	bool client_roots; /* the client declared the roots capability */
	bool roots_pending; /* a roots/list is out and unanswered: calls wait for it */
	long roots_seq; /* the number in the id of the last roots/list sent */
	char **roots; /* owned: the client's roots (absolute directories); none: the tree */
	size_t n_roots;
	struct mcp_queue *queue; /* mcp_serve's; NULL: tools/call runs inside mcp_handle */
};
#define MCP_SESSION_INIT \
	{                \
		0        \
	}

/* Reads messages from in_fd until EOF, writing responses to out_fd. Returns LETS_OK at EOF, or
 * E_IO_ERROR (in d) when reading the input or writing a response fails. */
enum lets_err mcp_serve(int in_fd, int out_fd, const struct mcp_config *cfg, struct diag *d);

/* Handles one message (without its newline): appends its response line, '\n' included, to resp,
 * or nothing for a notification; a request of the server's own (roots/list) may follow it. In a
 * session without a queue a tool call runs here, with the roots known so far. */
void mcp_handle(struct mcp_session *s, const char *line, size_t len, struct buf *resp);
/* Frees what the session holds (its roots). */
void mcp_session_release(struct mcp_session *s);

#endif
