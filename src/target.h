/* The target grammar spoken by show, edit and transform:
 *   path | path:N | path:N-M | path@'regex' | path@'regex'+N | path#name | path#Outer.inner
 * A string naming an existing file is a path, whatever metacharacters it holds. Otherwise the
 * longest prefix ending right before '#', '@' or ':' that names an existing file and leaves a
 * well-formed suffix wins; else the four typing habits are diagnosed (:40,60  :40:60  :name
 * @word); else the string splits at its last well-formed suffix and the path part gets the
 * plain OS error. */
#ifndef LETS_TARGET_H
#define LETS_TARGET_H
#include <stdbool.h>

#include "symbols/symbols.h"
#include "error.h"

struct buf;
struct file;
struct worktree;

enum target_kind { T_WHOLE, T_LINES, T_REGEX, T_SYMBOL };

struct target {
	char *text; /* owned; as typed */
	char *path; /* owned; the file part */
	enum target_kind kind;
	long first, last; /* T_LINES: first..last (equal for :N) */
	char *regex; /* T_REGEX: the pattern between the quotes */
	long nth; /* T_REGEX: which match, 1-based */
	bool nth_typed; /* T_REGEX: +N was typed (else nth is 1 by default) */
	char *symbol; /* T_SYMBOL: the name, quotes stripped */
};
#define TARGET_INIT \
	{           \
		0   \
	}

/* Splits text into path and suffix. A text that names no file and starts with a $'…' word is
 * read with that word decoded (out_path_text's form, output.h) and the rest as typed. Records not_found with a diagnosis or the OS message when
 * the path part names no file; a directory is left for file_load to refuse. */
enum lets_err target_parse(struct target *t, const char *text, struct diag *d);
/* target_parse, then the working-tree boundary on the path part (on the whole text when no
 * path part was found): a path outside the tree is outside_tree whether or not it exists, as the
 * exit table orders them. */
enum lets_err target_parse_bounded(struct target *t, const char *text, const struct worktree *w,
				   bool allow_outside, struct diag *d);
/* Parses only a suffix ("@'re'+2", "#name", ":4"). */
bool target_parse_suffix(struct target *t, const char *suffix);
/* Parses an insert anchor: @'regex'[+N], #name, or @regex[+N] — the quoted form as a shell leaves
 * it when the quotes were not escaped (a regex ending in +digits must then be quoted). */
bool target_parse_anchor(struct target *t, const char *anchor);
void target_release(struct target *t);

/* Every line of f that t's regex (T_REGEX, +N aside) matches, ascending, into *lines (owned by
 * the caller) and *n, retried grep-style as target_resolve does. None is not_found, recorded in d
 * as target_resolve records it; so are invalid_pattern and the match limit. */
enum lets_err target_regex_lines(const struct target *t, struct file *f, long **lines, size_t *n,
				 struct buf *read_as, struct diag *d);

/* Resolves t against f. A regex with no hit is retried as grep reads it (a BRE); when that
 * reading is what matched, it is appended to read_as (NULL: not wanted), for the caller to name
 * (the grep_style omission); read_as is left as it was otherwise. Failures (not_found, ambiguous,
 * no_grammar, invalid_pattern) are recorded in d. */
enum lets_err target_resolve(const struct target *t, struct file *f, struct target_span *out,
			     struct buf *read_as, struct diag *d);

#endif
