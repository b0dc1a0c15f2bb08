/* What one find call searches for: the pattern and its flags, the sink mode, the regex, and the
 * grep-style reading tried when nothing hit. */
#include <stdlib.h>
#include <string.h>

#include "../match.h"
#include "../opt.h"
#include "find.h"

static unsigned rx_flags_of(const struct opts *o)
{
	unsigned fl = RX_MULTILINE;
	if (o->fixed)
		fl |= RX_LITERAL;
	if (o->ignore_case)
		fl |= RX_CASELESS;
	if (o->word)
		fl |= RX_WORD;
	return fl;
}

void find_call_init(struct find_call *c, const struct opts *o, struct diag *d)
{
	*c = (struct find_call){.o = o,
				.d = d,
				.rs = ROOTS_INIT,
				.failed = OMITS_INIT,
				.globs = IGNORE_LIST_INIT,
				.om = OMITS_INIT,
				.seg = BUF_INIT,
				.reading = BUF_INIT};
	/* --def prefilters the files by the name's last part, literally */
	c->pattern = o->def ? find_defs_segment(&c->seg, o->positional.items[0]) : o->positional.items[0];
	c->used = c->pattern;
	c->mode = o->files || o->def ? SINK_FILES : o->count ? SINK_COUNT : SINK_LINES;
	c->rx_flags = o->def ? find_defs_flags(c->pattern) : rx_flags_of(o);
	for (size_t i = 0; i < o->globs.n; i++)
		ignore_list_add_line(&c->globs, o->globs.items[i], strlen(o->globs.items[i]));
}

void find_call_release(struct find_call *c)
{
	regex_free(c->re);
	find_pass_release(&c->t);
	for (size_t i = 0; i < c->n_blocks; i++)
		block_release(&c->blocks[i]);
	free(c->blocks);
	omits_release(&c->om);
	omits_release(&c->failed);
	ignore_list_release(&c->globs);
	buf_release(&c->reading);
	buf_release(&c->seg);
	roots_release(&c->rs);
}

/* --def's refusals the option table cannot state: context flags (naming show's #name, which
 * reads each definition whole), an empty name. */
static bool def_usage(const struct opts *o, struct diag *d)
{
	const char *ctx = o->context != OPT_UNSET  ? "-C <CONTEXT>"
			  : o->after != OPT_UNSET  ? "-A <AFTER>"
			  : o->before != OPT_UNSET ? "-B <BEFORE>"
						   : NULL;
	/* a definition's lines are what the context was for: show reads it whole by name */
	if (ctx)
		opt_usage_error(
			d, "find", true,
			"the argument '--def' cannot be used with '%s'\n\n  tip: to read a definition whole, "
			"lets show '#%s'",
			ctx, o->positional.items[0]);
	else if (!*o->positional.items[0])
		opt_usage_error(d, "find", true, "--def needs a symbol name, e.g. --def Client.Pull");
	return ctx || !*o->positional.items[0];
}

bool find_query_compile(struct find_call *c)
{
	if (c->o->def && def_usage(c->o, c->d))
		return true;
	c->re = regex_new(c->pattern, c->rx_flags, c->d);
	return !c->re;
}

bool find_query_grep_style(struct find_call *c)
{
	if (c->o->fixed || c->o->def || !bre_reading(c->pattern, &c->reading))
		return false;
	struct diag quiet = DIAG_INIT;
	struct regex *re = regex_new(c->reading.data, c->rx_flags, &quiet);
	diag_release(&quiet);
	if (!re)
		return false;
	regex_free(c->re);
	c->re = re;
	c->used = c->reading.data;
	c->retried = true;
	return true;
}
