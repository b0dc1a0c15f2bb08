/* lets hooks install|uninstall claude-code|codex: merges lets's hooks into the agent's own
 * settings file (src/hook/settings.c splices the text) and replaces it atomically. */
#include "verb.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../alloc.h"
#include "../hook/onpath.h"
#include "../hook/settings.h"
#include "../publish.h"
#include "../quote.h"
#include "../utf8.h"

#define SETTINGS_MAX_BYTES (16L << 20)
#define UTF8_BOM "\xEF\xBB\xBF"

static const char codex_paragraph[] =
	"For reading, finding and editing files, use `lets` (run `lets guide` once) instead of `cat`,\n"
	"`grep` or `sed -n`. It reads several files or ranges in one call, returns bounded numbered\n"
	"output, and its edits return the changed region \xE2\x80\x94 so do not follow a `lets` call with a `cat` or\n"
	"`sed -n` to check the result.\n";

enum agent { AGENT_CLAUDE, AGENT_CODEX };

/* The settings file for agent, or E_USAGE / E_IO_ERROR recorded in d. *path is owned. */
static enum lets_err settings_path(enum agent a, char **path, struct diag *d)
{
	const char *home = getenv("HOME");
	const char *codex = getenv("CODEX_HOME");
	struct buf p = BUF_INIT;
	if (a == AGENT_CODEX && codex && *codex) {
		if (codex[0] != '/')
			return diag_add(
				d, E_USAGE,
				"CODEX_HOME=%s is a relative path \xC2\xB7 set it to an absolute path, or unset "
				"it to install under ~/.codex",
				codex);
		buf_addf(&p, "%s/hooks.json", codex);
	} else if (a == AGENT_CLAUDE) {
		enum lets_err e = settings_claude_dir(&p, d);
		if (e) {
			buf_release(&p);
			return e;
		}
		buf_adds(&p, "/settings.json");
	} else {
		if (!home || home[0] != '/')
			return diag_add(
				d, E_IO_ERROR,
				"HOME is not set to an absolute path \xC2\xB7 set it, so the agent's settings "
				"file can be found");
		buf_addf(&p, "%s/.codex/hooks.json", home);
	}
	*path = buf_detach(&p);
	return LETS_OK;
}

static enum lets_err not_regular(const char *path, struct diag *d)
{
	return diag_add(d, E_IO_ERROR, "%s is not a regular file \xC2\xB7 move it aside, then rerun", path);
}

/* A path that does not resolve: nothing there (LETS_OK), or a link to nothing, which install
 * would otherwise find taken when it creates the file. */
static enum lets_err missing(const char *path, struct diag *d)
{
	struct stat lst;
	char to[PATH_MAX];
	ssize_t n;
	if (lstat(path, &lst) < 0 || !S_ISLNK(lst.st_mode) || (n = readlink(path, to, sizeof(to) - 1)) < 0)
		return LETS_OK;
	to[n] = '\0';
	return diag_add(
		d, E_IO_ERROR,
		"%s is a symbolic link to %s, which does not exist \xC2\xB7 create that file (or remove "
		"the link), then rerun",
		path, to);
}

/* Reads the settings file whole; a missing file reads as empty with *exists false. Its type is
 * looked at before it is opened, and the open does not wait, so a FIFO or a device there is
 * refused at once instead of blocking; a link is followed. */
static enum lets_err read_settings(const char *path, struct buf *text, struct stat *st, bool *exists,
				   struct diag *d)
{
	*exists = false;
	if (stat(path, st) < 0)
		return errno == ENOENT ? missing(path, d)
				       : diag_add(d, E_IO_ERROR, "%s: %s", path, strerror(errno));
	if (!S_ISREG(st->st_mode))
		return not_regular(path, d);
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return diag_add(d, E_IO_ERROR, "%s: %s", path, strerror(errno));
	*exists = true;
	enum lets_err e = LETS_OK;
	if (fstat(fd, st) || !S_ISREG(st->st_mode))
		e = not_regular(path, d);
	else if (st->st_size > SETTINGS_MAX_BYTES)
		e = diag_add(d, E_IO_ERROR, "%s is %lld bytes, over the %ld-byte limit for a settings file",
			     path, (long long)st->st_size, SETTINGS_MAX_BYTES);
	else if (buf_read_fd(text, fd) < 0)
		e = diag_add(d, E_IO_ERROR, "%s: %s", path, strerror(errno));
	close(fd);
	return e;
}

/* What install or uninstall did to one hook, and how the answer says it. */
enum outcome { HOOK_UNTOUCHED, HOOK_ADDED, HOOK_PRESENT, HOOK_REMOVED };
static const struct {
	const char *key; /* the JSON "outcome"; NULL: not reported */
	const char *line; /* the text line, %s the event */
} said[] = {
	[HOOK_UNTOUCHED] = {NULL, NULL},
	[HOOK_ADDED] = {"added", "added the %s hook\n"},
	[HOOK_PRESENT] = {"already_installed", "the %s hook was already installed\n"},
	[HOOK_REMOVED] = {"removed", "removed the %s hook\n"},
};

/* Claude Code's three hooks (codex takes the first); hook_set_init's tables hold one per hook. */
#define N_HOOKS 3

struct hook_set {
	struct hook_spec specs[N_HOOKS];
	enum outcome outcome[N_HOOKS];
	size_t n;
	struct buf cmd[N_HOOKS];
};

static void hook_set_init(struct hook_set *hs, enum agent a, const char *self)
{
	static const char *const suffix[N_HOOKS] = {" hook classify", " hook subagent-start", " guide"};
	static const char *const event[N_HOOKS] = {"PreToolUse", "SubagentStart", "SessionStart"};
	static const char *const matcher[N_HOOKS] = {"Bash", NULL, "startup|resume|clear|compact|fork"};
	memset(hs, 0, sizeof(*hs));
	hs->n = a == AGENT_CLAUDE ? N_HOOKS : 1;
	for (size_t i = 0; i < hs->n; i++) {
		quote_shell(&hs->cmd[i], self);
		buf_adds(&hs->cmd[i], suffix[i]);
		hs->specs[i] = (struct hook_spec){event[i], matcher[i], hs->cmd[i].data, suffix[i]};
	}
}

static void hook_set_release(struct hook_set *hs)
{
	for (size_t i = 0; i < N_HOOKS; i++)
		buf_release(&hs->cmd[i]);
}

/* Applies install or uninstall to text, recording what happened to each hook in hs; *changed
 * when text differs from what was read. */
static enum lets_err apply(struct hook_set *hs, bool install, const char *path, struct buf *text,
			   bool *changed, struct diag *d)
{
	*changed = false;
	for (size_t i = 0; i < hs->n; i++) {
		const char *why = NULL;
		int r = install ? settings_add(text, &hs->specs[i], &why)
				: settings_remove(text, &hs->specs[i]);
		if (r < 0)
			return diag_add(d, E_IO_ERROR,
					"%s cannot take the %s hook: %s \xC2\xB7 fix it, then rerun", path,
					hs->specs[i].event, why);
		if (r > 0)
			*changed = true;
		hs->outcome[i] = install ? (r ? HOOK_ADDED : HOOK_PRESENT)
				 : r     ? HOOK_REMOVED
					 : HOOK_UNTOUCHED;
	}
	return LETS_OK;
}

/* The answer: a line per hook reported ("nothing to remove" when none was) and, on a codex
 * install, the paragraph to add by hand; as JSON {"hooks":[{"event","outcome"}…][,"agents_md"]}. */
static void report(const struct opts *o, const struct hook_set *hs, bool codex_install, struct buf *out)
{
	struct buf text = BUF_INIT;
	struct out_member hooks[N_HOOKS], fields[N_HOOKS][2], m[2];
	size_t n = 0;
	for (size_t i = 0; i < hs->n; i++) {
		if (!said[hs->outcome[i]].key)
			continue;
		buf_addf(&text, said[hs->outcome[i]].line, hs->specs[i].event);
		fields[n][0] = out_string("event", hs->specs[i].event);
		fields[n][1] = out_string("outcome", said[hs->outcome[i]].key);
		hooks[n] = out_object(NULL, fields[n], 2);
		n++;
	}
	if (!n)
		buf_adds(&text, "nothing to remove\n");
	m[0] = out_array("hooks", hooks, n);
	if (codex_install) {
		const char *home = getenv("CODEX_HOME");
		buf_adds(&text, codex_paragraph);
		if (home && *home)
			buf_addf(&text, "add this to %s/AGENTS.md by hand\n", home);
		else
			buf_adds(&text, "add this to ~/.codex/AGENTS.md by hand\n");
		m[1] = out_string("agents_md", codex_paragraph);
	}
	struct response r = {.report = m, .n_report = codex_install ? 2 : 1, .text = text.data};
	response_emit(out, &r, opts_format(o), o->json_twin);
	buf_release(&text);
}

static enum lets_err parse_args(const struct opts *o, bool *install, enum agent *a, struct diag *d)
{
	const char *action = o->positional.items[0], *agent = o->positional.items[1];
	if (o->positional.n > 2)
		return opt_usage_error(d, "hooks", true, "unexpected argument '%s' found",
				       o->positional.items[2]);
	const struct verb *v = verb_find("hooks");
	if (opt_choice_check(v, 0, action, d) || opt_choice_check(v, 1, agent, d))
		return E_USAGE;
	*install = !strcmp(action, "install");
	*a = !strcmp(agent, "codex") ? AGENT_CODEX : AGENT_CLAUDE;
	return LETS_OK;
}

/* Writes text to path: replaced atomically, or, when uninstall left what install writes into a
 * new file less its hooks (settings_created_only), removed, unless the path is a link: the file
 * it points to is the user's. */
static enum lets_err write_settings(const char *path, struct buf *text, bool bom, bool exists,
				    const struct stat *st, bool install, struct diag *d)
{
	struct stat lst;
	bool link = lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode);
	if (!install && !link && settings_created_only(text->data, text->len)) {
		struct stat now;
		if (stat(path, &now) < 0 || !publish_same(&now, st))
			return diag_add(d, E_CHANGED, "%s changed while lets was reading it \xC2\xB7 rerun",
					path);
		if (unlink(path) < 0)
			return diag_add(d, E_IO_ERROR, "removing %s failed: %s", path, strerror(errno));
		return LETS_OK;
	}
	if (bom) {
		struct buf with = BUF_INIT;
		buf_adds(&with, UTF8_BOM);
		buf_add(&with, text->data, text->len);
		buf_release(text);
		*text = with;
	}
	return publish(path, text->data, text->len, exists ? st : NULL, NULL, NULL, NULL, d);
}

verb_fn cmd_hooks;
enum lets_err cmd_hooks(const struct opts *o, struct buf *out, struct diag *d)
{
	bool install = false, exists = false, changed = false, bom = false;
	enum agent a = AGENT_CLAUDE;
	char *path = NULL, self[PATH_MAX];
	struct buf text = BUF_INIT;
	struct hook_set hs = {0};
	struct stat st;
	char why[256];
	enum lets_err e = parse_args(o, &install, &a, d);
	if (e || (e = settings_path(a, &path, d)))
		goto out;
	if ((e = onpath_self(self, sizeof(self), d)) || (install && (e = onpath_check(self, true, d))) ||
	    (e = read_settings(path, &text, &st, &exists, d)))
		goto out;
	/* a byte-order mark is no JSON: read past it, and written back as it was */
	if ((bom = utf8_bom(text.data, text.len) > 0)) {
		memmove(text.data, text.data + 3, text.len - 3);
		buf_truncate(&text, text.len - 3);
	}
	if (settings_validate(text.data ? text.data : "", text.len, why, sizeof(why))) {
		e = diag_add(d, E_IO_ERROR,
			     "%s is not valid JSON (%s) \xC2\xB7 it was left untouched; fix it, then rerun",
			     path, why);
		goto out;
	}
	hook_set_init(&hs, a, self);
	if ((e = apply(&hs, install, path, &text, &changed, d)))
		goto out;
	if (changed && settings_validate(text.data, text.len, why, sizeof(why))) {
		e = diag_add(d, E_IO_ERROR, "merging into %s produced invalid JSON (%s); nothing was written",
			     path, why);
		goto out;
	}
	/* as edit refuses a read-only file; a call that changes nothing writes nothing to refuse */
	if (changed && exists && !(st.st_mode & S_IWUSR)) {
		e = diag_add(d, E_READ_ONLY,
			     "%s is read-only \xC2\xB7 run chmod u+w %s first if the edit is intended", path,
			     path);
		goto out;
	}
	if (changed && (e = write_settings(path, &text, bom, exists, &st, install, d)))
		goto out;
	report(o, &hs, install && a == AGENT_CODEX, out);
out:
	hook_set_release(&hs);
	buf_release(&text);
	free(path);
	return e;
}
