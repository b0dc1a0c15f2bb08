/* An insert's @'regex' anchor without +N, for the edit engine: the one line it matches, or with a
 * line hint the match nearest the hint. Several without a hint, or a hint as near to two, are
 * ambiguous: an insert after the first of several (show's rule) would land where nobody chose. */
#ifndef LETS_EDIT_ANCHOR_H
#define LETS_EDIT_ANCHOR_H

#include "../error.h"

struct edit_req;
struct file;
struct omits;
struct target_span;
struct target;

/* Fills sp with the line at's regex names in f; hint is rq's line hint as a line of f (0: none).
 * Refusals (ambiguous with a pick command per candidate, not_found, invalid_pattern) go to d, in
 * the lines of the file as read (rq->history); grep-style readings to notes. */
enum lets_err anchor_pick(struct file *f, const struct edit_req *rq, long hint, const struct target *at,
			  struct target_span *sp, struct omits *notes, struct diag *d);

#endif
