#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* pipe2, clock_gettime */
#endif
#include "proc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* The limit of open files lets was started with, read once before proc_raise_nofile first raises
 * it; given_nofile_read says it is there for child_setup to put back. Process state, as the limit
 * itself is: an MCP session raises it once for all its calls. */
static struct rlimit given_nofile;
static atomic_bool given_nofile_read;
static pthread_once_t given_nofile_once = PTHREAD_ONCE_INIT;

static void read_given_nofile(void)
{
	if (getrlimit(RLIMIT_NOFILE, &given_nofile) == 0)
		atomic_store(&given_nofile_read, true);
}

bool proc_raise_nofile(void)
{
	pthread_once(&given_nofile_once, read_given_nofile);
	struct rlimit rl;
	if (getrlimit(RLIMIT_NOFILE, &rl) < 0)
		return false;
	rl.rlim_cur = rl.rlim_max;
	return setrlimit(RLIMIT_NOFILE, &rl) == 0;
}

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
	if (atomic_load(&given_nofile_read)) {
		/* the soft limit back, under the hard limit as it is now (never raised, maybe lowered) */
		struct rlimit rl;
		if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && given_nofile.rlim_cur < rl.rlim_cur) {
			rl.rlim_cur = given_nofile.rlim_cur;
			setrlimit(RLIMIT_NOFILE, &rl);
		}
	}
	int null = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (null >= 0)
		onto(null, 0);
	onto(out, 1);
}

/* The signals that stop lets, each but those lets was started ignoring: while a checker runs they
 * are held and read from a signalfd, so the checker's group can be killed before lets goes. */
static int stop_signals(sigset_t *set, sigset_t *old_mask)
{
	static const int sigs[] = {SIGTERM, SIGINT, SIGHUP};
	sigemptyset(set);
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		struct sigaction sa;
		if (sigaction(sigs[i], NULL, &sa) == 0 && sa.sa_handler != SIG_IGN)
			sigaddset(set, sigs[i]);
	}
	sigprocmask(SIG_BLOCK, set, old_mask);
	return signalfd(-1, set, SFD_CLOEXEC | SFD_NONBLOCK);
}

/* Reads the checker's output until it exits or the deadline passes (then its group is killed),
 * and reaps it into *wstatus. Returns the stop signal that arrived meanwhile (the group killed
 * and reaped first), or 0. */
static int wait_child(pid_t pid, int out, int sigfd, long timeout_s, struct proc_result *r, int *wstatus)
{
	long deadline = now_ms() + timeout_s * 1000;
	bool open_pipe = true, reaped = false;
	int caught = 0;
	while (!reaped && !caught) {
		long left = deadline - now_ms();
		if (left <= 0) {
			r->timed_out = true;
			kill(-pid, SIGKILL);
			break;
		}
		struct pollfd pfd[2] = {{sigfd, POLLIN, 0}, {open_pipe ? out : -1, POLLIN, 0}};
		int wait = open_pipe ? 100 : 5;
		if (poll(pfd, 2, left > wait ? wait : (int)left) > 0 &&
		    (pfd[1].revents & (POLLIN | POLLHUP))) {
			char chunk[8192];
			ssize_t got = read(out, chunk, sizeof(chunk));
			if (got > 0) {
				size_t room =
					PROC_OUTPUT_MAX > r->output.len ? PROC_OUTPUT_MAX - r->output.len : 0;
				buf_add(&r->output, chunk, (size_t)got < room ? (size_t)got : room);
			} else if (got == 0 || errno != EINTR) {
				open_pipe = false;
			}
		}
		struct signalfd_siginfo si;
		if (sigfd >= 0 && read(sigfd, &si, sizeof(si)) == (ssize_t)sizeof(si)) {
			caught = (int)si.ssi_signo;
			kill(-pid, SIGKILL);
		}
		if (!caught && waitpid(pid, wstatus, WNOHANG) == pid)
			reaped = true;
	}
	if (!reaped) {
		while (waitpid(pid, wstatus, 0) < 0 && errno == EINTR)
			;
	} else {
		/* The checker is done; anything it left running in its group goes with it. */
		kill(-pid, SIGKILL);
	}
	return caught;
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
	sigset_t stops, old_mask;
	int sigfd = stop_signals(&stops, &old_mask);
	pid_t pid = fork();
	if (pid < 0) {
		close(p[0]);
		close(p[1]);
		if (sigfd >= 0)
			close(sigfd);
		sigprocmask(SIG_SETMASK, &old_mask, NULL);
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
	int wstatus = 0, caught = wait_child(pid, p[0], sigfd, timeout_s, r, &wstatus);
	close(p[0]);
	if (sigfd >= 0)
		close(sigfd);
	sigprocmask(SIG_SETMASK, &old_mask, NULL);
	if (caught) /* the checker's group went first; now lets goes as it was told to */
		raise(caught);
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
