/* The failure table (error.h): every failure has a slug, an exit code the manual documents, and a
 * meaning line for the manual page's EXIT STATUS, so a failure added to the enum without them
 * fails here rather than printing an empty row in lets.1. */
#include "error.h"
#include "unit.h"

int main(void)
{
	unit_begin("t_error");
	for (int e = 1; e < LETS_ERR_COUNT; e++) {
		const char *slug = err_slug((enum lets_err)e);
		const char *means = err_means((enum lets_err)e);
		int code = err_exit_code((enum lets_err)e);
		unit_check(slug && *slug, "failure %d has a slug", e);
		unit_check(means && *means, "%s has a meaning line", slug);
		unit_check((code >= 1 && code <= 8) || code == 64, "%s exits 1-8 or 64 (got %d)", slug, code);
	}
	unit_str("LETS_OK's slug", err_slug(LETS_OK), "");
	unit_check(err_exit_code(LETS_OK) == 0, "LETS_OK exits 0");
	unit_check(err_means(LETS_ERR_COUNT) == NULL, "past the table: no meaning");
	unit_str("usage's slug", err_slug(E_USAGE), "usage");
	unit_check(err_exit_code(E_USAGE) == 64, "usage exits 64");
	return unit_end();
}
