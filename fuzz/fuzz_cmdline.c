/* lets stats' command-line reader: one Bash command as a transcript holds it (untrusted: any
 * bytes, unbalanced quotes, heredocs that never end, nested sh -c). It must never crash or
 * loop, and each call it finds is a verb of the table with a count of targets. */
#include "fuzz.h"
#include "hook/cmdline.h"
#include "verbs.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cmdline_calls calls = CMDLINE_CALLS_INIT;
	cmdline_lets_calls((const char *)data, size, &calls);
	for (size_t i = 0; i < calls.n; i++)
		if (calls.v[i].verb < verb_table || calls.v[i].verb >= verb_table + verb_count ||
		    calls.v[i].targets < 0)
			abort();
	cmdline_calls_release(&calls);
	return 0;
}
