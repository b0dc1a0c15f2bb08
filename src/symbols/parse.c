#include "parse.h"

#include <string.h>
#include <tree_sitter/api.h>

#include "../alloc.h"
#include "lang.h"

struct parse {
	TSParser *parser;
	TSTree *tree;
	char *data; /* owned copy of the bytes tree was parsed from */
	size_t len;
};

bool parse_has_grammar(const char *path)
{
	return lang_for_path(path) != NULL;
}

static TSTree *parse_bytes(TSParser *parser, const TSTree *old, const char *data, size_t len)
{
	/* tree-sitter's lengths are 32-bit; lets never loads a file that large (--max-file-bytes). */
	return ts_parser_parse_string(parser, old, data, (uint32_t)len);
}

struct parse *parse_new(const char *path, const char *data, size_t len)
{
	const struct lang *lang = lang_for_path(path);
	if (!lang)
		return NULL;
	struct parse *p = xcalloc(1, sizeof *p);
	p->parser = ts_parser_new();
	ts_parser_set_language(p->parser, lang->grammar());
	p->data = xmalloc(len + 1);
	memcpy(p->data, data, len);
	p->data[len] = '\0';
	p->len = len;
	p->tree = parse_bytes(p->parser, NULL, p->data, p->len);
	return p;
}

static TSPoint point_at(const char *data, size_t byte)
{
	TSPoint pt = {0, 0};
	size_t line_start = 0;
	for (const char *s = data, *end = data + byte; (s = memchr(s, '\n', (size_t)(end - s))); s++) {
		pt.row++;
		line_start = (size_t)(s - data) + 1;
	}
	pt.column = (uint32_t)(byte - line_start);
	return pt;
}

void parse_update(struct parse *p, const char *data, size_t len)
{
	size_t pre = 0, min = p->len < len ? p->len : len;
	while (pre < min && p->data[pre] == data[pre])
		pre++;
	size_t suf = 0;
	while (suf < min - pre && p->data[p->len - 1 - suf] == data[len - 1 - suf])
		suf++;
	if (pre == len && len == p->len)
		return; /* same bytes: the tree stands */
	TSInputEdit e = {
		.start_byte = (uint32_t)pre,
		.old_end_byte = (uint32_t)(p->len - suf),
		.new_end_byte = (uint32_t)(len - suf),
		.start_point = point_at(p->data, pre),
		.old_end_point = point_at(p->data, p->len - suf),
		.new_end_point = point_at(data, len - suf),
	};
	ts_tree_edit(p->tree, &e);
	char *copy = xmalloc(len + 1);
	memcpy(copy, data, len);
	copy[len] = '\0';
	TSTree *tree = parse_bytes(p->parser, p->tree, copy, len);
	ts_tree_delete(p->tree);
	free(p->data);
	p->tree = tree;
	p->data = copy;
	p->len = len;
}

/* Visits only subtrees that hold an error (ts_node_has_error), so a clean file costs one check. */
static int count_errors(const TSTree *tree, long *lines, size_t cap)
{
	TSNode root = ts_tree_root_node(tree);
	if (!ts_node_has_error(root))
		return 0;
	int n = 0;
	TSTreeCursor c = ts_tree_cursor_new(root);
	for (;;) {
		TSNode node = ts_tree_cursor_current_node(&c);
		if (ts_node_is_error(node) || ts_node_is_missing(node)) {
			if ((size_t)n < cap)
				lines[n] = (long)ts_node_start_point(node).row + 1;
			n++;
		}
		if (ts_node_has_error(node) && ts_tree_cursor_goto_first_child(&c))
			continue;
		while (!ts_tree_cursor_goto_next_sibling(&c))
			if (!ts_tree_cursor_goto_parent(&c))
				goto done;
	}
done:
	ts_tree_cursor_delete(&c);
	return n;
}

int parse_errors(const struct parse *p, long *first_line)
{
	long line = 0;
	int n = count_errors(p->tree, &line, 1);
	if (first_line)
		*first_line = n ? line : 0;
	return n;
}

int parse_error_lines(const struct parse *p, long *lines, size_t cap)
{
	return count_errors(p->tree, lines, cap);
}

void parse_free(struct parse *p)
{
	if (!p)
		return;
	ts_tree_delete(p->tree);
	ts_parser_delete(p->parser);
	free(p->data);
	free(p);
}

int syntax_errors(const char *path, const char *data, size_t len, long *first_error_line)
{
	struct parse *p = parse_new(path, data, len);
	if (!p)
		return -1;
	int n = parse_errors(p, first_error_line);
	parse_free(p);
	return n;
}
