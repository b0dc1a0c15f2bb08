/* A batch's earlier edits to one file, read as maps between its lines as read and its working
 * copy's (engine.h). Each edit's shifts are in the lines of the copy it was applied to, sorted
 * and apart, so one edit maps a line with one pass over them. */
#include <stdlib.h>

#include "../alloc.h"
#include "engine.h"

/* line, a line of the copy before r, as a line of the copy after it. */
static long shift_forward(const struct edit_result *r, long line)
{
	long d = 0;
	for (size_t i = 0; i < r->n_shifts; i++) {
		const struct edit_shift *s = &r->shifts[i];
		if (s->last < s->first && line >= s->first) { /* lines inserted before this one */
			d += s->delta;
			continue;
		}
		if (line <= s->first)
			break;
		if (line <= s->last) {
			long end = s->last + s->delta; /* the rewritten lines end here */
			return (line < end ? line : end > s->first ? end : s->first) + d;
		}
		d += s->delta;
	}
	return line + d;
}

/* line, a line of the copy after r, as a line of the copy before it. */
static long shift_back(const struct edit_result *r, long line)
{
	long d = 0;
	for (size_t i = 0; i < r->n_shifts; i++) {
		const struct edit_shift *s = &r->shifts[i];
		long first = s->first + d, last = s->last + s->delta + d;
		if (line < first)
			break;
		if (line <= last) {
			long back = line - d;
			return back < s->last ? back : s->last >= s->first ? s->last : s->first;
		}
		d += s->delta;
	}
	return line - d;
}

long edit_history_forward(const struct edit_history *h, long line)
{
	size_t n = 0;
	for (const struct edit_history *p = h; p; p = p->prev)
		n++;
	if (!n || line <= 0)
		return line;
	/* oldest first: the list runs newest first */
	const struct edit_result **v = xmalloc(n * sizeof(*v));
	size_t i = n;
	for (const struct edit_history *p = h; p; p = p->prev)
		v[--i] = p->r;
	for (i = 0; i < n; i++)
		line = shift_forward(v[i], line);
	free(v);
	return line;
}

long edit_history_back(const struct edit_history *h, long line)
{
	for (const struct edit_history *p = h; p && line > 0; p = p->prev)
		line = shift_back(p->r, line);
	return line;
}
