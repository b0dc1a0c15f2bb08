/* The floor under `show-file` (bench/run.sh): the least a static glibc program can do to print a
 * file — open, one read, one write — linked as lets is (static-pie). Its ratio to cat is the best
 * ratio lets could reach: glibc's start-up asks the CPU for its cache geometry with 68 CPUID
 * instructions (counted under gdb on an Intel Xeon VM), each a trap to the hypervisor there. */
#include <fcntl.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	static char buf[1 << 16];
	int fd = argc > 1 ? open(argv[1], O_RDONLY) : -1;
	if (fd < 0)
		return 1;
	ssize_t n;
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		if (write(1, buf, (size_t)n) != n)
			return 1;
	return n < 0;
}
