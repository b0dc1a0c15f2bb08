/* The target grammar: suffix parsing (pure) and the full split against the current directory. */
#include "fuzz.h"
#include "target.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_cstr(data, size);
	struct target t = TARGET_INIT;
	target_parse_suffix(&t, s);
	target_release(&t);
	struct diag d = DIAG_INIT;
	target_parse(&t, s, &d);
	target_release(&t);
	diag_release(&d);
	free(s);
	return 0;
}
