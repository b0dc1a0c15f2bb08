/* map's first phase: the roots, the walk, and each kept file read once (see map.h). */
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../alloc.h"
#include "../file.h"
#include "../find/roots.h"
#include "../opt.h"
#include "../resolve.h"
#include "../symbols/lang.h"
#include "map.h"

static const char *const vendored[] = {"vendor",   "node_modules",     "third_party", "third-party",
				       "3rdparty", "bower_components", NULL};

bool map_vendored_dir(const char *name, size_t len)
{
	for (size_t i = 0; vendored[i]; i++)
		if (strlen(vendored[i]) == len && !memcmp(vendored[i], name, len))
			return true;
	return false;
}

/* A directory part of path (not its file name) is a vendored tree's. */
static bool under_vendored(const char *path, size_t len)
{
	for (size_t a = 0; a < len;) {
		const char *slash = memchr(path + a, '/', len - a);
		if (!slash)
			return false;
		size_t b = (size_t)(slash - path);
		if (map_vendored_dir(path + a, b - a))
			return true;
		a = b + 1;
	}
	return false;
}

struct walker {
	struct pw {
		char **paths;
		size_t n, cap;
	} * w;
};

static void add_path(struct walker *wk, unsigned worker, const char *path, size_t len)
{
	struct pw *w = &wk->w[worker];
	XGROW(w->paths, w->cap, w->n + 1);
	w->paths[w->n++] = xstrndup(path, len);
}

static void on_file(void *ctx, unsigned worker, const struct walk_file *f)
{
	add_path(ctx, worker, f->path, f->len);
}

static int file_cmp(const void *a, const void *b)
{
	return roots_path_cmp(((const struct map_file *)a)->path, ((const struct map_file *)b)->path);
}

/* Every kept file under rs, sorted, into c->files. */
static void walk_files(struct map_call *c, const struct roots *rs)
{
	const struct opts *o = c->o;
	struct walk_opts wo = {.hidden = o->hidden,
			       .no_ignore = o->no_ignore,
			       .wt = o->allow_outside ? NULL : o->wt,
			       .cancel = o->cancel};
	unsigned nw = walk_threads(&wo);
	struct walker wk = {xcalloc(nw, sizeof(*wk.w))};
	for (size_t i = 0; i < rs->n_files; i++)
		add_path(&wk, 0, rs->files[i], strlen(rs->files[i]));
	if (rs->n_dirs)
		walk_run(rs->dirs, rs->n_dirs, &wo, on_file, &wk, &c->wc);
	size_t n = 0;
	for (unsigned i = 0; i < nw; i++)
		n += wk.w[i].n;
	c->files = xcalloc(n + 1, sizeof(*c->files));
	for (unsigned i = 0; i < nw; i++) {
		for (size_t k = 0; k < wk.w[i].n; k++)
			c->files[c->n_files++].path = wk.w[i].paths[k];
		free(wk.w[i].paths);
	}
	free(wk.w);
	qsort(c->files, c->n_files, sizeof(*c->files), file_cmp);
	for (size_t i = 0; i < c->n_files; i++) {
		struct map_file *f = &c->files[i];
		const struct lang *l = lang_for_path(f->path);
		f->lang = l ? l->name : NULL;
		f->folded = under_vendored(f->path, strlen(f->path));
	}
	/* one directory root (not "."): the outline's levels start under it */
	if (rs->n_dirs == 1 && !rs->n_files && strcmp(rs->dirs[0], ".") && strcmp(rs->dirs[0], "./")) {
		size_t l = strlen(rs->dirs[0]);
		while (l > 1 && rs->dirs[0][l - 1] == '/')
			l--;
		c->prefix = l + 1;
	}
}

/* What reading one file found, kept only once file_scan says the bytes were whole. */
struct scan {
	const char *path;
	bool binary, generated, parsed;
	struct sym_items defs;
	char **sigs;
	struct map_ident *ids;
	size_t n_ids;
	struct buf text;
};

static bool generated_marker(const char *data, size_t size)
{
	size_t n = size < 2048 ? size : 2048;
	return (memmem(data, n, "Code generated", 14) && memmem(data, n, "DO NOT EDIT", 11)) ||
	       memmem(data, n, "@generated", 10);
}

/* The line holding byte at, without its indentation and trailing blanks, cut at 160 bytes. */
static char *signature(const char *data, size_t size, size_t at)
{
	size_t a = at, b = at;
	while (a > 0 && data[a - 1] != '\n')
		a--;
	while (b < size && data[b] != '\n')
		b++;
	while (a < b && (data[a] == ' ' || data[a] == '\t'))
		a++;
	while (b > a && (data[b - 1] == ' ' || data[b - 1] == '\t' || data[b - 1] == '\r'))
		b--;
	size_t n = b - a > 160 ? 160 : b - a;
	while (n < b - a && n > 0 && ((unsigned char)data[a + n] & 0xC0) == 0x80)
		n--; /* never cut inside a UTF-8 sequence */
	char *s = xstrndup(data + a, n);
	for (char *p = s; *p; p++)
		if ((unsigned char)*p < 0x20)
			*p = ' ';
	return s;
}

static bool ident_start(unsigned char ch)
{
	return ch == '_' || ((ch | 0x20) >= 'a' && (ch | 0x20) <= 'z');
}

static bool ident_byte(unsigned char ch)
{
	return ident_start(ch) || (ch >= '0' && ch <= '9');
}

/* Every identifier of two or more bytes data spells, each once with its count, in s->ids (an
 * open-addressed table, then compacted in first-seen order). */
static void identifiers(struct scan *s, const char *data, size_t size)
{
	size_t cap = 256, n = 0;
	struct map_ident *t = xcalloc(cap, sizeof(*t));
	for (size_t i = 0; i < size;) {
		unsigned char ch = (unsigned char)data[i];
		if (!ident_start(ch) || (i && ident_byte((unsigned char)data[i - 1]))) {
			i++;
			continue;
		}
		size_t j = i + 1;
		uint64_t h = 1469598103934665603ULL ^ ch;
		h *= 1099511628211ULL;
		for (; j < size && ident_byte((unsigned char)data[j]); j++)
			h = (h ^ (unsigned char)data[j]) * 1099511628211ULL;
		size_t len = j - i;
		if (len >= 2 && len < 256) {
			size_t k = (size_t)h & (cap - 1);
			while (t[k].count && !(t[k].hash == h && t[k].len == len &&
					       !memcmp(s->text.data + t[k].at, data + i, len)))
				k = (k + 1) & (cap - 1);
			if (t[k].count) {
				t[k].count++;
			} else {
				t[k] = (struct map_ident){(uint32_t)s->text.len, (uint32_t)len, 1, h};
				buf_add(&s->text, data + i, len);
				if (++n * 2 > cap) {
					struct map_ident *old = t;
					size_t oc = cap;
					cap *= 2;
					t = xcalloc(cap, sizeof(*t));
					for (size_t m = 0; m < oc; m++) {
						if (!old[m].count)
							continue;
						size_t q = (size_t)old[m].hash & (cap - 1);
						while (t[q].count)
							q = (q + 1) & (cap - 1);
						t[q] = old[m];
					}
					free(old);
				}
			}
		}
		i = j;
	}
	s->ids = xcalloc(n + 1, sizeof(*s->ids));
	for (size_t k = 0; k < cap; k++)
		if (t[k].count)
			s->ids[s->n_ids++] = t[k];
	free(t);
}

static void scan_data(void *ctx, const char *data, size_t size)
{
	struct scan *s = ctx;
	if (file_is_binary(data, size)) {
		s->binary = true;
		return;
	}
	if (generated_marker(data, size)) {
		s->generated = true;
		return;
	}
	if (!symbols_outline(s->path, data, size, &s->defs))
		return;
	s->parsed = true;
	s->sigs = xcalloc(s->defs.n + 1, sizeof(*s->sigs));
	for (size_t k = 0; k < s->defs.n; k++)
		s->sigs[k] = signature(data, size, s->defs.v[k].name_at);
	identifiers(s, data, size);
}

static void scan_release(struct scan *s)
{
	for (size_t k = 0; s->sigs && k < s->defs.n; k++)
		free(s->sigs[k]);
	free(s->sigs);
	sym_items_release(&s->defs);
	free(s->ids);
	buf_release(&s->text);
}

struct reader {
	struct map_call *c;
	const struct map_cache *mc;
	atomic_size_t next, hits;
	atomic_long binary, too_large, unreadable;
};

/* f's identity before its bytes are read (opened as file_scan opens it, beneath the tree), so a
 * change made while reading makes the stamp stale rather than the record wrong. */
static void stamp(const struct worktree *w, struct map_file *f, long max_file_bytes)
{
	int fd = w ? resolve_open_beneath(w, f->path, O_PATH) : open(f->path, O_PATH | O_CLOEXEC);
	struct stat st;
	if (fd < 0)
		return;
	f->stamped = !fstat(fd, &st) && map_stamp_of(&f->stamp, &st) && st.st_size <= max_file_bytes;
	close(fd);
}

static void read_one(struct reader *r, struct map_file *f, struct buf *scratch)
{
	struct scan s = {.path = f->path};
	const struct opts *o = r->c->o;
	const struct worktree *w = o->allow_outside ? NULL : o->wt;
	if (r->mc)
		stamp(w, f, o->max_file_bytes);
	if (f->stamped && map_cache_get(r->mc, f, &f->stamp)) {
		f->read = true;
		atomic_fetch_add(&r->hits, 1);
		if (f->binary)
			atomic_fetch_add(&r->binary, 1);
		return;
	}
	enum file_scan_status st = file_scan(w, f->path, true, o->max_file_bytes, scratch, scan_data, &s);
	if (st != FILE_SCAN_OK)
		f->stamped = false;
	if (st == FILE_SCAN_OK) {
		f->read = true;
		f->generated = s.generated;
		f->binary = s.binary;
		if (s.binary)
			atomic_fetch_add(&r->binary, 1);
		if (s.parsed) {
			f->defs = s.defs;
			f->sigs = s.sigs;
			f->ids = s.ids;
			f->n_ids = s.n_ids;
			f->ident_text = buf_detach(&s.text);
			return;
		}
	} else if (st == FILE_SCAN_TOO_LARGE) {
		atomic_fetch_add(&r->too_large, 1);
	} else if (st != FILE_SCAN_OTHER) {
		atomic_fetch_add(&r->unreadable, 1);
	}
	scan_release(&s);
}

static void reader_worker(void *arg, unsigned worker)
{
	(void)worker;
	struct reader *r = arg;
	struct buf scratch = BUF_INIT;
	for (size_t i; (i = atomic_fetch_add(&r->next, 1)) < r->c->n_files;) {
		struct map_file *f = &r->c->files[i];
		if (f->folded || !f->lang || (r->c->o->cancel && atomic_load(r->c->o->cancel)))
			continue;
		read_one(r, f, &scratch);
	}
	buf_release(&scratch);
}

enum lets_err map_collect(struct map_call *c, struct diag *d)
{
	/* roots_collect reads the paths after a pattern: map has none, so one is put before them */
	struct opts ro = *c->o;
	const char **items = xcalloc(c->o->positional.n + 2, sizeof(*items));
	items[0] = "";
	for (size_t i = 0; i < c->o->positional.n; i++)
		items[i + 1] = c->o->positional.items[i];
	ro.positional.items = items;
	ro.positional.n = c->o->positional.n + 1;
	struct roots rs = ROOTS_INIT;
	enum lets_err e = roots_collect(&ro, c->o->wt, &rs, &c->om, d);
	if (e != E_OUTSIDE_TREE) {
		walk_files(c, &rs);
		c->wc.other += rs.other;
		struct timespec now;
		clock_gettime(CLOCK_REALTIME, &now);
		struct map_cache *mc = map_cache_open(c->o, (long long)now.tv_sec);
		struct reader r = {.c = c, .mc = mc};
		atomic_init(&r.next, 0);
		atomic_init(&r.hits, 0);
		struct walk_opts wo = {0};
		unsigned nt = walk_threads(&wo);
		struct sigaction was;
		file_scan_guard_begin(&was);
		walk_parallel(nt, reader_worker, &r);
		file_scan_guard_end(&was);
		/* a cancelled call read only part of the tree: the cache keeps what it had */
		if (!(c->o->cancel && atomic_load(c->o->cancel)))
			map_cache_save(mc, c->files, c->n_files, atomic_load(&r.hits));
		map_cache_close(mc);
		c->binary = atomic_load(&r.binary);
		c->too_large = atomic_load(&r.too_large);
		c->unreadable = atomic_load(&r.unreadable);
	}
	roots_release(&rs);
	free(items);
	return e;
}

void map_call_init(struct map_call *c, const struct opts *o)
{
	*c = (struct map_call){.o = o, .om = OMITS_INIT};
}

void map_file_release(struct map_file *f)
{
	for (size_t k = 0; f->sigs && k < f->defs.n; k++)
		free(f->sigs[k]);
	free(f->sigs);
	free(f->score);
	sym_items_release(&f->defs);
	free(f->ids);
	free(f->ident_text);
	free(f->path);
}

void map_call_release(struct map_call *c)
{
	for (size_t i = 0; i < c->n_files; i++)
		map_file_release(&c->files[i]);
	free(c->files);
	free(c->focus.files);
	free(c->order);
	omits_release(&c->om);
	*c = (struct map_call){0};
}
