/* The batch half of publish.h: publish_batch, publish_batch_relock and publish_revert, which
 * prepare, sync and commit many files through publish.c's stages (the two they share are
 * declared at the end of publish.h). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "alloc.h"
#include "buf.h"
#include "keymap.h"
#include "lock.h"
#include "publish.h"

static bool item_unchanged(const struct publish_item *it)
{
	return it->old_data && it->new_len == it->old_len && !memcmp(it->new_data, it->old_data, it->old_len);
}

/* Renames each prepared op into place in order; stops at the first failure. */
static enum lets_err commit_ops(struct publish_op *ops, const size_t *item_of, size_t n_ops,
				struct publish_item *items, struct lockset *locks, size_t *failed,
				long *landed, struct diag *pd)
{
	for (size_t k = 0; k < n_ops; k++) {
		struct publish_item *it = &items[item_of[k]];
		enum lets_err e = publish_commit(&ops[k], locks, &it->written, pd);
		if (e) {
			*failed = item_of[k];
			return e;
		}
		it->landed = true;
		it->xattrs_dropped = ops[k].xattrs_dropped;
		(*landed)++;
	}
	return LETS_OK;
}

/* Whether dir is yet to be swept in this batch (recording it in swept). */
static bool first_in(struct keymap *swept, int dir)
{
	struct stat st;
	unsigned char id[KEYMAP_ID_LEN];
	size_t at;
	if (fstat(dir, &st) < 0)
		return true;
	keymap_id(&st, id);
	if (keymap_get(swept, id, sizeof(id), &at))
		return false;
	keymap_put(swept, id, sizeof(id), 0);
	return true;
}

/* Publishes items idx[0..n) (each changed): every temporary written and synced, then each
 * renamed; the new inodes' locks go to locks. Each directory is swept once per batch (swept).
 * On failure *where is the item that failed (or stays as it was for a sync) and pd says why. */
static enum lets_err publish_some(struct publish_item *items, const size_t *idx, size_t n,
				  struct lockset *locks, struct keymap *swept, size_t *where, long *landed,
				  struct diag *pd)
{
	struct publish_op *ops = xcalloc(n ? n : 1, sizeof(*ops));
	size_t n_ops = 0;
	enum lets_err e = LETS_OK;
	for (size_t k = 0; k < n && !e; k++) {
		const struct publish_item *it = &items[idx[k]];
		if (it->name)
			e = publish_prepare_swept(&ops[n_ops++], it->dir, it->name, it->path, it->new_data,
						  it->new_len, it->expected, it->read_sha,
						  first_in(swept, it->dir), pd);
		else
			e = publish_prepare(&ops[n_ops++], it->path, it->new_data, it->new_len, it->expected,
					    it->read_sha, pd);
		if (e)
			*where = idx[k];
	}
	if (!e)
		e = publish_sync(ops, n_ops, pd);
	if (!e)
		e = commit_ops(ops, idx, n_ops, items, locks, where, landed, pd);
	publish_sync_dirs(ops, n_ops);
	for (size_t k = 0; k < n_ops; k++)
		publish_op_release(&ops[k]);
	free(ops);
	return e;
}

/* The batch's verdict in d from pd's first failure: that failure itself while nothing landed,
 * else partial_batch naming what landed and what failed. */
static enum lets_err batch_verdict(enum lets_err e, const struct publish_item *items, size_t where,
				   long landed, const struct diag *pd, struct diag *d)
{
	if (!e)
		return LETS_OK;
	if (landed)
		return diag_add(d, E_PARTIAL_BATCH, "batch partially written: %ld landed, %s failed: %s",
				landed, items[where].path, pd->items[0].message);
	return diag_add(d, pd->items[0].code, "%s", pd->items[0].message);
}

/* The indices of the items whose bytes change, in *n. */
static size_t *changed_items(const struct publish_item *items, size_t n, size_t *n_changed)
{
	size_t *idx = xcalloc(n ? n : 1, sizeof(*idx));
	*n_changed = 0;
	for (size_t i = 0; i < n; i++)
		if (!item_unchanged(&items[i]))
			idx[(*n_changed)++] = i;
	return idx;
}

enum lets_err publish_batch(struct publish_item *items, size_t n, struct lockset *locks, size_t *failed,
			    long *landed, struct diag *d)
{
	size_t n_idx, where = n;
	size_t *idx = changed_items(items, n, &n_idx);
	struct diag pd = DIAG_INIT;
	struct keymap swept = KEYMAP_INIT;
	*landed = 0;
	enum lets_err e = publish_some(items, idx, n_idx, locks, &swept, &where, landed, &pd);
	e = batch_verdict(e, items, where, *landed, &pd, d);
	keymap_release(&swept);
	free(idx);
	diag_release(&pd);
	if (failed)
		*failed = where;
	return e;
}

static int by_item_path(const void *a, const void *b, void *items)
{
	const struct publish_item *it = items;
	return strcmp(it[*(const size_t *)a].path, it[*(const size_t *)b].path);
}

/* Before the first rename of a batch that holds no locks: every file still has the identity it
 * was read with, so a change made while the batch was validated refuses it whole (`changed`,
 * nothing written) rather than part-way. The hash is compared again at each file's own commit. */
static enum lets_err all_as_read(struct publish_item *items, const size_t *idx, size_t n, size_t *where,
				 struct diag *pd)
{
	for (size_t k = 0; k < n; k++) {
		const struct publish_item *it = &items[idx[k]];
		struct stat cur;
		if (!it->expected || !it->name)
			continue;
		if (fstatat(it->dir, it->name, &cur, AT_SYMLINK_NOFOLLOW) < 0 ||
		    !publish_same(&cur, it->expected)) {
			struct publish_op op = {.dir = it->dir,
						.name = (char *)it->name,
						.path = (char *)it->path,
						.read_sha = (char *)it->read_sha};
			*where = idx[k];
			return publish_changed_error(&op, pd); /* borrows: op is not released */
		}
	}
	return LETS_OK;
}

enum lets_err publish_batch_relock(struct publish_item *items, size_t n, size_t group, size_t *failed,
				   long *landed, struct diag *d)
{
	size_t n_idx, where = n;
	size_t *idx = changed_items(items, n, &n_idx);
	struct diag pd = DIAG_INIT;
	struct keymap swept = KEYMAP_INIT;
	*landed = 0;
	qsort_r(idx, n_idx, sizeof(*idx), by_item_path, items);
	enum lets_err e = all_as_read(items, idx, n_idx, &where, &pd);
	for (size_t k = 0; k < n_idx && !e; k += group) {
		size_t m = n_idx - k < group ? n_idx - k : group;
		struct lockset held = LOCKSET_INIT;
		for (size_t g = 0; g < m && !e; g++) {
			const struct publish_item *it = &items[idx[k + g]];
			int fd = -1;
			if (!it->name || !it->expected)
				continue; /* a new file has nothing to lock yet */
			e = lockset_acquire_at(&held, it->dir, it->name, it->path, &fd, &pd);
			if (!e && fd < 0)
				e = diag_add(&pd, E_CHANGED, "%s changed since sha:%s (now gone)", it->path,
					     it->read_sha ? it->read_sha : "?");
			if (e)
				where = idx[k + g];
		}
		if (!e)
			e = publish_some(items, idx + k, m, &held, &swept, &where, landed, &pd);
		lockset_release(&held);
	}
	e = batch_verdict(e, items, where, *landed, &pd, d);
	keymap_release(&swept);
	free(idx);
	diag_release(&pd);
	if (failed)
		*failed = where;
	return e;
}

long publish_revert(struct publish_item *items, size_t n, struct lockset *locks, struct diag *d)
{
	long reverted = 0;
	for (size_t i = 0; i < n; i++) {
		struct publish_item *it = &items[i];
		if (!it->landed || !it->old_data)
			continue;
		enum lets_err e = it->name
					  ? publish_at(it->dir, it->name, it->path, it->old_data, it->old_len,
						       &it->written, it->new_sha, locks, NULL, NULL, d)
					  : publish(it->path, it->old_data, it->old_len, &it->written,
						    it->new_sha, locks, NULL, d);
		reverted += e == LETS_OK;
	}
	return reverted;
}
