#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../alloc.h"
#include "../buf.h"
#include "../limit.h"
#include "../lock.h"
#include "../opt.h"
#include "../publish.h"
#include "advice.h"
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

/* Locks in sorted path order (two batches over the same files cannot deadlock), then reads.
 *
 * Up to LIMIT_BATCH_HELD files, each stays locked until the call ends: another lets that edits
 * one of them waits for this call to finish (or gives up, `locked`), then reads what it wrote.
 * A larger batch cannot hold a descriptor per file (4,000 files ran out under ulimit -n 1024),
 * so each file is locked only while it is read — never read while another lets replaces it —
 * and again while it is replaced (publish_batch_relock, a group at a time). What the held lock
 * would have prevented in between, another writer changing the file, is what publish's identity
 * check proves did not happen: the size, mtime, ctime and inode of the path and the hash of its
 * bytes, compared under the second lock just before the rename, all as they were read. A file
 * that changed is refused (`changed`); before the first rename every file's identity is looked
 * at once, so a change during the validation writes nothing at all. Validation is untouched:
 * every file is read and every edit checked before anything is written, as in a small batch. */
enum lets_err edit_commit_load(struct edit_call *c, struct lockset *locks)
{
	c->relock = c->n_f > LIMIT_BATCH_HELD;
	c->paths = xmalloc((c->n_f ? c->n_f : 1) * sizeof(*c->paths));
	size_t *order = xmalloc((c->n_f ? c->n_f : 1) * sizeof(*order));
	for (size_t i = 0; i < c->n_f; i++) {
		c->paths[i] = c->f[i].path;
		order[i] = i;
	}
	qsort_r(order, c->n_f, sizeof(*order), by_path, c->f);
	for (size_t k = 0; k < c->n_f; k++) {
		struct edit_file *ef = &c->f[order[k]];
		struct lockset one = LOCKSET_INIT;
		enum lets_err e = load(c, ef, c->relock ? &one : locks);
		lockset_release(&one);
		if (e)
			edit_mark_failed(c, ef->path);
		if (e == E_LOCKED || e == E_IO_ERROR)
			break; /* the rest are not locked: reading them would race */
	}
	free(order);
	return diag_first(c->d);
}

/* Adds to hunks h (before's lines → the working copy's before this change) one change: lines
 * [p1, p2) of the copy became [p1, p2 + delta). Hunks it overlaps or touches merge into it; the
 * ones after it move by delta. */
static void hunks_add(struct line_hunk **h, size_t *n, size_t *cap, long p1, long p2, long delta)
{
	size_t i = 0, j;
	long s0 = 0, sum = 0, m1 = p1, m2 = p2;
	for (; i < *n && (*h)[i].a2 < p1; i++)
		s0 += ((*h)[i].a2 - (*h)[i].a1) - ((*h)[i].b2 - (*h)[i].b1);
	for (j = i; j < *n && (*h)[j].a1 <= p2; j++) {
		m1 = (*h)[j].a1 < m1 ? (*h)[j].a1 : m1;
		m2 = (*h)[j].a2 > m2 ? (*h)[j].a2 : m2;
		sum += ((*h)[j].a2 - (*h)[j].a1) - ((*h)[j].b2 - (*h)[j].b1);
	}
	struct line_hunk merged = {m1 - s0, m2 - s0 - sum, m1, m2 + delta};
	if (j == i) {
		XGROW(*h, *cap, *n + 1);
		memmove(*h + i + 1, *h + i, (*n - i) * sizeof **h);
		(*n)++;
		j = i + 1;
	} else if (j > i + 1) {
		memmove(*h + i + 1, *h + j, (*n - j) * sizeof **h);
		*n -= j - i - 1;
		j = i + 1;
	}
	(*h)[i] = merged;
	for (; j < *n; j++) {
		(*h)[j].a1 += delta;
		(*h)[j].a2 += delta;
	}
}

/* The lines ef's entries edited, as hunks from the bytes read to the working copy: each entry's
 * covered lines (in the copy as it left them) and the lines it added, composed in batch order.
 * NULL (*n 0) when an entry gives no line to map by: the check then takes the changed bytes. */
static struct line_hunk *file_hunks(const struct edit_call *c, size_t fi, size_t *n)
{
	const struct edit_file *ef = &c->f[fi];
	struct line_hunk *h = NULL;
	size_t cap = 0;
	long lines = (long)file_count_lines(ef->orig, ef->orig_len);
	*n = 0;
	for (size_t i = 0; i < c->n_e; i++) {
		const struct edit_entry *en = &c->e[i];
		if (en->file != fi)
			continue;
		long delta = en->lines_after - lines, q1, q2;
		lines = en->lines_after;
		if (!en->res.n_lines ||
		    (q2 = en->res.lines[en->res.n_lines - 1] + 1) - (q1 = en->res.lines[0]) < delta) {
			free(h);
			*n = 0;
			return NULL;
		}
		hunks_add(&h, n, &cap, q1, q2 - delta, delta);
	}
	return h;
}

/* --new with every line moved left by cols whitespace characters, or NULL when a line has fewer. */
static char *dedented(const char *s, size_t len, long cols, size_t *out_len)
{
	struct buf b = BUF_INIT;
	for (size_t i = 0; i < len;) {
		const char *nl = memchr(s + i, '\n', len - i);
		size_t end = nl ? (size_t)(nl - s) + 1 : len, k = 0;
		while (k < (size_t)cols && i + k < end && (s[i + k] == ' ' || s[i + k] == '\t'))
			k++;
		if (k < (size_t)cols && i + k < end && s[i + k] != '\n' && s[i + k] != '\r') {
			buf_release(&b);
			return NULL;
		}
		buf_add(&b, s + i + k, end - i - k);
		i = end;
	}
	*out_len = b.len;
	return buf_detach(&b);
}

/* The next step after a shape failure of file fi: the command that leaves the edit's text where
 * it was, when its one entry can be repeated; where an --old must start to nest it on purpose. */
static void shape_next(const struct edit_call *c, size_t fi, struct buf *m)
{
	const struct shape_verdict *v = &c->f[fi].ck.shape;
	const struct edit_entry *one = NULL;
	size_t n = 0;
	for (size_t i = 0; i < c->n_e; i++)
		if (c->e[i].file == fi)
			one = &c->e[i], n++;
	if (v->kind == SHAPE_MOVED) {
		if (v->moved_first == v->moved_last)
			buf_addf(m, " \xC2\xB7 to move it on purpose, make the edit cover line %ld",
				 v->moved_first);
		else
			buf_addf(m, " \xC2\xB7 to move them on purpose, make the edit cover lines %ld-%ld",
				 v->moved_first, v->moved_last);
	}
	if (v->kind != SHAPE_NESTED)
		return;
	struct edit_req rq;
	char *fixed = NULL;
	size_t fixed_len = 0;
	if (n == 1 && one->old && !one->batch_line && v->indent_after > v->indent_before) {
		edit_args_req(c, one, &rq);
		fixed = dedented(rq.new_text, rq.new_len, v->indent_after - v->indent_before, &fixed_len);
	}
	if (fixed) {
		rq.new_text = fixed;
		rq.new_len = fixed_len;
		buf_adds(m, " \xC2\xB7 to leave it where it was: ");
		advice_command(m, &rq, 0, 0);
		free(fixed);
	} else {
		buf_addf(
			m,
			" \xC2\xB7 to leave it where it was, indent its first line as the one it replaces (%ld columns)",
			v->indent_before);
	}
	if (v->last_inside)
		buf_addf(m, " \xC2\xB7 to nest it in %s on purpose, start the edit at line %ld, inside it",
			 v->into, v->last_inside);
}

/* A failed layer-1 check of file fi, on stderr: the meaning proof's message (why), the format's
 * verdict, what the structure check found, or what the shape proof saw move. */
static void check_failed(struct edit_call *c, size_t fi, const struct buf *why)
{
	const struct edit_file *ef = &c->f[fi];
	struct buf m = BUF_INIT;
	if (ef->ck.meaning_changed) {
		buf_add(&m, why->data, why->len);
	} else if (ef->ck.kind != CHECK_STRUCTURE) {
		buf_addf(&m, "structured check failed for %s: invalid", ef->path);
	} else if (ef->ck.shape.kind == SHAPE_OK) {
		buf_addf(&m, "structure check failed for %s: ", ef->path);
		check_failed_reason(&m, &ef->ck);
	} else {
		buf_addf(&m, "structure check failed for %s: %s", ef->path, ef->ck.shape.what);
		shape_next(c, fi, &m);
	}
	diag_add(c->d, E_CHECK_FAILED, "%s", m.data);
	buf_release(&m);
}

bool edit_commit_check(struct edit_call *c)
{
	bool broken = false;
	for (size_t i = 0; i < c->n_f; i++) {
		struct edit_file *ef = &c->f[i];
		struct buf why = BUF_INIT;
		if (c->o->no_check) {
			ef->ck.kind = CHECK_NONE;
			strcpy(ef->ck.reason, "--no-check");
		} else {
			size_t n;
			struct line_hunk *h = file_hunks(c, i, &n);
			check_layer1_edit(ef->path, ef->orig, ef->orig_len, ef->f.data, ef->f.size, h, n,
					  &ef->ck);
			check_meaning(ef->path, &ef->ck, ef->orig, ef->orig_len, ef->f.data, ef->f.size, h, n,
				      MEANING_EDIT, &why);
			free(h);
		}
		memcpy(ef->sha_after, file_sha(&ef->f), 13);
		if (ef->ck.failed) {
			broken = true;
			check_failed(c, i, &why);
			edit_mark_failed(c, ef->path);
		}
		buf_release(&why);
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
	enum lets_err e =
		c->relock ? publish_batch_relock(c->items, c->n_f, LIMIT_BATCH_HELD, &failed, landed, c->d)
			  : publish_batch(c->items, c->n_f, locks, &failed, landed, c->d);
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
	/* a batch past LIMIT_BATCH_HELD keeps no new file's lock either: each revert then rests on
	 * the identity check alone (the file as this call wrote it) */
	long reverted = publish_revert(c->items, c->n_f, c->relock ? NULL : locks, &rd);
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
