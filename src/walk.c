#include "walk.h"

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stddef.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alloc.h"
#include "buf.h"
#include "ignore.h"
#include "resolve.h"
#include "worktree.h"

/* Files handed out per job: small enough that a flat directory of 100k files spreads over every
 * worker, large enough that the queue lock stays cold. */
#define FILE_BATCH 128

/* getdents64's buffer: one call lists a directory of about 1,000 entries. It lives on the heap,
 * made once per worker: on the stack, -fstack-clash-protection touches each of its pages at
 * every call, and a worker's first calls fault all eight of them in (measured: 12 of the 110
 * page faults of a search of 2,000 files). */
#define DENTS_BYTES 32768

/* One directory's ignore files (or, for the levels above a root and the repository-wide files, a
 * directory outside the walk). An entry's path relative to the level's directory is
 * pre + path[skip..]: pre is empty inside the walk, where the printed path already passes
 * through the level's directory. Levels are immutable once published and live until the walk
 * ends, so threads share them freely. */
struct level {
	const struct level *parent;
	struct ignore_list ign, git;
	char *pre;
	size_t pre_len, skip;
};

struct root {
	char *prefix; /* printed before entry names ("" for ".") */
	size_t skip; /* bytes of prefix + "/" */
	const struct level *above; /* chain of levels above the root */
	struct level *exclude, *global;
};

enum job_kind { JOB_DIR, JOB_FILES };

/* A listed directory's descriptor, shared by the worker that listed it and the batches of its
 * files handed to others: closed when the last of them is done. */
struct dirh {
	int fd;
	atomic_size_t refs;
};

static void dirh_unref(struct dirh *d)
{
	if (d && atomic_fetch_sub_explicit(&d->refs, 1, memory_order_acq_rel) == 1) {
		close(d->fd);
		free(d);
	}
}

struct job {
	enum job_kind kind;
	const struct root *root;
	const struct level *lv; /* JOB_DIR: levels above this directory */
	char *path; /* JOB_DIR: owned */
	size_t len;
	struct buf names; /* JOB_FILES: full paths, each NUL-terminated */
	size_t n_names;
	/* the directory the job's entries are in (a reference; NULL for a root), and where each
	 * path's name starts: each is opened there, one component, not walked from the root */
	struct dirh *dir;
	size_t name_off;
};

struct walker;

struct worker {
	struct walker *w;
	unsigned id;
	struct walk_counts counts;
	struct buf path, rel, ents;
	char *dents; /* DENTS_BYTES, made on the worker's first directory */
	/* run_dir's lists of a directory's files and of the jobs it hands out, kept from one
	 * directory to the next so each one does not grow its own */
	struct buf files;
	struct job *subs;
	size_t cap_subs;
	struct level **levels;
	size_t n_levels, cap_levels;
};

struct walker {
	const struct walk_opts *o;
	bool globs_include;
	walk_file_fn fn;
	void *ctx;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	struct job *stack;
	size_t n, cap;
	size_t active;
};

unsigned walk_threads(const struct walk_opts *o)
{
	if (o && o->threads)
		return o->threads;
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	if (n < 1)
		n = 1;
	if (n > 64)
		n = 64;
	return (unsigned)n;
}

static void level_free(struct level *l)
{
	if (!l)
		return;
	ignore_list_release(&l->ign);
	ignore_list_release(&l->git);
	free(l->pre);
	free(l);
}

/* Where a level's rules apply from: see struct level for pre and skip. */
static void level_place(struct level *l, const char *pre, size_t skip)
{
	l->pre = pre && *pre ? xstrdup(pre) : NULL;
	l->pre_len = l->pre ? strlen(l->pre) : 0;
	l->skip = skip;
}

enum { HAS_IGNORE = 1, HAS_GITIGNORE = 2 };

/* Reads dir's .ignore and .gitignore (only those named in has, when the listing already said
 * which exist); NULL when neither has a rule. */
static struct level *level_load(int dirfd, const struct level *parent, const char *pre, size_t skip,
				unsigned has)
{
	struct level *l = xcalloc(1, sizeof(*l));
	if (has & HAS_IGNORE)
		ignore_list_load(&l->ign, dirfd, ".ignore");
	if (has & HAS_GITIGNORE)
		ignore_list_load(&l->git, dirfd, ".gitignore");
	if (ignore_list_empty(&l->ign) && ignore_list_empty(&l->git)) {
		level_free(l);
		return NULL;
	}
	l->parent = parent;
	level_place(l, pre, skip);
	return l;
}

static const char *level_rel(const struct level *l, const char *path, size_t len, struct buf *tmp,
			     size_t *rel_len)
{
	if (!l->pre_len) {
		*rel_len = len - l->skip;
		return path + l->skip;
	}
	buf_truncate(tmp, 0);
	buf_add(tmp, l->pre, l->pre_len);
	buf_add(tmp, path + l->skip, len - l->skip);
	*rel_len = tmp->len;
	return tmp->data;
}

static enum ignore_match level_match(const struct level *l, const struct ignore_list *list, const char *path,
				     size_t len, const char *name, size_t nlen, bool is_dir, struct buf *tmp)
{
	if (!l || ignore_list_empty(list))
		return IGN_NONE;
	size_t rl;
	const char *rel = level_rel(l, path, len, tmp, &rl);
	return ignore_list_match(list, rel, rl, name, nlen, is_dir);
}

/* ripgrep's precedence: any .ignore, then any .gitignore (innermost first), then the
 * repository's exclude file, then the global one. */
static enum ignore_match decide(const struct root *r, const struct level *lv, const char *path, size_t len,
				const char *name, size_t nlen, bool is_dir, struct buf *tmp)
{
	enum ignore_match m;
	for (int pass = 0; pass < 2; pass++)
		for (const struct level *l = lv; l; l = l->parent)
			if ((m = level_match(l, pass ? &l->git : &l->ign, path, len, name, nlen, is_dir,
					     tmp)))
				return m;
	if ((m = level_match(r->exclude, r->exclude ? &r->exclude->git : NULL, path, len, name, nlen, is_dir,
			     tmp)))
		return m;
	return level_match(r->global, r->global ? &r->global->git : NULL, path, len, name, nlen, is_dir, tmp);
}

static bool is_under(const char *abs, const char *top)
{
	size_t n = strlen(top);
	if (!strcmp(top, "/"))
		return true;
	return !strncmp(abs, top, n) && (abs[n] == '/' || abs[n] == '\0');
}

static struct level *single_file_level(const char *file, const char *pre, size_t skip)
{
	struct level *l = xcalloc(1, sizeof(*l));
	if (!file || !ignore_list_load(&l->git, AT_FDCWD, file) || ignore_list_empty(&l->git)) {
		level_free(l);
		return NULL;
	}
	level_place(l, pre, skip);
	return l;
}

/* Sets up a root: its printed prefix and every ignore file that applies from outside it. Levels
 * above the root go on *extra so they are freed with the walk. */
static void root_init(struct root *r, const char *dir, bool no_ignore, struct level ***extra, size_t *n_extra,
		      size_t *cap_extra)
{
	size_t n = strlen(dir);
	while (n > 1 && dir[n - 1] == '/')
		n--;
	if ((n == 1 && dir[0] == '.') || (n == 2 && !memcmp(dir, "./", 2)))
		n = 0;
	r->prefix = xstrndup(dir, n);
	r->skip = n ? n + 1 : 0;
	if (n == 1 && dir[0] == '/')
		r->skip = 1;
	if (no_ignore)
		return;
	char abs[PATH_MAX];
	if (!realpath(n ? r->prefix : ".", abs))
		return;
	/* The repository top, else the current directory when the root is under it. */
	char top[PATH_MAX];
	char *repo_top = worktree_top(abs);
	bool repo = repo_top != NULL;
	snprintf(top, sizeof(top), "%s", repo ? repo_top : abs);
	free(repo_top);
	if (!repo) {
		char cwd[PATH_MAX];
		if (realpath(".", cwd) && is_under(abs, cwd))
			snprintf(top, sizeof(top), "%s", cwd);
		else
			snprintf(top, sizeof(top), "%s", abs);
	}
	size_t top_len = strlen(top);
	/* pre for a level at directory a: abs relative to a, plus "/". */
	const struct level *chain = NULL;
	if (strcmp(top, abs)) {
		char a[PATH_MAX];
		snprintf(a, sizeof(a), "%s", top);
		for (;;) {
			const char *rest = abs + strlen(a) + (strcmp(a, "/") ? 1 : 0);
			struct buf pre = BUF_INIT;
			buf_addf(&pre, "%s/", rest);
			int fd = open(a, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
			if (fd >= 0) {
				struct level *l =
					level_load(fd, chain, pre.data, r->skip, HAS_IGNORE | HAS_GITIGNORE);
				close(fd);
				if (l) {
					XGROW(*extra, *cap_extra, *n_extra + 1);
					(*extra)[(*n_extra)++] = l;
					chain = l;
				}
			}
			buf_release(&pre);
			/* step one component down towards abs */
			size_t al = strlen(a);
			const char *next = strchr(abs + al + 1, '/');
			if (!next)
				break;
			snprintf(a, sizeof(a), "%.*s", (int)(next - abs), abs);
		}
	}
	r->above = chain;
	struct buf pre = BUF_INIT;
	if (strcmp(top, abs))
		buf_addf(&pre, "%s/", abs + top_len + (top_len > 1 ? 1 : 0));
	if (repo) {
		struct buf ex = BUF_INIT;
		buf_addf(&ex, "%s/.git/info/exclude", top_len > 1 ? top : "");
		r->exclude = single_file_level(ex.data, pre.data, r->skip);
		buf_release(&ex);
	}
	char *global = ignore_global_path();
	r->global = single_file_level(global, pre.data, r->skip);
	free(global);
	buf_release(&pre);
}

static void root_release(struct root *r)
{
	free(r->prefix);
	level_free(r->exclude);
	level_free(r->global);
}

static void job_release(struct job *j)
{
	free(j->path);
	buf_release(&j->names);
	dirh_unref(j->dir);
}

static void push_jobs(struct walker *w, struct job *jobs, size_t n)
{
	if (!n)
		return;
	pthread_mutex_lock(&w->mu);
	XGROW(w->stack, w->cap, w->n + n);
	memcpy(w->stack + w->n, jobs, n * sizeof(*jobs));
	w->n += n;
	pthread_cond_broadcast(&w->cv);
	pthread_mutex_unlock(&w->mu);
}

static bool cancelled(const struct walker *w)
{
	return w->o->cancel && atomic_load_explicit(w->o->cancel, memory_order_relaxed);
}

static void run_files(struct worker *wk, const struct dirh *dir, size_t name_off, const char *names, size_t n)
{
	const char *p = names;
	for (size_t i = 0; i < n && !cancelled(wk->w); i++) {
		size_t len = strlen(p);
		struct walk_file f = {.path = p, .len = len, .dirfd = dir->fd, .name = p + name_off};
		wk->w->fn(wk->w->ctx, wk->id, &f);
		p += len + 1;
	}
}

_Static_assert(offsetof(struct dirent64, d_name) == offsetof(struct dirent64, d_type) + 1,
	       "list_dir copies d_type and d_name as one record");

/* Reads dfd's whole listing into ents as (d_type, name, NUL) records, "." ".." and ".git" left
 * out, through chunk (DENTS_BYTES); returns which ignore files it holds, so they are opened only
 * when they exist. */
static unsigned list_dir(int dfd, char *chunk, struct buf *ents)
{
	buf_truncate(ents, 0);
	unsigned has = 0;
	for (;;) {
		ssize_t got = getdents64(dfd, chunk, DENTS_BYTES);
		if (got <= 0)
			break;
		for (ssize_t off = 0; off < got;) {
			struct dirent64 *de = (struct dirent64 *)(chunk + off);
			off += de->d_reclen;
			const char *name = de->d_name;
			if (name[0] == '.') { /* the names this looks for all start with a dot */
				if (!name[1] || (name[1] == '.' && !name[2]) || !strcmp(name, ".git"))
					continue;
				if (!strcmp(name, ".gitignore"))
					has |= HAS_GITIGNORE;
				else if (!strcmp(name, ".ignore"))
					has |= HAS_IGNORE;
			}
			/* d_type, the name and its NUL lie in a row: the record is one copy */
			buf_add(ents, (const char *)&de->d_type, strlen(name) + 2);
		}
	}
	return has;
}

/* Whether the entry at path (its name at path + dir_len) is walked: the ignore rules, the hidden
 * rule, the file type and the -g globs, in that order; what is left out is counted. */
static bool entry_kept(struct worker *wk, const struct root *r, const struct level *lv, const char *path,
		       size_t len, size_t dir_len, unsigned char type)
{
	const struct walk_opts *o = wk->w->o;
	const char *name = path + dir_len;
	size_t nlen = len - dir_len;
	bool is_dir = type == DT_DIR;
	enum ignore_match m = IGN_NONE;
	if (!o->no_ignore) {
		m = decide(r, lv, path, len, name, nlen, is_dir, &wk->rel);
		if (m == IGN_IGNORE) {
			wk->counts.gitignore++;
			return false;
		}
	}
	if (!o->hidden && name[0] == '.' && m != IGN_WHITELIST) {
		wk->counts.hidden++;
		return false;
	}
	if (type != DT_DIR && type != DT_REG) {
		wk->counts.other++;
		return false;
	}
	if (o->globs) {
		enum ignore_match g =
			ignore_list_match(o->globs, path + r->skip, len - r->skip, name, nlen, is_dir);
		if (g == IGN_WHITELIST || (!is_dir && g == IGN_NONE && wk->w->globs_include))
			return false;
	}
	return true;
}

/* Queues every file past the first FILE_BATCH as jobs of FILE_BATCH names (each holding a
 * reference to dir), after the subdirectories in *subs; returns how many leading files the
 * calling worker keeps. */
static size_t batch_files(const struct root *r, struct dirh *dir, size_t name_off, const struct buf *files,
			  size_t n_files, struct job **subs, size_t *n_subs, size_t *cap_subs)
{
	const char *p = files->data;
	size_t keep = n_files < FILE_BATCH ? n_files : FILE_BATCH;
	for (size_t i = 0; i < keep; i++)
		p += strlen(p) + 1;
	for (size_t i = keep; i < n_files;) {
		struct job j = {.kind = JOB_FILES, .root = r, .dir = dir, .name_off = name_off};
		atomic_fetch_add_explicit(&dir->refs, 1, memory_order_relaxed);
		size_t take = n_files - i < FILE_BATCH ? n_files - i : FILE_BATCH;
		const char *start = p;
		for (size_t k = 0; k < take; k++)
			p += strlen(p) + 1;
		buf_add(&j.names, start, (size_t)(p - start));
		j.n_names = take;
		XGROW(*subs, *cap_subs, *n_subs + 1);
		(*subs)[(*n_subs)++] = j;
		i += take;
	}
	return keep;
}

static void run_dir(struct worker *wk, struct job *job)
{
	struct walker *w = wk->w;
	const struct root *r = job->root;
	int flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC;
	if (job->dir || job->lv != r->above || job->len != strlen(r->prefix))
		flags |= O_NOFOLLOW; /* a root may be a link; what the walk found is never followed */
	const char *dir = job->len ? job->path : ".";
	int dfd = job->dir   ? openat(job->dir->fd, job->path + job->name_off, flags)
		  : w->o->wt ? resolve_open_beneath(w->o->wt, dir, flags)
			     : open(dir, flags);
	if (dfd < 0) {
		wk->counts.unreadable++;
		return;
	}
	struct buf *ents = &wk->ents;
	if (!wk->dents)
		wk->dents = xmalloc(DENTS_BYTES);
	unsigned has = list_dir(dfd, wk->dents, ents);
	const struct level *lv = job->lv;
	if (!w->o->no_ignore && has) {
		struct level *l = level_load(dfd, lv, NULL, job->len ? job->len + 1 : 0, has);
		if (job->len == 1 && job->path[0] == '/' && l)
			l->skip = 1;
		if (l) {
			XGROW(wk->levels, wk->cap_levels, wk->n_levels + 1);
			wk->levels[wk->n_levels++] = l;
			lv = l;
		}
	}
	size_t n_subs = 0, n_files = 0;
	buf_truncate(&wk->files, 0);
	size_t base = job->len;
	buf_truncate(&wk->path, 0);
	buf_add(&wk->path, job->path ? job->path : "", base);
	if (base && job->path[base - 1] != '/')
		buf_addc(&wk->path, '/');
	size_t dir_len = wk->path.len;
	struct dirh *held = xmalloc(sizeof(*held));
	held->fd = dfd;
	atomic_init(&held->refs, 1);
	for (size_t at = 0; at < ents->len;) {
		unsigned char type = (unsigned char)ents->data[at];
		const char *name = ents->data + at + 1;
		size_t nlen = strlen(name);
		at += nlen + 2;
		if (type == DT_UNKNOWN) {
			struct stat st;
			if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW))
				continue;
			type = (unsigned char)IFTODT(st.st_mode);
		}
		buf_truncate(&wk->path, dir_len);
		buf_add(&wk->path, name, nlen);
		const char *path = wk->path.data;
		size_t len = wk->path.len;
		if (!entry_kept(wk, r, lv, path, len, dir_len, type))
			continue;
		if (type == DT_DIR) {
			XGROW(wk->subs, wk->cap_subs, n_subs + 1);
			wk->subs[n_subs++] = (struct job){.kind = JOB_DIR,
							  .root = r,
							  .lv = lv,
							  .path = xstrndup(path, len),
							  .len = len,
							  .dir = held,
							  .name_off = dir_len};
			atomic_fetch_add_explicit(&held->refs, 1, memory_order_relaxed);
		} else {
			buf_add(&wk->files, path, len + 1);
			n_files++;
		}
	}
	/* Hand out everything but the first batch of files, which this worker keeps; dfd stays open
	 * until the last job with an entry in it is done. */
	size_t keep = batch_files(r, held, dir_len, &wk->files, n_files, &wk->subs, &n_subs, &wk->cap_subs);
	push_jobs(w, wk->subs, n_subs);
	run_files(wk, held, dir_len, wk->files.data, keep);
	dirh_unref(held);
}

/* One thread of walk_parallel's pool. */
struct pool_thread {
	walk_task_fn fn;
	void *ctx;
	unsigned worker;
	pthread_t tid;
};

static void *pool_thread_main(void *arg)
{
	struct pool_thread *t = arg;
	t->fn(t->ctx, t->worker);
	return NULL;
}

unsigned walk_parallel(unsigned threads, walk_task_fn fn, void *ctx)
{
	if (threads < 2) {
		fn(ctx, 0);
		return 1;
	}
	struct pool_thread *t = xcalloc(threads, sizeof(*t));
	unsigned started = 1;
	for (; started < threads; started++) {
		t[started] = (struct pool_thread){.fn = fn, .ctx = ctx, .worker = started};
		if (pthread_create(&t[started].tid, NULL, pool_thread_main, &t[started]))
			break; /* the threads that did start, and this one, take every share */
	}
	fn(ctx, 0);
	for (unsigned i = 1; i < started; i++)
		pthread_join(t[i].tid, NULL);
	free(t);
	return started;
}

static void worker_main(void *ctx, unsigned id)
{
	struct worker *wk = &((struct worker *)ctx)[id];
	struct walker *w = wk->w;
	pthread_mutex_lock(&w->mu);
	for (;;) {
		while (!w->n && w->active)
			pthread_cond_wait(&w->cv, &w->mu);
		if (!w->n) {
			pthread_cond_broadcast(&w->cv);
			break;
		}
		struct job job = w->stack[--w->n];
		w->active++;
		pthread_mutex_unlock(&w->mu);
		if (cancelled(w))
			; /* drain the stack: each job is released, none is read */
		else if (job.kind == JOB_DIR)
			run_dir(wk, &job);
		else
			run_files(wk, job.dir, job.name_off, job.names.data, job.n_names);
		job_release(&job);
		pthread_mutex_lock(&w->mu);
		w->active--;
		if (!w->active && !w->n)
			pthread_cond_broadcast(&w->cv);
	}
	pthread_mutex_unlock(&w->mu);
}

void walk_run(const char *const *dirs, size_t n, const struct walk_opts *o, walk_file_fn fn, void *ctx,
	      struct walk_counts *counts)
{
	struct walker w = {.o = o, .fn = fn, .ctx = ctx, .globs_include = ignore_list_has_plain(o->globs)};
	pthread_mutex_init(&w.mu, NULL);
	pthread_cond_init(&w.cv, NULL);
	struct root *roots = xcalloc(n ? n : 1, sizeof(*roots));
	struct level **extra = NULL;
	size_t n_extra = 0, cap_extra = 0;
	/* Pushed in reverse so the first root is popped first. */
	for (size_t i = n; i-- > 0;) {
		root_init(&roots[i], dirs[i], o->no_ignore, &extra, &n_extra, &cap_extra);
		struct job j = {.kind = JOB_DIR,
				.root = &roots[i],
				.lv = roots[i].above,
				.path = xstrdup(roots[i].prefix),
				.len = strlen(roots[i].prefix)};
		XGROW(w.stack, w.cap, w.n + 1);
		w.stack[w.n++] = j;
	}
	unsigned nt = walk_threads(o);
	struct worker *wks = xcalloc(nt, sizeof(*wks));
	for (unsigned i = 0; i < nt; i++) {
		wks[i].w = &w;
		wks[i].id = i;
	}
	walk_parallel(nt, worker_main, wks);
	for (unsigned i = 0; i < nt; i++) {
		counts->gitignore += wks[i].counts.gitignore;
		counts->hidden += wks[i].counts.hidden;
		counts->other += wks[i].counts.other;
		counts->unreadable += wks[i].counts.unreadable;
		for (size_t k = 0; k < wks[i].n_levels; k++)
			level_free(wks[i].levels[k]);
		free(wks[i].levels);
		buf_release(&wks[i].path);
		buf_release(&wks[i].rel);
		buf_release(&wks[i].ents);
		free(wks[i].dents);
		buf_release(&wks[i].files);
		free(wks[i].subs);
	}
	for (size_t i = 0; i < n_extra; i++)
		level_free(extra[i]);
	free(extra);
	for (size_t i = 0; i < n; i++)
		root_release(&roots[i]);
	free(roots);
	free(wks);
	free(w.stack);
	pthread_mutex_destroy(&w.mu);
	pthread_cond_destroy(&w.cv);
}

bool walk_path_ignored(const char *path)
{
	struct root r = {0};
	struct level **extra = NULL;
	size_t n_extra = 0, cap_extra = 0;
	root_init(&r, ".", false, &extra, &n_extra, &cap_extra);
	struct buf tmp = BUF_INIT;
	const struct level *lv = r.above;
	bool ignored = false;
	size_t len = strlen(path), dir_end = 0;
	for (;;) {
		char *d = dir_end ? xstrndup(path, dir_end) : xstrdup(".");
		int fd = open(d, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		free(d);
		if (fd >= 0) {
			struct level *l = level_load(fd, lv, NULL, dir_end ? dir_end + 1 : 0,
						     HAS_IGNORE | HAS_GITIGNORE);
			close(fd);
			if (l) {
				XGROW(extra, cap_extra, n_extra + 1);
				extra[n_extra++] = l;
				lv = l;
			}
		}
		size_t start = dir_end ? dir_end + 1 : 0;
		const char *slash = strchr(path + start, '/');
		size_t end = slash ? (size_t)(slash - path) : len;
		char *sub = xstrndup(path, end);
		struct stat st;
		bool is_dir = !lstat(sub, &st) && S_ISDIR(st.st_mode);
		free(sub);
		if (decide(&r, lv, path, end, path + start, end - start, is_dir, &tmp) == IGN_IGNORE) {
			ignored = true;
			break;
		}
		if (!slash)
			break;
		dir_end = end;
	}
	buf_release(&tmp);
	for (size_t i = 0; i < n_extra; i++)
		level_free(extra[i]);
	free(extra);
	root_release(&r);
	return ignored;
}
