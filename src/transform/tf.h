/* lets transform's engine: structured edits of JSON (JSONC), YAML, TOML and Markdown frontmatter
 * as byte splices on a concrete syntax tree. Pure: bytes and operations in, new bytes and the
 * changed lines out; no file, lock or output is touched here.
 *
 * Invariants of tf_apply's result:
 *  - every byte outside the spans an operation names is the byte it was: the new content is
 *    always built as old[0..start) + replacement + old[end..), one splice at a time;
 *  - nothing is re-serialised: an existing value's neighbours keep their quoting, spacing,
 *    comments and separators; a new value is written in the style of the container it joins;
 *  - operations apply in the order given, each on the bytes the previous one produced;
 *  - the caller confirms the result with the format's verdict (format_valid) before it writes
 *    anything. */
#ifndef LETS_TRANSFORM_TF_H
#define LETS_TRANSFORM_TF_H
#include <stdbool.h>
#include <stddef.h>

#include "../error.h"
#include "../format/format.h"
#include "../output.h"

enum tf_op_kind { TF_SET, TF_DELETE, TF_APPEND };

/* One operation as typed: "a.b[0]=value" for set/append, "a.b" for delete. */
struct tf_op {
	enum tf_op_kind kind;
	const char *arg; /* borrowed */
	bool json; /* the value is JSON as written (a batch's object form): a string stays a string */
};

/* A line of the region: number in the new file; MK_DELETED lines carry the removed text and the
 * number of the line that now follows them. */
struct tf_mark {
	long line;
	enum marker mk;
	char *text; /* owned; MK_DELETED only */
	size_t len;
	size_t seq; /* order among deleted lines at one position */
};

struct tf_result {
	char *data; /* owned; the new bytes */
	size_t len;
	char **keys; /* owned; per operation, the key path as resolved ("plugins[2].version") */
	long *lines; /* per operation: the line its key sits on in the new file */
	long *aliases; /* per operation: the YAML aliases its change reached (through their anchor) */
	size_t n_ops;
	struct tf_mark *marks; /* sorted by line, deleted lines before the line they precede */
	size_t n_marks;
	struct omits resolved; /* OM_SELECTOR_RESOLVED, one per selector, in order */
};
#define TF_RESULT_INIT \
	{              \
		0      \
	}

/* The key path of op, parsed and thrown away: usage (or a leading dot's not_found) before any
 * file is read. */
enum lets_err tf_op_check(const struct tf_op *op, struct diag *d);
/* Applies ops to src in order. path names the file in messages. On failure the message is in d
 * with the spec's slug (not_found, ambiguous, unsupported_file, usage) and r is left empty. */
enum lets_err tf_apply(enum format f, const char *path, const char *src, size_t len, const struct tf_op *ops,
		       size_t n_ops, struct tf_result *r, struct diag *d);
void tf_result_release(struct tf_result *r);

#endif
