/* lets write: stdin becomes a file, atomically. It refuses to clobber an existing file without
 * --force and to create an empty one without --empty, because a heredoc typo should not be able
 * to destroy work. The layer-1 check reports on the new content; it does not refuse it (the
 * caller may be writing a file in pieces), so write's exits are those of the spec's table. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../alloc.h"
#include "../check.h"
#include "../file.h"
#include "../lock.h"
#include "../output.h"
#include "../target.h"
#include "../publish.h"
#include "../resolve.h"
#include "../worktree.h"
#include "verb.h"

/* The response of a write (or of a refusal that names the file it kept: outcome "exists"). */
static void render(const struct opts *o, struct buf *out, const struct out_change *ch, const struct omits *om,
		   bool json_only)
{
	struct response r = {.changes = ch,
			     .n_changes = 1,
			     .one_record = true,
			     .om = om,
			     .lines = ch->count,
			     .bytes = ch->bytes,
			     .no_cost = true};
	if (!json_only) {
		response_emit(out, &r, opts_format(o), o->json_twin);
		return;
	}
	/* a refusal's text is the error message main prints; only the JSON shapes carry the file */
	if (o->json || o->jsonl)
		response_render(out, &r, OUT_JSON);
	if (o->json_twin)
		response_render(o->json_twin, &r, OUT_JSON);
}

/* The existing file, locked and read through the held directory; refusals as the spec words them. */
static enum lets_err load_old(const struct opts *o, const struct resolved *r, const char *path,
			      struct lockset *locks, struct file *old, struct buf *out, struct omits *om,
			      struct diag *d)
{
	int fd;
	enum lets_err e = lockset_acquire_at(locks, r->dir, r->name, path, &fd, d);
	if (e)
		return e;
	if (fd < 0)
		return diag_add(d, E_CHANGED, "%s vanished while lets was writing it \xC2\xB7 retry the call",
				path);
	if ((e = file_load_fd(old, path, fd, o->max_file_bytes, d)))
		return e;
	if (!o->force) {
		long lines = (long)old->n_lines;
		struct buf counted = BUF_INIT;
		plural(&counted, lines, "line", "lines");
		char force[24];
		e = diag_add(d, E_EXISTS, "%s exists (%s, sha:%s) \xC2\xB7 pass %s to overwrite", path,
			     counted.data, file_sha(old),
			     opt_say(force, sizeof(force), o->tool_terms, "force", NULL));
		buf_release(&counted);
		struct out_change ch = {.kind = CHG_WRITE,
					.path = path,
					.outcome = "exists",
					.count = lines,
					.bytes = (long)old->size,
					.sha_after = file_sha(old)};
		render(o, out, &ch, om, true);
		return e;
	}
	if (!(old->st.st_mode & S_IWUSR))
		return diag_add(d, E_READ_ONLY,
				"%s is read-only \xC2\xB7 run chmod u+w %s first if the edit is intended",
				path, path);
	return LETS_OK;
}

verb_fn cmd_write;
enum lets_err cmd_write(const struct opts *o, struct buf *out, struct diag *d)
{
	const struct worktree *wt = o->wt;
	struct resolved r = RESOLVED_INIT;
	struct lockset locks = LOCKSET_INIT;
	struct buf in = BUF_INIT;
	struct file old = FILE_INIT;
	struct omits om = OMITS_INIT;
	struct check_result ck;
	memset(&ck, 0, sizeof(ck));
	const char *path = o->positional.items[0];
	if (o->positional.n > 1) {
		opt_usage_fail(o, d, true, "unexpected argument '%s' found", o->positional.items[1]);
		goto out;
	}
	if (!*path) {
		opt_usage_fail(o, d, true, "the path is empty \xC2\xB7 name the file to write");
		goto out;
	}
	/* resolved once: everything below goes through r.dir, whatever happens to the path meanwhile */
	if (resolve_path(wt, path, o->allow_outside, true, &r, d))
		goto out;
	if (r.dir_only) {
		diag_add(d, E_IO_ERROR, "%s: %s (os error %d)", path, strerror(EISDIR), EISDIR);
		goto out;
	}
	/* the type first: a socket, FIFO or device is refused before anything is opened */
	if (r.exists && file_check_stat(&r.st, path, -1, d))
		goto out;
	if (opts_read_stdin(o, &in, path, d))
		goto out;
	if (!in.len && !o->empty) { /* over MCP stdin is the content argument */
		diag_add(d, E_EMPTY_INPUT, "%s: refuses empty %s without %s", path,
			 o->tool_terms ? "content" : "stdin", o->tool_terms ? "empty: true" : "--empty");
		goto out;
	}
	bool exists = r.exists;
	if (exists && load_old(o, &r, path, &locks, &old, out, &om, d))
		goto out;
	if (!exists && resolve_make_parents(&r, path, d))
		goto out;
	if (o->no_check) {
		ck.kind = CHECK_NONE;
		strcpy(ck.reason, "--no-check");
	} else {
		check_layer1(path, exists ? old.data : NULL, exists ? old.size : 0, buf_str(&in), in.len,
			     &ck);
	}
	struct stat now;
	bool xattrs_dropped = false;
	if (publish_at(r.dir, r.name, path, buf_str(&in), in.len, exists ? &old.st : NULL,
		       exists ? file_sha(&old) : NULL, &locks, &now, &xattrs_dropped, d))
		goto out;
	if (xattrs_dropped)
		omit_xattrs_dropped(&om, path);
	char sha[13];
	sha12(buf_str(&in), in.len, sha);
	long lines = (long)file_count_lines(in.data, in.len);
	if (ck.kind == CHECK_NONE)
		omit_check_skipped(&om, ck.reason);
	struct out_change ch = {.kind = CHG_WRITE,
				.path = path,
				.outcome = exists ? "overwritten" : "created",
				.count = lines,
				.bytes = (long)in.len,
				.sha_before = exists ? file_sha(&old) : NULL,
				.sha_after = sha};
	if (ck.kind != CHECK_NONE)
		ch.check = (struct out_check){check_layer_name(&ck), check_status_word(&ck, true),
					      ck.errors_before, ck.errors_after};
	render(o, out, &ch, &om, false);
out:
	lockset_release(&locks);
	resolved_release(&r);
	file_release(&old);
	buf_release(&in);
	omits_release(&om);
	return diag_first(d);
}
