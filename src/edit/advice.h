/* What a refused edit says next, so the agent's next call is the one that works: the ready
 * command that would apply it, and the regions nearest to an --old that was not found. Pure: it
 * appends text to a buffer and reads nothing but its arguments. */
#ifndef LETS_EDIT_ADVICE_H
#define LETS_EDIT_ADVICE_H
#include <stddef.h>

struct buf;
struct file;
struct edit_req;

/* Appends the command that repeats rq with "--line-hint N" (hint > 0; "<LINE>" for -1) and without --exact
 * (drop_exact): "lets edit T --line-hint 4 --old '…' --new '…'"; an --old and --new too long to
 * repeat read "(same --old and --new)". A batch entry gets "add \"line_hint\": 4 to batch line 2". */
void advice_command(struct buf *b, const struct edit_req *rq, long hint, int drop_exact);

/* Appends s[0..n) as one $'…' shell word, with \n \t \r \\ \' and other control bytes escaped. */
void advice_shell_ansi(struct buf *b, const char *s, size_t n);

/* Appends up to 3 lines "\n  near: lines a-b · 87% · <reason>" naming the regions of lines
 * first..last, as many lines long as old, most like old; the reason names the file's text first,
 * then --old's ("tabs vs 4 spaces at col 1", "' vs ’ at col 9", "1 word differs: sum→total").
 * Bounded work: only windows around the lines most like old's longest line are scored. */
void advice_nearest(struct buf *b, const struct file *f, long first, long last, const char *old,
		    size_t old_len);

/* The windows advice_nearest chooses from, best first (the earlier of equals): the ADVICE_NEAR_MAX
 * starting where a line is most like old's longest line, scored by the mean similarity of their
 * lines; returns how many. Exposed for the test that holds it to a plain reference. */
#define ADVICE_NEAR_MAX 12
struct advice_near {
	long at;
	int score;
};
size_t advice_near_rank(const struct file *f, long first, long last, const char *old, size_t old_len,
			struct advice_near *v);

#endif
