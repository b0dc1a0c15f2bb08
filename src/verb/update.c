/* lets update [--check] [--force]: asks the release repository for its latest tag with curl
 * (the redirect of releases/latest), compares versions, and installs the release's binary over
 * this one, checked against the release's SHA256SUMS first (release.h); --force skips the lookup
 * and installs releases/latest's. Every program runs from an argument vector, never through a
 * shell: the tag comes from the network, and is used only once it reads as vMAJOR.MINOR.PATCH.
 * curl's stderr is lets's own, so curl's diagnostic ("curl: (6) Could not resolve host: …") comes
 * before lets's "update failed" line. A lets that dpkg installed is upgraded with apt or dpkg. */
#include "update.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../hook/onpath.h"
#include "../proc.h"
#include "../release.h"

#ifndef LETS_RELEASE_BASE
#define LETS_RELEASE_BASE "https://github.com"
#endif

/* curl's arguments before the request's own: HTTPS only, TLS 1.2 or later (release.c's too). */
#define CURL_TLS "curl", "--proto", "=https", "--tlsv1.2"

struct version {
	long part[3];
};

/* "MAJOR.MINOR.PATCH" (semver's core: digits, no leading zero) into v; false for anything else. */
static bool parse_version(const char *s, struct version *v)
{
	for (int i = 0; i < 3; i++) {
		size_t n = strspn(s, "0123456789");
		if (n == 0 || n > 9 || (n > 1 && *s == '0') || s[n] != (i < 2 ? '.' : '\0'))
			return false;
		v->part[i] = strtol(s, NULL, 10);
		s += n + (i < 2);
	}
	return true;
}

static int version_cmp(const struct version *a, const struct version *b)
{
	for (int i = 0; i < 3; i++)
		if (a->part[i] != b->part[i])
			return a->part[i] < b->part[i] ? -1 : 1;
	return 0;
}

/* Only owner/name of plain characters is put in a URL. */
static bool repo_ok(const char *repo)
{
	const char *slash = strchr(repo, '/');
	size_t n = strspn(repo, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-/");
	return slash && slash != repo && slash[1] && !strchr(slash + 1, '/') && n == strlen(repo);
}

/* s with its control bytes as \xNN: a tag from the network is shown, never obeyed by a terminal. */
static void add_escaped(struct buf *b, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c < 0x20 || c == 0x7f)
			buf_addf(b, "\\x%02x", c);
		else
			buf_addc(b, (char)c);
	}
}

/* The tag releases/latest redirects to, from curl's response headers, as it was sent. */
static enum lets_err latest_tag(const char *repo, char *tag, size_t size, struct diag *d)
{
	struct buf url = BUF_INIT;
	struct proc_result r = PROC_RESULT_INIT;
	enum lets_err e = LETS_OK;
	buf_addf(&url, "%s/%s/releases/latest", LETS_RELEASE_BASE, repo);
	char *argv[] = {CURL_TLS, "--fail", "-sSI", url.data, NULL};
	proc_exec(argv, 60, &r);
	tag[0] = '\0';
	for (const char *p = buf_str(&r.output); p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		if (strncasecmp(p, "location:", 9))
			continue;
		const char *t = strstr(p, "/tag/");
		size_t n = t ? strcspn(t + 5, "\r\n") : 0;
		if (n && n < size) {
			memcpy(tag, t + 5, n);
			tag[n] = '\0';
		}
	}
	if (r.status != 0)
		e = diag_add(d, E_UPDATE_FAILED,
			     "update failed: resolving the latest release from %s failed: %s%d", url.data,
			     r.timed_out ? "timed out, curl exit status: " : "curl exit status: ", r.status);
	else if (!tag[0])
		e = diag_add(
			d, E_UPDATE_FAILED,
			"update failed: resolving the latest release from %s failed: no release tag in the reply",
			url.data);
	proc_result_release(&r);
	buf_release(&url);
	return e;
}

/* Installs release tag (a validated vMAJOR.MINOR.PATCH; NULL: the latest release) over self. */
static enum lets_err install(const struct update_from *from, const char *tag, const char *self,
			     struct diag *d)
{
	struct buf base = BUF_INIT;
	if (tag)
		buf_addf(&base, "%s/%s/releases/download/%s/", LETS_RELEASE_BASE, from->repo, tag);
	else
		buf_addf(&base, "%s/%s/releases/latest/download/", LETS_RELEASE_BASE, from->repo);
	enum lets_err e = release_install(base.data, from->target, tag ? tag + 1 : NULL, self, d);
	buf_release(&base);
	return e;
}

/* The answer: the text, and the object with this build's version, the latest release's (NULL:
 * not looked up, for --force) and either whether it is newer (a check) or that it replaced this
 * build (an install). */
static void report(const struct opts *o, const char *text, const char *latest, int cmp, bool replaced,
		   struct buf *out)
{
	struct out_member m[] = {
		out_string("current", LETS_VERSION),
		latest ? out_string("latest", latest) : out_null("latest"),
		replaced ? out_bool("replaced", true) : out_bool("update_available", cmp < 0),
	};
	struct response r = {.report = m, .n_report = 3, .text = text};
	response_emit(out, &r, opts_format(o), o->json_twin);
}

static enum lets_err report_check(const struct opts *o, const char *latest, int cmp, struct buf *out,
				  struct diag *d)
{
	struct buf text = BUF_INIT;
	if (cmp < 0)
		buf_addf(&text, "lets " LETS_VERSION " \xC2\xB7 latest %s\n", latest);
	else if (cmp == 0)
		buf_adds(&text, "lets " LETS_VERSION " is the latest release\n");
	else
		buf_addf(&text, "lets " LETS_VERSION " is newer than the latest release, %s\n", latest);
	report(o, text.data, latest, cmp, false, out);
	buf_release(&text);
	if (cmp < 0)
		return diag_add(d, E_UPDATE_AVAILABLE,
				"lets " LETS_VERSION " \xC2\xB7 latest %s \xC2\xB7 run `lets update`",
				latest);
	return LETS_OK;
}

/* Why this binary is not one update replaces, if it is not: dpkg installed it, or no release
 * repository was built in. Both forms refuse alike, as neither has a release to compare with. */
static enum lets_err not_ours(const char *repo, const char *self, struct diag *d)
{
	char listed[PATH_MAX];
	if (release_dpkg_path(self, listed, sizeof(listed)))
		return diag_add(
			d, E_NO_REPOSITORY,
			"this lets (%s) was installed by dpkg, package lets \xC2\xB7 upgrade it the way it "
			"came: `sudo apt install --only-upgrade lets`, or `sudo dpkg -i` a newer lets .deb",
			listed);
	if (!repo || !*repo || !repo_ok(repo))
		return diag_add(
			d, E_NO_REPOSITORY,
			"this build has no configured release repository \xC2\xB7 it was built from source: "
			"update it with `git pull && make install`, or rebuild with make RELEASE_REPO=owner/name");
	return LETS_OK;
}

enum lets_err update_run(const struct update_from *from, const struct opts *o, struct buf *out,
			 struct diag *d)
{
	char tag[128], self[PATH_MAX];
	struct version cur, latest;
	enum lets_err e;
	if (o->positional.n)
		return opt_usage_error(d, "update", true, "unexpected argument '%s' found",
				       o->positional.items[0]);
	if (from->self)
		snprintf(self, sizeof(self), "%s", from->self);
	else if ((e = onpath_self(self, sizeof(self), d)))
		return e;
	if ((e = not_ours(from->repo, self, d)) || (!o->update_check && (e = onpath_check(self, false, d))))
		return e;
	if (o->force && !o->update_check) {
		/* a reinstall needs no version to compare: the latest release's own binary */
		if ((e = install(from, NULL, self, d)))
			return e;
		report(o, "replaced with the latest release\n", NULL, 0, true, out);
		return LETS_OK;
	}
	if ((e = latest_tag(from->repo, tag, sizeof(tag), d)))
		return e;
	if (tag[0] != 'v' || !parse_version(tag + 1, &latest)) {
		struct buf shown = BUF_INIT;
		add_escaped(&shown, tag);
		e = diag_add(d, E_UPDATE_FAILED,
			     "update failed: the latest release tag `%s` is not vMAJOR.MINOR.PATCH",
			     shown.data);
		buf_release(&shown);
		return e;
	}
	parse_version(LETS_VERSION, &cur);
	int cmp = version_cmp(&cur, &latest);
	if (o->update_check || cmp >= 0)
		return report_check(o, tag + 1, cmp, out, d);
	if ((e = install(from, tag, self, d)))
		return e;
	report(o, "replaced with the latest release\n", tag + 1, cmp, true, out);
	return LETS_OK;
}

/* The release's name for this platform comes from the Makefile (RELEASE_TARGET), which names the
 * assets of `make release` by it; a build without it finds no release for its platform. */
#ifndef LETS_RELEASE_TARGET
#define LETS_RELEASE_TARGET "unnamed-platform"
#endif

verb_fn cmd_update;
enum lets_err cmd_update(const struct opts *o, struct buf *out, struct diag *d)
{
#ifdef LETS_RELEASE_REPO
	struct update_from from = {LETS_RELEASE_REPO, LETS_RELEASE_TARGET, NULL};
#else
	struct update_from from = {NULL, LETS_RELEASE_TARGET, NULL};
#endif
	return update_run(&from, o, out, d);
}
