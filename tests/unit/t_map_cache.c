/* map's parse cache (map.h, cache.c): a record comes back as it was stored while the file's
 * identity holds; a changed identity, an unsettled file, and a cache cut short or with any
 * byte changed are misses — never a wrong answer. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "map/map.h"
#include "opt.h"
#include "unit.h"

#define NOW 2000000000LL

static void sample(struct map_file *f, const char *path)
{
	*f = (struct map_file){.path = strdup(path), .stamped = true};
	f->stamp = (struct map_stamp){1, 42, 87, NOW - 100, 5, NOW - 50, 7};
	f->defs.n = f->defs.cap = 2;
	f->defs.v = calloc(2, sizeof(*f->defs.v));
	f->defs.v[0] = (struct sym_item){strdup("Store"), 5, 5, "type", 3, 3, 6};
	f->defs.v[1] = (struct sym_item){strdup("Store.Get"), 40, 3, "method", 8, 8, 10};
	f->sigs = calloc(3, sizeof(*f->sigs));
	f->sigs[0] = strdup("type Store struct {");
	f->sigs[1] = strdup("func (s *Store) Get(key string) string {");
	f->ident_text = strdup("StoreGetkey");
	f->ids = calloc(3, sizeof(*f->ids));
	f->ids[0] = (struct map_ident){0, 5, 3, 11};
	f->ids[1] = (struct map_ident){5, 3, 1, 22};
	f->ids[2] = (struct map_ident){8, 3, 2, 33};
	f->n_ids = 3;
}

static bool same(const struct map_file *a, const struct map_file *b)
{
	if (a->defs.n != b->defs.n || a->n_ids != b->n_ids || a->binary != b->binary ||
	    a->generated != b->generated || strcmp(a->ident_text, b->ident_text))
		return false;
	for (size_t i = 0; i < a->defs.n; i++) {
		const struct sym_item *x = &a->defs.v[i], *y = &b->defs.v[i];
		if (strcmp(x->qname, y->qname) || strcmp(x->kind, y->kind) || x->name_at != y->name_at ||
		    x->name_len != y->name_len || x->line != y->line || x->start != y->start ||
		    x->end != y->end || strcmp(a->sigs[i], b->sigs[i]))
			return false;
	}
	return !memcmp(a->ids, b->ids, a->n_ids * sizeof(*a->ids));
}

/* Looks want's path up in the cache as it stands: 1 an equal answer, 0 a miss, -1 a wrong one. */
static int lookup(const struct opts *o, const struct map_file *want, const struct map_stamp *st)
{
	struct map_cache *mc = map_cache_open(o, NOW);
	struct map_file got = {.path = strdup(want->path)};
	int r = map_cache_get(mc, &got, st) ? (same(&got, want) ? 1 : -1) : 0;
	map_file_release(&got);
	map_cache_close(mc);
	return r;
}

static char *slurp(const char *path, size_t *n)
{
	FILE *fp = fopen(path, "rb");
	char *p = malloc(1 << 20);
	*n = fp ? fread(p, 1, 1 << 20, fp) : 0;
	if (fp)
		fclose(fp);
	return p;
}

static void spill(const char *path, const char *p, size_t n)
{
	FILE *fp = fopen(path, "wb");
	fwrite(p, 1, n, fp);
	fclose(fp);
}

int main(void)
{
	unit_begin("t_map_cache");
	char dir[] = "/tmp/t_map_cache.XXXXXX";
	if (!unit_check(mkdtemp(dir) != NULL, "a scratch directory"))
		return unit_end();
	setenv("XDG_CACHE_HOME", dir, 1);
	struct opts o = {0};
	struct map_file f[2];
	sample(&f[0], "store/store.go");
	sample(&f[1], "util/new.go");
	f[1].stamp.mtime = NOW - 1; /* changed a second ago: not settled, not stored */

	unit_check(lookup(&o, &f[0], &f[0].stamp) == 0, "no cache yet: a miss");
	struct map_cache *mc = map_cache_open(&o, NOW);
	map_cache_save(mc, f, 2, 0);
	map_cache_close(mc);
	unit_check(lookup(&o, &f[0], &f[0].stamp) == 1, "the record comes back as stored");
	unit_check(lookup(&o, &f[1], &f[1].stamp) == 0, "an unsettled file was not stored");
	struct map_stamp moved = f[0].stamp;
	moved.ctime_ns++;
	unit_check(lookup(&o, &f[0], &moved) == 0, "a ctime a nanosecond off is a miss");
	moved = f[0].stamp;
	moved.ino++;
	unit_check(lookup(&o, &f[0], &moved) == 0, "another inode is a miss");

	char path[512];
	snprintf(path, sizeof(path), "%s/lets/map", dir);
	DIR *dp = opendir(path);
	struct dirent *de = NULL;
	while (dp && (de = readdir(dp)) && de->d_name[0] == '.')
		;
	if (!unit_check(dp && de, "one cache file")) {
		if (dp)
			closedir(dp);
		return unit_end();
	}
	strncat(path, "/", sizeof(path) - strlen(path) - 1);
	strncat(path, de->d_name, sizeof(path) - strlen(path) - 1);
	closedir(dp);
	size_t n;
	char *good = slurp(path, &n);
	unit_check(n > 0, "the cache file is there");

	int wrong = 0, hits = 0;
	for (size_t i = 0; i < n; i++) { /* every byte changed in turn */
		good[i] ^= 0x20;
		spill(path, good, n);
		int r = lookup(&o, &f[0], &f[0].stamp);
		wrong += r < 0;
		hits += r > 0;
		good[i] ^= 0x20;
	}
	/* a hit is possible only where the change left the record whole (the header's count) */
	unit_check(!wrong, "any byte changed: never a wrong answer (%d wrong)", wrong);
	unit_check(hits <= 4, "any byte changed in a record: a miss (%d hits)", hits);
	wrong = hits = 0;
	for (size_t k = 0; k < n; k++) { /* cut short at every length */
		spill(path, good, k);
		int r = lookup(&o, &f[0], &f[0].stamp);
		wrong += r < 0;
		hits += r > 0;
	}
	unit_check(!wrong && !hits, "cut short anywhere: a miss (%d wrong, %d hits)", wrong, hits);
	spill(path, good, n);
	unit_check(lookup(&o, &f[0], &f[0].stamp) == 1, "restored: a hit again");

	free(good);
	unlink(path);
	*strrchr(path, '/') = '\0';
	rmdir(path);
	*strrchr(path, '/') = '\0';
	rmdir(path);
	unit_check(rmdir(dir) == 0, "cleaned up");
	map_file_release(&f[0]);
	map_file_release(&f[1]);
	return unit_end();
}
