/* The MCP server's message loop (mcp_handle, the entry mcp_serve calls per line) over a session
 * of lines: every response is one line of one JSON-RPC 2.0 object, and no message ends the
 * session. Tool calls run the verbs for real in a scratch tree made at start (a .git and a few
 * files), reset after any input that called a tool that writes. The arguments that reach outside
 * that tree — a --check command, --allow-outside — are not sent (the line is skipped): they
 * would run random commands, or write anywhere, as whoever runs the fuzzer. */
#include <assert.h>
#include <dirent.h>
#include <fcntl.h>
#include <jansson.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "fuzz.h"
#include "mcp/mcp.h"

static const struct {
	const char *name, *text;
} fixture[] = {
	{"a.ts",
	 "export function greet(name: string): string {\n  return `hi ${name}`;\n}\nconst cap = 10;\n"},
	{"config.json", "{\n  \"name\": \"demo\",\n  \"list\": [1, 2],\n  \"nested\": {\"k\": true}\n}\n"},
	{"data.yaml", "a: 1\nb:\n  - x\n  - y\nc: {d: e}\n"},
	{"Cargo.toml", "[package]\nname = \"x\"\nversion = \"0.1.0\"\n\n[dependencies]\nserde = \"1\"\n"},
	{"notes.md", "---\ntitle: t\n---\n# Notes\n\nsome text\n"},
};

static void remove_tree(int dir)
{
	DIR *dp = fdopendir(dup(dir));
	struct dirent *e;
	while (dp && (e = readdir(dp))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") || !strcmp(e->d_name, ".git"))
			continue;
		if (unlinkat(dir, e->d_name, 0) == 0)
			continue;
		int sub = openat(dir, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
		if (sub >= 0) {
			remove_tree(sub);
			close(sub);
		}
		unlinkat(dir, e->d_name, AT_REMOVEDIR);
	}
	if (dp)
		closedir(dp);
}

static void reset(void)
{
	int dir = open(".", O_RDONLY | O_DIRECTORY);
	remove_tree(dir);
	close(dir);
	for (size_t i = 0; i < sizeof(fixture) / sizeof(fixture[0]); i++) {
		FILE *f = fopen(fixture[i].name, "w");
		fputs(fixture[i].text, f);
		fclose(f);
	}
}

static char scratch[64];

static void remove_scratch(void)
{
	if (chdir(scratch) == 0) {
		reset();
		for (size_t i = 0; i < sizeof(fixture) / sizeof(fixture[0]); i++)
			unlink(fixture[i].name);
		rmdir(".git");
		if (chdir("/") == 0)
			rmdir(scratch);
	}
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	strcpy(scratch, "/tmp/lets-fuzz-mcp.XXXXXX");
	assert(mkdtemp(scratch) && chdir(scratch) == 0);
	mkdir(".git", 0777);
	reset();
	atexit(remove_scratch);
	setenv("LETS_NO_STATS", "1", 1);
	return 0;
}

/* Whether the line may be sent; *writes when it calls a tool that writes. It is read as the
 * server reads it, so both see the same keys. */
static bool allowed(const char *line, size_t len, bool *writes)
{
	json_t *msg = json_loadb(line, len, JSON_ALLOW_NUL | JSON_DECODE_ANY, NULL);
	bool ok = true;
	json_t *method = json_object_get(msg, "method");
	if (json_is_string(method) && !strcmp(json_string_value(method), "tools/call")) {
		json_t *params = json_object_get(msg, "params");
		json_t *args = json_object_get(params, "arguments");
		const char *name = json_string_value(json_object_get(params, "name"));
		ok = !json_object_get(args, "check") && !json_object_get(args, "check_timeout") &&
		     !json_object_get(args, "allow_outside");
		if (name && (!strcmp(name, "edit") || !strcmp(name, "write") || !strcmp(name, "transform")))
			*writes = true;
	}
	json_decref(msg);
	return ok;
}

/* A response: nothing, or one line holding one JSON-RPC 2.0 object. */
static void check_response(const struct buf *r)
{
	if (!r->len)
		return;
	assert(r->data[r->len - 1] == '\n');
	assert(memchr(r->data, '\n', r->len) == r->data + r->len - 1);
	json_t *j = json_loadb(r->data, r->len - 1, 0, NULL);
	assert(j && json_is_object(j));
	json_t *v = json_object_get(j, "jsonrpc");
	assert(json_is_string(v) && !strcmp(json_string_value(v), "2.0"));
	assert(json_object_get(j, "result") || json_object_get(j, "error"));
	json_decref(j);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 65536)
		return 0;
	struct mcp_session s = MCP_SESSION_INIT;
	struct buf resp = BUF_INIT;
	bool writes = false;
	const char *p = (const char *)data, *end = p + size;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (allowed(p, len, &writes)) {
			buf_truncate(&resp, 0);
			mcp_handle(&s, p, len, &resp);
			check_response(&resp);
		}
		p += len + 1;
	}
	buf_release(&resp);
	if (writes)
		reset();
	return 0;
}
