#include "usage.h"

#include <string.h>

#include "buf.h"
#include "check.h"
#include "verbs.h"

/* --from's one accepted value. */
static const char *from_choice_at(size_t i)
{
	return i == 0 ? "-" : NULL;
}

/* The options whose value is a closed set, by long name; a flag of the same name (update's
 * --check) takes no value and so no set. */
static const struct {
	const char *long_name;
	const char *(*choice_at)(size_t i);
} value_sets[] = {
	{"check", check_preset_at},
	{"from", from_choice_at},
};

struct each {
	void (*fn)(const struct opt_desc *, void *);
	void *ctx;
};

static void with_choices(const struct opt_desc *od, void *ctx)
{
	const struct each *e = ctx;
	struct opt_desc d = *od;
	for (size_t j = 0; j < sizeof(value_sets) / sizeof(value_sets[0]) && d.value_name; j++)
		if (d.long_name && !strcmp(d.long_name, value_sets[j].long_name))
			d.choice_at = value_sets[j].choice_at;
	e->fn(&d, e->ctx);
}

void usage_each(const struct verb *v, void (*fn)(const struct opt_desc *, void *), void *ctx)
{
	struct each e = {fn, ctx};
	opt_each(v, with_choices, &e);
}

void usage_each_listed(const struct verb *v, void (*fn)(const struct opt_desc *, void *), void *ctx)
{
	struct each e = {fn, ctx};
	opt_each_listed(v, with_choices, &e);
}

void usage_option_help(struct buf *out, const struct opt_desc *od)
{
	size_t n = strlen(od->help);
	buf_adds(out, od->help);
	if (od->choice_at && n && od->help[n - 1] == ' ')
		for (size_t i = 0; od->choice_at(i); i++)
			buf_addf(out, "%s%s", i ? ", " : "", od->choice_at(i));
}

/* One line of the Options: section, clap's layout. */
static void help_option(const struct opt_desc *od, void *ctx)
{
	struct buf *out = ctx, name = BUF_INIT;
	if (od->short_name && od->long_name)
		buf_addf(&name, "-%c, --%s", od->short_name, od->long_name);
	else if (od->short_name)
		buf_addf(&name, "-%c", od->short_name);
	else
		buf_addf(&name, "    --%s", od->long_name);
	if (od->value_name)
		buf_addf(&name, " %s", od->value_name);
	buf_addf(out, "  %-28s ", name.data);
	usage_option_help(out, od);
	buf_addc(out, '\n');
	buf_release(&name);
}

/* clap's "Arguments:" section, for the positionals whose values are a closed set: each with its
 * possible values. */
static void help_arguments(struct buf *out, const struct verb *v)
{
	if (!verb_choices(v, 0))
		return;
	buf_adds(out, "Arguments:\n");
	const char *w = v->positional_name;
	for (size_t k = 0; *w && verb_choices(v, k); k++) {
		int len = (int)strcspn(w, " ");
		buf_addf(out, "  %-28.*s [possible values: ", len, w);
		for (const char *const *c = verb_choices(v, k); *c; c++)
			buf_addf(out, "%s%s", c == verb_choices(v, k) ? "" : ", ", *c);
		buf_adds(out, "]\n");
		w += len + (w[len] == ' ');
	}
	buf_addc(out, '\n');
}

void usage_help(struct buf *out, const struct verb *v)
{
	if (!v) {
		buf_adds(out,
			 "Locate, edit, transform and show files in one bounded call, for coding agents\n\n"
			 "Usage: lets <COMMAND>\n\nCommands:\n");
		/* clap's layout: the about lines start two columns after the longest verb name */
		int width = 0;
		for (size_t i = 0; i < verb_count; i++)
			if ((int)strlen(verb_table[i].name) > width)
				width = (int)strlen(verb_table[i].name);
		for (size_t i = 0; i < verb_count; i++)
			buf_addf(out, "  %-*s  %s\n", width, verb_table[i].name, verb_table[i].about);
		buf_adds(out, "\nOptions:\n  -h, --help     Print help\n  -V, --version  Print version\n"
			      "\nRun `lets guide` once for the whole surface on one screen.\n");
		return;
	}
	buf_addf(out, "%s\n\nUsage: lets %s %s\n\n", v->about, v->name, v->usage);
	help_arguments(out, v);
	buf_adds(out, "Options:\n");
	usage_each_listed(v, help_option, out);
	buf_addf(out, "  %-28s %s\n", "-h, --help", "Print help");
	if (v->epilogue)
		buf_adds(out, v->epilogue);
}
