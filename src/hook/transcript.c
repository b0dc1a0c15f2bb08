#include "transcript.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../alloc.h"
#include "../buf.h"
#include "../utf8.h"
#include "../verbs.h"
#include "cmdline.h"

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
	const struct verb *block_verb; /* the verb the last hook block suggested, NULL when none is open */
};

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

/* ---- one line: a validating JSON walk that keeps only the fields the counts need, as spans of
 * the raw line. jansson would build (and decode) every transcript string; this keeps the scan
 * at memory speed. */

struct raw_string {
	const char *p; /* inside the quotes, still escaped; NULL when absent */
	size_t n;
};

#define PARTS_MAX 64

struct item {
	struct raw_string type, id, name, tool_use_id, command, text[PARTS_MAX];
	size_t parts;
};

enum ctx { C_OTHER, C_ROOT, C_MESSAGE, C_CONTENT, C_ITEM, C_INPUT, C_RESULT, C_PART };

struct walker {
	const char *s, *end;
	int depth;
	bool bad;
	struct item *item; /* the content item being walked */
	struct item *items; /* the content items walked, counted once the whole line is valid */
	size_t n, cap;
};

static void ws(struct walker *w)
{
	while (w->s < w->end && (*w->s == ' ' || *w->s == '\t' || *w->s == '\r' || *w->s == '\n'))
		w->s++;
}

static int hexval(char c)
{
	return c >= '0' && c <= '9'   ? c - '0'
	       : c >= 'a' && c <= 'f' ? c - 'a' + 10
	       : c >= 'A' && c <= 'F' ? c - 'A' + 10
				      : -1;
}

/* A string at w->s (the opening quote): validated, its raw inside returned. */
static struct raw_string string(struct walker *w)
{
	struct raw_string sp = {NULL, 0};
	const char *p = ++w->s;
	for (;;) {
		while (p < w->end && *p != '"' && *p != '\\' && (unsigned char)*p >= 0x20)
			p++;
		if (p >= w->end || (unsigned char)*p < 0x20) {
			w->bad = true;
			return sp;
		}
		if (*p == '"')
			break;
		if (p + 1 >= w->end) {
			w->bad = true;
			return sp;
		}
		if (p[1] == 'u') {
			if (p + 6 > w->end || hexval(p[2]) < 0 || hexval(p[3]) < 0 || hexval(p[4]) < 0 ||
			    hexval(p[5]) < 0) {
				w->bad = true;
				return sp;
			}
			p += 6;
		} else if (strchr("\"\\/bfnrt", p[1]) && p[1]) {
			p += 2;
		} else {
			w->bad = true;
			return sp;
		}
	}
	sp.p = w->s;
	sp.n = (size_t)(p - w->s);
	w->s = p + 1;
	return sp;
}

static void value(struct walker *w, enum ctx c);

static bool literal(struct walker *w)
{
	static const char *const words[] = {"true", "false", "null"};
	for (size_t i = 0; i < 3; i++) {
		size_t n = strlen(words[i]);
		if ((size_t)(w->end - w->s) >= n && !memcmp(w->s, words[i], n)) {
			w->s += n;
			return true;
		}
	}
	return false;
}

static void number(struct walker *w)
{
	const char *p = w->s;
	if (p < w->end && *p == '-')
		p++;
	if (p >= w->end || *p < '0' || *p > '9') {
		w->bad = true;
		return;
	}
	if (*p == '0')
		p++;
	else
		while (p < w->end && *p >= '0' && *p <= '9')
			p++;
	if (p < w->end && *p == '.') {
		const char *d = ++p;
		while (p < w->end && *p >= '0' && *p <= '9')
			p++;
		w->bad = w->bad || p == d;
	}
	if (p < w->end && (*p == 'e' || *p == 'E')) {
		p++;
		if (p < w->end && (*p == '+' || *p == '-'))
			p++;
		const char *d = p;
		while (p < w->end && *p >= '0' && *p <= '9')
			p++;
		w->bad = w->bad || p == d;
	}
	w->s = p;
}

static bool span_is(struct raw_string sp, const char *lit)
{
	size_t n = strlen(lit);
	return sp.p && sp.n == n && !memcmp(sp.p, lit, n);
}

/* What a member's value is, given the container and the key. */
static enum ctx member_ctx(struct walker *w, enum ctx c, struct raw_string key, struct raw_string **capture)
{
	*capture = NULL;
	struct item *it = w->item;
	switch (c) {
	case C_ROOT: return span_is(key, "message") ? C_MESSAGE : C_OTHER;
	case C_MESSAGE: return span_is(key, "content") ? C_CONTENT : C_OTHER;
	case C_ITEM:
		if (span_is(key, "type"))
			*capture = &it->type;
		else if (span_is(key, "id"))
			*capture = &it->id;
		else if (span_is(key, "name"))
			*capture = &it->name;
		else if (span_is(key, "tool_use_id"))
			*capture = &it->tool_use_id;
		return span_is(key, "input") ? C_INPUT : span_is(key, "content") ? C_RESULT : C_OTHER;
	case C_INPUT:
		if (span_is(key, "command"))
			*capture = &it->command;
		return C_OTHER;
	case C_PART:
		if (span_is(key, "text") && it->parts < PARTS_MAX)
			*capture = &it->text[it->parts++];
		return C_OTHER;
	default: return C_OTHER;
	}
}

static void object(struct walker *w, enum ctx c)
{
	w->s++;
	ws(w);
	if (w->s < w->end && *w->s == '}') {
		w->s++;
		return;
	}
	while (!w->bad) {
		if (w->s >= w->end || *w->s != '"') {
			w->bad = true;
			return;
		}
		struct raw_string key = string(w), *capture;
		ws(w);
		if (w->bad || w->s >= w->end || *w->s != ':') {
			w->bad = true;
			return;
		}
		w->s++;
		ws(w);
		enum ctx vc = member_ctx(w, c, key, &capture);
		if (capture && w->s < w->end && *w->s == '"')
			*capture = string(w);
		else
			value(w, vc);
		ws(w);
		if (w->s < w->end && *w->s == ',') {
			w->s++;
			ws(w);
		} else if (w->s < w->end && *w->s == '}') {
			w->s++;
			return;
		} else {
			w->bad = true;
		}
	}
}

static void array(struct walker *w, enum ctx c)
{
	w->s++;
	ws(w);
	if (w->s < w->end && *w->s == ']') {
		w->s++;
		return;
	}
	while (!w->bad) {
		if (c == C_CONTENT) {
			struct item it;
			memset(&it, 0, sizeof(it));
			struct item *outer = w->item;
			w->item = &it;
			value(w, C_ITEM);
			w->item = outer;
			if (!w->bad) {
				XGROW(w->items, w->cap, w->n + 1);
				w->items[w->n++] = it;
			}
		} else {
			value(w, c == C_RESULT ? C_PART : C_OTHER);
		}
		ws(w);
		if (w->s < w->end && *w->s == ',') {
			w->s++;
			ws(w);
		} else if (w->s < w->end && *w->s == ']') {
			w->s++;
			return;
		} else {
			w->bad = true;
		}
	}
}

static void value(struct walker *w, enum ctx c)
{
	if (w->s >= w->end || ++w->depth > 512) {
		w->bad = true;
		return;
	}
	char ch = *w->s;
	bool wanted_object = c == C_ROOT || c == C_MESSAGE || c == C_ITEM || c == C_INPUT || c == C_PART;
	if (ch == '{')
		object(w, wanted_object ? c : C_OTHER);
	else if (ch == '[')
		array(w, c == C_CONTENT || c == C_RESULT ? c : C_OTHER);
	else if (ch == '"') {
		struct raw_string sp = string(w);
		if (c == C_RESULT && w->item && w->item->parts < PARTS_MAX)
			w->item->text[w->item->parts++] = sp;
	} else if (ch == '-' || (ch >= '0' && ch <= '9'))
		number(w);
	else if (!literal(w))
		w->bad = true;
	w->depth--;
}

/* ---- decoding the few spans that are read */

static void put_utf8(struct buf *b, unsigned cp)
{
	if (cp < 0x80) {
		buf_addc(b, (char)cp);
	} else if (cp < 0x800) {
		buf_addc(b, (char)(0xC0 | cp >> 6));
		buf_addc(b, (char)(0x80 | (cp & 0x3F)));
	} else if (cp < 0x10000) {
		buf_addc(b, (char)(0xE0 | cp >> 12));
		buf_addc(b, (char)(0x80 | ((cp >> 6) & 0x3F)));
		buf_addc(b, (char)(0x80 | (cp & 0x3F)));
	} else {
		buf_addc(b, (char)(0xF0 | cp >> 18));
		buf_addc(b, (char)(0x80 | ((cp >> 12) & 0x3F)));
		buf_addc(b, (char)(0x80 | ((cp >> 6) & 0x3F)));
		buf_addc(b, (char)(0x80 | (cp & 0x3F)));
	}
}

static unsigned hex4(const char *p)
{
	return (unsigned)(hexval(p[0]) << 12 | hexval(p[1]) << 8 | hexval(p[2]) << 4 | hexval(p[3]));
}

/* Decodes a validated span; with out NULL only counts the decoded bytes. */
static size_t decode(struct raw_string sp, struct buf *out)
{
	size_t n = 0;
	struct buf scratch = BUF_INIT;
	struct buf *b = out ? out : &scratch;
	for (size_t i = 0; i < sp.n;) {
		const char *esc = memchr(sp.p + i, '\\', sp.n - i);
		size_t plain = esc ? (size_t)(esc - sp.p) - i : sp.n - i;
		if (out)
			buf_add(out, sp.p + i, plain);
		n += plain;
		i += plain;
		if (i >= sp.n)
			break;
		size_t before = b->len;
		char e = sp.p[i + 1];
		if (e != 'u') {
			buf_addc(b, e == 'n'   ? '\n'
				    : e == 't' ? '\t'
				    : e == 'r' ? '\r'
				    : e == 'b' ? '\b'
				    : e == 'f' ? '\f'
					       : e);
			i += 2;
		} else {
			unsigned cp = hex4(sp.p + i + 2);
			i += 6;
			if (cp >= 0xD800 && cp < 0xDC00 && i + 6 <= sp.n && sp.p[i] == '\\' &&
			    sp.p[i + 1] == 'u') {
				unsigned lo = hex4(sp.p + i + 2);
				if (lo >= 0xDC00 && lo < 0xE000) {
					cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
					i += 6;
				}
			}
			put_utf8(b, cp >= 0xD800 && cp < 0xE000 ? 0xFFFD : cp);
		}
		n += b->len - before;
		if (!out)
			buf_truncate(b, 0);
	}
	buf_release(&scratch);
	return n;
}

/* Appends the lets calls of the command line in a validated span to calls. */
static void span_calls(struct raw_string sp, struct cmdline_calls *calls)
{
	struct buf b = BUF_INIT;
	decode(sp, &b);
	cmdline_lets_calls(buf_str(&b), b.len, calls);
	buf_release(&b);
}

/* Counts every lets call of a Bash command; a hook block is followed when one of them runs the
 * verb it suggested. */
static void count_calls(struct scan *s, struct raw_string command)
{
	struct cmdline_calls calls = CMDLINE_CALLS_INIT;
	bool followed = false;
	if (command.p)
		span_calls(command, &calls);
	for (size_t i = 0; i < calls.n; i++) {
		followed = followed || calls.v[i].verb == s->block_verb;
		if (!(calls.v[i].verb->needs & VERB_COUNTED))
			continue;
		if (!s->c->lets_calls)
			s->c->lets_calls = xcalloc(verb_count, sizeof(*s->c->lets_calls));
		s->c->lets_calls[calls.v[i].verb - verb_table]++;
		if (calls.v[i].targets > 1)
			s->c->calls_saved += calls.v[i].targets - 1;
	}
	if (s->block_verb && followed)
		s->c->blocks_followed++;
	s->block_verb = NULL;
	cmdline_calls_release(&calls);
}

static void on_tool_use(struct scan *s, const struct item *it)
{
	struct buf id = BUF_INIT;
	if (it->id.p)
		decode(it->id, &id);
	if (span_is(it->name, "Read")) {
		s->c->read_calls++;
		if (it->id.p)
			pending_add(s, buf_str(&id), TOOL_READ);
	} else if (span_is(it->name, "Bash")) {
		s->c->bash_calls++;
		if (it->id.p)
			pending_add(s, buf_str(&id), TOOL_BASH);
		count_calls(s, it->command);
	}
	buf_release(&id);
}

/* The verb a hook denial suggests: the first lets call on a line of the result text starting
 * "run: ". In the raw span a line starts at the span's start or after a \n escape. */
static const struct verb *block_suggestion(struct raw_string sp)
{
	for (const char *p = sp.p, *end = sp.p + sp.n; p && p < end;) {
		p = memmem(p, (size_t)(end - p), "run: ", 5);
		if (!p)
			break;
		if (p == sp.p || (p - sp.p >= 2 && p[-2] == '\\' && p[-1] == 'n')) {
			const char *q = p + 5, *stop = memmem(q, (size_t)(end - q), "\\n", 2);
			struct cmdline_calls calls = CMDLINE_CALLS_INIT;
			span_calls((struct raw_string){q, (size_t)((stop ? stop : end) - q)}, &calls);
			const struct verb *v = calls.n ? calls.v[0].verb : NULL;
			cmdline_calls_release(&calls);
			if (v)
				return v;
		}
		p += 5;
	}
	return NULL;
}

static void on_tool_result(struct scan *s, const struct item *it)
{
	struct buf id = BUF_INIT;
	decode(it->tool_use_id, &id);
	int tool = pending_take(s, buf_str(&id));
	buf_release(&id);
	for (size_t i = 0; tool >= 0 && i < it->parts; i++) {
		if (!it->text[i].p)
			continue;
		if (tool == TOOL_READ) {
			s->c->read_bytes += (long)decode(it->text[i], NULL);
		} else {
			const struct verb *verb = block_suggestion(it->text[i]);
			if (verb) {
				s->c->hook_blocks++;
				s->block_verb = verb;
				break;
			}
		}
	}
}

static void on_item(struct scan *s, const struct item *it)
{
	if (span_is(it->type, "tool_use"))
		on_tool_use(s, it);
	else if (span_is(it->type, "tool_result") && it->tool_use_id.p)
		on_tool_result(s, it);
}

/* Counts are taken only from a line that is valid JSON: the walk records what it sees into a
 * copy of the state and keeps it only when the whole line parsed. */
static void scan_line(struct scan *s, const char *line, size_t len)
{
	if (utf8_blank(line, len))
		return;
	if (!utf8_valid(line, len)) {
		s->c->non_utf8_lines++;
		return;
	}
	struct walker w = {.s = line, .end = line + len};
	ws(&w);
	if (w.s < w.end && *w.s == '{')
		value(&w, C_ROOT);
	else
		w.bad = true;
	ws(&w);
	if (w.bad || w.s != w.end)
		s->c->malformed_lines++;
	for (size_t i = 0; i < w.n && !w.bad && w.s == w.end; i++)
		on_item(s, &w.items[i]);
	free(w.items);
}

int transcript_scan_fd(int fd, struct transcript_counts *c)
{
	struct scan s = {.c = c};
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

void transcript_counts_release(struct transcript_counts *c)
{
	free(c->lets_calls);
	c->lets_calls = NULL;
}
