/* What symbols.c and partial.c share, internal to src/symbols/: the query a #name makes, its
 * candidates, and the trees parsed from one file within one call. symbols.c matches names and
 * reports; partial.c decides which bytes of a file to parse and collects the definitions there. */
#ifndef LETS_SYMBOLS_PARTIAL_H
#define LETS_SYMBOLS_PARTIAL_H
#include <stdbool.h>
#include <stddef.h>

#include <tree_sitter/api.h>

#include "chunk.h"
#include "defs.h"
#include "ranges.h"

struct file;
struct keypath_keys;
struct lang;

/* What #name asks for: the dotted path, and whether it starts at the root of the document
 * ("$.a.b" in JSON, YAML and TOML: a, then b inside it, with a at the top level). */
struct query {
	const char *s; /* in JSON, YAML and TOML: what the bytes hold of each key, joined by dots */
	size_t len;
	const struct keypath_keys *keys; /* JSON, YAML, TOML: the keys (keypath.h); NULL elsewhere */
	bool root;
	bool overloads; /* TypeScript: signatures right before an implementation join its span */
	bool stubs; /* Python @overload signatures are candidates beside the implementation (find --def) */
	struct trees *trees; /* the file's trees parsed so far, or NULL */
};

/* The trees parsed from one file's bytes within one call (symbols_enclosing and the lookups of
 * its names): tree-sitter is deterministic, so the same bytes over the same included ranges give
 * the same tree, and a lookup whose ranges an earlier parse had walks that tree again (with its
 * own occurrences) instead of parsing them a second time. The answer is the same by
 * construction; only the parse is saved. */
struct trees {
	struct parsed {
		TSRange *ranges; /* owned; NULL for the whole file */
		size_t n;
		TSTree *tree;
		bool clean; /* no parse error in it */
	} * v;
	size_t n, cap;
	struct chunk_scan scan; /* the strings and comments of the file, for cuts_in_code */
};

struct cand {
	long start, end, line;
	int def; /* its index in the defs */
	bool guessed_end;
	bool plain; /* found by the plaintext heuristic */
	bool joined; /* a key holding dots matched a run of unquoted keys: a second reading */
};

/* The candidates for q among ds (every one when q is NULL) into *out, which the caller frees;
 * how many (symbols.c). */
size_t select_candidates(const struct defs *ds, const struct query *q, struct cand **out);

/* Frees what t holds and zeroes it. */
void trees_release(struct trees *t);
/* Parses text (f's bytes or a same-length copy) over r's ranges, or whole, and collects the
 * definitions into ds; true when the tree holds a parse error. */
bool collect(const struct lang *lang, const struct file *f, const char *text, const struct ranges *r,
	     bool whole, struct trees *trees, struct defs *ds);
/* The string and comment forms of a chunkable grammar whose cuts a scan checks, or NULL. */
const struct chunk_lexis *lexis_of(const struct lang *lang);
/* Every item of r starts and ends in code (the scan is kept in trees when given). */
bool cuts_in_code(const struct file *f, const struct chunk_lexis *lx, const struct ranges *r,
		  struct trees *trees);
/* The end of a PHP file's "<?php" line when the rest is PHP alone, else 0. */
size_t php_prelude(const struct lang *lang, const struct file *f);
/* Collects the definitions that can match q. Returns false when q cannot occur in the file. */
bool ts_definitions(const struct lang *lang, const struct file *f, const struct query *q, struct defs *ds);
/* Every definition of the file, from one full parse. */
void ts_definitions_all(const struct lang *lang, const struct file *f, struct defs *ds);

#endif
