#include "buf.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alloc.h"

void buf_release(struct buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}

char *buf_detach(struct buf *b)
{
	char *d = b->data ? b->data : xstrdup("");
	b->data = NULL;
	b->len = b->cap = 0;
	return d;
}

void buf_grow(struct buf *b, size_t extra)
{
	XGROW(b->data, b->cap, xadd(xadd(b->len, extra), 1));
}

void buf_add(struct buf *b, const void *p, size_t n)
{
	buf_reserve(b, n);
	if (n)
		memcpy(b->data + b->len, p, n);
	b->len += n;
	b->data[b->len] = '\0';
}

void buf_adds(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

void buf_addc(struct buf *b, char c)
{
	buf_reserve(b, 1);
	b->data[b->len++] = c;
	b->data[b->len] = '\0';
}

void buf_vaddf(struct buf *b, const char *fmt, va_list ap)
{
	va_list copy;
	va_copy(copy, ap);
	buf_reserve(b, 64);
	int n = vsnprintf(b->data + b->len, b->cap - b->len, fmt, copy);
	va_end(copy);
	if (n < 0)
		return;
	if ((size_t)n >= b->cap - b->len) {
		buf_reserve(b, (size_t)n);
		vsnprintf(b->data + b->len, b->cap - b->len, fmt, ap);
	}
	b->len += (size_t)n;
}

void buf_addf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	buf_vaddf(b, fmt, ap);
	va_end(ap);
}

void buf_add_spaces(struct buf *b, size_t n)
{
	buf_reserve(b, n);
	memset(b->data + b->len, ' ', n);
	b->len += n;
	b->data[b->len] = '\0';
}

/* By hand rather than through buf_addf: it numbers every line a verb shows, and vsnprintf cost
 * ten times as many instructions per line (the most of them in show's whole profile). The digits
 * are counted first, then written in place from the right, with no copy in between. */
void buf_add_num(struct buf *b, long n, size_t width)
{
	/* the magnitude as unsigned, so LONG_MIN negates without overflow */
	unsigned long v = n < 0 ? 0UL - (unsigned long)n : (unsigned long)n;
	size_t len = n < 0 ? 2 : 1;
	for (unsigned long t = v; t >= 10; t /= 10)
		len++;
	size_t field = width > len ? width : len;
	buf_reserve(b, field);
	char *start = b->data + b->len, *p = start + field;
	b->len += field;
	*p = '\0';
	do
		*--p = (char)('0' + v % 10);
	while (v /= 10);
	if (n < 0)
		*--p = '-';
	while (p > start)
		*--p = ' ';
}

void buf_truncate(struct buf *b, size_t len)
{
	if (len < b->len) {
		b->len = len;
		b->data[len] = '\0';
	}
}

int buf_read_fd(struct buf *b, int fd)
{
	for (;;) {
		buf_reserve(b, 65536);
		ssize_t r = read(fd, b->data + b->len, b->cap - b->len - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r > 0)
			b->len += (size_t)r;
		b->data[b->len] = '\0';
		if (r <= 0)
			return r < 0 ? -1 : 0;
	}
}

const char *buf_str(const struct buf *b)
{
	return b->data ? b->data : "";
}
