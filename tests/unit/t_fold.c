/* Whitespace folding as a property, on real source files from deps/node_modules (C, JavaScript,
 * gyp's Python syntax, Makefiles, queries), each also rewritten with tab indentation (as Go and
 * Makefile recipes are) and with CRLF endings. For thousands of (file, region) pairs the region R
 * and an edited copy N are re-indented the way a tool layer does it (tabs to spaces, spaces to
 * tabs, another width, the base indent dropped, trailing whitespace dropped) into --old and --new,
 * and the engine gets them. The properties:
 *   - when folding applies, the bytes equal the exact edit R → N on the original text;
 *   - when two or more regions fold alike, nothing applies (ambiguous);
 *   - when exactly one region folds and no exact match exists, folding applies, at R.
 * The pairs come from a fixed seed, so a failure reproduces. */
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "alloc.h"
#include "buf.h"
#include "edit/engine.h"
#include "edit/indent.h"
#include "file.h"
#include "output.h"
#include "target.h"
#include "unit.h"
#include "utf8.h"

#define MAX_FILES 48
#define PAIRS_PER_VARIANT 40

static char *paths[MAX_FILES];
static size_t n_paths;

static int collect(const char *p, const struct stat *st, int type, struct FTW *ftw)
{
	(void)ftw;
	static const char *const exts[] = {".gyp", ".gypi", ".mak",  ".scm", "scanner.c", "grammar.js",
					   ".py",  ".go",   ".yaml", ".yml", "Makefile",  NULL};
	if (type != FTW_F || st->st_size < 400 || st->st_size > 200000 || n_paths == MAX_FILES)
		return 0;
	size_t n = strlen(p);
	for (const char *const *e = exts; *e; e++) {
		size_t el = strlen(*e);
		if (n >= el && !strcmp(p + n - el, *e)) {
			paths[n_paths++] = xstrdup(p);
			break;
		}
	}
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static unsigned long rng = 12345;
static unsigned long next_rand(void)
{
	rng = rng * 6364136223846793005UL + 1442695040888963407UL;
	return rng >> 33;
}

enum transform { TABS_TO_4, SPACES_TO_TABS, DOUBLE_WIDTH, DROP_BASE, N_TRANSFORMS };

/* One line's indentation as the tool layer rewrites it. base: the region's narrowest indent. */
static void indent_as(struct buf *b, enum transform tr, const char *ws, size_t n, size_t base, int unit)
{
	size_t cols = 0;
	for (size_t i = 0; i < n; i++)
		cols = ws[i] == '\t' ? (cols / 4 + 1) * 4 : cols + 1;
	switch (tr) {
	case TABS_TO_4:
		for (size_t i = 0; i < cols; i++)
			buf_addc(b, ' ');
		break;
	case SPACES_TO_TABS:
		for (size_t i = 0; i < cols / (size_t)unit; i++)
			buf_addc(b, '\t');
		for (size_t i = 0; i < cols % (size_t)unit; i++)
			buf_addc(b, ' ');
		break;
	case DOUBLE_WIDTH:
		for (size_t i = 0; i < 2 * cols; i++)
			buf_addc(b, ' ');
		break;
	default:
		for (size_t i = base < cols ? base : cols; i < cols; i++)
			buf_addc(b, ' ');
		break;
	}
}

/* text with each line's indentation rewritten, trailing whitespace dropped when strip. */
static char *retype(const char *s, size_t n, enum transform tr, int unit, bool strip, size_t *len)
{
	struct buf b = BUF_INIT;
	size_t base = (size_t)-1;
	for (size_t i = 0; i < n;) {
		size_t e = i, ws = indent_len(s + i, n - i), cols = 0;
		while (e < n && s[e] != '\n')
			e++;
		for (size_t k = i; k < i + ws; k++)
			cols = s[k] == '\t' ? (cols / 4 + 1) * 4 : cols + 1;
		if (i + ws < e && cols < base)
			base = cols;
		i = e + 1;
	}
	for (size_t i = 0; i < n;) {
		size_t e = i, ws = indent_len(s + i, n - i);
		while (e < n && s[e] != '\n')
			e++;
		size_t z = e;
		if (strip)
			while (z > i + ws && (s[z - 1] == ' ' || s[z - 1] == '\t' || s[z - 1] == '\r'))
				z--;
		if (i + ws < z)
			indent_as(&b, tr, s + i, ws, base, unit);
		buf_add(&b, s + i + ws, z - i - ws);
		if (e < n)
			buf_addc(&b, '\n');
		i = e + 1;
	}
	*len = b.len;
	return buf_detach(&b);
}

/* The file rewritten with leading tabs for each 2 or 4 columns (a Go or Makefile style), or CRLF. */
static char *variant(const char *s, size_t n, int kind, size_t *len)
{
	if (kind == 0)
		return *len = n, xstrndup(s, n);
	struct buf b = BUF_INIT;
	for (size_t i = 0; i < n; i++) {
		if (kind == 2 && s[i] == '\n')
			buf_adds(&b, "\r\n");
		else
			buf_addc(&b, s[i]);
	}
	if (kind == 1) {
		size_t l;
		char *t = retype(b.data ? b.data : "", b.len, SPACES_TO_TABS, 2, false, &l);
		buf_release(&b);
		return *len = l, t;
	}
	*len = b.len;
	return buf_detach(&b);
}

struct tally {
	long applied, ambiguous, exact, skipped, bad;
};

static void load(struct file *f, const char *data, size_t n)
{
	file_release(f);
	f->path = xstrdup("t.txt");
	f->data = xstrndup(data, n);
	f->size = n;
	file_index(f);
}

/* One pair: lines at..at+k-1 of text, R → N where N appends a comment to one line. */
static void one_pair(const char *text, size_t n, long at, long k, struct tally *t, const char *where)
{
	struct file f = FILE_INIT;
	load(&f, text, n);
	if (at + k - 1 > (long)f.n_lines) {
		file_release(&f);
		return;
	}
	size_t rs = f.line_start[at - 1], re = f.line_start[at + k - 1];
	bool final_nl = next_rand() % 2;
	if (!final_nl)
		while (re > rs && (text[re - 1] == '\n' || text[re - 1] == '\r'))
			re--;
	enum transform tr = (enum transform)(next_rand() % N_TRANSFORMS);
	bool strip = next_rand() % 2;
	struct buf nb = BUF_INIT;
	/* N: R with its lines' trailing whitespace dropped (as an agent types it) and " //x" on one */
	long mark = (long)(next_rand() % (unsigned long)k);
	long line = 0;
	for (size_t i = rs; i < re;) {
		size_t e = i;
		while (e < re && text[e] != '\n')
			e++;
		size_t z = e;
		while (z > i && (text[z - 1] == ' ' || text[z - 1] == '\t' || text[z - 1] == '\r'))
			z--;
		buf_add(&nb, text + i, z - i);
		if (line++ == mark && z > i + indent_len(text + i, z - i))
			buf_adds(&nb, " //x");
		if (e < re)
			buf_addc(&nb, '\n');
		i = e + 1;
	}
	size_t ol, nwl;
	char *old = retype(text + rs, re - rs, tr, 2, strip, &ol);
	char *nw = retype(nb.data ? nb.data : "", nb.len, tr, 2, false, &nwl);
	if (!ol || utf8_blank(old, ol) || memmem(text, n, old, ol)) {
		t->skipped++;
		goto out;
	}
	struct fold_region *fr = NULL;
	size_t folds = fold_find(&f, 1, (long)f.n_lines, old, ol, &fr, 4);
	struct target tg = TARGET_INIT;
	struct edit_req rq = {
		.target_text = "t.txt", .t = &tg, .old = old, .old_len = ol, .new_text = nw, .new_len = nwl};
	struct edit_result r = EDIT_RESULT_INIT;
	struct diag d = DIAG_INIT;
	enum lets_err err = edit_apply(&f, &rq, &r, NULL, &d);
	if (err == LETS_OK && r.kind == EDIT_MATCH_FOLDED) {
		t->applied++;
		/* the exact edit R → N on the original, N in the file's line endings */
		struct buf want = BUF_INIT;
		buf_add(&want, text, rs);
		bool crlf = f.crlf_lines > 0;
		for (size_t i = 0; i < nb.len; i++)
			buf_adds(&want, nb.data[i] == '\n' && crlf ? "\r\n" : (char[]){nb.data[i], 0});
		buf_add(&want, text + re, n - re);
		bool same = want.len == f.size && !memcmp(want.data, f.data, f.size) && folds == 1 &&
			    fr[0].first == at;
		if (!same && t->bad++ < 3) {
			size_t at_byte = 0;
			while (at_byte < f.size && at_byte < want.len &&
			       f.data[at_byte] == want.data[at_byte])
				at_byte++;
			struct buf got = BUF_INIT;
			buf_addf(&got, "differs from the exact edit at byte %zu (%zu folds)", at_byte, folds);
			unit_str(where, got.data, "the exact edit");
			buf_release(&got);
		}
		buf_release(&want);
	} else if (err == LETS_OK) {
		t->skipped++; /* an exact match once line endings were the file's: not folding's */
	} else if (folds >= 2) {
		t->ambiguous++;
		if (err != E_AMBIGUOUS && t->bad++ < 3)
			unit_str(where, err_slug(err), "ambiguous");
	} else if (folds == 1) {
		if (t->bad++ < 3)
			unit_str(where, err_slug(err), "ok (folded)");
	} else {
		t->exact++;
	}
	free(fr);
	edit_result_release(&r);
	diag_release(&d);
out:
	free(old);
	free(nw);
	buf_release(&nb);
	file_release(&f);
}

static void property_on(const char *path, struct tally *t)
{
	struct buf raw = BUF_INIT;
	FILE *fp = fopen(path, "rb");
	if (!fp)
		return;
	char chunk[8192];
	size_t got;
	while ((got = fread(chunk, 1, sizeof(chunk), fp)) > 0)
		buf_add(&raw, chunk, got);
	fclose(fp);
	if (!raw.len || memchr(raw.data, 0, raw.len) || memchr(raw.data, '\r', raw.len)) {
		buf_release(&raw);
		return;
	}
	for (int kind = 0; kind < 3; kind++) {
		size_t n;
		char *text = variant(raw.data, raw.len, kind, &n);
		long lines = 0;
		for (size_t i = 0; i < n; i++)
			lines += text[i] == '\n';
		for (int p = 0; p < PAIRS_PER_VARIANT && lines > 2; p++) {
			long k = 1 + (long)(next_rand() % 5);
			long at = 1 + (long)(next_rand() % (unsigned long)lines);
			struct buf where = BUF_INIT;
			buf_addf(&where, "%s (variant %d, lines %ld+%ld)", path, kind, at, k);
			one_pair(text, n, at, k, t, where.data);
			buf_release(&where);
		}
		free(text);
	}
	buf_release(&raw);
}

int main(void)
{
	unit_begin("t_fold");
	/* "/.": entered also where it is a symlink (a git worktree's) */
	nftw("deps/node_modules/.", collect, 16, FTW_PHYS);
	qsort(paths, n_paths, sizeof(*paths), cmp_str);
	struct tally t = {0};
	for (size_t i = 0; i < n_paths; i++)
		property_on(paths[i], &t);
	printf("t_fold: %zu files, %ld folded and equal to the exact edit, %ld refused as ambiguous, %ld with no "
	       "fold, %ld skipped (exact match)\n",
	       n_paths, t.applied, t.ambiguous, t.exact, t.skipped);
	unit_long("files found in deps/node_modules", n_paths >= 8, 1);
	unit_long("pairs that folded (thousands)", t.applied >= 1000, 1);
	unit_long("pairs refused as ambiguous (some)", t.ambiguous > 0, 1);
	unit_long("pairs that broke a property", t.bad, 0);
	for (size_t i = 0; i < n_paths; i++)
		free(paths[i]);
	return unit_end();
}
