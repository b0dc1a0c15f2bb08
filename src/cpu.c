#include "cpu.h"

#if defined(__x86_64__) && defined(__has_include)
#if __has_include(<sys/platform/x86.h>) /* glibc 2.33 and later */
#define CPU_FROM_LIBC 1
#endif
#endif

#if defined(CPU_FROM_LIBC)
#include <sys/platform/x86.h>

/* blake3_dispatch.c's feature bits and the variable it reads before probing, public because the
 * build compiles that file with BLAKE3_TESTING (its hook for setting them). GCC gives an enum whose
 * values are all non-negative the type unsigned int. t_cpu checks these bits against BLAKE3's own
 * probe, so a BLAKE3 that renumbers them fails the suite instead of running the wrong code. */
enum {
	BLAKE3_SSE2 = 1 << 0,
	BLAKE3_SSSE3 = 1 << 1,
	BLAKE3_SSE41 = 1 << 2,
	BLAKE3_AVX = 1 << 3,
	BLAKE3_AVX2 = 1 << 4,
	BLAKE3_AVX512F = 1 << 5,
	BLAKE3_AVX512VL = 1 << 6,
};
extern unsigned int g_cpu_features;

/* CPU_FEATURE_ACTIVE as <sys/platform/x86.h> defines it, but shifting an unsigned 1: glibc 2.36's
 * (1 << bit) overflows int for bit 31 (AVX512VL), undefined behaviour the sanitizers stop on.
 * "Active" is glibc's word for usable: the CPU has it and the OS saves its state. */
static bool active(unsigned int index)
{
	const unsigned int per_leaf = 8 * sizeof(unsigned int) * 4, per_reg = 8 * sizeof(unsigned int);
	const struct cpuid_feature *leaf = __x86_get_cpuid_feature_leaf(index / per_leaf);
	unsigned int bit = index % per_leaf;
	return leaf->active_array[bit / per_reg] & (1u << (bit % per_reg));
}
#define ACTIVE(name) active(x86_cpu_##name)

bool cpu_has_avx2(void)
{
	return ACTIVE(AVX2);
}

void cpu_tell_blake3(void)
{
	unsigned int f = BLAKE3_SSE2; /* every x86-64 CPU has it, and BLAKE3 assumes so */
	if (ACTIVE(SSSE3))
		f |= BLAKE3_SSSE3;
	if (ACTIVE(SSE4_1))
		f |= BLAKE3_SSE41;
	if (ACTIVE(AVX))
		f |= BLAKE3_AVX;
	if (ACTIVE(AVX2))
		f |= BLAKE3_AVX2;
	if (ACTIVE(AVX512F))
		f |= BLAKE3_AVX512F;
	if (ACTIVE(AVX512VL))
		f |= BLAKE3_AVX512VL;
	g_cpu_features = f;
}
#else
bool cpu_has_avx2(void)
{
#if defined(__x86_64__) && defined(__GNUC__)
	__builtin_cpu_init();
	return __builtin_cpu_supports("avx2");
#else
	return false;
#endif
}

void cpu_tell_blake3(void)
{
}
#endif
