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

void buf_reserve(struct buf *b, size_t extra)
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
