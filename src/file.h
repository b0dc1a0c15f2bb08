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
#include <sys/stat.h>

#include "error.h"

struct buf;

struct file {
	char *path; /* owned; as given */
	char *data; /* owned */
	size_t size;
	size_t *line_start; /* owned */
	size_t n_lines;
	size_t crlf_lines, lf_lines; /* lines ending "\r\n" / bare "\n" */
	struct stat st;
	char sha[13]; /* "" until file_sha() */
};
#define FILE_INIT {0}

/* Lines over this many bytes are cut for display. */
#define LINE_CUT_BYTES 1000

/* Reads path as a target: refuses (with the spec's message, recorded in d) a missing file
 * (not_found), a directory, a hardlinked file, a file over max_file_bytes and a binary file
 * (unsupported_file). */
enum lets_err file_load(struct file *f, const char *path, long max_file_bytes, struct diag *d);
/* The same for a descriptor the caller holds (and keeps): fstat, the same refusals, then the bytes
 * from offset 0, refused if they grow past max_file_bytes while being read. */
enum lets_err file_load_fd(struct file *f, const char *path, int fd, long max_file_bytes, struct diag *d);
/* file_load's refusals for a stat already taken: directory, not regular, hardlinked, too big. */
enum lets_err file_check_stat(const struct stat *st, const char *path, long max_file_bytes, struct diag *d);
/* Builds the line index for bytes already in f->data (used by file_load and after an edit). */
void file_index(struct file *f);
void file_release(struct file *f);

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

/* Display form of one line: invalid UTF-8 lossily replaced, cut at LINE_CUT_BYTES on a character
 * boundary with "…" appended. Sets *lossy / *cut when that happened. */
void line_display(struct buf *out, const char *text, size_t len, bool *lossy, bool *cut);
/* line_display of line n of f; lossy and cut may be NULL. */
void file_line_display(struct buf *out, const struct file *f, size_t n, bool *lossy, bool *cut);

#endif
