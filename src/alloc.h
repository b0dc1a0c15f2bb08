/* Allocation that cannot fail: out of memory aborts here, so no caller carries an
 * allocation-failure path (tree-sitter's ts_malloc does the same). */
#ifndef LETS_ALLOC_H
#define LETS_ALLOC_H
#include <stddef.h>

void *xmalloc(size_t n);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
/* Grows *p (holding *cap elements of elem bytes) so it holds at least need elements. */
void xgrow(void **p, size_t *cap, size_t need, size_t elem);
#define XGROW(ptr, cap, need) xgrow((void **)&(ptr), &(cap), (need), sizeof(*(ptr)))

#endif
