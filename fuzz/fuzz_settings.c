/* The settings merge of lets hooks (src/hook/settings.c) on any text settings_validate accepts.
 * The first byte picks the agent (Claude Code's three hooks, or Codex's one) and whether the lets
 * path needs quoting; the rest is the settings file. Properties:
 *  - install leaves text settings_validate accepts, holding every byte of the old text in order
 *    (it only inserts), and a second install changes nothing;
 *  - uninstall then gives back the input bytes exactly, the user's empty containers and their
 *    whitespace included, whenever the input has a top-level object (text without one gets one
 *    from install, which stays) and held no lets hook of its own (uninstall takes those out too).
 * A slow unit is as much a finding as a crash: a settings file is read on every install. */
#include <assert.h>
#include <stdio.h>

#include "buf.h"
#include "fuzz.h"
#include "hook/settings.h"

static const char *const events[3] = {"PreToolUse", "SubagentStart", "SessionStart"};
static const char *const matchers[3] = {"Bash", NULL, "startup|resume|clear|compact|fork"};
static const char *const suffixes[3] = {" hook classify", " hook subagent-start", " guide"};

/* A top-level value after whitespace and // or block comments. A // comment ends at a line feed,
 * as the JSON(C) lexer (src/format/jsonc.c) and strip-json-comments end it: a lone CR is inside. */
static bool has_object(const char *s, size_t n)
{
	size_t bom = n >= 3 && !memcmp(s, "\xEF\xBB\xBF", 3) ? 3 : 0; /* read past, as the reader does */
	for (size_t i = bom; i < n;) {
		if (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')
			i++;
		else if (i + 1 < n && s[i] == '/' && s[i + 1] == '/')
			while (i < n && s[i] != '\n')
				i++;
		else if (i + 1 < n && s[i] == '/' && s[i + 1] == '*') {
			const char *e = memmem(s + i + 2, n - i - 2, "*/", 2);
			i = e ? (size_t)(e - s) + 2 : n;
		} else
			return true;
	}
	return false;
}

static bool in_order(const char *a, size_t na, const char *b, size_t nb)
{
	size_t j = 0;
	for (size_t i = 0; i < na; i++, j++) {
		while (j < nb && b[j] != a[i])
			j++;
		if (j == nb)
			return false;
	}
	return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!size || size > 65536)
		return 0;
	const char *s = (const char *)data + 1;
	size_t n = size - 1;
	char why[256];
	if (settings_validate(s, n, why, sizeof(why)))
		return 0;
	size_t n_specs = data[0] & 1 ? 1 : 3;
	const char *lets = data[0] & 2 ? "'/opt/my lets/lets'" : "/usr/local/bin/lets";
	struct hook_spec specs[3];
	char cmd[3][128];
	for (size_t i = 0; i < n_specs; i++) {
		snprintf(cmd[i], sizeof(cmd[i]), "%s%s", lets, suffixes[i]);
		specs[i] = (struct hook_spec){events[i], matchers[i], cmd[i], suffixes[i]};
	}
	struct buf in = BUF_INIT, t = BUF_INIT, again = BUF_INIT;
	buf_add(&in, s, n);
	bool own = false; /* the input holds a lets hook already */
	buf_add(&again, s, n);
	for (size_t i = 0; i < n_specs; i++)
		own |= settings_remove(&again, &specs[i]) > 0;
	buf_add(&t, s, n);
	const char *refused = NULL;
	for (size_t i = 0; i < n_specs && !refused; i++)
		if (settings_add(&t, &specs[i], &refused) < 0)
			assert(refused);
	if (refused)
		goto out;
	assert(!settings_validate(t.data, t.len, why, sizeof(why)));
	bool object = has_object(s, n);
	if (object && !own)
		assert(in_order(s, n, t.data, t.len));
	buf_truncate(&again, 0);
	buf_add(&again, t.data, t.len);
	for (size_t i = 0; i < n_specs; i++)
		assert(settings_add(&again, &specs[i], &refused) == 0);
	assert(again.len == t.len && !memcmp(again.data, t.data, t.len));
	for (size_t i = 0; i < n_specs; i++)
		assert(settings_remove(&t, &specs[i]) == 1);
	assert(!settings_validate(t.data, t.len, why, sizeof(why)));
	if (object && !own && (t.len != n || memcmp(t.data, s, n))) {
		fprintf(stderr, "uninstall did not give back the input:\n--- in\n%.*s\n--- out\n%.*s\n",
			(int)n, s, (int)t.len, t.data);
		abort();
	}
out:
	buf_release(&in);
	buf_release(&t);
	buf_release(&again);
	return 0;
}
