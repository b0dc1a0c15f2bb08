/* transform's key-path parser (--set/--delete/--append arguments): the first byte chooses whether
 * a value must follow; the rest is the argument. The parsed path is printed back, and a value is
 * parsed as transform would parse it. */
#include "buf.h"
#include "fuzz.h"
#include "transform/tf_int.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!size)
		return 0;
	bool want_value = data[0] & 1;
	char *s = fuzz_cstr(data + 1, size - 1);
	struct tpath p = TPATH_INIT;
	struct diag d = DIAG_INIT;
	if (tpath_parse(&p, s, want_value, want_value ? "--set <SET>" : "--delete <DELETE>", &d) == LETS_OK) {
		struct buf b = BUF_INIT;
		tpath_print(&b, &p, p.n);
		buf_release(&b);
		if (p.value) {
			struct tv v = TV_INIT;
			tv_parse(&v, p.value, p.value_len);
			tv_release(&v);
		}
	}
	tpath_release(&p);
	diag_release(&d);
	free(s);
	return 0;
}
