#include "verbs.h"

const char lets_guide_text[] =
	"lets \xE2\x80\x94 Locate \xC2\xB7 Edit \xC2\xB7 Transform \xC2\xB7 Show          one call, bounded output, post-state returned\n"
	"\n"
	"  show   <target>...            read files, ranges, anchors, symbols \xE2\x80\x94 several per call\n"
	"  find   <pattern> [path]...    search; hits print as path:line; capped at 50, says so\n"
	"                                -F/-i/-w \xC2\xB7 -A/-B/-C context \xC2\xB7 --files/-l \xC2\xB7 --count/-c\n"
	"                                grep's -n/--line-number -r -R -E -H are accepted as no-ops\n"
	"  edit   <target> --old --new   exact-once replace; --all; --insert-after; --from - for batches\n"
	"  transform <file> --set k=v    --append k=v; JSON/YAML/TOML/frontmatter keys, formatting preserved\n"
	"  write  <path> < stdin         create a file; refuses to overwrite without --force\n"
	"\n"
	"  targets   f.ts   f.ts:40-80   \"f.ts@'regex'\" -A 20   f.ts#funcName   f.md#'Heading'\n"
	"  exits     0 done \xC2\xB7 1 none/over cap \xC2\xB7 2 ambiguous \xC2\xB7 3 check failed (reverted) \xC2\xB7 4 over budget\n"
	"            5 changed since --if \xC2\xB7 6 outside tree \xC2\xB7 7 unsupported file \xC2\xB7 8 batch partly written\n"
	"  after an edit the changed region is in the output \xE2\x80\x94 do not cat or sed -n to check it\n";

enum lets_err cmd_guide(const struct opts *o, struct buf *out, struct diag *d)
{
	(void)d;
	const struct out_member guide[] = {out_string("guide", lets_guide_text)};
	struct response r = {.report = guide, .n_report = 1, .text = lets_guide_text};
	response_emit(out, &r, opts_format(o), o->json_twin);
	return LETS_OK;
}
