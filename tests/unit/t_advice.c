/* Edit's nearest candidates held to the plain algorithm they replaced: advice_near_scan (the
 * `nearest:` line and the windows the `near:` lines come from) must give the same lines, scores
 * and order as the two old scans, which sorted every line's bigrams and scored each line in full
 * (kept here as the reference). The one shared scan, a probe's bigram table, the length bound
 * that skips a line and the early stop are speed only: any case where they change a result fails
 * here.
 *
 * Cases: real files from deps/node_modules with --old taken from the file and mutated (a byte
 * changed, dropped or added, indentation rewritten, a quote made typographic, a word replaced,
 * a line from another file, blank and one-byte lines, lines past the 257-byte limit), over the
 * whole file and over random line ranges; and generated files of a few short, repeated lines,
 * where nearly every score ties. A fixed seed, so a failure reproduces. */
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "alloc.h"
#include "buf.h"
#include "edit/advice.h"
#include "edit/indent.h"
#include "file.h"
#include "unit.h"
#include "utf8.h"

#define MAX_FILES 1500
#define OLDS_PER_FILE 6
#define GENERATED_FILES 3000

/* ---- the reference: the algorithm as it was, every line's bigrams sorted and merged ---- */

static int cmp_u16(const void *a, const void *b)
{
	unsigned short x = *(const unsigned short *)a, y = *(const unsigned short *)b;
	return (x > y) - (x < y);
}

static size_t ref_bigrams(const char *s, size_t n, unsigned short *out)
{
	if (n > 257)
		n = 257;
	size_t k = 0;
	for (size_t i = 0; i + 1 < n; i++)
		out[k++] = (unsigned short)(((unsigned char)s[i] << 8) | (unsigned char)s[i + 1]);
	qsort(out, k, sizeof(*out), cmp_u16);
	return k;
}

static int ref_dice(const unsigned short *a, size_t na, const unsigned short *b, size_t nb)
{
	if (!na || !nb)
		return 0;
	size_t i = 0, j = 0, inter = 0;
	while (i < na && j < nb) {
		if (a[i] == b[j])
			inter++, i++, j++;
		else if (a[i] < b[j])
			i++;
		else
			j++;
	}
	return (int)(200 * inter / (na + nb));
}

static int ref_similarity(const char *a, size_t na, const char *b, size_t nb)
{
	unsigned short x[256], y[256];
	if (na == nb && !memcmp(a, b, na))
		return 100;
	return ref_dice(x, ref_bigrams(a, na, x), y, ref_bigrams(b, nb, y));
}

static long ref_nearest(const struct file *f, long first, long last, const char *old, size_t old_len,
			int *score)
{
	const char *probe = old;
	size_t plen = old_len;
	for (const char *p = old; p < old + old_len;) {
		const char *nl = memchr(p, '\n', (size_t)(old + old_len - p));
		size_t l = nl ? (size_t)(nl - p) : (size_t)(old + old_len - p);
		if (!utf8_blank(p, l)) {
			probe = p;
			plen = l;
			break;
		}
		p += l + 1;
	}
	utf8_trim(&probe, &plen);
	unsigned short want[256], have[256];
	size_t nw = ref_bigrams(probe, plen, want);
	long best = 0;
	int best_score = 0;
	for (long i = first; i <= last; i++) {
		const char *text;
		size_t len = file_line(f, (size_t)i, &text);
		utf8_trim(&text, &len);
		if (!len)
			continue;
		int s = ref_dice(want, nw, have, ref_bigrams(text, len, have));
		if (s > best_score) {
			best_score = s;
			best = i;
		}
	}
	*score = best_score;
	return best;
}

struct oline {
	const char *s;
	size_t n;
};

static int by_score(const void *x, const void *y)
{
	const struct advice_near *a = x, *b = y;
	if (a->score != b->score)
		return a->score > b->score ? -1 : 1;
	return (a->at > b->at) - (a->at < b->at);
}

static int ref_window(const struct file *f, long at, const struct oline *o, size_t k)
{
	long sum = 0;
	for (size_t i = 0; i < k; i++) {
		const char *a = NULL, *b = o[i].s;
		size_t an = file_line(f, (size_t)at + i, &a), bn = o[i].n;
		utf8_trim(&a, &an);
		utf8_trim(&b, &bn);
		sum += !an && !bn ? 100 : ref_similarity(a, an, b, bn);
	}
	return (int)(sum / (long)k);
}

static size_t ref_rank(const struct file *f, long first, long last, const char *old, size_t old_len,
		       struct advice_near *v)
{
	struct oline o[64];
	size_t k = 0;
	for (size_t i = 0; i < old_len && k < 64;) {
		const char *nl = memchr(old + i, '\n', old_len - i);
		size_t e = nl ? (size_t)(nl - old) : old_len, n = e - i;
		if (n && old[e - 1] == '\r')
			n--;
		o[k++] = (struct oline){old + i, n};
		i = nl ? e + 1 : old_len;
	}
	if (!k)
		return 0;
	size_t key = 0;
	for (size_t i = 1; i < k; i++)
		if (o[i].n > o[key].n)
			key = i;
	const char *p = o[key].s;
	size_t pn = o[key].n, n = 0;
	utf8_trim(&p, &pn);
	/* the old anchors' insertion, verbatim: the 12 best lines, the earlier of equals first */
	for (long l = first; l <= last; l++) {
		const char *t;
		size_t tn = file_line(f, (size_t)l, &t);
		utf8_trim(&t, &tn);
		long at = l - (long)key;
		if (!tn || at < first || at + (long)k - 1 > last)
			continue;
		int s = ref_similarity(t, tn, p, pn);
		if (n < ADVICE_NEAR_MAX || s > v[n - 1].score) {
			size_t i = n < ADVICE_NEAR_MAX ? n++ : n - 1;
			while (i && v[i - 1].score < s)
				v[i] = v[i - 1], i--;
			v[i] = (struct advice_near){at, s};
		}
	}
	for (size_t i = 0; i < n; i++)
		v[i].score = ref_window(f, v[i].at, o, k);
	qsort(v, n, sizeof(*v), by_score);
	return n;
}

/* ---- the cases ---- */

struct tally {
	long cases, nearest_found, ranked, bad;
	long fold_cases, folded, fold_bad; /* fold_find's skip, where the file is small enough */
};

static unsigned long rng = 20261201;
static unsigned long next_rand(void)
{
	rng = rng * 6364136223846793005UL + 1442695040888963407UL;
	return rng >> 33;
}

/* fold_find as it was, every window of lo..hi tried, by indent.c's own window test (its file is
 * compiled in here under other names, so the skip is checked against the same test). */
#define indent_len ref_indent_len
#define indent_style_of ref_indent_style_of
#define fold_find ref_fold_find_skipping
#define fold_reindent ref_fold_reindent
#define indent_insert ref_indent_insert
#include "../../src/edit/indent.c"
#undef indent_len
#undef indent_style_of
#undef fold_find
#undef fold_reindent
#undef indent_insert

static size_t ref_fold_find(const struct file *f, long lo, long hi, const char *old, size_t old_len,
			    struct fold_region **out, size_t max)
{
	struct tlines o = {0};
	size_t found = 0, cap = 0;
	*out = NULL;
	split(old, old_len, &o);
	bool final_nl = old_len && old[old_len - 1] == '\n';
	struct tline *fl = xmalloc((o.n ? o.n : 1) * sizeof(*fl));
	for (long at = lo; o.n && !utf8_blank(old, old_len) && at + (long)o.n - 1 <= hi; at++)
		fold_at(f, at, &o, final_nl, fl, out, &found, &cap, max);
	free(fl);
	free(o.v);
	return found;
}

/* fold_find's memmem skip loses no window and adds none. */
static void compare_folds(const struct file *f, long first, long last, const char *old, size_t old_len,
			  struct tally *t, const char *where)
{
	struct fold_region *now, *then;
	size_t n = fold_find(f, first, last, old, old_len, &now, 1000);
	size_t rn = ref_fold_find(f, first, last, old, old_len, &then, 1000);
	bool same = n == rn;
	for (size_t i = 0; same && i < n && i < 1000; i++)
		same = now[i].start == then[i].start && now[i].end == then[i].end &&
		       now[i].first == then[i].first && now[i].last == then[i].last;
	free(now);
	free(then);
	t->fold_cases++;
	t->folded += n > 0;
	if (!same && t->fold_bad++ < 5) {
		printf("fold_find differs: %s, lines %ld-%ld, %zu regions, reference %zu, --old ", where,
		       first, last, n, rn);
		unit_show(old, old_len);
		printf("\n");
	}
}

static void compare(const struct file *f, long first, long last, const char *old, size_t old_len,
		    struct tally *t, const char *where)
{
	compare_folds(f, first, last, old, old_len, t, where);
	int want_score = -1, got_score = -2;
	long want = ref_nearest(f, first, last, old, old_len, &want_score);
	struct advice_near_set now;
	advice_near_scan(f, first, last, old, old_len, &now);
	long got = now.line;
	got_score = now.score;
	struct advice_near rv[ADVICE_NEAR_MAX], *gv = now.v;
	size_t rn = ref_rank(f, first, last, old, old_len, rv), gn = now.n;
	bool same = want == got && want_score == got_score && rn == gn;
	for (size_t i = 0; same && i < rn; i++)
		same = rv[i].at == gv[i].at && rv[i].score == gv[i].score;
	t->cases++;
	t->nearest_found += want > 0;
	t->ranked += rn > 1 && rv[0].score == rv[1].score;
	if (same)
		return;
	if (t->bad++ < 5) {
		printf("differs: %s, lines %ld-%ld, --old ", where, first, last);
		unit_show(old, old_len);
		printf("\n  nearest: reference %ld (%d%%), now %ld (%d%%)\n  windows:", want, want_score, got,
		       got_score);
		for (size_t i = 0; i < rn || i < gn; i++)
			printf(" [%ld %d | %ld %d]", i < rn ? rv[i].at : 0, i < rn ? rv[i].score : 0,
			       i < gn ? gv[i].at : 0, i < gn ? gv[i].score : 0);
		printf("\n");
	}
}

/* Line n of f (1-based) appended to b, with its '\n' when it has one. */
static void add_line(struct buf *b, const struct file *f, long n)
{
	buf_add(b, f->data + f->line_start[n - 1], f->line_start[n] - f->line_start[n - 1]);
}

/* One byte of b.data changed, dropped, added; a leading run of spaces turned to a tab or back;
 * a ' made ’; a word swapped for another; or left as it is (an --old that would have matched). */
static void mutate(struct buf *b)
{
	if (!b->len)
		return;
	size_t at = next_rand() % b->len;
	switch (next_rand() % 8) {
	case 0: b->data[at] = (char)('!' + next_rand() % 90); break;
	case 1:
		memmove(b->data + at, b->data + at + 1, b->len - at - 1);
		buf_truncate(b, b->len - 1);
		break;
	case 2: {
		struct buf c = BUF_INIT;
		buf_add(&c, b->data, at);
		buf_addc(&c, (char)('a' + next_rand() % 26));
		buf_add(&c, b->data + at, b->len - at);
		buf_release(b);
		*b = c;
		break;
	}
	case 3: {
		struct buf c = BUF_INIT;
		for (size_t i = 0; i < b->len; i++)
			if (b->data[i] == '\t')
				buf_adds(&c, "    ");
			else if (b->data[i] == ' ' && i + 1 < b->len && b->data[i + 1] == ' ' &&
				 (!i || b->data[i - 1] == '\n' || b->data[i - 1] == '\t'))
				buf_addc(&c, '\t'), i++;
			else
				buf_addc(&c, b->data[i]);
		buf_release(b);
		*b = c;
		break;
	}
	case 4: {
		struct buf c = BUF_INIT;
		for (size_t i = 0; i < b->len; i++)
			if (b->data[i] == '\'' || b->data[i] == '"')
				buf_adds(&c, "\xE2\x80\x99");
			else
				buf_addc(&c, b->data[i]);
		buf_release(b);
		*b = c;
		break;
	}
	case 5: {
		size_t z = at;
		while (z < b->len && b->data[z] > ' ')
			z++;
		struct buf c = BUF_INIT;
		buf_add(&c, b->data, at);
		buf_adds(&c, next_rand() % 2 ? "total" : "x");
		buf_add(&c, b->data + z, b->len - z);
		buf_release(b);
		*b = c;
		break;
	}
	default: break;
	}
}

static void file_of(struct file *f, const char *data, size_t n)
{
	*f = (struct file)FILE_INIT;
	f->data = xmalloc(n + 1);
	memcpy(f->data, data, n);
	f->data[n] = '\0';
	f->size = n;
	file_index(f);
}

/* A random range: the whole file half the time, else some lines of it. */
static void range_of(const struct file *f, long *first, long *last)
{
	long n = (long)f->n_lines;
	*first = 1;
	*last = n;
	if (next_rand() % 2 || n < 2)
		return;
	*first = 1 + (long)(next_rand() % (unsigned long)n);
	*last = *first + (long)(next_rand() % (unsigned long)(n - *first + 1));
}

static void olds_on(const struct file *f, const struct file *other, const char *path, struct tally *t)
{
	for (int i = 0; i < OLDS_PER_FILE; i++) {
		struct buf old = BUF_INIT;
		long k = 1 + (long)(next_rand() % 4);
		long at = 1 + (long)(next_rand() % f->n_lines);
		const struct file *from = i == OLDS_PER_FILE - 1 && other->n_lines ? other : f;
		if (from == other)
			at = 1 + (long)(next_rand() % other->n_lines);
		for (long l = at; l < at + k && l <= (long)from->n_lines; l++)
			add_line(&old, from, l);
		if (next_rand() % 3 && old.len && old.data[old.len - 1] == '\n')
			buf_truncate(&old, old.len - 1);
		mutate(&old);
		long first, last;
		range_of(f, &first, &last);
		char where[600];
		snprintf(where, sizeof where, "%s, --old from line %ld (+%ld)", path, at, k);
		compare(f, first, last, old.data ? old.data : "", old.len, t, where);
		buf_release(&old);
	}
}

static char *paths[MAX_FILES];
static size_t n_paths;

static int collect(const char *p, const struct stat *st, int type, struct FTW *ftw)
{
	(void)ftw;
	static const char *const exts[] = {".js", ".ts", ".c", ".h", ".json", ".md", ".py", ".scm", NULL};
	if (type != FTW_F || st->st_size < 1 || st->st_size > 120000 || n_paths == MAX_FILES)
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

static bool read_all(const char *path, struct buf *b)
{
	FILE *fp = fopen(path, "rb");
	if (!fp)
		return false;
	char chunk[8192];
	size_t got;
	while ((got = fread(chunk, 1, sizeof(chunk), fp)) > 0)
		buf_add(b, chunk, got);
	fclose(fp);
	return b->len && !memchr(b->data, 0, b->len);
}

static void real_files(struct tally *t)
{
	/* "/.": entered also where it is a symlink (a git worktree's) */
	nftw("deps/node_modules/.", collect, 16, FTW_PHYS);
	qsort(paths, n_paths, sizeof(*paths), cmp_str);
	struct file prev = FILE_INIT;
	for (size_t i = 0; i < n_paths; i++) {
		struct buf raw = BUF_INIT;
		struct file f;
		if (read_all(paths[i], &raw)) {
			file_of(&f, raw.data, raw.len);
			if (f.n_lines)
				olds_on(&f, &prev, paths[i], t);
			file_release(&prev);
			prev = f;
		}
		buf_release(&raw);
	}
	file_release(&prev);
	unit_long("files read from deps/node_modules (a thousand or more)", n_paths >= 1000, 1);
	for (size_t i = 0; i < n_paths; i++)
		free(paths[i]);
}

/* Files of a few short lines, repeated: most windows tie, blank and one-byte lines abound. */
static void generated_files(struct tally *t)
{
	static const char *const words[] = {"",  "a",   "ab", "ba",  "abab", "  ab", "\tab", "aab",
					    "}", "x y", "{",  "abc", "cba",  "  ",   "aa",   "b a"};
	const size_t nw = sizeof words / sizeof *words;
	for (int g = 0; g < GENERATED_FILES; g++) {
		struct buf text = BUF_INIT, old = BUF_INIT;
		long lines = 1 + (long)(next_rand() % 60);
		for (long l = 0; l < lines; l++) {
			buf_adds(&text, words[next_rand() % nw]);
			if (next_rand() % 9 == 0)
				for (int r = 0; r < 270; r++)
					buf_addc(&text, (char)('a' + r % 3));
			if (l + 1 < lines || next_rand() % 2)
				buf_adds(&text, next_rand() % 7 ? "\n" : "\r\n");
		}
		long k = 1 + (long)(next_rand() % 3);
		for (long l = 0; l < k; l++) {
			buf_adds(&old, words[next_rand() % nw]);
			if (l + 1 < k)
				buf_adds(&old, "\n");
		}
		struct file f;
		file_of(&f, text.data, text.len);
		long first, last;
		range_of(&f, &first, &last);
		compare(&f, first, last, old.data ? old.data : "", old.len, t, "a generated file");
		file_release(&f);
		buf_release(&text);
		buf_release(&old);
	}
}

int main(void)
{
	unit_begin("t_advice");
	struct tally real = {0}, gen = {0};
	real_files(&real);
	generated_files(&gen);
	printf("t_advice: %ld real cases (%ld with a nearest line, %ld with tied windows), %ld generated "
	       "(%ld with tied windows)\n",
	       real.cases, real.nearest_found, real.ranked, gen.cases, gen.ranked);
	unit_long("real cases (thousands)", real.cases >= 1000, 1);
	unit_long("generated cases with tied windows (hundreds)", gen.ranked >= 100, 1);
	unit_long("real cases that differ from the reference", real.bad, 0);
	unit_long("generated cases that differ from the reference", gen.bad, 0);
	printf("t_advice: fold_find checked against every window tried on %ld cases (%ld folded)\n",
	       real.fold_cases + gen.fold_cases, real.folded + gen.folded);
	unit_long("cases where --old folds onto some window (hundreds)", real.folded + gen.folded >= 100, 1);
	unit_long("cases where fold_find's skip differs from trying every window",
		  real.fold_bad + gen.fold_bad, 0);
	return unit_end();
}
