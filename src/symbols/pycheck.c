/* What Python refuses to compile and tree-sitter-python accepts (shape.h): its grammar takes any
 * indentation and a block with no statement, and it has no notion of scope. Indentation is
 * judged on the text, as CPython's tokenizer does; the rest on the tree. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "../alloc.h"
#include <stdlib.h>
#include "shape.h"

/* CPython's tokenizer: a tab advances the column to the next multiple of 8, and in the
 * alternate column by 1, so a mix that reads differently at tab width 1 is a TabError. */
#define PY_INDENT_MAX 100

struct pylex {
	const char *s, *end;
	long line; /* 1-based, of the text */
	int depth; /* open brackets */
	char quote; /* inside a string: its quote character, else 0 */
	bool triple;
	bool continued; /* the last line ended in a backslash outside a string */
	bool colon; /* the last logical line's last token was ':' */
	long colon_line;
	int cols[PY_INDENT_MAX], alts[PY_INDENT_MAX], n;
};

/* Scans one physical line's tokens from p (past its indentation), tracking strings and brackets;
 * returns the start of the next line. *last is the last significant character outside a string
 * and a comment, or 0. */
static const char *lex_line(struct pylex *x, const char *p, char *last)
{
	x->continued = false;
	for (; p < x->end && *p != '\n'; p++) {
		char c = *p;
		if (x->quote) {
			if (c == '\\' && p + 1 < x->end && p[1] != '\n')
				p++;
			else if (c == '\\')
				x->continued = true; /* an escaped newline continues the string */
			else if (c == x->quote &&
				 (!x->triple || (x->end - p >= 3 && p[1] == c && p[2] == c))) {
				p += x->triple ? 2 : 0;
				x->quote = 0;
				*last = c;
			}
			continue;
		}
		if (c == '#') {
			while (p < x->end && *p != '\n')
				p++;
			break;
		}
		if (c == '\'' || c == '"') {
			x->quote = c;
			x->triple = x->end - p >= 3 && p[1] == c && p[2] == c;
			p += x->triple ? 2 : 0;
			continue;
		}
		if (c == '\\' && (p + 1 == x->end || p[1] == '\n' ||
				  (p[1] == '\r' && (p + 2 == x->end || p[2] == '\n')))) {
			x->continued = true;
			continue;
		}
		if (strchr("([{", c))
			x->depth++;
		else if (strchr(")]}", c) && x->depth)
			x->depth--;
		if (c != ' ' && c != '\t' && c != '\r' && c != '\f')
			*last = c;
	}
	/* a single-quoted string does not run past its line (tree-sitter already calls that an error) */
	if (x->quote && !x->triple && !x->continued)
		x->quote = 0;
	return p < x->end ? p + 1 : p;
}

/* The indentation rules for a logical line starting at column col (alternate column alt).
 * Returns NULL when it is fine, else the reason CPython gives. */
static const char *indent_line(struct pylex *x, int col, int alt)
{
	int top = x->n ? x->cols[x->n - 1] : 0, atop = x->n ? x->alts[x->n - 1] : 0;
	if (col > top) {
		if (!x->colon)
			return "unexpected indent";
		if (alt <= atop)
			return "inconsistent use of tabs and spaces in indentation";
		if (x->n == PY_INDENT_MAX)
			return "too many levels of indentation";
		x->cols[x->n] = col;
		x->alts[x->n++] = alt;
		return NULL;
	}
	if (x->colon)
		return "expected an indented block";
	while (x->n && col < x->cols[x->n - 1])
		x->n--;
	top = x->n ? x->cols[x->n - 1] : 0;
	atop = x->n ? x->alts[x->n - 1] : 0;
	if (col != top)
		return "unindent does not match any outer indentation level";
	if (alt != atop)
		return "inconsistent use of tabs and spaces in indentation";
	return NULL;
}

/* The indentation of every logical line, as CPython's tokenizer checks it; blank lines and lines
 * holding only a comment do not count. On a failure *line is the 1-based line of s it shows on;
 * base is the file line before s's first, for the line why names. starts[row] is set for each
 * row (0-based, of s) that starts a logical line of code. */
static bool indentation_ok(const char *s, size_t len, long base, unsigned char *starts, long *line, char *why,
			   size_t why_size)
{
	struct pylex x = {.s = s, .end = s + len, .line = 1};
	for (const char *p = s; p < x.end; x.line++) {
		bool logical = !x.depth && !x.quote && !x.continued;
		int col = 0, alt = 0;
		const char *q = p;
		for (; logical && q < x.end; q++) {
			if (*q == ' ')
				col++, alt++;
			else if (*q == '\t')
				col = (col / 8 + 1) * 8, alt++;
			else if (*q == '\f')
				col = alt = 0;
			else
				break;
		}
		bool code = logical && q < x.end && !strchr("\n#", *q) &&
			    !(*q == '\r' && (q + 1 == x.end || q[1] == '\n'));
		const char *r = code ? indent_line(&x, col, alt) : NULL;
		if (code)
			starts[x.line - 1] = 1;
		if (r) {
			*line = x.line;
			if (!strncmp(r, "expected", 8))
				snprintf(why, why_size, "%s after line %ld", r, base + x.colon_line);
			else
				snprintf(why, why_size, "%s", r);
			return false;
		}
		char last = 0;
		p = lex_line(&x, q, &last);
		/* a logical line's last token decides whether a block must follow */
		if (last && (code || !logical)) {
			x.colon = last == ':';
			if (x.colon)
				x.colon_line = x.line;
		}
	}
	if (x.colon) {
		*line = x.line - 1;
		snprintf(why, why_size, "expected an indented block after line %ld", base + x.colon_line);
		return false;
	}
	return true;
}

enum { PY_FUNC = 1, PY_ASYNC = 2, PY_LOOP = 4 };

static bool type_is(TSNode n, const char *t)
{
	return !strcmp(ts_node_type(n), t);
}

static bool starts_async(TSNode n)
{
	return ts_node_child_count(n) && type_is(ts_node_child(n, 0), "async");
}

/* A parameter's or keyword argument's name node, or a null node. */
static TSNode param_name(TSNode n)
{
	for (int guard = 0; guard < 8 && !ts_node_is_null(n); guard++) {
		if (type_is(n, "identifier"))
			return n;
		TSNode name = ts_node_child_by_field_name(n, "name", 4);
		n = ts_node_is_null(name) ? ts_node_named_child(n, 0) : name;
	}
	TSNode none = {0};
	return none;
}

#define NAMES_MAX 512 /* a longer list is not compared (quadratic) */

/* The first name two of n's children give twice (parameters, keyword arguments), or a null node. */
static TSNode repeated_name(TSNode n, const char *data, bool keywords)
{
	TSNode none = {0}, found = none, *kids, *names;
	size_t nk = shape_named_children(n, &kids), k = 0;
	if (nk > NAMES_MAX) {
		free(kids);
		return none;
	}
	names = xmalloc((nk ? nk : 1) * sizeof *names);
	for (size_t i = 0; i < nk && ts_node_is_null(found); i++) {
		TSNode name = keywords && !type_is(kids[i], "keyword_argument") ? none : param_name(kids[i]);
		if (ts_node_is_null(name))
			continue;
		uint32_t a = ts_node_start_byte(name), len = ts_node_end_byte(name) - a;
		for (size_t j = 0; j < k && ts_node_is_null(found); j++) {
			uint32_t b = ts_node_start_byte(names[j]);
			if (ts_node_end_byte(names[j]) - b == len && !memcmp(data + a, data + b, len))
				found = name;
		}
		names[k++] = name;
	}
	free(names);
	free(kids);
	return found;
}

/* A try with neither an except nor a finally clause. */
static bool try_without_handler(TSNode n)
{
	TSNode *kids;
	size_t nk = shape_named_children(n, &kids);
	bool none = true;
	for (size_t i = 0; i < nk && none; i++)
		none = !type_is(kids[i], "except_clause") && !type_is(kids[i], "except_group_clause") &&
		       !type_is(kids[i], "finally_clause");
	free(kids);
	return none;
}

/* A call's arguments out of Python's order — a positional one after a keyword one or after
 * **unpacking, or *unpacking after **unpacking — as CPython words it, else NULL. */
static const char *argument_order(TSNode args)
{
	TSNode *kids;
	size_t nk = shape_named_children(args, &kids);
	bool keyword = false, dict_splat = false;
	const char *r = NULL;
	for (size_t i = 0; i < nk && !r; i++) {
		TSNode k = kids[i];
		if (type_is(k, "comment"))
			continue;
		if (type_is(k, "keyword_argument"))
			keyword = true;
		else if (type_is(k, "dictionary_splat"))
			dict_splat = true;
		else if (type_is(k, "list_splat"))
			r = dict_splat ? "iterable argument unpacking follows keyword argument unpacking"
				       : NULL;
		else if (dict_splat)
			r = "positional argument follows keyword argument unpacking";
		else if (keyword)
			r = "positional argument follows keyword argument";
	}
	free(kids);
	return r;
}

/* The reason Python refuses node n (in data) in context ctx, into why; false when it does not. */
static bool scope_rule(TSNode n, const char *data, unsigned ctx, char *why, size_t size)
{
	const char *t = ts_node_type(n), *r = NULL;
	if (!strcmp(t, "return_statement"))
		r = ctx & PY_FUNC ? NULL : "'return' outside function";
	else if (!strcmp(t, "yield"))
		r = ctx & PY_FUNC ? NULL : "'yield' outside function";
	else if (!strcmp(t, "await"))
		r = ctx & PY_ASYNC  ? NULL
		    : ctx & PY_FUNC ? "'await' outside async function"
				    : "'await' outside function";
	else if (!strcmp(t, "break_statement"))
		r = ctx & PY_LOOP ? NULL : "'break' outside loop";
	else if (!strcmp(t, "continue_statement"))
		r = ctx & PY_LOOP ? NULL : "'continue' not properly in loop";
	else if ((!strcmp(t, "for_statement") || !strcmp(t, "with_statement")) && starts_async(n) &&
		 !(ctx & PY_ASYNC))
		r = t[0] == 'f' ? "'async for' outside async function"
				: "'async with' outside async function";
	else if (!strcmp(t, "try_statement") && try_without_handler(n))
		r = "expected 'except' or 'finally' block";
	if (r) {
		snprintf(why, size, "%s", r);
		return true;
	}
	bool keywords = !strcmp(t, "argument_list");
	if (keywords && (r = argument_order(n)) != NULL) {
		snprintf(why, size, "%s", r);
		return true;
	}
	if (!keywords && strcmp(t, "parameters") && strcmp(t, "lambda_parameters"))
		return false;
	TSNode name = repeated_name(n, data, keywords);
	if (ts_node_is_null(name))
		return false;
	int len = (int)(ts_node_end_byte(name) - ts_node_start_byte(name));
	const char *s = data + ts_node_start_byte(name);
	if (keywords)
		snprintf(why, size, "keyword argument repeated: %.*s", len > 40 ? 40 : len, s);
	else
		snprintf(why, size, "duplicate argument '%.*s' in function definition", len > 40 ? 40 : len,
			 s);
	return true;
}

/* An async def's own body (not a def, lambda or class inside it) holds a yield and a return with
 * a value: an async generator may not return one. That return, else a null node. */
static TSNode async_generator_return(TSNode fn)
{
	TSNode none = {0}, ret = none, body = ts_node_child_by_field_name(fn, "body", 4);
	bool yields = false;
	if (ts_node_is_null(body))
		return none;
	TSTreeCursor c = ts_tree_cursor_new(body);
	for (;;) {
		TSNode n = ts_tree_cursor_current_node(&c);
		bool nested = type_is(n, "function_definition") || type_is(n, "lambda") ||
			      type_is(n, "class_definition");
		if (type_is(n, "yield"))
			yields = true;
		else if (type_is(n, "return_statement") && ts_node_named_child_count(n) &&
			 ts_node_is_null(ret))
			ret = n;
		if (yields && !ts_node_is_null(ret))
			break;
		if (!nested && ts_tree_cursor_goto_first_child(&c))
			continue;
		bool up = false;
		while (!ts_tree_cursor_goto_next_sibling(&c))
			if (!ts_tree_cursor_goto_parent(&c) ||
			    ts_node_eq(ts_tree_cursor_current_node(&c), body)) {
				up = true;
				break;
			}
		if (up)
			break;
	}
	ts_tree_cursor_delete(&c);
	return yields ? ret : none;
}

/* `from m import *` (n) inside a def or a class (path[0..depth) around it). */
static bool wildcard_below_module(TSNode n, const TSNode *path, size_t depth)
{
	bool wildcard = false;
	for (uint32_t i = 0, nc = ts_node_named_child_count(n); i < nc && !wildcard; i++)
		wildcard = type_is(ts_node_named_child(n, i), "wildcard_import");
	for (size_t i = 0; wildcard && i < depth; i++)
		if (type_is(path[i], "function_definition") || type_is(path[i], "class_definition"))
			return true;
	return false;
}

/* The context n's children see. */
static unsigned inner_context(TSNode n, unsigned ctx)
{
	if (type_is(n, "function_definition"))
		return PY_FUNC | (starts_async(n) ? PY_ASYNC : 0);
	if (type_is(n, "lambda"))
		return PY_FUNC;
	if (type_is(n, "class_definition"))
		return 0;
	return ctx;
}

static bool text_is(TSNode n, const char *data, const char *s, uint32_t len)
{
	uint32_t a = ts_node_start_byte(n);
	return ts_node_end_byte(n) - a == len && !memcmp(data + a, s, len);
}

/* Whether an identifier under parent (as its field, or NULL) binds its name in the scope. */
static bool binding_position(TSNode parent, const char *field)
{
	static const char *const any[] = {"pattern_list",
					  "tuple_pattern",
					  "list_pattern",
					  "list_splat_pattern",
					  "dictionary_splat_pattern",
					  "parameters",
					  "lambda_parameters",
					  "typed_parameter",
					  "as_pattern_target",
					  "dotted_name",
					  "nonlocal_statement",
					  "global_statement",
					  NULL};
	for (const char *const *t = any; *t; t++)
		if (type_is(parent, *t))
			return true;
	if (!field)
		return false;
	if (!strcmp(field, "left"))
		return type_is(parent, "assignment") || type_is(parent, "augmented_assignment") ||
		       type_is(parent, "for_statement");
	if (!strcmp(field, "name"))
		return type_is(parent, "named_expression") || type_is(parent, "default_parameter") ||
		       type_is(parent, "typed_default_parameter");
	return !strcmp(field, "alias") && type_is(parent, "aliased_import");
}

static bool nested_scope(TSNode n)
{
	return type_is(n, "function_definition") || type_is(n, "class_definition") || type_is(n, "lambda") ||
	       type_is(n, "list_comprehension") || type_is(n, "set_comprehension") ||
	       type_is(n, "dictionary_comprehension") || type_is(n, "generator_expression");
}

/* Whether function f binds the name s[0..len) in its own scope: a parameter, an assignment or
 * for target, an import, an `as` name, a nested def or class, a nonlocal of its own. Generous
 * where unsure: a miss would refuse code that compiles. */
static bool binds(TSNode f, const char *data, const char *s, uint32_t len)
{
	TSTreeCursor c = ts_tree_cursor_new(f);
	TSNode *path = NULL;
	size_t cap = 0, depth = 0;
	bool found = false;
	for (;;) {
		TSNode n = ts_tree_cursor_current_node(&c);
		XGROW(path, cap, depth + 1);
		path[depth] = n;
		bool nested = depth && nested_scope(n);
		if (nested && !type_is(n, "lambda") && !strstr(ts_node_type(n), "comprehension") &&
		    !type_is(n, "generator_expression"))
			found = text_is(ts_node_child_by_field_name(n, "name", 4), data, s, len);
		else if (depth && type_is(n, "identifier") && text_is(n, data, s, len))
			found = binding_position(path[depth - 1], ts_tree_cursor_current_field_name(&c));
		if (found)
			break;
		if (!nested && ts_tree_cursor_goto_first_child(&c)) {
			depth++;
			continue;
		}
		while (depth && !ts_tree_cursor_goto_next_sibling(&c)) {
			ts_tree_cursor_goto_parent(&c);
			depth--;
		}
		if (!depth)
			break;
	}
	ts_tree_cursor_delete(&c);
	free(path);
	return found;
}

/* A nonlocal statement (path[depth]): at module level, or naming what no function around the
 * function or class it is in binds. False with why filled. */
static bool nonlocal_ok(const TSNode *path, size_t depth, const char *data, char *why, size_t size)
{
	size_t own = depth;
	while (own-- > 0 && !type_is(path[own], "function_definition") &&
	       !type_is(path[own], "class_definition"))
		;
	if (own == (size_t)-1) {
		snprintf(why, size, "nonlocal declaration not allowed at module level");
		return false;
	}
	TSNode *kids;
	size_t nk = shape_named_children(path[depth], &kids);
	bool ok = true;
	for (size_t i = 0; ok && i < nk; i++) {
		uint32_t a = ts_node_start_byte(kids[i]), len = ts_node_end_byte(kids[i]) - a;
		ok = false;
		for (size_t k = own; !ok && k-- > 0;)
			ok = type_is(path[k], "function_definition") && binds(path[k], data, data + a, len);
		if (!ok)
			snprintf(why, size, "no binding for nonlocal '%.*s' found", len > 40 ? 40 : (int)len,
				 data + a);
	}
	free(kids);
	return ok;
}

/* A statement that holds no block: tree-sitter lets one run across a newline that Python ends it
 * at (`x:` then an indented `y` reads as the annotation `x: y`). */
static bool simple_statement(TSNode n)
{
	static const char *const types[] = {
		"expression_statement", "return_statement",   "delete_statement",      "raise_statement",
		"pass_statement",       "import_statement",   "import_from_statement", "assert_statement",
		"global_statement",     "nonlocal_statement", "type_alias_statement",  NULL};
	for (const char *const *t = types; *t; t++)
		if (type_is(n, *t))
			return true;
	return false;
}

/* The first row after n's first that starts a logical line of code (logical, rows of them), or 0. */
static long runs_into(TSNode n, const unsigned char *logical, long rows)
{
	TSPoint s = ts_node_start_point(n), e = ts_node_end_point(n);
	long end = e.column == 0 && e.row > s.row ? (long)e.row - 1 : (long)e.row;
	for (long r = (long)s.row + 1; r <= end && r < rows; r++)
		if (logical[r])
			return r;
	return 0;
}

/* 2 for the node types the rules read, else 1 (the walk passes those by). */
static unsigned py_interesting(const char *t)
{
	static const char *const types[] = {"return_statement",
					    "yield",
					    "await",
					    "break_statement",
					    "continue_statement",
					    "for_statement",
					    "with_statement",
					    "try_statement",
					    "argument_list",
					    "parameters",
					    "lambda_parameters",
					    "function_definition",
					    "lambda",
					    "class_definition",
					    "while_statement",
					    "nonlocal_statement",
					    "expression_statement",
					    "delete_statement",
					    "raise_statement",
					    "pass_statement",
					    "import_statement",
					    "import_from_statement",
					    "assert_statement",
					    "global_statement",
					    "type_alias_statement",
					    NULL};
	for (const char *const *p = types; *p; p++)
		if (!strcmp(*p, t))
			return 2;
	return 1;
}

/* One walk of the tree with the context of each depth: the first node Python would refuse. */
static bool scopes_ok(const TSTree *tree, const char *data, const unsigned char *logical, long rows,
		      long base, long *row, char *why, size_t why_size)
{
	TSTreeCursor c = ts_tree_cursor_new(ts_tree_root_node(tree));
	unsigned *inner = NULL;
	bool *loop = NULL;
	TSNode *path = NULL;
	size_t cap = 0, cap_path = 0, depth = 0;
	bool ok = true;
	struct shape_syms syms;
	shape_syms_init(&syms, tree, py_interesting);
	for (;;) {
		TSNode n = ts_tree_cursor_current_node(&c);
		unsigned ctx = depth ? inner[depth - 1] : 0;
		bool rules = shape_syms_get(&syms, n) == 2;
		if (depth && loop[depth - 1]) {
			const char *field = ts_tree_cursor_current_field_name(&c);
			if (field && !strcmp(field, "body"))
				ctx |= PY_LOOP;
		}
		XGROW(path, cap_path, depth + 1);
		path[depth] = n;
		bool judged = rules && !ts_node_has_error(n); /* a node holding a parse error is a guess */
		long into = judged && simple_statement(n) ? runs_into(n, logical, rows) : 0;
		if (into)
			snprintf(why, why_size, "invalid syntax (line %ld starts a new statement)",
				 base + into + 1);
		if (judged && type_is(n, "import_from_statement") && wildcard_below_module(n, path, depth)) {
			snprintf(why, why_size, "import * only allowed at module level");
			*row = (long)ts_node_start_point(n).row;
			ok = false;
			break;
		}
		TSNode ret = judged && type_is(n, "function_definition") && starts_async(n)
				     ? async_generator_return(n)
				     : (TSNode){0};
		if (!ts_node_is_null(ret)) {
			snprintf(why, why_size, "'return' with value in async generator");
			*row = (long)ts_node_start_point(ret).row;
			ok = false;
			break;
		}
		if (judged &&
		    (into || scope_rule(n, data, ctx, why, why_size) ||
		     (type_is(n, "nonlocal_statement") && !nonlocal_ok(path, depth, data, why, why_size)))) {
			*row = (long)ts_node_start_point(n).row;
			ok = false;
			break;
		}
		XGROW(inner, cap, depth + 1);
		loop = xrealloc(loop, cap * sizeof *loop);
		inner[depth] = rules ? inner_context(n, ctx) : ctx;
		loop[depth] = rules && (type_is(n, "for_statement") || type_is(n, "while_statement"));
		if (ts_tree_cursor_goto_first_child(&c)) {
			depth++;
			continue;
		}
		while (!ts_tree_cursor_goto_next_sibling(&c)) {
			if (!ts_tree_cursor_goto_parent(&c))
				goto done;
			depth--;
		}
	}
done:
	ts_tree_cursor_delete(&c);
	shape_syms_release(&syms);
	free(inner);
	free(loop);
	free(path);
	return ok;
}

bool shape_python_compiles(const struct shape_side *side, long *line, char *why, size_t why_size)
{
	long l = 0, row = 0, rows = 1;
	for (const char *p = side->data, *e = side->data + side->len; (p = memchr(p, '\n', (size_t)(e - p)));
	     p++)
		rows++;
	unsigned char *logical = xcalloc((size_t)rows + 1, 1);
	bool ok = indentation_ok(side->data, side->len, side->row0, logical, &l, why, why_size);
	if (!ok)
		*line = side->row0 + l;
	else if (!(ok = scopes_ok(side->tree, side->data, logical, rows, side->row0, &row, why, why_size)))
		*line = side->row0 + row + 1;
	free(logical);
	return ok;
}
