/* One tools/call: its arguments checked and turned into "lets <verb> <options> -- <positionals>",
 * the verb run through verb_run in tool terms, and its answer bounded to what a client accepts. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../alloc.h"
#include "../check.h"
#include "../opt.h"
#include "../output.h"
#include "../run.h"
#include "../verbs.h"
#include "tools.h"

/* The argv a call turns into, and the strings it had to make for it. */
struct call_argv {
	char **v;
	size_t n, cap;
	char **made;
	size_t n_made, cap_made;
};

static void argv_push(struct call_argv *a, const char *s)
{
	XGROW(a->v, a->cap, a->n + 2);
	a->v[a->n++] = (char *)s;
	a->v[a->n] = NULL;
}

static void argv_push_made(struct call_argv *a, char *s)
{
	XGROW(a->made, a->cap_made, a->n_made + 1);
	a->made[a->n_made++] = s;
	argv_push(a, s);
}

static void argv_release(struct call_argv *a)
{
	for (size_t i = 0; i < a->n_made; i++)
		free(a->made[i]);
	free(a->made);
	free(a->v);
	memset(a, 0, sizeof(*a));
}

/* A string that can travel in argv: one with a NUL byte cannot. */
static bool argv_string(const json_t *v)
{
	return json_is_string(v) && strlen(json_string_value(v)) == json_string_length(v);
}

static bool check_list(const json_t *v, bool nonempty)
{
	if (!json_is_array(v) || (nonempty && !json_array_size(v)))
		return false;
	for (size_t i = 0; i < json_array_size(v); i++)
		if (!argv_string(json_array_get(v, i)))
			return false;
	return true;
}

struct opt_walk {
	const struct verb *v;
	const json_t *args;
	struct call_argv *argv;
	struct buf *why;
	const char *key; /* arg_known: the property looked for, and found */
	bool found;
};

static void find_prop(const struct opt_desc *od, void *ctx)
{
	struct opt_walk *w = ctx;
	char name[64];
	if (mcp_tool_prop(w->v, od, name, sizeof(name)) && !strcmp(name, w->key))
		w->found = true;
}

/* Whether key is one of the tool's properties or a shared argument. */
static bool arg_known(const struct verb *v, const char *key)
{
	const struct verb_tool *t = v->tool;
	for (size_t i = 0; i < 2 && t->pos[i].name; i++)
		if (!strcmp(t->pos[i].name, key))
			return true;
	if ((t->stdin && !strcmp(t->stdin, key)) || (t->batch && !strcmp(t->batch, key)))
		return true;
	struct opt_walk w = {.v = v, .key = key};
	opt_each(v, find_prop, &w);
	return w.found;
}

/* Adds the option's argument, if the call has it, the way a shell user would type it. */
static void argv_option(const struct opt_desc *od, void *ctx)
{
	struct opt_walk *w = ctx;
	char name[64];
	if (w->why->len || !mcp_tool_prop(w->v, od, name, sizeof(name)))
		return;
	const json_t *v = json_object_get(w->args, name);
	if (!v)
		return;
	char flag[72];
	if (od->long_name)
		snprintf(flag, sizeof(flag), "--%s", od->long_name);
	else
		snprintf(flag, sizeof(flag), "-%c", od->short_name);
	static const char *const wanted[] = {"a boolean", "an integer >= 0", "a string without NUL bytes",
					     "an array of strings without NUL bytes"};
	bool ok = od->value == OPT_VALUE_FLAG     ? json_is_boolean(v)
		  : od->value == OPT_VALUE_INT    ? json_is_integer(v) && json_integer_value(v) >= 0
		  : od->value == OPT_VALUE_STRING ? argv_string(v)
						  : check_list(v, false);
	if (!ok) {
		buf_addf(w->why, "argument '%s' must be %s", name, wanted[od->value]);
		return;
	}
	if (od->value == OPT_VALUE_FLAG) {
		if (json_is_true(v))
			argv_push_made(w->argv, xstrdup(flag));
		return;
	}
	argv_push_made(w->argv, xstrdup(flag));
	if (od->value == OPT_VALUE_INT) {
		char num[32];
		snprintf(num, sizeof(num), "%lld", (long long)json_integer_value(v));
		argv_push_made(w->argv, xstrdup(num));
	} else if (od->value == OPT_VALUE_STRING) {
		argv_push(w->argv, json_string_value(v));
	} else {
		for (size_t i = 0; i < json_array_size(v); i++) {
			if (i)
				argv_push_made(w->argv, xstrdup(flag));
			argv_push(w->argv, json_string_value(json_array_get(v, i)));
		}
	}
}

static bool json_type_is(const json_t *v, const char *type, size_t n)
{
	return (n == 6 && !strncmp(type, "string", n) && json_is_string(v)) ||
	       (n == 7 && !strncmp(type, "boolean", n) && json_is_boolean(v)) ||
	       (n == 7 && !strncmp(type, "integer", n) && json_is_integer(v)) ||
	       (n == 5 && !strncmp(type, "array", n) && json_is_array(v)) ||
	       (n == 6 && !strncmp(type, "object", n) && json_is_object(v));
}

/* key's type in the tool's batch_keys words ("line_hint:integer"), or NULL when it has none. */
static const char *batch_type(const struct verb_tool *t, const char *key, size_t *len)
{
	size_t kn = strlen(key);
	for (const char *p = t->batch_keys; *p;) {
		size_t wl = strcspn(p, " ");
		if (wl > kn && p[kn] == ':' && !strncmp(p, key, kn)) {
			*len = wl - kn - 1;
			return p + kn + 1;
		}
		p += wl + (p[wl] == ' ');
	}
	return NULL;
}

/* One batch entry against the tool's batch_keys and batch_required. */
static bool batch_entry_valid(const struct verb_tool *t, const json_t *e, size_t i, struct buf *why)
{
	const char *key;
	json_t *val;
	if (!json_is_object(e))
		return buf_addf(why, "%s[%zu] must be an object", t->batch, i), false;
	json_object_foreach((json_t *)e, key, val)
	{
		size_t tl;
		const char *type = batch_type(t, key, &tl);
		if (!type)
			return buf_addf(why, "%s[%zu] has an unknown key '%s'", t->batch, i, key), false;
		bool ok = false;
		for (const char *p = type; p < type + tl;) {
			size_t n = strcspn(p, "| ");
			ok |= json_type_is(val, p, n < (size_t)(type + tl - p) ? n : (size_t)(type + tl - p));
			p += n + 1;
		}
		if (!ok)
			return buf_addf(why, "%s[%zu].%s must be of type %.*s", t->batch, i, key, (int)tl,
					type),
			       false;
	}
	for (const char *p = t->batch_required; *p;) {
		size_t len = strcspn(p, " ");
		char name[40];
		snprintf(name, sizeof(name), "%.*s", (int)len, p);
		if (!json_object_get(e, name))
			return buf_addf(why, "%s[%zu] needs '%s'", t->batch, i, name), false;
		p += len + (p[len] == ' ');
	}
	return true;
}

/* The batch as JSONL, one entry a line, into in; false with the reason in why. */
static bool batch_jsonl(const struct verb_tool *t, const json_t *batch, struct buf *in, struct buf *why)
{
	if (!json_is_array(batch) || !json_array_size(batch))
		return buf_addf(why, "argument '%s' must be a non-empty array of objects", t->batch), false;
	for (size_t i = 0; i < json_array_size(batch); i++) {
		const json_t *e = json_array_get(batch, i);
		if (!batch_entry_valid(t, e, i, why))
			return false;
		char *line = json_dumps(e, JSON_COMPACT);
		buf_adds(in, line);
		buf_addc(in, '\n');
		free(line);
	}
	return true;
}

/* The positionals after "--", checked against the tool's. */
static bool argv_positionals(const struct verb_tool *t, const json_t *args, struct call_argv *argv,
			     struct buf *why)
{
	for (size_t i = 0; i < 2 && t->pos[i].name; i++) {
		const struct verb_tool_arg *p = &t->pos[i];
		const json_t *a = json_object_get(args, p->name);
		if (!a) {
			if (p->required)
				return buf_addf(why, "argument '%s' is required: %s", p->name,
						p->description),
				       false;
			continue;
		}
		if (p->list ? !check_list(a, p->required) : !argv_string(a))
			return buf_addf(why, "argument '%s' must be %s", p->name,
					p->list ? (p->required ? "a non-empty array of strings"
							       : "an array of strings")
						: "a string"),
			       false;
		for (size_t k = 0; p->list && k < json_array_size(a); k++)
			argv_push(argv, json_string_value(json_array_get(a, k)));
		if (!p->list)
			argv_push(argv, json_string_value(a));
	}
	return true;
}

/* The argv of a call and its stdin (in): "lets <verb> <options> [--from -] -- <positionals>", or
 * false with the reason in why. "--" keeps a target that starts with '-' a target. */
static bool build_argv(const struct verb *v, const json_t *args, struct call_argv *argv, struct buf *in,
		       struct buf *why)
{
	const struct verb_tool *t = v->tool;
	const char *key;
	json_t *value;
	json_object_foreach((json_t *)args, key, value)
	{
		if (!arg_known(v, key))
			return buf_addf(why, "unknown argument '%s' for tool '%s' (see its inputSchema)", key,
					v->name),
			       false;
	}
	argv_push(argv, "lets");
	argv_push(argv, v->name);
	struct opt_walk w = {.v = v, .args = args, .argv = argv, .why = why};
	opt_each(v, argv_option, &w);
	if (why->len)
		return false;
	const json_t *batch = t->batch ? json_object_get(args, t->batch) : NULL;
	if (batch && !batch_jsonl(t, batch, in, why))
		return false;
	if (batch) {
		argv_push(argv, "--from");
		argv_push(argv, "-");
	}
	argv_push(argv, "--");
	if (!argv_positionals(t, args, argv, why))
		return false;
	const json_t *s = t->stdin ? json_object_get(args, t->stdin) : NULL;
	if (s && !json_is_string(s))
		return buf_addf(why, "argument '%s' must be a string", t->stdin), false;
	if (s && batch)
		return buf_addf(why, "argument '%s' cannot be used with '%s'", t->stdin, t->batch), false;
	if (s)
		buf_add(in, json_string_value(s), json_string_length(s));
	return true;
}

/* A refusal as a tools/call result: the message, then ERROR_CODE=<slug>. */
static json_t *refusal(const char *message, enum lets_err e)
{
	struct buf b = BUF_INIT;
	buf_addf(&b, "%s\nERROR_CODE=%s\n", message, err_slug(e));
	json_t *r = json_pack("{s:[{s:s, s:o}], s:b}", "content", "type", "text", "text",
			      mcp_text(b.data, b.len), "isError", 1);
	buf_release(&b);
	return r;
}

/* What the server's starter did not allow: a check command, allow_outside. The refusal, or NULL. */
static json_t *not_allowed(const struct mcp_call *c)
{
	const json_t *check = json_object_get(c->arguments, "check");
	const json_t *outside = json_object_get(c->arguments, "allow_outside");
	struct buf m = BUF_INIT;
	json_t *r = NULL;
	if (json_is_string(check) && json_string_value(check)[0] != '@' && !c->cfg->allow_check_commands) {
		buf_adds(&m, "check: \"");
		buf_adds(&m, json_string_value(check));
		buf_adds(&m, "\" is a command, and this server runs only the check presets (");
		check_preset_names(&m);
		buf_adds(&m, ") \xC2\xB7 a command needs the server started with lets mcp "
			     "--allow-check-commands");
		r = refusal(m.data, E_USAGE);
	} else if (json_is_true(outside) && !c->cfg->allow_outside) {
		buf_addf(&m,
			 "allow_outside: true is refused: this server keeps every path beneath %s \xC2\xB7 "
			 "reaching outside needs the server started with lets mcp --allow-outside",
			 c->n_roots ? "the client's roots" : "its working tree");
		r = refusal(m.data, E_OUTSIDE_TREE);
	}
	buf_release(&m);
	return r;
}

/* The call's stdin: a memory file holding in, or -1 (reads as empty, like </dev/null) when the
 * call has none; -2 with d set when it could not be made. */
static int stdin_open(const struct buf *in, bool has, struct diag *d)
{
	if (!has)
		return -1;
	int fd = memfd_create("lets-mcp-stdin", MFD_CLOEXEC);
	const char *p = in->data;
	size_t n = in->len;
	while (fd >= 0 && n) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			break;
		p += w;
		n -= (size_t)w;
	}
	if (fd < 0 || n || lseek(fd, 0, SEEK_SET) < 0) {
		diag_add(d, E_IO_ERROR, "mcp: staging the call's stdin failed: %s", strerror(errno));
		if (fd >= 0)
			close(fd);
		return -2;
	}
	return fd;
}

/* stderr as the CLI writes it: every message, then ERROR_CODE=<slug>. */
static void failure_text(struct buf *b, const struct diag *d)
{
	for (size_t i = 0; i < d->n; i++)
		buf_addf(b, "%s\n", d->items[i].message);
	buf_addf(b, "ERROR_CODE=%s\n", err_slug(diag_first(d)));
}

static void content_add(json_t *content, const char *s, size_t n)
{
	json_array_append_new(content, json_pack("{s:s, s:o}", "type", "text", "text", mcp_text(s, n)));
}

/* The --json shape the run rendered beside its text, as an object, or NULL when it has none. */
static json_t *shape_of(const struct buf *twin)
{
	json_t *j = json_loadb(buf_str(twin), twin->len, JSON_DISABLE_EOF_CHECK, NULL);
	if (j && !json_is_object(j)) {
		json_decref(j);
		j = NULL;
	}
	return j;
}

/* The head of text that fits in keep bytes, cut after a line, then the last line (the footer):
 * out holds it with a line naming what was cut. */
static void trim_text(struct buf *out, const struct buf *text, size_t keep)
{
	size_t end = text->len && text->data[text->len - 1] == '\n' ? text->len - 1 : text->len;
	const char *last = memrchr(text->data, '\n', end);
	size_t foot = last ? (size_t)(last - text->data) + 1 : 0;
	const char *cut = memrchr(text->data, '\n', keep < foot ? keep : foot);
	size_t head = cut ? (size_t)(cut - text->data) + 1 : 0;
	buf_add(out, text->data, head);
	buf_addf(out,
		 "\xE2\x80\xA6 %zu bytes of this answer left out: a reply carries at most %zu MiB \xC2\xB7 "
		 "the change was made\n",
		 foot - head, MCP_REPLY_MAX >> 20);
	buf_add(out, text->data + foot, text->len - foot);
}

static size_t reply_size(const json_t *result)
{
	/* the envelope ({"jsonrpc":"2.0","id":…,"result":…}) adds well under a kilobyte */
	return json_dumpb(result, NULL, 0, JSON_COMPACT) + 1024;
}

/* The result of a run: out, then its failure; structuredContent while the text is small; a reply
 * over MCP_REPLY_MAX refused (a read) or trimmed (a change that was made). */
static json_t *reply(const struct mcp_call *c, const struct buf *out, const struct buf *twin,
		     const struct diag *d)
{
	json_t *content = json_array();
	if (out->len)
		content_add(content, out->data, out->len);
	if (d->n) {
		struct buf err = BUF_INIT;
		failure_text(&err, d);
		content_add(content, err.data, err.len);
		buf_release(&err);
	}
	json_t *result = json_pack("{s:o, s:b}", "content", content, "isError", d->n > 0);
	json_t *shape = c->structured && out->len <= MCP_TWIN_MAX ? shape_of(twin) : NULL;
	if (shape)
		json_object_set_new(result, "structuredContent", shape);
	else if (c->structured && twin->len)
		json_object_set_new(result, "_meta",
				    json_pack("{s:s}", "lets/structuredContent",
					      "left out: the text is over 1 MiB and holds the whole answer"));
	if (out->len + twin->len < MCP_REPLY_MAX / 8 || reply_size(result) <= MCP_REPLY_MAX)
		return result;
	json_decref(result);
	if (!d->n && !(c->tool->tool->hints & TOOL_READ_ONLY)) {
		struct buf t = BUF_INIT;
		trim_text(&t, out, MCP_TWIN_MAX);
		result = json_pack("{s:[{s:s, s:o}], s:b}", "content", "type", "text", "text",
				   mcp_text(t.data, t.len), "isError", 0);
		buf_release(&t);
		return result;
	}
	struct buf m = BUF_INIT;
	long fit = tokens_est((long)MCP_TWIN_MAX); /* -1 under LETS_NO_STATS: 4 bytes a token */
	buf_addf(&m,
		 "the answer is %zu bytes, over the %zu MiB a reply may carry \xC2\xB7 pass budget: %ld to "
		 "trim it to fit, or name fewer or narrower targets",
		 out->len, MCP_REPLY_MAX >> 20, fit > 0 ? fit : (long)(MCP_TWIN_MAX / 4));
	result = refusal(m.data, E_OVER_BUDGET);
	buf_release(&m);
	return result;
}

/* Invalid arguments: before 2025-11-25 a JSON-RPC error (NULL, the reason in why), from it an
 * isError result the model reads and corrects itself by (SEP-1303). */
static json_t *invalid(const struct mcp_call *c, struct buf *why)
{
	if (!c->invalid_as_result)
		return NULL;
	json_t *r = refusal(why->data, E_USAGE);
	buf_truncate(why, 0);
	return r;
}

json_t *mcp_tool_call(const struct mcp_call *c, struct buf *why)
{
	struct call_argv argv = {0};
	struct buf out = BUF_INIT, twin = BUF_INIT, in = BUF_INIT;
	struct diag d = DIAG_INIT;
	json_t *result = NULL;
	json_t *args = c->arguments ? c->arguments : json_object();
	if (!build_argv(c->tool, args, &argv, &in, why)) {
		result = invalid(c, why);
		goto out;
	}
	if ((result = not_allowed(c)))
		goto out;
	bool has_in = (c->tool->tool->stdin && json_object_get(args, c->tool->tool->stdin)) ||
		      (c->tool->tool->batch && json_object_get(args, c->tool->tool->batch));
	int fd = stdin_open(&in, has_in, &d);
	struct run_env env = {.stdin_fd = fd,
			      .json_twin = c->structured ? &twin : NULL,
			      .tool_terms = true,
			      .cancel = c->cancel,
			      .roots = c->roots,
			      .n_roots = c->n_roots};
	if (fd != -2)
		verb_run(c->tool, (int)argv.n, argv.v, &env, &out, &d);
	if (fd >= 0)
		close(fd);
	if (diag_first(&d) == E_USAGE && !c->invalid_as_result) {
		for (size_t i = 0; i < d.n; i++)
			buf_addf(why, "%s%s", i ? "\n" : "", d.items[i].message);
		goto out;
	}
	result = reply(c, &out, &twin, &d);
out:
	if (!c->arguments)
		json_decref(args);
	argv_release(&argv);
	buf_release(&out);
	buf_release(&twin);
	buf_release(&in);
	diag_release(&d);
	return result;
}
