#include <errno.h>
#include <jansson.h>
#include <string.h>
#include <unistd.h>

#include "../verbs.h"
#include "mcp.h"
#include "tools.h"

enum {
	RPC_PARSE_ERROR = -32700,
	RPC_INVALID_REQUEST = -32600,
	RPC_METHOD_NOT_FOUND = -32601,
	RPC_INVALID_PARAMS = -32602,
};

/* Newest first: a client asking for one of these gets it back; any other gets the first. */
static const char *const revisions[] = {MCP_LATEST_REVISION, "2025-06-18", "2025-03-26", "2024-11-05"};

static const char instructions[] =
	"lets reads, searches, edits and writes files under this server's working directory, several "
	"targets per call, with bounded, numbered output whose footer names everything it left out. "
	"Targets: path, path:a-b (lines), path@'regex'+N (an anchor and N lines), path#symbol. A refusal "
	"comes back with isError and its last line ERROR_CODE=<slug>; nothing was changed then.";

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
	return json_pack("{s:s, s:{s:{s:b}}, s:{s:s, s:s}, s:s}", "protocolVersion", s->revision,
			 "capabilities", "tools", "listChanged", 0, "serverInfo", "name", "lets", "version",
			 LETS_VERSION, "instructions", instructions);
}

static json_t *tools_call(const struct mcp_session *s, json_t *params, struct buf *why)
{
	json_t *name = json_object_get(params, "name");
	json_t *args = json_object_get(params, "arguments");
	if (!json_is_string(name)) {
		buf_adds(why, "tools/call needs params.name, the tool's name (see tools/list)");
		return NULL;
	}
	if (args && !json_is_object(args) && !json_is_null(args)) {
		buf_adds(why, "tools/call params.arguments must be an object");
		return NULL;
	}
	/* structuredContent arrived with 2025-06-18; an older client is sent only content. */
	bool structured = !s->revision || strcmp(s->revision, "2025-06-18") >= 0;
	return mcp_tool_call(json_string_value(name), json_is_object(args) ? args : NULL, structured, why);
}

/* A request: answers with the method's result, or the JSON-RPC error that explains why not. */
static void dispatch(struct mcp_session *s, json_t *id, const char *method, json_t *params, struct buf *resp)
{
	struct buf why = BUF_INIT;
	json_t *result = NULL;
	bool known = true;
	if (params && !json_is_object(params)) {
		buf_adds(&why, "params must be an object");
	} else if (!strcmp(method, "initialize")) {
		result = initialize(s, params, &why);
	} else if (!strcmp(method, "ping")) {
		result = json_object();
	} else if (!strcmp(method, "tools/list")) {
		result = json_pack("{s:o}", "tools", mcp_tools_list());
	} else if (!strcmp(method, "tools/call")) {
		result = tools_call(s, params, &why);
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

static bool valid_id(const json_t *id)
{
	return json_is_string(id) || json_is_integer(id);
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
		; /* the client answering a request: this server sends none, so there is nothing to match */
	else if (id && !valid_id(id))
		reply_error(resp, NULL, RPC_INVALID_REQUEST, "id must be a string or an integer");
	else if (!json_is_string(version) || strcmp(json_string_value(version), "2.0"))
		reply_error(resp, id, RPC_INVALID_REQUEST, "jsonrpc must be \"2.0\"");
	else if (!json_is_string(method))
		reply_error(resp, id, RPC_INVALID_REQUEST, "method must be a string");
	else if (id)
		dispatch(s, id, json_string_value(method), json_object_get(msg, "params"), resp);
	/* else a notification (initialized, cancelled, …): acknowledged by silence */
	json_decref(msg);
}

static int write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* The input split into lines, holding at most one line (up to MCP_MAX_LINE) and what came after it. */
struct reader {
	int fd;
	struct buf b;
	size_t start, scanned; /* the next line starts at start; no newline in [start, scanned) */
	bool over, eof; /* over: the line being read passed MCP_MAX_LINE and is being skipped */
};

/* The next line (without its newline) in *line, *len; *over when it was too long and is not held.
 * Returns 1, 0 at the end of the input, -1 when a read failed. The line lives until the next call. */
static int reader_next(struct reader *r, const char **line, size_t *len, bool *over)
{
	for (;;) {
		char *nl = r->b.len > r->scanned ? memchr(r->b.data + r->scanned, '\n', r->b.len - r->scanned)
						 : NULL;
		if (nl || (r->eof && (r->b.len > r->start || r->over))) {
			size_t end = nl ? (size_t)(nl - r->b.data) : r->b.len;
			*line = r->b.data + r->start;
			*len = end - r->start;
			*over = r->over || *len > MCP_MAX_LINE;
			r->over = false;
			r->start = r->scanned = nl ? end + 1 : end;
			return 1;
		}
		if (r->eof)
			return 0;
		r->scanned = r->b.len;
		if (r->b.len - r->start > MCP_MAX_LINE) {
			r->over = true;
			r->start = r->scanned = r->b.len;
		}
		if (r->start == r->b.len) {
			buf_truncate(&r->b, 0);
			r->start = r->scanned = 0;
		} else if (r->start > 65536 && r->start > r->b.len / 2) {
			memmove(r->b.data, r->b.data + r->start, r->b.len - r->start);
			buf_truncate(&r->b, r->b.len - r->start);
			r->scanned -= r->start;
			r->start = 0;
		}
		buf_reserve(&r->b, 65536);
		ssize_t got = read(r->fd, r->b.data + r->b.len, r->b.cap - r->b.len - 1);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			return -1;
		r->eof = got == 0;
		r->b.len += (size_t)got;
		r->b.data[r->b.len] = '\0';
	}
}

enum lets_err mcp_serve(int in_fd, int out_fd, struct diag *d)
{
	struct mcp_session s = MCP_SESSION_INIT;
	struct reader r = {in_fd, BUF_INIT, 0, 0, false, false};
	struct buf resp = BUF_INIT;
	enum lets_err e = LETS_OK;
	const char *line;
	size_t len;
	bool over;
	int got = 0;
	while (!e && (got = reader_next(&r, &line, &len, &over)) > 0) {
		buf_truncate(&resp, 0);
		if (over)
			reply_error(&resp, NULL, RPC_PARSE_ERROR, "message over 64 MiB: discarded unread");
		else
			mcp_handle(&s, line, len, &resp);
		if (resp.len && write_all(out_fd, resp.data, resp.len) < 0)
			e = diag_add(d, E_IO_ERROR, "mcp: writing a response failed: %s", strerror(errno));
	}
	if (!e && got < 0)
		e = diag_add(d, E_IO_ERROR, "mcp: reading the input failed: %s", strerror(errno));
	buf_release(&r.b);
	buf_release(&resp);
	return e;
}
