/* The fence and JSONL batch parsers (edit --from -): any bytes, never a crash or a leak. */
#include "batch.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct batch b = BATCH_INIT;
	struct diag d = DIAG_INIT;
	batch_parse(&b, (const char *)data, size, &d);
	batch_release(&b);
	diag_release(&d);
	return 0;
}
