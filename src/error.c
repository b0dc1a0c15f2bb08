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

/* What each failure means, one line for the manual page's EXIT STATUS (tools/gen-man.c); a code
 * with no line here fails the unit test that walks the enum. */
static const char *const means[LETS_ERR_COUNT] = {
	[LETS_OK] = "done",
	[E_NOT_FOUND] =
		"a target, --old or a pattern matched nothing; the nearest candidate is shown where one exists",
	[E_OVER_CAP] = "find had more hits than its cap and printed the top-files map instead",
	[E_INVALID_PATTERN] = "the regex does not parse",
	[E_EXISTS] = "write would overwrite an existing file; pass --force",
	[E_EMPTY_INPUT] = "write got empty stdin; pass --empty",
	[E_EMPTY_FILE] = "edit's --old matched nothing because the file is empty",
	[E_MIXED_ENDINGS] = "a multi-line --old in a file that mixes CRLF and LF line endings",
	[E_NO_GRAMMAR] = "a #symbol target on a file with no grammar and no plaintext match",
	[E_UPDATE_AVAILABLE] = "update --check found a newer release; nothing was installed",
	[E_PATH_CONFLICT] = "a different lets comes first on PATH; nothing was written",
	[E_NOT_ON_PATH] = "no lets is reachable on PATH, so a hook could not run it",
	[E_NO_REPOSITORY] = "update: this build names no release repository",
	[E_GUESSED_SPAN] = "edit --insert-after on a plaintext symbol whose end is a guess",
	[E_AMBIGUOUS] = "the target, --old or a selector matched more than once; every candidate is listed",
	[E_EXPECT_REFUSED] = "--expect could not confirm the range, or its content differs from the file",
	[E_CHECK_FAILED] = "the check failed after the edit; the file was reverted and is unchanged",
	[E_OVER_BUDGET] = "content exceeded --max-bytes and no --budget was given",
	[E_CHANGED] = "the file changed since the --if sha it was given",
	[E_OUTSIDE_TREE] = "a target or write is outside the working tree; pass --allow-outside",
	[E_UNSUPPORTED_FILE] =
		"binary, hardlinked, not UTF-8, too large, a directory, or not a structured format",
	[E_LOCKED] = "another lets holds the file's lock past the 2-second retry",
	[E_READ_ONLY] = "the file lacks the owner-write bit",
	[E_IO_ERROR] = "any other I/O failure",
	[E_UPDATE_FAILED] =
		"update: no release for this platform, a download failed or did not match SHA256SUMS, or the new binary did not run",
	[E_PARTIAL_BATCH] = "some files of a batch landed; the footer names which",
	[E_USAGE] = "the command line, or a --from batch, is malformed",
};

const char *err_means(enum lets_err e)
{
	return (unsigned)e < LETS_ERR_COUNT ? means[e] : NULL;
}

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
