/* The file-facts layer over arbitrary bytes: binary sniffing, the line index and its invariants,
 * line lookup, display (lossy UTF-8, cut long lines) and the sha. */
#include <assert.h>

#include "buf.h"
#include "file.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct file f = FILE_INIT;
	f.data = fuzz_cstr(data, size);
	f.size = size;
	file_is_binary(f.data, f.size);
	file_index(&f);
	assert(f.line_start[0] == 0 || f.n_lines == 0);
	assert(f.line_start[f.n_lines] == f.size);
	struct buf b = BUF_INIT;
	for (size_t n = 1; n <= f.n_lines; n++) {
		const char *text;
		size_t len = file_line(&f, n, &text);
		assert(text >= f.data && text + len <= f.data + f.size);
		bool lossy, cut;
		buf_truncate(&b, 0);
		file_line_display(&b, &f, n, &lossy, &cut);
	}
	file_line_at(&f, size / 2);
	file_sha(&f);
	file_crlf(&f);
	buf_release(&b);
	file_release(&f);
	return 0;
}
