#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../alloc.h"
#include "../buf.h"
#include "../lock.h"
#include "../opt.h"
#include "../publish.h"
#include "edit.h"

/* Locks one file through its held directory and reads it through the locked descriptor, so the
 * bytes, the identity and the lock are all of the one inode; refuses a special file before
 * opening it, a read-only file and a stale --if. */
static enum lets_err load(struct edit_call *c, struct edit_file *ef, struct lockset *locks)
{
	int fd = -1;
	enum lets_err e;
	if (!ef->r.exists)
		return diag_add(c->d, E_NOT_FOUND, "%s: %s (os error %d)", ef->path, strerror(ENOENT),
				ENOENT);
	if ((e = file_check_stat(&ef->r.st, ef->path, c->o->max_file_bytes, c->d)))
		return e;
	if ((e = lockset_acquire_at(locks, ef->r.dir, ef->r.name, ef->path, &fd, c->d)))
		return e;
	if (fd < 0)
		return diag_add(c->d, E_NOT_FOUND, "%s: %s (os error %d)", ef->path, strerror(ENOENT),
				ENOENT);
	if ((e = file_load_fd(&ef->f, ef->path, fd, c->o->max_file_bytes, c->d)))
		return e;
	ef->st = ef->f.st;
	if (!(ef->st.st_mode & S_IWUSR))
		return diag_add(c->d, E_READ_ONLY,
				"%s is read-only \xC2\xB7 run chmod u+w %s first if the edit is intended",
				ef->path, ef->path);
	memcpy(ef->sha_before, file_sha(&ef->f), 13);
	if (c->o->if_sha) {
		const char *want = c->o->if_sha;
		if (!strncmp(want, "sha:", 4))
			want += 4;
		/* every digit given counts: more than 12 are compared against the full hash */
		char full[65];
		size_t n = strlen(want);
		sha_hex(ef->f.data, ef->f.size, full, n > 12 ? n : 12);
		if (n < 12 || n > 64 || strncmp(want, full, n))
			return diag_add(c->d, E_CHANGED, "%s changed since sha:%s (now sha:%s)", ef->path,
					want, ef->sha_before);
	}
	/* The working copy starts as the bytes read, not a copy of them: most misses never change
	 * it, and the copy's fresh pages cost more than finding the nearest candidates. The first
	 * change gives the working copy its own bytes (file_replace_data). */
	ef->orig = ef->f.data;
	ef->f.data_shared = true;
	ef->orig_len = ef->f.size;
	ef->loaded = true;
	return LETS_OK;
}

static int by_path(const void *a, const void *b, void *files)
{
	const struct edit_file *f = files;
	return strcmp(f[*(const size_t *)a].path, f[*(const size_t *)b].path);
}

/* Locks in sorted path order (two batches over the same files cannot deadlock), then reads. */
enum lets_err edit_commit_load(struct edit_call *c, struct lockset *locks)
{
	c->paths = xmalloc((c->n_f ? c->n_f : 1) * sizeof(*c->paths));
	size_t *order = xmalloc((c->n_f ? c->n_f : 1) * sizeof(*order));
	for (size_t i = 0; i < c->n_f; i++) {
		c->paths[i] = c->f[i].path;
		order[i] = i;
	}
	qsort_r(order, c->n_f, sizeof(*order), by_path, c->f);
	for (size_t k = 0; k < c->n_f; k++) {
		struct edit_file *ef = &c->f[order[k]];
		enum lets_err e = load(c, ef, locks);
		if (e)
			edit_mark_failed(c, ef->path);
		if (e == E_LOCKED || e == E_IO_ERROR)
			break; /* the rest are not locked: reading them would race */
	}
	free(order);
	return diag_first(c->d);
}

bool edit_commit_check(struct edit_call *c)
{
	bool broken = false;
	for (size_t i = 0; i < c->n_f; i++) {
		struct edit_file *ef = &c->f[i];
		if (c->o->no_check) {
			ef->ck.kind = CHECK_NONE;
			strcpy(ef->ck.reason, "--no-check");
		} else {
			check_layer1(ef->path, ef->orig, ef->orig_len, ef->f.data, ef->f.size, &ef->ck);
		}
		memcpy(ef->sha_after, file_sha(&ef->f), 13);
		struct buf why = BUF_INIT;
		if (!c->o->no_check)
			check_meaning(ef->path, &ef->ck, ef->orig, ef->orig_len, ef->f.data, ef->f.size,
				      MEANING_EDIT, &why);
		if (ef->ck.meaning_changed) {
			diag_add(c->d, E_CHECK_FAILED, "%s", why.data);
		} else if (ef->ck.failed && ef->ck.kind == CHECK_STRUCTURE) {
			buf_truncate(&why, 0);
			check_failed_reason(&why, &ef->ck);
			diag_add(c->d, E_CHECK_FAILED, "structure check failed for %s: %s", ef->path,
				 why.data);
		} else if (ef->ck.failed)
			diag_add(c->d, E_CHECK_FAILED, "structured check failed for %s: invalid", ef->path);
		buf_release(&why);
		if (!ef->ck.failed)
			continue;
		broken = true;
		edit_mark_failed(c, ef->path);
	}
	return !broken;
}

enum lets_err edit_commit_check_before(struct edit_call *c)
{
	const struct opts *o = c->o;
	if (!o->check || o->no_check)
		return LETS_OK;
	enum lets_err e = check_cmd_prepare(&c->cmd, o->check, c->paths, c->n_f, o->check_timeout, c->d);
	if (e)
		return e;
	c->have_cmd = true;
	check_cmd_before(&c->cmd);
	return LETS_OK;
}

enum lets_err edit_commit_publish(struct edit_call *c, struct lockset *locks, long *landed)
{
	c->items = xcalloc(c->n_f ? c->n_f : 1, sizeof(*c->items));
	for (size_t i = 0; i < c->n_f; i++) {
		struct edit_file *ef = &c->f[i];
		struct publish_item *it = &c->items[i];
		it->path = ef->path;
		it->dir = ef->r.dir;
		it->name = ef->r.name;
		it->old_data = ef->orig;
		it->old_len = ef->orig_len;
		it->new_data = ef->f.data;
		it->new_len = ef->f.size;
		it->expected = &ef->st;
		it->read_sha = ef->sha_before;
		it->new_sha = ef->sha_after;
	}
	size_t failed;
	enum lets_err e = publish_batch(c->items, c->n_f, locks, &failed, landed, c->d);
	if (e && failed < c->n_f)
		edit_mark_failed(c, c->f[failed].path);
	for (size_t i = 0; i < c->n_f; i++)
		if (c->items[i].landed && c->items[i].xattrs_dropped)
			omit_xattrs_dropped(&c->om, c->f[i].path);
	if (e == E_PARTIAL_BATCH) {
		const char **written = xcalloc(c->n_f, sizeof(*written));
		size_t n = 0;
		for (size_t i = 0; i < c->n_f; i++)
			if (c->items[i].landed)
				written[n++] = c->f[i].path;
		omit_partial_batch(&c->om, written, n);
		free(written);
	}
	return e;
}

/* Puts every landed file back and says so: the command, its last line, how many files. */
static void revert_all(struct edit_call *c, struct lockset *locks, const char *detail)
{
	struct diag rd = DIAG_INIT;
	long reverted = publish_revert(c->items, c->n_f, locks, &rd);
	struct buf m = BUF_INIT;
	buf_addf(&m, "command check failed for %s: `%s` passed before the batch and failed after it",
		 c->f[0].path, c->cmd.shown);
	if (detail)
		buf_addf(&m, ": %s", detail);
	buf_adds(&m, OUT_DOT);
	plural(&m, reverted, "file", "files");
	buf_adds(&m, " reverted");
	diag_add(c->d, E_CHECK_FAILED, "%s", m.data);
	buf_release(&m);
	for (size_t i = 0; i < rd.n; i++)
		diag_add(c->d, rd.items[i].code, "%s", rd.items[i].message);
	diag_release(&rd);
}

enum lets_err edit_commit_check_after(struct edit_call *c, struct lockset *locks)
{
	if (!c->have_cmd)
		return LETS_OK;
	char *detail = NULL;
	c->verdict = check_cmd_after(&c->cmd, c->cmd_reason, sizeof(c->cmd_reason), &detail);
	c->cmd_done = true;
	if (c->verdict == CMD_FAILED)
		revert_all(c, locks, detail);
	free(detail);
	return c->verdict == CMD_FAILED ? E_CHECK_FAILED : LETS_OK;
}
