/* The CPU facts lets reads from glibc instead of CPUID (cpu.h), each against the probe it replaces:
 * cpu_has_avx2 against libgcc's __builtin_cpu_supports, and the bits cpu_tell_blake3 hands BLAKE3
 * against BLAKE3's own CPUID probe (get_cpu_features, public under BLAKE3_TESTING), so a BLAKE3
 * that renumbered its bits, or a glibc that named a feature differently, fails here. And the hash
 * is the same either way. */
#include <string.h>

#include "cpu.h"
#include "file.h"
#include "unit.h"

#if defined(__x86_64__) && defined(__has_include)
#if __has_include(<sys/platform/x86.h>)
#define CPU_FROM_LIBC 1
#endif
#endif

#if defined(CPU_FROM_LIBC)
extern unsigned int g_cpu_features;
unsigned int get_cpu_features(void);
#define BLAKE3_UNDEFINED (1u << 30)
#endif

int main(void)
{
	unit_begin("cpu");
#if defined(__x86_64__) && defined(__GNUC__)
	__builtin_cpu_init();
	unit_check(cpu_has_avx2() == (__builtin_cpu_supports("avx2") != 0), "avx2: glibc %d, libgcc %d",
		   cpu_has_avx2(), __builtin_cpu_supports("avx2") != 0);
#endif
#if defined(CPU_FROM_LIBC)
	char probed_sha[13], told_sha[13];
	static const char text[] = "a line the BLAKE3 of which the show header prints\n";
	g_cpu_features = BLAKE3_UNDEFINED;
	unsigned int probed = get_cpu_features();
	sha12(text, strlen(text), probed_sha);
	cpu_tell_blake3();
	unsigned int told = g_cpu_features;
	unit_check(told == probed, "blake3 features: told %#x, BLAKE3's probe %#x", told, probed);
	unit_check(told != BLAKE3_UNDEFINED && (told & 1), "blake3 features are set (%#x)", told);
	sha12(text, strlen(text), told_sha);
	unit_str("hash with told features", told_sha, probed_sha);
	/* control: a 1 MiB input takes the SIMD many-chunk path the features choose */
	static char big[1 << 20];
	for (size_t i = 0; i < sizeof(big); i++)
		big[i] = (char)(i * 131 + (i >> 9));
	g_cpu_features = 1; /* SSE2 only */
	sha12(big, sizeof(big), probed_sha);
	cpu_tell_blake3();
	sha12(big, sizeof(big), told_sha);
	unit_str("1 MiB hash: SSE2 against the told features", told_sha, probed_sha);
#endif
	return unit_end();
}
