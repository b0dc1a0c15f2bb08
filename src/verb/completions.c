/* lets completions bash|zsh|fish: prints a completion script made from the verb table and the
 * option table, so a verb, alias, flag or closed set of values added there completes with no
 * edit here. What completes where:
 *   - the first word: every verb and alias, --help and --version;
 *   - after a verb: its flags (usage_each's list, plus --help) when the word starts with '-';
 *   - a flag's value: its closed set when it has one (--check's presets, --from's "-"), a
 *     directory for <DIR>, nothing for any other value (a number or a text is typed, not picked);
 *   - a positional: its closed set (hooks' actions and agents, completions' shells), else file
 *     names when the verb takes positionals at all (usage other than "[OPTIONS]").
 * The scripts need nothing beyond the shell itself (no bash-completion helpers). */
#include "verb.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../usage.h"

struct optlist {
	struct opt_desc *items;
	size_t n, cap;
};

static void collect(const struct opt_desc *od, void *ctx)
{
	struct optlist *l = ctx;
	XGROW(l->items, l->cap, l->n + 1);
	l->items[l->n++] = *od;
}

static bool takes_positionals(const struct verb *v)
{
	return strcmp(v->usage, "[OPTIONS]") != 0;
}

static bool is_dir_value(const struct opt_desc *od)
{
	return od->value_name && !strcmp(od->value_name, "<DIR>");
}

/* Appends set's words, space-separated. */
static void add_set(struct buf *out, const char *const *set)
{
	for (size_t i = 0; set[i]; i++)
		buf_addf(out, "%s%s", i ? " " : "", set[i]);
}

static void add_choices(struct buf *out, const struct opt_desc *od)
{
	for (size_t i = 0; od->choice_at(i); i++)
		buf_addf(out, "%s%s", i ? " " : "", od->choice_at(i));
}

/* Appends the verb names and aliases, space-separated. */
static void add_verbs(struct buf *out)
{
	for (size_t i = 0; i < verb_count; i++) {
		buf_addf(out, "%s%s", i ? " " : "", verb_table[i].name);
		if (verb_table[i].alias)
			buf_addf(out, " %s", verb_table[i].alias);
	}
}

/* Appends s with each character of special preceded by a backslash and each ' closed, escaped
 * and reopened: text for inside a single-quoted shell word. */
static void add_escaped(struct buf *out, const char *s, const char *special)
{
	for (; *s; s++) {
		if (*s == '\'')
			buf_adds(out, "'\\''");
		else {
			if (strchr(special, *s))
				buf_addc(out, '\\');
			buf_addc(out, *s);
		}
	}
}

/* An option's help line escaped as add_escaped does; a line ending in a space is completed by the
 * value set, as --help completes it ("a command, or @auto, @cargo, …"). */
static void add_help(struct buf *out, const struct opt_desc *od, const char *special)
{
	add_escaped(out, od->help, special);
	size_t n = strlen(od->help);
	if (od->choice_at && n && od->help[n - 1] == ' ')
		for (size_t i = 0; od->choice_at(i); i++)
			buf_addf(out, "%s%s", i ? ", " : "", od->choice_at(i));
}

/* One line per verb name and alias: <before><name><between><about, escaped>'\n. */
static void add_verb_lines(struct buf *out, const char *before, const char *between, const char *special)
{
	for (size_t i = 0; i < verb_count; i++) {
		const struct verb *v = &verb_table[i];
		for (int a = 0; a < 2; a++) {
			const char *name = a ? v->alias : v->name;
			if (!name)
				continue;
			buf_addf(out, "%s%s%s", before, name, between);
			add_escaped(out, v->about, special);
			buf_adds(out, "'\n");
		}
	}
}

/* ---- bash --------------------------------------------------------------------------------- */

static const char bash_head[] =
	"# bash completion for lets, printed by `lets completions bash` from its verb table.\n"
	"\n"
	"# The number of positionals before the current word; $1 lists the flags that take a value.\n"
	"_lets_npos() {\n"
	"\tlocal i n=0 skip=\n"
	"\tfor ((i = 2; i < COMP_CWORD; i++)); do\n"
	"\t\tlocal w=${COMP_WORDS[i]}\n"
	"\t\tif [ -n \"$skip\" ]; then skip=; continue; fi\n"
	"\t\tcase $w in\n"
	"\t\t--*=* | =) ;;\n"
	"\t\t-*) case \" $1 \" in *\" $w \"*) skip=1 ;; esac ;;\n"
	"\t\t*) [ \"${COMP_WORDS[i - 1]}\" = = ] || n=$((n + 1)) ;;\n"
	"\t\tesac\n"
	"\tdone\n"
	"\techo $n\n"
	"}\n"
	"\n"
	"_lets() {\n"
	"\tlocal cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}\n"
	"\t# --flag=value: bash splits at '=', so the flag is two words back\n"
	"\tif [ \"$prev\" = = ]; then prev=${COMP_WORDS[COMP_CWORD - 2]}; fi\n"
	"\tif [ \"$cur\" = = ]; then cur=; fi\n"
	"\tCOMPREPLY=()\n";

static void bash_verb(struct buf *out, const struct verb *v)
{
	struct optlist l = {0};
	usage_each(v, collect, &l);
	buf_addf(out, "\t%s%s%s)\n\t\tvflags='", v->name, v->alias ? " | " : "", v->alias ? v->alias : "");
	for (size_t i = 0, sep = 0; i < l.n; i++) {
		if (l.items[i].value == OPT_VALUE_FLAG)
			continue;
		if (l.items[i].long_name)
			buf_addf(out, "%s--%s", sep++ ? " " : "", l.items[i].long_name);
		if (l.items[i].short_name)
			buf_addf(out, "%s-%c", sep++ ? " " : "", l.items[i].short_name);
	}
	buf_adds(out, "'\n\t\tcase $prev in\n");
	for (size_t i = 0; i < l.n; i++) {
		const struct opt_desc *od = &l.items[i];
		if (od->value == OPT_VALUE_FLAG || !od->long_name || !(od->choice_at || is_dir_value(od)))
			continue;
		buf_addf(out, "\t\t--%s) COMPREPLY=($(compgen ", od->long_name);
		if (od->choice_at) {
			buf_adds(out, "-W '");
			add_choices(out, od);
			buf_adds(out, "'");
		} else
			buf_adds(out, "-d");
		buf_adds(out, " -- \"$cur\")); return ;;\n");
	}
	buf_adds(out, "\t\t*) case \" $vflags \" in *\" $prev \"*) return ;; esac ;;\n\t\tesac\n"
		      "\t\tcase $cur in -*)\n\t\t\tCOMPREPLY=($(compgen -W '");
	for (size_t i = 0; i < l.n; i++) {
		if (l.items[i].long_name)
			buf_addf(out, "--%s ", l.items[i].long_name);
		if (l.items[i].short_name)
			buf_addf(out, "-%c ", l.items[i].short_name);
	}
	buf_adds(out, "--help' -- \"$cur\"))\n\t\t\treturn ;;\n\t\tesac\n");
	if (verb_choices(v, 0)) {
		buf_adds(out, "\t\tcase $(_lets_npos \"$vflags\") in\n\t\t0) COMPREPLY=($(compgen -W '");
		add_set(out, verb_choices(v, 0));
		buf_adds(out, "' -- \"$cur\")) ;;\n");
		if (verb_choices(v, 1)) {
			buf_adds(out, "\t\t1) COMPREPLY=($(compgen -W '");
			add_set(out, verb_choices(v, 1));
			buf_adds(out, "' -- \"$cur\")) ;;\n");
		}
		buf_adds(out, "\t\tesac\n");
	} else if (takes_positionals(v)) {
		buf_adds(out, "\t\tCOMPREPLY=($(compgen -f -- \"$cur\"))\n");
	}
	buf_adds(out, "\t\t;;\n");
	free(l.items);
}

static void bash_script(struct buf *out)
{
	buf_adds(out, bash_head);
	buf_adds(out, "\tif [ \"$COMP_CWORD\" -eq 1 ]; then\n\t\tCOMPREPLY=($(compgen -W '");
	add_verbs(out);
	buf_adds(out, " --help --version' -- \"$cur\"))\n\t\treturn\n\tfi\n\tlocal vflags\n"
		      "\tcase ${COMP_WORDS[1]} in\n");
	for (size_t i = 0; i < verb_count; i++)
		bash_verb(out, &verb_table[i]);
	buf_adds(out, "\tesac\n}\n\ncomplete -o filenames -F _lets lets\n");
}

/* ---- zsh ---------------------------------------------------------------------------------- */

/* One _arguments spec per spelling: '--window[help]:WINDOW: '. */
static void zsh_option(struct buf *out, const struct opt_desc *od, const char *spelling)
{
	buf_addf(out, " \\\n\t\t\t'%s%s[", od->value == OPT_VALUE_LIST ? "*" : "", spelling);
	add_help(out, od, "[]:\\");
	buf_adds(out, "]");
	if (od->value != OPT_VALUE_FLAG) {
		buf_addf(out, ":%.*s:", (int)strlen(od->value_name) - 2, od->value_name + 1);
		if (od->choice_at) {
			buf_adds(out, "(");
			add_choices(out, od);
			buf_adds(out, ")");
		} else if (is_dir_value(od))
			buf_adds(out, "_files -/");
		else
			buf_adds(out, " ");
	}
	buf_adds(out, "'");
}

static void zsh_verb(struct buf *out, const struct verb *v)
{
	struct optlist l = {0};
	usage_each(v, collect, &l);
	buf_addf(out, "\t(%s%s%s)\n\t\t_arguments -s -S", v->name, v->alias ? "|" : "",
		 v->alias ? v->alias : "");
	for (size_t i = 0; i < l.n; i++) {
		char spelling[64];
		if (l.items[i].long_name) {
			snprintf(spelling, sizeof(spelling), "--%s", l.items[i].long_name);
			zsh_option(out, &l.items[i], spelling);
		}
		if (l.items[i].short_name) {
			snprintf(spelling, sizeof(spelling), "-%c", l.items[i].short_name);
			zsh_option(out, &l.items[i], spelling);
		}
	}
	buf_adds(out, " \\\n\t\t\t'(- *)--help[Print help]'");
	const char *name = v->positional_name; /* "<ACTION> <AGENT>": each one's message */
	for (size_t p = 0; p < 2 && verb_choices(v, p); p++) {
		size_t len = strcspn(name, " ");
		buf_addf(out, " \\\n\t\t\t'%zu:%.*s:(", p + 1, (int)len, name);
		name += len + (name[len] == ' ');
		add_set(out, verb_choices(v, p));
		buf_adds(out, ")'");
	}
	if (!verb_choices(v, 0) && takes_positionals(v))
		buf_adds(out, " \\\n\t\t\t'*:file:_files'");
	buf_adds(out, "\n\t\t;;\n");
	free(l.items);
}

static void zsh_script(struct buf *out)
{
	buf_adds(out, "#compdef lets\n# zsh completion for lets, printed by `lets completions zsh` from its "
		      "verb table.\n\n_lets() {\n\tlocal -a verbs\n\tverbs=(\n");
	add_verb_lines(out, "\t\t'", ":", ":\\");
	buf_adds(out, "\t)\n\tif ((CURRENT == 2)); then\n\t\t_describe -t commands 'lets verb' verbs\n"
		      "\t\treturn\n\tfi\n\tlocal verb=$words[2]\n\tshift words\n\t((CURRENT--))\n"
		      "\tcase $verb in\n");
	for (size_t i = 0; i < verb_count; i++)
		zsh_verb(out, &verb_table[i]);
	buf_adds(out, "\tesac\n}\n\nif [ \"$funcstack[1]\" = _lets ]; then\n\t_lets \"$@\"\nelse\n"
		      "\tcompdef _lets lets\nfi\n");
}

/* ---- fish --------------------------------------------------------------------------------- */

static void fish_verb(struct buf *out, const struct verb *v)
{
	struct optlist l = {0};
	usage_each(v, collect, &l);
	char cond[96];
	snprintf(cond, sizeof(cond), "-n '__fish_seen_subcommand_from %s%s%s'", v->name, v->alias ? " " : "",
		 v->alias ? v->alias : "");
	for (size_t i = 0; i < l.n; i++) {
		const struct opt_desc *od = &l.items[i];
		buf_addf(out, "complete -c lets %s", cond);
		if (od->long_name)
			buf_addf(out, " -l %s", od->long_name);
		if (od->short_name)
			buf_addf(out, " -s %c", od->short_name);
		if (od->choice_at) {
			buf_adds(out, " -x -a '");
			add_choices(out, od);
			buf_adds(out, "'");
		} else if (is_dir_value(od))
			buf_adds(out, " -x -a '(__fish_complete_directories)'");
		else if (od->value != OPT_VALUE_FLAG)
			buf_adds(out, " -x");
		buf_adds(out, " -d '");
		add_help(out, od, "\\");
		buf_adds(out, "'\n");
	}
	buf_addf(out, "complete -c lets %s -s h -l help -d 'Print help'\n", cond);
	if (verb_choices(v, 0)) {
		buf_addf(out, "complete -c lets %s -n 'not __fish_seen_subcommand_from ", cond);
		add_set(out, verb_choices(v, 0));
		buf_adds(out, "' -a '");
		add_set(out, verb_choices(v, 0));
		buf_adds(out, "'\n");
		if (verb_choices(v, 1)) {
			buf_addf(out, "complete -c lets %s -n '__fish_seen_subcommand_from ", cond);
			add_set(out, verb_choices(v, 0));
			buf_adds(out, "' -a '");
			add_set(out, verb_choices(v, 1));
			buf_adds(out, "'\n");
		}
	} else if (takes_positionals(v)) {
		buf_addf(out, "complete -c lets %s -F\n", cond);
	}
	free(l.items);
}

static void fish_script(struct buf *out)
{
	buf_adds(out,
		 "# fish completion for lets, printed by `lets completions fish` from its verb table.\n\n"
		 "complete -c lets -f\n");
	add_verb_lines(out, "complete -c lets -n __fish_use_subcommand -a ", " -d '", "\\");
	buf_adds(out, "complete -c lets -n __fish_use_subcommand -s h -l help -d 'Print help'\n"
		      "complete -c lets -n __fish_use_subcommand -s V -l version -d 'Print version'\n");
	for (size_t i = 0; i < verb_count; i++)
		fish_verb(out, &verb_table[i]);
}

verb_fn cmd_completions;
enum lets_err cmd_completions(const struct opts *o, struct buf *out, struct diag *d)
{
	const struct verb *v = verb_find("completions");
	if (o->positional.n > 1)
		return opt_usage_error(d, v->name, true, "unexpected argument '%s' found",
				       o->positional.items[1]);
	const char *shell = o->positional.items[0];
	if (opt_choice_check(v, 0, shell, d))
		return E_USAGE;
	if (!strcmp(shell, "bash"))
		bash_script(out);
	else if (!strcmp(shell, "zsh"))
		zsh_script(out);
	else
		fish_script(out);
	return LETS_OK;
}
