#include "file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "alloc.h"
#include "blake3.h"
#include "buf.h"
#include "utf8.h"

bool file_is_binary(const char *data, size_t size)
{
	if (size >= 2 && (((unsigned char)data[0] == 0xFF && (unsigned char)data[1] == 0xFE) ||
			  ((unsigned char)data[0] == 0xFE && (unsigned char)data[1] == 0xFF)))
		return true;
	return memchr(data, '\0', size) != NULL;
}

size_t file_count_newlines(const char *p, size_t n)
{
	size_t c = 0, i = 0;
#if defined(__SSE2__)
	const __m128i nl = _mm_set1_epi8('\n');
	for (; i + 16 <= n; i += 16)
		c += (size_t)__builtin_popcount(
			(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + i)), nl)));
#endif
	for (; i < n; i++)
		c += p[i] == '\n';
	return c;
}

size_t file_count_lines(const char *p, size_t n)
{
	return file_count_newlines(p, n) + (n && p[n - 1] != '\n');
}

void file_index(struct file *f)
{
	free(f->line_start);
	size_t cap = f->size / 32 + 2, n = 0;
	size_t *starts = xmalloc(cap * sizeof(*starts));
	size_t crlf = 0, lf = 0;
	const char *base = f->data, *p = base, *end = base + f->size;
	while (p < end) {
		if (n + 2 > cap)
			XGROW(starts, cap, n + 2);
		starts[n++] = (size_t)(p - base);
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl) {
			p = end;
			break;
		}
		if (nl > p && nl[-1] == '\r')
			crlf++;
		else
			lf++;
		p = nl + 1;
	}
	starts[n] = f->size;
	f->line_start = starts;
	f->n_lines = n;
	f->crlf_lines = crlf;
	f->lf_lines = lf;
	f->sha[0] = '\0';
}

/* Rust's io::Error display, which 0.0.1's messages carry: "No such file or directory (os error 2)". */
static enum lets_err os_error(struct diag *d, const char *path, int err)
{
	enum lets_err code = err == ENOENT || err == ENOTDIR ? E_NOT_FOUND : E_IO_ERROR;
	return diag_add(d, code, "%s: %s (os error %d)", path, strerror(err), err);
}

enum lets_err file_check_stat(const struct stat *st, const char *path, long max_file_bytes, struct diag *d)
{
	if (S_ISDIR(st->st_mode))
		return diag_add(d, E_UNSUPPORTED_FILE,
				"%s is unsupported: a directory \xC2\xB7 search it with lets find <pattern> %s", path, path);
	if (!S_ISREG(st->st_mode))
		return diag_add(d, E_UNSUPPORTED_FILE, "%s is unsupported: not a regular file", path);
	if (st->st_nlink > 1)
		return diag_add(d, E_UNSUPPORTED_FILE, "%s is unsupported: hardlinked file", path);
	if (max_file_bytes >= 0 && st->st_size > max_file_bytes)
		return diag_add(d, E_UNSUPPORTED_FILE, "%s is unsupported: %lld bytes, over the %ld-byte limit", path,
				(long long)st->st_size, max_file_bytes);
	return LETS_OK;
}

enum lets_err file_load(struct file *f, const char *path, long max_file_bytes, struct diag *d)
{
	struct stat st;
	/* stat before open: opening a FIFO for reading would block the call */
	if (stat(path, &st) < 0) {
		f->path = xstrdup(path);
		return os_error(d, path, errno);
	}
	enum lets_err e = file_check_stat(&st, path, max_file_bytes, d);
	if (e) {
		f->path = xstrdup(path);
		f->st = st;
		return e;
	}
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (fd < 0) {
		f->path = xstrdup(path);
		return os_error(d, path, errno);
	}
	e = file_load_fd(f, path, fd, max_file_bytes, d);
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
	size_t cap = (size_t)f->st.st_size + 1, len = 0;
	char *data = xmalloc(cap);
	for (;;) {
		if (len + 1 >= cap) {
			cap *= 2;
			data = xrealloc(data, cap);
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
			return diag_add(d, E_UNSUPPORTED_FILE, "%s is unsupported: over the %ld-byte limit", path,
					max_file_bytes);
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

void file_release(struct file *f)
{
	if (!f)
		return;
	free(f->path);
	free(f->data);
	free(f->line_start);
	memset(f, 0, sizeof(*f));
}

bool file_crlf(const struct file *f)
{
	return f->crlf_lines > f->lf_lines;
}

size_t file_line(const struct file *f, size_t n, const char **text)
{
	size_t a = f->line_start[n - 1], b = f->line_start[n];
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
	size_t lo = 0, hi = f->n_lines;
	if (!hi)
		return 1;
	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;
		if (f->line_start[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	return (long)lo + 1;
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

void file_line_display(struct buf *out, const struct file *f, size_t n, bool *lossy, bool *cut)
{
	const char *text;
	size_t len = file_line(f, n, &text);
	bool was_lossy, was_cut;
	line_display(out, text, len, lossy ? lossy : &was_lossy, cut ? cut : &was_cut);
}
