/* alloc.h's growth checks: a size that overflows size_t aborts with a message, as out of memory
 * does, instead of wrapping into a small allocation (or, for the doubling, into a loop that never
 * ends); sizes that fit still grow as before. buf_reserve carries the same check. Each case runs in
 * a child that must end within a second without returning; where the size itself overflows, it
 * dies of SIGABRT saying so. (A size that fits but cannot be had fails as out of memory: under
 * ASan that is ASan's report, so those cases only ask that the child end.) */
#include <signal.h>
#include <stdint.h>
#include <sys/wait.h>
#include <unistd.h>

#include "alloc.h"
#include "buf.h"
#include "unit.h"

enum what { GROW_WRAPS_DOUBLING, GROW_BYTES_OVERFLOW, GROW_HUGE_ELEMENT, ADD, RESERVE };

static void in_child(enum what w)
{
	void *p = NULL;
	size_t cap = 0;
	struct buf b = BUF_INIT;
	switch (w) {
	/* doubling from 8 passes 2^63 and wraps to 0, which doubles to 0 for ever */
	case GROW_WRAPS_DOUBLING: xgrow(&p, &cap, SIZE_MAX / 2 + 2, 1); break;
	/* 2^60 elements of 16 bytes are 2^64 bytes: 0, a 1-byte block holding "2^60" */
	case GROW_BYTES_OVERFLOW: xgrow(&p, &cap, SIZE_MAX / 16 + 1, 16); break;
	/* the first capacity, 8, of a 2^61-byte element is 2^64 bytes: 0 */
	case GROW_HUGE_ELEMENT: xgrow(&p, &cap, 1, (size_t)1 << 61); break;
	case ADD: xadd(SIZE_MAX, 1); break;
	case RESERVE:
		buf_adds(&b, "x");
		buf_reserve(&b, SIZE_MAX - 1);
		break;
	}
	_exit(0); /* survived: the check is missing */
}

/* Runs w in a child with stderr into a pipe: true when it ended within a second without returning
 * and, with say_overflow, died of SIGABRT saying the size overflows. */
static bool aborts(enum what w, bool say_overflow)
{
	int fds[2];
	if (pipe(fds))
		return false;
	pid_t pid = fork();
	if (pid == 0) {
		dup2(fds[1], STDERR_FILENO);
		close(fds[0]);
		alarm(1);
		in_child(w);
	}
	close(fds[1]);
	char msg[4096] = {0};
	size_t n = 0;
	for (ssize_t r; n + 1 < sizeof(msg) && (r = read(fds[0], msg + n, sizeof(msg) - 1 - n)) > 0;)
		n += (size_t)r;
	close(fds[0]);
	int status = 0;
	waitpid(pid, &status, 0);
	bool ended = !(WIFEXITED(status) && WEXITSTATUS(status) == 0) &&
		     !(WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM);
	return ended &&
	       (!say_overflow || (strstr(msg, "lets: out of memory: the size ") && strstr(msg, "overflows") &&
				  WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT));
}

int main(void)
{
	unit_begin("alloc");
	unit_check(aborts(GROW_WRAPS_DOUBLING, false),
		   "xgrow: a need past the last doubling ends, not loops");
	unit_check(aborts(GROW_BYTES_OVERFLOW, true), "xgrow: need * elem past size_t aborts");
	unit_check(aborts(GROW_HUGE_ELEMENT, false),
		   "xgrow: the first capacity of a huge element is not wrapped");
	unit_check(aborts(ADD, true), "xadd: a sum past size_t aborts");
	unit_check(aborts(RESERVE, true), "buf_reserve: len + extra past size_t aborts");

	int *v = NULL;
	size_t cap = 0;
	XGROW(v, cap, 1);
	unit_long("xgrow: the first capacity is 8", (long)cap, 8);
	XGROW(v, cap, 9);
	unit_long("xgrow: then it doubles", (long)cap, 16);
	XGROW(v, cap, 100);
	unit_long("xgrow: as often as need asks", (long)cap, 128);
	v[127] = 1;
	free(v);
	unit_long("xadd: a sum that fits", (long)xadd(40, 2), 42);
	return unit_end();
}
