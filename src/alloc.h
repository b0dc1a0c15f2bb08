/* Allocation that cannot fail: out of memory aborts here, so no caller carries an
 * allocation-failure path (tree-sitter's ts_malloc does the same). A size that overflows size_t
 * aborts the same way, before anything is allocated. */
#ifndef LETS_ALLOC_H
#define LETS_ALLOC_H
#include <stddef.h>

void *xmalloc(size_t n);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
/* Grows *p (holding *cap elements of elem bytes) so it holds at least need elements, doubling
 * *cap (at least 8) as far as size_t allows. A need whose bytes do not fit in a size_t aborts,
 * as out of memory does: no request wraps around into a small allocation. */
void xgrow(void **p, size_t *cap, size_t need, size_t elem);
/* a + b, aborting when the sum does not fit in a size_t (git's st_add). */
size_t xadd(size_t a, size_t b);
/* The room check is inline: nearly every call finds the room already there, and a call per element
 * appended was measurable (show appends a line at a time). need is evaluated once. */
#define XGROW(ptr, cap, need)                                                        \
	do {                                                                         \
		size_t xgrow_need_ = (need);                                         \
		if (xgrow_need_ > (cap))                                             \
			xgrow((void **)&(ptr), &(cap), xgrow_need_, sizeof(*(ptr))); \
	} while (0)

#endif
