/* The tree walk that turns a tree-sitter tree into definitions (defs.h), shared by the three files
 * that implement it; internal to src/symbols/ts_*.c. ts_rules.c holds each grammar's table of node
 * types and their actions, ts_walk.c the walk itself with its shared helpers and the visitors of
 * markup and data files, ts_code.c the visitors of the programming languages. */
#ifndef LETS_SYMBOLS_TS_WALK_H
#define LETS_SYMBOLS_TS_WALK_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <tree_sitter/api.h>

#include "defs.h"
#include "lang.h"

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
/* By enum field: the grammar field names. */
extern const char *const field_names[F_COUNT];

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

/* Starts in's per-symbol cache for lang; the caller frees in->act. */
void info_init(struct info *in, const struct lang *lang);
/* The action of symbol s in lang's rules (by name, aliases included); A_NONE when it has none. */
unsigned char resolve_act(const struct lang *lang, const struct info *in, TSSymbol s);

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

#define MAX_PARTS 16

/* Each visitor applies one action to node n at depth and returns the definition n's children
 * nest in, or -1 to inherit the enclosing one. */
typedef int (*visitor)(struct walker *w, size_t depth, TSNode n, enum act a);

static inline long line_of(TSNode n)
{
	return (long)ts_node_start_point(n).row + 1;
}

/* The walk's helpers (ts_walk.c), for the visitors in ts_code.c. */
TSNode named_child(TSNode n, uint32_t i);
TSNode field(const struct walker *w, TSNode n, enum field f);
bool type_is(TSNode n, const char *type);
int name_parts(const struct walker *w, TSNode n, TSNode *parts, int k, int max);
long end_line_of(TSNode n);
int add_def(struct walker *w, TSNode name, int parent, enum def_kind kind, bool virtual_, bool weak,
	    long start, long end);
int add_named(struct walker *w, TSNode *parts, int k, int parent, enum def_kind kind, bool weak, long start,
	      long end);
void span_at(struct walker *w, size_t depth, long *start, long *end);
int parent_at(const struct walker *w, size_t depth);
bool at_top(const struct walker *w, int parent);
int visit_named(struct walker *w, size_t depth, TSNode n, enum def_kind kind, bool weak);

/* The visitors of the programming languages (ts_code.c), by the actions they apply. */
int visit_plain(struct walker *w, size_t depth, TSNode n, enum act a);
int visit_go_method(struct walker *w, size_t depth, TSNode n, enum act a);
int visit_go_spec(struct walker *w, size_t depth, TSNode n, enum act a);
int visit_go_var(struct walker *w, size_t depth, TSNode n, enum act a);
int visit_rust_impl(struct walker *w, size_t depth, TSNode n, enum act a);
int visit_js_var(struct walker *w, size_t depth, TSNode n, enum act a);
int visit_js_field(struct walker *w, size_t depth, TSNode n, enum act a);
int visit_js_assign(struct walker *w, size_t depth, TSNode n, enum act a);
int visit_assign(struct walker *w, size_t depth, TSNode n, enum act a);
int visit_c_func(struct walker *w, size_t depth, TSNode n, enum act a);
int visit_c_decl(struct walker *w, size_t depth, TSNode n, enum act a);
int visit_c_body(struct walker *w, size_t depth, TSNode n, enum act a);
int visit_c_directive(struct walker *w, size_t depth, TSNode n, enum act a);
int visit_c_tag(struct walker *w, size_t depth, TSNode n, enum act a);
int visit_swift_class(struct walker *w, size_t depth, TSNode n, enum act a);

#endif
