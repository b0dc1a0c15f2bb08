/* The gitignore glob matcher: a pattern and a path, split at the first NUL. */
#include "fuzz.h"
#include "ignore.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *pat, *text;
	size_t np, nt;
	fuzz_split(data, size, &pat, &np, &text, &nt);
	ignore_wildmatch(pat, np, text, nt);
	return 0;
}
