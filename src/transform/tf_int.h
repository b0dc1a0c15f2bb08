/* Inside lets transform: the value typed on the command line, the key path, the document model
 * read off the tree-sitter tree, and the splices an operation produces. Offsets are bytes into
 * the buffer being edited (for frontmatter, the whole Markdown file). */
#ifndef LETS_TRANSFORM_TF_INT_H
#define LETS_TRANSFORM_TF_INT_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../buf.h"
#include "tf.h"

/* A value as typed, read as JSON would read it; numbers keep their text ("3.10"). */
enum tv_kind { TV_NULL, TV_BOOL, TV_NUM, TV_STR, TV_ARR, TV_OBJ };
struct tv {
	enum tv_kind k;
	char *s; /* owned: decoded string, number text, "true"/"false" */
	size_t len;
	struct tv *items; /* owned: array items or object values */
	char **keys; /* owned: object keys (NUL-terminated, may hold NUL? no: refused) */
	size_t n, cap;
};
#define TV_INIT   \
	{         \
		0 \
	}

/* Parses exactly one JSON value (surrounding whitespace allowed); false leaves v empty. */
bool tv_parse(struct tv *v, const char *s, size_t n);
void tv_set_string(struct tv *v, const char *s, size_t n);
void tv_release(struct tv *v);
/* Wraps v as {key: v}; v is moved into the result. */
void tv_wrap(struct tv *v, const char *key);

/* Encoders. in_flow: the value goes inside a flow collection (YAML's ,[]{} are then special). */
void tv_json(struct buf *b, const struct tv *v);
void tv_yaml_flow(struct buf *b, const struct tv *v, bool in_flow);
/* A YAML block value after "key:" or "-": " scalar", or a newline and indented block lines. */
void tv_yaml_block(struct buf *b, const struct tv *v, int indent, int step);
/* TOML; false (message in err) for null or an integer outside i64. */
bool tv_toml(struct buf *b, const struct tv *v, char *err, size_t err_size);
/* A key: JSON "k"; YAML plain when it can be, else double-quoted; TOML bare or "quoted". */
void key_json(struct buf *b, const char *k);
void key_yaml(struct buf *b, const char *k, bool in_flow);
void key_toml(struct buf *b, const char *k);
/* Would a YAML reader take s, written plain, as the string s? */
bool yaml_plain_ok(const char *s, size_t n, bool in_flow);
/* Does s look like a number to YAML or TOML (so a plain write would change its type)? */
bool yaml_resolves_non_string(const char *s, size_t n);

/* A key path: keys, [N] indexes, [field=value] selectors, and a final [] (append). Keys are read
 * and printed by the grammar in keypath.h. */
enum seg_kind { SEG_KEY, SEG_INDEX, SEG_SELECT };
struct seg {
	enum seg_kind k;
	char *key; /* owned: the key, or the selector's field */
	char *value; /* owned: the selector's value */
	long index;
	bool quoted; /* typed "…" or with an escape (my\.dep): one literal key, printed quoted */
};
struct tpath {
	struct seg *s;
	size_t n, cap;
	char *typed; /* owned: the path as typed (before any '=', without a final []) */
	bool brackets; /* ended in [] (append) */
	char *value; /* owned: the text after '=', NULL for delete */
	size_t value_len;
};
#define TPATH_INIT \
	{          \
		0  \
	}
/* Parses arg; want_value: an '=' and a value must follow. Usage messages name flag ("--set
 * <SET>"); a leading dot is not_found with a hint. */
enum lets_err tpath_parse(struct tpath *p, const char *arg, bool want_value, const char *flag,
			  struct diag *d);
/* The path as resolved: keys in the grammar's spelling (a quoted key keeps its quotes, a key
 * holding . [ ] = quotes # or space gets them), selectors as [N]. */
void tpath_print(struct buf *b, const struct tpath *p, size_t upto);
void tpath_release(struct tpath *p);

/* The document model: maps, sequences and scalars with their byte spans. */
enum tn_kind { TN_SCALAR, TN_MAP, TN_SEQ };
enum tn_style {
	ST_FLOW, /* JSON, YAML flow, TOML inline array/table: brackets and commas */
	ST_BLOCK, /* YAML block mapping/sequence */
	ST_TOML_ROOT, /* the top of a TOML file */
	ST_TOML_TABLE, /* a [table] */
	ST_TOML_DOTTED, /* a table made by dotted keys (a.b = 1) */
	ST_TOML_IMPLICIT, /* a table made only as a parent of [a.b] */
	ST_TOML_AOT, /* [[array]] of tables */
	ST_YAML_DOCS, /* the documents of a YAML stream of several: the root, addressed as [N] */
};
enum sc_type { SC_STRING, SC_NUMBER, SC_BOOL, SC_NULL, SC_OTHER };

struct te;
struct tn {
	enum tn_kind kind;
	enum tn_style style;
	uint32_t start, end; /* the value's bytes; an absent YAML value has start == end */
	uint32_t open, close; /* ST_FLOW: offsets of the brackets */
	enum sc_type sc;
	char quote; /* scalar: 0 plain, '"', '\'', '|' (block or multi-line: not editable as one) */
	char *text; /* owned: decoded scalar text */
	size_t text_len;
	bool tagged, alias;
	struct te *kids;
	size_t n, cap;
	/* TOML tables: where a new key line goes, and the dotted prefix it needs */
	uint32_t ins;
	char *prefix; /* owned; "" or "a.b." */
	char *header; /* owned: an [[array]]'s header text, "bin" */
	int indent; /* YAML block: the column of its keys / dashes */
	struct tn *sect; /* ST_TOML_DOTTED: the table whose lines it lives in */
};
struct te {
	char *key; /* owned; NULL in a sequence */
	uint32_t start, end; /* the whole entry: key to value end, or dash/item; a TOML table section */
	uint32_t after; /* YAML/TOML: just past ':' '=' or '-' (where a replacement value starts) */
	struct tn *val;
};

struct doc {
	struct tn *root; /* NULL: an empty document */
	const char *path; /* for messages */
	const char *src;
	size_t len;
	enum format fmt;
	uint32_t base, limit; /* frontmatter: the YAML between the fences */
};
/* Builds the model of src (for frontmatter: of its YAML part). false: the tree has an error.
 * A JSON or YAML document json_fast_model or yaml_fast_model is sure of is read without
 * tree-sitter, to the same model. */
bool doc_build(struct doc *d, enum format f, const char *src, size_t len);
/* The model of what src means, for the meaning proof: doc_build's, and a single-pair mapping in a
 * YAML flow sequence ([a, b: 1]) read as the map it is, which transform does not edit. */
bool doc_read(struct doc *d, enum format f, const char *src, size_t len);
/* doc_build always through tree-sitter: the reference json_fast_model is tested against. */
bool doc_build_tree(struct doc *d, enum format f, const char *src, size_t len);
void doc_release(struct doc *d);
void tn_free(struct tn *n);
/* A double-quoted string's content decoded as JSON decodes it; the raw bytes between the
 * quotes when it will not decode. */
char *tf_decode_quoted(const char *s, size_t n, size_t *out_len);
/* A hex digit's value, or -1 (the \uXXXX escapes of value.c and jsonscan.c). */
int tf_hexval(char c);

/* tf_valid's JSON verdict from jansson alone, its numbers read as 0, its comments blanked and, in
 * JSONC, its trailing commas: the reference json_fast_valid is tested against. */
bool tf_valid_jansson(const char *s, size_t n, bool jsonc, char *detail, size_t detail_size);
/* jsonscan.c: a strict JSON(C) scanner that answers only when sure (see there). True: jansson
 * accepts s as tf_valid_jansson reads it; false: ask jansson. */
bool json_fast_valid(const char *s, size_t n, bool jsonc);
/* True: *root is the model doc_build_tree would build of src; false: not sure, nothing built. */
bool json_fast_model(const char *src, size_t len, struct tn **root);
/* yamlscan.c: the same for a plain block-style YAML file; false: not sure, nothing built. */
bool yaml_fast_model(const char *src, size_t len, struct tn **root);
/* True: yaml_fast_model would answer for src, which is then YAML libyaml accepts (the subset it
 * reads is plain YAML); false: ask libyaml. */
bool yaml_fast_valid(const char *src, size_t len);
/* tf_valid's YAML verdict from libyaml alone: the reference yaml_fast_valid is tested against. */
bool tf_valid_libyaml(const char *s, size_t n, char *detail, size_t detail_size);

/* One op's edit: splices on the current bytes (none overlapping), and the offset of its key. */
struct splice {
	size_t start, end;
	char *rep; /* owned */
	size_t rep_len;
};
struct edit {
	struct splice *sp;
	size_t n, cap;
	/* where the op's key sits: in splice key_sp's replacement at key_off, or (key_sp < 0) at
	 * key_old in the bytes before the op */
	long key_sp;
	size_t key_off, key_old;
	bool is_delete; /* the key line is where the removed lines were */
};
void edit_add(struct edit *e, size_t start, size_t end, const char *rep, size_t rep_len);
void edit_release(struct edit *e);

/* Per-format operations on the model (splice.c). Each fills e or records the failure in d. */
enum lets_err op_replace(const struct doc *d, struct tn *parent, size_t idx, const struct tv *v,
			 struct edit *e, struct diag *dg, const char *what);
/* "<file> is unsupported: <what> cannot be changed in place (<why>)" */
enum lets_err unsupported_key(struct diag *dg, const struct doc *d, const char *what, const char *why);
enum lets_err op_insert_key(const struct doc *d, struct tn *map, const char *key, const struct tv *v,
			    struct edit *e, struct diag *dg, const char *what);
enum lets_err op_delete(const struct doc *d, const struct te *holder, struct tn *parent, size_t idx,
			struct edit *e, struct diag *dg, const char *what);
enum lets_err op_append(const struct doc *d, struct tn *seq, const struct tv *v, struct edit *e,
			struct diag *dg, const char *what);

/* Byte helpers. */
size_t line_begin(const char *s, size_t off);
/* Offset just past the '\n' ending the line holding off (len at the end). */
size_t line_after(const char *s, size_t len, size_t off);
/* Skips spaces, tabs, newlines and comments of fmt from off up to lim. */
size_t skip_blank(const char *s, size_t off, size_t lim, enum format fmt);

#endif
