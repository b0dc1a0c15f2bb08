#include "tools.h"

#include <string.h>

#include "../opt.h"
#include "../usage.h"
#include "../utf8.h"
#include "../verbs.h"

const struct verb *mcp_tool(const char *name)
{
	for (size_t i = 0; i < verb_count; i++)
		if (verb_table[i].tool && !strcmp(verb_table[i].name, name))
			return &verb_table[i];
	return NULL;
}

void mcp_unknown_tool(struct buf *b, const char *name)
{
	size_t n = 0, k = 0;
	for (size_t i = 0; i < verb_count; i++)
		n += verb_table[i].tool != NULL;
	buf_addf(b, "unknown tool '%s': the tools are ", name);
	for (size_t i = 0; i < verb_count; i++)
		if (verb_table[i].tool) {
			k++;
			buf_addf(b, "%s%s", k == 1 ? "" : k == n ? " and " : ", ", verb_table[i].name);
		}
}

bool mcp_tool_prop(const struct verb *v, const struct opt_desc *od, char *name, size_t cap)
{
	if (od->long_name && (!strcmp(od->long_name, "json") || !strcmp(od->long_name, "jsonl")))
		return false;
	if (od->long_name && v->tool && v->tool->batch && !strcmp(od->long_name, "from"))
		return false; /* the batch property carries it */
	/* its value's name (if_sha for --if <IF_SHA>), else its long name, lower snake case */
	const char *src = od->value_name ? od->value_name + 1 : od->long_name;
	size_t n = 0;
	for (; src && *src && *src != '>' && n + 1 < cap; src++)
		name[n++] = *src == '-' ? '_' : (char)(*src >= 'A' && *src <= 'Z' ? *src - 'A' + 'a' : *src);
	name[n] = 0;
	return n > 0;
}

/* text, written for --help, in tool terms: "--new" is the property "new", "--from -" the tool's
 * batch, and an exit code is not what a tool call gets (" (exit 4)" goes). */
static void tool_words(struct buf *b, const char *text, const struct verb *v)
{
	for (const char *p = text; *p;) {
		if (!strncmp(p, "--from -", 8) && v && v->tool && v->tool->batch) {
			bool plural = !strncmp(p + 8, " batches", 8);
			buf_addf(b, "%s%s", v->tool->batch, plural ? " entries" : "");
			p += plural ? 16 : 8;
		} else if (p[0] == '-' && p[1] == '-' && p[2] >= 'a' && p[2] <= 'z') {
			size_t n = 2 + strspn(p + 2, "abcdefghijklmnopqrstuvwxyz-");
			char flag[40];
			snprintf(flag, sizeof(flag), "%.*s", (int)(n - 2), p + 2);
			opt_tool_name(b, flag);
			p += n;
		} else if (!strncmp(p, " (alias --", 10) && strchr(p, ')')) {
			p = strchr(p, ')') + 1; /* a second spelling of the flag: one property */
		} else if (!strncmp(p, " (exit ", 7) && p[7] >= '0' && p[7] <= '9' && p[8] == ')') {
			p += 9;
		} else if (*p == '\n' && p[1] == '(' && !strncmp(p, "\n(exit ", 7) && p[8] == ')') {
			p += 9; /* an exit code opening a line: the line break goes with it */
		} else {
			buf_addc(b, *p++);
		}
	}
}

/* A help text laid out for a terminal, as one paragraph: a table row "  EXAMPLE   what it is"
 * becomes "EXAMPLE: what it is;" (shell quotes around EXAMPLE dropped), a row continued on the
 * next lines joins it, and every other line break is a space. */
static void one_paragraph(struct buf *b, const char *text)
{
	bool in_row = false;
	for (const char *line = text; *line;) {
		size_t len = strcspn(line, "\n"), indent = strspn(line, " ");
		const char *p = line + indent, *end = line + len;
		const char *gap = indent == 2 ? strstr(p, "  ") : NULL;
		if (gap && gap >= end)
			gap = NULL;
		if (in_row && indent <= 2)
			buf_addc(b, ';'); /* the row before ends here */
		in_row = gap || (in_row && indent > 2);
		if (b->len && b->data[b->len - 1] != ' ' && p < end)
			buf_addc(b, ' ');
		if (gap) {
			size_t tl = (size_t)(gap - p);
			bool quoted = tl >= 2 && p[0] == '\'' && p[tl - 1] == '\'';
			buf_addf(b, "%.*s:", (int)(tl - 2 * quoted), p + quoted);
			p = gap + strspn(gap, " ");
			buf_addc(b, ' ');
		}
		buf_add(b, p, (size_t)(end - p));
		line = *end ? end + 1 : end;
	}
	if (in_row)
		buf_addc(b, ';');
}

/* An option's description in tool terms; --check without --allow-check-commands says what it
 * takes then. */
static void option_help(struct buf *d, const struct opt_desc *od, const struct mcp_config *cfg)
{
	struct buf help = BUF_INIT;
	if (od->long_name && !strcmp(od->long_name, "check") && od->choice_at && !cfg->allow_check_commands) {
		buf_adds(d,
			 "a checker run before and after the change, which is reverted if it passed before "
			 "and fails after; a preset only (");
		for (size_t i = 0; od->choice_at(i); i++)
			buf_addf(d, "%s%s", i ? ", " : "", od->choice_at(i));
		buf_adds(d, "): a command needs the server started with --allow-check-commands");
	} else {
		usage_option_help(&help, od);
		tool_words(d, help.data, NULL);
	}
	buf_release(&help);
}

/* Looking for the tools whose options include name with the description text. */
struct same_ctx {
	const struct verb *v;
	const struct mcp_config *cfg;
	const char *name, *text;
	bool found;
};

static void same_option(const struct opt_desc *od, void *data)
{
	struct same_ctx *c = data;
	char name[64];
	if (c->found || od->shared || !mcp_tool_prop(c->v, od, name, sizeof(name)) || strcmp(name, c->name))
		return;
	struct buf d = BUF_INIT;
	option_help(&d, od, c->cfg);
	c->found = !strcmp(d.data, c->text);
	buf_release(&d);
}

/* Appends the tools (", "-joined) taking the argument name described as text; returns how many. */
static size_t tools_with(struct buf *b, const char *name, const char *text, const struct mcp_config *cfg)
{
	size_t n = 0;
	for (size_t i = 0; i < verb_count; i++) {
		struct same_ctx c = {&verb_table[i], cfg, name, text, false};
		if (verb_table[i].tool)
			usage_each(&verb_table[i], same_option, &c);
		if (c.found && b)
			buf_addf(b, "%s%s", n ? ", " : "", verb_table[i].name);
		n += c.found;
	}
	return n;
}

struct schema_ctx {
	const struct verb *v;
	const struct mcp_config *cfg;
	json_t *props;
};

/* An option as a property: its type only, its closed values, its items; what it means is in the
 * instructions, once for every tool that takes it (mcp_instructions). */
static void schema_option(const struct opt_desc *od, void *data)
{
	static const char *const types[] = {"boolean", "integer", "string", "array"};
	struct schema_ctx *ctx = data;
	char name[64];
	if (od->shared || !mcp_tool_prop(ctx->v, od, name, sizeof(name)))
		return;
	json_t *p = json_pack("{s:s}", "type", types[od->value]);
	if (od->long_name && !strcmp(od->long_name, "check") && od->choice_at &&
	    !ctx->cfg->allow_check_commands) {
		json_t *presets = json_array();
		for (size_t i = 0; od->choice_at(i); i++)
			json_array_append_new(presets, json_string(od->choice_at(i)));
		json_object_set_new(p, "enum", presets);
	}
	if (od->value == OPT_VALUE_LIST)
		json_object_set_new(p, "items", json_pack("{s:s}", "type", "string"));
	json_object_set_new(ctx->props, name, p);
}

/* The schema of one batch entry, from the tool's "name:type" words. */
static json_t *batch_items(const struct verb_tool *t)
{
	json_t *props = json_object(), *required = json_array();
	for (const char *p = t->batch_keys; *p;) {
		size_t len = strcspn(p, " "), colon = strcspn(p, ":");
		char key[40], types[64];
		snprintf(key, sizeof(key), "%.*s", (int)colon, p);
		snprintf(types, sizeof(types), "%.*s", (int)(len - colon - 1), p + colon + 1);
		/* a key of several types is left open here (strict validators refuse a type list; an
		 * anyOf costs more than the description saying it): the call checks it (call.c) */
		json_object_set_new(props, key,
				    strchr(types, '|') ? json_object() : json_pack("{s:s}", "type", types));
		p += len + (p[len] == ' ');
	}
	for (const char *p = t->batch_required; *p;) {
		size_t len = strcspn(p, " ");
		json_array_append_new(required, json_stringn(p, len));
		p += len + (p[len] == ' ');
	}
	return json_pack("{s:s, s:o, s:o, s:b}", "type", "object", "properties", props, "required", required,
			 "additionalProperties", 0);
}

static json_t *tool_schema(const struct verb *v, const struct mcp_config *cfg)
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
	if (t->batch)
		json_object_set_new(props, t->batch,
				    json_pack("{s:s, s:s, s:i, s:o}", "type", "array", "description",
					      t->batch_description, "minItems", 1, "items", batch_items(t)));
	struct schema_ctx ctx = {v, cfg, props};
	usage_each(v, schema_option, &ctx);
	/* no additionalProperties: false, since every tool also takes the shared arguments */
	json_t *s = json_pack("{s:s, s:o}", "type", "object", "properties", props);
	if (json_array_size(required))
		json_object_set_new(s, "required", required);
	else
		json_decref(required);
	return s;
}

/* The hints a host reads; readOnlyHint and idempotentHint false are the protocol's defaults, so
 * said only when true. */
static json_t *annotations(const struct verb_tool *t)
{
	json_t *a = json_pack("{s:s}", "title", t->title);
	if (t->hints & TOOL_READ_ONLY) {
		json_object_set_new(a, "readOnlyHint", json_true());
	} else {
		json_object_set_new(a, "destructiveHint", json_boolean(t->hints & TOOL_DESTRUCTIVE));
		if (t->hints & TOOL_IDEMPOTENT) /* false is the protocol's default */
			json_object_set_new(a, "idempotentHint", json_true());
	}
	json_object_set_new(a, "openWorldHint", json_false()); /* the local files only */
	return a;
}

json_t *mcp_tools_list(const struct mcp_config *cfg)
{
	json_t *list = json_array();
	for (size_t i = 0; i < verb_count; i++) {
		const struct verb *v = &verb_table[i];
		if (!v->tool)
			continue;
		struct buf d = BUF_INIT, words = BUF_INIT;
		tool_words(&words, v->tool->guide ? v->tool->guide : v->about, v);
		one_paragraph(&d, words.data);
		buf_release(&words);
		json_array_append_new(list, json_pack("{s:s, s:s, s:o, s:o}", "name", v->name, "description",
						      d.data, "inputSchema", tool_schema(v, cfg),
						      "annotations", annotations(v->tool)));
		buf_release(&d);
	}
	return list;
}

static const char *const type_words[] = {"boolean", "integer", "string", "array of strings"};

struct shared_ctx {
	struct buf *b;
	const struct mcp_config *cfg;
	const struct verb *v;
	struct buf seen; /* " name " of each argument listed */
};

static void shared_line(const struct opt_desc *od, void *data)
{
	struct shared_ctx *ctx = data;
	char name[64];
	if (!mcp_tool_prop(verb_find("show"), od, name, sizeof(name)))
		return;
	buf_addf(ctx->b, "\n- %s (%s): ", name, type_words[od->value]);
	tool_words(ctx->b, od->help, NULL);
	if (!strcmp(name, "allow_outside") && !ctx->cfg->allow_outside)
		buf_adds(ctx->b, " (refused: the server was not started with --allow-outside)");
}

/* An option of a tool, listed once for every tool that takes it with this meaning. */
static void option_line(const struct opt_desc *od, void *data)
{
	struct shared_ctx *ctx = data;
	char name[64];
	if (od->shared || !mcp_tool_prop(ctx->v, od, name, sizeof(name)))
		return;
	struct buf d = BUF_INIT, tools = BUF_INIT, key = BUF_INIT;
	option_help(&d, od, ctx->cfg);
	buf_addf(&key, "\x01%s\x02%s\x01", name, d.data);
	if (!strstr(buf_str(&ctx->seen), key.data)) {
		tools_with(&tools, name, d.data, ctx->cfg);
		buf_addf(ctx->b, "\n- %s (%s; %s): %s", name, type_words[od->value], tools.data, d.data);
		buf_adds(&ctx->seen, key.data);
	}
	buf_release(&d);
	buf_release(&tools);
	buf_release(&key);
}

void mcp_instructions(struct buf *b, const struct mcp_config *cfg)
{
	buf_adds(b, "lets reads, searches, edits and writes files beneath the client's roots (without them, "
		    "the server's working directory), several targets per call, with bounded, numbered "
		    "output whose footer names everything it left out. Targets: path, path:a-b (lines), "
		    "path@'regex'+N (an anchor and N lines), path#symbol. A refusal comes back with "
		    "isError and its last line ERROR_CODE=<slug>; nothing was changed then.\n"
		    "Every tool also takes these arguments (left out of each inputSchema):");
	struct shared_ctx ctx = {b, cfg, NULL, BUF_INIT};
	opt_each_shared(shared_line, &ctx);
	buf_adds(b, "\nThe tools' options, described once here (each inputSchema gives their types):");
	for (size_t i = 0; i < verb_count; i++) {
		ctx.v = &verb_table[i];
		if (ctx.v->tool)
			usage_each(ctx.v, option_line, &ctx);
	}
	buf_release(&ctx.seen);
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
