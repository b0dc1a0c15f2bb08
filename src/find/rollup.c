/* Over the cap, the hits rolled up by directory (find.h): a few rows that part the hit files
 * between them, largest first, so the next call can name a path.
 *
 * The rows start as the entries at the top of the hit paths (a directory, or a file there);
 * while there is room, the row with the most hits that is a directory with several entries
 * holding hits is replaced by them. A directory whose hits all lie in one directory below it
 * is named by that one ("internal/cri/", not "internal/"). Files under a vendored tree (a
 * directory named vendor, node_modules or third_party) are taken out first and make one row,
 * since code vendored from elsewhere is rarely where the next call looks; unless every hit is
 * in one (the search named a vendored tree). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../buf.h"
#include "find.h"

/* Rows shown at most (the vendored one included), and the first rows parted before it. */
#define ROWS 6

static const char *const vendored_names[] = {"vendor", "node_modules", "third_party"};

/* The length of path's prefix through its first vendored directory and the slash after it, or 0. */
static size_t vendored_prefix(const char *path)
{
	for (const char *p = path, *slash; (slash = strchr(p, '/')); p = slash + 1)
		for (size_t k = 0; k < sizeof(vendored_names) / sizeof(*vendored_names); k++)
			if ((size_t)(slash - p) == strlen(vendored_names[k]) &&
			    !memcmp(p, vendored_names[k], (size_t)(slash - p)))
				return (size_t)(slash - path) + 1;
	return 0;
}

/* A row: the hit files v[a..b) (sorted by path) under prefix[0..len), a directory ending in '/'
 * or, when file, the one file's path. */
struct row {
	size_t a, b, len;
	long hits;
	bool file;
};

struct rollup {
	const struct sink_result **v; /* the files outside vendored trees, by path */
	struct row rows[ROWS + 1];
	size_t n;
};

/* The entry of v[i]'s path right after its first len bytes: its length through the '/' that
 * ends it, or to the end of the path (a file there). */
static size_t entry_end(const struct sink_result *r, size_t len)
{
	const char *slash = strchr(r->path + len, '/');
	return slash ? (size_t)(slash - r->path) + 1 : strlen(r->path);
}

/* The row of the entry v[a] starts after len bytes: the files sharing it, and, for a directory
 * whose files all lie in one directory below it, that one. */
static struct row entry_row(const struct rollup *ru, size_t a, size_t b, size_t len)
{
	size_t end = entry_end(ru->v[a], len), z = a + 1;
	while (z < b && !strncmp(ru->v[z]->path, ru->v[a]->path, end))
		z++;
	struct row r = {a, z, end, 0, ru->v[a]->path[end - 1] != '/'};
	for (size_t i = a; i < z; i++)
		r.hits += ru->v[i]->hits;
	while (!r.file) {
		size_t deeper = entry_end(ru->v[a], r.len);
		bool one = ru->v[a]->path[deeper - 1] == '/';
		for (size_t i = a + 1; i < z && one; i++)
			one = !strncmp(ru->v[i]->path, ru->v[a]->path, deeper);
		if (!one)
			break;
		r.len = deeper;
	}
	return r;
}

/* How many entries lie right below the directory row r. */
static size_t entries(const struct rollup *ru, const struct row *r)
{
	size_t n = 0;
	for (size_t i = r->a; i < r->b; n++)
		i = entry_row(ru, i, r->b, r->len).b;
	return n;
}

/* Replaces row k by the entries right below it; false when they would not fit. */
static bool part(struct rollup *ru, size_t k, size_t room)
{
	struct row r = ru->rows[k];
	size_t n = entries(ru, &r);
	if (r.file || n < 2 || ru->n - 1 + n > room)
		return false;
	ru->rows[k] = ru->rows[--ru->n];
	for (size_t i = r.a; i < r.b;) {
		ru->rows[ru->n] = entry_row(ru, i, r.b, r.len);
		i = ru->rows[ru->n++].b;
	}
	return true;
}

static int row_cmp(const void *x, const void *y, void *ctx)
{
	const struct row *a = x, *b = y;
	const struct rollup *ru = ctx;
	if (a->hits != b->hits)
		return a->hits > b->hits ? -1 : 1;
	return strcmp(ru->v[a->a]->path, ru->v[b->a]->path);
}

/* The rows of the n files outside vendored trees into *all (owned, n_all of them, largest
 * first): parted while they fit in room rows; when the top alone has more entries than that,
 * those entries, for the caller to list the largest. */
static void rows_fill(struct rollup *ru, size_t n, size_t room, struct row **all, size_t *n_all)
{
	struct row *top = NULL;
	size_t nt = 0, cap = 0;
	for (size_t i = 0; i < n;) {
		XGROW(top, cap, nt + 1);
		top[nt] = entry_row(ru, i, n, 0);
		i = top[nt++].b;
	}
	if (nt <= room) {
		memcpy(ru->rows, top, nt * sizeof(*top));
		ru->n = nt;
		for (;;) {
			size_t best = SIZE_MAX;
			for (size_t k = 0; k < ru->n; k++)
				if (!ru->rows[k].file &&
				    (best == SIZE_MAX || row_cmp(&ru->rows[k], &ru->rows[best], ru) < 0))
					best = k;
			if (best == SIZE_MAX || !part(ru, best, room))
				break;
		}
		free(top);
		top = xmalloc((ru->n + 1) * sizeof(*top));
		memcpy(top, ru->rows, ru->n * sizeof(*top));
		nt = ru->n;
	}
	qsort_r(top, nt, sizeof(*top), row_cmp, ru);
	*all = top;
	*n_all = nt;
}

/* "vendor/, web/node_modules/ (vendored)": the distinct vendored trees, up to three. */
static void vendored_label(struct buf *b, const struct sink_result *res, size_t n)
{
	size_t named = 0, trees = 0;
	const char *last = NULL;
	size_t last_len = 0;
	for (size_t i = 0; i < n; i++) {
		size_t v = vendored_prefix(res[i].path);
		if (!v || (last && v == last_len && !memcmp(last, res[i].path, v)))
			continue;
		last = res[i].path;
		last_len = v;
		if (trees++ < 3)
			buf_addf(b, "%s%.*s", named++ ? ", " : "", (int)v, res[i].path);
	}
	if (trees > 3)
		buf_addf(b, " and %zu more", trees - 3);
	buf_adds(b, " (vendored)");
}

void find_rollup(const struct sink_result *res, size_t n, struct buf *out)
{
	struct rollup ru = {.v = xmalloc((n + 1) * sizeof(*ru.v))};
	size_t kept = 0;
	long vendored = 0;
	for (size_t i = 0; i < n; i++) {
		if (vendored_prefix(res[i].path))
			vendored += res[i].hits;
		else
			ru.v[kept++] = &res[i];
	}
	/* every hit vendored (a vendored tree searched on purpose): its directories are the map */
	for (size_t i = 0; !kept && i < n; i++)
		ru.v[i] = &res[i];
	if (!kept) {
		kept = n;
		vendored = 0;
	}
	struct row *rows = NULL;
	size_t nr = 0;
	rows_fill(&ru, kept, vendored ? ROWS - 1 : ROWS, &rows, &nr);
	size_t shown = nr < ROWS - (vendored != 0) ? nr : ROWS - (vendored != 0);
	/* files alone repeat the busiest files' map: only directories tell where to narrow */
	bool dirs = vendored != 0;
	for (size_t i = 0; i < nr; i++)
		dirs |= !rows[i].file;
	if (dirs && shown + (vendored != 0) >= 2) {
		long widest = vendored;
		for (size_t i = 0; i < shown; i++)
			widest = rows[i].hits > widest ? rows[i].hits : widest;
		int w = snprintf(NULL, 0, "%ld", widest);
		buf_adds(out, "\n  by directory:");
		bool vdone = !vendored;
		for (size_t i = 0; i <= shown; i++) {
			if (!vdone && (i == shown || vendored > rows[i].hits)) {
				buf_addf(out, "\n  %*ld\t", w, vendored);
				vendored_label(out, res, n);
				vdone = true;
			}
			if (i < shown)
				buf_addf(out, "\n  %*ld\t%.*s", w, rows[i].hits, (int)rows[i].len,
					 ru.v[rows[i].a]->path);
		}
		if (nr > shown) {
			long rest = 0;
			for (size_t i = shown; i < nr; i++)
				rest += rows[i].hits;
			buf_addf(out, "\n  (+%zu more with %ld hit%s)", nr - shown, rest,
				 rest == 1 ? "" : "s");
		}
	}
	free(rows);
	free(ru.v);
}
