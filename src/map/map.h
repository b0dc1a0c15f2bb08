/* lets map: a tree's shape in one bounded answer. The call runs in phases, each in its own file:
 *  - collect.c: the roots as find takes them, find's walk and ignore rules, then every kept file
 *    read once on the walk's thread pool: a code file is parsed whole for its definitions
 *    (symbols/outline.h) and scanned for the identifiers it spells, each file into its own slot,
 *    so nothing depends on the thread count; vendored trees (vendor/, node_modules/,
 *    third_party/) are counted, not read, and generated files ("Code generated … DO NOT EDIT",
 *    "@generated") are counted and not ranked;
 *  - rank.c: the file graph (file A spells a name file B defines: an edge A→B weighted by how
 *    often, shared among the name's definers), PageRank over it (damping 0.85, at most 100
 *    iterations or until the change is under 1e-10; the teleport vector is uniform, or the focus),
 *    each definition's score (its file's rank flowing in through references to its name), and the
 *    order they print in: score, then path, then line;
 *  - render.c: the outline (two directory levels, file counts, main languages, folded trees on
 *    one line), then the definitions in that order while they fit the budget, grouped by file,
 *    each as a ready target with its one-line signature; text, --json or --jsonl.
 * The same tree gives the same bytes: every order is by score then path then line, and the
 * scores are computed on one thread in a fixed order. */
#ifndef LETS_MAP_H
#define LETS_MAP_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../error.h"
#include "../output.h"
#include "../symbols/outline.h"
#include "../walk.h"

struct opts;

/* An identifier a file spells, and how often. */
struct map_ident {
	uint32_t at, len; /* in the file's ident_text */
	uint32_t count;
	uint64_t hash;
};

/* A file's identity as fstat gives it: what a cache record is keyed by (cache.c). */
struct map_stamp {
	uint64_t dev, ino, size, mtime, mtime_ns, ctime, ctime_ns;
};

struct map_file {
	char *path; /* owned, as the walk printed it */
	const char *lang; /* static: the grammar's name, or NULL */
	bool folded; /* under a vendored tree: counted only */
	bool generated; /* a generated-code marker in its first lines: not ranked */
	bool read; /* read and, when code, parsed */
	bool binary; /* read and found binary */
	bool stamped; /* stamp is the identity of the bytes read (fstat'ed before reading) */
	struct map_stamp stamp;
	struct sym_items defs;
	char **sigs; /* owned: each definition's line, trimmed */
	double *score; /* each definition's score (rank.c) */
	struct map_ident *ids; /* owned */
	size_t n_ids;
	char *ident_text; /* owned */
	double rank;
};

/* The focus: teleport weights on files, and the definitions always shown. */
struct map_focus {
	const char *text; /* as typed, or NULL */
	const char *name; /* #NAME's name */
	bool *files; /* owned: the files the teleport lands on (path focus: those under it) */
};

struct map_call {
	const struct opts *o;
	struct map_file *files; /* sorted by path (roots_path_cmp) */
	size_t n_files;
	size_t prefix; /* bytes of the one root every path starts with ("src/"), else 0 */
	struct walk_counts wc;
	long binary, too_large, unreadable;
	struct omits om; /* the roots' failures, then what the render leaves out */
	struct map_focus focus;
	/* rank.c: every definition, in print order */
	struct map_ref {
		uint32_t file, def;
	} * order;
	size_t n_order;
};

void map_call_init(struct map_call *c, const struct opts *o);
/* What f owns (its path too). */
void map_file_release(struct map_file *f);
void map_call_release(struct map_call *c);

/* Collects the roots (o's positionals, "." when none), walks them and reads every file. A root
 * outside the tree refuses the call (E_OUTSIDE_TREE, nothing collected); a missing root is
 * recorded in d and c->om, the others still mapped. */
enum lets_err map_collect(struct map_call *c, struct diag *d);

/* Resolves --focus against the files collected: E_USAGE for an empty one, E_NOT_FOUND (in d,
 * with the next step) for a path no file is under or a #NAME nothing defines. */
enum lets_err map_focus_resolve(struct map_call *c, struct diag *d);

/* Ranks the files and their definitions and fills c->order. */
void map_rank(struct map_call *c);

/* The answer, within the budget, in o's format. */
void map_render(struct map_call *c, struct buf *out);

/* The parse cache (cache.c): each file's reading, under $XDG_CACHE_HOME/lets/map/ (or
 * ~/.cache/lets/map/), one file per current directory and roots, replaced whole (a temporary
 * file renamed). A record is used only while the file's identity (struct map_stamp) is the one
 * it was read with, and only a file whose timestamps are settled (a few seconds old at the
 * call's start, now) is stored: a change within a timestamp's granularity is never missed. Any
 * flaw in the cache (size, header, version, lengths, checksum) makes a miss, never an error:
 * the cache is safe to delete and never needed for the answer. NULL: no cache (no HOME). */
struct map_cache;
struct map_cache *map_cache_open(const struct opts *o, long long now);
void map_cache_close(struct map_cache *mc);
/* Fills f (defs, sigs, ids, ident_text, binary, generated) from its record when one matches
 * its identity now; safe on the reader threads. */
bool map_cache_get(const struct map_cache *mc, struct map_file *f, const struct map_stamp *now);
/* Writes the records of the stamped, settled files, unless they are the cache's own (hits of
 * them came from it and it holds no other). */
void map_cache_save(struct map_cache *mc, const struct map_file *files, size_t n, size_t hits);
/* The identity of st; false when st is not a regular file. */
struct stat;
bool map_stamp_of(struct map_stamp *s, const struct stat *st);
/* Whether s's timestamps are older than now by more than their granularity could hide. */
bool map_stamp_settled(const struct map_stamp *s, long long now);

/* Whether the path names a vendored tree's directory component; for the outline and the tests. */
bool map_vendored_dir(const char *name, size_t len);

/* The PageRank of an n-node graph: edges from[i] → to[i] with weight w[i] (sorted by from),
 * teleport t (sums to 1), into rank (sums to 1). Deterministic for given inputs. For the tests. */
void map_pagerank(size_t n, const uint32_t *from, const uint32_t *to, const double *w, size_t n_edges,
		  const double *t, double *rank);

#endif
