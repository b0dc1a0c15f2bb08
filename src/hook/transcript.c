#include "transcript.h"

#include <errno.h>
#include <jansson.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../alloc.h"
#include "../buf.h"
#include "../utf8.h"

const char *const transcript_verbs[TRANSCRIPT_VERBS] = {
	"edit", "find", "guide", "hook", "hooks", "show", "stats", "transform", "update", "version", "write",
};

/* A transcript line longer than this is not one lets can read whole; it counts as malformed. */
#define LINE_MAX_BYTES (256L << 20)
/* Tool calls waiting for their result; the oldest is forgotten past this. */
#define PENDING_MAX 4096

enum tool { TOOL_BASH, TOOL_READ };

struct pending {
	char *id;
	enum tool tool;
};

struct scan {
	struct transcript_counts *c;
	struct pending *p;
	size_t n, cap;
	int block_verb; /* the verb the last hook block suggested, -1 when none is open */
};

/* ---- lets command lines */

/* The next shell word of s from *i with quotes removed, or false at the end or at an unquoted
 * operator (the rest of the line is another command). */
static bool next_word(const char *s, size_t n, size_t *i, struct buf *w)
{
	buf_truncate(w, 0);
	while (*i < n && (s[*i] == ' ' || s[*i] == '\t'))
		(*i)++;
	if (*i >= n || strchr("|;&<>()\n", s[*i]))
		return false;
	while (*i < n && !strchr(" \t|;&<>()\n", s[*i])) {
		char c = s[(*i)++];
		if (c == '\'' || c == '"') {
			while (*i < n && s[*i] != c) {
				if (c == '"' && s[*i] == '\\' && *i + 1 < n)
					(*i)++;
				buf_addc(w, s[(*i)++]);
			}
			if (*i < n)
				(*i)++;
		} else if (c == '\\' && *i < n) {
			buf_addc(w, s[(*i)++]);
		} else {
			buf_addc(w, c);
		}
	}
	return true;
}

static bool takes_value(const char *opt)
{
	static const char *const with_value[] = {
		"-A", "-B", "-C", "-g", "--window", "--budget", "--max-bytes", "--max-file-bytes", "--old",
		"--new", "--expect", "--insert-after", "--insert-before", "--from", "--if", "--check",
		"--check-timeout", "--set", "--delete", "--append", "--cap", "--glob", "--include", "--dir",
		"--since",
	};
	for (size_t i = 0; i < sizeof(with_value) / sizeof(with_value[0]); i++)
		if (!strcmp(opt, with_value[i]))
			return true;
	return false;
}

static int verb_index(const char *v)
{
	if (!strcmp(v, "locate"))
		v = "find";
	for (int i = 0; i < TRANSCRIPT_VERBS; i++)
		if (!strcmp(v, transcript_verbs[i]))
			return i;
	return -1;
}

int transcript_lets_verb(const char *s, size_t n, long *targets)
{
	struct buf w = BUF_INIT;
	size_t i = 0;
	int verb = -1;
	*targets = 0;
	if (next_word(s, n, &i, &w) && (!strcmp(w.data, "lets") || (w.len > 5 && !strcmp(w.data + w.len - 5, "/lets"))) &&
	    next_word(s, n, &i, &w))
		verb = verb_index(w.data);
	bool positional_only = false;
	while (verb >= 0 && next_word(s, n, &i, &w)) {
		if (positional_only || w.data[0] != '-' || !w.data[1])
			(*targets)++;
		else if (!strcmp(w.data, "--"))
			positional_only = true;
		else if (takes_value(w.data) && !next_word(s, n, &i, &w))
			break;
	}
	if (verb >= 0 && !strcmp(transcript_verbs[verb], "find") && *targets > 0)
		(*targets)--; /* the pattern */
	buf_release(&w);
	return verb;
}

/* ---- tool calls and results */

static void pending_add(struct scan *s, const char *id, enum tool t)
{
	if (s->n == PENDING_MAX) {
		free(s->p[0].id);
		memmove(s->p, s->p + 1, (s->n - 1) * sizeof(*s->p));
		s->n--;
	}
	XGROW(s->p, s->cap, s->n + 1);
	s->p[s->n++] = (struct pending){xstrdup(id), t};
}

/* The tool of the call id answers, forgetting the call; -1 when it is not one being counted. */
static int pending_take(struct scan *s, const char *id)
{
	for (size_t i = s->n; i-- > 0;) {
		if (strcmp(s->p[i].id, id))
			continue;
		int t = (int)s->p[i].tool;
		free(s->p[i].id);
		memmove(s->p + i, s->p + i + 1, (s->n - i - 1) * sizeof(*s->p));
		s->n--;
		return t;
	}
	return -1;
}

static void on_tool_use(struct scan *s, json_t *item)
{
	const char *name = json_string_value(json_object_get(item, "name"));
	const char *id = json_string_value(json_object_get(item, "id"));
	if (!name)
		return;
	if (!strcmp(name, "Read")) {
		s->c->read_calls++;
		if (id)
			pending_add(s, id, TOOL_READ);
		return;
	}
	if (strcmp(name, "Bash"))
		return;
	s->c->bash_calls++;
	if (id)
		pending_add(s, id, TOOL_BASH);
	json_t *cmd = json_object_get(json_object_get(item, "input"), "command");
	long targets = 0;
	int verb = json_is_string(cmd) ? transcript_lets_verb(json_string_value(cmd), json_string_length(cmd), &targets)
				       : -1;
	if (s->block_verb >= 0 && verb == s->block_verb)
		s->c->blocks_followed++;
	s->block_verb = -1;
	if (verb < 0)
		return;
	s->c->lets_calls[verb]++;
	if (targets > 1)
		s->c->calls_saved += targets - 1;
}

/* A tool result's text: a string, or the text parts of a content array. */
static void result_text(json_t *content, struct buf *out)
{
	if (json_is_string(content)) {
		buf_add(out, json_string_value(content), json_string_length(content));
		return;
	}
	size_t i;
	json_t *part;
	json_array_foreach(content, i, part)
	{
		json_t *t = json_object_get(part, "text");
		if (json_is_string(t))
			buf_add(out, json_string_value(t), json_string_length(t));
	}
}

/* The verb a hook denial suggests: a line of the result starting "run: lets <verb>". */
static int block_suggestion(const struct buf *text)
{
	for (const char *p = buf_str(text); p; p = strchr(p, '\n')) {
		if (*p == '\n')
			p++;
		if (strncmp(p, "run: ", 5))
			continue;
		long targets;
		int verb = transcript_lets_verb(p + 5, strcspn(p + 5, "\n"), &targets);
		if (verb >= 0)
			return verb;
	}
	return -1;
}

static void on_tool_result(struct scan *s, json_t *item)
{
	const char *id = json_string_value(json_object_get(item, "tool_use_id"));
	int tool = id ? pending_take(s, id) : -1;
	if (tool < 0)
		return;
	struct buf text = BUF_INIT;
	result_text(json_object_get(item, "content"), &text);
	if (tool == TOOL_READ) {
		s->c->read_bytes += (long)text.len;
	} else {
		int verb = block_suggestion(&text);
		if (verb >= 0) {
			s->c->hook_blocks++;
			s->block_verb = verb;
		}
	}
	buf_release(&text);
}

static void scan_line(struct scan *s, const char *line, size_t len)
{
	if (utf8_blank(line, len))
		return;
	if (!utf8_valid(line, len)) {
		s->c->non_utf8_lines++;
		return;
	}
	json_t *j = json_loadb(line, len, 0, NULL);
	if (!json_is_object(j)) {
		s->c->malformed_lines++;
		json_decref(j);
		return;
	}
	json_t *content = json_object_get(json_object_get(j, "message"), "content");
	size_t i;
	json_t *item;
	json_array_foreach(content, i, item)
	{
		const char *type = json_string_value(json_object_get(item, "type"));
		if (type && !strcmp(type, "tool_use"))
			on_tool_use(s, item);
		else if (type && !strcmp(type, "tool_result"))
			on_tool_result(s, item);
	}
	json_decref(j);
}

int transcript_scan_fd(int fd, struct transcript_counts *c)
{
	struct scan s = {.c = c, .block_verb = -1};
	struct buf b = BUF_INIT;
	size_t start = 0;
	int r = 0;
	bool too_long = false;
	for (;;) {
		if (start > 0) {
			memmove(b.data, b.data + start, b.len - start);
			buf_truncate(&b, b.len - start);
			start = 0;
		}
		buf_reserve(&b, 1 << 20);
		ssize_t got = read(fd, b.data + b.len, 1 << 20);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			r = -1;
			break;
		}
		b.len += (size_t)got;
		b.data[b.len] = '\0';
		char *nl;
		while ((nl = memchr(b.data + start, '\n', b.len - start))) {
			if (too_long)
				c->malformed_lines++, too_long = false;
			else
				scan_line(&s, b.data + start, (size_t)(nl - b.data) - start);
			start = (size_t)(nl - b.data) + 1;
		}
		if (got == 0) {
			if (too_long)
				c->malformed_lines++;
			else if (start < b.len)
				scan_line(&s, b.data + start, b.len - start);
			break;
		}
		if (b.len - start > LINE_MAX_BYTES) {
			too_long = true;
			start = b.len;
		}
	}
	for (size_t i = 0; i < s.n; i++)
		free(s.p[i].id);
	free(s.p);
	buf_release(&b);
	if (r == 0)
		c->sessions++;
	return r;
}
