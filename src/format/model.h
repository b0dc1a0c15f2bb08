/* The document model of a data file: its maps, sequences and scalars with the byte spans an
 * operation splices (transform/) and the meaning proof compares (transform/meaning.c). JSON and YAML
 * nest as their syntax does; TOML's tables are put together from [headers], [[arrays]] and dotted
 * keys, each remembering where a new key line goes. Read off a tree-sitter tree by a file per
 * format (model_json.c, model_yaml.c, model_toml.c; the shared part in model.c); the common plain
 * JSON or block YAML file is read to the same model without a tree, by the scanners in jsonscan.c
 * and yamlscan.c, which decline anything they are not sure of: a tree-sitter parse of a whole file
 * costs several times the rest of a transform. Offsets are bytes into the buffer read (for
 * frontmatter, the whole Markdown file). */
#ifndef LETS_FORMAT_MODEL_H
#define LETS_FORMAT_MODEL_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "format.h"

struct buf;
struct keymap;

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
	struct keymap *keys; /* NULL, or transform's index of map keys (set and owned by the caller) */
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
/* A double-quoted string's content decoded as JSON decodes it (jsonc_decode); the raw bytes
 * between the quotes when it will not decode, or for a single-quoted one. Caller frees. */
char *model_decode_quoted(const char *s, size_t n, size_t *out_len);

/* A TOML key as TOML writes it: bare when it can be, else "quoted" (a dotted table's prefix in the
 * model, a new key in transform). */
void key_toml(struct buf *b, const char *k);

/* jsonscan.c: a strict JSON(C) scanner that answers only when sure (see there). True: jansson
 * accepts s as json_valid_jansson reads it; false: ask jansson. */
bool json_fast_valid(const char *s, size_t n, bool jsonc);
/* True: *root is the model doc_build_tree would build of src; false: not sure, nothing built. */
bool json_fast_model(const char *src, size_t len, struct tn **root);
/* yamlscan.c: the same for a plain block-style YAML file; false: not sure, nothing built. */
bool yaml_fast_model(const char *src, size_t len, struct tn **root);
/* True: yaml_fast_model would answer for src, which is then YAML libyaml accepts (the subset it
 * reads is plain YAML); false: ask libyaml. */
bool yaml_fast_valid(const char *src, size_t len);
/* Byte helpers. */
size_t line_begin(const char *s, size_t off);
/* Offset just past the '\n' ending the line holding off (len at the end). */
size_t line_after(const char *s, size_t len, size_t off);
/* The 1-based number of the line holding byte off. */
long line_of(const char *s, size_t off);

#endif
