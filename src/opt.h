/* The command line: one struct holding every option of every verb (the process's options, the
 * only state shared across modules), the table of flags, each row naming the verbs (rows of
 * verbs.h) that accept it, and the parser that reads argv by both. A parse error is E_USAGE with a
 * clap-shaped message (error: ...\n\nFor more information, try '--help'.), so scripts written
 * against lets 0.0.1 see the same text. The help text made from the same tables is usage.h's. */
#ifndef LETS_OPT_H
#define LETS_OPT_H
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "error.h"
#include "output.h"

struct strlist {
	const char **items; /* borrowed from argv */
	size_t n, cap;
};

#define OPT_UNSET (-1L)

struct opts {
	const char *verb; /* canonical verb name ("find" for "locate") */
	struct strlist positional;

	/* shared by every verb */
	bool json, jsonl, quiet, no_ignore, allow_outside, no_check;
	long budget; /* OPT_UNSET or tokens */
	long max_bytes; /* default LIMIT_MAX_BYTES */
	long max_file_bytes; /* default LIMIT_MAX_FILE_BYTES; never over LIMIT_PARSER_MAX_BYTES */

	/* show */
	long window; /* default LIMIT_SHOW_WINDOW */
	bool all; /* show: no window; edit: every occurrence */
	long after, before, context; /* OPT_UNSET or lines */
	bool no_numbers;

	/* find */
	bool fixed, ignore_case, word, hidden, files, count;
	bool def; /* --def: the pattern is a symbol name, the hits its definitions */
	bool function; /* -p: each hit under its enclosing symbol's target */
	long cap; /* default LIMIT_FIND_CAP; also paths' */
	struct strlist globs;

	/* edit, transform */
	const char *old, *new_text, *expect, *insert_after, *insert_before, *from, *if_sha, *check;
	bool expect_all, normalize, literal_newlines, exact;
	bool substring; /* --substring: --all of an identifier also inside longer identifiers */
	long line_hint; /* OPT_UNSET or a line number */
	long check_timeout; /* default LIMIT_CHECK_TIMEOUT_S */
	struct strlist set, del, append;
	struct strlist ops; /* transform: every --set/--delete/--append value in the order typed; which
			     * flag by pointer identity with the items of set, del and append */

	/* map */
	const char *focus; /* --focus PATH|#NAME, or NULL */

	/* write, update */
	bool force, empty, update_check;

	/* stats */
	const char *dir, *since;

	/* mcp: what its tool calls may ask for beyond the presets and the roots */
	bool allow_check_commands;

	/* Where "stdin" is read from (write's content, edit's --from -/--old -/--new -/--expect-all):
	 * STDIN_FILENO for the CLI; `lets mcp` passes each call's own descriptor, since its fd 0
	 * carries the protocol. */
	int stdin_fd;
	/* The working tree, opened by verb_run (run.h) for a verb whose row has VERB_TREE; NULL for
	 * any other verb. */
	const struct worktree *wt;
	/* NULL for the CLI. When set, the verb also renders the --json shape of the same run here
	 * (lets mcp's structuredContent): one run gives both shapes, so nothing is written twice. */
	struct buf *json_twin;
	/* lets mcp: messages name the tool's arguments (line_hint: 31, force: true), not the flags
	 * (--line-hint 31, --force), and ready commands are tool calls (opt_arg). */
	bool tool_terms;
	/* NULL for the CLI. Set by lets mcp when the client cancels the call: long loops (the walk)
	 * poll it and stop early; what the verb renders then is discarded. */
	const atomic_bool *cancel;
};

void opts_init(struct opts *o);
void opts_release(struct opts *o);
/* The output format o asks for: --json, --jsonl, else text (the renderer's argument). */
enum out_format opts_format(const struct opts *o);

struct buf;
struct verb;
struct worktree;

/* Parses argv[first..argc) for verb v. On E_USAGE the message is in d; LETS_ERR_COUNT means
 * --help or -h was asked for (the caller prints usage_help). */
enum lets_err opts_parse(struct opts *o, const struct verb *v, int argc, char **argv, int first,
			 struct diag *d);
/* Records a clap-shaped usage error (E_USAGE): "error: <fmt>[\n\nUsage: lets <verb> <usage>]\n\nFor
 * more information, try '--help'." The usage line appears when with_usage and verb is a verb. */
enum lets_err opt_usage_error(struct diag *d, const char *verb, bool with_usage, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* The same for o's verb, in o's terms: over MCP (o->tool_terms) the message alone, without
 * clap's "error: " and --help lines. */
enum lets_err opt_usage_fail(const struct opts *o, struct diag *d, bool with_usage, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* Appends how the caller names option long_name (a long name of the table) given value (NULL:
 * a flag, given): "--line-hint 31" / "--force" on the command line; with tool_terms (lets mcp,
 * opts' tool_terms) "line_hint: 31" / "force: true" / "if_sha: \"sha:…\"" (a string JSON-quoted). */
void opt_arg(struct buf *b, bool tool_terms, const char *long_name, const char *value);
/* The same into dst[0..cap) (returned), for a message's format arguments. */
const char *opt_say(char *dst, size_t cap, bool tool_terms, const char *long_name, const char *value);
/* The option's name alone, into dst (returned): "--old" on the command line, "old" in tool terms. */
const char *opt_noun(char *dst, size_t cap, bool tool_terms, const char *long_name);
/* Appends the MCP tool property of the option long_name ("if_sha" for "if"). */
void opt_tool_name(struct buf *b, const char *long_name);
/* LETS_OK when v's positional pos (0 or 1) is value, given that it is a closed set; else E_USAGE
 * in d listing the set ("invalid value 'x' for '<AGENT>'\n  [possible values: claude-code, codex]"). */
enum lets_err opt_choice_check(const struct verb *v, size_t pos, const char *value, struct diag *d);
/* What one documented option of a verb takes: nothing, a non-negative integer, a string, or a
 * string that may repeat. */
enum opt_value { OPT_VALUE_FLAG, OPT_VALUE_INT, OPT_VALUE_STRING, OPT_VALUE_LIST };
struct opt_desc {
	const char *long_name; /* without "--"; NULL when the option is short only */
	char short_name; /* 0 when none */
	enum opt_value value;
	const char *value_name; /* "<IF_SHA>", NULL for a flag */
	const char *help;
	/* The i-th of the values the option accepts, NULL past the last; the member is NULL when the
	 * value is open (a number, a text, a command). --check's presets, --from's "-". opt_each
	 * leaves it NULL; usage_each (usage.h) fills it. */
	const char *(*choice_at)(size_t i);
	bool shared; /* one of the flags every verb with shared flags takes (--budget, --quiet, …) */
};
/* Calls fn for each option v's --help lists that has an effect (aliases, grep no-ops and refused
 * flags are left out), in --help order. */
void opt_each(const struct verb *v, void (*fn)(const struct opt_desc *, void *), void *ctx);
/* Calls fn for each shared flag (the rows every verb with VERB_SHARED_FLAGS takes). */
void opt_each_shared(void (*fn)(const struct opt_desc *, void *), void *ctx);
/* The same, with the grep no-ops --help also lists (-n): every option line of v's --help. */
void opt_each_listed(const struct verb *v, void (*fn)(const struct opt_desc *, void *), void *ctx);
/* The first verbs list of an option or conflict row that names something not a verb's canonical
 * name, or NULL: the rows are matched by name, so a misspelt name would silently drop a flag. */
const char *opt_unknown_verb(void);
/* True when arg, given to verb v, is an option whose value is the next argument, as opts_parse
 * reads it: a long option that takes a value, written without =value, or a cluster of short
 * options whose last one takes a value with nothing attached (-iC 2). */
bool opt_takes_next(const struct verb *v, const char *arg);
/* Drains o->stdin_fd into in (a negative fd reads as empty, as under </dev/null), stopping one
 * byte past --max-file-bytes so `yes | lets …` cannot exhaust memory: E_UNSUPPORTED_FILE naming
 * what was being read (subject, e.g. "f.txt" or "--new -"), or E_IO_ERROR for a failed read. */
enum lets_err opts_read_stdin(const struct opts *o, struct buf *in, const char *subject, struct diag *d);
/* Context before/after a hit, resolved from -A/-B/-C (an explicit -A/-B wins over -C). */
long opts_before(const struct opts *o);
long opts_after(const struct opts *o);

#endif
