/* lets update's flow (reference.md "lets update", output-format.md §9, release.h) against a fake
 * curl on PATH that serves a fake release from a local directory: the exact curl arguments, the
 * tag rules, the three version outcomes, --check text and JSON, --force, the checksum check
 * (a tampered tarball is refused and nothing is replaced), lookup/download failures, the binary
 * dpkg installed, and path_conflict. No test touches the network: curl is a shell script that logs
 * its arguments and answers from the environment and from serve/. The binary update replaces is a
 * script in bin/, first on PATH; dpkg's database is a scratch one (DPKG_ADMINDIR, DPKG_ROOT). */
#include <dirent.h>
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

#define TARGET "test-unknown-linux-gnu"
#define BASE "https://github.com/acme/lets/releases/"

/* Logs its arguments, each in brackets (so an argument is seen whole, as execve passed it); the
 * lookup answers with FAKE_TAG's redirect, a download copies serve/<path after releases/> to -o's
 * file (releases/latest/download/X is download/$FAKE_TAG/X), and a file serve/ lacks is curl's
 * 404, exit 22, as `curl -f` says it. */
static const char fake_curl[] =
	"#!/bin/sh\n"
	"for a in \"$@\"; do printf '[%s]' \"$a\"; done >> \"$FAKE_DIR/log\"; echo >> \"$FAKE_DIR/log\"\n"
	"out=; prev=; url=; for a in \"$@\"; do [ \"$prev\" = -o ] && out=$a; prev=$a; url=$a; done\n"
	"case \"$*\" in\n"
	"*-sSI*) [ \"${FAKE_LOOKUP_EXIT:-0}\" = 0 ] || { echo 'curl: (6) Could not resolve host: example.invalid' >&2; exit "
	"$FAKE_LOOKUP_EXIT; }\n"
	"  printf 'HTTP/2 302\\r\\nLocation: https://example.invalid/acme/lets/releases/tag/%s\\r\\n\\r\\n' \"$FAKE_TAG\" ;;\n"
	"*-o*) rel=${url#" BASE "}\n"
	"  case $rel in latest/download/*) rel=download/$FAKE_TAG/${rel#latest/download/} ;; esac\n"
	"  [ -f \"$FAKE_DIR/serve/$rel\" ] || { echo 'curl: (22) The requested URL returned error: 404' >&2; exit 22; }\n"
	"  cp \"$FAKE_DIR/serve/$rel\" \"$out\" ;;\n"
	"esac\n";

/* mkrelease.sh TAG BODY [TAMPERED_BODY]: serve/download/TAG/ gets the tarball of a `lets` that is
 * a script running BODY, and SHA256SUMS for it; with TAMPERED_BODY the tarball is then made again
 * with that body, after its sum was taken. */
static const char mkrelease[] =
	"#!/bin/sh\n"
	"set -e\n"
	"cd \"$FAKE_DIR\"; rm -rf serve stage\n"
	"t=lets-" TARGET "\n"
	"mkdir -p \"serve/download/$1\" \"stage/$t\"\n"
	"pack() { printf '#!/bin/sh\\n%s\\n' \"$1\" > \"stage/$t/lets\"; chmod 755 \"stage/$t/lets\"\n"
	"  tar -czf \"serve/download/$2/$t.tar.gz\" -C stage \"$t\"; }\n"
	"pack \"$2\" \"$1\"\n"
	"(cd \"serve/download/$1\" && sha256sum \"$t.tar.gz\" > SHA256SUMS)\n"
	"[ -z \"${3:-}\" ] || pack \"$3\" \"$1\"\n";

/* mkdpkg.sh ADMINDIR PATH...: a dpkg database in which the package lets is installed and lists
 * the PATHs, as dpkg-query reads it. */
static const char mkdpkg[] =
	"#!/bin/sh\n"
	"set -e\n"
	"d=$1; shift; mkdir -p \"$d/info\" \"$d/updates\"\n"
	"printf 'Package: lets\\nStatus: install ok installed\\nVersion: 0.0.1\\n"
	"Architecture: all\\nMaintainer: a <a@example.org>\\nDescription: a\\n' > \"$d/status\"\n"
	"printf '%s\\n' \"$@\" > \"$d/info/lets.list\"\n";

#define SAYS_9 "echo 'lets 9.0.0'"
#define OLD_SELF "#!/bin/sh\necho 'lets 0.0.1'\n"
#define NEW_SELF "#!/bin/sh\n" SAYS_9 "\n"

static char dir[PATH_MAX], self[PATH_MAX + 16];

struct run {
	struct buf out;
	struct diag d;
	enum lets_err e;
	char log[8192];
	char err[4096]; /* what reached lets's stderr while it ran (curl's, tar's) */
};

/* The file at dir/name into to (NUL-terminated, truncated to size); removed when drop. */
static void slurp(const char *name, char *to, size_t size, bool drop)
{
	char path[PATH_MAX + 16];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	FILE *f = fopen(path, "r");
	size_t n = f ? fread(to, 1, size - 1, f) : 0;
	to[n] = '\0';
	if (f)
		fclose(f);
	if (drop)
		unlink(path);
}

static void sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void sh(const char *fmt, ...)
{
	char cmd[4096];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	if (system(cmd) != 0)
		fprintf(stderr, "t_update: setup failed: %s\n", cmd);
}

static void set_self(const char *bytes)
{
	FILE *f = fopen(self, "w");
	fputs(bytes, f);
	fclose(f);
	chmod(self, 0755);
}

/* self's bytes are want (and it is still executable). */
static bool self_is(const char *want)
{
	char got[4096];
	slurp("bin/lets", got, sizeof(got), false);
	struct stat st;
	return !strcmp(got, want) && stat(self, &st) == 0 && (st.st_mode & 0777) == 0755;
}

static bool exists(const char *name)
{
	char p[PATH_MAX + 16];
	snprintf(p, sizeof(p), "%s/%s", dir, name);
	return access(p, F_OK) == 0;
}

/* Entries left in the TMPDIR update ran with (its staging directory must be gone). */
static int tmp_entries(void)
{
	char p[PATH_MAX + 16];
	snprintf(p, sizeof(p), "%s/tmp", dir);
	DIR *d = opendir(p);
	int n = 0;
	for (struct dirent *e; d && (e = readdir(d));)
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	if (d)
		closedir(d);
	return n;
}

static void run_from(struct run *r, const char *repo, bool check, bool force, bool json, const char *tag)
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
	struct update_from from = {repo, TARGET, self};
	r->e = update_run(&from, &o, &r->out, &r->d);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	slurp("log", r->log, sizeof(r->log), true);
	slurp("stderr", r->err, sizeof(r->err), true);
	opts_release(&o);
}

static void run(struct run *r, bool check, bool force, bool json, const char *tag)
{
	run_from(r, "acme/lets", check, force, json, tag);
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

/* The number of curl calls in a log. */
static int calls(const char *log)
{
	int n = 0;
	for (const char *p = log; (p = strchr(p, '\n')); p++)
		n++;
	return n;
}

static void test_no_repository(void)
{
	struct run r;
	run_from(&r, NULL, false, false, false, "v9.0.0");
	unit_str("no repository: slug", err_slug(r.e), "no_repository");
	unit_str(
		"no repository: the message says how to update a source build", msg(&r),
		"this build has no configured release repository \xC2\xB7 it was built from source: update it with "
		"`git pull && make install`, or rebuild with make RELEASE_REPO=owner/name");
	unit_check(!r.log[0], "no repository: curl never ran");
	release(&r);
}

static void test_check(void)
{
	struct run r;
	run(&r, true, false, false, "v999.0.0");
	unit_str("check newer: the lookup is curl's redirect request, one argument each", r.log,
		 "[--proto][=https][--tlsv1.2][--fail][-sSI][" BASE "latest]\n");
	unit_str("check newer: stdout", buf_str(&r.out), "lets 0.0.1 \xC2\xB7 latest 999.0.0\n");
	unit_str("check newer: slug", err_slug(r.e), "update_available");
	unit_str("check newer: stderr", msg(&r),
		 "lets 0.0.1 \xC2\xB7 latest 999.0.0 \xC2\xB7 run `lets update`");
	unit_check(self_is(OLD_SELF), "check newer: nothing installed");
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

static void test_bad_tags(void)
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
		unit_check(calls(r.log) == 1, "  %s: nothing but the lookup ran", bad[i]);
		release(&r);
	}
	run(&r, false, false, false, "v1.2.3\x1b[0m\x7f");
	unit_str("a tag's control bytes are shown escaped, not sent to the terminal", msg(&r),
		 "update failed: the latest release tag `v1.2.3\\x1b[0m\\x7f` is not vMAJOR.MINOR.PATCH");
	release(&r);
	unit_check(!exists("pwned") && access("pwned", F_OK) != 0, "a tag never reaches a shell");

	setenv("FAKE_LOOKUP_EXIT", "6", 1);
	run(&r, true, false, false, "v9.0.0");
	unit_str("lookup failure names curl's exit status", msg(&r),
		 "update failed: resolving the latest release from " BASE
		 "latest failed: curl exit status: 6");
	unit_str("  slug", err_slug(r.e), "update_failed");
	unit_str("  curl's own diagnostic reached stderr (before lets's line, which main prints last)", r.err,
		 "curl: (6) Could not resolve host: example.invalid\n");
	release(&r);
	unsetenv("FAKE_LOOKUP_EXIT");
}

static void test_update(void)
{
	struct run r;
	sh("\"$FAKE_DIR/mkrelease.sh\" v9.0.0 \"" SAYS_9 "\"");
	set_self(OLD_SELF);
	run(&r, false, false, false, "v0.0.1");
	unit_str("update when current: nothing to do", buf_str(&r.out), "lets 0.0.1 is the latest release\n");
	unit_check(self_is(OLD_SELF) && calls(r.log) == 1,
		   "update when current: nothing downloaded or replaced");
	release(&r);

	run(&r, false, false, false, "v9.0.0");
	unit_str("update newer: replaced", buf_str(&r.out), "replaced with the latest release\n");
	unit_long("  ok", r.e, LETS_OK);
	unit_check(self_is(NEW_SELF), "  the binary is the release's, still mode 0755");
	char want[PATH_MAX * 2 + 512];
	snprintf(want, sizeof(want),
		 "[--proto][=https][--tlsv1.2][--fail][-sSI][" BASE "latest]\n"
		 "[--proto][=https][--tlsv1.2][-LsSf][-o][%s/tmp/",
		 dir);
	unit_check(!strncmp(r.log, want, strlen(want)),
		   "  the lookup, then downloads with curl -LsSf -o into TMPDIR");
	unit_check(strstr(r.log, "/SHA256SUMS][" BASE "download/v9.0.0/SHA256SUMS]\n") &&
			   strstr(r.log, "/lets-" TARGET ".tar.gz][" BASE "download/v9.0.0/lets-" TARGET
					 ".tar.gz]\n") &&
			   calls(r.log) == 3,
		   "  SHA256SUMS first, then this platform's tarball, of the tag's release: %s", r.log);
	unit_long("  the staging directory is gone", tmp_entries(), 0);
	release(&r);

	set_self(OLD_SELF);
	run(&r, false, true, false, "v9.0.0");
	unit_str("update --force installs releases/latest's binary", buf_str(&r.out),
		 "replaced with the latest release\n");
	unit_check(self_is(NEW_SELF), "  the binary is the release's");
	unit_check(!strstr(r.log, "-sSI") && calls(r.log) == 2 &&
			   strstr(r.log, "][" BASE "latest/download/SHA256SUMS]\n") &&
			   strstr(r.log, "][" BASE "latest/download/lets-" TARGET ".tar.gz]\n"),
		   "update --force: no lookup; SHA256SUMS and the tarball of releases/latest: %s", r.log);
	release(&r);

	set_self(OLD_SELF);
	run(&r, false, false, true, "v9.0.0");
	unit_str("update --json newer: replaced, with the release installed", buf_str(&r.out),
		 "{\"current\":\"0.0.1\",\"latest\":\"9.0.0\",\"replaced\":true}\n");
	unit_check(r.e == LETS_OK && self_is(NEW_SELF), "  the binary is the release's");
	release(&r);

	run(&r, false, true, true, "v9.0.0");
	unit_str("update --force --json: replaced, the release not looked up", buf_str(&r.out),
		 "{\"current\":\"0.0.1\",\"latest\":null,\"replaced\":true}\n");
	release(&r);

	set_self(OLD_SELF);
	setenv("FAKE_LOOKUP_EXIT", "6", 1);
	run(&r, false, true, false, "v9.0.0");
	unit_check(r.e == LETS_OK && self_is(NEW_SELF),
		   "update --force installs while the lookup would fail");
	release(&r);
	unsetenv("FAKE_LOOKUP_EXIT");

	/* a temporary directory whose name a shell would split or unquote */
	char odd[PATH_MAX + 32], tmp[PATH_MAX + 8];
	snprintf(odd, sizeof(odd), "%s/it's $(here)", dir);
	snprintf(tmp, sizeof(tmp), "%s/tmp", dir);
	mkdir(odd, 0700);
	setenv("TMPDIR", odd, 1);
	set_self(OLD_SELF);
	run(&r, false, false, false, "v9.0.0");
	unit_check(r.e == LETS_OK && self_is(NEW_SELF),
		   "a release staged under a TMPDIR with a quote and $( ) installs");
	unit_check(strstr(r.log, "[-o][") && strstr(r.log, "/it's $(here)/lets-update."),
		   "  downloaded into that directory, named as one argument");
	release(&r);
	setenv("TMPDIR", tmp, 1);
	rmdir(odd);
}

/* A refusal from the release's side: update_failed, the message, nothing replaced, nothing left. */
static void refused(const char *what, const char *want_prefix, const char *want_suffix)
{
	struct run r;
	set_self(OLD_SELF);
	run(&r, false, false, false, "v9.0.0");
	unit_str(what, err_slug(r.e), "update_failed");
	size_t n = strlen(want_prefix), m = strlen(want_suffix), len = strlen(msg(&r));
	unit_check(!strncmp(msg(&r), want_prefix, n) && len >= n + m &&
			   !strcmp(msg(&r) + len - m, want_suffix),
		   "  %s: the message: %s", what, msg(&r));
	unit_check(self_is(OLD_SELF), "  %s: nothing replaced", what);
	unit_long("  the staging directory is gone", tmp_entries(), 0);
	release(&r);
}

static void test_refusals(void)
{
	/* the tarball changed after SHA256SUMS was made: never unpacked, never run */
	sh("\"$FAKE_DIR/mkrelease.sh\" v9.0.0 \"" SAYS_9 "\" \"touch \\\"$FAKE_DIR/pwned\\\"; " SAYS_9 "\"");
	refused("a tampered tarball is refused",
		"update failed: lets-" TARGET ".tar.gz does not match its line in SHA256SUMS (sha256 ",
		") \xC2\xB7 nothing was replaced");
	unit_check(!exists("pwned"), "  the tampered binary never ran");

	sh("\"$FAKE_DIR/mkrelease.sh\" v9.0.0 \"" SAYS_9 "\" && cd \"$FAKE_DIR/serve/download/v9.0.0\" && "
	   "sed -i 's/" TARGET "/other-unknown-linux-gnu/' SHA256SUMS");
	refused("a release without this platform is refused",
		"update failed: no release for this platform: " BASE
		"download/v9.0.0/SHA256SUMS names no lets-" TARGET ".tar.gz",
		"");

	sh("\"$FAKE_DIR/mkrelease.sh\" v9.0.0 \"" SAYS_9
	   "\" && rm \"$FAKE_DIR/serve/download/v9.0.0/SHA256SUMS\"");
	refused("no SHA256SUMS: the download failure",
		"update failed: downloading " BASE "download/v9.0.0/SHA256SUMS failed: curl exit status: 22",
		"");

	sh("\"$FAKE_DIR/mkrelease.sh\" v9.0.0 \"" SAYS_9
	   "\" && rm \"$FAKE_DIR/serve/download/v9.0.0/\"*.tar.gz");
	refused("no tarball: the download failure",
		"update failed: downloading " BASE "download/v9.0.0/lets-" TARGET
		".tar.gz failed: curl exit status: 22",
		"");

	sh("\"$FAKE_DIR/mkrelease.sh\" v9.0.0 \"echo 'lets 8.0.0'\"");
	refused("a binary that names another version is refused",
		"update failed: the downloaded lets does not say `lets 9.0.0` \xC2\xB7 nothing was replaced",
		"");

	sh("\"$FAKE_DIR/mkrelease.sh\" v9.0.0 \"exit 3\"");
	refused("a binary that does not run is refused",
		"update failed: the downloaded lets does not run here (`lets version` exit status 3) \xC2\xB7 nothing "
		"was replaced",
		"");

	/* a verified tarball whose binary is not at lets-<target>/lets */
	sh("cd \"$FAKE_DIR\" && \"$FAKE_DIR/mkrelease.sh\" v9.0.0 \"" SAYS_9 "\" && mv stage/lets-" TARGET
	   " stage/elsewhere && tar -czf serve/download/v9.0.0/lets-" TARGET ".tar.gz -C stage elsewhere && "
	   "cd serve/download/v9.0.0 && sha256sum lets-" TARGET ".tar.gz > SHA256SUMS");
	refused("a tarball without lets-<target>/lets is refused",
		"update failed: lets-" TARGET ".tar.gz holds no lets-" TARGET "/lets (tar exit status 2)",
		"");
}

/* A lets dpkg installed names apt and dpkg, for both forms, and nothing runs; the database is
 * the one dpkg-query reads ($DPKG_ADMINDIR, else $DPKG_ROOT/var/lib/dpkg). */
static void test_dpkg(void)
{
	struct run r;
	const char *want =
		"this lets (%s) was installed by dpkg, package lets \xC2\xB7 upgrade it the way it came: "
		"`sudo apt install --only-upgrade lets`, or `sudo dpkg -i` a newer lets .deb";
	char text[PATH_MAX + 256];
	snprintf(text, sizeof(text), "%s/dpkg", dir);
	setenv("DPKG_ADMINDIR", text, 1);
	sh("\"$FAKE_DIR/mkrelease.sh\" v9.0.0 \"" SAYS_9 "\"");
	set_self(OLD_SELF);
	sh("\"$FAKE_DIR/mkdpkg.sh\" \"$FAKE_DIR/dpkg\" /. /usr \"$FAKE_DIR/bin/lets\"");
	for (int check = 0; check < 2; check++) {
		run(&r, check, false, false, "v9.0.0");
		snprintf(text, sizeof(text), want, self);
		unit_str(check ? "update --check of a lets dpkg installed"
			       : "update of a lets dpkg installed",
			 msg(&r), text);
		unit_str("  slug", err_slug(r.e), "no_repository");
		unit_check(!r.log[0] && self_is(OLD_SELF), "  curl never ran, nothing replaced");
		release(&r);
	}
	/* dpkg's paths are under DPKG_ROOT, and a path that is self through a symlink (merged /usr) counts */
	sh("cd \"$FAKE_DIR\" && mkdir -p root && ln -sfn ../bin root/bin && ./mkdpkg.sh root/var/lib/dpkg /bin /bin/lets");
	unsetenv("DPKG_ADMINDIR");
	snprintf(text, sizeof(text), "%s/root", dir);
	setenv("DPKG_ROOT", text, 1);
	run(&r, false, false, false, "v9.0.0");
	snprintf(text, sizeof(text), want, "/bin/lets");
	unit_str("DPKG_ROOT: the path as dpkg lists it", msg(&r), text);
	release(&r);
	unsetenv("DPKG_ROOT");

	/* the control: the package lists another file */
	snprintf(text, sizeof(text), "%s/dpkg", dir);
	setenv("DPKG_ADMINDIR", text, 1);
	set_self(OLD_SELF);
	sh("\"$FAKE_DIR/mkdpkg.sh\" \"$FAKE_DIR/dpkg\" /usr/bin/lets");
	run(&r, false, false, false, "v9.0.0");
	unit_check(r.e == LETS_OK && self_is(NEW_SELF), "a lets the dpkg package does not list updates");
	release(&r);
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
	snprintf(path, sizeof(path), "%s:%s", other, saved);
	setenv("PATH", path, 1);
	struct run r;
	set_self(OLD_SELF);
	run(&r, false, false, false, "v9.0.0");
	unit_str("update refuses when another lets is first on PATH", err_slug(r.e), "path_conflict");
	unit_check(!strncmp(msg(&r), "a different `lets` comes first on PATH at ", 42),
		   "  the message names it");
	unit_check(!r.log[0] && self_is(OLD_SELF), "  nothing was fetched or replaced");
	release(&r);
	run(&r, true, false, false, "v9.0.0");
	unit_str("update --check does not refuse", err_slug(r.e), "update_available");
	release(&r);
	setenv("PATH", saved, 1);
	free(saved);
}

static void put(const char *name, const char *text)
{
	char p[PATH_MAX + 16];
	snprintf(p, sizeof(p), "%s/%s", dir, name);
	FILE *f = fopen(p, "w");
	fputs(text, f);
	fclose(f);
	chmod(p, 0755);
}

int main(void)
{
	unit_begin("update");
	snprintf(dir, sizeof(dir), "%s/lets-update-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	if (!mkdtemp(dir))
		return 1;
	char p[PATH_MAX + 16], path[3 * PATH_MAX];
	put("curl", fake_curl);
	put("mkrelease.sh", mkrelease);
	put("mkdpkg.sh", mkdpkg);
	snprintf(p, sizeof(p), "%s/bin", dir);
	mkdir(p, 0755);
	snprintf(self, sizeof(self), "%s/bin/lets", dir);
	set_self(OLD_SELF);
	snprintf(p, sizeof(p), "%s/tmp", dir);
	mkdir(p, 0700);
	setenv("TMPDIR", p, 1);
	/* an empty dpkg database, so this machine's own never decides */
	snprintf(p, sizeof(p), "%s/dpkg-empty", dir);
	mkdir(p, 0700);
	setenv("DPKG_ADMINDIR", p, 1);
	setenv("FAKE_DIR", dir, 1);
	snprintf(path, sizeof(path), "%s/bin:%s:%s", dir, dir, getenv("PATH"));
	setenv("PATH", path, 1);
	test_no_repository();
	test_check();
	test_bad_tags();
	test_update();
	test_refusals();
	test_path_conflict();
	test_dpkg();
	char rm[PATH_MAX + 16];
	snprintf(rm, sizeof(rm), "rm -rf '%s'", dir);
	if (system(rm) != 0)
		return 1;
	return unit_end();
}
