/* lets edit: exact, validation-atomic replacement and insertion.
 *
 * The call runs in phases so that nothing is written unless everything can be: collect the
 * edits (targets × --old/--new, or a --from - batch), lock every file in sorted order, load each
 * once, apply every edit to an in-memory copy, run the layer-1 check on each result, and only
 * then publish, file by file. Layer 2 (--check) runs before the first write and after the last;
 * a regression puts every file back. Bytes outside a matched span are never touched: the new
 * content is always old[0..start) + replacement + old[end..). */
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../alloc.h"
#include "../batch.h"
#include "../check.h"
#include "../file.h"
#include "../fuzzy.h"
#include "../json.h"
#include "../lock.h"
#include "../output.h"
#include "../publish.h"
#include "../target.h"
#include "../utf8.h"
#include "../worktree.h"
#include "verbs.h"

/* One edit: a target with --old/--new, an insert, or a confirmed line range. */
struct entry {
	char *target_text; /* as typed (or the batch's @@ / "file") */
	struct target t;
	char *old, *new_text; /* owned; old NULL for inserts and range replacements */
	size_t old_len, new_len;
	char *anchor; /* owned; insert anchor as typed */
	bool after;
	bool all;
	size_t file; /* index into the call's files */
	long batch_line; /* 1-based line of the batch entry, 0 for command-line targets */

	/* results */
	bool insert;
	long count;          /* replacements, or inserted lines */
	char *match;         /* "exact", "normalized (– → -)", "expect matched"; owned */
	bool normalized, crlf_matched, guessed;
	char *anchor_shown;  /* "#usage (line 3)" / "line 5"; owned */
	long anchor_line;
	long *lines;         /* changed lines in the file after this edit */
	size_t n_lines, cap_lines;
	struct out_block region;
	struct omits gap; /* this block's region gaps */
	long cut, lossy;  /* region lines cut at LINE_CUT_BYTES / shown lossily */
};

struct efile {
	char *path;  /* as first named */
	char *real;  /* resolved, to group entries naming one file */
	struct file f; /* the working copy: starts as read, each edit replaces its data */
	char *orig;  /* the bytes as read */
	size_t orig_len;
	char sha_before[13], sha_after[13];
	struct stat st; /* as read: the identity publish confirms */
	struct stat written;
	bool loaded, landed;
	size_t first_entry;
	struct check_result ck;
};

struct edit_call {
	const struct opts *o;
	struct diag *d;
	struct entry *e;
	size_t n_e, cap_e;
	struct efile *f;
	size_t n_f, cap_f;
	struct omits om;  /* call-level omissions in footer order */
	struct omits tom; /* omissions target resolution recorded (grep-style readings) */
	bool batch;
	const char *failed_path; /* the first entry that failed validation */
	struct check_cmd cmd;
	bool have_cmd, cmd_done; /* --check given / its after-run happened */
	enum check_cmd_verdict verdict;
	char cmd_reason[160];
};

/* Reads all of stdin (o->stdin_fd); a heredoc's final newline is a separator, not content. */
static char *read_stdin(int fd, size_t *len, bool strip_final_newline)
{
	struct buf b = BUF_INIT;
	buf_read_fd(&b, fd);
	if (strip_final_newline && b.len && b.data[b.len - 1] == '\n') {
		b.len--;
		if (b.len && b.data[b.len - 1] == '\r')
			b.len--;
		b.data[b.len] = 0;
	}
	*len = b.len;
	return buf_detach(&b);
}

/* s with its line endings made CRLF (crlf) or LF. */
static char *convert_endings(const char *s, size_t n, bool crlf, size_t *out_len)
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

static void entry_add_line(struct entry *en, long n)
{
	if (en->n_lines && en->lines[en->n_lines - 1] >= n)
		return;
	XGROW(en->lines, en->cap_lines, en->n_lines + 1);
	en->lines[en->n_lines++] = n;
}

struct occ {
	size_t start, end; /* in the file's bytes */
};

struct occs {
	struct occ *v;
	size_t n, cap;
};

static void find_all(const char *hay, size_t hay_len, size_t base, const char *needle, size_t n, struct occs *out)
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

/* Replaces the working copy's bytes with data (owned) and re-indexes. */
static void file_replace_data(struct file *f, char *data, size_t len)
{
	free(f->data);
	f->data = data;
	f->size = len;
	file_index(f);
}

/* Splices occurrences (sorted, non-overlapping) of the working copy with rep; records the
 * changed lines of the result in en. */
static void splice(struct efile *ef, struct entry *en, const struct occs *oc, const char *rep, size_t rep_len)
{
	struct file *f = &ef->f;
	struct buf b = BUF_INIT;
	size_t prev = 0;
	size_t *new_starts = xmalloc(oc->n * sizeof(*new_starts));
	for (size_t i = 0; i < oc->n; i++) {
		buf_add(&b, f->data + prev, oc->v[i].start - prev);
		new_starts[i] = b.len;
		buf_add(&b, rep, rep_len);
		prev = oc->v[i].end;
	}
	buf_add(&b, f->data + prev, f->size - prev);
	size_t len = b.len;
	file_replace_data(f, buf_detach(&b), len);
	for (size_t i = 0; i < oc->n; i++) {
		size_t s = new_starts[i];
		size_t e = s + rep_len; /* exclusive */
		long a = file_line_at(f, s < f->size ? s : (f->size ? f->size - 1 : 0));
		long z = a;
		if (e > s) {
			size_t lastb = e - 1;
			/* a replacement ending in a newline ends on that line, not the next */
			z = file_line_at(f, lastb);
		}
		if (!f->n_lines)
			continue;
		if (a > (long)f->n_lines)
			a = (long)f->n_lines;
		if (z < a)
			z = a;
		for (long l = a; l <= z; l++)
			entry_add_line(en, l);
	}
	free(new_starts);
}

/* Replaces bytes [start, end) of the working copy with rep, which it frees. */
static void splice_one(struct efile *ef, struct entry *en, size_t start, size_t end, char *rep, size_t rep_len)
{
	struct occ one = {start, end};
	struct occs oc = {&one, 1, 1};
	splice(ef, en, &oc, rep, rep_len);
	free(rep);
}

static void mark_failed(struct edit_call *c, const char *path)
{
	if (!c->failed_path)
		c->failed_path = path;
}

static enum lets_err not_found(struct edit_call *c, struct entry *en, struct efile *ef, long first, long last,
			       long norm_line)
{
	struct buf m = BUF_INIT;
	if (norm_line)
		buf_addf(&m, "--old (a normalized match exists at line %ld \xE2\x80\x94 pass --normalize) not found in %s",
			 norm_line, en->target_text);
	else
		buf_addf(&m, "--old not found in %s", en->target_text);
	int score = 100;
	long near = norm_line ? norm_line : fuzzy_nearest(&ef->f, first, last, en->old, en->old_len, &score);
	if (near) {
		buf_addf(&m, "\n  nearest: line %ld\t", near);
		file_line_display(&m, &ef->f, (size_t)near, NULL, NULL);
		if (!norm_line)
			buf_addf(&m, "\n  similarity: %d%%", score);
	}
	diag_add(c->d, E_NOT_FOUND, "%s", m.data);
	buf_release(&m);
	mark_failed(c, ef->path);
	return E_NOT_FOUND;
}

static enum lets_err ambiguous(struct edit_call *c, struct efile *ef, const struct occs *oc)
{
	struct buf m = BUF_INIT;
	buf_addf(&m, "%s is ambiguous (%zu candidates)", ef->path, oc->n);
	size_t shown = oc->n < 20 ? oc->n : 20;
	for (size_t i = 0; i < shown; i++) {
		long l = file_line_at(&ef->f, oc->v[i].start);
		buf_addf(&m, "\n  %s:%ld\t", ef->path, l);
		file_line_display(&m, &ef->f, (size_t)l, NULL, NULL);
	}
	if (oc->n > shown)
		buf_addf(&m, "\n  (+%zu more)", oc->n - shown);
	diag_add(c->d, E_AMBIGUOUS, "%s", m.data);
	buf_release(&m);
	mark_failed(c, ef->path);
	return E_AMBIGUOUS;
}

static bool region_valid_utf8(struct edit_call *c, struct efile *ef, size_t start, size_t end)
{
	if (utf8_valid(ef->f.data + start, end - start))
		return true;
	diag_add(c->d, E_UNSUPPORTED_FILE, "%s is unsupported: non-UTF-8 region", ef->path);
	mark_failed(c, ef->path);
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
static char *adapt_new(struct edit_call *c, struct efile *ef, const struct entry *en, size_t *len)
{
	if (c->o->literal_newlines) {
		*len = en->new_len;
		return xstrndup(en->new_text, en->new_len);
	}
	return convert_endings(en->new_text, en->new_len, file_crlf(&ef->f), len);
}

static const char *file_newline(const struct file *f)
{
	return file_crlf(f) ? "\r\n" : "\n";
}

/* A confirmation that does not hold: the line as it reads now, and how to confirm it instead. */
static enum lets_err expect_refused(struct edit_call *c, const struct entry *en, struct efile *ef, long line,
				    const char *flag, const char *instead)
{
	struct buf m = BUF_INIT;
	buf_addf(&m, "%s: line %ld does not match %s \xC2\xB7 it reads: ", en->target_text, line, flag);
	file_line_display(&m, &ef->f, (size_t)line, NULL, NULL);
	buf_addf(&m, " \xC2\xB7 re-read it, or confirm with %s--if sha:%s", instead, file_sha(&ef->f));
	diag_add(c->d, E_EXPECT_REFUSED, "%s", m.data);
	buf_release(&m);
	mark_failed(c, ef->path);
	return E_EXPECT_REFUSED;
}

/* --expect / --expect-all against lines first..last of the working copy. */
static enum lets_err confirm_expect(struct edit_call *c, struct entry *en, struct efile *ef, long first, long last,
				    const char *expect_all, size_t expect_all_len)
{
	const struct opts *o = c->o;
	struct file *f = &ef->f;
	if (o->expect) {
		if (first != last) {
			diag_add(c->d, E_EXPECT_REFUSED,
				 "%s: --expect checks line %ld only, and the range runs to line %ld \xC2\xB7 pass --expect-all "
				 "(the whole range on stdin) or --if sha:%s",
				 en->target_text, first, last, file_sha(f));
			mark_failed(c, ef->path);
			return E_EXPECT_REFUSED;
		}
		const char *text, *want = o->expect;
		size_t len = file_line(f, (size_t)first, &text), wlen = strlen(want);
		utf8_trim(&text, &len);
		utf8_trim(&want, &wlen);
		if (len != wlen || memcmp(text, want, len))
			return expect_refused(c, en, ef, first, "--expect", "--expect-all or ");
	}
	if (o->expect_all) {
		size_t a = f->line_start[first - 1], z = f->line_start[last];
		size_t hl, wl;
		char *have = convert_endings(f->data + a, z - a, false, &hl);
		char *want = convert_endings(expect_all, expect_all_len, false, &wl);
		if (hl && have[hl - 1] == '\n')
			hl--;
		if (wl && want[wl - 1] == '\n')
			wl--;
		bool same = hl == wl && !memcmp(have, want, hl);
		long bad = first;
		if (!same) {
			/* name the first line that differs */
			const char *p = have, *q = want;
			while (bad < last) {
				const char *pn = memchr(p, '\n', (size_t)(have + hl - p));
				const char *qn = memchr(q, '\n', (size_t)(want + wl - q));
				if (!pn || !qn || pn - p != qn - q || memcmp(p, q, (size_t)(pn - p)))
					break;
				p = pn + 1, q = qn + 1, bad++;
			}
		}
		free(have);
		free(want);
		if (!same)
			return expect_refused(c, en, ef, bad, "--expect-all", "");
	}
	return LETS_OK;
}

/* The match word of an edit that needed no folding: a confirmed range matched what --expect said. */
static const char *exact_word(const struct opts *o)
{
	return o->expect || o->expect_all ? "expect matched" : "exact";
}

/* "normalized (– → -)": each folded character the match covered, once. */
static char *normalized_word(const struct file *f, const struct occs *oc)
{
	struct buf b = BUF_INIT, seen = BUF_INIT;
	buf_adds(&b, "normalized (");
	size_t start = b.len;
	for (size_t i = 0; i < oc->n; i++)
		for (size_t p = oc->v[i].start; p < oc->v[i].end; p++) {
			char ascii;
			size_t len = fuzzy_fold_char(f->data + p, oc->v[i].end - p, &ascii);
			if (!len)
				continue;
			struct buf one = BUF_INIT;
			buf_add(&one, f->data + p, len);
			buf_addc(&one, '\n');
			bool dup = seen.len && strstr(seen.data, one.data);
			if (!dup) {
				buf_add(&seen, one.data, one.len);
				if (b.len > start)
					buf_adds(&b, ", ");
				buf_add(&b, f->data + p, len);
				buf_addf(&b, " \xE2\x86\x92 %c", ascii);
			}
			buf_release(&one);
			p += len - 1;
		}
	buf_addc(&b, ')');
	buf_release(&seen);
	if (b.len == start + 1) {
		buf_release(&b);
		return xstrdup("normalized");
	}
	return buf_detach(&b);
}

static enum lets_err apply_replace(struct edit_call *c, struct entry *en, struct efile *ef, long first, long last)
{
	struct file *f = &ef->f;
	size_t sb = f->line_start[first - 1], se = f->line_start[last];
	const char *old = en->old;
	size_t ol = en->old_len;
	struct occs oc = {0};
	char *conv = NULL;
	enum lets_err err = LETS_OK;
	find_all(f->data + sb, se - sb, sb, old, ol, &oc);
	bool multiline = memchr(old, '\n', ol) != NULL;
	if (!oc.n && multiline && !memmem(old, ol, "\r\n", 2) && f->crlf_lines) {
		if (f->lf_lines) {
			diag_add(c->d, E_MIXED_ENDINGS,
				 "--old spans lines, and %s mixes CRLF and LF endings \xC2\xB7 match one line at a time, or "
				 "type \\r\\n where the file has CRLF",
				 ef->path);
			mark_failed(c, ef->path);
			return E_MIXED_ENDINGS;
		}
		size_t cl;
		conv = convert_endings(old, ol, true, &cl);
		find_all(f->data + sb, se - sb, sb, conv, cl, &oc);
		if (oc.n)
			en->crlf_matched = true;
	} else if (!oc.n && memmem(old, ol, "\r\n", 2) && !f->crlf_lines) {
		size_t cl;
		conv = convert_endings(old, ol, false, &cl);
		find_all(f->data + sb, se - sb, sb, conv, cl, &oc);
	}
	if (!oc.n) {
		size_t *map, fl, fol;
		char *fh = fuzzy_fold(f->data + sb, se - sb, &map, &fl);
		char *fo = fuzzy_fold(old, ol, NULL, &fol);
		struct occs fo_occ = {0};
		find_all(fh, fl, 0, fo, fol, &fo_occ);
		long norm_line = 0;
		if (fo_occ.n) {
			for (size_t i = 0; i < fo_occ.n; i++) {
				XGROW(oc.v, oc.cap, oc.n + 1);
				oc.v[oc.n].start = sb + map[fo_occ.v[i].start];
				oc.v[oc.n].end = sb + map[fo_occ.v[i].end];
				oc.n++;
			}
			norm_line = file_line_at(f, oc.v[0].start);
		}
		free(fh);
		free(fo);
		free(map);
		free(fo_occ.v);
		if (oc.n && c->o->normalize) {
			en->normalized = true;
			en->match = normalized_word(f, &oc);
		} else {
			err = not_found(c, en, ef, first, last, norm_line);
			goto out;
		}
	}
	if (oc.n > 1 && !en->all) {
		err = ambiguous(c, ef, &oc);
		goto out;
	}
	for (size_t i = 0; i < oc.n; i++)
		if (!region_valid_utf8(c, ef, oc.v[i].start, oc.v[i].end)) {
			err = E_UNSUPPORTED_FILE;
			goto out;
		}
	size_t rl;
	char *rep = adapt_new(c, ef, en, &rl);
	splice(ef, en, &oc, rep, rl);
	free(rep);
	en->count = (long)oc.n;
	if (!en->match)
		en->match = xstrdup(exact_word(c->o));
out:
	free(conv);
	free(oc.v);
	return err;
}

/* A confirmed line range replaced whole by --new. */
static enum lets_err apply_range(struct edit_call *c, struct entry *en, struct efile *ef, long first, long last)
{
	struct file *f = &ef->f;
	size_t a = f->line_start[first - 1], z = f->line_start[last];
	if (!region_valid_utf8(c, ef, a, z))
		return E_UNSUPPORTED_FILE;
	size_t rl;
	char *rep = adapt_new(c, ef, en, &rl);
	if (rl && rep[rl - 1] != '\n' && z > a && f->data[z - 1] == '\n') {
		const char *nl = z - a >= 2 && f->data[z - 2] == '\r' ? "\r\n" : "\n";
		if (c->o->literal_newlines)
			nl = file_newline(f);
		rep = append_newline(rep, &rl, nl);
	}
	splice_one(ef, en, a, z, rep, rl);
	en->count = 1;
	en->match = xstrdup(exact_word(c->o));
	return LETS_OK;
}

static enum lets_err apply_insert(struct edit_call *c, struct entry *en, struct efile *ef)
{
	struct file *f = &ef->f;
	struct target at = TARGET_INIT;
	struct span sp;
	enum lets_err err = LETS_OK;
	en->insert = true;
	if ((en->anchor[0] != '@' && en->anchor[0] != '#') || !target_parse_suffix(&at, en->anchor) ||
	    at.kind == T_LINES) {
		err = diag_add(c->d, E_NOT_FOUND, "%s (an insert anchor is @'regex' or #symbol) not found in %s", en->anchor,
			       ef->path);
		mark_failed(c, ef->path);
		goto out;
	}
	at.text = xstrdup(ef->path);
	at.path = xstrdup(ef->path);
	err = target_resolve(&at, f, &sp, &c->tom, c->d);
	if (err) {
		mark_failed(c, ef->path);
		goto out;
	}
	if (en->after && sp.guessed_end) {
		struct buf m = BUF_INIT;
		const char *text;
		size_t len = file_line(f, (size_t)sp.end, &text);
		buf_addf(&m, "%s%s: the end of this symbol is a guess (plaintext heuristic) \xC2\xB7 use --insert-before, or "
			 "anchor on its last line: lets edit %s --insert-after \"@'^",
			 ef->path, en->anchor, ef->path);
		for (size_t i = 0; i < len; i++) {
			if (strchr("\\^$.|?*+()[]{}", text[i]))
				buf_addc(&m, '\\');
			if (text[i] == '\'' || text[i] == '"')
				buf_addc(&m, '.');
			else
				buf_addc(&m, text[i]);
		}
		buf_adds(&m, "$'\"");
		err = diag_add(c->d, E_GUESSED_SPAN, "%s", m.data);
		buf_release(&m);
		mark_failed(c, ef->path);
		goto out;
	}
	long L = en->after ? sp.end : sp.start;
	size_t rl;
	char *rep = adapt_new(c, ef, en, &rl);
	if (!rl || rep[rl - 1] != '\n')
		rep = append_newline(rep, &rl, file_newline(f));
	long count = 0;
	for (size_t i = 0; i < rl; i++)
		count += rep[i] == '\n';
	size_t off = en->after ? f->line_start[L] : f->line_start[L - 1];
	if (en->after && off == f->size && f->size && f->data[f->size - 1] != '\n') {
		/* the last line gains the newline it lacked, so the insert starts a line of its own */
		const char *nl = file_newline(f);
		size_t nll = strlen(nl);
		char *with = xmalloc(rl + nll + 1);
		memcpy(with, nl, nll);
		memcpy(with + nll, rep, rl + 1);
		free(rep);
		rep = with;
		rl += nll;
	}
	splice_one(ef, en, off, off, rep, rl);
	en->n_lines = 0;
	long from = en->after ? L + 1 : L;
	for (long i = 0; i < count; i++)
		entry_add_line(en, from + i);
	en->count = count;
	en->anchor_line = L;
	struct buf shown = BUF_INIT;
	if (at.kind == T_SYMBOL)
		buf_addf(&shown, "%s (line %ld)", en->anchor, L);
	else
		buf_addf(&shown, "line %ld", L);
	en->anchor_shown = buf_detach(&shown);
	en->match = xstrdup("exact");
out:
	target_release(&at);
	return err;
}

/* Applies one entry to its file's working copy. */
static enum lets_err apply(struct edit_call *c, struct entry *en, const char *expect_all, size_t expect_all_len)
{
	struct efile *ef = &c->f[en->file];
	struct file *f = &ef->f;
	if (en->anchor)
		return apply_insert(c, en, ef);
	if (!f->n_lines) {
		mark_failed(c, ef->path);
		return diag_add(c->d, E_EMPTY_FILE,
				"%s is empty, so there is nothing to match \xC2\xB7 write it with lets write --force %s", ef->path,
				ef->path);
	}
	long first = 1, last = (long)f->n_lines;
	if (en->t.kind != T_WHOLE) {
		struct span sp;
		enum lets_err e = target_resolve(&en->t, f, &sp, &c->tom, c->d);
		if (e) {
			mark_failed(c, ef->path);
			return e;
		}
		first = sp.start;
		last = sp.end;
		en->guessed = sp.guessed_end;
	}
	if (en->t.kind == T_LINES && !en->batch_line) {
		enum lets_err e = confirm_expect(c, en, ef, first, last, expect_all, expect_all_len);
		if (e)
			return e;
	}
	if (!en->old)
		return apply_range(c, en, ef, first, last);
	return apply_replace(c, en, ef, first, last);
}

/* "line 5", "lines 1, 8", "lines 4-6, 9", at most 20 entries then " (+M more)". */
static void line_list(struct buf *b, const long *v, size_t n)
{
	buf_adds(b, n == 1 ? "line " : "lines ");
	size_t entries = 0, i = 0;
	long left = 0;
	while (i < n) {
		size_t j = i;
		while (j + 1 < n && v[j + 1] == v[j] + 1)
			j++;
		size_t run = j - i + 1;
		if (entries >= 20) {
			left += (long)run;
			i = j + 1;
			continue;
		}
		if (run == 1) {
			buf_addf(b, "%s%ld", entries ? ", " : "", v[i]);
			entries++;
		} else if (run == 2) {
			if (entries + 2 > 20) {
				buf_addf(b, "%s%ld", entries ? ", " : "", v[i]);
				entries++;
				left += 1;
			} else {
				buf_addf(b, "%s%ld, %ld", entries ? ", " : "", v[i], v[j]);
				entries += 2;
			}
		} else {
			buf_addf(b, "%s%ld-%ld", entries ? ", " : "", v[i], v[j]);
			entries++;
		}
		i = j + 1;
	}
	if (left)
		buf_addf(b, " (+%ld more)", left);
}

static void header_text(struct buf *b, const struct edit_call *c, const struct entry *en, bool reverted)
{
	const struct efile *ef = &c->f[en->file];
	buf_addf(b, OUT_RULE "%s" OUT_DOT, ef->path);
	if (en->insert) {
		buf_adds(b, "inserted ");
		plural(b, en->count, "line", "lines");
		buf_addf(b, " %s %s", en->after ? "after" : "before", en->anchor_shown);
	} else {
		plural(b, en->count, "replacement", "replacements");
		buf_adds(b, OUT_DOT);
		line_list(b, en->lines, en->n_lines);
		if (!reverted) {
			buf_addf(b, OUT_DOT "%s", en->match);
			if (en->guessed)
				buf_adds(b, OUT_DOT "span guessed (plaintext heuristic)");
		}
	}
	if (reverted)
		buf_adds(b, OUT_DOT "REVERTED");
	buf_addc(b, '\n');
}

static struct entry *entry_new(struct edit_call *c, const char *target_text)
{
	XGROW(c->e, c->cap_e, c->n_e + 1);
	struct entry *en = &c->e[c->n_e++];
	memset(en, 0, sizeof(*en));
	en->target_text = xstrdup(target_text);
	en->all = c->o->all;
	return en;
}

static void entry_release(struct entry *en)
{
	free(en->target_text);
	target_release(&en->t);
	free(en->old);
	free(en->new_text);
	free(en->anchor);
	free(en->match);
	free(en->anchor_shown);
	free(en->lines);
	block_release(&en->region);
	omits_release(&en->gap);
}

static bool valid_if(const char *v)
{
	if (!strncmp(v, "sha:", 4))
		v += 4;
	size_t n = strlen(v);
	if (n < 12)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!((v[i] >= '0' && v[i] <= '9') || (v[i] >= 'a' && v[i] <= 'f')))
			return false;
	return true;
}

/* Command-line checks that need no file, then the entries. */
static enum lets_err collect(struct edit_call *c, char **expect_all, size_t *expect_all_len)
{
	const struct opts *o = c->o;
	int readers = (o->old && !strcmp(o->old, "-")) + (o->new_text && !strcmp(o->new_text, "-")) + o->expect_all +
		      (o->from != NULL);
	if (readers > 1)
		return opt_usage_error(c->d, "edit", false, "--old -, --new -, --expect-all and --from - all read stdin, and only one can "
				       "\xC2\xB7 pass the others inline");
	if (o->if_sha && !valid_if(o->if_sha))
		return opt_usage_error(c->d, "edit", false,
			     "invalid value '%s' for '--if <IF_SHA>': --if takes sha: and 12 or more lowercase hex digits, "
			     "as a show header prints it",
			     o->if_sha);
	if (o->check && o->check[0] == '@') {
		static const char *const presets[] = {"@auto", "@cargo", "@go", "@tsc", "@py", NULL};
		bool known = false;
		for (const char *const *p = presets; *p; p++)
			known |= !strcmp(*p, o->check);
		if (!known)
			return opt_usage_error(c->d, "edit", false,
				     "invalid value '%s' for '--check <CHECK>': unknown preset %s \xC2\xB7 the presets are @auto, "
				     "@cargo, @go, @tsc, @py",
				     o->check, o->check);
	}
	if (o->from) {
		if (strcmp(o->from, "-"))
			return opt_usage_error(c->d, "edit", false, "invalid value '%s' for '--from <FROM>': - is the only accepted value",
				     o->from);
		if (o->positional.n || o->old || o->new_text || o->insert_after || o->insert_before || o->expect)
			return opt_usage_error(c->d, "edit", true, "the argument '--from <FROM>' cannot be used with %s",
				     o->positional.n ? "'[TARGET]'" : o->old ? "'--old <OLD>'" : o->new_text ? "'--new <NEW>'"
				     : o->expect ? "'--expect <EXPECT>'" : "'--insert-after <INSERT_AFTER>'");
		size_t n;
		char *in = read_stdin(o->stdin_fd, &n, false);
		c->batch = true;
		struct batch b = BATCH_INIT;
		batch_parse(&b, in, n, c->d);
		free(in);
		for (size_t k = 0; k < b.n; k++) {
			struct batch_entry *be = &b.v[k];
			struct entry *en = entry_new(c, be->target);
			en->batch_line = be->line;
			en->old = be->old, en->old_len = be->old_len, be->old = NULL;
			en->new_text = be->new_text, en->new_len = be->new_len, be->new_text = NULL;
			en->anchor = be->anchor, en->after = be->after, be->anchor = NULL;
			if (be->all >= 0)
				en->all = be->all;
		}
		batch_release(&b);
		if (c->d->n)
			return E_USAGE;
		if (!c->n_e)
			return opt_usage_error(c->d, "edit", false, "--from - got no edits on stdin");
		if (o->if_sha && c->n_e > 1)
			return diag_add(c->d, E_USAGE, "--if takes one target \xC2\xB7 %zu were given", c->n_e);
		return LETS_OK;
	}
	if (!o->positional.n)
		return opt_usage_error(c->d, "edit", true, "the following required arguments were not provided:\n  <TARGET>");
	if (o->if_sha && o->positional.n > 1)
		return diag_add(c->d, E_USAGE, "--if takes one target \xC2\xB7 %zu were given", o->positional.n);
	if (!o->new_text)
		return opt_usage_error(c->d, "edit", true, "the following required arguments were not provided:\n  --new <NEW>");
	const char *anchor = o->insert_after ? o->insert_after : o->insert_before;
	if (o->insert_after && o->insert_before)
		return opt_usage_error(c->d, "edit", true, "the argument '--insert-after <INSERT_AFTER>' cannot be used with '--insert-before <INSERT_BEFORE>'");
	if (o->old && anchor)
		return opt_usage_error(c->d, "edit", true, "the argument '--old <OLD>' cannot be used with '%s'",
			     o->insert_after ? "--insert-after <INSERT_AFTER>" : "--insert-before <INSERT_BEFORE>");
	if (anchor && (o->expect || o->expect_all))
		return opt_usage_error(c->d, "edit", true, "the argument '%s' cannot be used with '%s'",
			     o->insert_after ? "--insert-after <INSERT_AFTER>" : "--insert-before <INSERT_BEFORE>",
			     o->expect ? "--expect <EXPECT>" : "--expect-all");
	if (o->expect && o->expect_all)
		return opt_usage_error(c->d, "edit", true, "the argument '--expect <EXPECT>' cannot be used with '--expect-all'");
	char *old = NULL, *nw = NULL;
	size_t old_len = 0, new_len = 0;
	if (o->old && !strcmp(o->old, "-"))
		old = read_stdin(o->stdin_fd, &old_len, true);
	else if (o->old)
		old = xstrdup(o->old), old_len = strlen(o->old);
	if (!strcmp(o->new_text, "-"))
		nw = read_stdin(o->stdin_fd, &new_len, true);
	else
		nw = xstrdup(o->new_text), new_len = strlen(o->new_text);
	if (o->expect_all)
		*expect_all = read_stdin(o->stdin_fd, expect_all_len, true);
	if (old && utf8_blank(old, old_len)) {
		free(old);
		free(nw);
		return opt_usage_error(c->d, "edit", false, "--old is empty or only whitespace, so it would match everywhere \xC2\xB7 give the "
				       "exact text to replace, or insert with --insert-after");
	}
	for (size_t i = 0; i < o->positional.n; i++) {
		struct entry *en = entry_new(c, o->positional.items[i]);
		if (old) {
			en->old = xstrndup(old, old_len);
			en->old_len = old_len;
		}
		en->new_text = xmalloc(new_len + 1);
		memcpy(en->new_text, nw, new_len + 1);
		en->new_len = new_len;
		if (anchor) {
			en->anchor = xstrdup(anchor);
			en->after = o->insert_after != NULL;
		}
	}
	free(old);
	free(nw);
	return LETS_OK;
}

/* Target-shape rules that need the parsed target. */
static enum lets_err entry_shape(struct edit_call *c, struct entry *en)
{
	const struct opts *o = c->o;
	if (en->old && utf8_blank(en->old, en->old_len))
		return diag_add(c->d, E_USAGE, "line %ld: %s: the old text is empty or only whitespace, so it would match "
				"everywhere", en->batch_line, en->target_text);
	if (en->anchor && en->t.kind != T_WHOLE)
		return opt_usage_error(c->d, "edit", false, "%s: an insert takes a plain file target; the anchor says where", en->target_text);
	if (en->t.kind == T_LINES && !(o->expect || o->expect_all || o->if_sha))
		return opt_usage_error(c->d, "edit", false,
			     "%s: a line range is accepted only with --expect, --expect-all or --if sha:\xE2\x80\xA6, which "
			     "confirm what the lines hold \xC2\xB7 or drop the range and match with --old",
			     en->target_text);
	if ((o->expect || o->expect_all) && en->t.kind != T_LINES)
		return opt_usage_error(c->d, "edit", false, "%s: --expect and --expect-all confirm a :line or :a-b target", en->target_text);
	if (!en->old && !en->anchor && en->t.kind != T_LINES)
		return opt_usage_error(c->d, "edit", true, "the following required arguments were not provided:\n  --old <OLD>");
	return LETS_OK;
}

static size_t file_for(struct edit_call *c, const char *path)
{
	char *real = realpath(path, NULL);
	if (!real)
		real = xstrdup(path);
	for (size_t i = 0; i < c->n_f; i++)
		if (!strcmp(c->f[i].real, real)) {
			free(real);
			return i;
		}
	XGROW(c->f, c->cap_f, c->n_f + 1);
	struct efile *ef = &c->f[c->n_f];
	memset(ef, 0, sizeof(*ef));
	ef->path = xstrdup(path);
	ef->real = real;
	ef->first_entry = SIZE_MAX;
	return c->n_f++;
}

static void efile_release(struct efile *ef)
{
	free(ef->path);
	free(ef->real);
	file_release(&ef->f);
	free(ef->orig);
}

static enum lets_err load(struct edit_call *c, struct efile *ef)
{
	enum lets_err e = file_load(&ef->f, ef->path, c->o->max_file_bytes, c->d);
	if (e) {
		mark_failed(c, ef->path);
		return e;
	}
	ef->st = ef->f.st;
	if (!(ef->st.st_mode & S_IWUSR)) {
		mark_failed(c, ef->path);
		return diag_add(c->d, E_READ_ONLY, "%s is read-only \xC2\xB7 run chmod u+w %s first if the edit is intended",
				ef->path, ef->path);
	}
	memcpy(ef->sha_before, file_sha(&ef->f), 13);
	if (c->o->if_sha) {
		const char *want = c->o->if_sha;
		if (!strncmp(want, "sha:", 4))
			want += 4;
		if (strncmp(want, ef->sha_before, 12)) {
			mark_failed(c, ef->path);
			return diag_add(c->d, E_CHANGED, "%s changed since sha:%s (now sha:%s)", ef->path, want,
					ef->sha_before);
		}
	}
	ef->orig = xmalloc(ef->f.size + 1);
	memcpy(ef->orig, ef->f.data, ef->f.size + 1);
	ef->orig_len = ef->f.size;
	ef->loaded = true;
	return LETS_OK;
}

static bool any_reverted(const struct edit_call *c)
{
	for (size_t i = 0; i < c->n_f; i++)
		if (c->f[i].ck.failed)
			return true;
	return false;
}

/* The omissions in footer order: check notes first, then match notes, gaps, readings. */
static void final_omits(struct edit_call *c, struct omits *om)
{
	for (size_t i = 0; i < c->n_f; i++) {
		const struct efile *ef = &c->f[i];
		if (ef->ck.kind != CHECK_NONE || !ef->loaded)
			continue;
		if (c->batch && strcmp(ef->ck.reason, "--no-check")) {
			struct buf r = BUF_INIT;
			buf_addf(&r, "%s: %s", ef->path, ef->ck.reason);
			omit_add(om, OM_CHECK_SKIPPED, 0, 0, 0, r.data, NULL);
			buf_release(&r);
		} else {
			bool dup = false;
			for (size_t k = 0; k < om->n; k++)
				dup |= om->items[k].kind == OM_CHECK_SKIPPED && !strcmp(om->items[k].s1, ef->ck.reason);
			if (!dup)
				omit_add(om, OM_CHECK_SKIPPED, 0, 0, 0, ef->ck.reason, NULL);
		}
	}
	if (c->cmd_done && c->verdict == CMD_SKIPPED)
		omit_add(om, OM_CHECK_SKIPPED, 0, 0, 0, c->cmd_reason, NULL);
	if (c->cmd_done && c->verdict == CMD_INCONCLUSIVE)
		omit_add(om, OM_CHECK_INCONCLUSIVE, 0, 0, 0, c->cmd.shown, c->cmd_reason);
	bool norm = false, crlf = false;
	for (size_t i = 0; i < c->n_e; i++) {
		norm |= c->e[i].normalized;
		crlf |= c->e[i].crlf_matched;
	}
	if (norm)
		omit_add(om, OM_NORMALIZED, 0, 0, 0, NULL, NULL);
	if (crlf)
		omit_add(om, OM_CRLF_MATCHED, 0, 0, 0, NULL, NULL);
	for (size_t i = 0; i < c->n_e; i++)
		for (size_t k = 0; k < c->e[i].gap.n; k++) {
			const struct omission *g = &c->e[i].gap.items[k];
			struct omission *cp = omit_add(om, OM_REGION_GAP, 0, 0, 0, NULL, NULL);
			for (size_t p = 0; p < g->n_pairs; p++)
				omission_add_pair(cp, g->pairs[2 * p], g->pairs[2 * p + 1]);
		}
	long cut = 0, lossy = 0;
	for (size_t i = 0; i < c->n_e; i++) {
		cut += c->e[i].cut;
		lossy += c->e[i].lossy;
	}
	if (cut)
		omit_add(om, OM_LONG_LINES_CUT, cut, 0, 0, NULL, NULL);
	if (lossy)
		omit_add(om, OM_LOSSY_LINES, lossy, 0, 0, NULL, NULL);
	for (size_t i = 0; i < c->tom.n; i++) {
		const struct omission *t = &c->tom.items[i];
		omit_add(om, t->kind, t->a, t->b, t->c, t->s1, t->s2);
	}
	for (size_t i = 0; i < c->om.n; i++) {
		const struct omission *t = &c->om.items[i];
		struct omission *cp = omit_add(om, t->kind, t->a, t->b, t->c, t->s1, t->s2);
		for (size_t k = 0; k < t->n_list; k++)
			omission_add_item(cp, t->list[k]);
	}
}

/* A check that passed: "ok" means no new error. A tree-sitter parse of a file that already had
 * errors is still ok (the count did not grow); a format parser's "invalid" is not, so a config
 * file that stays invalid says so. */
static const char *check_status(const struct check_result *ck)
{
	return ck->kind != CHECK_STRUCTURE && ck->errors_after ? "still invalid" : "ok";
}

static void check_json_obj(struct buf *b, const struct edit_call *c, const struct efile *ef)
{
	if (ef->ck.kind == CHECK_NONE && !(c->cmd_done && c->verdict == CMD_OK))
		return;
	const char *layer = ef->ck.kind != CHECK_NONE ? check_kind_name(ef->ck.kind) : c->cmd.shown;
	const char *status = "ok";
	if (ef->ck.failed)
		status = check_failed_status(ef->ck.kind);
	else if (c->cmd_done && c->verdict == CMD_OK)
		layer = c->cmd.shown;
	else
		status = check_status(&ef->ck);
	buf_adds(b, ",\"check\":");
	check_result_json(b, layer, status, &ef->ck);
}

static void entry_json(struct buf *b, const struct edit_call *c, const struct entry *en)
{
	const struct efile *ef = &c->f[en->file];
	buf_adds(b, "{\"path\":");
	json_cstr(b, ef->path);
	if (en->insert) {
		buf_addf(b, ",\"inserted\":%ld,\"anchor\":{\"side\":\"%s\",\"at\":", en->count, en->after ? "after" : "before");
		json_cstr(b, en->anchor);
		buf_addf(b, ",\"line\":%ld}", en->anchor_line);
	} else {
		buf_addf(b, ",\"replacements\":%ld", en->count);
	}
	buf_adds(b, ",\"lines\":[");
	for (size_t i = 0; i < en->n_lines; i++)
		buf_addf(b, "%s%ld", i ? "," : "", en->lines[i]);
	buf_adds(b, "],\"match\":");
	json_cstr(b, en->match ? en->match : "exact");
	if (en->guessed)
		buf_adds(b, ",\"resolver\":\"span guessed (plaintext heuristic)\"");
	if (en->region.n_lines) {
		buf_adds(b, ",\"region\":");
		region_json(b, &en->region);
	}
	check_json_obj(b, c, ef);
	buf_addf(b, ",\"sha\":{\"before\":\"%s\",\"after\":\"%s\"}", ef->sha_before,
		 ef->ck.failed ? ef->sha_before : ef->sha_after);
	if (ef->ck.failed)
		buf_adds(b, ",\"reverted\":true");
}

/* "check: structure ok" for one file, "" when no check result shows. */
static void check_segment(struct buf *b, const struct edit_call *c, const struct efile *ef)
{
	if (c->cmd_done && c->verdict == CMD_OK) {
		buf_addf(b, "check: %s ok", c->cmd.shown);
		return;
	}
	if (ef->ck.kind == CHECK_NONE)
		return;
	buf_addf(b, "check: %s %s", check_kind_name(ef->ck.kind), check_status(&ef->ck));
}

/* "checks: structure ok ×2, json ok ×1" over the batch's files. */
static void checks_segment(struct buf *b, const struct edit_call *c)
{
	struct buf one = BUF_INIT;
	const char *kinds[16];
	long counts[16];
	char *texts[16];
	size_t n = 0;
	for (size_t i = 0; i < c->n_f; i++) {
		const struct efile *ef = &c->f[i];
		if (ef->ck.kind == CHECK_NONE)
			continue;
		buf_truncate(&one, 0);
		buf_addf(&one, "%s %s", check_kind_name(ef->ck.kind), check_status(&ef->ck));
		size_t k = 0;
		while (k < n && strcmp(texts[k], one.data))
			k++;
		if (k == n && n < 16) {
			texts[n] = xstrdup(one.data);
			kinds[n] = texts[n];
			counts[n++] = 0;
		}
		if (k < n)
			counts[k]++;
	}
	if (n) {
		buf_adds(b, "checks: ");
		for (size_t k = 0; k < n; k++)
			buf_addf(b, "%s%s \xC3\x97%ld", k ? ", " : "", kinds[k], counts[k]);
	}
	for (size_t k = 0; k < n; k++)
		free(texts[k]);
	if (c->cmd_done && c->verdict == CMD_OK)
		buf_addf(b, "%scheck: %s ok", n ? OUT_DOT : "", c->cmd.shown);
	buf_release(&one);
}

/* The batch footer's lead when nothing was written; fallback names the file when no entry failed. */
static void nothing_written(struct buf *b, const struct edit_call *c, const char *fallback)
{
	buf_addf(b, "0 of %zu applied" OUT_DOT "nothing written" OUT_DOT "fix %s and re-run", c->n_e,
		 c->failed_path ? c->failed_path : fallback);
}

static void render(struct edit_call *c, struct buf *out, bool applied, long landed)
{
	const struct opts *o = c->o;
	bool reverted = any_reverted(c);
	struct omits om = OMITS_INIT;
	final_omits(c, &om);
	long lines = 0, bytes = 0, widest = 1;
	struct buf blocks = BUF_INIT;
	for (size_t i = 0; i < c->n_e; i++) {
		struct entry *en = &c->e[i];
		const struct efile *ef = &c->f[en->file];
		if (ef->ck.failed && ef->first_entry == i && en->region.n_lines) {
			for (size_t k = 0; k < en->region.n_lines; k++)
				if (en->region.lines[k].marker == MK_REPLACED || en->region.lines[k].marker == MK_INSERTED) {
					en->region.lines[k].note = check_reject_note(ef->ck.kind);
					break;
				}
		}
		for (size_t k = 0; k < en->region.n_lines; k++) {
			const struct out_line *l = &en->region.lines[k];
			lines++;
			bytes += (long)line_cost(l);
			if (l->note)
				bytes += 10 + (long)strlen(l->note);
			if (l->marker != MK_GAP && l->number > widest)
				widest = l->number;
		}
	}
	int width = num_width(widest);
	for (size_t i = 0; i < c->n_e; i++) {
		struct entry *en = &c->e[i];
		size_t before = blocks.len;
		header_text(&blocks, c, en, c->f[en->file].ck.failed);
		bytes += (long)(blocks.len - before);
		for (size_t k = 0; k < en->region.n_lines; k++)
			line_text(&blocks, &en->region.lines[k], width, true);
	}
	long tokens = tokens_est(bytes);

	if (o->json || o->jsonl) {
		if (!c->batch && o->json) {
			entry_json(out, c, &c->e[0]);
			response_end_json(out, &om, lines, bytes);
		} else if (o->json) {
			buf_adds(out, "{\"edits\":[");
			for (size_t i = 0; i < c->n_e; i++) {
				if (i)
					buf_addc(out, ',');
				entry_json(out, c, &c->e[i]);
				buf_addc(out, '}');
			}
			buf_addc(out, ']');
			response_end_json(out, &om, lines, bytes);
		} else {
			for (size_t i = 0; i < c->n_e; i++) {
				entry_json(out, c, &c->e[i]);
				buf_adds(out, "}\n");
			}
			buf_adds(out, "{\"stats\":");
			stats_json(out, lines, bytes);
			buf_adds(out, ",\"omitted\":");
			omits_json(out, &om);
			buf_adds(out, "}\n");
		}
		goto out;
	}
	if (!o->quiet)
		buf_add(out, blocks.data, blocks.len);
	struct buf lead = BUF_INIT;
	if (!c->batch) {
		const struct efile *ef = &c->f[0];
		if (reverted) {
			buf_addf(&lead, "check: %s \xE2\x86\x92 reverted" OUT_DOT "file unchanged" OUT_DOT "sha:%s",
				 check_failed_status(ef->ck.kind), ef->sha_before);
		} else {
			check_segment(&lead, c, ef);
			buf_addf(&lead, "%ssha:%s", lead.len ? OUT_DOT : "", ef->sha_before);
			if (strcmp(ef->sha_before, ef->sha_after))
				buf_addf(&lead, "\xE2\x86\x92%s", ef->sha_after);
		}
	} else if (!applied) {
		nothing_written(&lead, c, c->f[0].path);
	} else {
		plural(&lead, (long)c->n_f, "file", "files");
		buf_adds(&lead, OUT_DOT);
		plural(&lead, (long)c->n_e, "edit", "edits");
		if (landed == (long)c->n_f)
			buf_adds(&lead, OUT_DOT "all applied");
		else
			buf_addf(&lead, OUT_DOT "%ld of %zu files written", landed, c->n_f);
		size_t mark = lead.len;
		buf_adds(&lead, OUT_DOT);
		size_t seg = lead.len;
		checks_segment(&lead, c);
		if (lead.len == seg)
			buf_truncate(&lead, mark);
	}
	footer_text(out, lead.data, &om, tokens);
	buf_release(&lead);
out:
	buf_release(&blocks);
	omits_release(&om);
}

/* Writes every changed file: all temporaries written and synced first (nothing is visible
 * yet, so a failure there writes nothing), then each renamed into place after its identity
 * check. Only a failure in that last step can leave a batch partly written. */
static enum lets_err publish_all(struct edit_call *c, struct lockset *locks, long *landed)
{
	struct publish_op *ops = xcalloc(c->n_f ? c->n_f : 1, sizeof(*ops));
	size_t *file_of = xcalloc(c->n_f ? c->n_f : 1, sizeof(*file_of));
	size_t n = 0;
	struct diag pd = DIAG_INIT;
	enum lets_err e = LETS_OK;
	for (size_t i = 0; i < c->n_f && !e; i++) {
		struct efile *ef = &c->f[i];
		if (ef->f.size == ef->orig_len && !memcmp(ef->f.data, ef->orig, ef->orig_len))
			continue; /* nothing changed: leave the file, its mtime and its inode alone */
		file_of[n] = i;
		e = publish_prepare(&ops[n++], ef->path, ef->f.data, ef->f.size, &ef->st, ef->sha_before, &pd);
		if (e)
			mark_failed(c, ef->path);
	}
	if (!e)
		e = publish_sync(ops, n, &pd);
	for (size_t k = 0; k < n && !e; k++) {
		struct efile *ef = &c->f[file_of[k]];
		e = publish_commit(&ops[k], locks, &ef->written, &pd);
		if (!e) {
			ef->landed = true;
			(*landed)++;
			continue;
		}
		mark_failed(c, ef->path);
		if (*landed) {
			diag_add(c->d, E_PARTIAL_BATCH, "batch partially written: %ld landed, %s failed: %s", *landed, ef->path,
				 pd.items[0].message);
			struct omission *om = omit_add(&c->om, OM_PARTIAL_BATCH, 0, 0, 0, NULL, NULL);
			for (size_t j = 0; j < c->n_f; j++)
				if (c->f[j].landed)
					omission_add_item(om, c->f[j].path);
			e = E_PARTIAL_BATCH;
		}
	}
	if (e && !*landed)
		diag_add(c->d, pd.items[0].code, "%s", pd.items[0].message);
	publish_sync_dirs(ops, n);
	for (size_t k = 0; k < n; k++)
		publish_op_release(&ops[k]);
	free(ops);
	free(file_of);
	diag_release(&pd);
	return e;
}

/* Layer 2 said the batch broke the project: put every landed file back. */
static void revert_all(struct edit_call *c, struct lockset *locks, const char *detail)
{
	long reverted = 0;
	struct diag rd = DIAG_INIT;
	for (size_t i = 0; i < c->n_f; i++) {
		struct efile *ef = &c->f[i];
		if (!ef->landed)
			continue;
		if (publish(ef->path, ef->orig, ef->orig_len, &ef->written, ef->sha_after, locks, NULL, &rd) == LETS_OK)
			reverted++;
	}
	struct buf m = BUF_INIT;
	buf_addf(&m, "command check failed for %s: `%s` passed before the batch and failed after it", c->f[0].path,
		 c->cmd.shown);
	if (detail)
		buf_addf(&m, ": %s", detail);
	buf_adds(&m, OUT_DOT);
	plural(&m, reverted, "file", "files");
	buf_adds(&m, " reverted");
	diag_add(c->d, E_CHECK_FAILED, "%s", m.data);
	buf_release(&m);
	for (size_t i = 0; i < rd.n; i++)
		diag_add(c->d, rd.items[i].code, "%s", rd.items[i].message);
	diag_release(&rd);
}

enum lets_err cmd_edit(const struct opts *o, struct buf *out, struct diag *d)
{
	struct edit_call c;
	memset(&c, 0, sizeof(c));
	c.o = o;
	c.d = d;
	struct worktree wt = WORKTREE_INIT;
	struct lockset locks = LOCKSET_INIT;
	char *expect_all = NULL;
	size_t expect_all_len = 0;
	long landed = 0;
	const char **paths = NULL;
	worktree_init(&wt);
	if (collect(&c, &expect_all, &expect_all_len))
		goto out;
	if (o->positional.n > 1)
		c.batch = true;

	for (size_t i = 0; i < c.n_e; i++) {
		struct entry *en = &c.e[i];
		if (target_parse(&en->t, en->target_text, d)) {
			mark_failed(&c, en->target_text);
			en->file = SIZE_MAX;
			continue;
		}
		if (entry_shape(&c, en))
			goto out;
		if (worktree_check(&wt, en->t.path, o->allow_outside, d)) {
			mark_failed(&c, en->t.path);
			en->file = SIZE_MAX;
			continue;
		}
		en->file = file_for(&c, en->t.path);
		if (c.f[en->file].first_entry == SIZE_MAX)
			c.f[en->file].first_entry = i;
	}
	if (d->n)
		goto failed;

	paths = xmalloc((c.n_f ? c.n_f : 1) * sizeof(*paths));
	for (size_t i = 0; i < c.n_f; i++)
		paths[i] = c.f[i].path;
	if (lockset_acquire(&locks, paths, c.n_f, d)) {
		mark_failed(&c, c.f[0].path);
		goto failed;
	}
	for (size_t i = 0; i < c.n_f; i++)
		load(&c, &c.f[i]);
	if (d->n)
		goto failed;

	for (size_t i = 0; i < c.n_e; i++) {
		struct entry *en = &c.e[i];
		if (apply(&c, en, expect_all, expect_all_len) == LETS_OK)
			region_build(&en->region, &c.f[en->file].f, en->lines, en->n_lines,
				     en->insert ? MK_INSERTED : MK_REPLACED, &en->gap, &en->cut, &en->lossy);
	}
	if (d->n)
		goto failed;

	bool broken = false;
	for (size_t i = 0; i < c.n_f; i++) {
		struct efile *ef = &c.f[i];
		if (o->no_check) {
			ef->ck.kind = CHECK_NONE;
			strcpy(ef->ck.reason, "--no-check");
		} else {
			check_layer1(ef->path, ef->orig, ef->orig_len, ef->f.data, ef->f.size, &ef->ck);
		}
		memcpy(ef->sha_after, file_sha(&ef->f), 13);
		if (ef->ck.failed) {
			broken = true;
			if (ef->ck.kind == CHECK_STRUCTURE)
				diag_add(d, E_CHECK_FAILED, "structure check failed for %s: failed", ef->path);
			else
				diag_add(d, E_CHECK_FAILED, "structured check failed for %s: invalid", ef->path);
			mark_failed(&c, ef->path);
		}
	}
	if (broken) {
		render(&c, out, false, 0);
		goto out;
	}

	if (o->check && !o->no_check) {
		if (check_cmd_prepare(&c.cmd, o->check, paths, c.n_f, o->check_timeout, d))
			goto out;
		c.have_cmd = true;
		check_cmd_before(&c.cmd);
	}
	if (publish_all(&c, &locks, &landed)) {
		if (landed)
			render(&c, out, true, landed);
		else
			goto failed;
		goto out;
	}
	if (c.have_cmd) {
		char *detail = NULL;
		c.verdict = check_cmd_after(&c.cmd, c.cmd_reason, sizeof(c.cmd_reason), &detail);
		c.cmd_done = true;
		if (c.verdict == CMD_FAILED) {
			revert_all(&c, &locks, detail);
			free(detail);
			goto out;
		}
		free(detail);
	}
	render(&c, out, true, landed);
	goto out;

failed:
	/* validation failed: nothing was written */
	if (c.batch && c.n_e && !(o->json || o->jsonl) && diag_first(d) != E_USAGE) {
		struct buf lead = BUF_INIT;
		nothing_written(&lead, &c, c.e[0].target_text);
		footer_text(out, lead.data, NULL, -1);
		buf_release(&lead);
	}
out:
	lockset_release(&locks);
	free(paths);
	check_cmd_release(&c.cmd);
	for (size_t i = 0; i < c.n_e; i++)
		entry_release(&c.e[i]);
	free(c.e);
	for (size_t i = 0; i < c.n_f; i++)
		efile_release(&c.f[i]);
	free(c.f);
	omits_release(&c.om);
	omits_release(&c.tom);
	free(expect_all);
	worktree_release(&wt);
	return diag_first(d);
}
