#include "error.h"

#include <stdarg.h>
#include <stdlib.h>

#include "alloc.h"
#include "buf.h"

static const struct {
	const char *slug;
	int exit_code;
} table[LETS_ERR_COUNT] = {
	[LETS_OK] = {"", 0},
	[E_NOT_FOUND] = {"not_found", 1},
	[E_OVER_CAP] = {"over_cap", 1},
	[E_INVALID_PATTERN] = {"invalid_pattern", 1},
	[E_EXISTS] = {"exists", 1},
	[E_EMPTY_INPUT] = {"empty_input", 1},
	[E_EMPTY_FILE] = {"empty_file", 1},
	[E_MIXED_ENDINGS] = {"mixed_endings", 1},
	[E_NO_GRAMMAR] = {"no_grammar", 1},
	[E_UPDATE_AVAILABLE] = {"update_available", 1},
	[E_PATH_CONFLICT] = {"path_conflict", 1},
	[E_NOT_ON_PATH] = {"not_on_path", 1},
	[E_NO_REPOSITORY] = {"no_repository", 1},
	[E_GUESSED_SPAN] = {"guessed_span", 1},
	[E_AMBIGUOUS] = {"ambiguous", 2},
	[E_EXPECT_REFUSED] = {"expect_refused", 2},
	[E_CHECK_FAILED] = {"check_failed", 3},
	[E_OVER_BUDGET] = {"over_budget", 4},
	[E_CHANGED] = {"changed", 5},
	[E_OUTSIDE_TREE] = {"outside_tree", 6},
	[E_UNSUPPORTED_FILE] = {"unsupported_file", 7},
	[E_LOCKED] = {"locked", 7},
	[E_READ_ONLY] = {"read_only", 7},
	[E_IO_ERROR] = {"io_error", 7},
	[E_UPDATE_FAILED] = {"update_failed", 7},
	[E_PARTIAL_BATCH] = {"partial_batch", 8},
	[E_USAGE] = {"usage", 64},
};

const char *err_slug(enum lets_err e)
{
	return (unsigned)e < LETS_ERR_COUNT ? table[e].slug : "io_error";
}

int err_exit_code(enum lets_err e)
{
	return (unsigned)e < LETS_ERR_COUNT ? table[e].exit_code : 7;
}

enum lets_err diag_add(struct diag *d, enum lets_err code, const char *fmt, ...)
{
	struct buf msg = BUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	buf_vaddf(&msg, fmt, ap);
	va_end(ap);
	XGROW(d->items, d->cap, d->n + 1);
	d->items[d->n].code = code;
	d->items[d->n].message = buf_detach(&msg);
	d->n++;
	return code;
}

enum lets_err diag_first(const struct diag *d)
{
	return d->n ? d->items[0].code : LETS_OK;
}

char *diag_joined(const struct diag *d)
{
	struct buf b = BUF_INIT;
	for (size_t i = 0; i < d->n; i++) {
		if (i)
			buf_addc(&b, '\n');
		buf_adds(&b, d->items[i].message);
	}
	return buf_detach(&b);
}

void diag_release(struct diag *d)
{
	for (size_t i = 0; i < d->n; i++)
		free(d->items[i].message);
	free(d->items);
	d->items = NULL;
	d->n = d->cap = 0;
}
