/* What a refused edit says next, so the agent's next call is the one that works: the ready
 * command that would apply it, where each candidate of an ambiguity is, and the regions nearest
 * to an --old that was not found. Pure: it appends text to a buffer and reads nothing but its
 * arguments (a file's bytes, parsed for the definitions holding alike candidates). */
#ifndef LETS_EDIT_ADVICE_H
#define LETS_EDIT_ADVICE_H
#include <stddef.h>

struct buf;
struct file;
struct edit_req;

/* Up to this many candidates of an ambiguity get a command each; more get one with <LINE>. */
#define ADVICE_PICKS_LISTED 5

/* Appends the command that repeats rq with "--line-hint N" (hint > 0; "<LINE>" for -1) and without --exact
 * (drop_exact): "lets edit T --line-hint 4 --old '…' --new '…'"; an --old and --new too long to
 * repeat read "(same --old and --new)". A batch entry gets "add \"line_hint\": 4 to batch line 2". */
void advice_command(struct buf *b, const struct edit_req *rq, long hint, int drop_exact);

/* Appends the command that repeats rq with flag added ("-w"); a batch entry gets "add \"key\": true
 * to batch line 2". */
void advice_command_flag(struct buf *b, const struct edit_req *rq, const char *flag, const char *key);

/* Appends the insert rq with its anchor @'regex'+nth, or for nth 0 @'regex' and "--line-hint <LINE>":
 * lets edit T --insert-after "@'re'+2" --new '…'. A batch entry gets "make batch line 2's anchor
 * @'re'+2" (or "add \"line_hint\": <LINE> to batch line 2"). */
void advice_anchor_command(struct buf *b, const struct edit_req *rq, const char *regex, long nth);

/* Appends the command that replaces lines first..last of path with rq's --new, once they are
 * checked: "check lines a-b with lets show P:a-b, then replace them: lets edit P:a-b --if sha:S
 * --new '…'" (a --new too long to repeat reads "(same --new)"). Without sha (a batch entry after
 * others on the same file, whose sha is not on disk) the replacement is left to "old". */
void advice_range_command(struct buf *b, const struct edit_req *rq, const char *path, long first, long last,
			  const char *sha);

/* Appends "\n  path:N\t<line>" per candidate: lines[i] of f (ascending), numbered shown[i] (a
 * batch's line as read); at most 20, then "\n  (+N more)". A candidate whose line reads like
 * another's (both trimmed) ends "  \u2190 in Outer.name, after \"<the nearest line above it that
 * differs from the line as far above each alike one, cut after a space near 24 bytes>\"", either part left out
 * when there is none; the definitions holding them are parsed for that (symbols_enclosing). */
#define ADVICE_CANDIDATES_MAX 20
void advice_candidates(struct buf *b, struct file *f, const long *lines, const long *shown, size_t n);

/* Appends s[0..n) as one $'…' shell word, with \n \t \r \\ \' and other control bytes escaped. */
void advice_shell_ansi(struct buf *b, const char *s, size_t n);

/* What a missed --old is nearest to in lines first..last, found in one scan of them: the line
 * most like old's first non-blank line (both trimmed; the first of equals; 0 when no line
 * scores), and up to ADVICE_NEAR_MAX windows as many lines long as old, best first (the earlier of
 * equals): those starting where a line is most like old's longest line, scored by the mean
 * similarity of their lines. */
#define ADVICE_NEAR_MAX 12
struct advice_near {
	long at;
	int score;
};
struct advice_near_set {
	long line;
	int score; /* 0..100 */
	size_t n;
	struct advice_near v[ADVICE_NEAR_MAX];
};
void advice_near_scan(const struct file *f, long first, long last, const char *old, size_t old_len,
		      struct advice_near_set *s);

/* Appends up to 3 lines "\n  near: lines a-b · 87% · <reason>" naming the best of s's windows
 * that score 50% or more; the reason names the file's text first, then --old's ("tabs vs 4
 * spaces at col 1", "' vs ’ at col 9", "1 word differs: sum→total"). */
void advice_nearest(struct buf *b, const struct file *f, const struct advice_near_set *s, const char *old,
		    size_t old_len);

#endif
