/* mcp_handle: one message in, its response line out, byte for byte; the framing and error rules of
 * src/mcp/mcp.h, and tool results built from a verb's output and failures, in the process that runs
 * the unit (no sandbox needed: the calls below only read the unit's own source tree). A session
 * without a queue runs each call inside mcp_handle, so every answer is in order here. */
#include "buf.h"
#include "mcp/mcp.h"
#include "unit.h"

static const struct {
	const char *name;
	const char *in;
	const char *want; /* the whole response, "" for none */
} cases[] = {
	{"blank line: no answer", "   \t", ""},
	{"ping", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}",
	 "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n"},
	{"CR before the newline is ignored", "{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"ping\"}\r",
	 "{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"result\":{}}\n"},
	{"notification: no answer", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", ""},
	{"client response: no answer", "{\"jsonrpc\":\"2.0\",\"id\":4,\"result\":{}}", ""},
	{"unknown method", "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"prompts/list\"}",
	 "{\"jsonrpc\":\"2.0\",\"id\":2,\"error\":{\"code\":-32601,\"message\":\"method 'prompts/list' not found: "
	 "lets serves initialize, ping, tools/list and tools/call\"}}\n"},
	{"truncated JSON", "{\"jsonrpc\":\"2.0\",\"id\":2,",
	 "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"parse error: string or '}' "
	 "expected near end of file at column 24; send one JSON-RPC message per line\"}}\n"},
	{"a scalar", "7",
	 "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,\"message\":\"a message must be a "
	 "JSON object\"}}\n"},
	{"boolean id", "{\"jsonrpc\":\"2.0\",\"id\":true,\"method\":\"ping\"}",
	 "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,\"message\":\"id must be a string or an "
	 "integer\"}}\n"},
	{"wrong jsonrpc", "{\"jsonrpc\":\"1.0\",\"id\":3,\"method\":\"ping\"}",
	 "{\"jsonrpc\":\"2.0\",\"id\":3,\"error\":{\"code\":-32600,\"message\":\"jsonrpc must be \\\"2.0\\\"\"}}\n"},
	/* issue 29, 4: a host lists the tools' arguments once; the instructions carry them */
	{"initialize echoes a known revision",
	 "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2024-11-05\"}}",
	 "{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{\"protocolVersion\":\"2024-11-05\",\"capabilities\":{\"tools\":"
	 "{\"listChanged\":false}},\"serverInfo\":{\"name\":\"lets\",\"version\":\"0.0.1\"},\"instructions\":"
	 "\"[..]\"}}\n"},
	/* issue 30: the list is the verb table's tools (it left transform out); issue 29, 4: paths; 35: map */
	{"unknown tool names every tool",
	 "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":{\"name\":\"cat\"}}",
	 "{\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"code\":-32602,\"message\":\"unknown tool 'cat': the tools are "
	 "show, find, paths, map, edit, transform and write\"}}\n"},
	/* guide is a verb but not a tool: a call to it is an unknown tool too */
	{"a verb that is no tool is an unknown tool",
	 "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":{\"name\":\"guide\"}}",
	 "{\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"code\":-32602,\"message\":\"unknown tool 'guide': the tools "
	 "are show, find, paths, map, edit, transform and write\"}}\n"},
	{"unknown argument",
	 "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/call\",\"params\":{\"name\":\"show\",\"arguments\":"
	 "{\"targets\":[\"x\"],\"json\":true}}}",
	 "{\"jsonrpc\":\"2.0\",\"id\":6,\"error\":{\"code\":-32602,\"message\":\"unknown argument 'json' for tool "
	 "'show' (see its inputSchema)\"}}\n"},
	{"wrong type names what it wants",
	 "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"show\",\"arguments\":"
	 "{\"targets\":[\"x\"],\"window\":\"5\"}}}",
	 "{\"jsonrpc\":\"2.0\",\"id\":7,\"error\":{\"code\":-32602,\"message\":\"argument 'window' must be an "
	 "integer >= 0\"}}\n"},
	{"a refusal is a result with isError, as the CLI prints it",
	 "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tools/call\",\"params\":{\"name\":\"show\",\"arguments\":"
	 "{\"targets\":[\"/etc/hostname\"]}}}",
	 "{\"jsonrpc\":\"2.0\",\"id\":8,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"/etc/hostname is "
	 "outside the working tree\\nERROR_CODE=outside_tree\\n\"}],\"isError\":true}}\n"},
};

/* want with "[..]" matching any run of bytes (one use at most) */
static bool matches(const char *got, const char *want)
{
	const char *any = strstr(want, "[..]");
	if (!any)
		return !strcmp(got, want);
	size_t head = (size_t)(any - want), tail = strlen(any + 4), n = strlen(got);
	return n >= head + tail && !strncmp(got, want, head) && !strcmp(got + n - tail, any + 4);
}

static void session_cases(struct mcp_session *s)
{
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct buf out = BUF_INIT;
		mcp_handle(s, cases[i].in, strlen(cases[i].in), &out);
		if (!matches(buf_str(&out), cases[i].want))
			unit_bytes(cases[i].name, buf_str(&out), out.len, cases[i].want);
		else
			unit_check(true, cases[i].name);
		buf_release(&out);
	}
}

/* issue 29, 1: roots/list goes out after notifications/initialized when the client has roots; its
 * answer bounds the calls; a path outside every root is outside_tree. */
static void roots_cases(void)
{
	struct mcp_session s = MCP_SESSION_INIT;
	struct buf out = BUF_INIT;
	const char *init = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{"
			   "\"protocolVersion\":\"2025-11-25\",\"capabilities\":{\"roots\":{}}}}";
	const char *ready = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";
	mcp_handle(&s, init, strlen(init), &out);
	buf_truncate(&out, 0);
	mcp_handle(&s, ready, strlen(ready), &out);
	unit_bytes("roots/list follows notifications/initialized", buf_str(&out), out.len,
		   "{\"jsonrpc\":\"2.0\",\"id\":\"lets-roots-1\",\"method\":\"roots/list\"}\n");
	const char *call =
		"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"paths\","
		"\"arguments\":{\"pattern\":\"t_mcp.c\",\"paths\":[\"tests/unit\"]}}}";
	buf_truncate(&out, 0);
	mcp_handle(&s, call, strlen(call), &out);
	unit_check(strstr(buf_str(&out), "has not answered roots/list") != NULL,
		   "a call before the answer is refused (mcp_handle cannot wait)");
	const char *answer = "{\"jsonrpc\":\"2.0\",\"id\":\"lets-roots-1\",\"result\":{\"roots\":[{\"uri\":"
			     "\"file:///nonexistent-root\"},{\"uri\":\"https://example.invalid/\"}]}}";
	buf_truncate(&out, 0);
	mcp_handle(&s, answer, strlen(answer), &out);
	unit_bytes("the client's answer gets no answer", buf_str(&out), out.len, "");
	unit_long("no usable root: the working tree bounds", (long)s.n_roots, 0);
	const char *changed = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/roots/list_changed\"}";
	buf_truncate(&out, 0);
	mcp_handle(&s, changed, strlen(changed), &out);
	unit_bytes("list_changed asks again", buf_str(&out), out.len,
		   "{\"jsonrpc\":\"2.0\",\"id\":\"lets-roots-2\",\"method\":\"roots/list\"}\n");
	const char *root_answer =
		"{\"jsonrpc\":\"2.0\",\"id\":\"lets-roots-2\",\"result\":{\"roots\":[{\"uri\":"
		"\"file:///\"}]}}";
	mcp_handle(&s, root_answer, strlen(root_answer), &out);
	unit_long("file:/// is one root", (long)s.n_roots, 1);
	unit_str("its directory", s.n_roots ? s.roots[0] : "", "/");
	buf_truncate(&out, 0);
	mcp_handle(&s, call, strlen(call), &out);
	unit_check(strstr(buf_str(&out), "tests/unit/t_mcp.c") != NULL, "a path beneath a root is served");
	buf_release(&out);
	mcp_session_release(&s);
}

int main(void)
{
	unit_begin("mcp");
	struct mcp_session s = MCP_SESSION_INIT;
	/* an old revision first: the refusal case above then carries no structuredContent */
	const char *init = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{"
			   "\"protocolVersion\":\"2025-03-26\"}}";
	struct buf out = BUF_INIT;
	mcp_handle(&s, init, strlen(init), &out);
	unit_str("initialize 2025-03-26 is kept", s.revision, "2025-03-26");
	session_cases(&s);
	buf_truncate(&out, 0);
	const char *list = "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/list\"}";
	mcp_handle(&s, list, strlen(list), &out);
	unit_check(strstr(out.data, "{\"name\":\"show\",") && strstr(out.data, "{\"name\":\"write\",") &&
			   strstr(out.data, "{\"name\":\"paths\","),
		   "tools/list names show, paths and write");
	unit_check(strstr(out.data, "\"if_sha\":{\"type\":\"string\"") != NULL,
		   "edit's --if <IF_SHA> is if_sha");
	unit_check(!strstr(out.data, "\"budget\"") && !strstr(out.data, "\"no_ignore\""),
		   "no shared argument is repeated in a schema");
	unit_check(!strstr(out.data, "\"jsonl\"") && !strstr(out.data, "\"line_number\"") &&
			   !strstr(out.data, "\"from\""),
		   "no --jsonl, no grep no-op and no --from (the batch carries it) in any schema");
	/* issue 26, 5: the transform tool states the key-path grammar, as transform --help does */
	unit_check(strstr(out.data,
			  "Key paths (set, delete, append, and the same in batch entries): a.b[0].c: "
			  "key c in element 0 of the array b in a;") &&
			   strstr(out.data, "a key holding . [ ] = \\\" ' # or a space is written") &&
			   strstr(out.data, "refused as ambiguous, naming"),
		   "the transform tool describes the key-path grammar");
	unit_check(strstr(out.data, "\"annotations\":{\"title\":\"Show files\",\"readOnlyHint\":true,"
				    "\"openWorldHint\":false}") != NULL,
		   "show is annotated read-only");
	buf_release(&out);
	mcp_session_release(&s);
	roots_cases();
	return unit_end();
}
