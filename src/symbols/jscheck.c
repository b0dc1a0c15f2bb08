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
struct decl {
	uint32_t start, len; /* the name's bytes */
	enum decl_kind kind;
	uint32_t row;
};

/* A class body the walk is inside: its private names are privs[first..] (the next class's first,
 * or n_privs), sorted by name. */
struct class_names {
	size_t depth; /* of the class body */
	size_t first;
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
	struct decl *locals; /* the local names `export { a as b }` exports (a) */
	size_t n_locals, cap_locals;
	struct decl *all; /* every name declared anywhere, types too: what an export may name */
	size_t n_all, cap_all;
	struct decl *privs; /* the private names (#x) of the class bodies around the node */
	size_t n_privs, cap_privs;
	struct class_names *classes;
	size_t n_classes, cap_classes;
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
	if (a == D_GETTER || a == D_SETTER || b == D_GETTER || b == D_SETTER)
		return a == b || a == D_LEX || b == D_LEX;
	if (a == D_LEX || b == D_LEX)
		return true;
	return a == D_FUNC && b == D_FUNC && w->module && !in->function_body;
}

static struct decl decl_of(TSNode name, enum decl_kind kind)
{
	uint32_t a = ts_node_start_byte(name);
	return (struct decl){a, ts_node_end_byte(name) - a, kind, ts_node_start_point(name).row};
}

/* Adds name to the innermost block; two of one name are compared when the block closes
 * (block_ok), so a block of thousands of names costs a sort, not a scan per name. */
static bool declare(struct jswalk *w, TSNode name, enum decl_kind kind)
{
	if (!w->n_scopes || ts_node_is_null(name))
		return true;
	struct decl d = decl_of(name, kind);
	XGROW(w->decls, w->cap_decls, w->n_decls + 1);
	w->decls[w->n_decls++] = d;
	XGROW(w->all, w->cap_all, w->n_all + 1);
	w->all[w->n_all++] = d;
	return true;
}

/* By name (length, then bytes), then position. */
static int decl_cmp(const void *x, const void *y, void *data)
{
	const struct decl *a = x, *b = y;
	if (a->len != b->len)
		return a->len < b->len ? -1 : 1;
	int c = memcmp((const char *)data + a->start, (const char *)data + b->start, a->len);
	return c ? c : a->start < b->start ? -1 : a->start > b->start;
}

static bool dup_refuse(struct jswalk *w, const struct decl *d, const char *fmt)
{
	int len = d->len > 40 ? 40 : (int)d->len;
	snprintf(w->why, w->why_size, fmt, len, w->data + d->start);
	w->row = (long)d->row;
	return false;
}

/* Sorts v[0..n) by name; false (refused at the later of the two) when two of one name clash
 * (clash_in: the block they are in; NULL: any two do, as exports). */
static bool names_ok(struct jswalk *w, struct decl *v, size_t n, const struct scope *clash_in,
		     const char *fmt)
{
	if (n < 2)
		return true;
	qsort_r(v, n, sizeof *v, decl_cmp, (void *)w->data);
	for (size_t i = 0; i + 1 < n; i++)
		for (size_t j = i + 1; j < n && v[j].len == v[i].len &&
				       !memcmp(w->data + v[j].start, w->data + v[i].start, v[i].len);
		     j++)
			if (!clash_in || clash(w, clash_in, v[i].kind, v[j].kind))
				return dup_refuse(w, &v[j], fmt);
	return true;
}

/* The declarations of scopes[k] (they run to the next scope's first, or the end). */
static bool block_ok(struct jswalk *w, size_t k)
{
	size_t a = w->scopes[k].first, b = k + 1 < w->n_scopes ? w->scopes[k + 1].first : w->n_decls;
	return names_ok(w, w->decls + a, b - a, &w->scopes[k], "Identifier '%.*s' has already been declared");
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
	TSNode *kids;
	size_t nk = shape_named_children(p, &kids);
	bool ok = true;
	for (size_t i = 0; ok && i < nk; i++)
		ok = declare_pattern(w, kids[i], kind, guard + 1);
	free(kids);
	return ok;
}

/* The names n itself declares in the innermost block. */
static bool declarations(struct jswalk *w, TSNode n)
{
	bool lex = type_is(n, "lexical_declaration"), ok = true;
	TSNode *kids;
	if (lex || type_is(n, "variable_declaration")) {
		size_t nk = shape_named_children(n, &kids);
		for (size_t i = 0; ok && i < nk; i++)
			ok = !type_is(kids[i], "variable_declarator") ||
			     declare_pattern(w, ts_node_child_by_field_name(kids[i], "name", 4),
					     lex ? D_LEX : D_VAR, 0);
		free(kids);
		return ok;
	}
	if (type_is(n, "class_declaration"))
		return declare(w, ts_node_child_by_field_name(n, "name", 4), D_LEX);
	if (type_is(n, "function_declaration") || type_is(n, "generator_function_declaration"))
		return declare(w, ts_node_child_by_field_name(n, "name", 4), D_FUNC);
	if (type_is(n, "import_clause") || type_is(n, "namespace_import") || type_is(n, "named_imports")) {
		size_t nk = shape_named_children(n, &kids);
		for (size_t i = 0; ok && i < nk; i++) {
			TSNode c = kids[i];
			if (type_is(c, "import_specifier")) {
				TSNode alias = ts_node_child_by_field_name(c, "alias", 5);
				c = ts_node_is_null(alias) ? ts_node_child_by_field_name(c, "name", 4)
							   : alias;
			}
			ok = !type_is(c, "identifier") || declare(w, c, D_LEX);
		}
		free(kids);
		if (!ok)
			return false;
	}
	if (type_is(n, "interface_declaration") || type_is(n, "type_alias_declaration") ||
	    type_is(n, "enum_declaration") || type_is(n, "internal_module") ||
	    type_is(n, "abstract_class_declaration")) {
		/* TypeScript's declarations that merge: an export may name them, none is twice */
		TSNode name = ts_node_child_by_field_name(n, "name", 4);
		if (!ts_node_is_null(name)) {
			XGROW(w->all, w->cap_all, w->n_all + 1);
			w->all[w->n_all++] = decl_of(name, D_TYPE);
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
		TSNode ps = ts_node_child_by_field_name(parent, "parameters", 10), *kids;
		if (ts_node_is_null(ps))
			return true;
		size_t nk = shape_named_children(ps, &kids);
		bool ok = true;
		for (size_t i = 0; ok && i < nk; i++)
			ok = declare_pattern(w, kids[i], D_PARAM, 0);
		free(kids);
		return ok;
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

/* Records an exported name (two of one name are found once the walk is done). */
static bool export_name(struct jswalk *w, TSNode name)
{
	if (ts_node_is_null(name))
		return true;
	XGROW(w->exports, w->cap_exports, w->n_exports + 1);
	w->exports[w->n_exports++] = decl_of(name, D_LEX);
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
	TSNode *kids;
	size_t nk = shape_named_children(p, &kids);
	bool ok = true;
	for (size_t i = 0; ok && i < nk; i++)
		ok = export_pattern(w, kids[i], guard + 1);
	free(kids);
	return ok;
}

/* The specifiers of an export list: each exported name (the alias when there is one) and, for
 * a list with no `from`, the local name it exports. */
static bool export_list(struct jswalk *w, TSNode list, bool local)
{
	TSNode *kids;
	size_t nk = shape_named_children(list, &kids);
	bool ok = true;
	for (size_t k = 0; ok && k < nk; k++) {
		TSNode alias = ts_node_child_by_field_name(kids[k], "alias", 5),
		       name = ts_node_child_by_field_name(kids[k], "name", 4);
		if (local && type_is(name, "identifier")) {
			XGROW(w->locals, w->cap_locals, w->n_locals + 1);
			w->locals[w->n_locals++] = decl_of(name, D_LEX);
		}
		ok = export_name(w, ts_node_is_null(alias) ? name : alias);
	}
	free(kids);
	return ok;
}

/* The names a top-level export statement exports: its list's, its declaration's, "default". A
 * TypeScript `export type` exports no value. */
static bool exports(struct jswalk *w, TSNode n)
{
	bool local = ts_node_is_null(ts_node_child_by_field_name(n, "source", 6));
	for (uint32_t i = 0, nc = ts_node_child_count(n); i < nc; i++) {
		TSNode c = ts_node_child(n, i);
		if (type_is(c, "type"))
			return true;
		if ((type_is(c, "default") && !export_name(w, c)) ||
		    (type_is(c, "namespace_export") && !export_name(w, ts_node_named_child(c, 0))) ||
		    (type_is(c, "export_clause") && !export_list(w, c, local)))
			return false;
	}
	TSNode d = ts_node_child_by_field_name(n, "declaration", 11), *kids;
	if (type_is(d, "lexical_declaration") || type_is(d, "variable_declaration")) {
		size_t nk = shape_named_children(d, &kids);
		bool ok = true;
		for (size_t i = 0; ok && i < nk; i++)
			ok = export_pattern(w, ts_node_child_by_field_name(kids[i], "name", 4), 0);
		free(kids);
		return ok;
	}
	if (type_is(d, "function_declaration") || type_is(d, "class_declaration") ||
	    type_is(d, "generator_function_declaration"))
		return export_name(w, ts_node_child_by_field_name(d, "name", 4));
	return true;
}

/* Two methods named constructor (not static) in one class body. */
static bool two_constructors(const struct jswalk *w, TSNode body)
{
	TSNode *kids;
	size_t nk = shape_named_children(body, &kids), k = 0;
	for (size_t i = 0; i < nk && k < 2; i++) {
		TSNode name = ts_node_child_by_field_name(kids[i], "name", 4);
		uint32_t a = ts_node_start_byte(name);
		k += type_is(kids[i], "method_definition") && !type_is(ts_node_child(kids[i], 0), "static") &&
		     ts_node_end_byte(name) - a == 11 && !memcmp(w->data + a, "constructor", 11);
	}
	free(kids);
	return k == 2;
}

/* A class member's private name (#x), or a null node: a field's, a method's, an accessor's. */
static TSNode private_name_of(TSNode member)
{
	TSNode none = {0}, name = ts_node_child_by_field_name(member, "name", 4);
	if (ts_node_is_null(name))
		name = ts_node_child_by_field_name(member, "property", 8);
	return !ts_node_is_null(name) && type_is(name, "private_property_identifier") ? name : none;
}

/* D_GETTER or D_SETTER for an accessor (get or set before its name), else D_LEX. */
static enum decl_kind private_kind(TSNode member)
{
	for (uint32_t i = 0, nc = ts_node_child_count(member); i < nc && i < 4; i++) {
		TSNode c = ts_node_child(member, i);
		if (type_is(c, "get"))
			return D_GETTER;
		if (type_is(c, "set"))
			return D_SETTER;
	}
	return D_LEX;
}

/* Enters class body n (at depth): its private names joined to the walk's, sorted; false when it
 * declares one twice (a getter and a setter of one name are one). */
static bool enter_class(struct jswalk *w, TSNode body, size_t depth)
{
	XGROW(w->classes, w->cap_classes, w->n_classes + 1);
	w->classes[w->n_classes++] = (struct class_names){depth, w->n_privs};
	TSNode *kids;
	size_t nk = shape_named_children(body, &kids);
	for (size_t i = 0; i < nk; i++) {
		TSNode name = private_name_of(kids[i]);
		if (ts_node_is_null(name))
			continue;
		XGROW(w->privs, w->cap_privs, w->n_privs + 1);
		w->privs[w->n_privs++] = decl_of(name, private_kind(kids[i]));
	}
	free(kids);
	size_t first = w->classes[w->n_classes - 1].first;
	return names_ok(w, w->privs + first, w->n_privs - first, &(struct scope){0},
			"Identifier '%.*s' has already been declared");
}

/* A private name used (obj.#x, #x in obj) that no class body around it declares. */
static bool private_undeclared(const struct jswalk *w, const struct decl *use, TSNode parent)
{
	if (!type_is(parent, "member_expression") && !type_is(parent, "binary_expression"))
		return false;
	for (size_t k = 0; k < w->n_classes; k++) {
		size_t lo = w->classes[k].first,
		       end = k + 1 < w->n_classes ? w->classes[k + 1].first : w->n_privs, hi = end;
		while (lo < hi) { /* the first name not below use's, in decl_cmp's order */
			size_t mid = lo + (hi - lo) / 2;
			const struct decl *d = &w->privs[mid];
			int c = d->len != use->len
					? (d->len < use->len ? -1 : 1)
					: memcmp(w->data + d->start, w->data + use->start, use->len);
			if (c < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo < end && w->privs[lo].len == use->len &&
		    !memcmp(w->data + w->privs[lo].start, w->data + use->start, use->len))
			return false;
	}
	return true;
}

/* const x; — a const with no value, outside a for head (which tree-sitter reads as no
 * declaration) and with no type (TypeScript's ambient `const x: T;`). */
static TSNode const_without_value(TSNode n)
{
	TSNode none = {0};
	if (!type_is(n, "lexical_declaration") || !type_is(ts_node_child(n, 0), "const"))
		return none;
	TSNode *kids;
	size_t nk = shape_named_children(n, &kids);
	TSNode bare = none;
	for (size_t i = 0; i < nk && ts_node_is_null(bare); i++)
		if (type_is(kids[i], "variable_declarator") &&
		    ts_node_is_null(ts_node_child_by_field_name(kids[i], "value", 5)) &&
		    ts_node_is_null(ts_node_child_by_field_name(kids[i], "type", 4)))
			bare = kids[i];
	free(kids);
	return bare;
}

static bool two_defaults(TSNode n)
{
	TSNode *kids;
	size_t nk = shape_named_children(n, &kids), k = 0;
	for (size_t i = 0; i < nk && k < 2; i++)
		k += type_is(kids[i], "switch_default");
	free(kids);
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

/* An expression statement that starts with `{` (n), as tree-sitter reads one when a block's
 * inside cannot be a block's: JavaScript reads a statement's `{` as a block, always. Only what
 * that block certainly cannot hold is refused: a key after the first member, a first key that is
 * no label (a string, a number, a computed one), a trailing comma. `{ a: 1 }` (a label) and
 * `{ a, b }` (a comma expression) are blocks JavaScript takes. NULL when n is none of these;
 * else V8's words, with *at the token they are about. */
static const char *object_statement(const struct jswalk *w, TSNode n, TSNode *at)
{
	if (w->data[ts_node_start_byte(n)] != '{')
		return NULL;
	TSNode o = ts_node_named_child(n, 0);
	if (!type_is(o, "object") || ts_node_start_byte(o) != ts_node_start_byte(n))
		return NULL;
	uint32_t members = 0, nc = ts_node_child_count(o);
	for (uint32_t i = 0; i < nc; i++) {
		TSNode c = ts_node_child(o, i);
		if (!ts_node_is_named(c) || type_is(c, "comment"))
			continue;
		TSNode key = ts_node_child_by_field_name(c, "key", 3);
		if (type_is(c, "pair") && (members || !type_is(key, "property_identifier"))) {
			*at = key;
			return "Unexpected token ':'";
		}
		members++;
	}
	if (nc >= 2 && type_is(ts_node_child(o, nc - 2), ",")) {
		*at = ts_node_child(o, nc - 1);
		return "Unexpected token '}'";
	}
	return NULL;
}

/* A let, const or class declaration that is a whole `if`, `else`, loop, `with` or label body,
 * with no block around it. */
static bool single_statement_declaration(TSNode n, TSNode parent)
{
	if (!type_is(n, "lexical_declaration") && !type_is(n, "class_declaration"))
		return false;
	if (type_is(parent, "else_clause"))
		return true;
	const char *field = type_is(parent, "if_statement") ? "consequence" : "body";
	if (!type_is(parent, "if_statement") && !type_is(parent, "while_statement") &&
	    !type_is(parent, "do_statement") && !type_is(parent, "for_statement") &&
	    !type_is(parent, "for_in_statement") && !type_is(parent, "with_statement") &&
	    !type_is(parent, "labeled_statement"))
		return false;
	return ts_node_eq(ts_node_child_by_field_name(parent, field, (uint32_t)strlen(field)), n);
}

static unsigned inner_context(TSNode n, unsigned ctx);

/* A labelled break or continue's label among the statements around it (path[0..depth)), not
 * past a function: false when there is none, else true with the labelled statement in *stmt. */
static bool label_found(const struct jswalk *w, TSNode n, const TSNode *path, size_t depth, TSNode *stmt)
{
	TSNode label = ts_node_child_by_field_name(n, "label", 5);
	uint32_t a = ts_node_start_byte(label), len = ts_node_end_byte(label) - a;
	for (size_t i = depth; i-- > 0;) {
		if (function_like(path[i]) || type_is(path[i], "class_static_block"))
			return false;
		TSNode l = ts_node_child_by_field_name(path[i], "label", 5);
		if (type_is(path[i], "labeled_statement") &&
		    ts_node_end_byte(l) - ts_node_start_byte(l) == len &&
		    !memcmp(w->data + ts_node_start_byte(l), w->data + a, len)) {
			*stmt = path[i];
			return true;
		}
	}
	return false;
}

/* A break or continue: with no label, a loop (or, for break, a switch) around it; with one, that
 * label around it, on a loop for continue. */
static bool jump_ok(struct jswalk *w, TSNode n, const TSNode *path, size_t depth, unsigned ctx)
{
	bool brk = type_is(n, "break_statement");
	if (!has_label(n)) {
		if (ctx & (brk ? JS_LOOP | JS_SWITCH : JS_LOOP))
			return true;
		return refuse(w, n,
			      brk ? "Illegal break statement"
				  : "Illegal continue statement: no surrounding iteration statement");
	}
	TSNode stmt;
	if (!label_found(w, n, path, depth, &stmt)) {
		TSNode l = ts_node_child_by_field_name(n, "label", 5);
		int len = (int)(ts_node_end_byte(l) - ts_node_start_byte(l));
		snprintf(w->why, w->why_size, "Undefined label '%.*s'", len > 40 ? 40 : len,
			 w->data + ts_node_start_byte(l));
		w->row = (long)ts_node_start_point(n).row;
		return false;
	}
	TSNode body = ts_node_child_by_field_name(stmt, "body", 4);
	if (!brk && !(inner_context(body, 0) & JS_LOOP))
		return refuse(w, n, "Illegal continue statement: its label is not a loop");
	return true;
}

/* `super` (path[depth]) reaches a method through arrow functions only, or a class field or
 * static block; a call `super()` only a class's constructor. */
static bool super_ok(const struct jswalk *w, const TSNode *path, size_t depth)
{
	bool call = depth && type_is(path[depth - 1], "call_expression");
	for (size_t i = depth; i-- > 0;) {
		TSNode n = path[i];
		if (type_is(n, "method_definition")) {
			TSNode name = ts_node_child_by_field_name(n, "name", 4);
			uint32_t a = ts_node_start_byte(name);
			return !call ||
			       (ts_node_end_byte(name) - a == 11 && !memcmp(w->data + a, "constructor", 11) &&
				i && type_is(path[i - 1], "class_body"));
		}
		if (!call && (type_is(n, "field_definition") || type_is(n, "public_field_definition") ||
			      type_is(n, "class_static_block")))
			return true;
		if (function_like(n) && !type_is(n, "arrow_function"))
			return false;
	}
	return false;
}

/* The rules of node n = path[depth] in context ctx; false when it is refused. */
static bool node_ok(struct jswalk *w, const TSNode *path, size_t depth, unsigned ctx)
{
	TSNode n = path[depth], none = {0}, parent = depth ? path[depth - 1] : none,
	       grand = depth > 1 ? path[depth - 2] : none;
	if (ts_node_has_error(n))
		return true; /* what a node holding a parse error declares or means is a guess */
	if ((type_is(n, "break_statement") || type_is(n, "continue_statement")) &&
	    !jump_ok(w, n, path, depth, ctx))
		return false;
	if (type_is(n, "super") && !super_ok(w, path, depth))
		return refuse(w, n, "'super' keyword unexpected here");
	if (type_is(n, "return_statement") && !(ctx & JS_FUNC) && w->module)
		return refuse(w, n, "Illegal return statement");
	if (type_is(n, "await_expression") && ((ctx & JS_FUNC) ? !(ctx & JS_ASYNC) : !w->module))
		return refuse(w, n, "'await' outside an async function");
	if (type_is(n, "export_statement") && type_is(parent, "program") && !exports(w, n))
		return false;
	if (type_is(n, "try_statement") && ts_node_is_null(ts_node_child_by_field_name(n, "handler", 7)) &&
	    ts_node_is_null(ts_node_child_by_field_name(n, "finalizer", 9)))
		return refuse(w, n, "Missing catch or finally after try");
	if (type_is(n, "class_body") && two_constructors(w, n))
		return refuse(w, n, "A class may only have one constructor");
	if (type_is(n, "switch_body") && two_defaults(n))
		return refuse(w, n, "More than one default clause in switch statement");
	if (type_is(n, "class_body") && !enter_class(w, n, depth))
		return false;
	if (type_is(n, "private_property_identifier")) {
		struct decl use = decl_of(n, D_LEX);
		if (private_undeclared(w, &use, parent))
			return dup_refuse(w, &use,
					  "Private field '%.*s' must be declared in an enclosing class");
	}
	TSNode at = const_without_value(n);
	if (!ts_node_is_null(at))
		return refuse(w, at, "Missing initializer in const declaration");
	const char *why = type_is(n, "expression_statement") ? object_statement(w, n, &at) : NULL;
	if (why)
		return refuse(w, at, why);
	if (single_statement_declaration(n, parent))
		return refuse(w, n,
			      type_is(n, "class_declaration")
				      ? "Unexpected token 'class'"
				      : "Lexical declaration cannot appear in a single-statement context");
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
					    "interface_declaration",
					    "type_alias_declaration",
					    "enum_declaration",
					    "internal_module",
					    "abstract_class_declaration",
					    "super",
					    "try_statement",
					    "class_body",
					    "expression_statement",
					    "private_property_identifier",
					    NULL};
	for (const char *const *p = types; *p; p++)
		if (!strcmp(*p, t))
			return 2;
	return 1;
}

/* Names as the lookups compare them: in one sorted array, by length then bytes. */
static int by_name(const void *x, const void *y)
{
	const struct js_name *a = x, *b = y;
	if (a->len != b->len)
		return a->len < b->len ? -1 : 1;
	return memcmp(a->s, b->s, a->len);
}

static void add_names(struct js_names *v, const struct jswalk *w, const struct decl *d, size_t n,
		      enum js_role role)
{
	for (size_t i = 0; i < n; i++) {
		XGROW(v->v, v->cap, v->n + 1);
		v->v[v->n++] = (struct js_name){w->data + d[i].start, d[i].len, role, d[i].kind};
	}
}

/* The entry of v (sorted, n entries from v->v) named like x, or NULL. */
static const struct js_name *lookup(const struct js_name *v, size_t n, const struct js_name *x)
{
	return n ? bsearch(x, v, n, sizeof *v, by_name) : NULL;
}

/* The line (of the file: 1-based) x's name is on: a region name's through side, another by
 * counting the file's newlines up to it. */
static long name_line(const struct js_name *x, const struct shape_side *side, const struct js_file *file)
{
	const char *from = side->data, *at = x->s;
	long line = side->row0 + 1;
	if (at < side->data || at > side->data + side->len)
		from = file->data, line = 1;
	for (const char *p = from; (p = memchr(p, '\n', (size_t)(at - p))); p++)
		line++;
	return line;
}

static bool finish_refuse(struct jswalk *w, const struct js_name *x, const char *fmt, long *line,
			  const struct shape_side *side, const struct js_file *file)
{
	int shown = x->len > 40 ? 40 : (int)x->len;
	snprintf(w->why, w->why_size, fmt, shown, x->s);
	*line = name_line(x, side, file);
	return false;
}

/* The module-wide rules, once the walk is done: the region's top-level names against the top level
 * outside it (read as text when the parse was partial), two exports of one name, and a local
 * export of a name declared nowhere. False, with *line, when one is broken. */
static bool finish(struct jswalk *w, const struct shape_side *side, const struct js_file *file, long *line)
{
	struct js_names out = {0}, top = {0}, exp = {0}, known = {0};
	size_t top_end = w->n_scopes > 1 ? w->scopes[1].first : w->n_decls;
	if (file->region_len < file->len)
		js_text_names(file->data, file->len, file->region_start,
			      file->region_start + file->region_len, &out);
	add_names(&top, w, w->decls, w->n_scopes ? top_end : 0, JS_DECLARES);
	add_names(&exp, w, w->exports, w->n_exports, JS_EXPORTS);
	add_names(&known, w, w->all, w->n_all, JS_DECLARES);
	for (size_t i = 0; i < out.n; i++) {
		if (out.v[i].role != JS_DECLARES)
			continue;
		XGROW(known.v, known.cap, known.n + 1);
		known.v[known.n++] = out.v[i];
	}
	struct js_names *sorted[] = {&top, &exp, &known};
	for (size_t i = 0; i < 3; i++)
		if (sorted[i]->n > 1)
			qsort(sorted[i]->v, sorted[i]->n, sizeof *sorted[i]->v, by_name);
	bool ok = true;
	for (size_t i = 0; ok && i < out.n; i++) {
		const struct js_name *x = &out.v[i], *m;
		if (x->role == JS_DECLARES && (m = lookup(top.v, top.n, x)) && w->n_scopes &&
		    clash(w, &w->scopes[0], m->kind, x->kind))
			ok = finish_refuse(w, m, "Identifier '%.*s' has already been declared", line, side,
					   file);
		else if (x->role == JS_EXPORTS && (m = lookup(exp.v, exp.n, x)))
			ok = finish_refuse(w, m, "Duplicate export of '%.*s'", line, side, file);
		else if (x->role == JS_EXPORTS_LOCAL && !lookup(known.v, known.n, x))
			ok = finish_refuse(w, x, "Export '%.*s' is not defined in module", line, side, file);
	}
	for (size_t i = 0; ok && i < w->n_locals; i++) {
		struct js_name x = {w->data + w->locals[i].start, w->locals[i].len, JS_EXPORTS_LOCAL, D_LEX};
		if (!lookup(known.v, known.n, &x))
			ok = finish_refuse(w, &x, "Export '%.*s' is not defined in module", line, side, file);
	}
	js_names_release(&out);
	js_names_release(&top);
	js_names_release(&exp);
	js_names_release(&known);
	return ok;
}

static void release_walk(struct jswalk *w, unsigned *inner, TSNode *path)
{
	free(inner);
	free(path);
	free(w->decls);
	free(w->scopes);
	free(w->exports);
	free(w->locals);
	free(w->all);
	free(w->privs);
	free(w->classes);
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
		while (ok && w.n_scopes && w.scopes[w.n_scopes - 1].depth >= depth) {
			ok = block_ok(&w, w.n_scopes - 1);
			w.n_decls = w.scopes[--w.n_scopes].first;
		}
		while (w.n_classes && w.classes[w.n_classes - 1].depth >= depth)
			w.n_privs = w.classes[--w.n_classes].first;
		if (!ok)
			break;
		unsigned ctx = depth ? inner[depth - 1] : 0;
		XGROW(inner, cap, depth + 1);
		XGROW(path, cap_path, depth + 1);
		path[depth] = n;
		TSNode none = {0}, parent = depth ? path[depth - 1] : none;
		bool rules = shape_syms_get(&syms, n) == 2;
		if (rules &&
		    ((is_scope(n) && !open_scope(&w, n, parent, depth)) || !node_ok(&w, path, depth, ctx))) {
			ok = false;
			break;
		}
		inner[depth] = rules ? inner_context(n, ctx) : ctx;
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
	/* the blocks still open, innermost first, then the module's exports */
	for (size_t k = w.n_scopes; ok && k-- > 0;)
		ok = block_ok(&w, k);
	struct decl *ex = ok && w.n_exports > 1 ? xmalloc(w.n_exports * sizeof *ex) : NULL;
	if (ex) {
		memcpy(ex, w.exports, w.n_exports * sizeof *ex);
		ok = names_ok(&w, ex, w.n_exports, NULL, "Duplicate export of '%.*s'");
		free(ex);
	}
	if (ok && !finish(&w, side, file, line)) {
		release_walk(&w, inner, path);
		return false;
	}
	release_walk(&w, inner, path);
	if (!ok)
		*line = side->row0 + w.row + 1;
	return ok;
}

/* The names side's top level declares, into w's one scope. */
static void top_names(struct jswalk *w, const struct shape_side *side)
{
	XGROW(w->scopes, w->cap_scopes, 1);
	w->scopes[w->n_scopes++] = (struct scope){0, 0, false};
	TSNode *kids, *inner;
	size_t nk = shape_named_children(ts_tree_root_node(side->tree), &kids);
	for (size_t i = 0; i < nk; i++) {
		TSNode n = kids[i];
		if (type_is(n, "export_statement"))
			n = ts_node_child_by_field_name(n, "declaration", 11);
		if (type_is(n, "import_statement")) {
			size_t ni = shape_named_children(n, &inner);
			for (size_t k = 0; k < ni; k++) {
				TSNode *parts;
				size_t np = type_is(inner[k], "import_clause")
						    ? shape_named_children(inner[k], &parts)
						    : 0;
				declarations(w, inner[k]);
				for (size_t j = 0; j < np; j++)
					declarations(w, parts[j]);
				if (np)
					free(parts);
			}
			free(inner);
		} else if (!ts_node_is_null(n)) {
			declarations(w, n);
		}
	}
	free(kids);
}

/* Whether name (len bytes) occurs as a word in file[0..len) outside [skip_start, skip_end). */
static bool word_outside(const struct js_file *f, const char *name, size_t len)
{
	size_t end = f->region_start + f->region_len;
	for (const char *p = f->data, *e = f->data + f->len; (p = memmem(p, (size_t)(e - p), name, len));
	     p++) {
		size_t off = (size_t)(p - f->data);
		bool word = (off == 0 || !js_ident_len(p - 1, p)) && !js_ident_len(p + len, e);
		if (word && (off < f->region_start || off >= end))
			return true;
	}
	return false;
}

bool shape_js_new_top_name(const struct shape_side *before, const struct shape_side *after,
			   const struct js_file *file)
{
	struct jswalk wb = {.data = before->data}, wa = {.data = after->data};
	top_names(&wb, before);
	top_names(&wa, after);
	struct js_names known = {0};
	add_names(&known, &wb, wb.decls, wb.n_decls, JS_DECLARES);
	if (known.n > 1)
		qsort(known.v, known.n, sizeof *known.v, by_name);
	bool found = false;
	for (size_t i = 0; i < wa.n_decls && !found; i++) {
		struct js_name x = {wa.data + wa.decls[i].start, wa.decls[i].len, JS_DECLARES, D_LEX};
		found = !lookup(known.v, known.n, &x) && word_outside(file, x.s, x.len);
	}
	js_names_release(&known);
	release_walk(&wb, NULL, NULL);
	release_walk(&wa, NULL, NULL);
	return found;
}
