/* Per-language definition rules: which named node types of each grammar define something, and
 * how (enum act, ts_walk.h). A language's table is turned into a per-symbol byte array once, so
 * the walk (ts_walk.c) costs one array load per node and never compares type strings or compiles a
 * query. Apart from the walk because a new language is a table here, not a change to the walk. */
#include <stdio.h>
#include <string.h>

#include "../alloc.h"
#include "ts_walk.h"

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

const char *const field_names[F_COUNT] = {
	"name",  "type",     "declarator", "key",   "scope",  "path", "qualifier",       "receiver",
	"value", "property", "left",       "right", "object", "body", "heading_content", "attribute",
};

void info_init(struct info *in, const struct lang *lang)
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
unsigned char resolve_act(const struct lang *lang, const struct info *in, TSSymbol s)
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
