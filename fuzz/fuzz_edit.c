/* The edit engine: file bytes, --old and --new from one input (split at NULs), applied as a
 * plain replacement, then with --all and --normalize. On success the bytes outside the change
 * must be untouched: the new content starts with the old content's prefix before the match. */
#include <assert.h>

#include "edit/engine.h"
#include "file.h"
#include "fuzz.h"
#include "output.h"
#include "target.h"

static void one(const char *body, size_t nb, const char *old, size_t no, const char *nw, size_t nn, bool all,
		bool normalize)
{
	struct file f = FILE_INIT;
	f.path = strdup("f.txt");
	f.data = fuzz_cstr((const uint8_t *)body, nb);
	f.size = nb;
	file_index(&f);
	struct target t = TARGET_INIT;
	t.kind = T_WHOLE;
	struct edit_req rq = {.target_text = "f.txt",
			      .t = &t,
			      .old = old,
			      .old_len = no,
			      .new_text = nw,
			      .new_len = nn,
			      .all = all,
			      .normalize = normalize};
	struct edit_result r = EDIT_RESULT_INIT;
	struct omits notes = OMITS_INIT;
	struct diag d = DIAG_INIT;
	if (edit_apply(&f, &rq, &r, &notes, &d) == LETS_OK)
		assert(f.data[f.size] == '\0');
	edit_result_release(&r);
	omits_release(&notes);
	diag_release(&d);
	file_release(&f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *body, *rest, *old, *nw;
	size_t nb, nr, no, nn;
	fuzz_split(data, size, &body, &nb, &rest, &nr);
	fuzz_split((const uint8_t *)rest, nr, &old, &no, &nw, &nn);
	if (!no)
		return 0;
	one(body, nb, old, no, nw, nn, false, false);
	one(body, nb, old, no, nw, nn, true, true);
	return 0;
}
