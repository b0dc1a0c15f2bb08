/* The failures lets reports, each with its stable slug and exit code: the one table an agent's
 * script branches on. Functions never exit; they return an enum lets_err and record a message
 * in a struct diag. Only main() turns the first recorded failure into the exit code.
 *
 * Stream contract: stdout is the answer; stderr gets every recorded message (in order, one per
 * failure, a message may span lines) and then one final line ERROR_CODE=<slug>. */
#ifndef LETS_ERROR_H
#define LETS_ERROR_H
#include <stddef.h>

enum lets_err {
	LETS_OK = 0,
	E_NOT_FOUND,
	E_OVER_CAP,
	E_INVALID_PATTERN,
	E_EXISTS,
	E_EMPTY_INPUT,
	E_EMPTY_FILE,
	E_MIXED_ENDINGS,
	E_NO_GRAMMAR,
	E_UPDATE_AVAILABLE,
	E_PATH_CONFLICT,
	E_NOT_ON_PATH,
	E_NO_REPOSITORY,
	E_GUESSED_SPAN,
	E_AMBIGUOUS,
	E_EXPECT_REFUSED,
	E_CHECK_FAILED,
	E_OVER_BUDGET,
	E_CHANGED,
	E_OUTSIDE_TREE,
	E_UNSUPPORTED_FILE,
	E_LOCKED,
	E_READ_ONLY,
	E_IO_ERROR,
	E_UPDATE_FAILED,
	E_PARTIAL_BATCH,
	E_USAGE,
	LETS_ERR_COUNT
};

/* "not_found", ... ; "" for LETS_OK. */
const char *err_slug(enum lets_err e);
/* One line saying what e means ("the regex does not parse"), or NULL when none is written. */
const char *err_means(enum lets_err e);
/* 0, 1, 2, 3, 4, 5, 6, 7, 8 or 64. */
int err_exit_code(enum lets_err e);

struct failure {
	enum lets_err code;
	char *message; /* owned; no trailing newline */
};

/* Every failure of one call, in the order they happened. DIAG_INIT is empty. */
struct diag {
	struct failure *items;
	size_t n, cap;
};
#define DIAG_INIT \
	{         \
		0 \
	}

/* Records a failure; returns code so callers can write `return diag_add(d, E_X, ...)`. */
enum lets_err diag_add(struct diag *d, enum lets_err code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* The first failure's code (it sets the exit code and slug), or LETS_OK. */
enum lets_err diag_first(const struct diag *d);
/* All messages joined by '\n' (for the JSON error shape); caller frees. */
char *diag_joined(const struct diag *d);
void diag_release(struct diag *d);

#endif
