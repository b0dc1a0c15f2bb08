/* A growable byte buffer, always NUL-terminated after its len bytes (git's strbuf).
 * Zero (BUF_INIT) is a valid empty buffer; buf_release frees and re-inits; buf_detach hands
 * the bytes to the caller, who frees them. */
#ifndef LETS_BUF_H
#define LETS_BUF_H
#include <stdarg.h>
#include <stddef.h>

struct buf {
	char *data;
	size_t len;
	size_t cap;
};
#define BUF_INIT  \
	{         \
		0 \
	}

void buf_release(struct buf *b);
/* Returns the bytes (NUL-terminated, never NULL) and leaves b empty. */
char *buf_detach(struct buf *b);
/* Grows b for extra more bytes and the NUL after them; a len + extra past size_t aborts as out
 * of memory (alloc.h). Called by buf_reserve when the room is not there. */
void buf_grow(struct buf *b, size_t extra);
/* Makes room for extra more bytes and the NUL after them. Inline because every append calls it
 * and the room is nearly always there already (cap > len whenever cap is not 0). */
static inline void buf_reserve(struct buf *b, size_t extra)
{
	if (extra >= b->cap - b->len)
		buf_grow(b, extra);
}
void buf_add(struct buf *b, const void *p, size_t n);
void buf_adds(struct buf *b, const char *s);
void buf_addc(struct buf *b, char c);
void buf_addf(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void buf_vaddf(struct buf *b, const char *fmt, va_list ap);
void buf_add_spaces(struct buf *b, size_t n);
/* Appends n in decimal, right-aligned with spaces to width columns: the bytes of printf's "%*ld"
 * (a wider number is not cut). */
void buf_add_num(struct buf *b, long n, size_t width);
void buf_truncate(struct buf *b, size_t len);
/* Appends what fd holds up to its end (a read interrupted by a signal is retried). Returns 0, or
 * -1 with errno set after a failed read; what came before the failure stays appended. */
int buf_read_fd(struct buf *b, int fd);
/* Const view of the contents; "" for an empty buffer. */
const char *buf_str(const struct buf *b);

#endif
