/* lets write: stdin becomes a file, atomically. It refuses to clobber an existing file without
 * --force and to create an empty one without --empty, because a heredoc typo should not be able
 * to destroy work. The layer-1 check reports on the new content; it does not refuse it (the
 * caller may be writing a file in pieces), so write's exits are those of the spec's table. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../alloc.h"
#include "../check.h"
#include "../file.h"
#include "../json.h"
#include "../lock.h"
#include "../output.h"
#include "../publish.h"
#include "../worktree.h"
#include "verbs.h"

static void render_json(struct buf *out, const char *path, const char *outcome, long lines, long bytes,
			const char *sha, const struct check_result *ck, const struct omits *om)
{
	buf_adds(out, "{\"path\":");
	json_cstr(out, path);
	buf_addf(out, ",\"outcome\":\"%s\",\"lines\":%ld,\"bytes\":%ld,\"sha\":\"%s\"", outcome, lines, bytes, sha);
	if (ck && ck->kind != CHECK_NONE) {
		buf_adds(out, ",\"check\":");
		check_result_json(out, check_kind_name(ck->kind), check_status_word(ck, true), ck);
	}
	response_end_json(out, om, lines, bytes);
}

enum lets_err cmd_write(const struct opts *o, struct buf *out, struct diag *d)
{
	struct worktree wt = WORKTREE_INIT;
	struct lockset locks = LOCKSET_INIT;
	struct buf in = BUF_INIT;
	struct file old = FILE_INIT;
	struct omits om = OMITS_INIT;
	struct check_result ck;
	memset(&ck, 0, sizeof(ck));
	const char *path = o->positional.items[0];
	worktree_init(&wt);
	if (o->positional.n > 1) {
		opt_usage_error(d, "write", true, "unexpected argument '%s' found", o->positional.items[1]);
		goto out;
	}
	if (worktree_check(&wt, path, o->allow_outside, d))
		goto out;
	buf_read_fd(&in, STDIN_FILENO);
	if (!in.len && !o->empty) {
		diag_add(d, E_EMPTY_INPUT, "%s: refuses empty stdin without --empty", path);
		goto out;
	}
	if (o->max_file_bytes >= 0 && (long)in.len > o->max_file_bytes) {
		diag_add(d, E_UNSUPPORTED_FILE, "%s is unsupported: %zu bytes, over the %ld-byte limit", path, in.len,
			 o->max_file_bytes);
		goto out;
	}
	const char *one[1] = {path};
	if (lockset_acquire(&locks, one, 1, d))
		goto out;
	struct stat st;
	bool exists = lstat(path, &st) == 0;
	if (exists) {
		if (file_load(&old, path, o->max_file_bytes, d))
			goto out;
		if (!o->force) {
			long lines = (long)old.n_lines;
			struct buf counted = BUF_INIT;
			plural(&counted, lines, "line", "lines");
			diag_add(d, E_EXISTS, "%s exists (%s, sha:%s) \xC2\xB7 pass --force to overwrite", path, counted.data,
				 file_sha(&old));
			buf_release(&counted);
			if (o->json || o->jsonl)
				render_json(out, path, "exists", lines, (long)old.size, file_sha(&old), NULL, &om);
			goto out;
		}
		if (!(old.st.st_mode & S_IWUSR)) {
			diag_add(d, E_READ_ONLY, "%s is read-only \xC2\xB7 run chmod u+w %s first if the edit is intended", path,
				 path);
			goto out;
		}
	}
	if (o->no_check) {
		ck.kind = CHECK_NONE;
		strcpy(ck.reason, "--no-check");
	} else {
		check_layer1(path, exists ? old.data : NULL, exists ? old.size : 0, buf_str(&in), in.len, &ck);
	}
	struct stat now;
	if (publish(path, buf_str(&in), in.len, exists ? &old.st : NULL, exists ? file_sha(&old) : NULL,
		    &locks, &now, d))
		goto out;
	char sha[13];
	sha12(buf_str(&in), in.len, sha);
	long lines = (long)file_count_lines(in.data, in.len);
	if (ck.kind == CHECK_NONE)
		omit_add(&om, OM_CHECK_SKIPPED, 0, 0, 0, ck.reason, NULL);
	if (o->json || o->jsonl) {
		render_json(out, path, exists ? "overwritten" : "created", lines, (long)in.len, sha, &ck, &om);
		goto out;
	}
	buf_addf(out, OUT_RULE "%s" OUT_DOT "%s" OUT_DOT, path, exists ? "overwritten" : "created");
	plural(out, lines, "line", "lines");
	buf_adds(out, OUT_DOT);
	plural(out, (long)in.len, "byte", "bytes");
	if (exists)
		buf_addf(out, OUT_DOT "sha:%s\xE2\x86\x92%s\n", file_sha(&old), sha);
	else
		buf_addf(out, OUT_DOT "sha:%s\n", sha);
	struct buf lead = BUF_INIT;
	if (ck.kind != CHECK_NONE)
		buf_addf(&lead, "check: %s %s", check_kind_name(ck.kind), check_status_word(&ck, true));
	footer_text(out, buf_str(&lead), &om, -1);
	buf_release(&lead);
out:
	lockset_release(&locks);
	file_release(&old);
	buf_release(&in);
	omits_release(&om);
	worktree_release(&wt);
	return diag_first(d);
}
