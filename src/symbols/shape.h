/* The shape proof of an edit: code outside the edited lines means what it meant. Internal to
 * src/symbols/ (parse.c runs it on the trees of the structural check, so each version is parsed
 * once); the verdict it fills is parse.h's struct shape_verdict.
 *
 * A "frame" is a multi-line named node opened by a token of its own (`{`, `(`, `def`, `if`,
 * `else`...): the blocks, bodies, argument lists and definitions a line can sit in. A line's
 * chain is the frames around its first token that start on an earlier line, named by their start
 * lines, so that an insert that only shifts line numbers moves nothing. Three promises:
 *  - every line outside the edited lines keeps its chain: a frame starting outside the edit maps
 *    through the line map, frames starting inside edit k are one link "edit k" (a header the edit
 *    rewrote may change; a `}` the edit removed may not move the lines after it); a `{` frame
 *    keeps what it is (block, object), and the nodes between the line's first token and its
 *    innermost frame keep their types (a declaration does not become part of an expression);
 *  - the first code line of an edit is not absorbed by a frame that had closed before it (a
 *    top-level `def` indented into the class above); leaving a frame is the edit's own business;
 *  - in Python, what the interpreter would refuse to compile and tree-sitter accepts (an
 *    IndentationError, 'return'/'yield' outside a function, 'await' or 'async for'/'async with'
 *    outside an async function, 'break'/'continue' outside a loop, a try with no handler, a
 *    repeated parameter or keyword argument) is a failure; in JavaScript and TypeScript the
 *    early errors jscheck.c knows (a `break` outside a loop, a name declared twice in a block).
 * In a file whose tree held parse errors before the edit (and holds no more after it), lines whose
 * first token sits in an error are not judged (what they mean is the parser's guess).
 * Everything is linear in the parsed bytes, the line chains aside (their depth). */
#ifndef LETS_SYMBOLS_SHAPE_H
#define LETS_SYMBOLS_SHAPE_H
#include <stdbool.h>
#include <stddef.h>

#include <tree_sitter/api.h>

#include "parse.h"

struct lang;

/* One version of the parsed text: the tree of data[0..len), which starts on file row row0. */
struct shape_side {
	const TSTree *tree;
	const char *data;
	size_t len;
	long row0;
};

/* A classification of a grammar's symbols made once per symbol from its type name, so a walk
 * pays a load per node instead of string compares. classify returns 1..127. */
struct shape_syms {
	unsigned char *v; /* by symbol: 0 not yet classified */
	uint32_t n;
	unsigned (*classify)(const char *type);
};
void shape_syms_init(struct shape_syms *c, const TSTree *tree, unsigned (*classify)(const char *type));
unsigned shape_syms_get(struct shape_syms *c, TSNode n);
void shape_syms_release(struct shape_syms *c);

/* n's named children, through one cursor (ts_node_named_child walks from the first child on each
 * call, so a loop over a long list, a minified `var` of thousands, would be quadratic). *out is
 * the caller's to free. */
size_t shape_named_children(TSNode n, TSNode **out);

/* Compares the two versions over hunks h[0..n) (ascending, in file lines); the first violation
 * goes to out (left SHAPE_OK otherwise). Returns false, judging nothing, when a line outside the
 * hunks does not hold the same bytes on both sides (a line map that does not fit the texts). */
bool shape_compare(const struct lang *lang, const struct shape_side *before, const struct shape_side *after,
		   const struct line_hunk *h, size_t n, struct shape_verdict *out);

/* Python only: true when the interpreter would compile side's text, as far as the rules above
 * go; else false with *line (1-based, in the file) and why ("unexpected indent") filled. */
bool shape_python_compiles(const struct shape_side *side, long *line, char *why, size_t why_size);

/* The whole file a JavaScript or TypeScript side was cut from: its bytes, where the parsed region
 * lies in them (the file's top level outside it is read as text, for names declared twice), and
 * whether a `return` outside a function is an error there (shape_js_module). */
struct js_file {
	const char *data;
	size_t len, region_start, region_len;
	bool module;
};
/* JavaScript and TypeScript: the same for the early errors jscheck.c knows (V8's words in why). */
bool shape_js_compiles(const struct shape_side *side, const struct js_file *file, long *line, char *why,
		       size_t why_size);
/* What a JavaScript name is, for jscheck.c and jstext.c: two declarations of one name in one
 * block clash when either is lexical (let, const, class, an import), or both are functions in
 * a module outside a function's own block; a TypeScript type, enum or namespace never does. */
/* D_GETTER and D_SETTER: a class's private accessors (#x), of which one of each is one name. */
enum decl_kind { D_LEX, D_FUNC, D_VAR, D_PARAM, D_TYPE, D_GETTER, D_SETTER };
enum js_role { JS_NONE, JS_DECLARES, JS_EXPORTS, JS_EXPORTS_LOCAL };
struct js_name {
	const char *s; /* the name's bytes, in the text it was read from */
	size_t len;
	enum js_role role; /* declared, exported, or the local name an export list exports */
	enum decl_kind kind;
};
struct js_names {
	struct js_name *v;
	size_t n, cap;
};
/* Appends the names the top-level lines of file[0..len) outside [skip_start, skip_end) declare
 * and export, read as text (jstext.c: one-line forms only). */
void js_text_names(const char *file, size_t len, size_t skip_start, size_t skip_end, struct js_names *out);
void js_names_release(struct js_names *v);
/* The length of the identifier at s (0: none). */
size_t js_ident_len(const char *s, const char *end);

/* Whether the after region declares at its top level a name the before region did not, that
 * occurs as a word in the file outside the region: a declaration out there that the text scan
 * cannot read (destructured, indented, a multi-line import) might make it a second one, so the
 * caller judges the whole file instead. */
bool shape_js_new_top_name(const struct shape_side *before, const struct shape_side *after,
			   const struct js_file *file);

/* Whether a top-level `return` is an error in path's file holding data: TypeScript (not .cts),
 * .mjs, or JavaScript with a line starting with an import or export statement. */
bool shape_js_module(const char *path, const char *data, size_t len);

#endif
