#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* pipe2, clock_gettime */
#endif
#include "proc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* In the child: fd becomes target, open across exec. dup2 leaves its copy without FD_CLOEXEC, but
 * a descriptor that already is the target keeps its own flag (lets's descriptors all have it), so
 * that one is cleared. */
static void onto(int fd, int target)
{
	if (fd == target)
		fcntl(target, F_SETFD, 0);
	else
		dup2(fd, target);
}

/* In the child, before exec: what lets set for itself goes back to what a program expects. lets
 * ignores SIGPIPE (a closed stdout is success), and an ignored signal stays ignored across exec: a
 * checker's `yes | head -1` would loop on EPIPE instead of ending. A signal blocked for a publish
 * would stay blocked too. Every descriptor lets opens has O_CLOEXEC, /dev/null here included, so
 * the program gets 0-2 and what lets itself was given, nothing of lets's own. */
static void child_setup(int out)
{
	sigset_t none;
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	signal(SIGPIPE, SIG_DFL);
	int null = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (null >= 0)
		onto(null, 0);
	onto(out, 1);
}

/* Runs `sh -c cmd` (cmd set: stdout and stderr captured) or argv with no shell (stderr left on
 * lets's own), in its own process group, as proc.h says. */
static void spawn(const char *cmd, char *const argv[], const char *dir, long timeout_s, struct proc_result *r)
{
	r->status = -1;
	r->timed_out = false;
	int p[2];
	if (pipe2(p, O_CLOEXEC) < 0)
		return;
	pid_t pid = fork();
	if (pid < 0) {
		close(p[0]);
		close(p[1]);
		return;
	}
	if (pid == 0) {
		setpgid(0, 0);
		child_setup(p[1]);
		if (cmd)
			onto(p[1], 2);
		if (dir && chdir(dir) < 0)
			_exit(127);
		if (cmd)
			execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		else
			execvp(argv[0], argv);
		_exit(127);
	}
	/* Set it from both sides so a kill right after fork already reaches the group. */
	setpgid(pid, pid);
	close(p[1]);
	long deadline = now_ms() + timeout_s * 1000;
	bool open_pipe = true;
	int wstatus = 0;
	bool reaped = false;
	while (!reaped) {
		long left = deadline - now_ms();
		if (left <= 0) {
			r->timed_out = true;
			kill(-pid, SIGKILL);
			break;
		}
		if (open_pipe) {
			struct pollfd pfd = {p[0], POLLIN, 0};
			int n = poll(&pfd, 1, left > 100 ? 100 : (int)left);
			if (n > 0) {
				char chunk[8192];
				ssize_t got = read(p[0], chunk, sizeof(chunk));
				if (got > 0) {
					size_t room = PROC_OUTPUT_MAX > r->output.len
							      ? PROC_OUTPUT_MAX - r->output.len
							      : 0;
					buf_add(&r->output, chunk, (size_t)got < room ? (size_t)got : room);
				} else if (got == 0 || errno != EINTR) {
					open_pipe = false;
				}
			}
		} else {
			struct timespec nap = {0, 5 * 1000 * 1000};
			nanosleep(&nap, NULL);
		}
		pid_t w = waitpid(pid, &wstatus, WNOHANG);
		if (w == pid)
			reaped = true;
	}
	if (!reaped) {
		while (waitpid(pid, &wstatus, 0) < 0 && errno == EINTR)
			;
	} else {
		/* The checker is done; anything it left running in its group goes with it. */
		kill(-pid, SIGKILL);
	}
	close(p[0]);
	if (r->timed_out)
		r->status = 128 + SIGKILL;
	else if (WIFEXITED(wstatus))
		r->status = WEXITSTATUS(wstatus);
	else if (WIFSIGNALED(wstatus))
		r->status = 128 + WTERMSIG(wstatus);
}

void proc_run(const char *cmd, const char *dir, long timeout_s, struct proc_result *r)
{
	spawn(cmd, NULL, dir, timeout_s, r);
}

void proc_exec(char *const argv[], long timeout_s, struct proc_result *r)
{
	spawn(NULL, argv, NULL, timeout_s, r);
}

void proc_result_release(struct proc_result *r)
{
	buf_release(&r->output);
}

bool proc_on_path(const char *prog)
{
	const char *path = getenv("PATH");
	if (!path)
		return false;
	struct buf full = BUF_INIT;
	bool found = false;
	for (const char *p = path; !found;) {
		const char *colon = strchr(p, ':');
		size_t n = colon ? (size_t)(colon - p) : strlen(p);
		buf_truncate(&full, 0);
		if (n)
			buf_add(&full, p, n);
		else
			buf_addc(&full, '.');
		buf_addf(&full, "/%s", prog);
		found = access(full.data, X_OK) == 0;
		if (!colon)
			break;
		p = colon + 1;
	}
	buf_release(&full);
	return found;
}
