/* The visitors of the programming languages' definitions (Go, Rust, JavaScript and TypeScript,
 * Python, Ruby, the C family, Swift): the actions of ts_rules.c's tables that need more than a
 * name field, applied by the walk in ts_walk.c. Apart from the walk and the data-file visitors
 * because each is one language's grammar quirks, read and changed alone. */
#include <string.h>

#include "ts_walk.h"

/* The identifier a C declarator chain declares (through pointers, arrays, parentheses,
 * initializers); *is_func when a function declarator is on the way. */
static TSNode c_declarator_name(const struct walker *w, TSNode n, bool *is_func)
{
	*is_func = false;
	for (int guard = 0; guard < 64 && !ts_node_is_null(n); guard++) {
		if (type_is(n, "function_declarator"))
			*is_func = true;
		TSNode next = field(w, n, F_DECLARATOR);
		if (ts_node_is_null(next)) {
			if (type_is(n, "reference_declarator") || type_is(n, "parenthesized_declarator") ||
			    type_is(n, "attributed_declarator"))
				next = ts_node_named_child(n, 0);
			else
				return n;
		}
		n = next;
	}
	TSNode none = {0};
	return none;
}

/* An old-style definition with a pointer return type (char *f(s) char *s; { ... }): the grammar
 * reads its header as a declaration and leaves the body a compound_statement beside it, which
 * at the top level (never inside a body) nothing else is. The body, or a null node. */
static TSNode kr_body(TSNode n)
{
	TSNode none = {0}, up = ts_node_parent(n), body = ts_node_next_sibling(n);
	if (ts_node_is_null(body) || !type_is(body, "compound_statement") || ts_node_is_null(up) ||
	    type_is(up, "compound_statement"))
		return none;
	return body;
}

/* Visits the definitions a C declaration or typedef declares, one per declarator field. */
static void c_declarators(struct walker *w, size_t depth, TSNode n, enum act a)
{
	int parent = parent_at(w, depth);
	long start, end;
	span_at(w, depth, &start, &end);
	TSNode body = a == A_C_DECL ? kr_body(n) : (TSNode){0};
	uint32_t nc = ts_node_child_count(n);
	for (uint32_t i = 0; i < nc; i++) {
		const char *fname = ts_node_field_name_for_child(n, i);
		if (!fname || strcmp(fname, "declarator"))
			continue;
		bool is_func;
		TSNode decl = ts_node_child(n, i);
		if (type_is(decl, "gnu_asm_expression"))
			continue; /* __asm__("name") labels the symbol, it names nothing */
		TSNode name = c_declarator_name(w, decl, &is_func);
		if (ts_node_is_null(name))
			continue;
		TSNode parts[MAX_PARTS];
		int k = name_parts(w, name, parts, 0, MAX_PARTS);
		if (a == A_C_TYPEDEF) {
			add_named(w, parts, k, parent, K_TYPE, false, start, end);
		} else if (is_func && !ts_node_is_null(body) && at_top(w, parent)) {
			w->kr_def = add_named(w, parts, k, parent, K_FUNC, false, start, end_line_of(body));
			w->kr_body = ts_node_start_byte(body);
			body = (TSNode){0}; /* one body, one definition */
		} else if (is_func) {
			add_named(w, parts, k, parent, K_FUNC, true, start, end);
		} else if (type_is(n, "declaration") && at_top(w, parent))
			add_named(w, parts, k, parent, K_VALUE, false, start, end);
	}
}

static bool node_text_is(const struct walker *w, TSNode n, const char *text)
{
	if (ts_node_is_null(n))
		return false;
	size_t len = ts_node_end_byte(n) - ts_node_start_byte(n);
	return len == strlen(text) && !memcmp(w->data + ts_node_start_byte(n), text, len);
}

static bool value_is_function(TSNode v)
{
	return type_is(v, "arrow_function") || type_is(v, "function_expression") || type_is(v, "function") ||
	       type_is(v, "generator_function");
}

/* A Python function under @overload (typing's, as overload, t.overload or typing.overload): a
 * signature for type checkers, whose implementation is the undecorated definition after it. */
static bool py_overload(const struct walker *w, size_t depth)
{
	if (w->lang->id != L_PYTHON || !depth || !type_is(w->path[depth - 1], "decorated_definition"))
		return false;
	TSNode wrap = w->path[depth - 1];
	for (uint32_t i = 0; i < ts_node_named_child_count(wrap); i++) {
		TSNode dec = ts_node_named_child(wrap, i);
		if (!type_is(dec, "decorator"))
			continue;
		TSNode e = named_child(dec, 0);
		if (type_is(e, "attribute"))
			e = field(w, e, F_ATTRIBUTE);
		if (type_is(e, "identifier") && node_text_is(w, e, "overload"))
			return true;
	}
	return false;
}

int visit_plain(struct walker *w, size_t depth, TSNode n, enum act a)
{
	enum def_kind kind = a == A_TYPE ? K_TYPE : a == A_VALUE ? K_VALUE : K_FUNC;
	bool overload = a == A_FUNC && py_overload(w, depth);
	int i = visit_named(w, depth, n, kind, a == A_WEAK || overload);
	if (i >= 0)
		w->out->v[i].overload = overload;
	return i;
}

int visit_go_method(struct walker *w, size_t depth, TSNode n, enum act a)
{
	(void)a;
	TSNode parts[MAX_PARTS];
	long start, end;
	TSNode recv = named_child(field(w, n, F_RECEIVER), 0);
	int k = name_parts(w, field(w, recv, F_TYPE), parts, 0, MAX_PARTS);
	span_at(w, depth, &start, &end);
	int parent = parent_at(w, depth);
	int owner = k ? add_def(w, parts[k - 1], parent, K_TYPE, true, false, start, end) : parent;
	k = name_parts(w, field(w, n, F_NAME), parts, 0, MAX_PARTS);
	return add_named(w, parts, k, owner, K_FUNC, false, start, end);
}

/* The span of a Go spec: its declaration's when that holds this one spec alone. */
static void go_spec_span(struct walker *w, size_t depth, TSNode n, const char *const *decl_types, long *start,
			 long *end)
{
	TSNode decl = ts_node_parent(n);
	span_at(w, depth, start, end);
	if (ts_node_named_child_count(decl) != 1)
		return;
	for (; *decl_types; decl_types++) {
		if (type_is(decl, *decl_types)) {
			*start = line_of(decl);
			*end = end_line_of(decl);
		}
	}
}

int visit_go_spec(struct walker *w, size_t depth, TSNode n, enum act a)
{
	(void)a;
	static const char *const decls[] = {"type_declaration", NULL};
	TSNode parts[MAX_PARTS];
	long start, end;
	go_spec_span(w, depth, n, decls, &start, &end);
	int k = name_parts(w, field(w, n, F_NAME), parts, 0, MAX_PARTS);
	return add_named(w, parts, k, parent_at(w, depth), K_TYPE, false, start, end);
}

int visit_go_var(struct walker *w, size_t depth, TSNode n, enum act a)
{
	(void)a;
	static const char *const decls[] = {"var_declaration", "const_declaration", NULL};
	int parent = parent_at(w, depth);
	if (!at_top(w, parent))
		return -1;
	long start, end;
	go_spec_span(w, depth, n, decls, &start, &end);
	uint32_t nc = ts_node_child_count(n);
	for (uint32_t i = 0; i < nc; i++) {
		const char *fname = ts_node_field_name_for_child(n, i);
		if (fname && !strcmp(fname, "name"))
			add_def(w, ts_node_child(n, i), parent, K_VALUE, false, false, start, end);
	}
	return -1;
}

int visit_rust_impl(struct walker *w, size_t depth, TSNode n, enum act a)
{
	(void)a;
	TSNode parts[MAX_PARTS];
	long start, end;
	int k = name_parts(w, field(w, n, F_TYPE), parts, 0, MAX_PARTS);
	span_at(w, depth, &start, &end);
	return k ? add_def(w, parts[k - 1], parent_at(w, depth), K_TYPE, true, false, start, end) : -1;
}

int visit_js_var(struct walker *w, size_t depth, TSNode n, enum act a)
{
	(void)a;
	int parent = parent_at(w, depth);
	TSNode name = field(w, n, F_NAME);
	if (!at_top(w, parent) || !type_is(name, "identifier"))
		return -1;
	TSNode decl = depth ? w->path[depth - 1] : n;
	size_t d = depth;
	if (depth && ts_node_named_child_count(decl) == 1)
		d = depth - 1;
	long start, end;
	span_at(w, d, &start, &end);
	bool fn = value_is_function(field(w, n, F_VALUE));
	return add_def(w, name, parent, fn ? K_FUNC : K_VALUE, false, false, start, end);
}

/* A class field or an object literal's key whose value is a function: a method of the class or
 * of the object (obj.key), never a local's. */
int visit_js_field(struct walker *w, size_t depth, TSNode n, enum act a)
{
	int parent = parent_at(w, depth);
	if (!value_is_function(field(w, n, F_VALUE)) ||
	    (a == A_JS_PAIR && parent >= 0 && w->out->v[parent].kind == K_FUNC))
		return -1;
	TSNode name = field(w, n, a == A_JS_PAIR ? F_KEY : F_NAME);
	if (ts_node_is_null(name))
		name = field(w, n, F_PROPERTY);
	if (ts_node_is_null(name) ||
	    (a == A_JS_PAIR && !type_is(name, "property_identifier") && !type_is(name, "string")))
		return -1;
	long start, end;
	span_at(w, depth, &start, &end);
	return add_def(w, name, parent, K_FUNC, false, false, start, end);
}

/* The object a JS assignment stores into, as virtual containers outermost first: a.b for
 * a.b.c = ..., past "module", "exports" and ".prototype". Returns the innermost one. */
static int js_owner(struct walker *w, TSNode obj, int parent, long start, long end)
{
	if (type_is(obj, "member_expression")) {
		TSNode prop = field(w, obj, F_PROPERTY);
		parent = js_owner(w, field(w, obj, F_OBJECT), parent, start, end);
		if (node_text_is(w, prop, "prototype") || node_text_is(w, prop, "exports"))
			return parent;
		return add_def(w, prop, parent, K_TYPE, true, false, start, end);
	}
	if (type_is(obj, "identifier") && !node_text_is(w, obj, "exports") && !node_text_is(w, obj, "module"))
		return add_def(w, obj, parent, K_TYPE, true, false, start, end);
	return parent;
}

/* A function or class stored on an object at top level: exports.f = ..., a.b.c = function,
 * Foo.prototype.f = function; module.exports = class X {...} is X itself, members nested. */
int visit_js_assign(struct walker *w, size_t depth, TSNode n, enum act a)
{
	(void)a;
	int parent = parent_at(w, depth);
	TSNode left = field(w, n, F_LEFT), right = field(w, n, F_RIGHT);
	if (!type_is(left, "member_expression") || !at_top(w, parent) || depth == 0 ||
	    !type_is(w->path[depth - 1], "expression_statement") ||
	    !(value_is_function(right) || type_is(right, "class")))
		return -1;
	long start, end;
	span_at(w, depth - 1, &start, &end);
	TSNode name = field(w, left, F_PROPERTY), cname = field(w, right, F_NAME);
	if (type_is(right, "class") && !ts_node_is_null(cname) && node_text_is(w, name, "exports"))
		return add_def(w, cname, parent, K_TYPE, false, false, start, end);
	TSNode obj = field(w, left, F_OBJECT);
	parent = js_owner(w, obj, parent, start, end);
	int idx =
		add_def(w, name, parent, type_is(right, "class") ? K_TYPE : K_FUNC, false, false, start, end);
	/* module.exports = function NAME() {}: the module's function, named by both */
	if (!type_is(right, "class") && !ts_node_is_null(cname) && node_text_is(w, name, "exports") &&
	    node_text_is(w, obj, "module"))
		idx = add_def(w, cname, parent, K_FUNC, false, false, start, end);
	return idx; /* a function's locals are its own, not the module's */
}

int visit_assign(struct walker *w, size_t depth, TSNode n, enum act a)
{
	(void)a;
	int parent = parent_at(w, depth);
	TSNode left = field(w, n, F_LEFT);
	if (!(type_is(left, "identifier") || type_is(left, "constant")) || !at_top(w, parent))
		return -1;
	bool stmt = depth && type_is(w->path[depth - 1], "expression_statement");
	if (!stmt && w->lang->id == L_PYTHON)
		return -1; /* a default argument, a walrus, a keyword argument */
	long start, end;
	span_at(w, stmt ? depth - 1 : depth, &start, &end);
	add_def(w, left, parent, K_VALUE, false, false, start, end);
	return -1;
}

int visit_c_func(struct walker *w, size_t depth, TSNode n, enum act a)
{
	(void)a;
	bool is_func;
	TSNode parts[MAX_PARTS];
	long start, end;
	TSNode name = c_declarator_name(w, field(w, n, F_DECLARATOR), &is_func);
	int k = name_parts(w, name, parts, 0, MAX_PARTS);
	span_at(w, depth, &start, &end);
	return add_named(w, parts, k, parent_at(w, depth), K_FUNC, false, start, end);
}

int visit_c_decl(struct walker *w, size_t depth, TSNode n, enum act a)
{
	c_declarators(w, depth, n, a);
	return -1;
}

int visit_c_body(struct walker *w, size_t depth, TSNode n, enum act a)
{
	(void)depth;
	(void)a;
	return w->kr_def >= 0 && ts_node_start_byte(n) == w->kr_body ? w->kr_def : -1;
}

/* "#define NAME ..." read as a generic directive: a macro named by the first word after it. */
int visit_c_directive(struct walker *w, size_t depth, TSNode n, enum act a)
{
	(void)a;
	TSNode dir = ts_node_child_by_field_name(n, "directive", 9),
	       arg = ts_node_child_by_field_name(n, "argument", 8);
	if (!node_text_is(w, dir, "#define") || ts_node_is_null(arg))
		return -1;
	const char *t = w->data + ts_node_start_byte(arg);
	size_t len = 0, max = ts_node_end_byte(arg) - ts_node_start_byte(arg);
	while (len < max && (t[len] == '_' || (t[len] >= 'a' && t[len] <= 'z') ||
			     (t[len] >= 'A' && t[len] <= 'Z') || (len && t[len] >= '0' && t[len] <= '9')))
		len++;
	if (!len)
		return -1;
	long start, end;
	span_at(w, depth, &start, &end);
	struct def d = {.name = t,
			.name_len = len,
			.start = start,
			.end = end,
			.line = line_of(arg),
			.broken = w->broken,
			.parent = parent_at(w, depth),
			.kind = K_FUNC};
	defs_add(w->out, &d);
	return -1;
}

int visit_c_tag(struct walker *w, size_t depth, TSNode n, enum act a)
{
	(void)a;
	if (ts_node_is_null(field(w, n, F_BODY)))
		return -1;
	TSNode parts[MAX_PARTS];
	long start, end;
	int k = name_parts(w, field(w, n, F_NAME), parts, 0, MAX_PARTS);
	size_t d = depth;
	if (depth &&
	    (type_is(w->path[depth - 1], "declaration") || type_is(w->path[depth - 1], "type_definition")))
		d = depth - 1;
	span_at(w, d, &start, &end);
	return add_named(w, parts, k, parent_at(w, depth), K_TYPE, false, start, end);
}

int visit_swift_class(struct walker *w, size_t depth, TSNode n, enum act a)
{
	(void)a;
	TSNode name = field(w, n, F_NAME);
	if (!type_is(name, "user_type"))
		return visit_named(w, depth, n, K_TYPE, false);
	TSNode parts[MAX_PARTS];
	long start, end;
	int k = name_parts(w, name, parts, 0, MAX_PARTS), parent = parent_at(w, depth);
	span_at(w, depth, &start, &end);
	for (int i = 0; i < k; i++)
		parent = add_def(w, parts[i], parent, K_TYPE, true, false, start, end);
	return parent;
}
