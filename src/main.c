/* lets: Locate · Edit · Transform · Show. main() is the one place that turns a failure into an
 * exit code and writes the streams: stdout gets the verb's rendered answer in one write, stderr
 * gets every recorded message and then ERROR_CODE=<slug>. Which verb runs is verbs.c's table, and
 * how it runs is run.c's, shared with lets mcp. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "cpu.h"
#include "error.h"
#include "output.h"
#include "run.h"
#include "usage.h"
#include "verbs.h"

/* A reader that closed the pipe early got what it wanted: that is success, not io_error. */
static int write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			return errno == EPIPE ? 0 : -1;
		}
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

static int finish(struct buf *out, struct diag *d)
{
	int code = 0;
	if (out->len && write_all(STDOUT_FILENO, out->data, out->len) < 0 && !d->n)
		diag_add(d, E_IO_ERROR, "writing stdout failed: %s", strerror(errno));
	if (d->n) {
		struct buf err = BUF_INIT;
		for (size_t i = 0; i < d->n; i++)
			buf_addf(&err, "%s\n", d->items[i].message);
		buf_addf(&err, "ERROR_CODE=%s\n", err_slug(diag_first(d)));
		write_all(STDERR_FILENO, err.data, err.len);
		buf_release(&err);
		code = err_exit_code(diag_first(d));
	}
	return code;
}

int main(int argc, char **argv)
{
	struct buf out = BUF_INIT;
	struct diag d = DIAG_INIT;
	signal(SIGPIPE, SIG_IGN);
	cpu_tell_blake3();
	output_stats_config(getenv("LETS_TOKEN_RATIO"), getenv("LETS_NO_STATS"));

	const char *verb = argc > 1 ? argv[1] : NULL;
	const struct verb *v = verb ? verb_find(verb) : NULL;
	if (!verb) {
		/* clap's arg_required_else_help: the help goes to stderr, as the diagnostic */
		struct buf help = BUF_INIT;
		usage_help(&help, NULL);
		buf_truncate(&help, help.len - 1);
		diag_add(&d, E_USAGE, "%s", help.data);
		buf_release(&help);
	} else if (!strcmp(verb, "--help") || !strcmp(verb, "-h") || !strcmp(verb, "help")) {
		usage_help(&out, NULL);
	} else if (!strcmp(verb, "--version") || !strcmp(verb, "-V")) {
		buf_adds(&out, "lets " LETS_VERSION "\n");
	} else if (!v) {
		diag_add(&d, E_USAGE,
			 "error: unrecognized subcommand '%s'\n\nUsage: lets <COMMAND>\n\nFor more "
			 "information, try '--help'.",
			 verb);
	} else {
		struct run_env env = RUN_ENV_CLI;
		verb_run(v, argc, argv, &env, &out, &d);
	}
	int code = finish(&out, &d);
	buf_release(&out);
	diag_release(&d);
	return code;
}
