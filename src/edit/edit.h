/* One `lets edit` call, in phases that verb/edit.c runs in order. Internal to src/edit/,
 * verb/edit.c and verb/transform.c (which runs its files through the same commit phase).
 *
 * args:   the command line or a --from - batch becomes entries; each entry's target is parsed
 *         and checked against the working tree, and entries naming one file share it.
 * commit: every file is locked (sorted order) and loaded once; after the engine has applied every
 *         entry to the working copies, layer 1 checks each result; then the changed files are
 *         published as one batch (publish_batch) and, when --check's after-run fails, reverted.
 * render: fills the response (output.h's changes, omissions, stats), which output renders as
 *         text, --json or --jsonl into one buffer.
 * The engine (engine.h) applies one entry to one file's bytes and touches nothing else.
 *
 * Nothing is written unless every entry applied and every layer-1 check passed. */
#ifndef LETS_EDIT_EDIT_H
#define LETS_EDIT_EDIT_H
#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

#include "../check.h"
#include "../file.h"
#include "../keymap.h"
#include "../resolve.h"
#include "../output.h"
#include "../target.h"
#include "engine.h"

struct buf;
struct lockset;
struct opts;
struct publish_item;

/* One edit: a target with --old/--new, an insert, or a confirmed line range. */
struct edit_entry {
	char *target_text; /* as typed (or the batch's @@ / "file") */
	struct target t;
	char *old, *new_text; /* owned; old NULL for inserts and range replacements */
	size_t old_len, new_len;
	char *anchor; /* owned; insert anchor as typed */
	bool after;
	bool all;
	bool word; /* -w or the batch's "word" */
	bool substring; /* --substring or the batch's "substring" */
	long line_hint; /* --line-hint or the batch's "line_hint"; 0 unset */
	size_t file; /* index into the call's files; SIZE_MAX when the target did not resolve */
	long batch_line; /* 1-based line of the batch entry, 0 for command-line targets */

	struct edit_result res;
	struct edit_history hist; /* res, after the call's earlier entries on the same file */
	long lines_after; /* the working copy's line count once this entry applied (the line map) */
	struct out_block region;
	struct omits gap; /* this block's region gaps */
	long cut, lossy; /* region lines cut at LINE_CUT_BYTES / shown lossily */
};

/* One file the call edits, however many entries name it. */
struct edit_file {
	char *path; /* as first named */
	struct resolved r; /* resolved once; the lock, the read and the publish go through r.dir,
			    * which the call holds once per directory (edit_file_share_dir) */
	bool dir_shared; /* r.dir is the call's (dirs), not this file's */
	struct file f; /* the working copy: starts as read, each edit replaces its data */
	char *orig; /* the bytes as read */
	size_t orig_len;
	char sha_before[13], sha_after[13];
	struct stat st; /* as read: the identity publish confirms */
	bool loaded;
	size_t first_entry;
	struct check_result ck;
};

struct edit_call {
	const struct opts *o;
	struct diag *d;
	struct edit_entry *e;
	size_t n_e, cap_e;
	struct edit_file *f;
	size_t n_f, cap_f;
	struct omits om; /* call-level omissions in footer order */
	struct omits tom; /* omissions target resolution recorded (grep-style readings) */
	bool batch;
	const char *failed_path; /* the first entry that failed validation */
	char *expect_all; /* owned: --expect-all's text from stdin */
	size_t expect_all_len;
	const char **paths; /* owned array: each file's path, in file order, once locked */
	struct publish_item *items; /* owned: one per file, once published */
	/* A batch holds no descriptor per file: the files' directories once each (dir_fds, found by
	 * device and inode in dirs), and the files found by inode in by_inode. */
	struct keymap by_inode, dirs;
	bool relock; /* more files than LIMIT_BATCH_HELD: none stays locked between read and write */
	int *dir_fds;
	size_t n_dirs, cap_dirs;
	struct check_cmd cmd;
	bool have_cmd, cmd_done; /* --check given / its after-run happened */
	enum check_cmd_verdict verdict;
	char cmd_reason[160];
};

/* args.c */
void edit_call_init(struct edit_call *c, const struct opts *o, struct diag *d);
void edit_call_release(struct edit_call *c);
/* Appends a file named path (copied) with no entry yet and returns its index; takes r over (leaving
 * it RESOLVED_INIT) when r is not NULL, else the file is resolved later. Pointers into c->f are
 * valid only until the next add, which may move the array. */
size_t edit_file_add(struct edit_call *c, const char *path, struct resolved *r);
/* Makes ef's held directory the call's one descriptor for that directory (closing ef's own
 * when the call already holds it), so a batch of many files in few directories holds few. */
void edit_file_share_dir(struct edit_call *c, struct edit_file *ef);
/* Remembers path as the first thing that failed, for the batch footer. */
void edit_mark_failed(struct edit_call *c, const char *path);
/* The command-line checks that need no file, then the entries (reading stdin once at most). */
enum lets_err edit_args_collect(struct edit_call *c);
/* Parses each entry's target, checks its shape and place, and groups entries by file. Returns
 * usage at once; other failures are recorded for every entry before returning. */
enum lets_err edit_args_resolve(struct edit_call *c);
/* The engine's request for en (borrowing from en and the call). */
void edit_args_req(const struct edit_call *c, const struct edit_entry *en, struct edit_req *rq);

/* commit.c */
/* Locks every file in sorted order and loads each once (read-only, --if and size refusals). */
enum lets_err edit_commit_load(struct edit_call *c, struct lockset *locks);
/* Layer 1 on every file's working copy; false (failures in d) when any check broke. */
bool edit_commit_check(struct edit_call *c);
/* Prepares --check (when given and not --no-check) and runs it before the writes. */
enum lets_err edit_commit_check_before(struct edit_call *c);
/* Publishes the changed files; *landed counts those written. */
enum lets_err edit_commit_publish(struct edit_call *c, struct lockset *locks, long *landed);
/* Runs --check after the writes; when it broke the project, puts every landed file back and
 * returns check_failed. */
enum lets_err edit_commit_check_after(struct edit_call *c, struct lockset *locks);

/* render.c */
/* en's region around the lines its edit covered in f, marking only the lines whose bytes changed. */
void edit_render_region(struct edit_entry *en, const struct file *f);
/* The response of a call whose edits applied (applied: and were published, landed of them). */
void edit_render(struct edit_call *c, struct buf *out, bool applied, long landed);
/* The batch footer of a call that wrote nothing because validation failed. */
void edit_render_failed(const struct edit_call *c, struct buf *out);
/* The footer of a batch that wrote nothing of its n changes: "0 of n applied · nothing written ·
 * fix <path> and re-run" (transform's too). */
void edit_render_unapplied(struct buf *out, size_t n, const char *path);

#endif
