/* One `lets find` call, in phases that verb/find.c runs in order. Internal to src/find/ and
 * verb/find.c.
 *
 * query:  the pattern (under --def the name's last part, literally), the sink mode and the regex;
 *         when nothing hit, the pattern's grep-style reading (query.c)
 * roots:  the paths named, split into directories to walk and files to read (roots.h, shared
 *         with paths)
 * pass:   walk → read → search → sink on the walk's thread pool; each file's hits (and the lines
 *         it may print) land in the tally, sorted by path, so the answer does not depend on the
 *         thread count (pass.c, with the per-thread sinks in sink.c)
 * defs:   the symbol layer's views of the hit files, each read again beneath the same root and
 *         parsed on the pool: -p heads each hit with its enclosing definition, --def lists the
 *         definitions of a name in the files the prefilter kept (defs.c)
 * render: the hit blocks, the --files/--count rows, or over the cap the busiest files and the
 *         hits by directory (rollup.c); the omissions in the footer's order; not_found (render.c)
 *
 * Who owns what: the call owns everything in it; find_call_release frees it all. */
#ifndef LETS_FIND_FIND_H
#define LETS_FIND_FIND_H
#include <stdbool.h>
#include <stddef.h>

#include "../buf.h"
#include "../ignore.h"
#include "../output.h"
#include "../walk.h"
#include "roots.h"
#include "sink.h"

struct opts;
struct regex;
struct worktree;

/* Totals of one search pass. */
struct find_tally {
	struct sink_result *res; /* the files with hits, sorted by path */
	size_t n_res;
	long total; /* hits (under --def, once defs ran: definitions) */
	struct sink_counts n; /* n.other is also added to wc.other */
	struct walk_counts wc;
	const struct worktree *beneath; /* what hit files are read again beneath; NULL: --allow-outside */
};

struct find_call {
	const struct opts *o;
	struct diag *d;
	const char *pattern; /* searched for: the first positional, or --def's last part (in seg) */
	const char *used; /* what the pass searched for: pattern, or its grep-style reading */
	bool retried; /* used is the grep-style reading */
	enum sink_mode mode;
	unsigned rx_flags;
	struct regex *re; /* of used */
	struct roots rs;
	struct omits failed; /* the roots that could not be searched */
	struct ignore_list globs; /* -g */
	struct find_tally t;
	struct out_block *blocks; /* what prints under the cap: hit lines, or definitions */
	size_t n_blocks, cap_blocks;
	size_t mentioned; /* --def: the files the prefilter kept */
	struct omits om;
	struct buf seg, reading;
};

/* query.c */
void find_call_init(struct find_call *c, const struct opts *o, struct diag *d);
void find_call_release(struct find_call *c);
/* The regex of the pattern, and --def's refusals the option table cannot state; true when the
 * call is refused (recorded in d). */
bool find_query_compile(struct find_call *c);
/* When nothing hit: the pattern read as grep reads it (\| \( \) \{ \}), if it reads differently
 * and compiles, becomes what the call searches for; true then (the pass is to run again). */
bool find_query_grep_style(struct find_call *c);

/* pass.c */
/* Searches every root (beneath wt unless --allow-outside) with the call's regex into c->t. */
void find_pass_run(struct find_call *c, const struct worktree *wt);
void find_pass_release(struct find_tally *t);

/* defs.c */
/* The part of a --def name its definition must spell out, into b (returned as a string). */
const char *find_defs_segment(struct buf *b, const char *name);
/* The RX_* flags of --def's prefilter on seg: literal, whole word when seg starts and ends with a
 * word character. */
unsigned find_defs_flags(const char *seg);
/* -p: each result file's hit lines as blocks headed by the definition enclosing each hit, into
 * c->blocks (a file that cannot be read again keeps one block, headed by its path). */
void find_defs_by_symbol(struct find_call *c);
/* --def: the definitions of the name in each result file, as blocks into c->blocks in path
 * order; the results become the files holding one, each counted by its definitions. */
void find_defs_collect(struct find_call *c);

/* rollup.c */
/* Appends "\n  by directory:" and up to 6 rows "\n  <count>\t<dir/ or file>" parting the hits of
 * res[0..n) (sorted by path), largest first, files under vendor/, node_modules/ or third_party/
 * as one row; nothing when that is under two rows or names no directory. */
void find_rollup(const struct sink_result *res, size_t n, struct buf *out);

/* render.c */
/* The results' hit lines as they are, one block per file, into c->blocks. */
void find_render_take_blocks(struct find_call *c);
/* What the search left out, in the footer's order, into c->om. */
void find_render_omissions(struct find_call *c);
/* The response into out: c->blocks (lines, --def), rows (--files, --count), or over the cap the
 * busiest files; then not_found when nothing was found where something was searched. */
void find_render(struct find_call *c, struct buf *out);

#endif
