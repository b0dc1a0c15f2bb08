/* mcp_handle: one message in, its response line out, byte for byte; the framing and error rules of
 * src/mcp/mcp.h, and tool results built from a verb's output and failures, in the process that runs
 * the unit (no sandbox needed: the calls below only read the unit's own source tree). */
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
	{"initialize echoes a known revision",
	 "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2024-11-05\"}}",
	 "{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{\"protocolVersion\":\"2024-11-05\",\"capabilities\":{\"tools\":"
	 "{\"listChanged\":false}},\"serverInfo\":{\"name\":\"lets\",\"version\":\"0.0.1\"},\"instructions\":"
	 "\"lets reads, searches, edits and writes files under this server's working directory, several targets "
	 "per call, with bounded, numbered output whose footer names everything it left out. Targets: path, "
	 "path:a-b (lines), path@'regex'+N (an anchor and N lines), path#symbol. A refusal comes back with "
	 "isError and its last line ERROR_CODE=<slug>; nothing was changed then.\"}}\n"},
	/* issue 30: the list is the verb table's tools, all five (it left transform out) */
	{"unknown tool names every tool",
	 "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":{\"name\":\"cat\"}}",
	 "{\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"code\":-32602,\"message\":\"unknown tool 'cat': the tools are "
	 "show, find, edit, transform and write\"}}\n"},
	/* paths is a verb but not a tool: a call to it is an unknown tool too */
	{"a verb that is no tool is an unknown tool",
	 "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":{\"name\":\"paths\"}}",
	 "{\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"code\":-32602,\"message\":\"unknown tool 'paths': the tools "
	 "are show, find, edit, transform and write\"}}\n"},
	{"unknown argument",
	 "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/call\",\"params\":{\"name\":\"show\",\"arguments\":"
	 "{\"targets\":[\"x\"],\"json\":true}}}",
	 "{\"jsonrpc\":\"2.0\",\"id\":6,\"error\":{\"code\":-32602,\"message\":\"unknown argument 'json' for tool "
	 "'show' (see its inputSchema)\"}}\n"},
	{"wrong type names what it wants",
	 "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"show\",\"arguments\":"
	 "{\"targets\":[\"x\"],\"window\":\"5\"}}}",
	 "{\"jsonrpc\":\"2.0\",\"id\":7,\"error\":{\"code\":-32602,\"message\":\"argument 'window' must be an "
	 "integer >= 0 (cap lines shown per whole-file target [default: 200])\"}}\n"},
	{"a refusal is a result with isError, as the CLI prints it",
	 "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tools/call\",\"params\":{\"name\":\"show\",\"arguments\":"
	 "{\"targets\":[\"/etc/hostname\"]}}}",
	 "{\"jsonrpc\":\"2.0\",\"id\":8,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"/etc/hostname is "
	 "outside the working tree\\nERROR_CODE=outside_tree\\n\"}],\"isError\":true}}\n"},
};

int main(void)
{
	unit_begin("mcp");
	struct mcp_session s = MCP_SESSION_INIT;
	/* an old revision first: the refusal case above then carries no structuredContent */
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct buf out = BUF_INIT;
		if (i == 0) {
			const char *init =
				"{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{"
				"\"protocolVersion\":\"2025-03-26\"}}";
			mcp_handle(&s, init, strlen(init), &out);
			unit_str("initialize 2025-03-26 is kept", s.revision, "2025-03-26");
			buf_truncate(&out, 0);
		}
		mcp_handle(&s, cases[i].in, strlen(cases[i].in), &out);
		unit_bytes(cases[i].name, buf_str(&out), out.len, cases[i].want);
		buf_release(&out);
	}
	struct buf out = BUF_INIT;
	const char *list = "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/list\"}";
	mcp_handle(&s, list, strlen(list), &out);
	unit_check(strstr(out.data, "{\"name\":\"show\",") && strstr(out.data, "{\"name\":\"write\","),
		   "tools/list names show and write");
	unit_check(strstr(out.data, "\"if_sha\":{\"type\":\"string\"") != NULL,
		   "edit's --if <IF_SHA> is if_sha");
	unit_check(strstr(out.data, "\"additionalProperties\":false") != NULL, "schemas are closed");
	unit_check(!strstr(out.data, "\"jsonl\"") && !strstr(out.data, "\"line_number\""),
		   "no --jsonl and no grep no-op in any schema");
	/* issue 26, 5: the transform tool states the key-path grammar, as transform --help does */
	unit_check(strstr(out.data, "Key paths (--set, --delete, --append") &&
			   strstr(out.data, "a key holding . [ ] = \\\" ' # or a space is\\n") &&
			   strstr(out.data, "refused as ambiguous"),
		   "the transform tool describes the key-path grammar");
	buf_release(&out);
	return unit_end();
}
