/* What the CPU can do, read from what the C library already learnt at start-up. Asking the CPU
 * again (CPUID) is a trap to the hypervisor on a virtual machine — measured at 6.5 us each, where a
 * whole `lets show` of a small file takes under 1 ms — and libgcc's __builtin_cpu_supports asks it
 * a dozen times in a constructor, in every process, whether or not the process scans anything. */
#ifndef LETS_CPU_H
#define LETS_CPU_H
#include <stdbool.h>

/* The CPU executes AVX2 and the kernel saves its registers. */
bool cpu_has_avx2(void);

/* Hands BLAKE3 the instruction sets it would otherwise probe with CPUID on the first hash (three
 * traps). Call it once, before any thread starts; without it BLAKE3 probes for itself. */
void cpu_tell_blake3(void);

#endif
