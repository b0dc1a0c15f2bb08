/* Inside lets transform: the value typed on the command line, the key path, and the splices an
 * operation makes on the document model (format/model.h). Offsets are bytes into the buffer
 * being edited (for frontmatter, the whole Markdown file). */
#ifndef LETS_TRANSFORM_TF_INT_H
#define LETS_TRANSFORM_TF_INT_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../buf.h"
#include "../format/model.h"
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
/* A key: JSON "k"; YAML plain when it can be, else double-quoted (TOML's: key_toml, model.h). */
void key_json(struct buf *b, const char *k);
void key_yaml(struct buf *b, const char *k, bool in_flow);
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

/* Where a key path leads (lookup.c). */
struct lookup_hit {
	struct tn *node; /* NULL: the path ends in a missing key */
	struct tn *parent; /* the container holding node (or where the missing key would go) */
	size_t idx;
	struct te *holder; /* the entry holding parent; NULL for the document's top */
	size_t depth; /* segments resolved */
	bool in_null; /* the path goes on through a null: parent->kids[idx] (--set makes it a map) */
};
/* Resolves p on doc into h, each selector turned into an index (and recorded in resolved); an
 * ambiguous, missing or not-in-place step is the error in d (op names the flag in the ready
 * commands). A path ending in a missing key is found, with h->node NULL. */
enum lets_err lookup_path(const struct doc *doc, const struct tf_op *op, struct tpath *p,
			  struct lookup_hit *h, struct omits *resolved, struct diag *d);
/* A path without [N] in doc, a stream of several YAML documents: ambiguous, listing the documents
 * and the ready commands. */
enum lets_err lookup_docs(const struct doc *doc, const struct tpath *p, const struct tf_op *op,
			  struct diag *d);

/* anchors.c: e's splices on doc (YAML) against its anchors. An anchor e removes that an alias
 * outside e still uses is ambiguous (the aliases listed, what names the key); else *reach is the
 * number of aliases to anchored nodes e changes inside. */
enum lets_err anchors_check(const struct doc *doc, const struct edit *e, const char *what, long *reach,
			    struct diag *d);

/* tf_apply with every operation parsed on its own, none queued (engine.c): the reference the
 * queue is tested against (tests/unit/t_transform.c). */
enum lets_err tf_apply_unqueued(enum format f, const char *path, const char *src, size_t len,
				const struct tf_op *ops, size_t n_ops, struct tf_result *r, struct diag *d);

/* Skips spaces, tabs, newlines and comments of fmt from off up to lim. */
size_t skip_blank(const char *s, size_t off, size_t lim, enum format fmt);

#endif
