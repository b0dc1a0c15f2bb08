/* map's parse cache (see map.h): what reading one file found, kept per file under
 * $XDG_CACHE_HOME/lets/map/ and trusted only while the file's identity is unchanged.
 *
 * One cache file per call shape (the current directory and the roots as typed), so the paths
 * in it are the walk's paths. Layout, native byte order (the endian word catches a foreign one):
 *   header: "LETSMAPC", u32 format, u32 0x01020304, u32 length + LETS_VERSION, u64 hash of
 *   the running binary's identity (a rebuild may parse differently), u32 records
 *   record: u32 length, u64 checksum of the payload, payload:
 *     u32 path length + path, the identity (struct map_stamp's seven fields as u64),
 *     u8 flags (binary, generated, parsed), and when parsed: u32 definitions, each
 *     (u32 + qname, u64 name_at, u64 name_len, u8 kind, i64 line, start, end, u32 + signature),
 *     u32 identifiers, each (u32 at, len, count, u64 hash), u32 + identifier text.
 * Reading checks everything: a bad header drops the file, a record whose length, checksum,
 * fields or identity disagree is not cached. The cache is never needed for the answer. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../alloc.h"
#include "../opt.h"
#include "../verbs.h"
#include "../worktree.h"
#include "map.h"

#define CACHE_FORMAT 1u
#define CACHE_ENDIAN 0x01020304u
#define CACHE_MAX_BYTES ((size_t)1 << 30)
/* A file changed this recently may change again within its timestamp's granularity (a coarse
 * clock tick, or the two seconds of FAT) without its identity changing: not stored. */
#define CACHE_RACY_SECONDS 2

static const char magic[8] = {'L', 'E', 'T', 'S', 'M', 'A', 'P', 'C'};
static const char *const kinds[] = {"function", "method",  "type", "value",
				    "overload", "section", "key",  NULL};

struct slot {
	uint32_t at, len; /* the record's payload in data */
	uint32_t path_len;
	uint64_t hash;
};

struct map_cache {
	char *dir, *path; /* the cache directory, and this call's file in it */
	char *data; /* the cache file's bytes */
	size_t size;
	struct slot *t; /* open-addressed on the path */
	size_t cap, n;
	long long now; /* the call's start, seconds */
	uint64_t build; /* this binary's identity: a rebuilt lets may parse differently */
};

static uint64_t fnv(const void *p, size_t n, uint64_t h)
{
	const unsigned char *s = p;
	for (size_t i = 0; i < n; i++)
		h = (h ^ s[i]) * 1099511628211ULL;
	return h;
}

/* A checksum eight bytes a step: corruption, not an adversary, is what it is for. */
static uint64_t checksum(const char *p, size_t n)
{
	uint64_t h = 0x9E3779B97F4A7C15ULL ^ n;
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		uint64_t w;
		memcpy(&w, p + i, 8);
		h = (h ^ w) * 0xFF51AFD7ED558CCDULL;
		h ^= h >> 29;
	}
	h = fnv(p + i, n - i, h);
	h ^= h >> 33;
	return h * 0xC4CEB9FE1A85EC53ULL;
}

/* An absolute path with its "." and ".." parts taken out, for one that does not exist yet. */
static void normalise(struct buf *b, const char *path)
{
	for (const char *p = path; *p;) {
		while (*p == '/')
			p++;
		size_t n = strcspn(p, "/");
		if (n == 2 && !memcmp(p, "..", 2)) {
			while (b->len && b->data[--b->len] != '/')
				;
		} else if (n && !(n == 1 && *p == '.')) {
			buf_add(b, "/", 1);
			buf_add(b, p, n);
		}
		p += n;
	}
	buf_add(b, "", 0);
}

/* The cache directory: $XDG_CACHE_HOME (when absolute) or $HOME/.cache, resolved, then
 * lets/map. */
static char *cache_dir(void)
{
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	const char *base = xdg && xdg[0] == '/' ? xdg : home && home[0] == '/' ? home : NULL;
	if (!base)
		return NULL;
	char *real = realpath(base, NULL);
	struct buf b = BUF_INIT;
	if (real)
		buf_adds(&b, real);
	else
		normalise(&b, base);
	free(real);
	buf_adds(&b, base == xdg ? "/lets/map" : "/.cache/lets/map");
	return buf_detach(&b);
}

static bool under(const char *dir, const char *top)
{
	size_t n = top ? strlen(top) : 0;
	return n && !strncmp(dir, top, n) && (dir[n] == '/' || dir[n] == '\0' || top[n - 1] == '/');
}

/* A bounded reader over the cache's bytes: any read past the end fails it for good. */
struct rd {
	const char *p;
	size_t at, end;
	bool bad;
};

static const char *rd_take(struct rd *r, size_t n)
{
	if (r->bad || n > r->end - r->at) {
		r->bad = true;
		return NULL;
	}
	r->at += n;
	return r->p + r->at - n;
}

static uint64_t rd_u(struct rd *r, size_t n)
{
	const char *s = rd_take(r, n);
	if (!s)
		return 0;
	if (n == 1)
		return (unsigned char)*s;
	if (n == 4) {
		uint32_t v;
		memcpy(&v, s, 4);
		return v;
	}
	uint64_t v;
	memcpy(&v, s, 8);
	return v;
}

/* A string of u32 length with no NUL in it, copied. */
static char *rd_str(struct rd *r, size_t *len)
{
	size_t n = (size_t)rd_u(r, 4);
	const char *s = rd_take(r, n);
	if (!s || memchr(s, '\0', n)) {
		r->bad = true;
		return NULL;
	}
	if (len)
		*len = n;
	return xstrndup(s, n);
}

static bool read_all(const char *path, char **data, size_t *size)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
	struct stat st;
	if (fd < 0)
		return false;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_size <= 0 ||
	    (unsigned long long)st.st_size > CACHE_MAX_BYTES) {
		close(fd);
		return false;
	}
	size_t n = (size_t)st.st_size, got = 0;
	char *p = malloc(n); /* a cache too large for memory is a miss, not an abort */
	if (!p) {
		close(fd);
		return false;
	}
	while (got < n) {
		ssize_t r = read(fd, p + got, n - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		got += (size_t)r;
	}
	close(fd);
	if (got != n) {
		free(p);
		return false;
	}
	*data = p;
	*size = n;
	return true;
}

static struct slot *slot_find(const struct map_cache *mc, const char *path, size_t len, uint64_t h)
{
	for (size_t k = (size_t)h & (mc->cap - 1);; k = (k + 1) & (mc->cap - 1)) {
		struct slot *s = &mc->t[k];
		if (!s->len ||
		    (s->hash == h && s->path_len == len && !memcmp(mc->data + s->at + 4, path, len)))
			return s;
	}
}

/* The header, then each record's place by its path. A record that breaks the layout ends the
 * index there: the ones before it stand on their own checksums. */
static void cache_index(struct map_cache *mc)
{
	struct rd r = {mc->data, 0, mc->size, false};
	const char *m = rd_take(&r, sizeof(magic));
	if (!m || memcmp(m, magic, sizeof(magic)) || rd_u(&r, 4) != CACHE_FORMAT ||
	    rd_u(&r, 4) != CACHE_ENDIAN)
		return;
	size_t vl = (size_t)rd_u(&r, 4);
	const char *v = rd_take(&r, vl);
	uint64_t build = rd_u(&r, 8);
	size_t n = (size_t)rd_u(&r, 4);
	if (!v || vl != strlen(LETS_VERSION) || memcmp(v, LETS_VERSION, vl) || build != mc->build ||
	    n > mc->size / 16)
		return;
	for (mc->cap = 16; mc->cap < 2 * n + 2;)
		mc->cap *= 2;
	mc->t = xcalloc(mc->cap, sizeof(*mc->t));
	for (size_t i = 0; i < n; i++) {
		size_t len = (size_t)rd_u(&r, 4);
		rd_take(&r, 8);
		size_t at = r.at;
		struct rd pr = {mc->data, at, r.bad || len > r.end - at ? at : at + len, false};
		size_t pl = (size_t)rd_u(&pr, 4);
		const char *p = rd_take(&pr, pl);
		if (r.bad || !rd_take(&r, len) || !p || len > UINT32_MAX || at > UINT32_MAX)
			return;
		uint64_t h = fnv(p, pl, 1469598103934665603ULL);
		struct slot *s = slot_find(mc, p, pl, h);
		if (!s->len && len) {
			*s = (struct slot){(uint32_t)at, (uint32_t)len, (uint32_t)pl, h};
			mc->n++;
		}
	}
}

/* The file for this call: the current directory and the roots as typed name it. */
static char *cache_file(const char *dir, const struct opts *o)
{
	char cwd[PATH_MAX];
	if (!getcwd(cwd, sizeof(cwd)))
		return NULL;
	uint64_t h = fnv(cwd, strlen(cwd) + 1, 1469598103934665603ULL);
	for (size_t i = 0; i < o->positional.n; i++)
		h = fnv(o->positional.items[i], strlen(o->positional.items[i]) + 1, h);
	struct buf b = BUF_INIT;
	buf_addf(&b, "%s/%016llx", dir, (unsigned long long)h);
	return buf_detach(&b);
}

struct map_cache *map_cache_open(const struct opts *o, long long now)
{
	struct stat exe;
	struct map_stamp es;
	if (stat("/proc/self/exe", &exe) || !map_stamp_of(&es, &exe))
		return NULL;
	char *dir = cache_dir();
	char cwd[PATH_MAX];
	/* a cache inside the tree mapped would be mapped too, and change the next answer */
	if (dir && ((o->wt && under(dir, o->wt->root)) || !getcwd(cwd, sizeof(cwd)) || under(dir, cwd))) {
		free(dir);
		return NULL;
	}
	char *path = dir ? cache_file(dir, o) : NULL;
	if (!path) {
		free(dir);
		return NULL;
	}
	struct map_cache *mc = xcalloc(1, sizeof(*mc));
	*mc = (struct map_cache){.dir = dir, .path = path, .now = now, .build = fnv(&es, sizeof(es), 0)};
	if (read_all(path, &mc->data, &mc->size))
		cache_index(mc);
	return mc;
}

void map_cache_close(struct map_cache *mc)
{
	if (!mc)
		return;
	free(mc->dir);
	free(mc->path);
	free(mc->data);
	free(mc->t);
	free(mc);
}

bool map_stamp_of(struct map_stamp *s, const struct stat *st)
{
	*s = (struct map_stamp){(uint64_t)st->st_dev,          (uint64_t)st->st_ino,
				(uint64_t)st->st_size,         (uint64_t)st->st_mtim.tv_sec,
				(uint64_t)st->st_mtim.tv_nsec, (uint64_t)st->st_ctim.tv_sec,
				(uint64_t)st->st_ctim.tv_nsec};
	return S_ISREG(st->st_mode);
}

bool map_stamp_settled(const struct map_stamp *s, long long now)
{
	return (long long)s->mtime < now - CACHE_RACY_SECONDS &&
	       (long long)s->ctime < now - CACHE_RACY_SECONDS;
}

static bool rd_stamp(struct rd *r, const struct map_stamp *want)
{
	uint64_t v[7];
	for (int i = 0; i < 7; i++)
		v[i] = rd_u(r, 8);
	return !r->bad && v[0] == want->dev && v[1] == want->ino && v[2] == want->size &&
	       v[3] == want->mtime && v[4] == want->mtime_ns && v[5] == want->ctime && v[6] == want->ctime_ns;
}

static bool rd_def(struct rd *r, struct sym_item *d, char **sig)
{
	size_t ql = 0;
	d->qname = rd_str(r, &ql);
	d->name_at = (size_t)rd_u(r, 8);
	d->name_len = (size_t)rd_u(r, 8);
	size_t k = (size_t)rd_u(r, 1);
	d->line = (long)rd_u(r, 8);
	d->start = (long)rd_u(r, 8);
	d->end = (long)rd_u(r, 8);
	*sig = rd_str(r, NULL);
	if (r->bad || k >= sizeof(kinds) / sizeof(*kinds) - 1 || d->name_len > ql)
		return false;
	d->kind = kinds[k];
	return true;
}

static bool rd_ids(struct rd *r, struct map_file *f)
{
	size_t n = (size_t)rd_u(r, 4);
	if (r->bad || n > (r->end - r->at) / 20)
		return false;
	f->ids = xcalloc(n + 1, sizeof(*f->ids));
	for (size_t i = 0; i < n; i++) {
		struct map_ident *id = &f->ids[f->n_ids++];
		id->at = (uint32_t)rd_u(r, 4);
		id->len = (uint32_t)rd_u(r, 4);
		id->count = (uint32_t)rd_u(r, 4);
		id->hash = rd_u(r, 8);
	}
	size_t tl = 0;
	f->ident_text = rd_str(r, &tl);
	for (size_t i = 0; !r->bad && i < n; i++)
		if (f->ids[i].at > tl || f->ids[i].len > tl - f->ids[i].at)
			return false;
	return !r->bad;
}

/* The parse's results into f; false (f's partial results its own to release) on any flaw. */
static bool rd_parse(struct rd *r, struct map_file *f)
{
	size_t n = (size_t)rd_u(r, 4);
	if (r->bad || n > (r->end - r->at) / 40)
		return false;
	f->defs.v = xcalloc(n + 1, sizeof(*f->defs.v));
	f->defs.cap = n + 1;
	f->sigs = xcalloc(n + 1, sizeof(*f->sigs));
	for (size_t i = 0; i < n; i++) {
		bool ok = rd_def(r, &f->defs.v[i], &f->sigs[i]);
		f->defs.n = i + 1;
		if (!ok)
			return false;
	}
	return rd_ids(r, f);
}

bool map_cache_get(const struct map_cache *mc, struct map_file *f, const struct map_stamp *now)
{
	if (!mc || !mc->t)
		return false;
	size_t pl = strlen(f->path);
	struct slot *s = slot_find(mc, f->path, pl, fnv(f->path, pl, 1469598103934665603ULL));
	if (!s->len)
		return false;
	uint64_t sum;
	memcpy(&sum, mc->data + s->at - 8, 8);
	if (sum != checksum(mc->data + s->at, s->len))
		return false;
	struct rd r = {mc->data, s->at + 4 + s->path_len, s->at + s->len, false};
	if (!rd_stamp(&r, now))
		return false;
	unsigned flags = (unsigned)rd_u(&r, 1);
	if (r.bad || flags > 7 || ((flags & 4) && (flags & 3)))
		return false;
	if (flags & 4) {
		struct map_file got = {.path = f->path};
		if (!rd_parse(&r, &got) || r.at != r.end) {
			got.path = NULL;
			map_file_release(&got);
			return false;
		}
		f->defs = got.defs;
		f->sigs = got.sigs;
		f->ids = got.ids;
		f->n_ids = got.n_ids;
		f->ident_text = got.ident_text;
	} else if (r.at != r.end) {
		return false;
	}
	f->binary = flags & 1;
	f->generated = flags & 2;
	return true;
}

static void put_u(struct buf *b, uint64_t v, size_t n)
{
	if (n == 1) {
		unsigned char c = (unsigned char)v;
		buf_add(b, &c, 1);
	} else if (n == 4) {
		uint32_t w = (uint32_t)v;
		buf_add(b, &w, 4);
	} else {
		buf_add(b, &v, 8);
	}
}

static void put_str(struct buf *b, const char *s, size_t n)
{
	put_u(b, n, 4);
	buf_add(b, s, n);
}

static size_t kind_index(const char *kind)
{
	size_t k = 0;
	while (kinds[k] && strcmp(kinds[k], kind))
		k++;
	return k;
}

/* f's record, or nothing when a field does not fit the layout. */
static bool put_record(struct buf *b, const struct map_file *f)
{
	size_t start = b->len, pl = strlen(f->path), tl = f->ident_text ? strlen(f->ident_text) : 0;
	if (pl > UINT32_MAX || tl > UINT32_MAX || f->defs.n > UINT32_MAX || f->n_ids > UINT32_MAX)
		return false;
	put_u(b, 0, 4);
	put_u(b, 0, 8);
	put_str(b, f->path, pl);
	const uint64_t id[7] = {f->stamp.dev,      f->stamp.ino,   f->stamp.size,    f->stamp.mtime,
				f->stamp.mtime_ns, f->stamp.ctime, f->stamp.ctime_ns};
	for (int i = 0; i < 7; i++)
		put_u(b, id[i], 8);
	put_u(b, (f->binary ? 1u : 0) | (f->generated ? 2u : 0) | (f->sigs ? 4u : 0), 1);
	if (f->sigs) {
		put_u(b, f->defs.n, 4);
		for (size_t i = 0; i < f->defs.n; i++) {
			const struct sym_item *d = &f->defs.v[i];
			size_t k = kind_index(d->kind), ql = strlen(d->qname), sl = strlen(f->sigs[i]);
			if (!kinds[k] || ql > UINT32_MAX || sl > UINT32_MAX || d->name_len > ql)
				return false;
			put_str(b, d->qname, ql);
			put_u(b, d->name_at, 8);
			put_u(b, d->name_len, 8);
			put_u(b, k, 1);
			put_u(b, (uint64_t)d->line, 8);
			put_u(b, (uint64_t)d->start, 8);
			put_u(b, (uint64_t)d->end, 8);
			put_str(b, f->sigs[i], sl);
		}
		put_u(b, f->n_ids, 4);
		for (size_t i = 0; i < f->n_ids; i++) {
			put_u(b, f->ids[i].at, 4);
			put_u(b, f->ids[i].len, 4);
			put_u(b, f->ids[i].count, 4);
			put_u(b, f->ids[i].hash, 8);
		}
		put_str(b, f->ident_text ? f->ident_text : "", tl);
	}
	size_t len = b->len - start - 12;
	if (len > UINT32_MAX)
		return false;
	uint32_t l32 = (uint32_t)len;
	uint64_t sum = checksum(b->data + start + 12, len);
	memcpy(b->data + start, &l32, 4);
	memcpy(b->data + start + 4, &sum, 8);
	return true;
}

static bool write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return false;
		p += w;
		n -= (size_t)w;
	}
	return true;
}

/* mkdir -p of the cache directory, private to the user. */
static bool make_dir(char *dir)
{
	for (char *s = strchr(dir + 1, '/');; s = strchr(s + 1, '/')) {
		if (s)
			*s = '\0';
		bool ok = !mkdir(dir, 0700) || errno == EEXIST;
		if (s)
			*s = '/';
		if (!ok)
			return false;
		if (!s)
			return true;
	}
}

/* Replaces the cache file at once (a temporary file renamed over it), or leaves it be. */
static void cache_publish(struct map_cache *mc, const struct buf *b)
{
	if (!make_dir(mc->dir))
		return;
	struct buf tmp = BUF_INIT;
	buf_addf(&tmp, "%s.XXXXXX", mc->path);
	int fd = mkstemp(tmp.data);
	if (fd < 0) {
		buf_release(&tmp);
		return;
	}
	bool ok = !fchmod(fd, 0600) && write_all(fd, b->data, b->len);
	ok = !close(fd) && ok;
	if (!ok || rename(tmp.data, mc->path))
		unlink(tmp.data);
	buf_release(&tmp);
}

void map_cache_save(struct map_cache *mc, const struct map_file *files, size_t n, size_t hits)
{
	if (!mc)
		return;
	struct buf b = BUF_INIT;
	buf_add(&b, magic, sizeof(magic));
	put_u(&b, CACHE_FORMAT, 4);
	put_u(&b, CACHE_ENDIAN, 4);
	put_str(&b, LETS_VERSION, strlen(LETS_VERSION));
	put_u(&b, mc->build, 8);
	size_t count_at = b.len, count = 0;
	put_u(&b, 0, 4);
	for (size_t i = 0; i < n; i++) {
		if (!files[i].stamped || !map_stamp_settled(&files[i].stamp, mc->now))
			continue;
		size_t mark = b.len;
		if (put_record(&b, &files[i]))
			count++;
		else
			b.len = mark;
	}
	uint32_t c32 = (uint32_t)count;
	memcpy(b.data + count_at, &c32, 4);
	/* every record came from the cache as it stands and it holds no other: nothing to write */
	bool same = hits == count && mc->t && mc->n == count;
	if (count && count <= UINT32_MAX && !same)
		cache_publish(mc, &b);
	buf_release(&b);
}
