/* lets hook classify | subagent-start: the programs the installed hooks run. Both fail open:
 * whatever goes wrong, they exit 0, so a hook can never wedge an agent's turn. */
#include "verb.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "../hook/classify.h"
#include "../json.h"

/* A PreToolUse event is a few kilobytes; anything past this is not one lets classifies. */
#define EVENT_MAX_BYTES (1 << 20)

/* Reads stdin up to EVENT_MAX_BYTES; false when it is longer or unreadable. */
static bool read_event(struct buf *b)
{
	char chunk[65536];
	for (;;) {
		ssize_t n = read(STDIN_FILENO, chunk, sizeof(chunk));
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return false;
		if (n == 0)
			return true;
		if (b->len + (size_t)n > EVENT_MAX_BYTES)
			return false;
		buf_add(b, chunk, (size_t)n);
	}
}

verb_fn cmd_hook;
enum lets_err cmd_hook(const struct opts *o, struct buf *out, struct diag *d)
{
	const char *action = o->positional.items[0];
	if (o->positional.n > 1)
		return opt_usage_error(d, "hook", true, "unexpected argument '%s' found",
				       o->positional.items[1]);
	if (!strcmp(action, "subagent-start")) {
		/* SubagentStart takes its context as JSON; the same guide SessionStart prints. */
		buf_adds(
			out,
			"{\"hookSpecificOutput\":{\"hookEventName\":\"SubagentStart\",\"additionalContext\":");
		struct buf text = BUF_INIT;
		guide_text(&text);
		json_str(out, text.data, text.len);
		buf_release(&text);
		buf_adds(out, "}}\n");
		return LETS_OK;
	}
	if (opt_choice_check(verb_find("hook"), 0, action, d))
		return E_USAGE;
	struct buf event = BUF_INIT;
	if (read_event(&event) && event.len)
		classify_event(event.data, event.len, out);
	buf_release(&event);
	return LETS_OK;
}
