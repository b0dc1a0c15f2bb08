/* What Python refuses to compile and tree-sitter-python accepts (shape.h): its grammar takes any
 * indentation and a block with no statement, and it has no notion of scope. Indentation is
 * judged on the text, as CPython's tokenizer does; the rest on the tree. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "../alloc.h"
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
 * base is the file line before s's first, for the line why names. */
static bool indentation_ok(const char *s, size_t len, long base, long *line, char *why, size_t why_size)
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

/* The reason Python refuses node n in context ctx, or NULL. */
static const char *scope_rule(TSNode n, unsigned ctx)
{
	const char *t = ts_node_type(n);
	if (!strcmp(t, "return_statement"))
		return ctx & PY_FUNC ? NULL : "'return' outside function";
	if (!strcmp(t, "yield"))
		return ctx & PY_FUNC ? NULL : "'yield' outside function";
	if (!strcmp(t, "await"))
		return ctx & PY_ASYNC  ? NULL
		       : ctx & PY_FUNC ? "'await' outside async function"
				       : "'await' outside function";
	if (!strcmp(t, "break_statement"))
		return ctx & PY_LOOP ? NULL : "'break' outside loop";
	if (!strcmp(t, "continue_statement"))
		return ctx & PY_LOOP ? NULL : "'continue' not properly in loop";
	if ((!strcmp(t, "for_statement") || !strcmp(t, "with_statement")) && starts_async(n) &&
	    !(ctx & PY_ASYNC))
		return t[0] == 'f' ? "'async for' outside async function"
				   : "'async with' outside async function";
	return NULL;
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

/* One walk of the tree with the context of each depth: the first node Python would refuse. */
static bool scopes_ok(const TSTree *tree, long *row, const char **why)
{
	TSTreeCursor c = ts_tree_cursor_new(ts_tree_root_node(tree));
	unsigned *inner = NULL;
	bool *loop = NULL;
	size_t cap = 0, depth = 0;
	bool ok = true;
	for (;;) {
		TSNode n = ts_tree_cursor_current_node(&c);
		unsigned ctx = depth ? inner[depth - 1] : 0;
		if (depth && loop[depth - 1]) {
			const char *field = ts_tree_cursor_current_field_name(&c);
			if (field && !strcmp(field, "body"))
				ctx |= PY_LOOP;
		}
		const char *r = ts_node_is_named(n) ? scope_rule(n, ctx) : NULL;
		if (r) {
			*row = (long)ts_node_start_point(n).row;
			*why = r;
			ok = false;
			break;
		}
		XGROW(inner, cap, depth + 1);
		loop = xrealloc(loop, cap * sizeof *loop);
		inner[depth] = inner_context(n, ctx);
		loop[depth] = type_is(n, "for_statement") || type_is(n, "while_statement");
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
	free(inner);
	free(loop);
	return ok;
}

bool shape_python_compiles(const struct shape_side *side, long *line, char *why, size_t why_size)
{
	const char *r = NULL;
	long l = 0, row = 0;
	if (!indentation_ok(side->data, side->len, side->row0, &l, why, why_size)) {
		*line = side->row0 + l;
		return false;
	}
	if (scopes_ok(side->tree, &row, &r))
		return true;
	*line = side->row0 + row + 1;
	snprintf(why, why_size, "%s", r);
	return false;
}
