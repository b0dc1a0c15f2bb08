/* Between the session (session.c: what each message means) and the server (server.c: the reading
 * loop, the worker thread and the queue of tool calls between them). Internal to src/mcp/. */
#ifndef LETS_MCP_INTERNAL_H
#define LETS_MCP_INTERNAL_H
#include <jansson.h>
#include <stdatomic.h>
#include <stdbool.h>

#include "mcp.h"

/* One tools/call waiting for, or in, the worker. */
struct mcp_job {
	json_t *id; /* owned reference */
	const struct verb *tool;
	json_t *arguments; /* owned reference; NULL for none */
	bool structured, invalid_as_result; /* from the revision when the call came */
	atomic_bool cancel; /* set by notifications/cancelled */
	struct mcp_job *next;
};

void mcp_job_free(struct mcp_job *j);
/* Runs j with the roots given (roots_unknown: a roots/list was never answered, so none can be
 * trusted) and appends its response line to resp. */
void mcp_job_answer(const struct mcp_session *s, struct mcp_job *j, char *const *roots, size_t n_roots,
		    bool roots_unknown, struct buf *resp);

/* server.c. Each accepts a NULL queue (mcp_handle's sessions), doing nothing. */
void mcp_queue_lock(struct mcp_queue *q);
void mcp_queue_unlock(struct mcp_queue *q);
/* Hands j (owned from now on) to the worker. */
void mcp_queue_push(struct mcp_queue *q, struct mcp_job *j);
/* Cancels the call with this id: a queued one is dropped, the running one told to stop. */
void mcp_queue_cancel(struct mcp_queue *q, const json_t *id);
/* Tells the worker the roots changed (it may be waiting for them). Call with the lock held. */
void mcp_queue_wake(struct mcp_queue *q);

#endif
