/* The text renderer: numbered lines, block and change headers, rows, the footer and each
 * omission's words in it (output-format.md §1-§9, §11), and the one escape for paths. */
#include <stdio.h>
#include <string.h>

#include "../alloc.h"
#include "../utf8.h"
#include "internal.h"

/* Each marker with the tab after it, and how many bytes that is. */
static const struct {
	char s[4];
	size_t n;
} marker_tab[] = {
	[MK_NONE] = {" \t", 2},       [MK_REPLACED] = {"~\t", 2}, [MK_INSERTED] = {"+\t", 2},
	[MK_DELETED] = {"-\t", 2},    [MK_HIT] = {":\t", 2},      [MK_CONTEXT] = {"-\t", 2},
	[MK_GAP] = {"\xC2\xB7\t", 3},
};

static bool path_plain(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			return false;
	return utf8_valid(s, n);
}

void out_path_text(struct buf *b, const char *path)
{
	size_t n = strlen(path);
	if (path_plain(path, n)) {
		buf_add(b, path, n);
		return;
	}
	buf_adds(b, "$'");
	const unsigned char *p = (const unsigned char *)path, *end = p + n;
	while (p < end) {
		unsigned char c = *p;
		size_t l = c >= 0x80 ? utf8_seq_len(p, (size_t)(end - p)) : 1;
		if (c == '\n' || c == '\t' || c == '\r')
			buf_addf(b, "\\%c", c == '\n' ? 'n' : c == '\t' ? 't' : 'r');
		else if (c == '\\' || c == '\'')
			buf_addf(b, "\\%c", c);
		else if (c < 0x20 || c == 0x7f || !l)
			buf_addf(b, "\\x%02x", c);
		else
			buf_add(b, p, l);
		p += l ? l : 1;
	}
	buf_addc(b, '\'');
}

void plural(struct buf *b, long n, const char *one, const char *many)
{
	buf_addf(b, "%ld %s", n, n == 1 ? one : many);
}

/* "ignored 3 (gitignore 1 · hidden 2)": zero parts dropped, nothing at all when every part is 0. */
static void counted_parts(struct buf *b, const char *what, const char *const names[3], const long v[3])
{
	long total = v[0] + v[1] + v[2];
	if (!total)
		return;
	buf_addf(b, "%s %ld (", what, total);
	bool first = true;
	for (int i = 0; i < 3; i++) {
		if (!v[i])
			continue;
		buf_addf(b, "%s%s %ld", first ? "" : OUT_DOT, names[i], v[i]);
		first = false;
	}
	buf_addc(b, ')');
}

/* The gap line and the footer name a gap in the same words. */
void not_shown(struct buf *b, long a, long z)
{
	buf_addf(b, ":%ld-%ld not shown", a, z);
}

/* paths: the items are paths, printed as out_path_text writes them. */
static void joined_list(struct buf *b, char *const *items, size_t n, bool paths)
{
	for (size_t i = 0; i < n; i++) {
		buf_adds(b, i ? ", " : "");
		if (paths)
			out_path_text(b, items[i]);
		else
			buf_adds(b, items[i]);
	}
}

static void text_hit_cap(struct buf *b, const struct omission *om)
{
	buf_addf(b, "over the %ld-hit cap \xC2\xB7 %s", om->b,
		 om->s1 ? om->s1 : "narrow the pattern or the paths, or --files");
}

static void text_top_files(struct buf *b, const struct omission *om)
{
	buf_adds(b, "top ");
	plural(b, om->a, "file", "files");
	buf_adds(b, " shown");
}

static void text_check_skipped(struct buf *b, const struct omission *om)
{
	buf_addf(b, "check: skipped (%s)", om->s1);
}

static void text_normalized(struct buf *b, const struct omission *om)
{
	(void)om;
	buf_adds(b, "normalized");
}

static void text_partial_batch(struct buf *b, const struct omission *om)
{
	buf_adds(b, "wrote ");
	plural(b, (long)om->n_list, "file", "files");
	buf_adds(b, ": ");
	joined_list(b, om->list, om->n_list, true);
}

static void text_window(struct buf *b, const struct omission *om)
{
	not_shown(b, om->b + 1, om->c);
}

static void text_budget(struct buf *b, const struct omission *om)
{
	buf_addf(b, "budget %ld trimmed ", om->a);
	out_path_text(b, om->s1);
	if (om->b)
		buf_addf(b, " (:%ld-%ld not shown)", om->b, om->c);
}

static void text_ignored(struct buf *b, const struct omission *om)
{
	static const char *const names[3] = {"gitignore", "hidden", "other"};
	const long v[3] = {om->a, om->b, om->c};
	counted_parts(b, "ignored", names, v);
}

static void text_skipped(struct buf *b, const struct omission *om)
{
	static const char *const names[3] = {"binary", "too large", "unreadable"};
	const long v[3] = {om->a, om->b, om->c};
	counted_parts(b, "skipped", names, v);
}

static void text_unresolved(struct buf *b, const struct omission *om)
{
	out_path_text(b, om->s1);
	buf_addf(b, " failed (%s)", om->s2);
}

static void text_check_inconclusive(struct buf *b, const struct omission *om)
{
	buf_addf(b, "check: %s inconclusive (%s)", om->s1, om->s2);
}

static void text_long_lines_cut(struct buf *b, const struct omission *om)
{
	plural(b, om->a, "long line", "long lines");
	buf_adds(b, " cut");
}

static void text_output_trimmed(struct buf *b, const struct omission *om)
{
	buf_addf(b, "output over --max-bytes %ld: ", om->a);
	plural(b, om->b, "line", "lines");
	buf_adds(b, " not shown");
}

static void text_budget_list(struct buf *b, const struct omission *om)
{
	buf_addf(b, "budget %ld trimmed the list: ", om->a);
	plural(b, om->b, "file", "files");
	buf_adds(b, " not shown");
}

static void text_lossy_lines(struct buf *b, const struct omission *om)
{
	plural(b, om->a, "non-UTF-8 line", "non-UTF-8 lines");
	buf_adds(b, " shown lossily");
}

static void text_selector_resolved(struct buf *b, const struct omission *om)
{
	buf_addf(b, "%s \xE2\x86\x92 %s", om->s1, om->s2);
}

static void text_aliases_reached(struct buf *b, const struct omission *om)
{
	buf_addf(b, "%s reached %ld alias%s through its anchor", om->s1, om->a, om->a == 1 ? "" : "es");
}

static void text_glob(struct buf *b, const struct omission *om)
{
	buf_adds(b, "glob ");
	joined_list(b, om->list, om->n_list, false);
}

static void text_grep_style(struct buf *b, const struct omission *om)
{
	buf_addf(b, "\xC2\xAB%s\xC2\xBB had no hits, read grep-style as \xC2\xAB%s\xC2\xBB", om->s1, om->s2);
}

static void text_crlf_matched(struct buf *b, const struct omission *om)
{
	(void)om;
	buf_adds(b, "--old matched as CRLF");
}

static void text_ws_folded(struct buf *b, const struct omission *om)
{
	(void)om;
	buf_adds(b, "whitespace-folded");
}

static void text_reindented(struct buf *b, const struct omission *om)
{
	(void)om;
	buf_adds(b, "re-indented");
}

static void text_path_cap(struct buf *b, const struct omission *om)
{
	plural(b, om->b, "more path", "more paths");
	buf_addf(b, " over the %ld-path cap \xC2\xB7 narrow the pattern or raise --cap", om->a);
}

static void text_map_budget(struct buf *b, const struct omission *om)
{
	buf_addf(b, "budget %ld left out ", om->a);
	plural(b, om->b, "definition", "definitions");
	buf_adds(b, " in ");
	plural(b, om->c, "file", "files");
	buf_adds(b, " \xC2\xB7 raise --budget or --focus a path or #name");
}

static void text_unreadable(struct buf *b, const struct omission *om)
{
	out_path_text(b, om->s1);
	buf_adds(b, " unreadable");
}

static void text_xattrs_dropped(struct buf *b, const struct omission *om)
{
	(void)om;
	buf_adds(b, "xattrs dropped");
}

static void text_region_gap(struct buf *b, const struct omission *om)
{
	for (size_t i = 0; i < om->n_pairs; i++) {
		if (i)
			buf_adds(b, OUT_DOT);
		not_shown(b, om->pairs[2 * i], om->pairs[2 * i + 1]);
	}
}

static void text_match_limit(struct buf *b, const struct omission *om)
{
	buf_adds(b, "regex match limit hit in ");
	plural(b, om->a, "file", "files");
	buf_adds(b, ", searched only up to it \xC2\xB7 simplify the pattern");
}

/* Each kind's footer text ("" when it has nothing to say), indexed by kind. A new kind is a
 * text function above and its row here (and its JSON row in json.c). */
static void (*const om_text[])(struct buf *b, const struct omission *om) = {
	[OM_HIT_CAP] = text_hit_cap,
	[OM_TOP_FILES] = text_top_files,
	[OM_CHECK_SKIPPED] = text_check_skipped,
	[OM_NORMALIZED] = text_normalized,
	[OM_PARTIAL_BATCH] = text_partial_batch,
	[OM_WINDOW] = text_window,
	[OM_BUDGET] = text_budget,
	[OM_IGNORED] = text_ignored,
	[OM_SKIPPED] = text_skipped,
	[OM_UNRESOLVED] = text_unresolved,
	[OM_CHECK_INCONCLUSIVE] = text_check_inconclusive,
	[OM_LONG_LINES_CUT] = text_long_lines_cut,
	[OM_OUTPUT_TRIMMED] = text_output_trimmed,
	[OM_LOSSY_LINES] = text_lossy_lines,
	[OM_SELECTOR_RESOLVED] = text_selector_resolved,
	[OM_GLOB] = text_glob,
	[OM_GREP_STYLE] = text_grep_style,
	[OM_CRLF_MATCHED] = text_crlf_matched,
	[OM_UNREADABLE] = text_unreadable,
	[OM_XATTRS_DROPPED] = text_xattrs_dropped,
	[OM_REGION_GAP] = text_region_gap,
	[OM_MATCH_LIMIT] = text_match_limit,
	[OM_BUDGET_LIST] = text_budget_list,
	[OM_WS_FOLDED] = text_ws_folded,
	[OM_REINDENTED] = text_reindented,
	[OM_PATH_CAP] = text_path_cap,
	[OM_ALIASES_REACHED] = text_aliases_reached,
	[OM_MAP_BUDGET] = text_map_budget,
};
_Static_assert(sizeof(om_text) / sizeof(om_text[0]) == OM_KIND_COUNT,
	       "a footer text for every omission kind");

void omission_text(struct buf *b, const struct omission *om)
{
	om_text[om->kind](b, om);
}

void cost_text(struct buf *b, long tokens)
{
	if (tokens < 0)
		return;
	if (tokens < 100) {
		buf_addf(b, "~%ld tokens", tokens);
		return;
	}
	long tenths = (tokens + 50) / 100;
	buf_addf(b, "~%ld.%ldk tokens", tenths / 10, tenths % 10);
}

int num_width(long n)
{
	int w = 1;
	while (n >= 10) {
		n /= 10;
		w++;
	}
	return w;
}

void line_text(struct buf *b, const struct out_line *l, int width, bool numbers)
{
	if (numbers && l->marker == MK_GAP)
		buf_add_spaces(b, (size_t)width);
	else if (numbers)
		buf_add_num(b, l->number, (size_t)width);
	/* the rest in one reservation, written in place: this runs once per line of every response */
	size_t note = l->note ? strlen(l->note) : 0;
	buf_reserve(b, sizeof(marker_tab[0].s) + l->len + 10 + note + 1);
	char *p = b->data + b->len;
	if (numbers) {
		memcpy(p, marker_tab[l->marker].s, sizeof(marker_tab[0].s));
		p += marker_tab[l->marker].n;
	}
	if (l->len)
		memcpy(p, l->text, l->len);
	p += l->len;
	if (l->note) {
		memset(p, ' ', 10);
		memcpy(p + 10, l->note, note);
		p += 10 + note;
	}
	*p++ = '\n';
	*p = '\0';
	b->len = (size_t)(p - b->data);
}

void footer_text(struct buf *b, const char *lead, const struct omits *om, long tokens)
{
	size_t start = b->len;
	buf_adds(b, OUT_RULE);
	size_t body = b->len;
	if (lead && *lead)
		buf_adds(b, lead);
	for (size_t i = 0; om && i < om->n; i++) {
		size_t before = b->len;
		if (b->len > body)
			buf_adds(b, OUT_DOT);
		size_t seg = b->len;
		omission_text(b, &om->items[i]);
		if (b->len == seg)
			buf_truncate(b, before);
	}
	if (tokens >= 0) {
		if (b->len > body)
			buf_adds(b, OUT_DOT);
		cost_text(b, tokens);
	}
	if (b->len == body)
		buf_truncate(b, start);
	else
		buf_addc(b, '\n');
}

/* "line 5", "lines 1, 8", "lines 4-6, 9", at most 20 entries then " (+M more)". */
static void line_list_text(struct buf *b, const long *v, size_t n)
{
	buf_adds(b, n == 1 ? "line " : "lines ");
	size_t entries = 0, i = 0;
	long left = 0;
	while (i < n) {
		size_t j = i;
		while (j + 1 < n && v[j + 1] == v[j] + 1)
			j++;
		size_t run = j - i + 1;
		const char *sep = entries ? ", " : "";
		if (entries >= 20) {
			left += (long)run;
		} else if (run == 1 || (run == 2 && entries + 2 > 20)) {
			buf_addf(b, "%s%ld", sep, v[i]);
			entries++;
			left += (long)run - 1;
		} else if (run == 2) {
			buf_addf(b, "%s%ld, %ld", sep, v[i], v[j]);
			entries += 2;
		} else {
			buf_addf(b, "%s%ld-%ld", sep, v[i], v[j]);
			entries++;
		}
		i = j + 1;
	}
	if (left)
		buf_addf(b, " (+%ld more)", left);
}

/* A key path on the header line: a control character a key holds (a line break inside a quoted
 * key) is written as an escape, so the header stays one line; --json carries the key as it is. */
static void key_text(struct buf *b, const char *key)
{
	for (const char *k = key; *k; k++) {
		unsigned char c = (unsigned char)*k;
		if (c == '\n')
			buf_adds(b, "\\n");
		else if (c == '\r')
			buf_adds(b, "\\r");
		else if (c == '\t')
			buf_adds(b, "\\t");
		else if (c < 0x20 || c == 0x7f)
			buf_addf(b, "\\x%02x", c);
		else
			buf_addc(b, (char)c);
	}
}

/* "set a, b, delete c": the operations grouped by verb in first-appearance order. */
static void ops_text(struct buf *b, const struct out_op *ops, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		bool seen = false;
		for (size_t k = 0; k < i && !seen; k++)
			seen = !strcmp(ops[k].op, ops[i].op);
		if (seen)
			continue;
		buf_addf(b, "%s%s ", i ? ", " : "", ops[i].op);
		bool one = true;
		for (size_t m = i; m < n; m++)
			if (!strcmp(ops[m].op, ops[i].op)) {
				if (!one)
					buf_adds(b, ", ");
				key_text(b, ops[m].key);
				one = false;
			}
	}
}

/* "── path · …" and '\n': what the change did, in the words of output-format.md §3, §7. */
static void change_header_text(struct buf *b, const struct out_change *ch)
{
	buf_adds(b, OUT_RULE);
	out_path_text(b, ch->path);
	buf_adds(b, OUT_DOT);
	switch (ch->kind) {
	case CHG_REPLACE:
		plural(b, ch->count, "replacement", "replacements");
		buf_adds(b, OUT_DOT);
		line_list_text(b, ch->lines, ch->n_lines);
		if (!ch->reverted && ch->match)
			buf_addf(b, OUT_DOT "%s", ch->match);
		if (!ch->reverted && ch->resolver)
			buf_addf(b, OUT_DOT "%s", ch->resolver);
		break;
	case CHG_INSERT:
		buf_adds(b, "inserted ");
		plural(b, ch->count, "line", "lines");
		buf_addf(b, " %s %s", ch->side, ch->anchor_shown);
		break;
	case CHG_TRANSFORM:
		buf_addf(b, "%s" OUT_DOT, ch->format);
		ops_text(b, ch->ops, ch->n_ops);
		buf_addf(b, OUT_DOT "%s ", ch->n_lines == 1 ? "line" : "lines");
		for (size_t i = 0; i < ch->n_lines; i++)
			buf_addf(b, "%s%ld", i ? ", " : "", ch->lines[i]);
		break;
	case CHG_WRITE:
		buf_addf(b, "%s" OUT_DOT, ch->outcome);
		plural(b, ch->count, "line", "lines");
		buf_adds(b, OUT_DOT);
		plural(b, ch->bytes, "byte", "bytes");
		buf_adds(b, OUT_DOT "sha:");
		if (ch->sha_before)
			buf_addf(b, "%s\xE2\x86\x92", ch->sha_before);
		buf_adds(b, ch->sha_after);
		break;
	}
	if (ch->reverted)
		buf_adds(b, OUT_DOT "REVERTED");
	buf_addc(b, '\n');
}

/* The footer's lead for one change: its check and, but for a write (whose header has it), its sha. */
static void change_lead_text(struct buf *b, const struct out_change *ch)
{
	if (ch->reverted) {
		buf_addf(b, "check: %s \xE2\x86\x92 reverted" OUT_DOT "file unchanged" OUT_DOT "sha:%s",
			 ch->check.status, ch->sha_before);
		return;
	}
	if (ch->check.layer)
		buf_addf(b, "check: %s %s", ch->check.layer, ch->check.status);
	if (ch->kind == CHG_WRITE)
		return;
	buf_addf(b, "%ssha:%s", b->len ? OUT_DOT : "", ch->sha_before);
	if (strcmp(ch->sha_before, ch->sha_after))
		buf_addf(b, "\xE2\x86\x92%s", ch->sha_after);
	else if (ch->no_change)
		buf_adds(b, OUT_DOT "no change");
}

static int changes_width(const struct out_change *ch, size_t n)
{
	long widest = 1;
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; ch[i].region && k < ch[i].region->n_lines; k++) {
			const struct out_line *l = &ch[i].region->lines[k];
			if (l->marker != MK_GAP && l->number > widest)
				widest = l->number;
		}
	return num_width(widest);
}

static void changes_text(struct buf *b, const struct out_change *ch, size_t n)
{
	int width = changes_width(ch, n);
	for (size_t i = 0; i < n; i++) {
		change_header_text(b, &ch[i]);
		for (size_t k = 0; ch[i].region && k < ch[i].region->n_lines; k++)
			line_text(b, &ch[i].region->lines[k], width, true);
	}
}

void changes_stats(const struct out_change *ch, size_t n, bool headers, long *lines, long *bytes)
{
	struct buf head = BUF_INIT;
	*lines = *bytes = 0;
	for (size_t i = 0; i < n; i++) {
		if (headers) {
			buf_truncate(&head, 0);
			change_header_text(&head, &ch[i]);
			*bytes += (long)head.len;
		}
		for (size_t k = 0; ch[i].region && k < ch[i].region->n_lines; k++) {
			const struct out_line *l = &ch[i].region->lines[k];
			(*lines)++;
			*bytes += (long)line_cost(l);
			if (headers && l->note)
				*bytes += 10 + (long)strlen(l->note);
		}
	}
	buf_release(&head);
}

static void block_header_text(struct buf *b, const struct out_block *blk)
{
	buf_adds(b, OUT_RULE);
	out_path_text(b, blk->target);
	if (blk->has_range) {
		buf_addf(b, "  (%ld-%ld of %ld", blk->start, blk->end, blk->total);
		if (blk->window)
			buf_addf(b, OUT_DOT "window %ld", blk->window);
		if (blk->not_shown_a)
			buf_addf(b, OUT_DOT ":%ld-%ld not shown", blk->not_shown_a, blk->not_shown_b);
		if (blk->resolver)
			buf_addf(b, OUT_DOT "via %s", blk->resolver);
		buf_addc(b, ')');
	}
	if (blk->crlf)
		buf_adds(b, OUT_DOT "crlf");
	if (blk->n_lossy) {
		buf_adds(b, blk->n_lossy == 1 ? OUT_DOT "non-UTF-8 line " : OUT_DOT "non-UTF-8 lines ");
		size_t shown = blk->n_lossy < 5 ? blk->n_lossy : 5;
		for (size_t i = 0; i < shown; i++)
			buf_addf(b, "%s%ld", i ? ", " : "", blk->lossy_lines[i]);
		if (blk->n_lossy > shown)
			buf_addf(b, " (+%zu more)", blk->n_lossy - shown);
	}
	buf_addf(b, OUT_DOT "sha:%s\n", blk->sha);
}

/* find --def: "── path#Name  (kind · lines a-b[ · via heuristic (plaintext)])". */
static void def_header_text(struct buf *b, const struct out_block *blk)
{
	buf_adds(b, OUT_RULE);
	out_path_text(b, blk->target);
	buf_addf(b, "  (%s" OUT_DOT, blk->kind);
	if (blk->span_start == blk->span_end)
		buf_addf(b, "line %ld", blk->span_start);
	else
		buf_addf(b, "lines %ld-%ld", blk->span_start, blk->span_end);
	if (blk->resolver)
		buf_addf(b, OUT_DOT "via %s", blk->resolver);
	buf_adds(b, ")\n");
}

/* Room for blocks_text's bytes, from the widest line number: the lines' text, their number
 * columns, and 256 bytes a block for its header (more only grows the buffer as before). */
static size_t blocks_room(const struct response *r, long *widest)
{
	size_t room = 0, lines = 0;
	*widest = 1;
	for (size_t i = 0; i < r->n_blocks; i++) {
		const struct out_block *blk = &r->blocks[i];
		room = xadd(room, 256 + strlen(blk->target));
		lines += blk->n_lines;
		for (size_t j = 0; j < blk->n_lines; j++) {
			room = xadd(room, blk->lines[j].len);
			if (blk->lines[j].number > *widest)
				*widest = blk->lines[j].number;
		}
	}
	/* per line: its number, a 2-byte marker, the tab, '\n' and a grouped find's "--\n" */
	return xadd(room, lines * ((size_t)num_width(*widest) + 8));
}

static void blocks_text(struct buf *b, const struct response *r)
{
	long widest;
	/* sized once: growing by doubling would copy the response so far each time, into new pages */
	buf_reserve(b, blocks_room(r, &widest));
	int width = num_width(widest);
	for (size_t i = 0; i < r->n_blocks; i++) {
		const struct out_block *blk = &r->blocks[i];
		if (r->header == HDR_TARGET)
			block_header_text(b, blk);
		else if (blk->kind)
			def_header_text(b, blk);
		else {
			buf_adds(b, OUT_RULE);
			out_path_text(b, blk->target);
			buf_addc(b, '\n');
		}
		for (size_t j = 0; !r->quiet && j < blk->n_lines; j++) {
			if (r->group_lines && j && blk->lines[j].number > blk->lines[j - 1].number + 1)
				buf_adds(b, "--\n"); /* grep's and rg's separator between context groups */
			line_text(b, &blk->lines[j], width, r->numbers);
		}
	}
}

/* Count rows right-aligned to the widest count, then sep and the path. */
static void rows_text(struct buf *b, const struct out_row *rows, size_t n, bool counted, const char *sep)
{
	long widest = 0;
	for (size_t i = 0; counted && i < n; i++)
		if (rows[i].count > widest)
			widest = rows[i].count;
	int width = num_width(widest);
	for (size_t i = 0; i < n; i++) {
		if (counted)
			buf_addf(b, "%*ld%s", width, rows[i].count, sep);
		out_path_text(b, rows[i].path);
		buf_addc(b, '\n');
	}
}

static void tally_text(struct buf *b, const struct out_tally *rows, size_t n)
{
	size_t w = 0, digits = 1;
	for (size_t i = 0; i < n; i++) {
		char num[32];
		size_t len = strlen(rows[i].indent) + strlen(rows[i].label);
		size_t nd = (size_t)snprintf(num, sizeof(num), "%ld", rows[i].count);
		w = len > w ? len : w;
		digits = nd > digits ? nd : digits;
	}
	for (size_t i = 0; i < n; i++)
		buf_addf(b, "%s%-*s  %*ld\n", rows[i].indent, (int)(w - strlen(rows[i].indent)),
			 rows[i].label, (int)digits, rows[i].count);
}

/* A report: its rows, its words, then its footer (no cost: no file was read). */
static void report_text(struct buf *b, const struct response *r)
{
	tally_text(b, r->tally, r->n_tally);
	if (r->text)
		buf_adds(b, r->text);
	footer_text(b, r->lead, r->om, -1);
}

void response_text(struct buf *b, const struct response *r)
{
	if (r->report) {
		report_text(b, r);
		return;
	}
	long tokens = r->no_cost ? -1 : tokens_est(r->bytes);
	if (r->cost_first && tokens >= 0) {
		buf_adds(b, OUT_RULE);
		cost_text(b, tokens);
		buf_addc(b, '\n');
	}
	struct buf lead = BUF_INIT;
	if (!r->lead && r->changes)
		change_lead_text(&lead, &r->changes[0]);
	const char *lead_text = r->lead ? r->lead : buf_str(&lead);
	if (r->footer_first)
		footer_text(b, lead_text, r->om, tokens);
	if (r->changes) {
		if (!r->quiet)
			changes_text(b, r->changes, r->n_changes);
	} else if (r->blocks)
		blocks_text(b, r);
	else if (r->top && !r->quiet) {
		rows_text(b, r->top, r->n_top, true, "\t");
		if (r->top_more) {
			buf_adds(b, "\xE2\x80\xA6 ");
			plural(b, r->top_more, "more file", "more files");
			buf_addc(b, '\n');
		}
	} else if (!r->quiet) {
		rows_text(b, r->rows, r->n_rows, r->rows_counted, "  ");
	}
	if (!r->footer_first)
		footer_text(b, lead_text, r->om, tokens);
	buf_release(&lead);
}
