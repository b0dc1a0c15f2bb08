/* The TOML validator (check_toml.c) against the transform parser's verdict: a file the validator
 * calls valid TOML is one transform can read (doc_build builds its model), so no valid file is
 * refused as unreadable and no edit works on a model of a file the validator would refuse. The
 * other way is not a property: the transform parser reads syntax only, so it takes a repeated key
 * or a redefined table the validator rightly refuses. tf_valid's TOML verdict is the validator's. */
#include <assert.h>
#include <stdio.h>

#include "check.h"
#include "file.h"
#include "fuzz.h"
#include "transform/tf.h"
#include "format/format.h"
#include "format/model.h"
#include "transform/tf_int.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 65536 || file_is_binary((const char *)data, size)) /* lets reads no such file */
		return 0;
	char *s = fuzz_cstr(data, size);
	bool valid = toml_valid(s, size);
	char detail[256];
	assert(format_valid(FMT_TOML, "f.toml", s, size, detail, sizeof(detail)) == valid);
	struct doc d = {0};
	bool read = doc_build(&d, FMT_TOML, s, size);
	if (valid && !read) {
		fprintf(stderr, "toml_valid accepts what the transform parser cannot read\n");
		abort();
	}
	doc_release(&d);
	free(s);
	return 0;
}
