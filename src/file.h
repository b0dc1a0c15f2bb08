/* File facts: a file is read once, whole, into memory; everything else (line index, endings,
 * encoding, sha) is derived from those bytes. Line numbers are 1-based everywhere.
 *
 * Invariants after file_load succeeds: data[size] == '\0'; line_start has n_lines + 1 entries and
 * line n spans [line_start[n-1], line_start[n]) including its '\n' (the last line may lack one);
 * an empty file has n_lines == 0. */
#ifndef LETS_FILE_H
#define LETS_FILE_H
#include <stdbool.h>
#include <stddef.h>
#include <signal.h>
#include <sys/stat.h>

#include "error.h"

struct buf;
struct worktree;

struct file {
	char *path; /* owned; as given */
	char *data; /* owned, unless data_shared */
	bool data_shared; /* data is an edit's bytes as read, owned there: kept until the first change */
	size_t size;
	size_t *line_start; /* owned; NULL after file_index_lazy */
	size_t n_lines;
	struct line_cursor *lazy; /* owned; file_index_lazy's stand-in for line_start */
	size_t crlf_lines, lf_lines; /* lines ending "\r\n" / bare "\n" */
	struct stat st;
	char sha[13]; /* "" until file_sha() */
};
#define FILE_INIT \
	{         \
		0 \
	}

/* Lines over this many bytes are cut for display. */
#define LINE_CUT_BYTES 1000

/* Reads path as a target, opened beneath w's held root (resolve_open_beneath; w NULL for
 * --allow-outside opens it as it is): refuses (with the spec's message, recorded in d) a missing
 * file (not_found), a path that leads outside (outside_tree), a directory, a hardlinked file, a
 * file over max_file_bytes and a binary file (unsupported_file). */
enum lets_err file_load(struct file *f, const struct worktree *w, const char *path, long max_file_bytes,
			struct diag *d);
/* The same for a descriptor the caller holds (and keeps): fstat, the same refusals, then the bytes
 * from offset 0, refused if they grow past max_file_bytes while being read. */
enum lets_err file_load_fd(struct file *f, const char *path, int fd, long max_file_bytes, struct diag *d);
/* file_load's refusals for a stat already taken: directory, not regular, hardlinked, too big. */
enum lets_err file_check_stat(const struct stat *st, const char *path, long max_file_bytes, struct diag *d);
/* Builds the line index for bytes already in f->data (used by file_load and after an edit). */
void file_index(struct file *f);
/* n_lines only, for bytes read to answer a few questions about a few lines (find -p, --def): the
 * full index of a large file is new memory (a page per 512 lines), which costs more than walking
 * to the lines asked for. file_line, file_line_at, file_line_offset and file_row_at answer as
 * with the full index, walking from the last line asked; line_start stays NULL, so only code
 * that asks through them may be given such a file. */
void file_index_lazy(struct file *f);
/* Where 1-based line n starts (n_lines + 1: the end of the file). */
size_t file_line_offset(const struct file *f, size_t n);
/* The 0-based line holding byte b: the newlines before it (n_lines for the end of a file that
 * ends in one). */
size_t file_row_at(const struct file *f, size_t b);
/* Gives f new bytes (data, owned) and re-indexes them; the old bytes are freed unless shared. */
void file_replace_data(struct file *f, char *data, size_t len);
void file_release(struct file *f);
/* Hands f's bytes (data[0..size], NUL-terminated) to the caller, who frees them; NULL when f does
 * not own them (data_shared). f keeps no bytes after it: only file_release may follow. */
char *file_detach_data(struct file *f);

/* True when the bytes hold a NUL or start with a UTF-16 byte-order mark. */
bool file_is_binary(const char *data, size_t size);
/* Newlines in p[0..n) (vectorised: search counts the lines it skips with it). */
size_t file_count_newlines(const char *p, size_t n);
/* Lines in p[0..n) as file_index counts them: a last line without '\n' counts. */
size_t file_count_lines(const char *p, size_t n);
/* Dominant ending is CRLF. */
bool file_crlf(const struct file *f);
/* Line n's text without its "\n" (and without the "\r" of a "\r\n"); returns the length. */
size_t file_line(const struct file *f, size_t n, const char **text);
/* The line holding byte offset off: 1 in an empty file, the last line for off >= size. */
long file_line_at(const struct file *f, size_t off);
/* First 12 hex digits of BLAKE3 of the bytes, computed once. */
const char *file_sha(struct file *f);
/* Same for arbitrary bytes; out holds 13 bytes. */
void sha12(const void *data, size_t size, char out[13]);
/* The first digits (at most 64) hex digits of the BLAKE3 of the bytes; out holds digits + 1. */
void sha_hex(const void *data, size_t size, char *out, size_t digits);

/* Reading many files fast (find's walk): file_scan reads one file and hands its bytes to a
 * callback, never holding more than one file. A file under FILE_SCAN_MMAP_MIN bytes is read into
 * the caller's scratch buffer (data[size] == '\0'); a bigger one is mapped, and a mapped file
 * that another process truncates meanwhile raises SIGBUS on the lost pages: with the guard of
 * file_scan_guard_begin installed, the callback is abandoned mid-way and file_scan returns
 * FILE_SCAN_VANISHED, so the callback must keep its effects thread-local until file_scan returns
 * FILE_SCAN_OK (then they are the file's). */
enum file_scan_status {
	FILE_SCAN_OK,
	FILE_SCAN_UNREADABLE, /* open or read failed */
	FILE_SCAN_TOO_LARGE, /* over max_file_bytes; the callback was not called */
	FILE_SCAN_OTHER, /* not a regular file */
	FILE_SCAN_VANISHED, /* truncated while mapped: the callback's effects are to be taken back */
};
/* Files at least this big are mapped rather than read (unless streamed: file_scan_stream). */
#define FILE_SCAN_MMAP_MIN (256 * 1024)
typedef void (*file_scan_fn)(void *ctx, const char *data, size_t size);
/* Reads path (following a symlink only when follow; beneath w's held root, as file_load, unless
 * w is NULL) and calls fn once with its bytes unless the status says otherwise. scratch is the
 * calling thread's buffer, reused across calls. */
enum file_scan_status file_scan(const struct worktree *w, const char *path, bool follow, long max_file_bytes,
				struct buf *scratch, file_scan_fn fn, void *ctx);
/* A file being read a window at a time (file_scan_stream): its descriptor, past the bytes the
 * callback got first, and how many more bytes it holds as measured when opened (never read past:
 * a file that grows meanwhile is read to its size then, as a mapping would be). */
struct file_stream {
	int fd; /* -1: every byte is in the first buffer */
	size_t left;
	bool failed; /* a read failed: file_scan_stream returns FILE_SCAN_VANISHED */
};
/* A search_fill_fn over a struct file_stream (ctx): appends up to want bytes (at most left) to b;
 * 0 at the end. A file cut short while being read ends early, as a smaller file would. */
size_t file_stream_fill(void *ctx, struct buf *b, size_t want);
/* Gets the file's first bytes in b (b is the scratch buffer, reused across calls) and reads the
 * rest through fs as it goes. */
typedef void (*file_stream_fn)(void *ctx, struct buf *b, struct file_stream *fs);
/* file_scan for a caller that can take a file a window at a time: a file of at least stream_min
 * bytes (0: none) goes to stream_fn instead of fn, never mapped. A failed read makes it
 * FILE_SCAN_VANISHED (the callback's effects are to be taken back). */
enum file_scan_status file_scan_stream(const struct worktree *w, const char *path, bool follow,
				       long max_file_bytes, struct buf *scratch, file_scan_fn fn,
				       file_stream_fn stream_fn, size_t stream_min, void *ctx);
/* file_scan_stream for a file the walk found: name (one component, no "/") in the directory
 * dirfd it listed, opened without following a symlink (struct walk_file). */
enum file_scan_status file_scan_stream_at(int dirfd, const char *name, long max_file_bytes,
					  struct buf *scratch, file_scan_fn fn, file_stream_fn stream_fn,
					  size_t stream_min, void *ctx);
/* Installs the SIGBUS guard for the threads that call file_scan; was gets the previous action,
 * for file_scan_guard_end. */
void file_scan_guard_begin(struct sigaction *was);
void file_scan_guard_end(const struct sigaction *was);

/* Runs fn(ctx) on the calling thread under its own resume point of the guard (which must be
 * installed), so a helper thread reading a mapping survives the mapping's truncation; false when
 * a SIGBUS abandoned fn midway. Nests: the thread's previous resume point comes back after. */
bool file_scan_guarded(void (*fn)(void *ctx), void *ctx);
/* Inside a file_scan callback: abandons it as a SIGBUS on its mapping would (file_scan returns
 * FILE_SCAN_VANISHED), for a callback whose helper thread found the mapping truncated. */
void file_scan_vanish(void);

/* Display form of one line: invalid UTF-8 lossily replaced, cut at LINE_CUT_BYTES on a character
 * boundary with "…" appended. Sets *lossy / *cut when that happened. */
void line_display(struct buf *out, const char *text, size_t len, bool *lossy, bool *cut);
/* True when line_display would append text as it is (valid UTF-8, not over LINE_CUT_BYTES), so
 * a caller may show the bytes themselves. */
bool line_display_as_is(const char *text, size_t len);
/* line_display of line n of f; lossy and cut may be NULL. */
void file_line_display(struct buf *out, const struct file *f, size_t n, bool *lossy, bool *cut);

#endif
