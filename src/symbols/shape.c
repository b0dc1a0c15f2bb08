#include "shape.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../buf.h"
#include "../utf8.h"
#include "defs.h"
#include "lang.h"

#define ROW_NONE (-2) /* no token starts on the row (blank, a comment, inside a string) */
#define ROW_SKIP (-3) /* its first token is inside a parse error: what it means is a guess */
#define TEXT_MAX 40 /* bytes of a line quoted in a message */

struct frame {
	long start, end; /* file rows, 0-based, inclusive */
	int parent; /* the frame around it, -1 at top level */
	const char *brace; /* the node type of a frame opened by `{`: a block and an object differ */
	size_t depth; /* of its node in the tree */
};

/* A frame as both sides compare it: where it starts (key_of) and, for a `{`, what it is. */
struct link {
	long key;
	const char *brace;
};

/* One version: its frames, and for each row the frame around its first token. */
struct shape {
	const struct shape_side *side;
	struct frame *f;
	size_t n, cap;
	long rows;
	int *row; /* by row - row0: a frame, -1 at top level, or ROW_NONE */
	uint32_t *head; /* by row - row0: the node types from the first token up to that frame, hashed */
	size_t *start; /* by row - row0: where the row starts in side->data; rows + 1 entries */
	struct defs defs; /* collected only to name what a violation moved */
	bool have_defs;
};

/* The hunks (file lines, 1-based), with the shift of the rows between them. */
struct map {
	const struct line_hunk *h;
	size_t n;
	long *shift; /* shift[i]: after row - before row between hunk i-1 and hunk i; n + 1 entries */
};

static void index_rows(struct shape *sh)
{
	const char *d = sh->side->data, *end = d + sh->side->len;
	long n = 1;
	for (const char *p = d; (p = memchr(p, '\n', (size_t)(end - p))); p++)
		n++;
	sh->rows = n;
	sh->start = xmalloc((size_t)(n + 1) * sizeof *sh->start);
	sh->row = xmalloc((size_t)n * sizeof *sh->row);
	sh->head = xcalloc((size_t)n, sizeof *sh->head);
	long r = 0;
	sh->start[0] = 0;
	for (const char *p = d; (p = memchr(p, '\n', (size_t)(end - p))); p++)
		sh->start[++r] = (size_t)(p - d) + 1;
	sh->start[n] = sh->side->len;
	for (long i = 0; i < n; i++)
		sh->row[i] = ROW_NONE;
}

void shape_syms_init(struct shape_syms *c, const TSTree *tree, unsigned (*classify)(const char *type))
{
	c->n = ts_language_symbol_count(ts_tree_language(tree));
	c->v = xcalloc(c->n ? c->n : 1, 1);
	c->classify = classify;
}

unsigned shape_syms_get(struct shape_syms *c, TSNode n)
{
	TSSymbol s = ts_node_symbol(n);
	if (s >= c->n)
		return c->classify(ts_node_type(n));
	if (!c->v[s])
		c->v[s] = (unsigned char)c->classify(ts_node_type(n));
	return c->v[s];
}

size_t shape_named_children(TSNode n, TSNode **out)
{
	size_t k = 0, cap = 0;
	*out = NULL;
	TSTreeCursor c = ts_tree_cursor_new(n);
	for (bool more = ts_tree_cursor_goto_first_child(&c); more;
	     more = ts_tree_cursor_goto_next_sibling(&c)) {
		TSNode child = ts_tree_cursor_current_node(&c);
		if (!ts_node_is_named(child))
			continue;
		XGROW(*out, cap, k + 1);
		(*out)[k++] = child;
	}
	ts_tree_cursor_delete(&c);
	return k;
}

void shape_syms_release(struct shape_syms *c)
{
	free(c->v);
	c->v = NULL;
}

/* 2 for a literal whose inside is text, not code (its rows after the first hold no token), else 1. */
static unsigned opaque(const char *t)
{
	size_t n = strlen(t);
	return 1 + ((n >= 6 && !strcmp(t + n - 6, "string")) || strstr(t, "string_literal") ||
		    strstr(t, "heredoc") || !strcmp(t, "nowdoc") || !strcmp(t, "text_block") ||
		    !strcmp(t, "encapsed_string") || !strcmp(t, "interpolated_string_expression"));
}

/* A frame: named, over more than one line, opened by a token of its own. A node that starts with
 * a named child (a call with its callee, Python's block with its first statement) is not one: its
 * start moves with that child, which an insert may replace. */
static bool is_frame(TSNode n)
{
	TSPoint s = ts_node_start_point(n), e = ts_node_end_point(n);
	uint32_t end = e.column == 0 && e.row > s.row ? e.row - 1 : e.row;
	return ts_node_is_named(n) && end > s.row && !ts_node_is_named(ts_node_child(n, 0));
}

static int add_frame(struct shape *sh, TSNode n, int parent, size_t depth)
{
	TSPoint s = ts_node_start_point(n), e = ts_node_end_point(n);
	XGROW(sh->f, sh->cap, sh->n + 1);
	long row0 = sh->side->row0;
	TSNode open = ts_node_child(n, 0);
	const char *brace = !strcmp(ts_node_type(open), "{") ? ts_node_type(n) : NULL;
	sh->f[sh->n] = (struct frame){row0 + s.row, row0 + (e.column == 0 ? e.row - 1 : e.row), parent, brace,
				      depth};
	return (int)sh->n++;
}

/* Records n (at depth, under the symbols sym[0..depth]) as its row's first token, in the
 * innermost frame that starts on an earlier row, with what the nodes between them are: a line
 * the parser reads as another construct (a declaration become part of an expression by a `,`
 * above it) keeps its frames but not those. */
static void anchor(struct shape *sh, TSNode n, int scope, const TSSymbol *sym, size_t depth, bool error)
{
	long r = (long)ts_node_start_point(n).row;
	if (ts_node_start_byte(n) == ts_node_end_byte(n) || r >= sh->rows || sh->row[r] != ROW_NONE)
		return;
	if (error) {
		sh->row[r] = ROW_SKIP;
		return;
	}
	while (scope >= 0 && sh->f[scope].start == sh->side->row0 + r)
		scope = sh->f[scope].parent;
	sh->row[r] = scope;
	uint32_t h = 2166136261u; /* FNV-1a */
	for (size_t k = depth + 1, stop = scope >= 0 ? sh->f[scope].depth + 1 : 1; k-- > stop;)
		h = (h ^ sym[k]) * 16777619u;
	sh->head[r] = h;
}

/* One walk of the tree: the frames, and each row's first token. Comments are passed over. */
static void shape_build(struct shape *sh, const struct shape_side *s)
{
	memset(sh, 0, sizeof *sh);
	sh->side = s;
	index_rows(sh);
	TSTreeCursor c = ts_tree_cursor_new(ts_tree_root_node(s->tree));
	int *scope = NULL;
	TSSymbol *sym = NULL;
	bool *error = NULL; /* by depth: inside an ERROR or MISSING node */
	size_t cap = 0, cap_sym = 0, cap_err = 0, depth = 0;
	struct shape_syms syms;
	shape_syms_init(&syms, s->tree, opaque);
	XGROW(scope, cap, 1);
	scope[0] = -1;
	for (;;) {
		TSNode n = ts_tree_cursor_current_node(&c);
		bool down = false;
		XGROW(sym, cap_sym, depth + 1);
		XGROW(error, cap_err, depth + 2);
		sym[depth] = ts_node_symbol(n);
		error[depth + 1] = (depth && error[depth]) || ts_node_is_error(n) || ts_node_is_missing(n);
		if (!ts_node_is_extra(n)) {
			if (!ts_node_child_count(n) || shape_syms_get(&syms, n) == 2) {
				anchor(sh, n, scope[depth], sym, depth, error[depth + 1]);
			} else {
				int sc = depth && is_frame(n) ? add_frame(sh, n, scope[depth], depth)
							      : scope[depth];
				XGROW(scope, cap, depth + 2);
				scope[depth + 1] = sc;
				down = ts_tree_cursor_goto_first_child(&c);
			}
		}
		if (down) {
			depth++;
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
	shape_syms_release(&syms);
	free(scope);
	free(sym);
	free(error);
}

static void shape_release(struct shape *sh)
{
	free(sh->f);
	free(sh->row);
	free(sh->head);
	free(sh->start);
	defs_release(&sh->defs);
}

/* The hunk holding file row r of the side (after: true for the after side), or the row's
 * counterpart: returns the hunk index with *other unset, or -1 with *other the row on the other
 * side. */
static long locate(const struct map *m, bool after, long r, long *other)
{
	size_t lo = 0, hi = m->n; /* the hunks starting at or before r: [0, lo) */
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if ((after ? m->h[mid].a1 : m->h[mid].b1) - 1 <= r)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo && r < (after ? m->h[lo - 1].a2 : m->h[lo - 1].b2) - 1)
		return (long)lo - 1;
	*other = after ? r - m->shift[lo] : r + m->shift[lo];
	return -1;
}

/* A frame's start as both sides can compare it: the after row of a start outside the edits,
 * -2 - k for one inside edit k. */
static long key_of(const struct map *m, bool after, long start)
{
	long other = 0, k = locate(m, after, start, &other);
	if (k >= 0)
		return -2 - k;
	return after ? start : other;
}

/* The links of the frames around a row's first token, innermost first, equal neighbours once (a
 * function and its body opened on one line are one link, as are the frames an edit opened).
 * Returns how many went to links[] (and their frames to fr[]), at most cap. */
static size_t chain(const struct shape *sh, const struct map *m, bool after, int f, long before_row,
		    struct link *links, int *fr, size_t cap)
{
	size_t n = 0;
	for (; f >= 0; f = sh->f[f].parent) {
		if (sh->f[f].start >= before_row)
			continue;
		struct link l = {key_of(m, after, sh->f[f].start), sh->f[f].brace};
		if (l.key < -1)
			l.brace = NULL; /* inside an edit the frames may be anything */
		if (n && links[n - 1].key == l.key && links[n - 1].brace == l.brace)
			continue;
		if (n == cap)
			break;
		links[n] = l;
		fr[n++] = f;
	}
	return n;
}

#define CHAIN_MAX 256

static bool same_link(struct link a, struct link b)
{
	return a.key == b.key && (a.brace == b.brace || (a.brace && b.brace && !strcmp(a.brace, b.brace)));
}

static bool has_key(const struct link *links, size_t n, struct link l)
{
	for (size_t i = 0; i < n; i++)
		if (same_link(links[i], l))
			return true;
	return false;
}

/* Names, for the messages. */

static const struct defs *shape_defs(struct shape *sh, const struct lang *lang)
{
	if (!sh->have_defs) {
		ts_collect(lang, sh->side->tree, sh->side->data, sh->rows, NULL, 0, &sh->defs);
		sh->have_defs = true;
	}
	return &sh->defs;
}

/* The innermost definition named on file row r, or -1. */
static int def_on_row(const struct defs *ds, const struct shape *sh, long r)
{
	long line = r - sh->side->row0 + 1;
	int found = -1;
	for (size_t i = 0; i < ds->n; i++)
		if (!ds->v[i].virtual_ && ds->v[i].line == line)
			found = (int)i;
	return found;
}

static void add_qname(struct buf *b, const struct defs *ds, int i)
{
	if (ds->v[i].parent >= 0) {
		add_qname(b, ds, ds->v[i].parent);
		buf_addc(b, '.');
	}
	buf_add(b, ds->v[i].name, ds->v[i].name_len);
}

/* File row r's text, trimmed, cut at TEXT_MAX bytes. */
static void add_row_text(struct buf *b, const struct shape *sh, long r)
{
	long i = r - sh->side->row0;
	const char *s = sh->side->data + sh->start[i];
	size_t n = sh->start[i + 1] - sh->start[i];
	utf8_trim(&s, &n);
	size_t cut = utf8_floor(s, n, TEXT_MAX);
	buf_add(b, s, cut);
	if (cut < n)
		buf_adds(b, "\xE2\x80\xA6");
}

/* What sits on file row r, shown as line `shown`: "def helper (line 5)", the header up to the
 * definition's name, or "'x = 1' (line 5)". */
static void add_subject(struct buf *b, struct shape *sh, const struct lang *lang, long r, long shown)
{
	const struct defs *ds = shape_defs(sh, lang);
	int d = def_on_row(ds, sh, r);
	if (d >= 0) {
		const char *line = sh->side->data + sh->start[r - sh->side->row0];
		while (*line == ' ' || *line == '\t')
			line++;
		const char *end = ds->v[d].name + ds->v[d].name_len;
		if (end > line && end - line <= 80) {
			buf_add(b, line, (size_t)(end - line));
			buf_addf(b, " (line %ld)", shown);
			return;
		}
	}
	buf_addc(b, '\'');
	add_row_text(b, sh, r);
	buf_addf(b, "' (line %ld)", shown);
}

/* The line a message shows for file row r of a side: the file's numbering (as it stays) outside
 * the edits, the edited text's inside them (negative). */
static long shown_line(const struct map *m, bool after, long r)
{
	long other = 0;
	if (after && locate(m, true, r, &other) < 0)
		return other + 1;
	return after ? -(r + 1) : r + 1;
}

static void add_frame_named(struct buf *b, struct shape *sh, const struct lang *lang, int f, long shown,
			    bool typed);

/* A frame as a message names it: the definition it opens ("Foo.a"), else its first line, at
 * line shown (shown_line's). */
static void add_frame_name(struct buf *b, struct shape *sh, const struct lang *lang, int f, long shown)
{
	add_frame_named(b, sh, lang, f, shown, false);
}

/* add_frame_name, with typed saying what a `{` frame is read as (where that is what changed). */
static void add_frame_named(struct buf *b, struct shape *sh, const struct lang *lang, int f, long shown,
			    bool typed)
{
	const struct defs *ds = shape_defs(sh, lang);
	int d = def_on_row(ds, sh, sh->f[f].start);
	if (d >= 0 && !typed) {
		add_qname(b, ds, d);
		return;
	}
	buf_addc(b, '\'');
	add_row_text(b, sh, sh->f[f].start);
	buf_addf(b, shown < 0 ? "' (edited line %ld" : "' (line %ld", shown < 0 ? -shown : shown);
	/* the `{` a line sits in, when what it is (a block, an object) is what changed */
	buf_addf(b, typed && sh->f[f].brace ? ", as %s)" : ")", sh->f[f].brace);
}

static void verdict_set(struct shape_verdict *v, enum shape_kind kind, long line, const struct buf *what,
			const struct buf *note)
{
	v->kind = kind;
	v->line = line;
	snprintf(v->what, sizeof v->what, "%s", buf_str(what));
	snprintf(v->note, sizeof v->note, "\xE2\x86\x90 %s", buf_str(note));
}

static long indent_cols(const struct shape *sh, long r)
{
	const char *s = sh->side->data + sh->start[r - sh->side->row0];
	long n = 0;
	while (s[n] == ' ' || s[n] == '\t')
		n++;
	return n;
}

/* The first row of file rows [a, b) of sh holding a token, or -1. */
static long first_code_row(const struct shape *sh, long a, long b)
{
	long lo = sh->side->row0, hi = lo + sh->rows;
	for (long r = a < lo ? lo : a; r < b && r < hi; r++)
		if (sh->row[r - lo] != ROW_NONE)
			return sh->row[r - lo] == ROW_SKIP ? -1 : r;
	return -1;
}

/* The last row (before's) of the frames of b starting on file row s. */
static long frame_end(const struct shape *b, long s)
{
	long end = s;
	for (size_t i = 0; i < b->n; i++)
		if (b->f[i].start == s && b->f[i].end > end)
			end = b->f[i].end;
	return end;
}

/* An edit's first code line may leave frames it was in, but not enter one that had closed
 * before it: true (and the verdict) when hunk k's did. */
static bool nested(struct shape *b, struct shape *a, const struct lang *lang, const struct map *m, size_t k,
		   struct shape_verdict *v)
{
	const struct line_hunk *h = &m->h[k];
	long fb = first_code_row(b, h->b1 - 1, h->b2 - 1), fa = first_code_row(a, h->a1 - 1, h->a2 - 1);
	if (fb < 0 || fa < 0)
		return false;
	struct link kb[CHAIN_MAX], ka[CHAIN_MAX];
	int frb[CHAIN_MAX], fra[CHAIN_MAX];
	size_t nb = chain(b, m, false, b->row[fb - b->side->row0], h->b1 - 1, kb, frb, CHAIN_MAX);
	size_t na = chain(a, m, true, a->row[fa - a->side->row0], h->a1 - 1, ka, fra, CHAIN_MAX);
	size_t i = 0;
	while (i < na && has_key(kb, nb, ka[i]))
		i++;
	if (i == na)
		return false;
	/* the innermost frame the edit's text entered */
	long s = a->f[fra[i]].start;
	struct buf what = BUF_INIT, into = BUF_INIT;
	add_frame_name(&into, a, lang, fra[i], shown_line(m, true, s));
	const struct defs *ds = shape_defs(a, lang);
	long subject = fa;
	for (long r = h->a1 - 1; r < h->a2 - 1; r++)
		if (def_on_row(ds, a, r) >= 0) {
			subject = r;
			break;
		}
	add_subject(&what, a, lang, subject, subject + 1);
	buf_addf(&what, " is now nested in %s \xE2\x80\x94 was ", buf_str(&into));
	if (nb) {
		buf_adds(&what, "in ");
		add_frame_name(&what, b, lang, frb[0], b->f[frb[0]].start + 1);
	} else {
		buf_adds(&what, "top-level");
	}
	struct buf note = BUF_INIT;
	buf_addf(&note, "nested in %s", buf_str(&into));
	verdict_set(v, SHAPE_NESTED, subject + 1, &what, &note);
	snprintf(v->into, sizeof v->into, "%s", buf_str(&into));
	v->indent_before = indent_cols(b, fb);
	v->indent_after = indent_cols(a, fa);
	long other = s;
	if (locate(m, true, s, &other) < 0)
		v->last_inside = frame_end(b, other) + 1;
	buf_release(&what);
	buf_release(&into);
	buf_release(&note);
	return true;
}

/* Describes how the chains of before row rb and after row ra differ, into what and note. */
static void describe_move(struct shape *b, struct shape *a, const struct lang *lang, const struct map *m,
			  long rb, long ra, struct buf *what, struct buf *note)
{
	struct link kb[CHAIN_MAX], ka[CHAIN_MAX];
	int frb[CHAIN_MAX], fra[CHAIN_MAX];
	int fb = b->row[rb - b->side->row0], fa = a->row[ra - a->side->row0];
	add_subject(what, b, lang, rb, rb + 1);
	buf_addf(note, "line %ld changes %s", rb + 1, fb == ROW_NONE || fa == ROW_NONE ? "meaning" : "block");
	if (fb == ROW_NONE || fa == ROW_NONE) {
		buf_adds(what, fa == ROW_NONE ? " is now inside a string or a comment"
					      : " was inside a string or a comment and is now code");
		return;
	}
	size_t nb = chain(b, m, false, fb, rb, kb, frb, CHAIN_MAX),
	       na = chain(a, m, true, fa, ra, ka, fra, CHAIN_MAX);
	size_t i = 0, j = 0;
	while (i < na && has_key(kb, nb, ka[i]))
		i++;
	while (j < nb && has_key(ka, na, kb[j]))
		j++;
	if (i < na) {
		/* the same line read as another construct ({ a block, then an object) */
		bool typed = j < nb && ka[i].key == kb[j].key;
		buf_adds(what, j < nb ? " is now in " : " is now nested in ");
		add_frame_named(what, a, lang, fra[i], shown_line(m, true, a->f[fra[i]].start), typed);
		buf_adds(what, " \xE2\x80\x94 was ");
		if (j < nb) {
			buf_adds(what, "in ");
			add_frame_named(what, b, lang, frb[j], b->f[frb[j]].start + 1, typed);
		} else {
			buf_adds(what, nb ? "outside it" : "top-level");
		}
	} else if (j == nb) {
		/* the frames are the same: the nodes between them and the line are not */
		buf_adds(what,
			 " is now part of another construct: the edit changed how the code before it ends");
		buf_truncate(note, 0);
		buf_addf(note, "line %ld changes meaning", rb + 1);
	} else {
		buf_adds(what, " is no longer in ");
		add_frame_name(what, b, lang, frb[j], b->f[frb[j]].start + 1);
		if (!na)
			buf_adds(what, " \xE2\x80\x94 now top-level");
	}
}

static bool same_chain(const struct shape *b, const struct shape *a, const struct map *m, long rb, long ra)
{
	int fb = b->row[rb - b->side->row0], fa = a->row[ra - a->side->row0];
	if (fb == ROW_SKIP || fa == ROW_SKIP)
		return true;
	if (fb == ROW_NONE || fa == ROW_NONE)
		return fb == fa;
	if (b->head[rb - b->side->row0] != a->head[ra - a->side->row0])
		return false;
	struct link kb[CHAIN_MAX], ka[CHAIN_MAX];
	int fr[CHAIN_MAX];
	size_t nb = chain(b, m, false, fb, rb, kb, fr, CHAIN_MAX),
	       na = chain(a, m, true, fa, ra, ka, fr, CHAIN_MAX);
	if (nb != na)
		return false;
	for (size_t i = 0; i < nb; i++)
		if (!same_link(kb[i], ka[i]))
			return false;
	return true;
}

/* Visits the rows outside every hunk with their counterparts: check bytes (false when a pair
 * differs: the map does not fit) or, with v, compare chains and fill v from the first move. */
static bool outside_rows(struct shape *b, struct shape *a, const struct lang *lang, const struct map *m,
			 struct shape_verdict *v)
{
	long first = -1, last = -1, first_a = 0;
	for (long i = 0; i < b->rows; i++) {
		long rb = b->side->row0 + i, ra = 0;
		if (locate(m, false, rb, &ra) >= 0)
			continue;
		long j = ra - a->side->row0;
		if (j < 0 || j >= a->rows)
			continue;
		if (!v) {
			size_t lb = b->start[i + 1] - b->start[i], la = a->start[j + 1] - a->start[j];
			if (lb != la || memcmp(b->side->data + b->start[i], a->side->data + a->start[j], lb))
				return false;
			continue;
		}
		if (same_chain(b, a, m, rb, ra))
			continue;
		if (first < 0)
			first = rb, first_a = ra;
		last = rb;
	}
	if (v && first >= 0) {
		struct buf what = BUF_INIT, note = BUF_INIT;
		describe_move(b, a, lang, m, first, first_a, &what, &note);
		verdict_set(v, SHAPE_MOVED, first + 1, &what, &note);
		v->moved_first = first + 1;
		v->moved_last = last + 1;
		buf_release(&what);
		buf_release(&note);
	}
	return true;
}

/* Whether before rows [rb, rb + k) and after rows [ra, ra + k) (file rows) hold the same bytes;
 * false for a row outside either region. */
static bool same_rows(const struct shape *b, const struct shape *a, long rb, long ra, long k)
{
	long ib = rb - b->side->row0, ia = ra - a->side->row0;
	if (ib < 0 || ia < 0 || ib + k > b->rows || ia + k > a->rows)
		return false;
	size_t lb = b->start[ib + k] - b->start[ib], la = a->start[ia + k] - a->start[ia];
	return lb == la && !memcmp(b->side->data + b->start[ib], a->side->data + a->start[ia], lb);
}

/* A hunk whose after side is the first or the last lines of its before side, unchanged, is a
 * deletion: the engine counts the line after deleted ones as covered, but nothing of it changed,
 * and a line moved by a deletion must be seen to move. */
static void trim_deletion(const struct shape *b, const struct shape *a, struct line_hunk *h)
{
	long k = h->a2 - h->a1;
	if (!k || k >= h->b2 - h->b1)
		return;
	if (same_rows(b, a, h->b2 - 1 - k, h->a1 - 1, k)) {
		h->b2 -= k;
		h->a2 = h->a1;
	} else if (same_rows(b, a, h->b1 - 1, h->a1 - 1, k)) {
		h->b1 += k;
		h->a1 += k;
	}
}

bool shape_compare(const struct lang *lang, const struct shape_side *before, const struct shape_side *after,
		   const struct line_hunk *hunks, size_t n, struct shape_verdict *out)
{
	struct shape b, a;
	shape_build(&b, before);
	shape_build(&a, after);
	struct line_hunk *h = xmalloc((n ? n : 1) * sizeof *h);
	memcpy(h, hunks, n * sizeof *h);
	struct map m = {h, n, xmalloc((n + 1) * sizeof(long))};
	m.shift[0] = 0;
	for (size_t i = 0; i < n; i++) {
		trim_deletion(&b, &a, &h[i]);
		m.shift[i + 1] = m.shift[i] + (h[i].a2 - h[i].a1) - (h[i].b2 - h[i].b1);
	}
	/* what moved outside the edits first: an edit's own text nested somewhere often follows */
	bool fits = outside_rows(&b, &a, lang, &m, NULL);
	if (fits)
		outside_rows(&b, &a, lang, &m, out);
	for (size_t k = 0; fits && k < n && out->kind == SHAPE_OK; k++)
		nested(&b, &a, lang, &m, k, out);
	shape_release(&b);
	shape_release(&a);
	free(m.shift);
	free(h);
	return fits;
}
