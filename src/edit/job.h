/* One edit in progress and the occurrences of its --old, shared by engine.c (applying an edit to
 * the working copy) and occurrences.c (finding --old's occurrences and choosing among them);
 * internal to src/edit/. */
#ifndef LETS_EDIT_JOB_H
#define LETS_EDIT_JOB_H
#include <stdbool.h>
#include <stddef.h>

#include "../error.h"
#include "engine.h"
#include "indent.h"

struct file;
struct omits;

/* One edit in progress: the working copy, the request, where the result and failures go. */
struct job {
	struct file *f;
	const struct edit_req *rq;
	struct edit_result *r;
	struct omits *notes;
	struct diag *d;
	long hint; /* --line-hint as a line of the working copy (rq's is a line of the file as read) */
};

struct occ {
	size_t start, end; /* in the file's bytes */
};

struct occs {
	struct occ *v;
	size_t n, cap;
};

/* s with its line endings made CRLF (crlf) or LF, into a new string of *out_len bytes (engine.c). */
char *convert_endings(const char *s, size_t n, bool crlf, size_t *out_len);
/* --new with the file's dominant line ending, unless --literal-newlines; the caller frees it
 * (engine.c). */
char *adapt_new(const struct job *j, size_t *len);

/* occurrences.c: finding --old in the working copy and choosing among the occurrences. */
enum lets_err not_found(struct job *j, long first, long last, long norm_line,
			const struct fold_region *folded);
enum lets_err ambiguous(struct job *j, const struct occs *oc);
enum lets_err apply_hint(struct job *j, struct occs *oc);
void words_only(struct job *j, struct occs *oc);
enum lets_err inside_words(struct job *j, const struct occs *oc);
long shown_line(const struct job *j, long l);
char *normalized_word(const struct file *f, const struct occs *oc);
enum lets_err find_old(struct job *j, size_t sb, size_t se, struct occs *oc);
long find_folded(struct job *j, size_t sb, size_t se, struct occs *oc);
enum lets_err take_folded(struct job *j, struct fold_region *fr, size_t nf, struct occs *oc, char **rep,
			  size_t *rl);

#endif
