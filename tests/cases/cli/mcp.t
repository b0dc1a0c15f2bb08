# lets mcp: one JSON-RPC message per line on stdin, one response line each (src/mcp/mcp.h).

### an unknown tool is refused naming every tool the server serves
# issue 30: the list is made from the verb table's rows that are tools; it named four of the
# five (transform was missing)
--- stdin
{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"cat"}}
$ lets mcp
{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"unknown tool 'cat': the tools are show, find, paths, edit, transform and write"}}

### control: tools/list serves exactly the tools that message names, in its order
--- stdin
{"jsonrpc":"2.0","id":2,"method":"tools/list"}
$ lets mcp | grep -o '{"name":"[a-z]*"'
{"name":"show"
{"name":"find"
{"name":"paths"
{"name":"edit"
{"name":"transform"
{"name":"write"
