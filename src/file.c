#include "file.h"

#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif

#include "alloc.h"
#include "blake3.h"
#include "buf.h"
#include "cpu.h"
#include "resolve.h"
#include "utf8.h"

bool file_is_binary(const char *data, size_t size)
{
	if (size >= 2 && (((unsigned char)data[0] == 0xFF && (unsigned char)data[1] == 0xFE) ||
			  ((unsigned char)data[0] == 0xFE && (unsigned char)data[1] == 0xFF)))
		return true;
	return memchr(data, '\0', size) != NULL;
}

#if defined(__x86_64__) && defined(__GNUC__)
/* file_count_newlines 32 bytes a step: half the instructions of the SSE2 loop, which matters when
 * the bytes are in cache (a block just searched, a small file just read). */
__attribute__((target("avx2"))) static size_t count_newlines_avx2(const char *p, size_t n)
{
	size_t c = 0, i = 0;
	const __m256i nl = _mm256_set1_epi8('\n'), zero = _mm256_setzero_si256();
	while (i + 32 <= n) {
		__m256i acc = zero;
		size_t stop = n - i >= 255 * 32 ? i + 255 * 32 : i + ((n - i) & ~(size_t)31);
		for (; i < stop; i += 32)
			acc = _mm256_sub_epi8(
				acc, _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(p + i)), nl));
		__m256i sum = _mm256_sad_epu8(acc, zero);
		c += (size_t)_mm256_extract_epi64(sum, 0) + (size_t)_mm256_extract_epi64(sum, 1) +
		     (size_t)_mm256_extract_epi64(sum, 2) + (size_t)_mm256_extract_epi64(sum, 3);
	}
	for (; i < n; i++)
		c += p[i] == '\n';
	return c;
}
#endif

size_t file_count_newlines(const char *p, size_t n)
{
	size_t c = 0, i = 0;
#if defined(__x86_64__) && defined(__GNUC__)
	if (n >= 256 && cpu_has_avx2())
		return count_newlines_avx2(p, n);
#endif
#if defined(__SSE2__)
	/* each '\n' subtracts 1 (0xFF) from a byte lane; psadbw sums the lanes every 255 blocks.
	 * __builtin_popcount would be a libgcc call on baseline x86-64 (no POPCNT), measured at 10%
	 * of a large-file search. */
	const __m128i nl = _mm_set1_epi8('\n'), zero = _mm_setzero_si128();
	while (i + 16 <= n) {
		__m128i acc = zero;
		size_t stop = n - i >= 255 * 16 ? i + 255 * 16 : i + ((n - i) & ~(size_t)15);
		for (; i < stop; i += 16)
			acc = _mm_sub_epi8(acc,
					   _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + i)), nl));
		__m128i sum = _mm_sad_epu8(acc, zero);
		c += (size_t)_mm_cvtsi128_si32(sum) + (size_t)_mm_extract_epi16(sum, 4);
	}
#endif
	for (; i < n; i++)
		c += p[i] == '\n';
	return c;
}

size_t file_count_lines(const char *p, size_t n)
{
	return file_count_newlines(p, n) + (n && p[n - 1] != '\n');
}

/* The line index being filled: starts[0..i), and the CRLF endings seen. */
struct line_index {
	size_t *starts;
	size_t i, crlf;
};

/* The newline at data[k] starts a line after it (past the end when it is the last byte: undone
 * once the scan is over) and ends a CRLF line when a '\r' precedes it ('\r' before an empty
 * line's '\n' is impossible: the byte before it is the previous '\n'). No branches: a file has a
 * newline every few dozen bytes. */
static void on_newline(struct line_index *ix, const char *data, size_t k)
{
	ix->crlf += k > 0 && data[k - 1] == '\r';
	ix->starts[ix->i++] = k + 1;
}

/* The start of every line of data[0..size) and size after them (n + 1 entries), counted first so
 * the array is allocated once at its size: its pages are new memory, and a regrown array touches
 * more of them. The newlines are found sixteen bytes a step with SSE2, each step's as a bit mask:
 * a memchr call a line cost twice as many instructions (every file a verb loads). */
static size_t *index_lines(const char *data, size_t size, size_t *n_out, size_t *crlf_out, size_t *lf_out)
{
	size_t n = file_count_lines(data, size), k = 0;
	/* 1 + newlines entries are written: n + 1 when the last line ends in '\n', else n */
	struct line_index ix = {.starts = xmalloc((n + 1) * sizeof(size_t)), .i = 1};
	ix.starts[0] = 0;
#if defined(__SSE2__)
	const __m128i nl = _mm_set1_epi8('\n');
	for (; size - k >= 16; k += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(data + k));
		for (unsigned m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, nl)); m; m &= m - 1)
			on_newline(&ix, data, k + (size_t)__builtin_ctz(m));
	}
#endif
	for (; k < size; k++)
		if (data[k] == '\n')
			on_newline(&ix, data, k);
	size_t newlines = ix.i - 1;
	ix.starts[n] = size; /* a start at size, after a last '\n', starts no line */
	*n_out = n;
	if (crlf_out)
		*crlf_out = ix.crlf, *lf_out = newlines - ix.crlf;
	return ix.starts;
}

/* file_index_lazy's walk: the start of the line last asked for. Once the walks have covered
 * twice the file's bytes (a caller asking all over it), the full index is built after all. */
struct line_cursor {
	size_t row, at; /* 0-based line row starts at byte at */
	size_t walked;
	size_t *starts; /* the full index, once built */
};

static void lazy_release(struct file *f)
{
	if (f->lazy)
		free(f->lazy->starts);
	free(f->lazy);
	f->lazy = NULL;
}

void file_index(struct file *f)
{
	free(f->line_start);
	lazy_release(f);
	f->line_start = index_lines(f->data, f->size, &f->n_lines, &f->crlf_lines, &f->lf_lines);
	f->sha[0] = '\0';
}

void file_index_lazy(struct file *f)
{
	free(f->line_start);
	f->line_start = NULL;
	lazy_release(f);
	f->lazy = xcalloc(1, sizeof(*f->lazy));
	f->n_lines = file_count_lines(f->data, f->size);
	f->crlf_lines = f->lf_lines = 0; /* not counted: only an edit asks */
	f->sha[0] = '\0';
}

/* The full index when there is one (line_start, or the lazy one once built), else NULL. */
static const size_t *full_index(const struct file *f)
{
	if (f->line_start || !f->lazy)
		return f->line_start;
	struct line_cursor *c = f->lazy;
	if (!c->starts && c->walked > 2 * f->size + 4096) {
		size_t n;
		c->starts = index_lines(f->data, f->size, &n, NULL, NULL);
	}
	return c->starts;
}

/* Moves the cursor to the start of 0-based row (< n_lines), from where it is or from the top. */
static void cursor_to_row(const struct file *f, struct line_cursor *c, size_t row)
{
	const char *d = f->data;
	size_t was = c->at;
	if (row < c->row && row < c->row - row)
		c->row = c->at = 0;
	/* far ahead: whole blocks whose newlines are too few are counted, not walked line by line */
	while (c->row + 64 < row && f->size - c->at > 4096) {
		size_t k = file_count_newlines(d + c->at, 4096);
		if (k >= row - c->row)
			break;
		const char *nl = memrchr(d + c->at, '\n', 4096);
		if (!k || !nl)
			break;
		c->row += k;
		c->at = (size_t)(nl - d) + 1;
	}
	for (; c->row < row; c->row++)
		c->at = (size_t)((const char *)memchr(d + c->at, '\n', f->size - c->at) - d) + 1;
	/* far behind: likewise, a block ending at the cursor's line start whose first newline ends
	 * a line still past row */
	while (row + 64 < c->row && c->at > 4096) {
		size_t k = file_count_newlines(d + c->at - 4096, 4096);
		if (k < 2 || k - 1 >= c->row - row)
			break;
		const char *nl = memchr(d + c->at - 4096, '\n', 4096);
		c->row -= k - 1;
		c->at = (size_t)(nl - d) + 1;
	}
	for (; c->row > row; c->row--) {
		const char *nl = c->at > 1 ? memrchr(d, '\n', c->at - 1) : NULL;
		c->at = nl ? (size_t)(nl - d) + 1 : 0;
	}
	c->walked += was > c->at ? was - c->at : c->at - was;
}

size_t file_line_offset(const struct file *f, size_t n)
{
	const size_t *starts = full_index(f);
	if (starts)
		return starts[n - 1];
	if (n > f->n_lines)
		return f->size;
	cursor_to_row(f, f->lazy, n - 1);
	return f->lazy->at;
}

size_t file_row_at(const struct file *f, size_t b)
{
	const size_t *starts = full_index(f);
	if (starts) {
		size_t lo = 0, hi = f->n_lines + 1; /* starts[lo] <= b < starts[hi] */
		while (hi - lo > 1) {
			size_t mid = lo + (hi - lo) / 2;
			if (starts[mid] <= b)
				lo = mid;
			else
				hi = mid;
		}
		if (lo == f->n_lines && lo > 0 && f->data[f->size - 1] != '\n')
			lo--;
		return lo;
	}
	struct line_cursor *c = f->lazy;
	const char *d = f->data;
	if (b < c->at && b < c->at - b)
		c->row = c->at = 0;
	size_t was = c->at;
	if (b >= c->at) {
		size_t k = file_count_newlines(d + c->at, b - c->at);
		if (k) {
			c->row += k;
			c->at = (size_t)((const char *)memrchr(d + c->at, '\n', b - c->at) - d) + 1;
		}
	} else {
		c->row -= file_count_newlines(d + b, c->at - b);
		const char *nl = b ? memrchr(d, '\n', b) : NULL;
		c->at = nl ? (size_t)(nl - d) + 1 : 0;
	}
	c->walked += was > c->at ? was - c->at : c->at - was;
	return c->row;
}

/* Rust's io::Error display, which 0.0.1's messages carry: "No such file or directory (os error 2)". */
static enum lets_err os_error(struct diag *d, const char *path, int err)
{
	enum lets_err code = err == ENOENT || err == ENOTDIR ? E_NOT_FOUND : E_IO_ERROR;
	return diag_add(d, code, "%s: %s (os error %d)", path, strerror(err), err);
}

static enum lets_err no_memory(struct diag *d, const char *path, long long size)
{
	return diag_add(
		d, E_IO_ERROR,
		"reading %s failed: not enough memory for its %lld bytes \xC2\xB7 raise the memory limit "
		"(ulimit -v)",
		path, size);
}

enum lets_err file_check_stat(const struct stat *st, const char *path, long max_file_bytes, struct diag *d)
{
	if (S_ISDIR(st->st_mode))
		return diag_add(
			d, E_UNSUPPORTED_FILE,
			"%s is unsupported: a directory \xC2\xB7 search it with lets find <pattern> %s", path,
			path);
	if (!S_ISREG(st->st_mode))
		return diag_add(d, E_UNSUPPORTED_FILE, "%s is unsupported: not a regular file", path);
	if (st->st_nlink > 1)
		return diag_add(d, E_UNSUPPORTED_FILE, "%s is unsupported: hardlinked file", path);
	if (max_file_bytes >= 0 && st->st_size > max_file_bytes)
		return diag_add(d, E_UNSUPPORTED_FILE,
				"%s is unsupported: %lld bytes, over the %ld-byte limit", path,
				(long long)st->st_size, max_file_bytes);
	return LETS_OK;
}

/* Opens path beneath w's root, or as it is without w (--allow-outside). */
static int open_target(const struct worktree *w, const char *path, int flags)
{
	return w ? resolve_open_beneath(w, path, flags) : open(path, flags | O_CLOEXEC);
}

static enum lets_err open_error(struct diag *d, const char *path, int err)
{
	if (err == EXDEV)
		return diag_add(d, E_OUTSIDE_TREE, "%s is outside the working tree", path);
	return os_error(d, path, err);
}

enum lets_err file_load(struct file *f, const struct worktree *w, const char *path, long max_file_bytes,
			struct diag *d)
{
	struct stat st;
	enum lets_err e = LETS_OK;
	/* a handle first, to look at the type: opening a FIFO or a device to read could block or act */
	int fd = open_target(w, path, O_PATH);
	f->path = xstrdup(path);
	if (fd < 0 || fstat(fd, &st) < 0) {
		e = open_error(d, path, errno);
		goto out;
	}
	f->st = st;
	if ((e = file_check_stat(&st, path, max_file_bytes, d)))
		goto out;
	close(fd);
	fd = open_target(w, path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
	if (fd < 0) {
		e = open_error(d, path, errno);
		goto out;
	}
	free(f->path);
	e = file_load_fd(f, path, fd, max_file_bytes, d);
out:
	if (fd >= 0)
		close(fd);
	return e;
}

enum lets_err file_load_fd(struct file *f, const char *path, int fd, long max_file_bytes, struct diag *d)
{
	f->path = xstrdup(path);
	if (fstat(fd, &f->st) < 0)
		return os_error(d, path, errno);
	enum lets_err e = file_check_stat(&f->st, path, max_file_bytes, d);
	if (e)
		return e;
	/* The one allocation sized by the input, and --max-file-bytes can raise it past a memory limit:
	 * checked here, as an error to report, where every other allocation aborts in alloc.c. */
	size_t cap = (size_t)f->st.st_size + 1, len = 0;
	char *data = malloc(cap);
	if (!data)
		return no_memory(d, path, (long long)f->st.st_size);
	for (;;) {
		if (len + 1 >= cap) {
			char *more = cap <= SIZE_MAX / 2 ? realloc(data, cap * 2) : NULL;
			if (!more) {
				free(data);
				return no_memory(d, path, (long long)f->st.st_size);
			}
			data = more;
			cap *= 2;
		}
		ssize_t r = pread(fd, data + len, cap - 1 - len, (off_t)len);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			int err = errno;
			free(data);
			return os_error(d, path, err);
		}
		if (r == 0)
			break;
		len += (size_t)r;
		if (max_file_bytes >= 0 && len > (size_t)max_file_bytes) {
			free(data); /* it grew past the limit while being read */
			return diag_add(d, E_UNSUPPORTED_FILE, "%s is unsupported: over the %ld-byte limit",
					path, max_file_bytes);
		}
	}
	data[len] = '\0';
	f->data = data;
	f->size = len;
	if (file_is_binary(data, len))
		return diag_add(d, E_UNSUPPORTED_FILE, "%s is unsupported: binary file", path);
	file_index(f);
	return LETS_OK;
}

void file_replace_data(struct file *f, char *data, size_t len)
{
	if (!f->data_shared)
		free(f->data);
	f->data_shared = false;
	f->data = data;
	f->size = len;
	file_index(f);
}

void file_release(struct file *f)
{
	if (!f)
		return;
	free(f->path);
	if (!f->data_shared)
		free(f->data);
	free(f->line_start);
	lazy_release(f);
	memset(f, 0, sizeof(*f));
}

char *file_detach_data(struct file *f)
{
	if (f->data_shared)
		return NULL;
	char *data = f->data;
	f->data = NULL;
	f->size = 0;
	return data;
}

bool file_crlf(const struct file *f)
{
	return f->crlf_lines > f->lf_lines;
}

size_t file_line(const struct file *f, size_t n, const char **text)
{
	size_t a, b;
	if (f->line_start) /* the full index, read directly: a verb asks for every line it shows */
		a = f->line_start[n - 1], b = f->line_start[n];
	else
		a = file_line_offset(f, n), b = file_line_offset(f, n + 1);
	if (b > a && f->data[b - 1] == '\n') {
		b--;
		if (b > a && f->data[b - 1] == '\r')
			b--;
	}
	*text = f->data + a;
	return b - a;
}

long file_line_at(const struct file *f, size_t off)
{
	if (!f->n_lines)
		return 1;
	size_t row = file_row_at(f, off);
	return (long)(row < f->n_lines ? row : f->n_lines - 1) + 1;
}

void sha_hex(const void *data, size_t size, char *out, size_t digits)
{
	static const char hex[] = "0123456789abcdef";
	blake3_hasher h;
	unsigned char digest[32];
	digits = digits > 64 ? 64 : digits;
	blake3_hasher_init(&h);
	blake3_hasher_update(&h, data, size);
	blake3_hasher_finalize(&h, digest, (digits + 1) / 2);
	for (size_t i = 0; i < digits; i++)
		out[i] = hex[i % 2 ? digest[i / 2] & 15 : digest[i / 2] >> 4];
	out[digits] = '\0';
}

void sha12(const void *data, size_t size, char out[13])
{
	sha_hex(data, size, out, 12);
}

const char *file_sha(struct file *f)
{
	if (!f->sha[0])
		sha12(f->data, f->size, f->sha);
	return f->sha;
}

void line_display(struct buf *out, const char *text, size_t len, bool *lossy, bool *cut)
{
	size_t keep = len;
	*cut = false;
	if (len > LINE_CUT_BYTES) {
		keep = utf8_floor(text, len, LINE_CUT_BYTES);
		*cut = true;
	}
	*lossy = !utf8_valid(text, keep);
	if (*lossy)
		utf8_add_lossy(out, text, keep);
	else
		buf_add(out, text, keep);
	if (*cut)
		buf_adds(out, "\xE2\x80\xA6");
}

bool line_display_as_is(const char *text, size_t len)
{
	return len <= LINE_CUT_BYTES && utf8_valid(text, len);
}

void file_line_display(struct buf *out, const struct file *f, size_t n, bool *lossy, bool *cut)
{
	const char *text;
	size_t len = file_line(f, n, &text);
	bool was_lossy, was_cut;
	line_display(out, text, len, lossy ? lossy : &was_lossy, cut ? cut : &was_cut);
}

/* The first read of every file: most source files fit, and end there. */
#define SCAN_PROBE (32 * 1024)

/* Where a worker thread resumes when the file it has mapped shrinks under it: another process
 * truncating a mapped file makes reading the lost pages raise SIGBUS, which would kill lets.
 * Reading a whole large file with read() into one growing buffer was measured 2.8x slower (make
 * bench, big-lit); a walk's large files are now read a window at a time into a reused buffer
 * instead (file_scan_stream), faster still, and only a file named on the command line is mapped. */
static _Thread_local sigjmp_buf *bus_resume;

static void on_sigbus(int sig)
{
	if (bus_resume)
		siglongjmp(*bus_resume, 1);
	/* not a mapped file's fault: the default action, when the access repeats */
	signal(sig, SIG_DFL);
}

void file_scan_guard_begin(struct sigaction *was)
{
	struct sigaction bus = {.sa_handler = on_sigbus};
	sigemptyset(&bus.sa_mask);
	sigaction(SIGBUS, &bus, was);
}

void file_scan_guard_end(const struct sigaction *was)
{
	sigaction(SIGBUS, was, NULL);
}

bool file_scan_guarded(void (*fn)(void *ctx), void *ctx)
{
	sigjmp_buf resume, *was = bus_resume;
	bool whole = true;
	if (sigsetjmp(resume, 1)) {
		whole = false;
	} else {
		bus_resume = &resume;
		fn(ctx);
	}
	bus_resume = was;
	return whole;
}

void file_scan_vanish(void)
{
	if (bus_resume)
		siglongjmp(*bus_resume, 1);
	raise(SIGBUS); /* unguarded: what the lost page itself would have done */
}

static enum file_scan_status scan_mapped(int fd, size_t size, file_scan_fn fn, void *ctx)
{
	void *map = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED)
		return FILE_SCAN_UNREADABLE;
	sigjmp_buf resume;
	enum file_scan_status status = FILE_SCAN_OK;
	if (sigsetjmp(resume, 1)) {
		status = FILE_SCAN_VANISHED;
	} else {
		bus_resume = &resume;
		fn(ctx, map, size);
	}
	bus_resume = NULL;
	munmap(map, size);
	return status;
}

/* A medium file: the rest follows the probe's r bytes in the same buffer. */
static enum file_scan_status scan_rest(int fd, size_t r, long max_file_bytes, struct buf *b)
{
	b->len = r;
	bool failed = false;
	for (;;) {
		if (b->len > (size_t)max_file_bytes)
			break;
		buf_reserve(b, 65536);
		ssize_t got = read(fd, b->data + b->len, b->cap - b->len - 1);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0) {
			failed = got < 0;
			break;
		}
		b->len += (size_t)got;
	}
	close(fd);
	if (failed)
		return FILE_SCAN_UNREADABLE;
	if (b->len > (size_t)max_file_bytes)
		return FILE_SCAN_TOO_LARGE;
	b->data[b->len] = '\0';
	return FILE_SCAN_OK;
}

size_t file_stream_fill(void *ctx, struct buf *b, size_t want)
{
	struct file_stream *fs = ctx;
	if (want > fs->left)
		want = fs->left;
	buf_reserve(b, want);
	while (want) {
		ssize_t got = read(fs->fd, b->data + b->len, want);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			fs->failed = true;
		if (got <= 0) { /* a file cut short meanwhile ends here, as a smaller file would */
			fs->left = 0;
			return 0;
		}
		b->len += (size_t)got;
		fs->left -= (size_t)got;
		return (size_t)got;
	}
	return 0;
}

/* Hands the probe's bytes and the open file to stream_fn. */
static enum file_scan_status scan_streamed(int fd, struct buf *scratch, size_t probed, size_t size,
					   file_stream_fn stream_fn, void *ctx)
{
	struct file_stream fs = {.fd = fd, .left = size > probed ? size - probed : 0};
	scratch->len = probed;
	stream_fn(ctx, scratch, &fs);
	if (fd >= 0)
		close(fd);
	return fs.failed ? FILE_SCAN_VANISHED : FILE_SCAN_OK;
}

enum file_scan_status file_scan(const struct worktree *w, const char *path, bool follow, long max_file_bytes,
				struct buf *scratch, file_scan_fn fn, void *ctx)
{
	return file_scan_stream(w, path, follow, max_file_bytes, scratch, fn, NULL, 0, ctx);
}

/* Most files are small, and one read of SCAN_PROBE bytes returns all of such a file (a regular
 * file reads short only at its end), so the common case costs open, read and close. A full probe
 * means a bigger file: it is measured and refused over max_file_bytes; under the mmap size the
 * rest is read after the probe, from it on the file is mapped rather than copied, which would
 * stream every byte through the cache twice — or, for a caller that can, streamed in windows. */
static enum file_scan_status scan_fd(int fd, long max_file_bytes, struct buf *scratch, file_scan_fn fn,
				     file_stream_fn stream_fn, size_t stream_min, void *ctx)
{
	if (fd < 0)
		return FILE_SCAN_UNREADABLE;
	buf_truncate(scratch, 0);
	buf_reserve(scratch, SCAN_PROBE + 1);
	ssize_t r;
	do
		r = read(fd, scratch->data, SCAN_PROBE);
	while (r < 0 && errno == EINTR);
	if (r < 0) {
		close(fd);
		return FILE_SCAN_UNREADABLE;
	}
	enum file_scan_status status = FILE_SCAN_OK;
	if (r < SCAN_PROBE) {
		close(fd);
		if (r > max_file_bytes)
			return FILE_SCAN_TOO_LARGE;
		scratch->len = (size_t)r;
		scratch->data[r] = '\0';
		if (stream_fn && stream_min && (size_t)r >= stream_min)
			return scan_streamed(-1, scratch, (size_t)r, (size_t)r, stream_fn, ctx);
	} else {
		struct stat st;
		if (fstat(fd, &st) || !S_ISREG(st.st_mode))
			status = FILE_SCAN_OTHER;
		else if (st.st_size > max_file_bytes)
			status = FILE_SCAN_TOO_LARGE;
		if (status != FILE_SCAN_OK) {
			close(fd);
			return status;
		}
		if (stream_fn && stream_min && (size_t)st.st_size >= stream_min)
			return scan_streamed(fd, scratch, (size_t)r, (size_t)st.st_size, stream_fn, ctx);
		if ((size_t)st.st_size >= FILE_SCAN_MMAP_MIN)
			return scan_mapped(fd, (size_t)st.st_size, fn, ctx);
		status = scan_rest(fd, (size_t)r, max_file_bytes, scratch);
	}
	if (status == FILE_SCAN_OK)
		fn(ctx, scratch->data, scratch->len);
	return status;
}

enum file_scan_status file_scan_stream(const struct worktree *w, const char *path, bool follow,
				       long max_file_bytes, struct buf *scratch, file_scan_fn fn,
				       file_stream_fn stream_fn, size_t stream_min, void *ctx)
{
	int fd = open_target(w, path, O_RDONLY | O_NOCTTY | O_NONBLOCK | (follow ? 0 : O_NOFOLLOW));
	return scan_fd(fd, max_file_bytes, scratch, fn, stream_fn, stream_min, ctx);
}

/* The walk listed name in dirfd, which it opened beneath the root itself: one component, never
 * followed, cannot lead out, so the kernel resolves it in one step instead of the whole path. */
enum file_scan_status file_scan_stream_at(int dirfd, const char *name, long max_file_bytes,
					  struct buf *scratch, file_scan_fn fn, file_stream_fn stream_fn,
					  size_t stream_min, void *ctx)
{
	int fd = openat(dirfd, name, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
	return scan_fd(fd, max_file_bytes, scratch, fn, stream_fn, stream_min, ctx);
}
