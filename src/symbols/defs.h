/* What the symbols resolvers collect: every definition a file holds, in document order, each with
 * its name, the lines of its span and the definition it is nested in. Internal to src/symbols/.
 *
 * Names are slices of the file's bytes, so a defs list lives no longer than the file data it was
 * collected from; only a JSON, YAML or TOML key written with escapes ("a\"b") is copied, decoded
 * (keypath_unescape), into the list's own storage. A "virtual" definition is a container named elsewhere — the
 * receiver type of a Go method, a Rust impl block's type, the Outer:: of a C++ out-of-class
 * method — it lets "Store.Open" match but is never a candidate itself. A "weak" definition is a
 * declaration without a body (a C prototype, a TypeScript overload signature): it is a candidate
 * only when no definition with a body has the name. */
#ifndef LETS_SYMBOLS_DEFS_H
#define LETS_SYMBOLS_DEFS_H
#include <stdbool.h>
#include <stddef.h>

#include <tree_sitter/api.h>

struct lang;
struct file;

enum def_kind {
	K_FUNC, /* a function, method or macro: a scope, names inside it are locals */
	K_TYPE, /* a class, struct, module, namespace, impl: names inside it are members */
	K_VALUE, /* a variable, constant or key */
};

struct def {
	const char *name; /* points into the file's bytes */
	size_t name_len;
	long start, end; /* span, 1-based inclusive lines */
	long line; /* the line the name is on: the candidate line of an ambiguity */
	bool broken; /* its node holds an ERROR or MISSING node */
	int parent; /* index of the enclosing definition, -1 at top level */
	enum def_kind kind;
	bool virtual_;
	bool weak;
	bool overload; /* a Python @overload signature (weak): listed by find --def as "overload" */
	bool guessed_end; /* plaintext span not closed by brace matching */
};

struct defs {
	struct def *v;
	size_t n, cap;
	char *text; /* owned: the bytes names point into when not the file's (see cmacro.h) */
	char **decoded; /* owned: the decoded names of keys written with escapes */
	size_t n_decoded, cap_decoded;
	bool errors; /* the tree they came from holds a parse error */
};
#define DEFS_INIT \
	{         \
		0 \
	}

/* Appends a definition and returns its index. */
int defs_add(struct defs *ds, const struct def *d);
void defs_release(struct defs *ds);
/* What a definition in code is, as find --def names it: "type", "value", "overload", "method"
 * (a function inside a type) or "function". */
const char *defs_code_kind(const struct defs *ds, int i);

/* Markdown and YAML files of at least this many bytes are parsed around the name only (see
 * symbols.c); smaller ones whole. 0 also lets every other grammar parse around the name however
 * much of the file that is; SIZE_MAX parses every file whole, for lookups and symbols_enclosing
 * alike (the reference the differential tests hold the partial parses to). A variable so the
 * tests can exercise every path. */
extern size_t symbols_partial_min;

/* Calls visit on each ERROR and MISSING node of tree, in document order (parse.c). Only subtrees
 * that hold an error are entered (ts_node_has_error), so a clean tree costs one check. */
void ts_each_error(const TSTree *tree, void (*visit)(TSNode node, void *ctx), void *ctx);

/* Collects the definitions of a parsed tree (ts_rules.c). n_lines is the file's line count, for
 * spans that run to the end of the file (a Markdown section). With occ (ascending byte offsets
 * where the wanted name occurs) the walk enters only nodes holding one of them: a definition
 * of that name and every definition around it are on the way, the rest of the tree is not
 * (Markdown, whose sections end at the next heading, is always walked whole). */
void ts_collect(const struct lang *lang, const TSTree *tree, const char *data, long n_lines,
		const size_t *occ, size_t n_occ, struct defs *out);

/* The first "language:node_type" of the rule tables that its grammar lacks (a typo, or a grammar
 * upgrade that renamed a node), or NULL. For the unit tests. */
const char *ts_rules_missing(void);

/* JSON's definitions on the way to occ[0..n_occ) (ascending byte offsets where the name's last
 * part occurs), read off the text as the tree walk would find them (jsondefs.c); false, with
 * out as it was, when the text is not JSON the scan is sure tree-sitter reads cleanly. */
bool json_collect(const struct file *f, const size_t *occ, size_t n_occ, struct defs *out);

/* Collects the plaintext heuristic's candidates for name (plaintext.c): lines where name is a
 * whole word after a definition keyword, or, when no line has that, right before "(". */
void plaintext_collect(const struct file *f, const char *name, size_t name_len, struct defs *out);

#endif
