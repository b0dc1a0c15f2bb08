#include "alloc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *oom(size_t n)
{
	fprintf(stderr, "lets: out of memory allocating %zu bytes\n", n);
	abort();
}

static void overflow(size_t a, char op, size_t b)
{
	fprintf(stderr, "lets: out of memory: the size %zu %c %zu overflows\n", a, op, b);
	abort();
}

size_t xadd(size_t a, size_t b)
{
	if (a > SIZE_MAX - b)
		overflow(a, '+', b);
	return a + b;
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	return p ? p : oom(n);
}

void *xcalloc(size_t count, size_t size)
{
	void *p = calloc(count ? count : 1, size ? size : 1);
	return p ? p : oom(count * size);
}

void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	return q ? q : oom(n);
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *d = xmalloc(xadd(n, 1));
	if (n) /* an empty slice may come from an empty buffer whose data is NULL */
		memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

void xgrow(void **p, size_t *cap, size_t need, size_t elem)
{
	if (need <= *cap)
		return;
	size_t most = SIZE_MAX / (elem ? elem : 1); /* the most elements whose bytes fit in size_t */
	if (need > most)
		overflow(need, '*', elem);
	size_t n = *cap ? *cap : 8;
	while (n < need)
		n = n > most / 2 ? need : n * 2;
	if (n > most) /* the first 8 of a huge element */
		n = need;
	*p = xrealloc(*p, n * elem);
	*cap = n;
}
