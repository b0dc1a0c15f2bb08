/* hook classify's shell-command classifier: one command line as an agent's Bash tool would send
 * it. It must never crash, and a block always names a lets command. */
#include "buf.h"
#include "fuzz.h"
#include "hook/classify.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct buf why = BUF_INIT;
	if (classify_command((const char *)data, size, &why) && !strstr(buf_str(&why), "\nrun: lets "))
		abort();
	buf_release(&why);
	return 0;
}
