#include "tools.h"

#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../alloc.h"
#include "../opt.h"
#include "../run.h"
#include "../utf8.h"
#include "../verbs.h"

/* The property name of an option: its value's name (if_sha for --if <IF_SHA>), else its long name,
 * both lower snake case. */
static void prop_name(char *out, size_t cap, const struct opt_desc *od)
{
	const char *src = od->value_name ? od->value_name + 1 : od->long_name;
	size_t n = 0;
	for (; *src && *src != '>' && n + 1 < cap; src++)
		out[n++] = *src == '-' ? '_' : (char)(*src >= 'A' && *src <= 'Z' ? *src - 'A' + 'a' : *src);
	out[n] = 0;
}

/* The options the server decides itself: the shape of the answer. */
static bool server_owned(const struct opt_desc *od)
{
	return od->long_name && (!strcmp(od->long_name, "json") || !strcmp(od->long_name, "jsonl"));
}

static void schema_option(const struct opt_desc *od, void *ctx)
{
	static const char *const types[] = {"boolean", "integer", "string", "array"};
	if (server_owned(od))
		return;
	char name[64];
	prop_name(name, sizeof(name), od);
	json_t *p = json_pack("{s:s, s:s}", "type", types[od->value], "description", od->help);
	if (od->value == OPT_VALUE_INT)
		json_object_set_new(p, "minimum", json_integer(0));
	if (od->value == OPT_VALUE_LIST)
		json_object_set_new(p, "items", json_pack("{s:s}", "type", "string"));
	json_object_set_new(ctx, name, p);
}

static json_t *tool_schema(const struct verb *v)
{
	const struct verb_tool *t = v->tool;
	json_t *props = json_object(), *required = json_array();
	for (size_t i = 0; i < 2 && t->pos[i].name; i++) {
		const struct verb_tool_arg *p = &t->pos[i];
		json_t *s = p->list ? json_pack("{s:s, s:{s:s}}", "type", "array", "items", "type", "string")
				    : json_pack("{s:s}", "type", "string");
		json_object_set_new(s, "description", json_string(p->description));
		if (p->list && p->required)
			json_object_set_new(s, "minItems", json_integer(1));
		json_object_set_new(props, p->name, s);
		if (p->required)
			json_array_append_new(required, json_string(p->name));
	}
	if (t->stdin)
		json_object_set_new(
			props, t->stdin,
			json_pack("{s:s, s:s}", "type", "string", "description", t->stdin_description));
	opt_each(v, schema_option, props);
	return json_pack("{s:s, s:o, s:o, s:b}", "type", "object", "properties", props, "required", required,
			 "additionalProperties", 0);
}

json_t *mcp_tools_list(void)
{
	json_t *list = json_array();
	for (size_t i = 0; i < verb_count; i++) {
		const struct verb *v = &verb_table[i];
		if (!v->tool)
			continue;
		struct buf d = BUF_INIT;
		buf_addf(&d, "%s. %s", v->about, v->tool->guide);
		json_array_append_new(list, json_pack("{s:s, s:s, s:o}", "name", v->name, "description",
						      d.data, "inputSchema", tool_schema(v)));
		buf_release(&d);
	}
	return list;
}

json_t *mcp_text(const char *s, size_t n)
{
	if (utf8_valid(s, n))
		return json_stringn_nocheck(s, n);
	struct buf b = BUF_INIT;
	utf8_add_lossy(&b, s, n);
	json_t *j = json_stringn_nocheck(buf_str(&b), b.len);
	buf_release(&b);
	return j;
}

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
	const json_t *args;
	struct call_argv *argv;
	struct buf *why;
};

/* Adds the option's argument, if the call has it, the way a shell user would type it. */
static void argv_option(const struct opt_desc *od, void *ctx)
{
	struct opt_walk *w = ctx;
	char name[64];
	if (server_owned(od) || w->why->len)
		return;
	prop_name(name, sizeof(name), od);
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
		buf_addf(w->why, "argument '%s' must be %s (%s)", name, wanted[od->value], od->help);
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

/* The argv of a call: "lets <verb> <options> -- <positionals>", or false with the reason in why.
 * "--" keeps a target that starts with '-' a target, as a careful shell user would write it. */
static bool build_argv(const struct verb *v, const json_t *args, struct call_argv *argv, struct buf *why)
{
	const struct verb_tool *t = v->tool;
	json_t *schema = tool_schema(v);
	const char *key;
	json_t *value;
	json_object_foreach((json_t *)args, key, value)
	{
		if (!why->len && !json_object_get(json_object_get(schema, "properties"), key))
			buf_addf(why, "unknown argument '%s' for tool '%s' (see its inputSchema)", key,
				 v->name);
	}
	json_decref(schema);
	if (why->len)
		return false;
	argv_push(argv, "lets");
	argv_push(argv, v->name);
	struct opt_walk w = {args, argv, why};
	opt_each(v, argv_option, &w);
	if (why->len)
		return false;
	argv_push(argv, "--");
	for (size_t i = 0; i < 2 && t->pos[i].name; i++) {
		const struct verb_tool_arg *p = &t->pos[i];
		const json_t *a = json_object_get(args, p->name);
		if (!a) {
			if (!p->required)
				continue;
			buf_addf(why, "argument '%s' is required: %s", p->name, p->description);
			return false;
		}
		if (p->list ? !check_list(a, p->required) : !argv_string(a)) {
			buf_addf(why, "argument '%s' must be %s", p->name,
				 p->list ? (p->required ? "a non-empty array of strings"
							: "an array of strings")
					 : "a string");
			return false;
		}
		for (size_t k = 0; p->list && k < json_array_size(a); k++)
			argv_push(argv, json_string_value(json_array_get(a, k)));
		if (!p->list)
			argv_push(argv, json_string_value(a));
	}
	const json_t *in = t->stdin ? json_object_get(args, t->stdin) : NULL;
	if (in && !json_is_string(in)) {
		buf_addf(why, "argument '%s' must be a string", t->stdin);
		return false;
	}
	return true;
}

/* The call's stdin: a memory file holding the argument, or -1 (reads as empty, like </dev/null). */
static int stdin_open(const struct verb_tool *t, const json_t *in, struct diag *d)
{
	if (!in)
		return -1;
	int fd = memfd_create("lets-mcp-stdin", MFD_CLOEXEC);
	const char *p = json_string_value(in);
	size_t n = json_string_length(in);
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
		diag_add(d, E_IO_ERROR, "mcp: staging the '%s' argument as stdin failed: %s", t->stdin,
			 strerror(errno));
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

/* "show, find, edit, transform and write": the tools, from the verb table. */
static void tool_names(struct buf *b)
{
	size_t n = 0, k = 0;
	for (size_t i = 0; i < verb_count; i++)
		n += verb_table[i].tool != NULL;
	for (size_t i = 0; i < verb_count; i++)
		if (verb_table[i].tool) {
			k++;
			buf_addf(b, "%s%s", k == 1 ? "" : k == n ? " and " : ", ", verb_table[i].name);
		}
}

json_t *mcp_tool_call(const char *name, json_t *arguments, bool structured, struct buf *why)
{
	const struct verb *v = NULL;
	for (size_t i = 0; i < verb_count && !v; i++)
		if (verb_table[i].tool && !strcmp(verb_table[i].name, name))
			v = &verb_table[i];
	if (!v) {
		buf_addf(why, "unknown tool '%s': the tools are ", name);
		tool_names(why);
		return NULL;
	}
	const struct verb_tool *t = v->tool;
	struct call_argv argv = {0};
	struct buf out = BUF_INIT, twin = BUF_INIT;
	struct diag d = DIAG_INIT;
	json_t *result = NULL;
	if (!build_argv(v, arguments, &argv, why))
		goto out;
	int fd = stdin_open(t, t->stdin ? json_object_get(arguments, t->stdin) : NULL, &d);
	if (fd != -2)
		verb_run(v, (int)argv.n, argv.v, fd, structured ? &twin : NULL, &out, &d);
	if (fd >= 0)
		close(fd);
	json_t *content = json_array();
	if (out.len)
		content_add(content, out.data, out.len);
	if (d.n) {
		struct buf err = BUF_INIT;
		failure_text(&err, &d);
		content_add(content, err.data, err.len);
		buf_release(&err);
	}
	result = json_pack("{s:o, s:b}", "content", content, "isError", d.n > 0);
	json_t *shape = shape_of(&twin);
	if (shape)
		json_object_set_new(result, "structuredContent", shape);
out:
	argv_release(&argv);
	buf_release(&out);
	buf_release(&twin);
	diag_release(&d);
	return result;
}
