/* What each message of a session means: the JSON-RPC envelope, the methods, the client's answers
 * to roots/list, cancellations. mcp_serve (server.c) feeds it lines and owns the threads. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../alloc.h"
#include "../verbs.h"
#include "internal.h"

enum {
	RPC_PARSE_ERROR = -32700,
	RPC_INVALID_REQUEST = -32600,
	RPC_METHOD_NOT_FOUND = -32601,
	RPC_INVALID_PARAMS = -32602,
};

/* Newest first: a client asking for one of these gets it back; any other gets the first. */
static const char *const revisions[] = {MCP_LATEST_REVISION, "2025-06-18", "2025-03-26", "2024-11-05"};

/* The id of the server's roots/list requests: the prefix, then the sequence number. */
#define ROOTS_ID "lets-roots-"

static int dump_to_buf(const char *p, size_t n, void *data)
{
	buf_add(data, p, n);
	return 0;
}

/* Appends msg (consumed) as one compact line: jansson escapes every control character, so the
 * line holds no newline of its own. */
static void emit(struct buf *resp, json_t *msg)
{
	json_dump_callback(msg, dump_to_buf, resp, JSON_COMPACT);
	buf_addc(resp, '\n');
	json_decref(msg);
}

static void reply_result(struct buf *resp, json_t *id, json_t *result)
{
	emit(resp, json_pack("{s:s, s:O, s:o}", "jsonrpc", "2.0", "id", id, "result", result));
}

static void reply_error(struct buf *resp, json_t *id, int code, const char *message)
{
	json_t *err = json_pack("{s:i, s:o}", "code", code, "message", mcp_text(message, strlen(message)));
	emit(resp, json_pack("{s:s, s:O, s:o}", "jsonrpc", "2.0", "id", id ? id : json_null(), "error", err));
}

/* Whether the session speaks revision rev or a later one (before initialize: the newest). */
static bool since(const struct mcp_session *s, const char *rev)
{
	return !s->revision || strcmp(s->revision, rev) >= 0;
}

static json_t *initialize(struct mcp_session *s, json_t *params, struct buf *why)
{
	json_t *asked = json_object_get(params, "protocolVersion");
	if (!json_is_string(asked)) {
		buf_adds(why,
			 "initialize needs params.protocolVersion, a string such as \"" MCP_LATEST_REVISION
			 "\"");
		return NULL;
	}
	s->revision = revisions[0];
	for (size_t i = 0; i < sizeof(revisions) / sizeof(revisions[0]); i++)
		if (!strcmp(json_string_value(asked), revisions[i]))
			s->revision = revisions[i];
	json_t *caps = json_object_get(params, "capabilities");
	s->client_roots = json_is_object(json_object_get(caps, "roots"));
	struct buf text = BUF_INIT;
	mcp_instructions(&text, &s->cfg);
	json_t *r = json_pack("{s:s, s:{s:{s:b}}, s:{s:s, s:s}, s:s}", "protocolVersion", s->revision,
			      "capabilities", "tools", "listChanged", 0, "serverInfo", "name", "lets",
			      "version", LETS_VERSION, "instructions", text.data);
	buf_release(&text);
	return r;
}

/* Asks the client for its roots (when it has them): calls started from now on wait for the
 * answer. */
static void roots_request(struct mcp_session *s, struct buf *resp)
{
	if (!s->client_roots)
		return;
	mcp_queue_lock(s->queue);
	s->roots_pending = true;
	long seq = ++s->roots_seq;
	mcp_queue_unlock(s->queue);
	char id[40];
	snprintf(id, sizeof(id), ROOTS_ID "%ld", seq);
	emit(resp, json_pack("{s:s, s:s, s:s}", "jsonrpc", "2.0", "id", id, "method", "roots/list"));
}

static int hex(char c)
{
	return c >= '0' && c <= '9'   ? c - '0'
	       : c >= 'a' && c <= 'f' ? c - 'a' + 10
	       : c >= 'A' && c <= 'F' ? c - 'A' + 10
				      : -1;
}

/* The directory a root's uri names (file:///path or file://localhost/path, %XX decoded), resolved;
 * NULL for any other scheme or host, a NUL byte, or what is not a directory. */
static char *root_dir(const char *uri)
{
	const char *p = NULL;
	if (!strncmp(uri, "file:///", 8))
		p = uri + 7;
	else if (!strncmp(uri, "file://localhost/", 17))
		p = uri + 16;
	if (!p)
		return NULL;
	struct buf path = BUF_INIT;
	for (; *p && *p != '?' && *p != '#'; p++) {
		if (*p == '%' && hex(p[1]) >= 0 && hex(p[2]) >= 0) {
			buf_addc(&path, (char)(hex(p[1]) * 16 + hex(p[2])));
			p += 2;
		} else {
			buf_addc(&path, *p);
		}
	}
	char *dir = NULL;
	if (strlen(buf_str(&path)) == path.len)
		dir = realpath(buf_str(&path), NULL);
	struct stat st;
	if (dir && (stat(dir, &st) || !S_ISDIR(st.st_mode))) {
		free(dir);
		dir = NULL;
	}
	buf_release(&path);
	return dir;
}

/* The client's answer to the latest roots/list: its directories become the bounds. An error, or
 * a list naming no usable directory, keeps the server's working tree, as server-filesystem does. */
static void roots_answer(struct mcp_session *s, const json_t *id, const json_t *msg)
{
	char want[40];
	snprintf(want, sizeof(want), ROOTS_ID "%ld", s->roots_seq);
	if (!json_is_string(id) || strcmp(json_string_value(id), want))
		return; /* not ours, or overtaken by a newer roots/list */
	const json_t *list = json_object_get(json_object_get(msg, "result"), "roots");
	char **dirs = NULL;
	size_t n = 0, cap = 0;
	for (size_t i = 0; i < json_array_size(list); i++) {
		const json_t *uri = json_object_get(json_array_get(list, i), "uri");
		char *dir = json_is_string(uri) ? root_dir(json_string_value(uri)) : NULL;
		if (!dir)
			continue;
		XGROW(dirs, cap, n + 1);
		dirs[n++] = dir;
	}
	mcp_queue_lock(s->queue);
	for (size_t i = 0; i < s->n_roots; i++)
		free(s->roots[i]);
	free(s->roots);
	s->roots = dirs;
	s->n_roots = n;
	s->roots_pending = false;
	mcp_queue_wake(s->queue);
	mcp_queue_unlock(s->queue);
}

/* tools/call: the envelope is checked here, at once; the call itself runs inline, or queued. */
static void tools_call(struct mcp_session *s, json_t *id, json_t *params, struct buf *resp)
{
	json_t *name = json_object_get(params, "name");
	json_t *args = json_object_get(params, "arguments");
	struct buf why = BUF_INIT;
	const struct verb *tool = json_is_string(name) ? mcp_tool(json_string_value(name)) : NULL;
	if (!json_is_string(name))
		buf_adds(&why, "tools/call needs params.name, the tool's name (see tools/list)");
	else if (!tool)
		mcp_unknown_tool(&why, json_string_value(name));
	else if (args && !json_is_object(args) && !json_is_null(args))
		buf_adds(&why, "tools/call params.arguments must be an object");
	if (why.len) {
		reply_error(resp, id, RPC_INVALID_PARAMS, why.data);
		buf_release(&why);
		return;
	}
	struct mcp_job *j = xcalloc(1, sizeof(*j));
	j->id = json_incref(id);
	j->tool = tool;
	j->arguments = json_is_object(args) ? json_incref(args) : NULL;
	/* structuredContent arrived with 2025-06-18, SEP-1303's argument errors with 2025-11-25 */
	j->structured = since(s, "2025-06-18");
	j->invalid_as_result = since(s, "2025-11-25");
	atomic_init(&j->cancel, false);
	if (s->client_roots && !s->roots_seq)
		roots_request(s, resp); /* a call before notifications/initialized */
	if (s->queue) {
		mcp_queue_push(s->queue, j);
		return;
	}
	mcp_job_answer(s, j, s->roots, s->n_roots, s->roots_pending, resp);
	mcp_job_free(j);
}

void mcp_job_free(struct mcp_job *j)
{
	if (!j)
		return;
	json_decref(j->id);
	json_decref(j->arguments);
	free(j);
}

void mcp_job_answer(const struct mcp_session *s, struct mcp_job *j, char *const *roots, size_t n_roots,
		    bool roots_unknown, struct buf *resp)
{
	struct buf why = BUF_INIT;
	json_t *result;
	if (roots_unknown) {
		result = json_pack("{s:[{s:s, s:s}], s:b}", "content", "type", "text", "text",
				   "the client has not answered roots/list, so no path can be judged "
				   "inside its roots\nERROR_CODE=outside_tree\n",
				   "isError", 1);
	} else {
		struct mcp_call c = {.tool = j->tool,
				     .arguments = j->arguments,
				     .structured = j->structured,
				     .invalid_as_result = j->invalid_as_result,
				     .cfg = &s->cfg,
				     .roots = (const char *const *)roots,
				     .n_roots = n_roots,
				     .cancel = &j->cancel};
		result = mcp_tool_call(&c, &why);
	}
	if (result)
		reply_result(resp, j->id, result);
	else
		reply_error(resp, j->id, RPC_INVALID_PARAMS, buf_str(&why));
	buf_release(&why);
}

/* A request: answers with the method's result, or the JSON-RPC error that explains why not. */
static void dispatch(struct mcp_session *s, json_t *id, const char *method, json_t *params, struct buf *resp)
{
	struct buf why = BUF_INIT;
	json_t *result = NULL;
	bool known = true;
	if (params && !json_is_object(params)) {
		buf_adds(&why, "params must be an object");
	} else if (!strcmp(method, "tools/call")) {
		tools_call(s, id, params, resp);
		return;
	} else if (!strcmp(method, "initialize")) {
		result = initialize(s, params, &why);
	} else if (!strcmp(method, "ping")) {
		result = json_object();
	} else if (!strcmp(method, "tools/list")) {
		result = json_pack("{s:o}", "tools", mcp_tools_list(&s->cfg));
	} else {
		known = false;
	}
	if (result) {
		reply_result(resp, id, result);
	} else if (!known) {
		buf_addf(&why,
			 "method '%s' not found: lets serves initialize, ping, tools/list and tools/call",
			 method);
		reply_error(resp, id, RPC_METHOD_NOT_FOUND, why.data);
	} else {
		reply_error(resp, id, RPC_INVALID_PARAMS, buf_str(&why));
	}
	buf_release(&why);
}

/* A notification: the ones lets acts on; any other is acknowledged by silence. */
static void notified(struct mcp_session *s, const char *method, json_t *params, struct buf *resp)
{
	if (!strcmp(method, "notifications/initialized") && !s->roots_seq)
		roots_request(s, resp);
	else if (!strcmp(method, "notifications/roots/list_changed"))
		roots_request(s, resp);
	else if (!strcmp(method, "notifications/cancelled"))
		mcp_queue_cancel(s->queue, json_object_get(params, "requestId"));
}

static bool valid_id(const json_t *id)
{
	return json_is_string(id) || json_is_integer(id);
}

static void message(struct mcp_session *s, json_t *msg, struct buf *resp)
{
	json_t *id = json_object_get(msg, "id");
	json_t *method = json_object_get(msg, "method");
	json_t *version = json_object_get(msg, "jsonrpc");
	bool is_response = !method && (json_object_get(msg, "result") || json_object_get(msg, "error"));
	if (json_is_array(msg))
		reply_error(resp, NULL, RPC_INVALID_REQUEST,
			    "batches are not served: send one message per line");
	else if (!json_is_object(msg))
		reply_error(resp, NULL, RPC_INVALID_REQUEST, "a message must be a JSON object");
	else if (is_response && valid_id(id))
		roots_answer(s, id, msg); /* the client answering a request of ours */
	else if (id && !valid_id(id))
		reply_error(resp, NULL, RPC_INVALID_REQUEST, "id must be a string or an integer");
	else if (!json_is_string(version) || strcmp(json_string_value(version), "2.0"))
		reply_error(resp, id, RPC_INVALID_REQUEST, "jsonrpc must be \"2.0\"");
	else if (!json_is_string(method))
		reply_error(resp, id, RPC_INVALID_REQUEST, "method must be a string");
	else if (id)
		dispatch(s, id, json_string_value(method), json_object_get(msg, "params"), resp);
	else
		notified(s, json_string_value(method), json_object_get(msg, "params"), resp);
}

void mcp_handle(struct mcp_session *s, const char *line, size_t len, struct buf *resp)
{
	while (len && (line[len - 1] == '\r' || line[len - 1] == ' ' || line[len - 1] == '\t'))
		len--;
	size_t lead = 0;
	while (lead < len && (line[lead] == ' ' || line[lead] == '\t'))
		lead++;
	if (lead == len)
		return; /* a blank line is no message */
	json_error_t jerr;
	json_t *msg = json_loadb(line, len, JSON_ALLOW_NUL | JSON_DECODE_ANY, &jerr);
	if (!msg) {
		struct buf m = BUF_INIT;
		buf_addf(&m, "parse error: %s at column %d; send one JSON-RPC message per line", jerr.text,
			 jerr.column);
		reply_error(resp, NULL, RPC_PARSE_ERROR, m.data);
		buf_release(&m);
		return;
	}
	message(s, msg, resp);
	json_decref(msg);
}

void mcp_session_release(struct mcp_session *s)
{
	for (size_t i = 0; i < s->n_roots; i++)
		free(s->roots[i]);
	free(s->roots);
	s->roots = NULL;
	s->n_roots = 0;
}
