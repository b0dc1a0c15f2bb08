#include "engine.h"

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
#include "../target.h"
#include "../utf8.h"
#include "../symbols/lexical.h"
#include "advice.h"
#include "anchor.h"
#include "indent.h"
#include "words.h"
#include "place.h"
#include "job.h"

/* s with its line endings made CRLF (crlf) or LF. */
char *convert_endings(const char *s, size_t n, bool crlf, size_t *out_len)
{
	struct buf b = BUF_INIT;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\r' && i + 1 < n && s[i + 1] == '\n') {
			buf_adds(&b, crlf ? "\r\n" : "\n");
			i++;
		} else if (s[i] == '\n') {
			buf_adds(&b, crlf ? "\r\n" : "\n");
		} else {
			buf_addc(&b, s[i]);
		}
	}
	*out_len = b.len;
	return buf_detach(&b);
}

static void add_sorted(long **v, size_t *n, size_t *cap, long x)
{
	if (*n && (*v)[*n - 1] >= x)
		return;
	XGROW(*v, *cap, *n + 1);
	(*v)[(*n)++] = x;
}

static void result_add_line(struct edit_result *r, long n)
{
	add_sorted(&r->lines, &r->n_lines, &r->cap_lines, n);
}

static void result_mark(struct edit_result *r, long n)
{
	add_sorted(&r->marked, &r->n_marked, &r->cap_marked, n);
}

/* Records the lines a replacement starting at byte s of the new bytes covers. */
static void add_replaced_lines(struct job *j, size_t s, size_t rep_len)
{
	struct file *f = j->f;
	size_t e = s + rep_len; /* exclusive */
	long a = file_line_at(f, s < f->size ? s : (f->size ? f->size - 1 : 0));
	long z = a;
	if (e > s)
		z = file_line_at(
			f, e - 1); /* a replacement ending in a newline ends on that line, not the next */
	if (!f->n_lines)
		return;
	if (a > (long)f->n_lines)
		a = (long)f->n_lines;
	if (z < a)
		z = a;
	for (long l = a; l <= z; l++)
		result_add_line(j->r, l);
}

/* The start of the line holding byte s of d. */
static size_t line_start(const char *d, size_t s)
{
	while (s && d[s - 1] != '\n')
		s--;
	return s;
}

/* The end of the line holding byte e of d (n bytes), its newline included. */
static size_t line_end(const char *d, size_t n, size_t e)
{
	while (e < n && d[e] != '\n')
		e++;
	return e + (e < n);
}

/* The whole lines around bytes [s, e) of d (n bytes): from the start of s's line to the end of
 * the line e falls in, or to e when e ends a line. */
static void line_span(const char *d, size_t n, size_t s, size_t e, size_t *a, size_t *z)
{
	*a = line_start(d, s);
	*z = e > *a && d[e - 1] == '\n' ? e : line_end(d, n, e);
}

/* The end of the line span of the run of occurrences from i that share a line: the run ends
 * before the first occurrence starting at or after the span's end, at *next. */
static size_t run_span_end(const char *d, size_t n, const struct occs *oc, size_t i, size_t z, size_t *next)
{
	for (i++; i < oc->n && oc->v[i].start < z; i++)
		if (oc->v[i].end > z)
			z = d[oc->v[i].end - 1] == '\n' ? oc->v[i].end : line_end(d, n, oc->v[i].end);
	*next = i;
	return z;
}

/* Bytes of the next line of [p, end), its newline included. */
static size_t next_line(const char *p, const char *end)
{
	const char *nl = memchr(p, '\n', (size_t)(end - p));
	return nl ? (size_t)(nl - p) + 1 : (size_t)(end - p);
}

/* Marks the lines of the new span [na, nz) whose bytes differ from the old span [oa, oz): a line
 * diff trimmed of the lines both share at either end. */
static void mark_changed(struct job *j, const char *od, size_t oa, size_t oz, size_t na, size_t nz)
{
	const char *nd = j->f->data;
	while (oa < oz && na < nz) {
		size_t lo = next_line(od + oa, od + oz), ln = next_line(nd + na, nd + nz);
		if (lo != ln || memcmp(od + oa, nd + na, lo))
			break;
		oa += lo, na += ln;
	}
	while (oz > oa && nz > na) {
		size_t lo = 1, ln = 1;
		while (oz - lo > oa && od[oz - lo - 1] != '\n')
			lo++;
		while (nz - ln > na && nd[nz - ln - 1] != '\n')
			ln++;
		if (lo != ln || memcmp(od + oz - lo, nd + nz - ln, lo))
			break;
		oz -= lo, nz -= ln;
	}
	if (nz <= na)
		return;
	for (long l = file_line_at(j->f, na), z = file_line_at(j->f, nz - 1); l <= z; l++)
		result_mark(j->r, l);
}

/* Records each occurrence's lines and how far it moves the lines after it (edit_history). */
static void record_shifts(struct job *j, const struct occs *oc, size_t rep_len, const char *rep)
{
	const struct file *f = j->f;
	long added = (long)file_count_newlines(rep, rep_len);
	for (size_t i = 0; i < oc->n; i++) {
		const struct occ *o = &oc->v[i];
		long first = o->start < f->size ? file_line_at(f, o->start) : (long)f->n_lines + 1;
		long last = o->end > o->start ? file_line_at(f, o->end - 1) : first - 1;
		long removed = (long)file_count_newlines(f->data + o->start, o->end - o->start);
		struct edit_result *r = j->r;
		XGROW(r->shifts, r->cap_shifts, r->n_shifts + 1);
		r->shifts[r->n_shifts++] = (struct edit_shift){first, last, added - removed};
	}
}

/* Splices occurrences (sorted, non-overlapping) of the working copy with rep; records the
 * lines of the result each replacement covers, and those whose bytes changed. */
static void splice(struct job *j, const struct occs *oc, const char *rep, size_t rep_len)
{
	struct file *f = j->f;
	struct buf b = BUF_INIT;
	record_shifts(j, oc, rep_len, rep);
	size_t prev = 0;
	size_t *new_starts = xmalloc((oc->n ? oc->n : 1) * sizeof(*new_starts));
	for (size_t i = 0; i < oc->n; i++) {
		buf_add(&b, f->data + prev, oc->v[i].start - prev);
		new_starts[i] = b.len;
		buf_add(&b, rep, rep_len);
		prev = oc->v[i].end;
	}
	buf_add(&b, f->data + prev, f->size - prev);
	size_t len = b.len, old_size = f->size;
	char *od = f->data;
	bool od_shared = f->data_shared;
	f->data = NULL; /* kept for the marks below: replacing must not free it */
	f->data_shared = false;
	file_replace_data(f, buf_detach(&b), len);
	for (size_t i = 0; i < oc->n; i++)
		add_replaced_lines(j, new_starts[i], rep_len);
	/* Occurrences sharing a line are one change, diffed once: one per occurrence would scan a
	 * long line as often as it holds matches. The bytes between a run's lines and its first and
	 * last occurrence are unchanged, so the new span is the old one moved. */
	for (size_t i = 0, next; i < oc->n; i = next) {
		size_t oa, oz;
		line_span(od, old_size, oc->v[i].start, oc->v[i].end, &oa, &oz);
		oz = run_span_end(od, old_size, oc, i, oz, &next);
		size_t last = next - 1;
		size_t na = new_starts[i] - (oc->v[i].start - oa);
		size_t nz = new_starts[last] + rep_len + (oz - oc->v[last].end);
		mark_changed(j, od, oa, oz, na, nz);
	}
	if (!od_shared)
		free(od);
	free(new_starts);
}

/* Replaces bytes [start, end) of the working copy with rep, which it frees. */
static void splice_one(struct job *j, size_t start, size_t end, char *rep, size_t rep_len)
{
	struct occ one = {start, end};
	struct occs oc = {&one, 1, 1};
	splice(j, &oc, rep, rep_len);
	free(rep);
}

static bool region_valid_utf8(struct job *j, size_t start, size_t end)
{
	if (utf8_valid(j->f->data + start, end - start))
		return true;
	diag_add(j->d, E_UNSUPPORTED_FILE, "%s is unsupported: non-UTF-8 region", j->f->path);
	return false;
}

/* rep (heap, *len bytes) with nl appended. */
static char *append_newline(char *rep, size_t *len, const char *nl)
{
	size_t n = strlen(nl);
	rep = xrealloc(rep, *len + n + 1);
	memcpy(rep + *len, nl, n + 1);
	*len += n;
	return rep;
}

/* --new with the file's dominant line ending, unless --literal-newlines. */
char *adapt_new(const struct job *j, size_t *len)
{
	const struct edit_req *rq = j->rq;
	if (rq->literal_newlines) {
		*len = rq->new_len;
		return xstrndup(rq->new_text, rq->new_len);
	}
	return convert_endings(rq->new_text, rq->new_len, file_crlf(j->f), len);
}

static const char *file_newline(const struct file *f)
{
	return file_crlf(f) ? "\r\n" : "\n";
}

/* A confirmation that does not hold: the line as it reads now, and how to confirm it instead. */
static enum lets_err expect_refused(struct job *j, long line, const char *flag, const char *instead)
{
	struct buf m = BUF_INIT;
	buf_addf(&m, "%s: line %ld does not match %s \xC2\xB7 it reads: ", j->rq->target_text, line, flag);
	file_line_display(&m, j->f, (size_t)line, NULL, NULL);
	char sha[24], if_sha[48];
	snprintf(sha, sizeof(sha), "sha:%s", file_sha(j->f));
	buf_addf(&m, " \xC2\xB7 re-read it, or confirm with %s%s", instead,
		 opt_say(if_sha, sizeof(if_sha), j->rq->tool_terms, "if", sha));
	diag_add(j->d, E_EXPECT_REFUSED, "%s", m.data);
	buf_release(&m);
	return E_EXPECT_REFUSED;
}

/* --expect: the one line first..last names reads the expected text, both trimmed. */
static enum lets_err confirm_line(struct job *j, long first, long last)
{
	bool tt = j->rq->tool_terms;
	char expect[16], all[32], sha[24], if_sha[48];
	opt_noun(expect, sizeof(expect), tt, "expect");
	if (first != last) {
		snprintf(sha, sizeof(sha), "sha:%s", file_sha(j->f));
		return diag_add(
			j->d, E_EXPECT_REFUSED,
			"%s: %s checks line %ld only, and the range runs to line %ld \xC2\xB7 pass %s "
			"(the whole range on stdin) or %s",
			j->rq->target_text, expect, first, last,
			opt_say(all, sizeof(all), tt, "expect-all", NULL),
			opt_say(if_sha, sizeof(if_sha), tt, "if", sha));
	}
	const char *text, *want = j->rq->expect;
	size_t len = file_line(j->f, (size_t)first, &text), wlen = strlen(want);
	utf8_trim(&text, &len);
	utf8_trim(&want, &wlen);
	if (len != wlen || memcmp(text, want, len)) {
		opt_say(all, sizeof(all), tt, "expect-all", NULL);
		strcat(all, " or ");
		return expect_refused(j, first, expect, all);
	}
	return LETS_OK;
}

/* The first line of first..last where have and want (LF-ended, equal length or not) differ. */
static long first_difference(const char *have, size_t hl, const char *want, size_t wl, long first, long last)
{
	const char *p = have, *q = want;
	long bad = first;
	while (bad < last) {
		const char *pn = memchr(p, '\n', (size_t)(have + hl - p));
		const char *qn = memchr(q, '\n', (size_t)(want + wl - q));
		if (!pn || !qn || pn - p != qn - q || memcmp(p, q, (size_t)(pn - p)))
			break;
		p = pn + 1, q = qn + 1, bad++;
	}
	return bad;
}

/* --expect-all: lines first..last read the expected text, line endings and a final newline aside. */
static enum lets_err confirm_lines(struct job *j, long first, long last)
{
	const struct file *f = j->f;
	size_t a = f->line_start[first - 1], z = f->line_start[last];
	size_t hl, wl;
	char *have = convert_endings(f->data + a, z - a, false, &hl);
	char *want = convert_endings(j->rq->expect_all_text, j->rq->expect_all_len, false, &wl);
	if (hl && have[hl - 1] == '\n')
		hl--;
	if (wl && want[wl - 1] == '\n')
		wl--;
	bool same = hl == wl && !memcmp(have, want, hl);
	long bad = same ? first : first_difference(have, hl, want, wl, first, last);
	free(have);
	free(want);
	char expect_all[16];
	return same ? LETS_OK
		    : expect_refused(
			      j, bad,
			      opt_noun(expect_all, sizeof(expect_all), j->rq->tool_terms, "expect-all"), "");
}

/* The match word of an edit that needed no folding: a confirmed range matched what --expect said. */
static enum edit_match exact_kind(const struct edit_req *rq)
{
	return rq->expect || rq->expect_all ? EDIT_MATCH_EXPECT : EDIT_MATCH_EXACT;
}

static void set_match(struct edit_result *r, enum edit_match kind)
{
	r->kind = kind;
	r->match = xstrdup(kind == EDIT_MATCH_EXPECT ? "expect matched" : "exact");
}

/* --new for the one exact occurrence: re-indented after its first line when --old starts inside
 * its line's indentation (indent_tail), as typed otherwise. */
static char *exact_new(struct job *j, const struct occs *oc, size_t *rl)
{
	char *rep = adapt_new(j, rl);
	if (oc->n != 1)
		return rep;
	size_t tl;
	char *tail =
		indent_tail(j->f, oc->v[0].start, oc->v[0].end, j->rq->old, j->rq->old_len, rep, *rl, &tl);
	if (!tail)
		return rep;
	j->r->reindented = tl != *rl || memcmp(tail, rep, tl);
	free(rep);
	*rl = tl;
	return tail;
}

/* --old replaced by --new within lines first..last, up the ladder engine.h describes. */
static enum lets_err apply_replace(struct job *j, long first, long last)
{
	struct file *f = j->f;
	size_t sb = f->line_start[first - 1], se = f->line_start[last];
	struct occs oc = {0};
	struct fold_region *fr = NULL;
	char *rep = NULL;
	size_t rl = 0;
	enum lets_err err = find_old(j, sb, se, &oc);
	if (err)
		goto out;
	if (j->rq->word)
		words_only(j, &oc);
	if (!oc.n) {
		size_t nf = fold_find(f, first, last, j->rq->old, j->rq->old_len, &fr, 21);
		if (nf && !j->rq->exact) {
			err = take_folded(j, fr, nf < 21 ? nf : 21, &oc, &rep, &rl);
			goto apply;
		}
		long norm_line = find_folded(j, sb, se, &oc);
		if (j->rq->word) {
			words_only(j, &oc);
			norm_line = oc.n ? file_line_at(f, oc.v[0].start) : 0;
		}
		if (!oc.n || !j->rq->normalize || nf) {
			err = not_found(j, first, last, nf ? 0 : norm_line, nf ? fr : NULL);
			goto out;
		}
		j->r->kind = EDIT_MATCH_NORMALIZED;
		j->r->match = normalized_word(f, &oc);
	}
	err = apply_hint(j, &oc);
	if (!err && oc.n > 1 && !j->rq->all)
		err = ambiguous(j, &oc);
	if (!err)
		err = inside_words(j, &oc);
apply:
	for (size_t i = 0; i < oc.n && !err; i++)
		if (!region_valid_utf8(j, oc.v[i].start, oc.v[i].end))
			err = E_UNSUPPORTED_FILE;
	if (err)
		goto out;
	if (!rep)
		rep = exact_new(j, &oc, &rl);
	splice(j, &oc, rep, rl);
	j->r->count = (long)oc.n;
	if (!j->r->match)
		set_match(j->r, exact_kind(j->rq));
out:
	free(rep);
	free(fr);
	free(oc.v);
	return err;
}

/* A confirmed line range replaced whole by --new. */
static enum lets_err apply_range(struct job *j, long first, long last)
{
	struct file *f = j->f;
	size_t a = f->line_start[first - 1], z = f->line_start[last];
	if (!region_valid_utf8(j, a, z))
		return E_UNSUPPORTED_FILE;
	size_t rl;
	char *rep = adapt_new(j, &rl);
	if (rl && rep[rl - 1] != '\n' && z > a && f->data[z - 1] == '\n') {
		const char *nl = z - a >= 2 && f->data[z - 2] == '\r' ? "\r\n" : "\n";
		if (j->rq->literal_newlines)
			nl = file_newline(f);
		rep = append_newline(rep, &rl, nl);
	}
	splice_one(j, a, z, rep, rl);
	j->r->count = 1;
	set_match(j->r, exact_kind(j->rq));
	return LETS_OK;
}

/* A #symbol with no --old: its whole span (the lines show prints for it, decorators in, a leading
 * comment out) replaced by --new, indented from the symbol's header as an insert before it would
 * be. A span whose end is a plaintext guess is refused with the range edit that works once its
 * lines are checked. */
static enum lets_err apply_symbol(struct job *j, const struct target_span *sp)
{
	struct file *f = j->f;
	if (sp->guessed_end) {
		struct buf m = BUF_INIT;
		long first = shown_line(j, sp->start), last = shown_line(j, sp->end);
		buf_addf(&m, "%s: the end of this symbol is a guess (plaintext heuristic) \xC2\xB7 ",
			 j->rq->target_text);
		advice_range_command(&m, j->rq, f->path, first, last, j->rq->history ? NULL : file_sha(f));
		enum lets_err err = diag_add(j->d, E_GUESSED_SPAN, "%s", m.data);
		buf_release(&m);
		return err;
	}
	size_t a = f->line_start[sp->start - 1], z = f->line_start[sp->end];
	if (!region_valid_utf8(j, a, z))
		return E_UNSUPPORTED_FILE;
	struct place_site site = {.line = sp->start, .header = sp->start};
	size_t al, rl;
	char *adapted = adapt_new(j, &al);
	char *rep = indent_insert(f, &site, a, adapted, al, &rl);
	j->r->reindented = rl != al || memcmp(rep, adapted, al);
	free(adapted);
	if (rl && rep[rl - 1] != '\n' && z > a && f->data[z - 1] == '\n')
		rep = append_newline(rep, &rl, file_newline(f));
	splice_one(j, a, z, rep, rl);
	j->r->count = 1;
	j->r->kind = EDIT_MATCH_EXACT;
	j->r->match = xstrdup("whole symbol");
	return LETS_OK;
}

/* Appends s[0..n) as one shell word: '…' when it holds only printable text, else $'…' with \n,
 * \t, \r, \\ and \' escaped, so a suggested command runs as printed. */
static void shell_word(struct buf *b, const char *s, size_t n)
{
	bool plain = true;
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			plain = false;
	if (plain) {
		buf_addc(b, '\'');
		for (size_t i = 0; i < n; i++) {
			if (s[i] == '\'')
				buf_adds(b, "'\\''");
			else
				buf_addc(b, s[i]);
		}
		buf_addc(b, '\'');
		return;
	}
	advice_shell_ansi(b, s, n);
}

/* --insert-after on a plaintext symbol whose end is a guess: refused, with the command to run
 * instead (an anchor on its last line, and the --new that was passed). */
static enum lets_err guessed_end(struct job *j, long end)
{
	const struct file *f = j->f;
	struct buf m = BUF_INIT;
	const char *text;
	size_t len = file_line(f, (size_t)end, &text);
	buf_addf(
		&m,
		"%s%s: the end of this symbol is a guess (plaintext heuristic) \xC2\xB7 use --insert-before, or "
		"anchor on its last line: lets edit %s --insert-after \"@'^",
		f->path, j->rq->anchor, f->path);
	for (size_t i = 0; i < len; i++) {
		if (strchr("\\^$.|?*+()[]{}", text[i]))
			buf_addc(&m, '\\');
		buf_addc(&m, text[i] == '\'' || text[i] == '"' ? '.' : text[i]);
	}
	buf_adds(&m, "$'\" --new ");
	shell_word(&m, j->rq->new_text, j->rq->new_len);
	enum lets_err err = diag_add(j->d, E_GUESSED_SPAN, "%s", m.data);
	buf_release(&m);
	return err;
}

/* target_resolve, with the grep-style reading it fell back to named in j's notes. */
static enum lets_err resolve_noted(struct job *j, const struct target *t, struct target_span *sp)
{
	struct buf read_as = BUF_INIT;
	enum lets_err e = target_resolve(t, j->f, sp, &read_as, j->d);
	if (read_as.len)
		omit_grep_style(j->notes, t->regex, read_as.data);
	buf_release(&read_as);
	return e;
}

/* Where an insert goes: next to the anchor's last line (after) or first line (before); before a
 * #symbol, above its leading comment too, as above its decorators. */
static enum lets_err insert_line(struct job *j, struct target *at, struct place_site *site)
{
	const char *anchor = j->rq->anchor;
	struct target_span sp = {0};
	if ((anchor[0] != '@' && anchor[0] != '#') || !target_parse_anchor(at, anchor))
		return diag_add(j->d, E_NOT_FOUND,
				"%s (an insert anchor is @'regex' or #symbol) not found in %s", anchor,
				j->f->path);
	at->text = xstrdup(j->f->path);
	at->path = xstrdup(j->f->path);
	enum lets_err err = at->kind == T_REGEX && !at->nth_typed
				    ? anchor_pick(j->f, j->rq, j->hint, at, &sp, j->notes, j->d)
				    : resolve_noted(j, at, &sp);
	if (err)
		return err;
	if (j->rq->after && sp.guessed_end)
		return guessed_end(j, sp.end);
	*site = (struct place_site){.line = j->rq->after ? sp.end : sp.start, .after = j->rq->after};
	if (at->kind == T_SYMBOL) {
		site->header = sp.start;
		site->top = lexical_comment_above(j->f->path, j->f->data, j->f->size, sp.start);
		site->end = sp.end;
		if (!j->rq->after)
			site->line = site->top;
	}
	return LETS_OK;
}

/* rep (heap, *len bytes, ending in a newline) without its leading and trailing blank lines, led
 * by n of the file's newlines: the blank lines the file keeps between definitions, after a
 * #symbol. Text that is all blank is left as it is. */
static char *space_definitions(const struct file *f, char *rep, size_t *len, long n)
{
	size_t a = 0, z = *len;
	while (a < z && strchr(" \t\r\n", rep[a]))
		a++;
	if (a == z)
		return rep;
	while (a && rep[a - 1] != '\n')
		a--;
	while (z > a && strchr(" \t\r\n", rep[z - 1]))
		z--;
	while (z < *len && rep[z] != '\n')
		z++;
	z += z < *len; /* the newline that ends the last line of text */
	const char *nl = file_newline(f);
	struct buf b = BUF_INIT;
	for (long i = 0; i < n; i++)
		buf_adds(&b, nl);
	buf_add(&b, rep + a, z - a);
	free(rep);
	*len = b.len;
	return buf_detach(&b);
}

/* The inserted text: --new in the file's indentation (place.h: the block's, when the anchor opens
 * one), ending in a newline, led by one when it follows a last line that lacked its own, so the
 * insert starts a line of its own. After a #symbol in code it is set apart from the definition
 * by the blank lines the file uses between definitions, whatever blank lines --new began or
 * ended with (the blank lines that followed the definition now follow the insert). *lines
 * counts the lines it adds. */
static char *insert_text(struct job *j, const struct place_site *site, size_t off, size_t *rl, long *lines)
{
	const struct file *f = j->f;
	size_t al;
	char *adapted = adapt_new(j, &al);
	char *rep = indent_insert(f, site, off, adapted, al, rl);
	j->r->reindented = *rl != al || memcmp(rep, adapted, al);
	free(adapted);
	if (!*rl || rep[*rl - 1] != '\n')
		rep = append_newline(rep, rl, file_newline(f));
	/* after a definition (before one, the insert is often its own comment: kept as typed) */
	long blank =
		site->header && site->after ? place_blank_lines(f, site->top, site->header, site->end) : -1;
	if (blank >= 0)
		rep = space_definitions(f, rep, rl, blank);
	*lines = (long)file_count_newlines(rep, *rl);
	if (!(j->rq->after && off == f->size && f->size && f->data[f->size - 1] != '\n'))
		return rep;
	const char *nl = file_newline(f);
	size_t nll = strlen(nl);
	char *with = xmalloc(*rl + nll + 1);
	memcpy(with, nl, nll);
	memcpy(with + nll, rep, *rl + 1);
	free(rep);
	*rl += nll;
	return with;
}

static enum lets_err apply_insert(struct job *j)
{
	struct file *f = j->f;
	struct edit_result *r = j->r;
	struct target at = TARGET_INIT;
	struct place_site site;
	r->insert = true;
	enum lets_err err = insert_line(j, &at, &site);
	if (err)
		goto out;
	long L = site.line;
	size_t off = j->rq->after ? f->line_start[L] : f->line_start[L - 1], rl;
	long count;
	char *rep = insert_text(j, &site, off, &rl, &count);
	splice_one(j, off, off, rep, rl);
	r->n_lines = 0;
	long from = j->rq->after ? L + 1 : L;
	r->n_marked = 0;
	for (long i = 0; i < count; i++) {
		result_add_line(r, from + i);
		result_mark(r, from + i);
	}
	r->count = count;
	r->anchor_line = L;
	struct buf shown = BUF_INIT;
	if (at.kind == T_SYMBOL)
		buf_addf(&shown, "%s (line %ld)", j->rq->anchor, L);
	else
		buf_addf(&shown, "line %ld", L);
	r->anchor_shown = buf_detach(&shown);
	set_match(r, EDIT_MATCH_EXACT);
out:
	target_release(&at);
	return err;
}

enum lets_err edit_apply(struct file *f, const struct edit_req *rq, struct edit_result *r,
			 struct omits *notes, struct diag *d)
{
	struct job j = {f, rq, r, notes, d, edit_history_forward(rq->history, rq->line_hint)};
	if (rq->anchor)
		return apply_insert(&j);
	if (!f->n_lines) {
		struct buf m = BUF_INIT;
		buf_addf(&m, "%s is empty, so there is nothing to match \xC2\xB7 write it with ", f->path);
		if (rq->tool_terms) {
			buf_adds(&m, "write {\"path\": ");
			json_cstr(&m, f->path);
			buf_adds(&m, ", \"content\": \xE2\x80\xA6, \"force\": true}");
		} else {
			buf_addf(&m, "lets write --force %s", f->path);
		}
		diag_add(d, E_EMPTY_FILE, "%s", m.data);
		buf_release(&m);
		return E_EMPTY_FILE;
	}
	long first = 1, last = (long)f->n_lines;
	if (rq->t->kind != T_WHOLE) {
		struct target_span sp;
		enum lets_err e = resolve_noted(&j, rq->t, &sp);
		if (e)
			return e;
		if (rq->t->kind == T_SYMBOL && !rq->old)
			return apply_symbol(&j, &sp);
		first = sp.start;
		last = sp.end;
		r->guessed = sp.guessed_end;
	}
	if (rq->t->kind == T_LINES && rq->expect) {
		enum lets_err e = confirm_line(&j, first, last);
		if (e)
			return e;
	}
	if (rq->t->kind == T_LINES && rq->expect_all) {
		enum lets_err e = confirm_lines(&j, first, last);
		if (e)
			return e;
	}
	if (!rq->old)
		return apply_range(&j, first, last);
	return apply_replace(&j, first, last);
}

void edit_result_release(struct edit_result *r)
{
	free(r->match);
	free(r->lines);
	free(r->marked);
	free(r->anchor_shown);
	free(r->shifts);
	memset(r, 0, sizeof(*r));
}
