/* The growable buffer (buf.h): appending keeps the bytes NUL-terminated, and reading a file
 * descriptor to its end, across reads of any size. */
#include <fcntl.h>
#include <limits.h>
#include <unistd.h>

#include "buf.h"
#include "unit.h"

/* Writes n bytes to a file and reads them back through its descriptor. */
static void read_back(const char *name, size_t n)
{
	char *want = malloc(n + 1);
	for (size_t i = 0; i < n; i++)
		want[i] = (char)('a' + i % 26);
	want[n] = 0;
	char path[] = "/tmp/t_buf.XXXXXX";
	int fd = mkstemp(path);
	if (fd < 0 || write(fd, want, n) != (ssize_t)n || lseek(fd, 0, SEEK_SET) != 0) {
		unit_long(name, -1, 0);
		if (fd >= 0)
			close(fd);
		free(want);
		return;
	}
	unlink(path);
	struct buf b = BUF_INIT;
	char what[120];
	snprintf(what, sizeof(what), "%s: returns 0", name);
	unit_long(what, buf_read_fd(&b, fd), 0);
	snprintf(what, sizeof(what), "%s: every byte", name);
	unit_bytes(what, buf_str(&b), b.len, want);
	snprintf(what, sizeof(what), "%s: NUL-terminated", name);
	unit_long(what, buf_str(&b)[b.len], 0);
	close(fd);
	buf_release(&b);
	free(want);
}

/* buf_add_num against printf's "%*ld", the bytes it replaces, appended after text already there. */
static void num(long n, size_t width)
{
	char want[64];
	snprintf(want, sizeof(want), "x%*ld", (int)width, n);
	struct buf b = BUF_INIT;
	buf_addc(&b, 'x');
	buf_add_num(&b, n, width);
	unit_check(b.len == strlen(want) && !memcmp(b.data, want, b.len) && !b.data[b.len],
		   "buf_add_num(%ld, width %zu) is \"%s\"", n, width, want + 1);
	buf_release(&b);
}

int main(void)
{
	unit_begin("t_buf");
	read_back("buf_read_fd: an empty file", 0);
	read_back("buf_read_fd: one byte", 1);
	read_back("buf_read_fd: more than one read's worth", 200000);

	struct buf b = BUF_INIT;
	buf_adds(&b, "kept ");
	unit_long("buf_read_fd: a closed descriptor fails", buf_read_fd(&b, -1), -1);
	unit_bytes("buf_read_fd: what came before a failure stays", buf_str(&b), b.len, "kept ");
	buf_release(&b);

	const long nums[] = {0, 1, 9, 10, 99, 100, 99999, 4294967295L, -1, -10, LONG_MAX, LONG_MIN};
	const size_t widths[] = {0, 1, 3, 5, 12, 25};
	for (size_t i = 0; i < sizeof(nums) / sizeof(nums[0]); i++)
		for (size_t w = 0; w < sizeof(widths) / sizeof(widths[0]); w++)
			num(nums[i], widths[w]);
	/* many appends: the buffer grows under them and stays NUL-terminated */
	struct buf many = BUF_INIT;
	for (long i = 0; i < 5000; i++)
		buf_add_num(&many, i, 4);
	unit_check(many.len == 5000 * 4 && !memcmp(many.data + 4 * 4999, "4999", 4) && !many.data[many.len],
		   "buf_add_num: 5000 appends grow the buffer");
	buf_release(&many);
	return unit_end();
}
