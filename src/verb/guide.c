#include "verb.h"

#include <string.h>

/* The guide around the verbs' lines, which come from their rows (verbs.c): the arguments after the
 * name, the first line of what the verb does from column 32, its other lines under it. */
static const char head[] =
	"lets \xE2\x80\x94 Locate \xC2\xB7 Edit \xC2\xB7 Transform \xC2\xB7 Show          one call, bounded output, post-state returned\n"
	"\n";
static const char tail[] =
	"\n"
	"  targets   f.ts   f.ts:40-80   \"f.ts@'regex'\" -A 20   f.ts#funcName   f.md#'Heading'\n"
	"  exits     0 done \xC2\xB7 1 none/over cap \xC2\xB7 2 ambiguous \xC2\xB7 3 check failed (reverted) \xC2\xB7 4 over budget\n"
	"            5 changed since --if \xC2\xB7 6 outside tree \xC2\xB7 7 unsupported file \xC2\xB7 8 batch partly written\n"
	"  after an edit the changed region is in the output \xE2\x80\x94 do not cat or sed -n to check it\n";
/* Beyond 0.0.1, after the guide the spec documents (docs/differences.md): one call for each of
 * the intents agents otherwise spend two on. */
static const char beyond[] =
	"\n"
	"  symbols   lets show '#Name' (no path) finds the definition in the tree and prints it whole\n"
	"            lets find --def Name lists every definition \xC2\xB7 find -p heads hits by function\n"
	"            lets edit 'f.go#Name' --new - replaces the whole symbol, no --old needed\n"
	"  paths     lets paths '*.go' \xC2\xB7 lets paths '.golangci*' \xE2\x80\x94 file names by glob or regex\n"
	"  map       lets map [path]... \xE2\x80\x94 the tree's outline and its most-referenced definitions\n"
	"            as targets, within --budget \xC2\xB7 --focus f.go|dir/|'#Name' ranks around it\n"
	"  edit      --old matches across indentation and trailing whitespace (--exact: bytes only)\n"
	"            -w whole words \xC2\xB7 --line-hint N picks the match at line N \xC2\xB7 a refusal prints\n"
	"            the command that works next\n"
	"  batches   edit --from - JSONL: {\"file\",\"old\"|\"insert_after\"|\"insert_before\"|\"symbol\",\n"
	"            \"new\"} + \"all\" \"word\" \"line_hint\" \xC2\xB7 transform: {\"file\",\"set\",\"delete\",\"append\"}\n";

void guide_text(struct buf *out)
{
	struct buf left = BUF_INIT;
	buf_adds(out, head);
	for (size_t i = 0; i < verb_count; i++) {
		const struct verb *v = &verb_table[i];
		if (!v->guide)
			continue;
		buf_truncate(&left, 0);
		buf_addf(&left, "%-6s %s", v->name, v->guide_args);
		for (const char *line = v->guide; line;
		     line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL)
			buf_addf(out, "  %-30s%.*s\n", line == v->guide ? left.data : "",
				 (int)strcspn(line, "\n"), line);
	}
	buf_adds(out, tail);
	buf_adds(out, beyond);
	buf_release(&left);
}

verb_fn cmd_guide;
enum lets_err cmd_guide(const struct opts *o, struct buf *out, struct diag *d)
{
	(void)d;
	struct buf text = BUF_INIT;
	guide_text(&text);
	const struct out_member guide[] = {out_string("guide", text.data)};
	struct response r = {.report = guide, .n_report = 1, .text = text.data};
	response_emit(out, &r, opts_format(o), o->json_twin);
	buf_release(&text);
	return LETS_OK;
}
