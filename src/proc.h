/* Running a checker command: `sh -c CMD` in its own process group, stdout and stderr captured
 * together, with a deadline after which the whole group (the checker and everything it started)
 * is killed. proc_exec runs a program the same way from an argument vector, without a shell.
 * Either program starts as if from a shell: SIGPIPE at its default, no signal blocked, stdin on
 * /dev/null, and no descriptor of lets's own beyond 0-2 (what lets was given passes through).
 * SIGTERM, SIGINT or SIGHUP while it runs kills its group (which a terminal's ^C, sent to lets's
 * own group, would not reach) before lets goes the way the signal says. */
#ifndef LETS_PROC_H
#define LETS_PROC_H
#include <stdbool.h>

#include "buf.h"

struct proc_result {
	int status; /* exit code; 128+N for a signal; -1 when it could not start */
	bool timed_out; /* the deadline passed; the group was killed */
	struct buf output; /* stdout+stderr, first PROC_OUTPUT_MAX bytes; owned */
};
#define PROC_RESULT_INIT           \
	{                          \
		0, false, BUF_INIT \
	}
#define PROC_OUTPUT_MAX 65536

/* Runs cmd with sh in dir (NULL: the current directory), stdin from /dev/null, for at most
 * timeout_s seconds. */
void proc_run(const char *cmd, const char *dir, long timeout_s, struct proc_result *r);
/* Runs argv[0] (found on PATH) with argv, NULL-terminated, and no shell, so no argument is ever
 * re-read as shell syntax; the same limits, but only stdout is captured: stderr is lets's own,
 * so the program's diagnostics reach the user ahead of lets's messages. */
void proc_exec(char *const argv[], long timeout_s, struct proc_result *r);
void proc_result_release(struct proc_result *r);
/* True when prog (a bare name) is an executable file on PATH. */
bool proc_on_path(const char *prog);

/* Raises lets's own soft limit of open files to the hard limit (a batch holding more files than
 * the soft limit allows). It stays lets's own: every program proc starts afterwards gets the soft
 * limit lets was given back, as a shell would have started it — a program using select() breaks on
 * a descriptor past 1024, and one closing every descriptor the limit allows slows with it.
 * Returns false, errno set, when the kernel refused. */
bool proc_raise_nofile(void);

#endif
