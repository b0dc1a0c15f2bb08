/* An insert's @'regex' anchor without +N: which line it names (anchor.h). */
#include "anchor.h"

#include <stdbool.h>
#include <stdlib.h>

#include "../alloc.h"
#include "../buf.h"
#include "../file.h"
#include "../output.h"
#include "../target.h"
#include "advice.h"
#include "engine.h"

/* Several lines an anchor matches: each as path:line with the @'regex'+N that picks it (past
 * ADVICE_PICKS_LISTED, one --line-hint <LINE> command); tie[0..1], when set, the matches a hint
 * is as near to. */
static enum lets_err anchor_ambiguous(struct file *f, const struct edit_req *rq, const struct target *at,
				      const long *lines, size_t n, const size_t tie[2], struct diag *d)
{
	struct buf m = BUF_INIT;
	long *shown = xmalloc(n * sizeof(*shown));
	for (size_t i = 0; i < n; i++)
		shown[i] = edit_history_back(rq->history, lines[i]);
	buf_addf(&m, "%s is ambiguous (the anchor @'%s' matches %zu lines)", f->path, at->regex, n);
	advice_candidates(&m, f, lines, shown, n);
	if (tie)
		buf_addf(&m, "\n  line hint %ld is as near to line %ld as to line %ld", rq->line_hint,
			 shown[tie[0]], shown[tie[1]]);
	for (size_t i = 0; i < n && n <= ADVICE_PICKS_LISTED; i++) {
		buf_addf(&m, "\n  pick line %ld: ", shown[i]);
		advice_anchor_command(&m, rq, at->regex, (long)i + 1);
	}
	if (n > ADVICE_PICKS_LISTED) {
		buf_adds(&m, "\n  pick one: ");
		advice_anchor_command(&m, rq, at->regex, 0);
	}
	free(shown);
	diag_add(d, E_AMBIGUOUS, "%s", m.data);
	buf_release(&m);
	return E_AMBIGUOUS;
}

enum lets_err anchor_pick(struct file *f, const struct edit_req *rq, long h, const struct target *at,
			  struct target_span *sp, struct omits *notes, struct diag *d)
{
	long *lines;
	size_t n, best = 0, tie[2] = {0, 0};
	bool tied = false;
	struct buf read_as = BUF_INIT;
	enum lets_err err = target_regex_lines(at, f, &lines, &n, &read_as, d);
	if (read_as.len)
		omit_grep_style(notes, at->regex, read_as.data);
	buf_release(&read_as);
	if (err)
		return err;
	for (size_t i = 1; i < n && h; i++) {
		long di = labs(lines[i] - h), db = labs(lines[best] - h);
		if (di < db)
			best = i, tied = false;
		else if (di == db)
			tie[0] = best, tie[1] = i, tied = true;
	}
	if (n > 1 && (!h || tied))
		err = anchor_ambiguous(f, rq, at, lines, n, tied ? tie : NULL, d);
	else
		sp->start = sp->end = lines[best];
	free(lines);
	return err;
}
