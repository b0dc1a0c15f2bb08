/* Per-language definition rules and the one tree walk that applies them.
 *
 * Each grammar's named node types map to an action (the tables below); a language's table is
 * turned into a per-symbol byte array once, so the walk costs one array load per node and never
 * compares type strings or compiles a query.
 *
 * What a span covers, the same in every language:
 *  - the whole definition node, plus the wrappers the grammar puts around it: `export`, `declare`,
 *    a Python decorated_definition, a C++ template<...> line, a Go `type`/`var`/`const` keyword
 *    when the declaration holds one spec, a C `typedef`/declaration around a struct body;
 *  - decorators and attributes written before it (a TypeScript method's @Get(), a Rust #[derive]),
 *    even where the grammar makes them preceding siblings;
 *  - NOT a leading comment, doc comments included: a comment is not part of the definition in
 *    any of these grammars, and an agent that wants it reads one line up.
 * A Markdown heading spans to the line before the next heading of the same or a higher level (or
 * the end of the file), blank lines included. Config keys span their key: value pair; a TOML
 * table spans its header and its pairs; a YAML block ends before the comments after it at or
 * left of its key's column (they head what follows). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../buf.h"
#include "../keypath.h"
#include "defs.h"
#include "lang.h"
#include "ranges.h"

enum act {
	A_NONE,
	A_FUNC, /* named by its name field; a scope */
	A_TYPE, /* named by its name field; a container */
	A_VALUE, /* named by its name field; a constant */
	A_WEAK, /* a signature without a body */
	A_GO_METHOD, /* method_declaration: the receiver type becomes a virtual parent */
	A_GO_SPEC, /* type_spec, type_alias */
	A_GO_VAR, /* var_spec, const_spec: each name, at top level */
	A_RUST_IMPL, /* impl_item: a virtual container named by its type */
	A_JS_VAR, /* variable_declarator at top level */
	A_JS_FIELD, /* a class field whose value is a function */
	A_JS_PAIR, /* an object literal's key: function pair */
	A_JS_ASSIGN, /* exports.f = ..., Foo.prototype.f = function ... at top level */
	A_ASSIGN, /* NAME = ... at module or class level (Python, Ruby constants) */
	A_C_FUNC, /* function_definition, named through its declarator chain */
	A_C_DECL, /* declaration: a prototype (weak) or a top-level variable */
	A_C_TAG, /* struct/union/enum/class specifier with a body */
	A_C_TYPEDEF, /* typedef names */
	A_C_BODY, /* compound_statement: the body of an old-style definition the grammar split off */
	A_C_DIRECTIVE, /* preproc_call: a #define where the grammar expects none (an enum body) */
	A_SWIFT_CLASS, /* class/struct/enum, or an extension (virtual) */
	A_JSON_PAIR,
	A_YAML_PAIR,
	A_TOML_TABLE,
	A_TOML_PAIR,
	A_MD_HEADING,
	A_WRAP, /* a definition directly inside spans from here */
	A_PREFIX, /* a preceding sibling that belongs to the next definition */
	A_COMMENT, /* passed over when looking back for A_PREFIX siblings */
};

struct rule {
	const char *type;
	enum act act;
};

static const struct rule go_rules[] = {
	{"function_declaration", A_FUNC},
	{"method_declaration", A_GO_METHOD},
	{"type_spec", A_GO_SPEC},
	{"type_alias", A_GO_SPEC},
	{"var_spec", A_GO_VAR},
	{"const_spec", A_GO_VAR},
	{"method_elem", A_FUNC},
	{"comment", A_COMMENT},
	{NULL, A_NONE},
};

#define JS_COMMON_RULES                                                                                   \
	{"function_declaration", A_FUNC}, {"generator_function_declaration", A_FUNC},                     \
		{"class_declaration", A_TYPE}, {"method_definition", A_FUNC},                             \
		{"variable_declarator", A_JS_VAR}, {"export_statement", A_WRAP}, {"decorator", A_PREFIX}, \
		{"assignment_expression", A_JS_ASSIGN}, {"pair", A_JS_PAIR},                              \
	{                                                                                                 \
		"comment", A_COMMENT                                                                      \
	}

static const struct rule js_rules[] = {
	JS_COMMON_RULES,
	{"field_definition", A_JS_FIELD},
	{NULL, A_NONE},
};

static const struct rule ts_rules[] = {
	JS_COMMON_RULES,
	{"public_field_definition", A_JS_FIELD},
	{"abstract_class_declaration", A_TYPE},
	{"abstract_method_signature", A_FUNC},
	{"method_signature", A_WEAK},
	{"function_signature", A_WEAK},
	{"interface_declaration", A_TYPE},
	{"type_alias_declaration", A_TYPE},
	{"enum_declaration", A_TYPE},
	{"internal_module", A_TYPE},
	{"ambient_declaration", A_WRAP},
	{"expression_statement", A_WRAP},
	{NULL, A_NONE},
};

static const struct rule python_rules[] = {
	{"function_definition", A_FUNC}, {"class_definition", A_TYPE}, {"decorated_definition", A_WRAP},
	{"assignment", A_ASSIGN},        {"comment", A_COMMENT},       {NULL, A_NONE},
};

static const struct rule rust_rules[] = {
	{"function_item", A_FUNC},
	{"function_signature_item", A_FUNC},
	{"struct_item", A_TYPE},
	{"enum_item", A_TYPE},
	{"union_item", A_TYPE},
	{"trait_item", A_TYPE},
	{"mod_item", A_TYPE},
	{"type_item", A_TYPE},
	{"const_item", A_VALUE},
	{"associated_type", A_TYPE},
	{"static_item", A_VALUE},
	{"macro_definition", A_FUNC},
	{"impl_item", A_RUST_IMPL},
	{"attribute_item", A_PREFIX},
	{"line_comment", A_COMMENT},
	{"block_comment", A_COMMENT},
	{NULL, A_NONE},
};

static const struct rule markdown_rules[] = {
	{"atx_heading", A_MD_HEADING},
	{"setext_heading", A_MD_HEADING},
	{NULL, A_NONE},
};

static const struct rule json_rules[] = {{"pair", A_JSON_PAIR}, {NULL, A_NONE}};
static const struct rule yaml_rules[] = {
	{"block_mapping_pair", A_YAML_PAIR},
	{"flow_pair", A_YAML_PAIR},
	{NULL, A_NONE},
};
static const struct rule toml_rules[] = {
	{"table", A_TOML_TABLE},
	{"table_array_element", A_TOML_TABLE},
	{"pair", A_TOML_PAIR},
	{NULL, A_NONE},
};
static const struct rule bash_rules[] = {
	{"function_definition", A_FUNC}, {"comment", A_COMMENT}, {NULL, A_NONE}};

#define C_COMMON_RULES                                                                                       \
	{"function_definition", A_C_FUNC}, {"declaration", A_C_DECL}, {"struct_specifier", A_C_TAG},         \
		{"union_specifier", A_C_TAG}, {"enum_specifier", A_C_TAG}, {"type_definition", A_C_TYPEDEF}, \
		{"preproc_def", A_FUNC}, {"preproc_function_def", A_FUNC}, {"compound_statement", A_C_BODY}, \
		{"preproc_call", A_C_DIRECTIVE},                                                             \
	{                                                                                                    \
		"comment", A_COMMENT                                                                         \
	}

static const struct rule c_rules[] = {C_COMMON_RULES, {NULL, A_NONE}};
static const struct rule cpp_rules[] = {
	C_COMMON_RULES,
	{"class_specifier", A_C_TAG},
	{"namespace_definition", A_TYPE},
	{"field_declaration", A_C_DECL},
	{"alias_declaration", A_TYPE},
	{"template_declaration", A_WRAP},
	{NULL, A_NONE},
};

static const struct rule csharp_rules[] = {
	{"namespace_declaration", A_TYPE},
	{"file_scoped_namespace_declaration", A_TYPE},
	{"class_declaration", A_TYPE},
	{"struct_declaration", A_TYPE},
	{"interface_declaration", A_TYPE},
	{"enum_declaration", A_TYPE},
	{"record_declaration", A_TYPE},
	{"method_declaration", A_FUNC},
	{"constructor_declaration", A_FUNC},
	{"property_declaration", A_FUNC},
	{"delegate_declaration", A_FUNC},
	{"local_function_statement", A_FUNC},
	{"comment", A_COMMENT},
	{NULL, A_NONE},
};

static const struct rule java_rules[] = {
	{"class_declaration", A_TYPE},
	{"interface_declaration", A_TYPE},
	{"enum_declaration", A_TYPE},
	{"record_declaration", A_TYPE},
	{"annotation_type_declaration", A_TYPE},
	{"method_declaration", A_FUNC},
	{"constructor_declaration", A_FUNC},
	{"line_comment", A_COMMENT},
	{"block_comment", A_COMMENT},
	{NULL, A_NONE},
};

static const struct rule php_rules[] = {
	{"namespace_definition", A_TYPE}, {"class_declaration", A_TYPE}, {"interface_declaration", A_TYPE},
	{"trait_declaration", A_TYPE},    {"enum_declaration", A_TYPE},  {"function_definition", A_FUNC},
	{"method_declaration", A_FUNC},   {"comment", A_COMMENT},        {NULL, A_NONE},
};

static const struct rule ruby_rules[] = {
	{"module", A_TYPE},       {"class", A_TYPE},      {"method", A_FUNC}, {"singleton_method", A_FUNC},
	{"assignment", A_ASSIGN}, {"comment", A_COMMENT}, {NULL, A_NONE},
};

static const struct rule swift_rules[] = {
	{"class_declaration", A_SWIFT_CLASS}, {"protocol_declaration", A_TYPE},
	{"function_declaration", A_FUNC},     {"protocol_function_declaration", A_FUNC},
	{"typealias_declaration", A_TYPE},    {"comment", A_COMMENT},
	{"multiline_comment", A_COMMENT},     {NULL, A_NONE},
};

static const struct rule *const lang_rules[L_COUNT] = {
	[L_GO] = go_rules,
	[L_TYPESCRIPT] = ts_rules,
	[L_TSX] = ts_rules,
	[L_JAVASCRIPT] = js_rules,
	[L_PYTHON] = python_rules,
	[L_RUST] = rust_rules,
	[L_MARKDOWN] = markdown_rules,
	[L_JSON] = json_rules,
	[L_YAML] = yaml_rules,
	[L_TOML] = toml_rules,
	[L_BASH] = bash_rules,
	[L_C] = c_rules,
	[L_CPP] = cpp_rules,
	[L_CSHARP] = csharp_rules,
	[L_JAVA] = java_rules,
	[L_PHP] = php_rules,
	[L_RUBY] = ruby_rules,
	[L_SWIFT] = swift_rules,
};

enum field {
	F_NAME,
	F_TYPE,
	F_DECLARATOR,
	F_KEY,
	F_SCOPE,
	F_PATH,
	F_QUALIFIER,
	F_RECEIVER,
	F_VALUE,
	F_PROPERTY,
	F_LEFT,
	F_RIGHT,
	F_OBJECT,
	F_BODY,
	F_HEADING_CONTENT,
	F_ATTRIBUTE,
	F_COUNT
};
static const char *const field_names[F_COUNT] = {
	"name",  "type",     "declarator", "key",   "scope",  "path", "qualifier",       "receiver",
	"value", "property", "left",       "right", "object", "body", "heading_content", "attribute",
};

/* A language's rules resolved against its grammar, for one walk (ts_collect). Walks run on
 * several threads at once (find --def parses files in parallel), so nothing is shared. */
struct info {
	const TSLanguage *ts;
	unsigned char *act; /* by symbol */
	uint32_t n_symbols;
	TSFieldId field[F_COUNT];
};

#define ACT_UNKNOWN 0xff
#define FIELD_UNKNOWN 0xffff

static void info_init(struct info *in, const struct lang *lang)
{
	in->ts = lang->grammar();
	in->n_symbols = ts_language_symbol_count(in->ts);
	/* Resolved per symbol on first sight (act_of): a small parse meets a few dozen of a
	 * grammar's hundreds of symbols, and comparing every one against the rules up front costs
	 * more than the parse. */
	in->act = xmalloc(in->n_symbols ? in->n_symbols : 1);
	memset(in->act, ACT_UNKNOWN, in->n_symbols);
	for (int f = 0; f < F_COUNT; f++)
		in->field[f] = FIELD_UNKNOWN;
}

/* By name, so a type reached through an alias (its own symbol id) gets the same action. */
static unsigned char resolve_act(const struct lang *lang, const struct info *in, TSSymbol s)
{
	if (ts_language_symbol_type(in->ts, s) != TSSymbolTypeRegular)
		return A_NONE;
	const char *name = ts_language_symbol_name(in->ts, s);
	for (const struct rule *r = lang_rules[lang->id]; r->type; r++)
		if (r->type[0] == name[0] && !strcmp(r->type, name))
			return (unsigned char)r->act;
	return A_NONE;
}

const char *ts_rules_missing(void)
{
	static char buf[128];
	for (int id = 0; id < L_COUNT; id++) {
		const struct lang *lang = lang_by_id((enum lang_id)id);
		const TSLanguage *ts = lang->grammar();
		uint32_t n = ts_language_symbol_count(ts);
		for (const struct rule *r = lang_rules[id]; r->type; r++) {
			bool found = false;
			for (TSSymbol s = 0; s < n && !found; s++)
				found = ts_language_symbol_type(ts, s) == TSSymbolTypeRegular &&
					!strcmp(ts_language_symbol_name(ts, s), r->type);
			if (!found) {
				snprintf(buf, sizeof buf, "%s:%s", lang->name, r->type);
				return buf;
			}
		}
	}
	return NULL;
}

struct heading {
	int level;
	const char *name;
	size_t len;
	long line;
};

struct walker {
	const struct lang *lang;
	struct info *in;
	const char *data;
	struct defs *out;
	/* Indexed by depth: the node, the definition its children nest in, and the first line of
	 * A_PREFIX siblings seen just before it (0: none). */
	TSNode *path;
	int *scope;
	long *prefix_here, *pending;
	size_t cap;
	bool broken; /* the node span_at last measured holds a parse error */
	/* the old-style definition whose body is the compound_statement starting at kr_body */
	int kr_def;
	uint32_t kr_body;
	struct heading *heads;
	size_t n_heads, cap_heads;
};

/* Child accessors that accept a null node (an error-recovered tree can lack a field), where
 * tree-sitter's own would dereference it. */
static TSNode named_child(TSNode n, uint32_t i)
{
	if (ts_node_is_null(n)) {
		TSNode none = {0};
		return none;
	}
	return ts_node_named_child(n, i);
}

static TSNode field(const struct walker *w, TSNode n, enum field f)
{
	if (ts_node_is_null(n))
		return n;
	if (w->in->field[f] == FIELD_UNKNOWN)
		w->in->field[f] = ts_language_field_id_for_name(w->in->ts, field_names[f],
								(uint32_t)strlen(field_names[f]));
	TSFieldId id = w->in->field[f];
	if (!id) {
		TSNode none = {0};
		return none;
	}
	return ts_node_child_by_field_id(n, id);
}

static enum act act_of(const struct walker *w, TSNode n)
{
	TSSymbol s = ts_node_symbol(n);
	if (s >= w->in->n_symbols)
		return A_NONE;
	if (w->in->act[s] == ACT_UNKNOWN)
		w->in->act[s] = resolve_act(w->lang, w->in, s);
	return (enum act)w->in->act[s];
}

static bool type_is(TSNode n, const char *type)
{
	return !ts_node_is_null(n) && !strcmp(ts_node_type(n), type);
}

static bool type_ends(TSNode n, const char *suffix)
{
	if (ts_node_is_null(n))
		return false;
	const char *t = ts_node_type(n);
	size_t a = strlen(t), b = strlen(suffix);
	return a >= b && !strcmp(t + a - b, suffix);
}

/* The parts of a possibly qualified name, outermost first: Outer::Inner::f, a.b.c (TOML),
 * *Store (Go receiver), Wrap<T> (Rust impl). Stops at max parts. */
static int name_parts(const struct walker *w, TSNode n, TSNode *parts, int k, int max)
{
	if (k >= max || ts_node_is_null(n))
		return k;
	uint32_t nc = ts_node_named_child_count(n);
	if (nc == 0 || type_is(n, "destructor_name") || type_is(n, "operator_name") ||
	    type_is(n, "quoted_key") || type_is(n, "string")) {
		parts[k++] = n;
		return k;
	}
	TSNode prefix = field(w, n, F_SCOPE);
	if (ts_node_is_null(prefix))
		prefix = field(w, n, F_PATH);
	if (ts_node_is_null(prefix))
		prefix = field(w, n, F_QUALIFIER);
	if (!ts_node_is_null(prefix))
		k = name_parts(w, prefix, parts, k, max);
	TSNode main = field(w, n, F_NAME);
	if (ts_node_is_null(main))
		main = field(w, n, F_TYPE);
	if (!ts_node_is_null(main))
		return name_parts(w, main, parts, k, max);
	if (!ts_node_is_null(prefix))
		return k;
	for (uint32_t i = 0; i < nc && k < max; i++) {
		TSNode c = ts_node_named_child(n, i);
		if (type_ends(c, "arguments") || type_ends(c, "parameters") ||
		    type_ends(c, "argument_list") || type_ends(c, "parameter_list") ||
		    type_ends(c, "comment"))
			continue;
		k = name_parts(w, c, parts, k, max);
	}
	return k;
}

static long line_of(TSNode n)
{
	return (long)ts_node_start_point(n).row + 1;
}

/* A node that ends at column 0 ends with the newline of the line before. */
static long end_line_of(TSNode n)
{
	TSPoint s = ts_node_start_point(n), e = ts_node_end_point(n);
	return e.column == 0 && e.row > s.row ? (long)e.row : (long)e.row + 1;
}

/* Strips one pair of matching quotes. */
static void unquote(const char **s, size_t *len)
{
	if (*len >= 2 && ((**s == '"' && (*s)[*len - 1] == '"') || (**s == '\'' && (*s)[*len - 1] == '\''))) {
		(*s)++;
		*len -= 2;
	}
}

/* A key of a data file written with escapes ("a\\"b", 'it''s') gets its decoded name, kept in w->out:
 * the key path grammar compares and prints keys as they read. */
static void decode_key(struct walker *w, struct def *d, char quote)
{
	bool config = w->lang->id == L_JSON || w->lang->id == L_YAML || w->lang->id == L_TOML;
	if (!config || !((quote == '"' && memchr(d->name, '\\', d->name_len)) ||
			 (quote == '\'' && memmem(d->name, d->name_len, "''", 2))))
		return;
	struct buf b = BUF_INIT;
	keypath_unescape(&b, d->name, d->name_len, quote);
	struct defs *ds = w->out;
	XGROW(ds->decoded, ds->cap_decoded, ds->n_decoded + 1);
	d->name_len = b.len;
	d->name = ds->decoded[ds->n_decoded++] = buf_detach(&b);
}

static int add_def(struct walker *w, TSNode name, int parent, enum def_kind kind, bool virtual_, bool weak,
		   long start, long end)
{
	struct def d = {0};
	d.name = w->data + ts_node_start_byte(name);
	d.name_len = ts_node_end_byte(name) - ts_node_start_byte(name);
	if (type_is(name, "quoted_key") || type_ends(name, "quote_scalar") || type_is(name, "string")) {
		char quote = d.name_len ? d.name[0] : 0;
		unquote(&d.name, &d.name_len);
		decode_key(w, &d, quote);
	}
	d.start = start;
	d.end = end;
	d.broken = w->broken;
	d.line = line_of(name);
	d.parent = parent;
	d.kind = kind;
	d.virtual_ = virtual_;
	d.weak = weak;
	return defs_add(w->out, &d);
}

/* Adds the definition named by parts[0..k): the leading parts become virtual containers. */
static int add_named(struct walker *w, TSNode *parts, int k, int parent, enum def_kind kind, bool weak,
		     long start, long end)
{
	if (k == 0)
		return -1;
	for (int i = 0; i < k - 1; i++)
		parent = add_def(w, parts[i], parent, K_TYPE, true, false, start, end);
	return add_def(w, parts[k - 1], parent, kind, false, weak, start, end);
}

/* The span of the definition at depth: climbs wrappers, then takes in A_PREFIX siblings. */
static void span_at(struct walker *w, size_t depth, long *start, long *end)
{
	size_t d = depth;
	while (d > 0 && act_of(w, w->path[d - 1]) == A_WRAP)
		d--;
	w->broken = ts_node_has_error(w->path[d]);
	*start = line_of(w->path[d]);
	*end = end_line_of(w->path[d]);
	if (w->prefix_here[d] && w->prefix_here[d] < *start)
		*start = w->prefix_here[d];
}

static int parent_at(const struct walker *w, size_t depth)
{
	return depth ? w->scope[depth - 1] : -1;
}

/* Top level: not inside a function (a local is not a definition anyone asks for). */
static bool at_top(const struct walker *w, int parent)
{
	return parent < 0 || w->out->v[parent].kind == K_TYPE;
}

#define MAX_PARTS 16

static int visit_named(struct walker *w, size_t depth, TSNode n, enum def_kind kind, bool weak)
{
	TSNode parts[MAX_PARTS];
	int k = name_parts(w, field(w, n, F_NAME), parts, 0, MAX_PARTS);
	long start, end;
	span_at(w, depth, &start, &end);
	return add_named(w, parts, k, parent_at(w, depth), kind, weak, start, end);
}

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

static void visit_heading(struct walker *w, TSNode n)
{
	int level = 0;
	TSNode first = ts_node_named_child(n, 0);
	const char *t = ts_node_is_null(first) ? "" : ts_node_type(first);
	if (!strncmp(t, "atx_h", 5))
		level = t[5] - '0';
	else {
		TSNode last = ts_node_named_child(n, ts_node_named_child_count(n) - 1);
		level = type_is(last, "setext_h1_underline") ? 1 : 2;
	}
	TSNode content = field(w, n, F_HEADING_CONTENT);
	const char *s = "";
	size_t len = 0;
	if (!ts_node_is_null(content)) {
		s = w->data + ts_node_start_byte(content);
		len = ts_node_end_byte(content) - ts_node_start_byte(content);
	}
	while (len && (*s == ' ' || *s == '\t'))
		s++, len--;
	while (len && strchr(" \t\r\n", s[len - 1]))
		len--;
	if (level && !strncmp(t, "atx_h", 5)) {
		/* An ATX closing sequence: spaces then #s at the end. */
		size_t k = len;
		while (k && s[k - 1] == '#')
			k--;
		if (k < len && (k == 0 || s[k - 1] == ' ' || s[k - 1] == '\t')) {
			len = k;
			while (len && (s[len - 1] == ' ' || s[len - 1] == '\t'))
				len--;
		}
	}
	XGROW(w->heads, w->cap_heads, w->n_heads + 1);
	w->heads[w->n_heads++] = (struct heading){level, s, len, line_of(n)};
}

/* Headings become definitions once all are known: a section ends where a heading of the same
 * or a higher level starts. */
static void finish_headings(struct walker *w, long n_lines)
{
	int stack[7] = {-1, -1, -1, -1, -1, -1, -1}; /* by level: the last heading's def index */
	for (size_t i = 0; i < w->n_heads; i++) {
		const struct heading *h = &w->heads[i];
		long end = n_lines;
		for (size_t j = i + 1; j < w->n_heads; j++)
			if (w->heads[j].level <= h->level) {
				end = w->heads[j].line - 1;
				break;
			}
		int parent = -1;
		for (int l = h->level - 1; l >= 1 && parent < 0; l--)
			parent = stack[l];
		struct def d = {.name = h->name,
				.name_len = h->len,
				.start = h->line,
				.end = end < h->line ? h->line : end,
				.line = h->line,
				.parent = parent,
				.kind = K_TYPE};
		int idx = defs_add(w->out, &d);
		stack[h->level] = idx;
		for (int l = h->level + 1; l <= 6; l++)
			stack[l] = -1;
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

/* Each visitor applies one action to node n at depth and returns the definition n's children
 * nest in, or -1 to inherit the enclosing one. */
typedef int (*visitor)(struct walker *w, size_t depth, TSNode n, enum act a);

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

static int visit_plain(struct walker *w, size_t depth, TSNode n, enum act a)
{
	enum def_kind kind = a == A_TYPE ? K_TYPE : a == A_VALUE ? K_VALUE : K_FUNC;
	bool overload = a == A_FUNC && py_overload(w, depth);
	int i = visit_named(w, depth, n, kind, a == A_WEAK || overload);
	if (i >= 0)
		w->out->v[i].overload = overload;
	return i;
}

static int visit_go_method(struct walker *w, size_t depth, TSNode n, enum act a)
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

static int visit_go_spec(struct walker *w, size_t depth, TSNode n, enum act a)
{
	(void)a;
	static const char *const decls[] = {"type_declaration", NULL};
	TSNode parts[MAX_PARTS];
	long start, end;
	go_spec_span(w, depth, n, decls, &start, &end);
	int k = name_parts(w, field(w, n, F_NAME), parts, 0, MAX_PARTS);
	return add_named(w, parts, k, parent_at(w, depth), K_TYPE, false, start, end);
}

static int visit_go_var(struct walker *w, size_t depth, TSNode n, enum act a)
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

static int visit_rust_impl(struct walker *w, size_t depth, TSNode n, enum act a)
{
	(void)a;
	TSNode parts[MAX_PARTS];
	long start, end;
	int k = name_parts(w, field(w, n, F_TYPE), parts, 0, MAX_PARTS);
	span_at(w, depth, &start, &end);
	return k ? add_def(w, parts[k - 1], parent_at(w, depth), K_TYPE, true, false, start, end) : -1;
}

static int visit_js_var(struct walker *w, size_t depth, TSNode n, enum act a)
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
static int visit_js_field(struct walker *w, size_t depth, TSNode n, enum act a)
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
static int visit_js_assign(struct walker *w, size_t depth, TSNode n, enum act a)
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

static int visit_assign(struct walker *w, size_t depth, TSNode n, enum act a)
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

static int visit_c_func(struct walker *w, size_t depth, TSNode n, enum act a)
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

static int visit_c_decl(struct walker *w, size_t depth, TSNode n, enum act a)
{
	c_declarators(w, depth, n, a);
	return -1;
}

static int visit_c_body(struct walker *w, size_t depth, TSNode n, enum act a)
{
	(void)depth;
	(void)a;
	return w->kr_def >= 0 && ts_node_start_byte(n) == w->kr_body ? w->kr_def : -1;
}

/* "#define NAME ..." read as a generic directive: a macro named by the first word after it. */
static int visit_c_directive(struct walker *w, size_t depth, TSNode n, enum act a)
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

static int visit_c_tag(struct walker *w, size_t depth, TSNode n, enum act a)
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

static int visit_swift_class(struct walker *w, size_t depth, TSNode n, enum act a)
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

static int visit_json_pair(struct walker *w, size_t depth, TSNode n, enum act a)
{
	(void)a;
	TSNode key = field(w, n, F_KEY);
	if (ts_node_is_null(key))
		return -1;
	TSNode content = named_child(key, 0);
	long start, end;
	span_at(w, depth, &start, &end);
	if (ts_node_is_null(content) || !type_is(content, "string_content") ||
	    ts_node_named_child_count(key) != 1)
		content = key; /* "", or escapes: the whole string, decoded */
	return add_def(w, content, parent_at(w, depth), K_VALUE, false, false, start, end);
}

/* The last line of a YAML pair's text. The grammar puts the comments that follow a block inside
 * it; one at or left of the key's column (key_col) is no part of it — it heads what comes next,
 * as a comment over a definition does — while one indented deeper reads as the block's own. So
 * the span ends at the last node left of such comments, looked for down the last children. */
static long yaml_end_line(TSNode n, uint32_t key_col, long end)
{
	bool dropped = false;
	for (;;) {
		uint32_t i = ts_node_child_count(n);
		TSNode last = {0};
		while (i-- > 0) {
			TSNode c = ts_node_child(n, i);
			if (!type_is(c, "comment") || ts_node_start_point(c).column > key_col) {
				last = c;
				break;
			}
			dropped = true;
		}
		if (ts_node_is_null(last))
			return end;
		if (!ts_node_child_count(last))
			return dropped ? end_line_of(last) : end;
		n = last;
	}
}

static int visit_yaml_pair(struct walker *w, size_t depth, TSNode n, enum act a)
{
	(void)a;
	TSNode scalar = named_child(field(w, n, F_KEY), 0);
	if (!type_is(scalar, "plain_scalar") && !type_ends(scalar, "quote_scalar"))
		return -1;
	long start, end;
	span_at(w, depth, &start, &end);
	end = yaml_end_line(n, ts_node_start_point(n).column, end);
	return add_def(w, scalar, parent_at(w, depth), K_VALUE, false, false, start, end);
}

static int visit_toml(struct walker *w, size_t depth, TSNode n, enum act a)
{
	TSNode parts[MAX_PARTS];
	long start, end;
	int k = name_parts(w, ts_node_named_child(n, 0), parts, 0, MAX_PARTS);
	span_at(w, depth, &start, &end);
	return add_named(w, parts, k, parent_at(w, depth), a == A_TOML_TABLE ? K_TYPE : K_VALUE, false, start,
			 end);
}

static int visit_heading_act(struct walker *w, size_t depth, TSNode n, enum act a)
{
	(void)depth;
	(void)a;
	visit_heading(w, n);
	return -1;
}

/* By action; NULL for the actions that define nothing themselves (wrappers, prefixes). */
static const visitor visitors[] = {
	[A_FUNC] = visit_plain,
	[A_TYPE] = visit_plain,
	[A_VALUE] = visit_plain,
	[A_WEAK] = visit_plain,
	[A_GO_METHOD] = visit_go_method,
	[A_GO_SPEC] = visit_go_spec,
	[A_GO_VAR] = visit_go_var,
	[A_RUST_IMPL] = visit_rust_impl,
	[A_JS_VAR] = visit_js_var,
	[A_JS_FIELD] = visit_js_field,
	[A_JS_PAIR] = visit_js_field,
	[A_JS_ASSIGN] = visit_js_assign,
	[A_ASSIGN] = visit_assign,
	[A_C_FUNC] = visit_c_func,
	[A_C_DECL] = visit_c_decl,
	[A_C_TYPEDEF] = visit_c_decl,
	[A_C_TAG] = visit_c_tag,
	[A_C_BODY] = visit_c_body,
	[A_C_DIRECTIVE] = visit_c_directive,
	[A_SWIFT_CLASS] = visit_swift_class,
	[A_JSON_PAIR] = visit_json_pair,
	[A_YAML_PAIR] = visit_yaml_pair,
	[A_TOML_TABLE] = visit_toml,
	[A_TOML_PAIR] = visit_toml,
	[A_MD_HEADING] = visit_heading_act,
};

/* Applies the node's action; returns the definition its children nest in, or -1 to inherit. */
static int visit(struct walker *w, size_t depth, TSNode n, enum act a)
{
	visitor v = (size_t)a < sizeof visitors / sizeof *visitors ? visitors[a] : NULL;
	return v ? v(w, depth, n, a) : -1;
}

static void walker_reserve(struct walker *w, size_t depth)
{
	if (depth < w->cap)
		return;
	size_t cap = w->cap ? w->cap * 2 : 64;
	while (cap <= depth)
		cap *= 2;
	w->path = xrealloc(w->path, cap * sizeof *w->path);
	w->scope = xrealloc(w->scope, cap * sizeof *w->scope);
	w->prefix_here = xrealloc(w->prefix_here, cap * sizeof *w->prefix_here);
	w->pending = xrealloc(w->pending, cap * sizeof *w->pending);
	memset(w->pending + w->cap, 0, (cap - w->cap) * sizeof *w->pending);
	w->cap = cap;
}

void ts_collect(const struct lang *lang, const TSTree *tree, const char *data, long n_lines,
		const size_t *occ, size_t n_occ, struct defs *out)
{
	struct info in;
	info_init(&in, lang);
	struct walker w = {.lang = lang, .in = &in, .data = data, .out = out, .kr_def = -1};
	if (lang->id == L_MARKDOWN)
		occ = NULL;
	TSTreeCursor c = ts_tree_cursor_new(ts_tree_root_node(tree));
	size_t depth = 0;
	walker_reserve(&w, 0);
	w.pending[0] = 0;
	for (;;) {
		TSNode n = ts_tree_cursor_current_node(&c);
		walker_reserve(&w, depth);
		w.path[depth] = n;
		w.scope[depth] = parent_at(&w, depth);
		w.prefix_here[depth] = w.pending[depth];
		enum act a = act_of(&w, n);
		if (a == A_PREFIX) {
			if (!w.pending[depth])
				w.pending[depth] = line_of(n);
		} else if (a != A_COMMENT && ts_node_is_named(n)) {
			w.pending[depth] = 0;
		}
		if (a != A_NONE && a != A_PREFIX && a != A_COMMENT && a != A_WRAP) {
			int idx = visit(&w, depth, n, a);
			if (idx >= 0)
				w.scope[depth] = idx;
		}
		if ((!occ || ranges_occ_in(occ, n_occ, ts_node_start_byte(n), ts_node_end_byte(n))) &&
		    ts_tree_cursor_goto_first_child(&c)) {
			depth++;
			walker_reserve(&w, depth);
			w.pending[depth] = 0;
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
	if (lang->id == L_MARKDOWN)
		finish_headings(&w, n_lines);
	free(w.path);
	free(w.scope);
	free(w.prefix_here);
	free(w.pending);
	free(w.heads);
	free(in.act);
}
