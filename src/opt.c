#include "opt.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alloc.h"
#include "buf.h"
#include "json.h"
#include "limit.h"
#include "verbs.h"

enum opt_kind { K_FLAG, K_NOOP, K_LONG, K_STR, K_LIST, K_REFUSED };

struct opt_spec {
	const char *long_name; /* without "--"; NULL for short-only */
	char short_name;
	enum opt_kind kind;
	const char *value_name;
	size_t offset;
	/* The verbs that accept it, space-separated ("show find"), or "*": every verb whose row has
	 * VERB_SHARED_FLAGS, unless the verb has a row of its own for that name (show's --quiet). */
	const char *verbs;
	const char *help;
};

#define F(field) offsetof(struct opts, field)

/* Value names follow clap's derive default, the field name upper-cased, because 0.0.1's messages
 * print them ("the argument '-C <CONTEXT>' cannot be used multiple times"). */

static const struct opt_spec specs[] = {
	{"window", 0, K_LONG, "<WINDOW>", F(window), "show",
	 "cap lines shown per whole-file target [default: " LIMIT_STR(LIMIT_SHOW_WINDOW) "]"},
	{"all", 0, K_FLAG, NULL, F(all), "show", "disable the window; print a cost line before the content"},
	{"all", 0, K_FLAG, NULL, F(all), "edit", "replace every occurrence, not just the one match"},
	{NULL, 'A', K_LONG, "<AFTER>", F(after), "show find", "lines of context after a hit"},
	{NULL, 'B', K_LONG, "<BEFORE>", F(before), "show find", "lines of context before a hit"},
	{NULL, 'C', K_LONG, "<CONTEXT>", F(context), "show find", "lines of context on both sides"},
	{"no-numbers", 0, K_FLAG, NULL, F(no_numbers), "show", "omit line numbers, for content piped onward"},

	{"fixed-string", 'F', K_FLAG, NULL, F(fixed), "find", "match the pattern literally, not as a regex"},
	{"fixed-strings", 0, K_FLAG, NULL, F(fixed), "find", NULL},
	{"ignore-case", 'i', K_FLAG, NULL, F(ignore_case), "find paths", "case-insensitive"},
	{"word", 'w', K_FLAG, NULL, F(word), "find", "match whole words only"},
	{"word-regexp", 0, K_FLAG, NULL, F(word), "find", NULL},
	{"cap", 0, K_LONG, "<CAP>", F(cap), "find",
	 "raise the hit cap [default: " LIMIT_STR(LIMIT_FIND_CAP) "]"},
	{"cap", 0, K_LONG, "<CAP>", F(cap), "paths",
	 "print up to N paths; the footer counts the rest [default: " LIMIT_STR(LIMIT_FIND_CAP) "]"},
	{"def", 0, K_FLAG, NULL, F(def), "find",
	 "PATTERN is a symbol name (Outer.inner works): list its definitions as path#Qualified.name"},
	{"function", 'p', K_FLAG, NULL, F(function), "find",
	 "head each hit with its enclosing function or symbol, as a path#Qualified.name target"},
	{"show-function", 0, K_FLAG, NULL, F(function), "find", NULL},
	{"files", 'l', K_FLAG, NULL, F(files), "find",
	 "list matching files only, one bare path per line, no cap"},
	{"files-with-matches", 0, K_FLAG, NULL, F(files), "find", NULL},
	{"count", 'c', K_FLAG, NULL, F(count), "find",
	 "print the footer first, then one <count>  <path> row per file"},
	{"glob", 'g', K_LIST, "<GLOB>", F(globs), "find",
	 "narrow the walk to paths the glob matches (alias --include)"},
	{"include", 0, K_LIST, "<GLOB>", F(globs), "find", NULL},
	{"hidden", 0, K_FLAG, NULL, F(hidden), "find paths map", "include hidden files and directories"},
	{"line-number", 'n', K_NOOP, NULL, 0, "find", "accepted for grep compatibility; no effect"},
	{"recursive", 'r', K_NOOP, NULL, 0, "find", NULL},
	{NULL, 'R', K_NOOP, NULL, 0, "find", NULL},
	{"extended-regexp", 'E', K_NOOP, NULL, 0, "find", NULL},
	{"with-filename", 'H', K_NOOP, NULL, 0, "find", NULL},
	{"invert-match", 'v', K_REFUSED, NULL, 0, "find", NULL},

	{"focus", 0, K_STR, "<FOCUS>", F(focus), "map",
	 "rank around a file, a directory or #Name (what it uses and what uses it); always shown"},

	{"old", 0, K_STR, "<OLD>", F(old), "edit", "exact text to find; - reads stdin"},
	{"new", 0, K_STR, "<NEW>", F(new_text), "edit", "replacement text; - reads stdin"},
	{"expect", 0, K_STR, "<EXPECT>", F(expect), "edit",
	 "with a :a-b target, replace only if the named line is exactly S"},
	{"expect-all", 0, K_FLAG, NULL, F(expect_all), "edit",
	 "confirm content for a multi-line range read from stdin"},
	{"insert-after", 0, K_STR, "<INSERT_AFTER>", F(insert_after), "edit",
	 "insert --new after an anchor (@'regex' or #symbol)"},
	{"insert-before", 0, K_STR, "<INSERT_BEFORE>", F(insert_before), "edit",
	 "insert --new before an anchor"},
	{"normalize", 0, K_FLAG, NULL, F(normalize), "edit",
	 "also match with smart quotes, dashes and non-breaking spaces folded"},
	{"literal-newlines", 0, K_FLAG, NULL, F(literal_newlines), "edit",
	 "write --new's line endings exactly as typed"},
	{"word", 'w', K_FLAG, NULL, F(word), "edit",
	 "match --old only as whole words: no match cuts through an identifier"},
	{"line-hint", 0, K_LONG, "<LINE_HINT>", F(line_hint), "edit",
	 "of several matches, take the one whose lines hold line N"},
	{"exact", 0, K_FLAG, NULL, F(exact), "edit", "match --old's bytes only: no whitespace folding"},
	{"substring", 0, K_FLAG, NULL, F(substring), "edit",
	 "with --all, replace an identifier --old inside longer identifiers too"},
	{"set", 0, K_LIST, "<SET>", F(set), "transform", "set a key's value (repeatable)"},
	{"delete", 0, K_LIST, "<DELETE>", F(del), "transform", "remove a key (repeatable)"},
	{"append", 0, K_LIST, "<APPEND>", F(append), "transform", "append to an array (repeatable)"},
	{"from", 0, K_STR, "<FROM>", F(from), "edit transform",
	 "a batch on stdin; - is the only accepted value"},
	{"if", 0, K_STR, "<IF_SHA>", F(if_sha), "edit transform",
	 "refuse (exit 5) if the file changed since the show that produced this hash"},
	{"check", 0, K_STR, "<CHECK>", F(check), "edit transform", "layer-2 checker: a command, or "},
	{"check-timeout", 0, K_LONG, "<CHECK_TIMEOUT>", F(check_timeout), "edit transform",
	 "seconds before a layer-2 result is inconclusive [default: " LIMIT_STR(LIMIT_CHECK_TIMEOUT_S) "]"},

	{"force", 0, K_FLAG, NULL, F(force), "write", "overwrite an existing file"},
	{"force", 0, K_FLAG, NULL, F(force), "update", "reinstall the latest release even when current"},
	{"empty", 0, K_FLAG, NULL, F(empty), "write", "allow writing a file from empty stdin"},
	{"check", 0, K_FLAG, NULL, F(update_check), "update",
	 "report whether a newer release exists, without installing"},
	{"dir", 0, K_STR, "<DIR>", F(dir), "stats",
	 "directory to scan for .jsonl transcripts [default: ~/.claude/projects]"},
	{"since", 0, K_STR, "<SINCE>", F(since), "stats",
	 "only files modified within this window, e.g. 7d or 12h"},

	{"allow-check-commands", 0, K_FLAG, NULL, F(allow_check_commands), "mcp",
	 "let edit and transform calls run a check command, not only the presets"},
	{"allow-outside", 0, K_FLAG, NULL, F(allow_outside), "mcp",
	 "let calls pass allow_outside: true to reach paths outside the roots"},

	{"json", 0, K_FLAG, NULL, F(json), "*", "one JSON object on stdout"},
	{"jsonl", 0, K_FLAG, NULL, F(jsonl), "*", "one JSON object per result, then a stats/omitted record"},
	{"budget", 0, K_LONG, "<BUDGET>", F(budget), "*",
	 "shape the answer to ~N tokens, trimming the largest target first"},
	{"max-bytes", 0, K_LONG, "<MAX_BYTES>", F(max_bytes), "*",
	 "refuse (exit 4) if content exceeds N bytes and no --budget [default: " LIMIT_STR(
		 LIMIT_MAX_BYTES) "]"},
	{"max-file-bytes", 0, K_LONG, "<MAX_FILE_BYTES>", F(max_file_bytes), "*",
	 "files larger than this are refused [default: " LIMIT_STR(LIMIT_MAX_FILE_BYTES) "]"},
	{"no-ignore", 0, K_FLAG, NULL, F(no_ignore), "*",
	 "do not honor .gitignore, .ignore or global excludes"},
	{"allow-outside", 0, K_FLAG, NULL, F(allow_outside), "*", "permit a path outside the working tree"},
	{"no-check", 0, K_FLAG, NULL, F(no_check), "*", "skip the built-in check and any --check"},
	{"quiet", 'q', K_FLAG, NULL, F(quiet), "show",
	 "(shared flag; show already prints only the footer plus content)"},
	{"quiet", 'q', K_FLAG, NULL, F(quiet), "*", "print only the footer"},
};

#define NSPECS (sizeof(specs) / sizeof(specs[0]))

/* Options that cannot be given together, checked in this order once a command line is parsed.
 * A name is a long option, or the verb's positional argument as its usage shows it ("[TARGET]"). */
static const struct conflict {
	const char *verbs; /* as an option's */
	const char *a, *b;
} conflicts[] = {
	{"*", "json", "jsonl"},
	{"edit", "from", "[TARGET]"},
	{"edit", "from", "old"},
	{"edit", "from", "new"},
	{"edit", "from", "expect"},
	{"edit", "from", "insert-after"},
	{"edit", "from", "insert-before"},
	{"edit", "insert-after", "insert-before"},
	{"edit", "old", "insert-after"},
	{"edit", "old", "insert-before"},
	{"edit", "insert-after", "expect"},
	{"edit", "insert-after", "expect-all"},
	{"edit", "insert-before", "expect"},
	{"edit", "insert-before", "expect-all"},
	{"edit", "expect", "expect-all"},
	{"edit", "word", "substring"},
	{"find", "def", "files"},
	{"find", "def", "count"},
	{"find", "def", "function"},
	{"find", "def", "fixed-string"},
	{"find", "def", "ignore-case"},
	{"find", "def", "word"},
	{"find", "function", "files"},
	{"find", "function", "count"},
};

void opts_init(struct opts *o)
{
	memset(o, 0, sizeof(*o));
	o->stdin_fd = STDIN_FILENO;
	o->budget = OPT_UNSET;
	o->max_bytes = LIMIT_MAX_BYTES;
	o->max_file_bytes = LIMIT_MAX_FILE_BYTES;
	o->window = LIMIT_SHOW_WINDOW;
	o->after = o->before = o->context = OPT_UNSET;
	o->cap = LIMIT_FIND_CAP;
	o->check_timeout = LIMIT_CHECK_TIMEOUT_S;
	o->line_hint = OPT_UNSET;
}

void opts_release(struct opts *o)
{
	struct strlist *lists[] = {&o->positional, &o->globs, &o->set, &o->del, &o->append, &o->ops};
	for (size_t i = 0; i < sizeof(lists) / sizeof(lists[0]); i++) {
		free(lists[i]->items);
		lists[i]->items = NULL;
		lists[i]->n = lists[i]->cap = 0;
	}
}

enum out_format opts_format(const struct opts *o)
{
	return o->json ? OUT_JSON : o->jsonl ? OUT_JSONL : OUT_TEXT;
}

static void strlist_push(struct strlist *l, const char *s)
{
	XGROW(l->items, l->cap, l->n + 1);
	l->items[l->n++] = s;
}

/* The tool property of a row: its value's name (if_sha for --if <IF_SHA>), else its long name
 * (a short-only row, its letter), lower snake case. */
static void spec_prop(struct buf *b, const struct opt_spec *s)
{
	const char *src = s->value_name ? s->value_name + 1 : s->long_name;
	if (!src) {
		buf_addc(b, s->short_name);
		return;
	}
	for (; *src && *src != '>'; src++)
		buf_addc(b, *src == '-' ? '_' : (char)(*src >= 'A' && *src <= 'Z' ? *src - 'A' + 'a' : *src));
}

/* "--window <N>" or "-A <N>": how clap names an argument in its messages; over MCP the tool's
 * property ("window"). */
static void spec_name(struct buf *b, const struct opt_spec *s, const struct opts *o)
{
	if (o && o->tool_terms)
		spec_prop(b, s);
	else if (s->long_name)
		buf_addf(b, "--%s", s->long_name);
	else
		buf_addf(b, "-%c", s->short_name);
	if (s->value_name && !(o && o->tool_terms))
		buf_addf(b, " %s", s->value_name);
}

static const struct opt_spec *spec_named(const char *long_name)
{
	for (size_t i = 0; i < NSPECS; i++)
		if (specs[i].long_name && !strcmp(specs[i].long_name, long_name))
			return &specs[i];
	return NULL;
}

void opt_tool_name(struct buf *b, const char *long_name)
{
	const struct opt_spec *s = spec_named(long_name);
	if (s)
		spec_prop(b, s);
	else
		buf_adds(b, long_name);
}

void opt_arg(struct buf *b, bool tool_terms, const char *long_name, const char *value)
{
	const struct opt_spec *s = spec_named(long_name);
	if (!tool_terms) {
		buf_addf(b, "--%s", long_name);
		if (value)
			buf_addf(b, " %s", value);
		return;
	}
	opt_tool_name(b, long_name);
	if (!value) {
		buf_adds(b, ": true");
	} else if (s && s->kind == K_LONG) {
		buf_addf(b, ": %s", value);
	} else {
		buf_adds(b, ": ");
		json_cstr(b, value);
	}
}

const char *opt_say(char *dst, size_t cap, bool tool_terms, const char *long_name, const char *value)
{
	struct buf b = BUF_INIT;
	opt_arg(&b, tool_terms, long_name, value);
	snprintf(dst, cap, "%s", b.data);
	buf_release(&b);
	return dst;
}

const char *opt_noun(char *dst, size_t cap, bool tool_terms, const char *long_name)
{
	struct buf b = BUF_INIT;
	if (tool_terms)
		opt_tool_name(&b, long_name);
	else
		buf_addf(&b, "--%s", long_name);
	snprintf(dst, cap, "%s", b.data);
	buf_release(&b);
	return dst;
}

static enum lets_err usage_vfail(const struct opts *o, struct diag *d, const char *verb, bool with_usage,
				 const char *fmt, va_list ap)
{
	const struct verb *v = verb ? verb_find(verb) : NULL;
	struct buf m = BUF_INIT;
	bool tool = o && o->tool_terms;
	if (!tool)
		buf_adds(&m, "error: ");
	buf_vaddf(&m, fmt, ap);
	if (with_usage && v && !tool)
		buf_addf(&m, "\n\nUsage: lets %s %s", v->name, v->usage);
	if (!tool)
		buf_adds(&m, "\n\nFor more information, try '--help'.");
	diag_add(d, E_USAGE, "%s", m.data);
	buf_release(&m);
	return E_USAGE;
}

static enum lets_err usage_fail(const struct opts *o, struct diag *d, const char *verb, bool with_usage,
				const char *fmt, ...) __attribute__((format(printf, 5, 6)));
static enum lets_err usage_fail(const struct opts *o, struct diag *d, const char *verb, bool with_usage,
				const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	usage_vfail(o, d, verb, with_usage, fmt, ap);
	va_end(ap);
	return E_USAGE;
}

enum lets_err opt_usage_error(struct diag *d, const char *verb, bool with_usage, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	usage_vfail(NULL, d, verb, with_usage, fmt, ap);
	va_end(ap);
	return E_USAGE;
}

enum lets_err opt_usage_fail(const struct opts *o, struct diag *d, bool with_usage, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	usage_vfail(o, d, o->verb, with_usage, fmt, ap);
	va_end(ap);
	return E_USAGE;
}

enum lets_err opt_choice_check(const struct verb *v, size_t pos, const char *value, struct diag *d)
{
	const char *const *set = verb_choices(v, pos);
	for (size_t i = 0; set[i]; i++)
		if (!strcmp(set[i], value))
			return LETS_OK;
	/* The positional's name is the pos-th word of positional_name: "<ACTION> <AGENT>". */
	const char *name = v->positional_name;
	for (size_t i = 0; i < pos && strchr(name, ' '); i++)
		name = strchr(name, ' ') + 1;
	struct buf values = BUF_INIT;
	for (size_t i = 0; set[i]; i++)
		buf_addf(&values, "%s%s", i ? ", " : "", set[i]);
	opt_usage_error(d, v->name, false, "invalid value '%s' for '%.*s'\n  [possible values: %s]", value,
			(int)strcspn(name, " "), name, values.data);
	buf_release(&values);
	return E_USAGE;
}

static enum lets_err parse_long(const struct opts *o, struct diag *d, const struct opt_spec *s,
				const char *value, long *out)
{
	const char *reason = NULL;
	if (!*value) {
		reason = "cannot parse integer from empty string";
	} else {
		for (const char *p = value; *p; p++)
			if (*p < '0' || *p > '9') {
				reason = "invalid digit found in string";
				break;
			}
	}
	if (!reason) {
		errno = 0;
		unsigned long long n = strtoull(value, NULL, 10);
		if (errno || n > (unsigned long long)(1LL << 53))
			reason = "number too large to fit in target type";
		else
			*out = (long)n;
	}
	if (!reason)
		return LETS_OK;
	struct buf name = BUF_INIT;
	spec_name(&name, s, o);
	usage_fail(o, d, NULL, false, "invalid value '%s' for '%s': %s", value, name.data, reason);
	buf_release(&name);
	return E_USAGE;
}

/* Whether name is one of the space-separated words of verbs. */
static bool tagged(const char *verbs, const char *name)
{
	size_t n = strlen(name);
	for (const char *p = verbs; *p;) {
		size_t len = strcspn(p, " ");
		if (len == n && !strncmp(p, name, n))
			return true;
		p += len + (p[len] == ' ');
	}
	return false;
}

/* Whether a row's or a conflict's verbs include v, "*" standing for the verbs with shared flags. */
static bool tags_verb(const char *verbs, const struct verb *v)
{
	return strcmp(verbs, "*") ? tagged(verbs, v->name) : (v->needs & VERB_SHARED_FLAGS) != 0;
}

static bool same_flag(const struct opt_spec *a, const struct opt_spec *b)
{
	return (a->long_name && b->long_name && !strcmp(a->long_name, b->long_name)) ||
	       (a->short_name && a->short_name == b->short_name);
}

/* Whether verb v accepts the row s: a shared row gives way to a row of v's own for that flag. */
static bool spec_applies(const struct opt_spec *s, const struct verb *v)
{
	if (!tags_verb(s->verbs, v))
		return false;
	for (size_t i = 0; !strcmp(s->verbs, "*") && i < NSPECS; i++)
		if (strcmp(specs[i].verbs, "*") && tagged(specs[i].verbs, v->name) && same_flag(&specs[i], s))
			return false;
	return true;
}

static const struct opt_spec *find_long(const char *name, size_t len, const struct verb *v)
{
	for (size_t i = 0; i < NSPECS; i++)
		if (specs[i].long_name && strlen(specs[i].long_name) == len &&
		    !strncmp(specs[i].long_name, name, len) && spec_applies(&specs[i], v))
			return &specs[i];
	return NULL;
}

static const struct opt_spec *find_short(char c, const struct verb *v)
{
	for (size_t i = 0; i < NSPECS; i++)
		if (specs[i].short_name == c && spec_applies(&specs[i], v))
			return &specs[i];
	return NULL;
}

/* --if's value: sha: (optional) and 12 or more lowercase hex digits. Checked as the value is
 * parsed, as clap checks it, so a malformed --if is refused before anything else is looked at. */
static enum lets_err if_value_check(const struct opts *o, struct diag *d, const struct opt_spec *s,
				    const char *value)
{
	const char *v = strncmp(value, "sha:", 4) ? value : value + 4;
	size_t n = strspn(v, "0123456789abcdef");
	if (n >= 12 && !v[n])
		return LETS_OK;
	struct buf name = BUF_INIT;
	spec_name(&name, s, o);
	usage_fail(o, d, NULL, false,
		   "invalid value '%s' for '%s': %s takes sha: and 12 or more lowercase hex digits, as a "
		   "show header prints it",
		   value, name.data, o->tool_terms ? "if_sha" : "--if");
	buf_release(&name);
	return E_USAGE;
}

/* Stores one occurrence; seen[] catches a scalar option given twice. */
static enum lets_err apply(struct opts *o, const struct verb *v, const struct opt_spec *s, const char *value,
			   unsigned char *seen, struct diag *d)
{
	char *field = (char *)o + s->offset;
	size_t idx = (size_t)(s - specs);
	if (s->kind == K_REFUSED)
		return diag_add(d, E_USAGE,
				"error: lets find has no -v: it prints matching lines only · use grep "
				"-v to print the lines that do not match");
	if ((s->kind == K_LONG || s->kind == K_STR) && seen[idx]) {
		struct buf name = BUF_INIT;
		spec_name(&name, s, o);
		usage_fail(o, d, v->name, true, "the argument '%s' cannot be used multiple times", name.data);
		buf_release(&name);
		return E_USAGE;
	}
	seen[idx] = 1;
	switch (s->kind) {
	case K_FLAG: *(bool *)field = true; break;
	case K_NOOP:
	case K_REFUSED: break;
	case K_LONG: return parse_long(o, d, s, value, (long *)field);
	case K_STR:
		*(const char **)field = value;
		return field == (char *)&o->if_sha ? if_value_check(o, d, s, value) : LETS_OK;
	case K_LIST:
		strlist_push((struct strlist *)field, value);
		if (field == (char *)&o->set || field == (char *)&o->del || field == (char *)&o->append)
			strlist_push(&o->ops, value);
		break;
	}
	return LETS_OK;
}

static enum lets_err missing_value(struct diag *d, const struct opt_spec *s)
{
	struct buf name = BUF_INIT;
	spec_name(&name, s, NULL);
	opt_usage_error(d, NULL, false, "a value is required for '%s' but none was supplied", name.data);
	buf_release(&name);
	return E_USAGE;
}

/* Whether the conflict side name was given; its shown name goes to shown. */
static bool conflict_side(const char *name, const struct opts *o, const struct verb *v,
			  const unsigned char *seen, struct buf *shown)
{
	if (name[0] == '[') {
		/* over MCP the positional is the tool's first property ("targets") */
		buf_adds(shown, o->tool_terms && v->tool ? v->tool->pos[0].name : name);
		return o->positional.n > 0;
	}
	const struct opt_spec *s = find_long(name, strlen(name), v);
	if (o->tool_terms && v->tool && v->tool->batch && !strcmp(name, "from"))
		buf_adds(shown, v->tool->batch); /* over MCP --from - is the tool's batch */
	else
		spec_name(shown, s, o);
	return seen[s - specs];
}

static enum lets_err check_conflicts(const struct opts *o, const struct verb *v, const unsigned char *seen,
				     struct diag *d)
{
	enum lets_err err = LETS_OK;
	struct buf a = BUF_INIT, b = BUF_INIT;
	for (size_t i = 0; i < sizeof(conflicts) / sizeof(conflicts[0]) && !err; i++) {
		if (!tags_verb(conflicts[i].verbs, v))
			continue;
		buf_truncate(&a, 0);
		buf_truncate(&b, 0);
		if (conflict_side(conflicts[i].a, o, v, seen, &a) &&
		    conflict_side(conflicts[i].b, o, v, seen, &b))
			err = usage_fail(o, d, v->name, true, "the argument '%s' cannot be used with '%s'",
					 a.data, b.data);
	}
	buf_release(&a);
	buf_release(&b);
	return err;
}

static bool takes_value(const struct opt_spec *s)
{
	return s->kind == K_LONG || s->kind == K_STR || s->kind == K_LIST;
}

/* One "--name[=value]" at argv[*i] (its value may be the next argument: *i moves past it).
 * LETS_ERR_COUNT asks the caller to print help. */
static enum lets_err parse_long_flag(struct opts *o, const struct verb *v, int argc, char **argv, int *i,
				     unsigned char *seen, struct diag *d)
{
	const char *arg = argv[*i];
	const char *name = arg + 2;
	const char *eq = strchr(name, '=');
	size_t len = eq ? (size_t)(eq - name) : strlen(name);
	const struct opt_spec *s = find_long(name, len, v);
	if (!s) {
		if (len == 4 && !strncmp(name, "help", 4))
			return LETS_ERR_COUNT;
		char *shown = xstrndup(arg, eq ? (size_t)(eq - arg) : strlen(arg));
		opt_usage_error(d, v->name, true, "unexpected argument '%s' found", shown);
		free(shown);
		return E_USAGE;
	}
	const char *value = NULL;
	if (takes_value(s)) {
		if (eq)
			value = eq + 1;
		else if (*i + 1 < argc)
			value = argv[++*i];
		else
			return missing_value(d, s);
	} else if (eq) {
		return opt_usage_error(d, v->name, true,
				       "unexpected value '%s' for '--%s' found; no more were expected",
				       eq + 1, s->long_name);
	}
	return apply(o, v, s, value, seen, d);
}

/* A cluster of short flags at argv[*i]: -iw, -A2, -A=2, -A 2 (*i moves past a separate value).
 * LETS_ERR_COUNT asks the caller to print help. */
static enum lets_err parse_short_flags(struct opts *o, const struct verb *v, int argc, char **argv, int *i,
				       unsigned char *seen, struct diag *d)
{
	for (const char *p = argv[*i] + 1; *p; p++) {
		const struct opt_spec *s = find_short(*p, v);
		if (!s) {
			if (*p == 'h')
				return LETS_ERR_COUNT;
			char shown[3] = {'-', *p, 0};
			return opt_usage_error(d, v->name, true, "unexpected argument '%s' found", shown);
		}
		const char *value = NULL;
		if (takes_value(s)) {
			if (p[1])
				value = p[1] == '=' ? p + 2 : p + 1;
			else if (*i + 1 < argc)
				value = argv[++*i];
			else
				return missing_value(d, s);
		}
		enum lets_err e = apply(o, v, s, value, seen, d);
		if (e || value)
			return e;
	}
	return LETS_OK;
}

enum lets_err opts_parse(struct opts *o, const struct verb *v, int argc, char **argv, int first,
			 struct diag *d)
{
	o->verb = v->name;
	unsigned char seen[NSPECS] = {0};
	bool only_positional = false;
	for (int i = first; i < argc; i++) {
		const char *arg = argv[i];
		enum lets_err e = LETS_OK;
		if (only_positional || arg[0] != '-' || !strcmp(arg, "-"))
			strlist_push(&o->positional, arg);
		else if (!strcmp(arg, "--"))
			only_positional = true;
		else if (arg[1] == '-')
			e = parse_long_flag(o, v, argc, argv, &i, seen, d);
		else
			e = parse_short_flags(o, v, argc, argv, &i, seen, d);
		if (e)
			return e;
	}
	if (check_conflicts(o, v, seen, d))
		return E_USAGE;
	/* The one place the parsers' ceiling is applied: a raised limit admits no file whose offsets
	 * tree-sitter or the format model could not hold; such a file is refused as too large. */
	if (o->max_file_bytes > LIMIT_PARSER_MAX_BYTES)
		o->max_file_bytes = LIMIT_PARSER_MAX_BYTES;
	if (o->positional.n < v->min_positional) {
		/* clap names the missing positionals only, one a line: the words of positional_name
		 * from the first one not given */
		struct buf m = BUF_INIT;
		buf_adds(&m, "the following required arguments were not provided:");
		const char *w = v->positional_name;
		for (size_t k = 0; *w; k++) {
			size_t len = strcspn(w, " ");
			if (k >= o->positional.n)
				buf_addf(&m, "\n  %.*s", (int)len, w);
			w += len + (w[len] == ' ');
		}
		usage_fail(o, d, v->name, true, "%s", m.data);
		buf_release(&m);
		return E_USAGE;
	}
	return LETS_OK;
}

long opts_before(const struct opts *o)
{
	return o->before != OPT_UNSET ? o->before : o->context;
}

long opts_after(const struct opts *o)
{
	return o->after != OPT_UNSET ? o->after : o->context;
}

static enum opt_value desc_value(enum opt_kind k)
{
	return k == K_LONG   ? OPT_VALUE_INT
	       : k == K_STR  ? OPT_VALUE_STRING
	       : k == K_LIST ? OPT_VALUE_LIST
			     : OPT_VALUE_FLAG;
}

/* Whether s is a shared flag, or a verb's own row for one (show's --quiet). */
static bool shared_flag(const struct opt_spec *s)
{
	for (size_t i = 0; i < NSPECS; i++)
		if (!strcmp(specs[i].verbs, "*") && same_flag(&specs[i], s))
			return true;
	return false;
}

static void each_listed(const struct verb *v, bool with_noops, void (*fn)(const struct opt_desc *, void *),
			void *ctx)
{
	for (size_t i = 0; i < NSPECS; i++) {
		const struct opt_spec *s = &specs[i];
		if (!s->help || !spec_applies(s, v) ||
		    (!with_noops && (s->kind == K_NOOP || s->kind == K_REFUSED)))
			continue;
		struct opt_desc desc = {s->long_name, s->short_name, OPT_VALUE_FLAG, s->value_name,
					s->help,      NULL,          shared_flag(s)};
		desc.value = desc_value(s->kind);
		fn(&desc, ctx);
	}
}

void opt_each_shared(void (*fn)(const struct opt_desc *, void *), void *ctx)
{
	for (size_t i = 0; i < NSPECS; i++) {
		const struct opt_spec *s = &specs[i];
		if (!s->help || strcmp(s->verbs, "*"))
			continue;
		struct opt_desc desc = {s->long_name, s->short_name, OPT_VALUE_FLAG, s->value_name, s->help,
					NULL,         true};
		desc.value = desc_value(s->kind);
		fn(&desc, ctx);
	}
}

void opt_each(const struct verb *v, void (*fn)(const struct opt_desc *, void *), void *ctx)
{
	each_listed(v, false, fn, ctx);
}

void opt_each_listed(const struct verb *v, void (*fn)(const struct opt_desc *, void *), void *ctx)
{
	each_listed(v, true, fn, ctx);
}

bool opt_takes_next(const struct verb *v, const char *arg)
{
	if (arg[0] != '-' || !arg[1])
		return false;
	if (arg[1] == '-') {
		const struct opt_spec *s = find_long(arg + 2, strlen(arg + 2), v);
		return s && takes_value(s); /* --name=value holds its value: no spec has '=' in it */
	}
	for (const char *p = arg + 1; *p; p++) {
		const struct opt_spec *s = find_short(*p, v);
		if (!s)
			return false;
		if (takes_value(s))
			return !p[1];
	}
	return false;
}

enum lets_err opts_read_stdin(const struct opts *o, struct buf *in, const char *subject, struct diag *d)
{
	char chunk[65536];
	if (o->stdin_fd < 0) /* lets mcp's call with no content */
		return LETS_OK;
	for (;;) {
		ssize_t r = read(o->stdin_fd, chunk, sizeof(chunk));
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return diag_add(d, E_IO_ERROR, "reading stdin for %s failed: %s", subject,
					strerror(errno));
		if (r == 0)
			return LETS_OK;
		buf_add(in, chunk, (size_t)r);
		if (o->max_file_bytes >= 0 && in->len > (size_t)o->max_file_bytes)
			return diag_add(
				d, E_UNSUPPORTED_FILE,
				"%s is unsupported: stdin is over the %ld-byte limit \xC2\xB7 pass --max-file-bytes to raise it",
				subject, o->max_file_bytes);
	}
}

const char *opt_unknown_verb(void)
{
	for (size_t i = 0; i < NSPECS + sizeof(conflicts) / sizeof(conflicts[0]); i++) {
		const char *verbs = i < NSPECS ? specs[i].verbs : conflicts[i - NSPECS].verbs;
		for (const char *p = verbs; *p && strcmp(verbs, "*");) {
			size_t len = strcspn(p, " ");
			char name[32];
			snprintf(name, sizeof(name), "%.*s", (int)len, p);
			const struct verb *v = verb_find(name);
			if (!v || strcmp(v->name, name))
				return verbs;
			p += len + (p[len] == ' ');
		}
	}
	return NULL;
}
