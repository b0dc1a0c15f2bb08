/* The growable buffer (buf.h): appending keeps the bytes NUL-terminated, and reading a file
 * descriptor to its end, across reads of any size. */
#include <fcntl.h>
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
	return unit_end();
}
