#include "lexical.h"

#include <string.h>
#include <tree_sitter/api.h>

#include "../alloc.h"
#include "chunk.h"
#include "lang.h"

/* A parse of data, or of the top-level items around some lines of it: rows of the tree count
 * from row_base, bytes from base. */
struct lex_tree {
	TSParser *parser;
	TSTree *tree;
	size_t base;
	long row_base;
};

/* Byte offset of 1-based line n of data[0..len) (len when it has fewer lines). */
static size_t line_offset(const char *data, size_t len, long n)
{
	size_t at = 0;
	for (long l = 1; l < n; l++) {
		const char *nl = memchr(data + at, '\n', len - at);
		if (!nl)
			return len;
		at = (size_t)(nl - data) + 1;
	}
	return at;
}

static long rows_before(const char *data, size_t at)
{
	long n = 0;
	for (const char *s = data, *end = data + at; (s = memchr(s, '\n', (size_t)(end - s))); s++)
		n++;
	return n;
}

static TSTree *parse_span(TSParser *p, const char *data, size_t a, size_t b)
{
	/* tree-sitter's lengths are 32-bit; no file over LIMIT_PARSER_MAX_BYTES is loaded (opts_parse). */
	return ts_parser_parse_string(p, NULL, data + a, (uint32_t)(b - a));
}

/* A YAML line that starts a top-level entry: text at column 0, no comment. Nothing inside an
 * entry starts so (a block scalar's lines are deeper than its key). */
static bool yaml_top(const char *data, size_t len, size_t at)
{
	return at < len && data[at] != ' ' && data[at] != '\t' && data[at] != '\n' && data[at] != '\r' &&
	       data[at] != '#';
}

/* The top-level YAML entries around bytes [a, b): [*s, *e). */
static void yaml_items(const char *data, size_t len, size_t a, size_t b, size_t *s, size_t *e)
{
	*s = chunk_line_start(data, a);
	while (*s && !yaml_top(data, len, *s))
		*s = chunk_line_start(data, *s - 1);
	const char *nl = memchr(data + b, '\n', len - b);
	*e = nl ? (size_t)(nl - data) + 1 : len;
	while (*e < len && !yaml_top(data, len, *e)) {
		nl = memchr(data + *e, '\n', len - *e);
		*e = nl ? (size_t)(nl - data) + 1 : len;
	}
}

/* Parses the items around bytes [a, b) of data when they are under half of it and parse without
 * error alone (as edit's structural check does), else the whole text. */
static bool lex_parse(const struct lang *lang, const char *data, size_t len, size_t a, size_t b,
		      struct lex_tree *t)
{
	t->parser = ts_parser_new();
	ts_parser_set_language(t->parser, lang->grammar());
	t->base = 0;
	t->row_base = 0;
	if (lang->chunkable || lang->id == L_YAML) {
		size_t s, e;
		if (lang->chunkable)
			s = chunk_item_start(data, len, a), e = chunk_item_end(data, len, b);
		else
			yaml_items(data, len, a, b, &s, &e);
		if ((e - s) * 2 < len) {
			t->tree = parse_span(t->parser, data, s, e);
			if (t->tree && !ts_node_has_error(ts_tree_root_node(t->tree))) {
				t->base = s;
				t->row_base = rows_before(data, s);
				return true;
			}
			ts_tree_delete(t->tree);
		}
	}
	t->tree = parse_span(t->parser, data, 0, len);
	return t->tree != NULL;
}

static void lex_release(struct lex_tree *t)
{
	ts_tree_delete(t->tree);
	ts_parser_delete(t->parser);
}

/* The kind of a node of this type: the literal forms whose lines keep their bytes, or move
 * together. */
static enum lex_kind literal_kind(enum lang_id id, const char *type)
{
	switch (id) {
	case L_YAML: return !strcmp(type, "block_scalar") ? LEX_SHIFT : LEX_CODE;
	case L_MARKDOWN:
		return !strcmp(type, "fenced_code_block") || !strcmp(type, "indented_code_block") ? LEX_SHIFT
												  : LEX_CODE;
	case L_JSON: return LEX_CODE;
	default:
		/* string, raw_string_literal, template_string, text blocks, heredoc_redirect,
		 * heredoc_body, nowdoc: every grammar's literal spelled so */
		return strstr(type, "string") || strstr(type, "heredoc") || strstr(type, "nowdoc") ? LEX_KEEP
												   : LEX_CODE;
	}
}

/* Marks the lines of [first, last] (1-based, starting at line_at[i]) that the literal node holds. */
static bool mark_literal(TSNode node, enum lex_kind kind, const struct lex_tree *t, const size_t *line_at,
			 long first, long last, struct lex_line *out)
{
	size_t s = t->base + ts_node_start_byte(node), e = t->base + ts_node_end_byte(node);
	long open = t->row_base + (long)ts_node_start_point(node).row + 1;
	bool whole = !strcmp(ts_node_type(node), "indented_code_block");
	bool any = false;
	for (long l = open < first ? first : open; l <= last; l++) {
		size_t at = line_at[l - first];
		if (at >= e)
			break;
		if (at <= s && !(whole && l == open))
			continue; /* a line starting where the literal does is not inside it */
		out[l - first] = (struct lex_line){(unsigned char)kind, s < at ? open : 0};
		any = true;
	}
	return any;
}

/* Walks the nodes over bytes [a, b), marking the lines inside the outermost literals. */
static bool walk(const struct lex_tree *t, enum lang_id id, size_t a, size_t b, const size_t *line_at,
		 long first, long last, struct lex_line *out)
{
	bool any = false;
	TSTreeCursor c = ts_tree_cursor_new(ts_tree_root_node(t->tree));
	for (;;) {
		TSNode node = ts_tree_cursor_current_node(&c);
		size_t s = t->base + ts_node_start_byte(node), e = t->base + ts_node_end_byte(node);
		bool over = s < b && e > a;
		enum lex_kind kind = over ? literal_kind(id, ts_node_type(node)) : LEX_CODE;
		if (kind != LEX_CODE)
			any |= mark_literal(node, kind, t, line_at, first, last, out);
		else if (over && ts_tree_cursor_goto_first_child(&c))
			continue;
		while (!ts_tree_cursor_goto_next_sibling(&c))
			if (!ts_tree_cursor_goto_parent(&c))
				goto done;
	}
done:
	ts_tree_cursor_delete(&c);
	return any;
}

bool lexical_lines(const char *path, const char *data, size_t len, long first, long last,
		   struct lex_line *out)
{
	for (long l = first; l <= last; l++)
		out[l - first] = (struct lex_line){LEX_CODE, 0};
	const struct lang *lang = lang_for_path(path);
	if (!lang || last < first)
		return false;
	size_t *line_at = xmalloc((size_t)(last - first + 1) * sizeof *line_at);
	line_at[0] = line_offset(data, len, first);
	for (long l = first + 1; l <= last; l++) {
		size_t p = line_at[l - first - 1];
		const char *nl = memchr(data + p, '\n', len - p);
		line_at[l - first] = nl ? (size_t)(nl - data) + 1 : len;
	}
	size_t a = line_at[0], b = line_at[last - first];
	const char *nl = memchr(data + b, '\n', len - b);
	b = nl ? (size_t)(nl - data) : len;
	struct lex_tree t;
	bool any = false;
	if (lex_parse(lang, data, len, a, b, &t))
		any = walk(&t, lang->id, a, b > a ? b : a + 1, line_at, first, last, out);
	lex_release(&t);
	free(line_at);
	return any;
}

static bool only_blank(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
			return false;
	return true;
}

static int indent_width(const char *s, size_t n)
{
	int w = 0;
	for (size_t i = 0; i < n && (s[i] == ' ' || s[i] == '\t'); i++)
		w = s[i] == '\t' ? (w / 4 + 1) * 4 : w + 1;
	return w;
}

/* The comment node holding byte p, when it is the only thing on its lines and starts at width w:
 * its first line's offset in *top. */
static bool comment_alone(const struct lex_tree *t, const char *data, size_t len, size_t p, int w,
			  size_t *top)
{
	TSNode node = ts_node_descendant_for_byte_range(ts_tree_root_node(t->tree), (uint32_t)(p - t->base),
							(uint32_t)(p - t->base + 1));
	while (!ts_node_is_null(node) && !strstr(ts_node_type(node), "comment"))
		node = ts_node_parent(node);
	if (ts_node_is_null(node))
		return false;
	size_t s = t->base + ts_node_start_byte(node), e = t->base + ts_node_end_byte(node);
	if (e > s && data[e - 1] == '\n')
		e--; /* a line comment that holds its newline */
	size_t ls = chunk_line_start(data, s);
	const char *nl = memchr(data + e, '\n', len - e);
	size_t le = nl ? (size_t)(nl - data) : len;
	if (!only_blank(data + ls, s - ls) || !only_blank(data + e, le - e) ||
	    indent_width(data + ls, s - ls) != w)
		return false;
	*top = ls;
	return true;
}

/* The comment at [first, end) must keep its place: a "#!" line or a coding cookie on the first
 * two lines, which mean something only there. */
static bool pinned(const char *data, size_t first, size_t end)
{
	if (rows_before(data, first) >= 2)
		return false;
	return (end - first >= 2 && !memcmp(data + first, "#!", 2)) ||
	       memmem(data + first, end - first, "coding:", 7) ||
	       memmem(data + first, end - first, "coding=", 7);
}

long lexical_comment_above(const char *path, const char *data, size_t len, long line)
{
	const struct lang *lang = lang_for_path(path);
	if (!lang || line <= 1)
		return line;
	size_t at = line_offset(data, len, line);
	const char *nl = memchr(data + at, '\n', len - at);
	int w = indent_width(data + at, (nl ? (size_t)(nl - data) : len) - at);
	struct lex_tree t;
	long top = line;
	if (lex_parse(lang, data, len, chunk_line_start(data, at ? at - 1 : 0), at, &t)) {
		/* each step: the line above top, when a comment alone ends on it */
		while (at > t.base) {
			size_t ls = chunk_line_start(data, at - 1), p = ls;
			while (p < at && (data[p] == ' ' || data[p] == '\t'))
				p++;
			size_t first;
			if (p >= at - 1 || data[p] == '\r' || !comment_alone(&t, data, len, p, w, &first) ||
			    pinned(data, first, at))
				break;
			at = first;
			top = rows_before(data, first) + 1;
		}
	}
	lex_release(&t);
	return top;
}
