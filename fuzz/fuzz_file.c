/* The file-facts layer over arbitrary bytes: binary sniffing, the line index and its invariants,
 * line lookup, display (lossy UTF-8, cut long lines) and the sha; and the lazy index
 * (file_index_lazy), which must answer every lookup as the full one does, in the order the input's
 * own bytes pick. */
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
	struct file lazy = FILE_INIT;
	lazy.data = f.data;
	lazy.size = f.size;
	file_index_lazy(&lazy);
	assert(lazy.n_lines == f.n_lines);
	for (size_t i = 0; i + 1 < size && i < 512; i += 2) {
		size_t n = 1 + ((size_t)data[i] << 8 | data[i + 1]) * 131 % (f.n_lines + 1);
		size_t at = ((size_t)data[i + 1] << 8 | data[i]) * 257 % (f.size + 1);
		assert(file_line_offset(&lazy, n) == file_line_offset(&f, n));
		assert(file_row_at(&lazy, at) == file_row_at(&f, at));
		assert(file_line_at(&lazy, at) == file_line_at(&f, at));
	}
	lazy.data = NULL;
	file_release(&lazy);
	file_sha(&f);
	file_crlf(&f);
	buf_release(&b);
	file_release(&f);
	return 0;
}
