/* lets update's flow (reference.md "lets update", output-format.md §9) against a fake curl on
 * PATH: the exact curl arguments, the tag rules, the three version outcomes, --check text and
 * JSON, --force, lookup/download/installer failures and path_conflict. No test touches the
 * network: curl is a shell script that logs its arguments and answers from the environment. */
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "error.h"
#include "opt.h"
#include "unit.h"
#include "verb/update.h"

/* Logs its arguments, each in brackets (so an argument is seen whole, as execve passed it), and
 * prints curl's own diagnostic line on stderr when told to fail. */
static const char fake_curl[] =
	"#!/bin/sh\n"
	"for a in \"$@\"; do printf '[%s]' \"$a\"; done >> \"$FAKE_DIR/log\"; echo >> \"$FAKE_DIR/log\"\n"
	"out=; prev=; for a in \"$@\"; do [ \"$prev\" = -o ] && out=$a; prev=$a; done\n"
	"case \"$*\" in\n"
	"*-sSI*) [ \"${FAKE_LOOKUP_EXIT:-0}\" = 0 ] || { echo 'curl: (6) Could not resolve host: example.invalid' >&2; exit "
	"$FAKE_LOOKUP_EXIT; }\n"
	"  printf 'HTTP/2 302\\r\\nLocation: https://example.invalid/acme/lets/releases/tag/%s\\r\\n\\r\\n' \"$FAKE_TAG\" ;;\n"
	"*-o*) [ \"${FAKE_DL_EXIT:-0}\" = 0 ] || { echo 'curl: (22) The requested URL returned error: 404' >&2; exit "
	"$FAKE_DL_EXIT; }\n"
	"  printf 'touch \"$FAKE_DIR/installed\"; exit %s\\n' \"${FAKE_INSTALLER_EXIT:-0}\" > \"$out\" ;;\n"
	"esac\n";

static char dir[PATH_MAX];

struct run {
	struct buf out;
	struct diag d;
	enum lets_err e;
	char log[4096];
	char err[4096]; /* what reached lets's stderr while it ran (curl's and the installer's) */
};

/* The file at dir/name into to (NUL-terminated, truncated to size). */
static void slurp(const char *name, char *to, size_t size)
{
	char path[PATH_MAX + 16];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	FILE *f = fopen(path, "r");
	size_t n = f ? fread(to, 1, size - 1, f) : 0;
	to[n] = '\0';
	if (f)
		fclose(f);
	unlink(path);
}

static void run(struct run *r, bool check, bool force, bool json, const char *tag)
{
	struct opts o;
	opts_init(&o);
	o.update_check = check, o.force = force, o.json = json;
	setenv("FAKE_TAG", tag, 1);
	char path[PATH_MAX + 8];
	snprintf(path, sizeof(path), "%s/log", dir);
	unlink(path);
	memset(r, 0, sizeof(*r));
	snprintf(path, sizeof(path), "%s/stderr", dir);
	fflush(stderr);
	int saved = dup(2), fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	dup2(fd, 2);
	close(fd);
	r->e = update_run("acme/lets", &o, &r->out, &r->d);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	slurp("log", r->log, sizeof(r->log));
	slurp("stderr", r->err, sizeof(r->err));
	opts_release(&o);
}

static void release(struct run *r)
{
	buf_release(&r->out);
	diag_release(&r->d);
}

static const char *msg(const struct run *r)
{
	return r->d.n ? r->d.items[0].message : "";
}

static bool installed(void)
{
	char p[PATH_MAX + 16];
	snprintf(p, sizeof(p), "%s/installed", dir);
	bool yes = access(p, F_OK) == 0;
	unlink(p);
	return yes;
}

static void test_no_repository(void)
{
	struct opts o;
	opts_init(&o);
	struct buf out = BUF_INIT;
	struct diag d = DIAG_INIT;
	unit_str("no repository: slug", err_slug(update_run(NULL, &o, &out, &d)), "no_repository");
	unit_str(
		"no repository: the message says how to update a source build", d.items[0].message,
		"this build has no configured release repository \xC2\xB7 it was built from source: update it with "
		"`git pull && make install`, or rebuild with make RELEASE_REPO=owner/name");
	diag_release(&d);
	buf_release(&out);
}

static void test_check(void)
{
	struct run r;
	run(&r, true, false, false, "v999.0.0");
	unit_str(
		"check newer: the lookup is curl's redirect request, one argument each", r.log,
		"[--proto][=https][--tlsv1.2][--fail][-sSI][https://github.com/acme/lets/releases/latest]\n");
	unit_str("check newer: stdout", buf_str(&r.out), "lets 0.0.1 \xC2\xB7 latest 999.0.0\n");
	unit_str("check newer: slug", err_slug(r.e), "update_available");
	unit_str("check newer: stderr", msg(&r),
		 "lets 0.0.1 \xC2\xB7 latest 999.0.0 \xC2\xB7 run `lets update`");
	unit_check(!installed(), "check newer: nothing installed");
	release(&r);

	run(&r, true, false, true, "v999.0.0");
	unit_str("check --json newer", buf_str(&r.out),
		 "{\"current\":\"0.0.1\",\"latest\":\"999.0.0\",\"update_available\":true}\n");
	unit_str("check --json newer: slug", err_slug(r.e), "update_available");
	release(&r);

	run(&r, true, false, true, "v0.0.1");
	unit_str("check --json current", buf_str(&r.out),
		 "{\"current\":\"0.0.1\",\"latest\":\"0.0.1\",\"update_available\":false}\n");
	unit_long("check --json current: ok", r.e, LETS_OK);
	release(&r);

	run(&r, true, false, false, "v0.0.1");
	unit_str("check current", buf_str(&r.out), "lets 0.0.1 is the latest release\n");
	release(&r);

	run(&r, true, false, false, "v0.0.0");
	unit_str("check older release", buf_str(&r.out),
		 "lets 0.0.1 is newer than the latest release, 0.0.0\n");
	release(&r);
}

static void test_failures(void)
{
	struct run r;
	const char *bad[] = {"nightly",       "v1.2",   "1.2.3",
			     "v1.2.3-rc1",    "v1..3",  "v01.2.3",
			     "v1.2.3 ",       "V1.2.3", "v1.2.3';touch pwned;'",
			     "v1.2.3/../../x"};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		run(&r, true, false, false, bad[i]);
		char want[128];
		snprintf(want, sizeof(want),
			 "update failed: the latest release tag `%s` is not vMAJOR.MINOR.PATCH", bad[i]);
		unit_str("a tag that is not vMAJOR.MINOR.PATCH is update_failed", msg(&r), want);
		unit_str("  slug", err_slug(r.e), "update_failed");
		unit_check(!strchr(r.log, '\n') || !strstr(strchr(r.log, '\n') + 1, "["),
			   "  %s: nothing but the lookup ran", bad[i]);
		release(&r);
	}
	run(&r, false, false, false, "v1.2.3\x1b[0m\x7f");
	unit_str("a tag's control bytes are shown escaped, not sent to the terminal", msg(&r),
		 "update failed: the latest release tag `v1.2.3\\x1b[0m\\x7f` is not vMAJOR.MINOR.PATCH");
	release(&r);
	char pwned[PATH_MAX + 8];
	snprintf(pwned, sizeof(pwned), "%s/pwned", dir);
	unit_check(access(pwned, F_OK) != 0 && access("pwned", F_OK) != 0, "a tag never reaches a shell");

	setenv("FAKE_LOOKUP_EXIT", "6", 1);
	run(&r, true, false, false, "v9.0.0");
	unit_str(
		"lookup failure names curl's exit status", msg(&r),
		"update failed: resolving the latest release from https://github.com/acme/lets/releases/latest failed: curl "
		"exit status: 6");
	unit_str("  slug", err_slug(r.e), "update_failed");
	unit_str("  curl's own diagnostic reached stderr (before lets's line, which main prints last)", r.err,
		 "curl: (6) Could not resolve host: example.invalid\n");
	release(&r);
	unsetenv("FAKE_LOOKUP_EXIT");

	setenv("FAKE_DL_EXIT", "22", 1);
	run(&r, false, false, false, "v9.0.0");
	unit_str(
		"download failure", msg(&r),
		"update failed: downloading https://github.com/acme/lets/releases/download/v9.0.0/lets-installer.sh failed: "
		"curl exit status: 22");
	unit_str("  curl's own diagnostic reached stderr", r.err,
		 "curl: (22) The requested URL returned error: 404\n");
	unit_check(!installed(), "download failure: nothing installed");
	release(&r);
	unsetenv("FAKE_DL_EXIT");

	setenv("FAKE_INSTALLER_EXIT", "3", 1);
	run(&r, false, false, false, "v9.0.0");
	unit_str("installer failure", msg(&r), "update failed: the installer exited with status 3");
	unit_str("  slug", err_slug(r.e), "update_failed");
	installed();
	release(&r);
	unsetenv("FAKE_INSTALLER_EXIT");
}

static void test_update(void)
{
	struct run r;
	run(&r, false, false, false, "v0.0.1");
	unit_str("update when current: nothing to do", buf_str(&r.out), "lets 0.0.1 is the latest release\n");
	unit_check(!installed(), "update when current: the installer did not run");
	release(&r);

	run(&r, false, false, false, "v9.0.0");
	unit_str("update newer: replaced", buf_str(&r.out), "replaced with the latest release\n");
	unit_check(installed(), "update newer: the installer ran");
	unit_check(
		strstr(r.log, "\n[--proto][=https][--tlsv1.2][-LsSf][-o][") &&
			strstr(r.log,
			       "][https://github.com/acme/lets/releases/download/v9.0.0/lets-installer.sh]\n"),
		"update newer: the installer download is curl --proto =https --tlsv1.2 -LsSf");
	release(&r);

	run(&r, false, true, false, "v0.0.1");
	unit_str("update --force when current reinstalls", buf_str(&r.out),
		 "replaced with the latest release\n");
	unit_check(installed(), "update --force: the installer ran");
	unit_check(!strstr(r.log, "-sSI"), "update --force: no lookup of the latest tag (lookups: 0)");
	unit_check(strstr(r.log,
			  "][https://github.com/acme/lets/releases/latest/download/lets-installer.sh]\n") &&
			   !strchr(r.log, '\n')[1],
		   "update --force: one download, of the latest release's installer");
	release(&r);

	run(&r, false, false, true, "v0.0.1");
	unit_str("update --json when current: the --check object", buf_str(&r.out),
		 "{\"current\":\"0.0.1\",\"latest\":\"0.0.1\",\"update_available\":false}\n");
	release(&r);

	run(&r, false, false, true, "v9.0.0");
	unit_str("update --json newer: replaced, with the release installed", buf_str(&r.out),
		 "{\"current\":\"0.0.1\",\"latest\":\"9.0.0\",\"replaced\":true}\n");
	unit_check(r.e == LETS_OK && installed(), "update --json newer: the installer ran");
	release(&r);

	run(&r, false, true, true, "v0.0.1");
	unit_str("update --force --json: replaced, the release not looked up", buf_str(&r.out),
		 "{\"current\":\"0.0.1\",\"latest\":null,\"replaced\":true}\n");
	unit_check(installed(), "update --force --json: the installer ran");
	release(&r);

	setenv("FAKE_LOOKUP_EXIT", "6", 1);
	run(&r, false, true, false, "v0.0.1");
	unit_check(r.e == LETS_OK && installed(), "update --force installs while the lookup would fail");
	release(&r);
	unsetenv("FAKE_LOOKUP_EXIT");

	/* a temporary directory whose name a shell would split or unquote */
	char odd[PATH_MAX + 32];
	snprintf(odd, sizeof(odd), "%s/it's $(here)", dir);
	mkdir(odd, 0700);
	const char *tmp = getenv("TMPDIR");
	char *saved = tmp ? strdup(tmp) : NULL;
	setenv("TMPDIR", odd, 1);
	run(&r, false, false, false, "v9.0.0");
	unit_check(r.e == LETS_OK && installed(), "an installer under a TMPDIR with a quote and $( ) runs");
	unit_check(strstr(r.log, "[-o][") && strstr(r.log, "/it's $(here)/lets-installer."),
		   "  downloaded into that directory, named as one argument");
	release(&r);
	if (saved)
		setenv("TMPDIR", saved, 1);
	else
		unsetenv("TMPDIR");
	free(saved);
	rmdir(odd);
}

static void test_path_conflict(void)
{
	char other[PATH_MAX + 16], path[2 * PATH_MAX + 32];
	snprintf(other, sizeof(other), "%s/other", dir);
	mkdir(other, 0755);
	snprintf(path, sizeof(path), "%s/lets", other);
	FILE *f = fopen(path, "w");
	fputs("#!/bin/sh\n", f);
	fclose(f);
	chmod(path, 0755);
	const char *old = getenv("PATH");
	char *saved = strdup(old);
	snprintf(path, sizeof(path), "%s:%s:%s", other, dir, saved);
	setenv("PATH", path, 1);
	struct run r;
	run(&r, false, false, false, "v9.0.0");
	unit_str("update refuses when another lets is first on PATH", err_slug(r.e), "path_conflict");
	unit_check(!strncmp(msg(&r), "a different `lets` comes first on PATH at ", 42),
		   "  the message names it");
	unit_check(!r.log[0] && !installed(), "  nothing was fetched or installed");
	release(&r);
	run(&r, true, false, false, "v9.0.0");
	unit_str("update --check does not refuse", err_slug(r.e), "update_available");
	release(&r);
	setenv("PATH", saved, 1);
	free(saved);
}

int main(void)
{
	unit_begin("update");
	snprintf(dir, sizeof(dir), "%s/lets-update-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	if (!mkdtemp(dir))
		return 1;
	char p[PATH_MAX + 8], path[2 * PATH_MAX];
	snprintf(p, sizeof(p), "%s/curl", dir);
	FILE *f = fopen(p, "w");
	fputs(fake_curl, f);
	fclose(f);
	chmod(p, 0755);
	setenv("FAKE_DIR", dir, 1);
	snprintf(path, sizeof(path), "%s:%s", dir, getenv("PATH"));
	setenv("PATH", path, 1);
	test_no_repository();
	test_check();
	test_failures();
	test_update();
	test_path_conflict();
	char rm[PATH_MAX + 16];
	snprintf(rm, sizeof(rm), "rm -rf '%s'", dir);
	if (system(rm) != 0)
		return 1;
	return unit_end();
}
