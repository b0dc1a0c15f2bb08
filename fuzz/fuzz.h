/* Shared by the libFuzzer harnesses: each defines LLVMFuzzerTestOneInput over one parser or
 * engine of lets, with no I/O beyond what that module does itself. */
#ifndef LETS_FUZZ_H
#define LETS_FUZZ_H
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A NUL-terminated copy of the input; caller frees. */
static inline char *fuzz_cstr(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	if (size)
		memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

/* Splits the input at its first NUL into two byte slices (the second empty when there is none). */
static inline void fuzz_split(const uint8_t *data, size_t size, const char **a, size_t *na, const char **b,
			      size_t *nb)
{
	const uint8_t *z = memchr(data, 0, size);
	*a = (const char *)data;
	*na = z ? (size_t)(z - data) : size;
	*b = z ? (const char *)z + 1 : (const char *)data + size;
	*nb = z ? size - *na - 1 : 0;
}

#endif
