/* The verb table (src/verbs.h) and what is made from it: the option rows name only verbs, a shared
 * flag gives way to a verb's own row of the same name, verb_run (src/run.h) does what main and
 * lets mcp did each on their own, and the help text reads the rows (src/usage.h). */
#include "buf.h"
#include "opt.h"
#include "run.h"
#include "unit.h"
#include "usage.h"
#include "verbs.h"

struct seen {
	int quiet;
	const char *quiet_help;
	bool json;
};

static void note(const struct opt_desc *od, void *ctx)
{
	struct seen *s = ctx;
	if (od->long_name && !strcmp(od->long_name, "quiet")) {
		s->quiet++;
		s->quiet_help = od->help;
	}
	if (od->long_name && !strcmp(od->long_name, "json"))
		s->json = true;
}

/* One run as main does it: lets <words...>, stdin at fd -1 (empty). */
static enum lets_err run(const char *verb, const char *arg, struct buf *out, struct diag *d)
{
	char *argv[] = {"lets", (char *)verb, (char *)arg, NULL};
	struct run_env env = {.stdin_fd = -1};
	return verb_run(verb_find(verb), arg ? 3 : 2, argv, &env, out, d);
}

int main(void)
{
	unit_begin("verbs");
	unit_str("every option and conflict row names verbs of the table", opt_unknown_verb(), "(null)");
	for (size_t i = 0; i < verb_count; i++) {
		const struct verb *v = &verb_table[i];
		unit_check(v->fn && v->usage && v->about && (!v->min_positional || v->positional_name),
			   "row %s is whole", v->name);
		unit_check(verb_find(v->name) == v && (!v->alias || verb_find(v->alias) == v),
			   "row %s is found by its names", v->name);
		unit_check(!v->tool || v->tool->guide, "tool %s says what it does", v->name);
		unit_check(!v->tool || v->tool->title, "tool %s has a title (issue 29, 2)", v->name);
	}
	unit_check(verb_find("locate") == verb_find("find"), "locate is find");
	unit_check(verb_find("nope") == NULL, "no row for an unknown name");

	struct seen show = {0}, find = {0}, mcp = {0};
	opt_each(verb_find("show"), note, &show);
	opt_each(verb_find("find"), note, &find);
	opt_each(verb_find("mcp"), note, &mcp);
	unit_long("show lists --quiet once", show.quiet, 1);
	unit_str("show's own --quiet stands in for the shared one", show.quiet_help,
		 "(shared flag; show already prints only the footer plus content)");
	unit_str("find has the shared --quiet", find.quiet_help, "print only the footer");
	unit_check(show.json && find.json && !mcp.json && !mcp.quiet,
		   "the shared flags come with VERB_SHARED_FLAGS, and only with it");
	unit_check(opt_takes_next(verb_find("show"), "--window") &&
			   !opt_takes_next(verb_find("show"), "--all") &&
			   !opt_takes_next(verb_find("find"), "--window"),
		   "a flag takes a value for the verbs its row names");

	struct buf out = BUF_INIT;
	struct diag d = DIAG_INIT;
	unit_long("verb_run: version runs", run("version", NULL, &out, &d), LETS_OK);
	unit_bytes("verb_run: its answer in out", buf_str(&out), out.len, "lets 0.0.1\n");
	buf_truncate(&out, 0);
	unit_long("verb_run: --json is parsed for it", run("version", "--json", &out, &d), LETS_OK);
	unit_bytes("verb_run: the --json answer", buf_str(&out), out.len, "{\"version\":\"0.0.1\"}\n");
	buf_truncate(&out, 0);
	unit_long("verb_run: --help is no failure", run("guide", "--help", &out, &d), LETS_OK);
	struct buf help = BUF_INIT;
	usage_help(&help, verb_find("guide"));
	unit_bytes("verb_run: --help prints usage_help", buf_str(&out), out.len, buf_str(&help));
	unit_check(
		!strncmp(buf_str(&help), "Print the one-screen guide\n\nUsage: lets guide [OPTIONS]\n", 55),
		"a verb's help starts with its row's about and usage");
	buf_release(&help);
	buf_truncate(&out, 0);
	unit_long("verb_run: a flag the verb lacks is a usage error", run("mcp", "--json", &out, &d),
		  E_USAGE);
	unit_check(d.n == 1 && strstr(d.items[0].message, "unexpected argument '--json' found") &&
			   strstr(d.items[0].message, "Usage: lets mcp [OPTIONS]"),
		   "the usage error names the flag and the verb's usage line");
	diag_release(&d);
	buf_release(&out);
	return unit_end();
}
