/* The one tree walk that applies the per-language rules (ts_rules.c) to a tree-sitter tree:
 * the walker, its helpers, the dispatch by action, and the visitors of markup and data files
 * (Markdown headings, JSON, YAML and TOML keys); the programming languages' visitors are in
 * ts_code.c.
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
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../buf.h"
#include "../keypath.h"
#include "ranges.h"
#include "ts_walk.h"

/* Child accessors that accept a null node (an error-recovered tree can lack a field), where
 * tree-sitter's own would dereference it. */
TSNode named_child(TSNode n, uint32_t i)
{
	if (ts_node_is_null(n)) {
		TSNode none = {0};
		return none;
	}
	return ts_node_named_child(n, i);
}

TSNode field(const struct walker *w, TSNode n, enum field f)
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

bool type_is(TSNode n, const char *type)
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
int name_parts(const struct walker *w, TSNode n, TSNode *parts, int k, int max)
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

/* A node that ends at column 0 ends with the newline of the line before. */
long end_line_of(TSNode n)
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

int add_def(struct walker *w, TSNode name, int parent, enum def_kind kind, bool virtual_, bool weak,
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
int add_named(struct walker *w, TSNode *parts, int k, int parent, enum def_kind kind, bool weak, long start,
	      long end)
{
	if (k == 0)
		return -1;
	for (int i = 0; i < k - 1; i++)
		parent = add_def(w, parts[i], parent, K_TYPE, true, false, start, end);
	return add_def(w, parts[k - 1], parent, kind, false, weak, start, end);
}

/* The span of the definition at depth: climbs wrappers, then takes in A_PREFIX siblings. */
void span_at(struct walker *w, size_t depth, long *start, long *end)
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

int parent_at(const struct walker *w, size_t depth)
{
	return depth ? w->scope[depth - 1] : -1;
}

/* Top level: not inside a function (a local is not a definition anyone asks for). */
bool at_top(const struct walker *w, int parent)
{
	return parent < 0 || w->out->v[parent].kind == K_TYPE;
}

int visit_named(struct walker *w, size_t depth, TSNode n, enum def_kind kind, bool weak)
{
	TSNode parts[MAX_PARTS];
	int k = name_parts(w, field(w, n, F_NAME), parts, 0, MAX_PARTS);
	long start, end;
	span_at(w, depth, &start, &end);
	return add_named(w, parts, k, parent_at(w, depth), kind, weak, start, end);
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
