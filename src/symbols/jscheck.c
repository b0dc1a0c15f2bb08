/* What a JavaScript or TypeScript compiler refuses and tree-sitter accepts (shape.h): its
 * grammar has no notion of scope. The early errors an edit most often makes: a `break` or
 * `continue` with no loop around it, a `return` outside a function in a module, and a name
 * declared twice in one block where one of the two is a let, const or class (a copied line).
 * Only the certain cases: a var in a nested block, labels and duplicate functions are let be. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "lang.h"
#include "shape.h"

enum { JS_FUNC = 1, JS_LOOP = 2, JS_SWITCH = 4, JS_ASYNC = 8 };
enum decl_kind { D_LEX, D_FUNC, D_VAR, D_PARAM };

struct decl {
	uint32_t start, len; /* the name's bytes */
	enum decl_kind kind;
};

struct scope {
	size_t depth; /* of the node that opened it */
	size_t first; /* its declarations: decls[first..] */
	bool function_body; /* a function's own block: its functions are var-like, twice is fine */
};

struct jswalk {
	const char *data;
	bool module; /* a top-level return is an error */
	struct decl *decls;
	size_t n_decls, cap_decls;
	struct scope *scopes;
	size_t n_scopes, cap_scopes;
	struct decl *exports; /* the names the module exports (kind unused) */
	size_t n_exports, cap_exports;
	char *why;
	size_t why_size;
	long row; /* of the refused node; -1 while none is */
};

static bool type_is(TSNode n, const char *t)
{
	return !ts_node_is_null(n) && !strcmp(ts_node_type(n), t);
}

static bool function_like(TSNode n)
{
	static const char *const types[] = {"function_declaration",
					    "function_expression",
					    "function",
					    "arrow_function",
					    "method_definition",
					    "generator_function",
					    "generator_function_declaration",
					    NULL};
	for (const char *const *t = types; *t; t++)
		if (type_is(n, *t))
			return true;
	return false;
}

static bool refuse(struct jswalk *w, TSNode n, const char *why)
{
	snprintf(w->why, w->why_size, "%s", why);
	w->row = (long)ts_node_start_point(n).row;
	return false;
}

/* Whether two declarations of one name in one block are an error: when either is lexical, or,
 * in a module, two functions outside a function's own block (lexical there too). */
static bool clash(const struct jswalk *w, const struct scope *in, enum decl_kind a, enum decl_kind b)
{
	if (a == D_LEX || b == D_LEX)
		return true;
	return a == D_FUNC && b == D_FUNC && w->module && !in->function_body;
}

/* Adds name to the innermost block; false (refused) when that block already declares it and
 * the two clash. */
static bool declare(struct jswalk *w, TSNode name, enum decl_kind kind)
{
	if (!w->n_scopes || ts_node_is_null(name))
		return true;
	struct decl d = {ts_node_start_byte(name), ts_node_end_byte(name) - ts_node_start_byte(name), kind};
	for (size_t i = w->scopes[w->n_scopes - 1].first; i < w->n_decls; i++) {
		const struct decl *o = &w->decls[i];
		if (o->len != d.len || memcmp(w->data + o->start, w->data + d.start, d.len) ||
		    !clash(w, &w->scopes[w->n_scopes - 1], o->kind, kind))
			continue;
		int len = d.len > 40 ? 40 : (int)d.len;
		snprintf(w->why, w->why_size, "Identifier '%.*s' has already been declared", len,
			 w->data + d.start);
		w->row = (long)ts_node_start_point(name).row;
		return false;
	}
	XGROW(w->decls, w->cap_decls, w->n_decls + 1);
	w->decls[w->n_decls++] = d;
	return true;
}

/* Declares every name a binding pattern binds (not its default values). */
static bool declare_pattern(struct jswalk *w, TSNode p, enum decl_kind kind, int guard)
{
	if (ts_node_is_null(p) || guard > 64)
		return true;
	if (type_is(p, "identifier") || type_is(p, "shorthand_property_identifier_pattern"))
		return declare(w, p, kind);
	if (type_is(p, "pair_pattern"))
		return declare_pattern(w, ts_node_child_by_field_name(p, "value", 5), kind, guard + 1);
	if (type_is(p, "assignment_pattern") || type_is(p, "object_assignment_pattern"))
		return declare_pattern(w, ts_node_child_by_field_name(p, "left", 4), kind, guard + 1);
	if (type_is(p, "required_parameter") || type_is(p, "optional_parameter"))
		return declare_pattern(w, ts_node_child_by_field_name(p, "pattern", 7), kind, guard + 1);
	if (!type_is(p, "object_pattern") && !type_is(p, "array_pattern") && !type_is(p, "rest_pattern"))
		return true;
	for (uint32_t i = 0, nc = ts_node_named_child_count(p); i < nc; i++)
		if (!declare_pattern(w, ts_node_named_child(p, i), kind, guard + 1))
			return false;
	return true;
}

/* The names n itself declares in the innermost block. */
static bool declarations(struct jswalk *w, TSNode n)
{
	bool lex = type_is(n, "lexical_declaration");
	if (lex || type_is(n, "variable_declaration")) {
		for (uint32_t i = 0, nc = ts_node_named_child_count(n); i < nc; i++) {
			TSNode d = ts_node_named_child(n, i);
			if (type_is(d, "variable_declarator") &&
			    !declare_pattern(w, ts_node_child_by_field_name(d, "name", 4),
					     lex ? D_LEX : D_VAR, 0))
				return false;
		}
		return true;
	}
	if (type_is(n, "class_declaration"))
		return declare(w, ts_node_child_by_field_name(n, "name", 4), D_LEX);
	if (type_is(n, "function_declaration") || type_is(n, "generator_function_declaration"))
		return declare(w, ts_node_child_by_field_name(n, "name", 4), D_FUNC);
	if (type_is(n, "import_clause") || type_is(n, "namespace_import") || type_is(n, "named_imports")) {
		for (uint32_t i = 0, nc = ts_node_named_child_count(n); i < nc; i++) {
			TSNode c = ts_node_named_child(n, i);
			if (type_is(c, "import_specifier")) {
				TSNode alias = ts_node_child_by_field_name(c, "alias", 5);
				c = ts_node_is_null(alias) ? ts_node_child_by_field_name(c, "name", 4)
							   : alias;
			}
			if (type_is(c, "identifier") && !declare(w, c, D_LEX))
				return false;
		}
	}
	return true;
}

/* Opens a block's scope; a function body or a catch block starts with the parameters. */
static bool open_scope(struct jswalk *w, TSNode n, TSNode parent, size_t depth)
{
	XGROW(w->scopes, w->cap_scopes, w->n_scopes + 1);
	bool body = type_is(n, "statement_block") && function_like(parent);
	w->scopes[w->n_scopes++] = (struct scope){depth, w->n_decls, body};
	if (!type_is(n, "statement_block") || ts_node_is_null(parent))
		return true;
	if (body) {
		TSNode one = ts_node_child_by_field_name(parent, "parameter", 9);
		if (!ts_node_is_null(one))
			return declare(w, one, D_PARAM);
		TSNode ps = ts_node_child_by_field_name(parent, "parameters", 10);
		for (uint32_t i = 0, nc = ts_node_is_null(ps) ? 0 : ts_node_named_child_count(ps); i < nc;
		     i++)
			if (!declare_pattern(w, ts_node_named_child(ps, i), D_PARAM, 0))
				return false;
	} else if (type_is(parent, "catch_clause")) {
		return declare_pattern(w, ts_node_child_by_field_name(parent, "parameter", 9), D_PARAM, 0);
	}
	return true;
}

static bool is_scope(TSNode n)
{
	return type_is(n, "program") || type_is(n, "statement_block") || type_is(n, "switch_body") ||
	       type_is(n, "for_statement") || type_is(n, "class_static_block");
}

static bool has_label(TSNode n)
{
	return !ts_node_is_null(ts_node_child_by_field_name(n, "label", 5));
}

/* Records an exported name; false (refused) when the module exports it already. */
static bool export_name(struct jswalk *w, TSNode name)
{
	if (ts_node_is_null(name))
		return true;
	struct decl d = {ts_node_start_byte(name), ts_node_end_byte(name) - ts_node_start_byte(name), D_LEX};
	for (size_t i = 0; i < w->n_exports; i++) {
		const struct decl *o = &w->exports[i];
		if (o->len == d.len && !memcmp(w->data + o->start, w->data + d.start, d.len)) {
			int len = d.len > 40 ? 40 : (int)d.len;
			snprintf(w->why, w->why_size, "Duplicate export of '%.*s'", len, w->data + d.start);
			w->row = (long)ts_node_start_point(name).row;
			return false;
		}
	}
	XGROW(w->exports, w->cap_exports, w->n_exports + 1);
	w->exports[w->n_exports++] = d;
	return true;
}

/* Every identifier a binding pattern binds, exported. */
static bool export_pattern(struct jswalk *w, TSNode p, int guard)
{
	if (ts_node_is_null(p) || guard > 64)
		return true;
	if (type_is(p, "identifier") || type_is(p, "shorthand_property_identifier_pattern"))
		return export_name(w, p);
	if (type_is(p, "pair_pattern"))
		return export_pattern(w, ts_node_child_by_field_name(p, "value", 5), guard + 1);
	if (type_is(p, "assignment_pattern") || type_is(p, "object_assignment_pattern"))
		return export_pattern(w, ts_node_child_by_field_name(p, "left", 4), guard + 1);
	if (!type_is(p, "object_pattern") && !type_is(p, "array_pattern") && !type_is(p, "rest_pattern"))
		return true;
	for (uint32_t i = 0, nc = ts_node_named_child_count(p); i < nc; i++)
		if (!export_pattern(w, ts_node_named_child(p, i), guard + 1))
			return false;
	return true;
}

/* The names a top-level export statement exports: its list's (the alias when there is one), its
 * declaration's, "default". A TypeScript `export type` exports no value. */
static bool exports(struct jswalk *w, TSNode n)
{
	for (uint32_t i = 0, nc = ts_node_child_count(n); i < nc; i++) {
		TSNode c = ts_node_child(n, i);
		if (type_is(c, "type"))
			return true;
		if (type_is(c, "default") && !export_name(w, c))
			return false;
		if (type_is(c, "namespace_export") && !export_name(w, ts_node_named_child(c, 0)))
			return false;
		for (uint32_t k = 0, nk = type_is(c, "export_clause") ? ts_node_named_child_count(c) : 0;
		     k < nk; k++) {
			TSNode spec = ts_node_named_child(c, k),
			       alias = ts_node_child_by_field_name(spec, "alias", 5);
			if (!export_name(w, ts_node_is_null(alias)
						    ? ts_node_child_by_field_name(spec, "name", 4)
						    : alias))
				return false;
		}
	}
	TSNode d = ts_node_child_by_field_name(n, "declaration", 11);
	if (type_is(d, "lexical_declaration") || type_is(d, "variable_declaration")) {
		for (uint32_t i = 0, nc = ts_node_named_child_count(d); i < nc; i++)
			if (!export_pattern(
				    w, ts_node_child_by_field_name(ts_node_named_child(d, i), "name", 4), 0))
				return false;
		return true;
	}
	if (type_is(d, "function_declaration") || type_is(d, "class_declaration") ||
	    type_is(d, "generator_function_declaration"))
		return export_name(w, ts_node_child_by_field_name(d, "name", 4));
	return true;
}

static bool two_defaults(TSNode n)
{
	int k = 0;
	for (uint32_t i = 0, nc = ts_node_named_child_count(n); i < nc && k < 2; i++)
		k += type_is(ts_node_named_child(n, i), "switch_default");
	return k == 2;
}

/* An import or export statement outside the top level: the program's, or (TypeScript) a
 * namespace's or an ambient module's block. */
static bool nested_module_item(TSNode n, TSNode parent, TSNode grand)
{
	if (!type_is(n, "import_statement") && !type_is(n, "export_statement"))
		return false;
	return !type_is(parent, "program") &&
	       !(type_is(parent, "statement_block") &&
		 (type_is(grand, "internal_module") || type_is(grand, "module")));
}

/* The rules of node n (under parent and grand) in context ctx; false when it is refused. */
static bool node_ok(struct jswalk *w, TSNode n, TSNode parent, TSNode grand, unsigned ctx)
{
	if (type_is(n, "break_statement") && !has_label(n) && !(ctx & (JS_LOOP | JS_SWITCH)))
		return refuse(w, n, "Illegal break statement");
	if (type_is(n, "continue_statement") && !has_label(n) && !(ctx & JS_LOOP))
		return refuse(w, n, "Illegal continue statement: no surrounding iteration statement");
	if (type_is(n, "return_statement") && !(ctx & JS_FUNC) && w->module)
		return refuse(w, n, "Illegal return statement");
	if (type_is(n, "await_expression") && ((ctx & JS_FUNC) ? !(ctx & JS_ASYNC) : !w->module))
		return refuse(w, n, "'await' outside an async function");
	if (type_is(n, "export_statement") && type_is(parent, "program") && !exports(w, n))
		return false;
	if (type_is(n, "switch_body") && two_defaults(n))
		return refuse(w, n, "More than one default clause in switch statement");
	if (nested_module_item(n, parent, grand))
		return refuse(w, n,
			      type_is(n, "import_statement")
				      ? "an import statement is only valid at the top level"
				      : "an export statement is only valid at the top level");
	return declarations(w, n);
}

/* A function written `async`: the keyword is one of its own tokens, before its body. */
static bool is_async(TSNode n)
{
	for (uint32_t i = 0, nc = ts_node_child_count(n); i < nc && i < 4; i++)
		if (type_is(ts_node_child(n, i), "async"))
			return true;
	return false;
}

static unsigned inner_context(TSNode n, unsigned ctx)
{
	if (function_like(n))
		return JS_FUNC | (is_async(n) ? JS_ASYNC : 0);
	if (type_is(n, "class_static_block"))
		return 0;
	if (type_is(n, "for_statement") || type_is(n, "for_in_statement") || type_is(n, "while_statement") ||
	    type_is(n, "do_statement"))
		return ctx | JS_LOOP;
	if (type_is(n, "switch_statement"))
		return ctx | JS_SWITCH;
	return ctx;
}

/* 2 for the node types the rules read, else 1 (the walk passes those by). */
static unsigned js_interesting(const char *t)
{
	static const char *const types[] = {"break_statement",
					    "continue_statement",
					    "return_statement",
					    "lexical_declaration",
					    "variable_declaration",
					    "class_declaration",
					    "function_declaration",
					    "generator_function_declaration",
					    "import_clause",
					    "namespace_import",
					    "named_imports",
					    "program",
					    "statement_block",
					    "switch_body",
					    "for_statement",
					    "class_static_block",
					    "function_expression",
					    "function",
					    "arrow_function",
					    "method_definition",
					    "generator_function",
					    "for_in_statement",
					    "while_statement",
					    "do_statement",
					    "switch_statement",
					    "await_expression",
					    "import_statement",
					    "export_statement",
					    NULL};
	for (const char *const *p = types; *p; p++)
		if (!strcmp(*p, t))
			return 2;
	return 1;
}

/* The identifier at s (ASCII letters, digits, _ and $; a non-ASCII byte counts as a letter). */
static size_t ident_len(const char *s, const char *end)
{
	size_t n = 0;
	while (s + n < end &&
	       (((unsigned char)s[n] >= 0x80) || s[n] == '_' || s[n] == '$' || (s[n] >= '0' && s[n] <= '9') ||
		((s[n] | 0x20) >= 'a' && (s[n] | 0x20) <= 'z')))
		n++;
	return n;
}

/* Past word and the spaces after it at *s, when *s starts with it. */
static bool skip_word(const char **s, const char *end, const char *word)
{
	size_t n = strlen(word);
	if ((size_t)(end - *s) <= n || memcmp(*s, word, n) || ident_len(*s + n, end))
		return false;
	for (*s += n; *s < end && (**s == ' ' || **s == '\t');)
		(*s)++;
	return true;
}

/* A top-level declaration line outside the parsed region, read from its text (top-level items
 * start at column 0 where a region is cut): its name at *name and kind, or false. Destructuring
 * and multi-line imports are not read. */
static bool outside_decl(const char *s, const char *end, const char **name, size_t *len, enum decl_kind *kind)
{
	skip_word(&s, end, "export");
	skip_word(&s, end, "default");
	skip_word(&s, end, "declare");
	if (skip_word(&s, end, "const") || skip_word(&s, end, "let") || skip_word(&s, end, "class"))
		*kind = D_LEX;
	else if (skip_word(&s, end, "var"))
		*kind = D_VAR;
	else if ((skip_word(&s, end, "async"), skip_word(&s, end, "function")))
		*kind = D_FUNC;
	else if (skip_word(&s, end, "import") && !skip_word(&s, end, "type"))
		*kind = D_LEX;
	else
		return false;
	*name = s;
	*len = ident_len(s, end);
	return *len > 0;
}

/* The names an export line outside the parsed region exports, read from its text: `export {a, b
 * as c}` on one line, `export const|let|var|function|class x`, `export default`. Calls found
 * with each; stops and returns true when it does. */
static bool outside_exports(const char *s, const char *end, struct jswalk *w,
			    bool (*found)(struct jswalk *w, const char *name, size_t len))
{
	if (!skip_word(&s, end, "export") || skip_word(&s, end, "type"))
		return false;
	if (s < end && *s == '{') {
		const char *close = memchr(s, '}', (size_t)(end - s));
		for (s++; close && s < close;) {
			const char *comma = memchr(s, ',', (size_t)(close - s)),
				   *item_end = comma ? comma : close;
			while (s < item_end && (*s == ' ' || *s == '\t'))
				s++;
			const char *name = s;
			size_t len = ident_len(s, item_end);
			const char *as = name + len;
			while (as < item_end && *as == ' ')
				as++;
			if (skip_word(&as, item_end, "as"))
				name = as, len = ident_len(as, item_end);
			if (len && found(w, name, len))
				return true;
			s = item_end + 1;
		}
		return false;
	}
	if (skip_word(&s, end, "default"))
		return found(w, "default", 7);
	if (skip_word(&s, end, "const") || skip_word(&s, end, "let") || skip_word(&s, end, "var") ||
	    skip_word(&s, end, "class") || (skip_word(&s, end, "async"), skip_word(&s, end, "function")) ||
	    (skip_word(&s, end, "*"), skip_word(&s, end, "as"))) {
		size_t len = ident_len(s, end);
		return len && found(w, s, len);
	}
	return false;
}

/* outside_exports' callback: whether the region exports name too (the message then says so). */
static bool exported_twice(struct jswalk *w, const char *name, size_t len)
{
	for (size_t i = 0; i < w->n_exports; i++) {
		const struct decl *d = &w->exports[i];
		if (d->len == len && !memcmp(w->data + d->start, name, len)) {
			int shown = len > 40 ? 40 : (int)len;
			snprintf(w->why, w->why_size, "Duplicate export of '%.*s'", shown, name);
			w->row = (long)d->start; /* a byte offset until the caller counts its line */
			return true;
		}
	}
	return false;
}

/* Whether the region's top-level names (decls[a..b)) meet a declaration outside it, in the file
 * bytes outside [start, end): an `import x`, `const x` ... at column 0. */
static bool outside_conflict(struct jswalk *w, size_t a, size_t b, const char *file, size_t file_len,
			     size_t start, size_t end)
{
	for (const char *s = file, *fend = file + file_len; s < fend;) {
		const char *nl = memchr(s, '\n', (size_t)(fend - s)), *e = nl ? nl : fend;
		size_t off = (size_t)(s - file);
		const char *name;
		size_t len;
		enum decl_kind kind;
		if ((off < start || off >= end) && outside_exports(s, e, w, exported_twice))
			return true;
		if ((off < start || off >= end) && outside_decl(s, e, &name, &len, &kind)) {
			for (size_t i = a; i < b; i++) {
				const struct decl *d = &w->decls[i];
				if (d->len == len && !memcmp(w->data + d->start, name, len) &&
				    clash(w, &w->scopes[0], d->kind, kind)) {
					int shown = len > 40 ? 40 : (int)len;
					snprintf(w->why, w->why_size,
						 "Identifier '%.*s' has already been declared", shown, name);
					w->row =
						(long)d->start; /* a byte offset until the caller counts its line */
					return true;
				}
			}
		}
		s = e + 1;
	}
	return false;
}

bool shape_js_compiles(const struct shape_side *side, const struct js_file *file, long *line, char *why,
		       size_t why_size)
{
	struct jswalk w = {
		.data = side->data, .module = file->module, .why = why, .why_size = why_size, .row = -1};
	TSTreeCursor c = ts_tree_cursor_new(ts_tree_root_node(side->tree));
	unsigned *inner = NULL;
	TSNode *path = NULL;
	size_t cap = 0, cap_path = 0, depth = 0;
	bool ok = true;
	struct shape_syms syms;
	shape_syms_init(&syms, side->tree, js_interesting);
	for (;;) {
		TSNode n = ts_tree_cursor_current_node(&c);
		while (w.n_scopes && w.scopes[w.n_scopes - 1].depth >= depth)
			w.n_decls = w.scopes[--w.n_scopes].first;
		unsigned ctx = depth ? inner[depth - 1] : 0;
		TSNode none = {0}, parent = depth ? path[depth - 1] : none,
		       grand = depth > 1 ? path[depth - 2] : none;
		bool rules = shape_syms_get(&syms, n) == 2;
		if (rules && ((is_scope(n) && !open_scope(&w, n, parent, depth)) ||
			      !node_ok(&w, n, parent, grand, ctx))) {
			ok = false;
			break;
		}
		XGROW(inner, cap, depth + 1);
		XGROW(path, cap_path, depth + 1);
		inner[depth] = rules ? inner_context(n, ctx) : ctx;
		path[depth] = n;
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
	if (ok && w.n_scopes && file->region_len < file->len) {
		size_t top_end = w.n_scopes > 1 ? w.scopes[1].first : w.n_decls;
		if (outside_conflict(&w, w.scopes[0].first, top_end, file->data, file->len,
				     file->region_start, file->region_start + file->region_len)) {
			ok = false;
			long row = 0;
			for (const char *p = side->data, *e = side->data + w.row;
			     (p = memchr(p, '\n', (size_t)(e - p))); p++)
				row++;
			w.row = row;
		}
	}
	free(inner);
	free(path);
	free(w.decls);
	free(w.scopes);
	free(w.exports);
	if (!ok)
		*line = side->row0 + w.row + 1;
	return ok;
}

/* A line starting "import" or "export" followed by a space, "{", "*" or a quote. */
static bool module_line(const char *s, const char *end)
{
	size_t n = (size_t)(end - s);
	if (n < 7 || (memcmp(s, "import", 6) && memcmp(s, "export", 6)))
		return false;
	return strchr(" {*\"'", s[6]) != NULL;
}

bool shape_js_module(const char *path, const char *data, size_t len)
{
	const struct lang *lang = lang_for_path(path);
	const char *ext = lang_extension(path);
	if (lang && lang->id != L_JAVASCRIPT)
		return strcasecmp(ext, ".cts") != 0; /* TypeScript refuses a top-level return anywhere */
	if (!strcasecmp(ext, ".mjs"))
		return true;
	if (!strcasecmp(ext, ".cjs"))
		return false;
	for (const char *s = data, *end = data + len; s < end;) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		const char *e = nl ? nl : end;
		if (module_line(s, e))
			return true;
		s = e + 1;
	}
	return false;
}
