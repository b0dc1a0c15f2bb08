/* Where an edit's --old occurs in the working copy, and which occurrence it means: the exact
 * search, whitespace folding (--exact off) and --normalize's word match; --line-hint, -w and the
 * refusals when none or several match (not_found, ambiguous). Apart from engine.c, which applies
 * the chosen occurrences to the bytes, because this half only reads the file and decides. */
#include "job.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../buf.h"
#include "../file.h"
#include "../fuzzy.h"
#include "../json.h"
#include "../match.h"
#include "../opt.h"
#include "../output.h"
#include "../utf8.h"
#include "advice.h"
#include "words.h"

static void find_all(const char *hay, size_t hay_len, size_t base, const char *needle, size_t n,
		     struct occs *out)
{
	if (!n || n > hay_len)
		return;
	const char *p = hay, *end = hay + hay_len;
	while ((size_t)(end - p) >= n) {
		const char *hit = memmem(p, (size_t)(end - p), needle, n);
		if (!hit)
			break;
		XGROW(out->v, out->cap, out->n + 1);
		out->v[out->n].start = base + (size_t)(hit - hay);
		out->v[out->n].end = base + (size_t)(hit - hay) + n;
		out->n++;
		p = hit + n;
	}
}

/* --old missed: what would have matched instead, the nearest line and the nearest regions. */
enum lets_err not_found(struct job *j, long first, long last, long norm_line,
			const struct fold_region *folded)
{
	const struct edit_req *rq = j->rq;
	struct buf m = BUF_INIT;
	char old[16], exact[16], norm[24];
	opt_noun(old, sizeof(old), rq->tool_terms, "old");
	if (folded)
		buf_addf(&m, "%s (a whitespace-folded match exists at %s %ld", old,
			 folded->first == folded->last ? "line" : "lines", folded->first);
	if (folded && folded->last != folded->first)
		buf_addf(&m, "-%ld", folded->last);
	if (folded)
		buf_addf(&m, " \xE2\x80\x94 drop %s) not found in %s",
			 opt_noun(exact, sizeof(exact), rq->tool_terms, "exact"), rq->target_text);
	else if (norm_line)
		buf_addf(&m,
			 "%s (a normalized match exists at line %ld \xE2\x80\x94 pass %s) not found in %s",
			 old, norm_line, opt_say(norm, sizeof(norm), rq->tool_terms, "normalize", NULL),
			 rq->target_text);
	else
		buf_addf(&m, "%s not found in %s", old, rq->target_text);
	struct advice_near_set ns = {0};
	if (!norm_line && !folded)
		advice_near_scan(j->f, first, last, rq->old, rq->old_len, &ns);
	long near = folded ? folded->first : norm_line ? norm_line : ns.line;
	if (near) {
		buf_addf(&m, "\n  nearest: line %ld\t", near);
		file_line_display(&m, j->f, (size_t)near, NULL, NULL);
		if (!norm_line && !folded)
			buf_addf(&m, "\n  similarity: %d%%", ns.score);
	}
	if (folded) {
		buf_adds(&m, "\n  apply it: ");
		advice_command(&m, rq, 0, 1);
	} else if (!norm_line) {
		advice_nearest(&m, j->f, &ns, rq->old, rq->old_len);
	}
	diag_add(j->d, E_NOT_FOUND, "%s", m.data);
	buf_release(&m);
	return E_NOT_FOUND;
}

static long occ_first_line(const struct file *f, const struct occ *o)
{
	return file_line_at(f, o->start);
}

static long occ_last_line(const struct file *f, const struct occ *o)
{
	return file_line_at(f, o->end > o->start ? o->end - 1 : o->start);
}

/* Line l of the working copy as the agent numbers it: a line of the file as read. */
long shown_line(const struct job *j, long l)
{
	return edit_history_back(j->rq->history, l);
}

/* Every candidate as path:line, then the command that picks each one (--line-hint). */
enum lets_err ambiguous(struct job *j, const struct occs *oc)
{
	struct file *f = j->f;
	struct buf m = BUF_INIT;
	long *lines = xmalloc(oc->n * sizeof(*lines)), *shown = xmalloc(oc->n * sizeof(*shown));
	for (size_t i = 0; i < oc->n; i++) {
		lines[i] = occ_first_line(f, &oc->v[i]);
		shown[i] = shown_line(j, lines[i]);
	}
	buf_addf(&m, "%s is ambiguous (%zu candidates)", f->path, oc->n);
	advice_candidates(&m, f, lines, shown, oc->n);
	if (j->rq->line_hint)
		buf_addf(&m, "\n  line hint %ld is in none of them", j->rq->line_hint);
	for (size_t i = 0; i < oc->n && oc->n <= ADVICE_PICKS_LISTED; i++) {
		buf_addf(&m, "\n  pick line %ld: ", shown[i]);
		advice_command(&m, j->rq, shown[i], 0);
	}
	if (oc->n > ADVICE_PICKS_LISTED) {
		buf_adds(&m, "\n  pick one: ");
		advice_command(&m, j->rq, -1, 0);
	}
	free(lines);
	free(shown);
	diag_add(j->d, E_AMBIGUOUS, "%s", m.data);
	buf_release(&m);
	return E_AMBIGUOUS;
}

/* --line-hint: of several occurrences, keeps the one whose lines hold the hint. A hint in none of
 * them, or a single occurrence elsewhere, is refused: a hint never moves an edit. */
enum lets_err apply_hint(struct job *j, struct occs *oc)
{
	long h = j->hint;
	if (!h || j->rq->all || !oc->n)
		return LETS_OK;
	size_t keep = 0, hits = 0;
	for (size_t i = 0; i < oc->n; i++)
		if (occ_first_line(j->f, &oc->v[i]) <= h && h <= occ_last_line(j->f, &oc->v[i]))
			keep = i, hits++;
	if (hits == 1) {
		oc->v[0] = oc->v[keep];
		oc->n = 1;
		return LETS_OK;
	}
	if (oc->n > 1)
		return ambiguous(j, oc);
	long at = shown_line(j, occ_first_line(j->f, &oc->v[0]));
	char old[16], hint[48], num[24];
	snprintf(num, sizeof(num), "%ld", at);
	return diag_add(j->d, E_NOT_FOUND,
			"%s not found at line %ld of %s \xC2\xB7 its one match is at line %ld: re-read it, "
			"or pass %s",
			opt_noun(old, sizeof(old), j->rq->tool_terms, "old"), j->rq->line_hint,
			j->rq->target_text, at,
			opt_say(hint, sizeof(hint), j->rq->tool_terms, "line-hint", num));
}

/* -w: keeps the occurrences that neither start nor end inside an identifier (words.h). */
void words_only(struct job *j, struct occs *oc)
{
	struct words w = WORDS_INIT;
	words_init(&w, j->f->path);
	size_t kept = 0;
	for (size_t i = 0; i < oc->n; i++)
		if (!words_splits(&w, j->f->data, j->f->size, oc->v[i].start, oc->v[i].end))
			oc->v[kept++] = oc->v[i];
	oc->n = kept;
	words_release(&w);
}

/* --all of an --old that is one identifier, some of whose matches sit inside longer identifiers
 * (ref in pullSpanPrefix): refused, naming the lines and the command for each reading, -w and
 * --substring. -w or --substring already said which. */
enum lets_err inside_words(struct job *j, const struct occs *oc)
{
	const struct edit_req *rq = j->rq;
	if (!rq->all || rq->word || rq->substring || !oc->n)
		return LETS_OK;
	struct file *f = j->f;
	struct words w = WORDS_INIT;
	words_init(&w, f->path);
	long *lines = NULL, *shown = NULL;
	size_t n = 0, inside = 0;
	if (words_identifier(&w, rq->old, rq->old_len)) {
		lines = xmalloc(oc->n * sizeof(*lines));
		shown = xmalloc(oc->n * sizeof(*shown));
		for (size_t i = 0; i < oc->n; i++) {
			if (!words_splits(&w, f->data, f->size, oc->v[i].start, oc->v[i].end))
				continue;
			long l = occ_first_line(f, &oc->v[i]);
			inside++;
			if (!n || lines[n - 1] != l)
				lines[n] = l, shown[n++] = shown_line(j, l);
		}
	}
	words_release(&w);
	enum lets_err err = LETS_OK;
	if (inside) {
		struct buf m = BUF_INIT;
		char old[16];
		buf_addf(&m, "%s is ambiguous (%zu of the %zu matches of %s sit inside longer identifiers)",
			 f->path, inside, oc->n, opt_noun(old, sizeof(old), rq->tool_terms, "old"));
		advice_candidates(&m, f, lines, shown, n);
		if (inside < oc->n) {
			buf_addf(&m, "\n  whole words only (%zu): ", oc->n - inside);
			advice_command_flag(&m, rq, "-w", "word");
		}
		buf_addf(&m, "\n  inside identifiers too (%zu): ", oc->n);
		advice_command_flag(&m, rq, "--substring", "substring");
		err = diag_add(j->d, E_AMBIGUOUS, "%s", m.data);
		buf_release(&m);
	}
	free(lines);
	free(shown);
	return err;
}

/* Appends "c → a" for the foldable character at p unless seen lists it; returns its length. */
static size_t fold_note(struct buf *b, struct buf *seen, size_t start, const char *p, size_t n)
{
	char ascii;
	size_t len = fuzzy_fold_char(p, n, &ascii);
	if (!len)
		return 1;
	struct buf one = BUF_INIT;
	buf_add(&one, p, len);
	buf_addc(&one, '\n');
	if (!(seen->len && strstr(seen->data, one.data))) {
		buf_add(seen, one.data, one.len);
		if (b->len > start)
			buf_adds(b, ", ");
		buf_add(b, p, len);
		buf_addf(b, " \xE2\x86\x92 %c", ascii);
	}
	buf_release(&one);
	return len;
}

/* "normalized (– → -)": each folded character the match covered, once. */
char *normalized_word(const struct file *f, const struct occs *oc)
{
	struct buf b = BUF_INIT, seen = BUF_INIT;
	buf_adds(&b, "normalized (");
	size_t start = b.len;
	for (size_t i = 0; i < oc->n; i++)
		for (size_t p = oc->v[i].start; p < oc->v[i].end;)
			p += fold_note(&b, &seen, start, f->data + p, oc->v[i].end - p);
	buf_addc(&b, ')');
	buf_release(&seen);
	if (b.len == start + 1) {
		buf_release(&b);
		return xstrdup("normalized");
	}
	return buf_detach(&b);
}

/* --old's occurrences in bytes [sb, se), as typed or with its line breaks made the file's. */
enum lets_err find_old(struct job *j, size_t sb, size_t se, struct occs *oc)
{
	const struct file *f = j->f;
	const char *old = j->rq->old;
	size_t ol = j->rq->old_len, cl;
	char *conv = NULL;
	find_all(f->data + sb, se - sb, sb, old, ol, oc);
	bool typed_crlf = memmem(old, ol, "\r\n", 2) != NULL;
	if (!oc->n && memchr(old, '\n', ol) && !typed_crlf && f->crlf_lines) {
		char noun[16];
		if (f->lf_lines)
			return diag_add(
				j->d, E_MIXED_ENDINGS,
				"%s spans lines, and %s mixes CRLF and LF endings \xC2\xB7 match one line at "
				"a time, or type \\r\\n where the file has CRLF",
				opt_noun(noun, sizeof(noun), j->rq->tool_terms, "old"), f->path);
		conv = convert_endings(old, ol, true, &cl);
		find_all(f->data + sb, se - sb, sb, conv, cl, oc);
		j->r->crlf_matched = oc->n > 0;
	} else if (!oc->n && typed_crlf && !f->crlf_lines) {
		conv = convert_endings(old, ol, false, &cl);
		find_all(f->data + sb, se - sb, sb, conv, cl, oc);
	}
	free(conv);
	return LETS_OK;
}

/* --old's occurrences in bytes [sb, se) with both sides folded; returns the first one's line, 0
 * when there is none. */
long find_folded(struct job *j, size_t sb, size_t se, struct occs *oc)
{
	const struct file *f = j->f;
	size_t *map = NULL, fl, fol;
	char *fo = fuzzy_fold(j->rq->old, j->rq->old_len, NULL, &fol);
	if (!fuzzy_foldable(f->data + sb, se - sb)) {
		/* the bytes fold to themselves: no copy of them, no byte map 8 times their size */
		find_all(f->data + sb, se - sb, sb, fo, fol, oc);
		free(fo);
		return oc->n ? file_line_at(f, oc->v[0].start) : 0;
	}
	char *fh = fuzzy_fold(f->data + sb, se - sb, &map, &fl);
	struct occs folded = {0};
	find_all(fh, fl, 0, fo, fol, &folded);
	for (size_t i = 0; i < folded.n; i++) {
		XGROW(oc->v, oc->cap, oc->n + 1);
		oc->v[oc->n].start = sb + map[folded.v[i].start];
		oc->v[oc->n].end = sb + map[folded.v[i].end];
		oc->n++;
	}
	free(fh);
	free(fo);
	free(map);
	free(folded.v);
	return oc->n ? file_line_at(f, oc->v[0].start) : 0;
}

/* A folded match that would change whitespace inside a multi-line literal: refused, naming the
 * show that prints those lines as they are. */
static enum lets_err literal_changed(struct job *j, const struct fold_region *fr, long lit)
{
	struct buf m = BUF_INIT, t = BUF_INIT;
	char old[16];
	buf_addf(&m,
		 "%s matches lines %ld-%ld of %s only with the whitespace inside a multi-line literal "
		 "changed (line %ld), where whitespace is content \xC2\xB7 give those lines as ",
		 opt_noun(old, sizeof(old), j->rq->tool_terms, "old"), fr->first, fr->last, j->f->path, lit);
	buf_addf(&t, "%s:%ld-%ld", j->f->path, fr->first, fr->last);
	if (j->rq->tool_terms) {
		buf_adds(&m, "show {\"targets\": [");
		json_cstr(&m, t.data);
		buf_adds(&m, "]}");
	} else {
		buf_addf(&m, "lets show %s", t.data);
	}
	buf_adds(&m, " prints them");
	diag_add(j->d, E_NOT_FOUND, "%s", m.data);
	buf_release(&m);
	buf_release(&t);
	return E_NOT_FOUND;
}

/* Whitespace folding, when --old had no exact match: the one folded region, or a refusal. Fills
 * oc with the region and *rep with --new re-indented for it. */
enum lets_err take_folded(struct job *j, struct fold_region *fr, size_t nf, struct occs *oc, char **rep,
			  size_t *rl)
{
	for (size_t i = 0; i < nf; i++) {
		XGROW(oc->v, oc->cap, oc->n + 1);
		oc->v[oc->n++] = (struct occ){fr[i].start, fr[i].end};
	}
	if (oc->n > 1 && j->hint) {
		enum lets_err err = apply_hint(j, oc);
		if (err)
			return err;
	}
	if (oc->n > 1)
		return ambiguous(j, oc);
	size_t k = 0;
	while (fr[k].start != oc->v[0].start)
		k++;
	size_t al;
	long lit;
	char *adapted = adapt_new(j, &al);
	*rep = fold_reindent(j->f, &fr[k], j->rq->old, j->rq->old_len, adapted, al, rl, &lit);
	if (!*rep) {
		free(adapted);
		return literal_changed(j, &fr[k], lit);
	}
	j->r->reindented = *rl != al || memcmp(*rep, adapted, al);
	free(adapted);
	j->r->kind = EDIT_MATCH_FOLDED;
	j->r->match = xstrdup("whitespace-folded");
	return LETS_OK;
}
