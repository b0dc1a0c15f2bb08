#include "advice.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../buf.h"
#include "../file.h"
#include "../fuzzy.h"
#include "../symbols/symbols.h"
#include "../json.h"
#include "../utf8.h"
#include "engine.h"

/* --old and --new quoted longer than this are not repeated in a suggested command. */
#define REPEAT_MAX 240
/* Windows scored for the nearest regions: around this many lines most like the probe line. */
#define ANCHORS ADVICE_NEAR_MAX
#define NEAR_SHOWN 3
#define NEAR_MIN_SCORE 50
/* A candidate's distinguishing line is looked for this many lines above it, and quoted up to this
 * many bytes. */
#define PLACE_ABOVE 40
#define PLACE_TEXT_MAX 24

/* s quoted for a POSIX shell: '…' when it can be, else $'…' with escapes. */
static void shell_quote(struct buf *b, const char *s, size_t n)
{
	bool plain = true;
	for (size_t i = 0; i < n; i++)
		plain &= s[i] != '\'' && ((unsigned char)s[i] >= 0x20 && s[i] != 0x7f);
	if (plain) {
		buf_addc(b, '\'');
		buf_add(b, s, n);
		buf_addc(b, '\'');
		return;
	}
	advice_shell_ansi(b, s, n);
}

void advice_shell_ansi(struct buf *b, const char *s, size_t n)
{
	buf_adds(b, "$'");
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '\n')
			buf_adds(b, "\\n");
		else if (c == '\t')
			buf_adds(b, "\\t");
		else if (c == '\r')
			buf_adds(b, "\\r");
		else if (c == '\\' || c == '\'')
			buf_addf(b, "\\%c", c);
		else if (c < 0x20 || c == 0x7f)
			buf_addf(b, "\\x%02x", c);
		else
			buf_addc(b, (char)c);
	}
	buf_addc(b, '\'');
}

/* t as a shell word: as typed when it holds only characters a shell leaves alone. */
static void target_word(struct buf *b, const char *t)
{
	if (t[strspn(t, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./#:,+-=@%")])
		shell_quote(b, t, strlen(t));
	else
		buf_adds(b, t);
}

/* "lets edit T[ --line-hint N] --old … --new …" and rq's flags, then extra (a flag, or ""). */
static void command(struct buf *b, const struct edit_req *rq, long hint, int drop_exact, const char *extra)
{
	struct buf q = BUF_INIT;
	buf_adds(b, "lets edit ");
	target_word(b, rq->target_text);
	if (hint > 0)
		buf_addf(b, " --line-hint %ld", hint);
	else if (hint)
		buf_adds(b, " --line-hint <LINE>");
	buf_adds(&q, " --old ");
	shell_quote(&q, rq->old, rq->old_len);
	buf_adds(&q, " --new ");
	shell_quote(&q, rq->new_text, rq->new_len);
	if (q.len > REPEAT_MAX)
		buf_adds(b, " (same --old and --new)");
	else
		buf_add(b, q.data, q.len);
	buf_adds(b, rq->all ? " --all" : "");
	buf_adds(b, rq->word ? " -w" : "");
	buf_adds(b, rq->normalize ? " --normalize" : "");
	buf_adds(b, rq->literal_newlines ? " --literal-newlines" : "");
	buf_adds(b, rq->exact && !drop_exact ? " --exact" : "");
	if (*extra)
		buf_addf(b, " %s", extra);
	buf_release(&q);
}

/* The same as an edit tool call (lets mcp): edit {"targets": ["T"], "line_hint": N, "old": …,
 * "new": …, …}, extra a key set true (or ""); an old and new too long to repeat are said to be the
 * same. */
static void tool_call(struct buf *b, const struct edit_req *rq, long hint, int drop_exact, const char *extra)
{
	struct buf q = BUF_INIT;
	buf_adds(b, "edit {\"targets\": [");
	json_cstr(b, rq->target_text);
	buf_adds(b, "]");
	if (hint > 0)
		buf_addf(b, ", \"line_hint\": %ld", hint);
	else if (hint)
		buf_adds(b, ", \"line_hint\": <LINE>");
	buf_adds(&q, ", \"old\": ");
	json_str(&q, rq->old, rq->old_len);
	buf_adds(&q, ", \"new\": ");
	json_str(&q, rq->new_text, rq->new_len);
	if (q.len <= REPEAT_MAX)
		buf_add(b, q.data, q.len);
	buf_adds(b, rq->all ? ", \"all\": true" : "");
	buf_adds(b, rq->word ? ", \"word\": true" : "");
	buf_adds(b, rq->normalize ? ", \"normalize\": true" : "");
	buf_adds(b, rq->literal_newlines ? ", \"literal_newlines\": true" : "");
	buf_adds(b, rq->exact && !drop_exact ? ", \"exact\": true" : "");
	if (*extra)
		buf_addf(b, ", \"%s\": true", extra);
	buf_adds(b, "}");
	if (q.len > REPEAT_MAX)
		buf_adds(b, " with the same old and new");
	buf_release(&q);
}

/* "batch line 2" on the command line; over MCP the batch is an array: "batch[1]". */
static void batch_entry(struct buf *b, const struct edit_req *rq)
{
	if (rq->tool_terms)
		buf_addf(b, "batch[%ld]", rq->batch_line - 1);
	else
		buf_addf(b, "batch line %ld", rq->batch_line);
}

void advice_command(struct buf *b, const struct edit_req *rq, long hint, int drop_exact)
{
	if (rq->batch_line) {
		if (hint > 0)
			buf_addf(b, "add \"line_hint\": %ld to ", hint);
		else if (hint)
			buf_adds(b, "add \"line_hint\": <LINE> to ");
		else
			buf_addf(b, "drop %s for ", rq->tool_terms ? "exact" : "--exact");
		batch_entry(b, rq);
		return;
	}
	if (rq->tool_terms)
		tool_call(b, rq, hint, drop_exact, "");
	else
		command(b, rq, hint, drop_exact, "");
}

void advice_command_flag(struct buf *b, const struct edit_req *rq, const char *flag, const char *key)
{
	if (rq->batch_line) {
		buf_addf(b, "add \"%s\": true to ", key);
		batch_entry(b, rq);
	} else if (rq->tool_terms) {
		tool_call(b, rq, 0, 0, key);
	} else {
		command(b, rq, 0, 0, flag);
	}
}

/* s as one double-quoted shell word: \ before $ ` " and before a \ that would escape one of them
 * (or end the word); every other \ stays as typed. A control byte needs $'…' instead. */
static void shell_dquote(struct buf *b, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f) {
			advice_shell_ansi(b, s, n);
			return;
		}
	buf_addc(b, '"');
	for (size_t i = 0; i < n; i++) {
		bool esc = strchr("$`\"", s[i]) != NULL;
		if (s[i] == '\\')
			esc = i + 1 == n || strchr("$`\"\\", s[i + 1]) != NULL;
		if (esc)
			buf_addc(b, '\\');
		buf_addc(b, s[i]);
	}
	buf_addc(b, '"');
}

/* The insert as an edit tool call: edit {"targets": ["T"], "insert_after": "@'re'+2", "new": …}. */
static void anchor_tool_call(struct buf *b, const struct edit_req *rq, const char *regex, long nth)
{
	struct buf a = BUF_INIT, q = BUF_INIT;
	buf_adds(b, "edit {\"targets\": [");
	json_cstr(b, rq->target_text);
	buf_adds(b, "]");
	if (!nth)
		buf_adds(b, ", \"line_hint\": <LINE>");
	buf_addf(&a, "@'%s'", regex);
	if (nth)
		buf_addf(&a, "+%ld", nth);
	buf_adds(b, rq->after ? ", \"insert_after\": " : ", \"insert_before\": ");
	json_str(b, a.data, a.len);
	buf_adds(&q, ", \"new\": ");
	json_str(&q, rq->new_text, rq->new_len);
	if (q.len <= REPEAT_MAX)
		buf_add(b, q.data, q.len);
	buf_adds(b, rq->literal_newlines ? ", \"literal_newlines\": true}" : "}");
	if (q.len > REPEAT_MAX)
		buf_adds(b, " with the same new");
	buf_release(&a);
	buf_release(&q);
}

void advice_anchor_command(struct buf *b, const struct edit_req *rq, const char *regex, long nth)
{
	if (rq->batch_line) {
		if (nth) {
			buf_adds(b, "make ");
			batch_entry(b, rq);
			buf_addf(b, "'s anchor @'%s'+%ld", regex, nth);
		} else {
			buf_adds(b, "add \"line_hint\": <LINE> to ");
			batch_entry(b, rq);
		}
		return;
	}
	if (rq->tool_terms) {
		anchor_tool_call(b, rq, regex, nth);
		return;
	}
	struct buf a = BUF_INIT, q = BUF_INIT;
	buf_adds(b, "lets edit ");
	target_word(b, rq->target_text);
	if (!nth)
		buf_adds(b, " --line-hint <LINE>");
	buf_addf(&a, "@'%s'", regex);
	if (nth)
		buf_addf(&a, "+%ld", nth);
	buf_adds(b, rq->after ? " --insert-after " : " --insert-before ");
	shell_dquote(b, a.data, a.len);
	buf_adds(&q, " --new ");
	shell_quote(&q, rq->new_text, rq->new_len);
	buf_adds(b, q.len > REPEAT_MAX ? " (same --new)" : q.data);
	buf_adds(b, rq->literal_newlines ? " --literal-newlines" : "");
	buf_release(&a);
	buf_release(&q);
}

void advice_range_command(struct buf *b, const struct edit_req *rq, const char *path, long first, long last,
			  const char *sha)
{
	buf_addf(b, "check lines %ld-%ld with lets show %s:%ld-%ld, then ", first, last, path, first, last);
	if (!sha || rq->batch_line) {
		buf_adds(b, "replace them with \"old\" holding their text");
		return;
	}
	struct buf q = BUF_INIT, t = BUF_INIT;
	buf_addf(&t, "%s:%ld-%ld", path, first, last);
	buf_adds(b, "replace them: lets edit ");
	target_word(b, t.data);
	buf_addf(b, " --if sha:%s", sha);
	buf_adds(&q, " --new ");
	shell_quote(&q, rq->new_text, rq->new_len);
	buf_adds(b, q.len > REPEAT_MAX ? " (same --new)" : q.data);
	buf_adds(b, rq->literal_newlines ? " --literal-newlines" : "");
	buf_release(&q);
	buf_release(&t);
}

/* Line l of f without its leading and trailing whitespace ("" past either end). */
static void line_trimmed(const struct file *f, long l, const char **t, size_t *n)
{
	*t = "";
	*n = 0;
	if (l >= 1 && (size_t)l <= f->n_lines) {
		*n = file_line(f, (size_t)l, t);
		utf8_trim(t, n);
	}
}

static bool same_text(const char *a, size_t an, const char *b, size_t bn)
{
	return an == bn && !memcmp(a, b, an);
}

/* Candidates i and j read alike and their definitions' names (NULL: none) do not tell them apart. */
static bool together(const struct file *f, const long *lines, const bool *alike, const char *const *name,
		     size_t i, size_t j)
{
	const char *a, *c;
	size_t an, cn;
	if (i == j || !alike[i] || !alike[j] || (!name[i] != !name[j]) ||
	    (name[i] && strcmp(name[i], name[j])))
		return false;
	line_trimmed(f, lines[i], &a, &an);
	line_trimmed(f, lines[j], &c, &cn);
	return same_text(a, an, c, cn);
}

/* The nearest line above lines[i] that tells it from the candidates together with it: one
 * holding a letter or digit and reading unlike their own lines, that reads like none of the lines
 * as near above each of them (k lines above i: none of the k lines above j). 0: none within
 * PLACE_ABOVE lines, or no candidate is together with it (its definition tells it apart). */
static long distinguishing_line(const struct file *f, const long *lines, const bool *alike,
				const char *const *name, size_t listed, size_t i)
{
	bool any = false;
	for (size_t j = 0; j < listed; j++)
		any |= together(f, lines, alike, name, i, j);
	const char *own;
	size_t on;
	line_trimmed(f, lines[i], &own, &on);
	for (long k = 1; any && k <= PLACE_ABOVE && lines[i] - k >= 1; k++) {
		const char *t, *u;
		size_t tn, un;
		line_trimmed(f, lines[i] - k, &t, &tn);
		/* a line of punctuation ("}", ");"), or one reading like the candidates, tells nothing */
		bool unlike = false;
		for (size_t p = 0; p < tn && !unlike && !same_text(t, tn, own, on); p++) {
			unsigned char c = (unsigned char)t[p];
			unlike = ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || (c >= '0' && c <= '9') ||
				 c >= 0x80;
		}
		for (size_t j = 0; j < listed && unlike; j++) {
			if (!together(f, lines, alike, name, i, j))
				continue;
			unlike = lines[j] != lines[i];
			for (long m = 1; m <= k && unlike; m++) {
				line_trimmed(f, lines[j] - m, &u, &un);
				unlike = !same_text(t, tn, u, un);
			}
		}
		if (unlike)
			return lines[i] - k;
	}
	return 0;
}

/* Appends "  \u2190 in Outer.name, after \"…\"" for a candidate whose line reads like another's:
 * its innermost definition (sym, or none) and the line above that tells it apart (0: none). */
static void add_place(struct buf *b, const struct file *f, const char *sym, long above)
{
	if (!sym && !above)
		return;
	buf_adds(b, "  \xE2\x86\x90 ");
	if (sym)
		buf_addf(b, "in %s%s", sym, above ? ", " : "");
	if (!above)
		return;
	const char *t;
	size_t n;
	line_trimmed(f, above, &t, &n);
	size_t cut = n;
	if (n > PLACE_TEXT_MAX) {
		/* after the last space that leaves a few words, else at a character's start */
		const char *sp = memrchr(t + PLACE_TEXT_MAX / 2, ' ', PLACE_TEXT_MAX / 2);
		cut = sp ? (size_t)(sp - t) + 1 : PLACE_TEXT_MAX;
		while (cut && ((unsigned char)t[cut] & 0xC0) == 0x80)
			cut--;
	}
	bool lossy, long_line;
	buf_adds(b, "after \"");
	line_display(b, t, cut, &lossy, &long_line);
	buf_adds(b, cut < n ? "\xE2\x80\xA6\"" : "\"");
}

/* Where each listed candidate whose line reads like another's is (places[i], owned, NULL for the
 * others): its innermost definition's name, parsed once for them all, and the line above it that
 * tells it apart. */
static void candidate_places(struct file *f, const long *lines, size_t listed, char **places)
{
	bool *alike = xcalloc(listed + 1, sizeof(*alike));
	long *asc = xmalloc((listed + 1) * sizeof(*asc));
	int *which = xmalloc((listed + 1) * sizeof(*which));
	size_t na = 0;
	for (size_t i = 0; i < listed; i++)
		for (size_t j = 0; j < listed; j++) {
			const char *a, *c;
			size_t an, cn;
			line_trimmed(f, lines[i], &a, &an);
			line_trimmed(f, lines[j], &c, &cn);
			alike[i] |= j != i && an && same_text(a, an, c, cn);
		}
	for (size_t i = 0; i < listed; i++)
		if (alike[i] && (!na || lines[i] > asc[na - 1]))
			asc[na++] = lines[i];
	struct sym_defs sd = SYM_DEFS_INIT;
	if (na)
		symbols_enclosing(f, asc, na, &sd, which);
	/* each one's definition, by name (a one-line definition on the candidate's own line, an
	 * assignment, names nothing its line does not show) */
	const char **name = xcalloc(listed + 1, sizeof(*name));
	for (size_t i = 0, k = 0; i < listed; i++) {
		while (alike[i] && k + 1 < na && asc[k] < lines[i])
			k++;
		const struct sym_def *s =
			alike[i] && asc[k] == lines[i] && which[k] >= 0 ? &sd.v[which[k]] : NULL;
		name[i] = s && !(s->start == lines[i] && s->end == lines[i]) ? s->qname : NULL;
	}
	struct buf b = BUF_INIT;
	for (size_t i = 0; i < listed; i++) {
		places[i] = NULL;
		if (!alike[i])
			continue;
		buf_truncate(&b, 0);
		add_place(&b, f, name[i], distinguishing_line(f, lines, alike, name, listed, i));
		places[i] = b.len ? xstrdup(b.data) : NULL;
	}
	buf_release(&b);
	free(name);
	sym_defs_release(&sd);
	free(which);
	free(asc);
	free(alike);
}

void advice_candidates(struct buf *b, struct file *f, const long *lines, const long *shown, size_t n)
{
	size_t listed = n < ADVICE_CANDIDATES_MAX ? n : ADVICE_CANDIDATES_MAX;
	char **places = xcalloc(listed + 1, sizeof(*places));
	candidate_places(f, lines, listed, places);
	for (size_t i = 0; i < listed; i++) {
		buf_addf(b, "\n  %s:%ld\t", f->path, shown[i]);
		file_line_display(b, f, (size_t)lines[i], NULL, NULL);
		if (places[i])
			buf_adds(b, places[i]);
		free(places[i]);
	}
	free(places);
	if (n > listed)
		buf_addf(b, "\n  (+%zu more)", n - listed);
}

struct oline {
	const char *s;
	size_t n;
};

static void trimmed(const char *s, size_t n, const char **t, size_t *tn)
{
	*t = s;
	*tn = n;
	utf8_trim(t, tn);
}

/* How an indent reads: "tabs", "4 spaces", "no indent", "mixed indentation". */
static void indent_words(struct buf *b, const char *s, size_t n)
{
	size_t tabs = 0;
	for (size_t i = 0; i < n; i++)
		tabs += s[i] == '\t';
	if (!n)
		buf_adds(b, "no indent");
	else if (tabs == n)
		buf_adds(b, tabs == 1 ? "a tab" : "tabs");
	else if (!tabs)
		buf_addf(b, "%zu space%s", n, n == 1 ? "" : "s");
	else
		buf_adds(b, "mixed indentation");
}

/* The one word (run of non-space bytes) that differs, "file→old", when only one does. */
static bool one_word(struct buf *b, const char *a, size_t an, const char *o, size_t on)
{
	size_t p = 0;
	while (p < an && p < on && a[p] == o[p])
		p++;
	size_t s = 0;
	while (s < an - p && s < on - p && a[an - 1 - s] == o[on - 1 - s])
		s++;
	size_t a0 = p, o0 = p, a1 = an - s, o1 = on - s;
	while (a0 && a[a0 - 1] != ' ' && a[a0 - 1] != '\t')
		a0--, o0--;
	while (a1 < an && a[a1] != ' ' && a[a1] != '\t')
		a1++, o1++;
	for (size_t i = a0; i < a1; i++)
		if (a[i] == ' ' || a[i] == '\t')
			return false;
	for (size_t i = o0; i < o1; i++)
		if (o[i] == ' ' || o[i] == '\t')
			return false;
	buf_adds(b, "1 word differs: ");
	buf_add(b, a + a0, a1 - a0);
	buf_adds(b, "\xE2\x86\x92");
	buf_add(b, o + o0, o1 - o0);
	return true;
}

/* An ASCII letter, digit or underscore: a character that differs inside a word names the word. */
static bool word_byte(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* Why file line text a differs from --old's line o (both as read, without line endings). */
static void line_reason(struct buf *b, const char *a, size_t an, const char *o, size_t on)
{
	const char *ta, *to;
	size_t tan, ton;
	trimmed(a, an, &ta, &tan);
	trimmed(o, on, &to, &ton);
	size_t ia = (size_t)(ta - a), io = (size_t)(to - o);
	if (tan == ton && !memcmp(ta, to, tan)) {
		if (ia != io || memcmp(a, o, ia)) {
			indent_words(b, a, ia);
			buf_adds(b, " vs ");
			indent_words(b, o, io);
			buf_adds(b, " at col 1");
		} else {
			buf_adds(b, "trailing whitespace");
		}
		return;
	}
	size_t p = 0;
	while (p < tan && p < ton && ta[p] == to[p])
		p++;
	while (p && ((unsigned char)ta[p] & 0xC0) == 0x80)
		p--;
	size_t la = p < tan ? utf8_seq_len((const unsigned char *)ta + p, tan - p) : 0;
	size_t lo = p < ton ? utf8_seq_len((const unsigned char *)to + p, ton - p) : 0;
	if (la && lo && !(word_byte(ta[p]) && word_byte(to[p])) && tan - p - la == ton - p - lo &&
	    !memcmp(ta + p + la, to + p + lo, tan - p - la)) {
		buf_add(b, ta + p, la);
		buf_adds(b, " vs ");
		buf_add(b, to + p, lo);
		buf_addf(b, " at col %zu", ia + p + 1);
		return;
	}
	if (!one_word(b, ta, tan, to, ton))
		buf_adds(b, "text differs");
}

static int near_cmp(const void *x, const void *y)
{
	const struct advice_near *a = x, *b = y;
	if (a->score != b->score)
		return a->score > b->score ? -1 : 1;
	return (a->at > b->at) - (a->at < b->at);
}

/* The window's similarity: the mean over its lines, a blank line like a blank one. */
static int window_score(const struct file *f, long at, const struct oline *o, size_t k)
{
	long sum = 0;
	for (size_t i = 0; i < k; i++) {
		const char *t, *a, *b;
		size_t n = file_line(f, (size_t)at + i, &t), an, bn;
		trimmed(t, n, &a, &an);
		trimmed(o[i].s, o[i].n, &b, &bn);
		sum += !an && !bn ? 100 : fuzzy_similarity(a, an, b, bn);
	}
	return (int)(sum / (long)k);
}

/* The first line of the window that differs from --old's, explained. */
static void window_reason(struct buf *b, const struct file *f, long at, const struct oline *o, size_t k)
{
	for (size_t i = 0; i < k; i++) {
		const char *t;
		size_t n = file_line(f, (size_t)at + i, &t);
		if (n == o[i].n && !memcmp(t, o[i].s, n))
			continue;
		if (k > 1)
			buf_addf(b, "line %ld: ", at + (long)i);
		line_reason(b, t, n, o[i].s, o[i].n);
		return;
	}
	buf_adds(b, "line endings");
}

/* One scan of the file's lines for both questions: the line most like old's first non-blank
 * line (the `nearest:` line; the first of equals), and the window starts whose line is most like
 * old's longest one (the anchors; the earlier of equals first). When the two probe lines are the
 * same text, as for a one-line --old, each file line is scored once. */
struct scan {
	long first, last;
	size_t k, key; /* old's lines, and the one the anchors are scored by */
	const char *kp; /* old's line key, trimmed */
	size_t kpn;
	bool same; /* old's first non-blank line is line key: one probe serves both */
	struct fuzzy_probe probe[2]; /* the first non-blank line's, line key's */
};

/* The anchors' entry score: a line must beat it once the list is full. */
static int anchor_floor(const struct advice_near_set *s)
{
	return s->n < ANCHORS ? -1 : s->v[s->n - 1].score;
}

/* File line l, trimmed to t[0..tn), scored as the nearest line and as an anchor. */
static void scan_line(struct scan *sc, struct advice_near_set *s, long l, const char *t, size_t tn)
{
	long at = l - (long)sc->key;
	bool fits = at >= sc->first && at + (long)sc->k - 1 <= sc->last;
	int fn = s->score, fa = anchor_floor(s), sn, sa = 0;
	/* each score is exact when it beats its floor; below it, its value does not matter */
	if (sc->same) {
		sn = sa = fuzzy_probe_score(&sc->probe[0], t, tn, fits && fa < fn ? fa : fn);
	} else {
		sn = fuzzy_probe_score(&sc->probe[0], t, tn, fn);
		if (fits)
			sa = fuzzy_probe_score(&sc->probe[1], t, tn, fa);
	}
	if (sn > fn)
		s->line = l, s->score = sn;
	if (!fits)
		return;
	if (tn == sc->kpn && !memcmp(t, sc->kp, tn))
		sa = 100; /* fuzzy_similarity's rule for equal lines, however short */
	if (s->n < ANCHORS || sa > fa) {
		size_t i = s->n < ANCHORS ? s->n++ : s->n - 1;
		while (i && s->v[i - 1].score < sa)
			s->v[i] = s->v[i - 1], i--;
		s->v[i] = (struct advice_near){at, sa};
	}
}

/* old's first non-blank line, trimmed (all of old when every line is blank). */
static void first_nonblank(const char *old, size_t old_len, const char **p, size_t *pn)
{
	*p = old;
	*pn = old_len;
	for (const char *q = old; q < old + old_len;) {
		const char *nl = memchr(q, '\n', (size_t)(old + old_len - q));
		size_t l = nl ? (size_t)(nl - q) : (size_t)(old + old_len - q);
		if (!utf8_blank(q, l)) {
			*p = q;
			*pn = l;
			break;
		}
		q += l + 1;
	}
	utf8_trim(p, pn);
}

static void scan(const struct file *f, long first, long last, const char *old, size_t old_len,
		 const struct oline *o, size_t k, struct advice_near_set *s)
{
	struct scan sc = {.first = first, .last = last, .k = k};
	for (size_t i = 1; i < k; i++)
		if (o[i].n > o[sc.key].n)
			sc.key = i;
	const char *fp;
	size_t fpn;
	first_nonblank(old, old_len, &fp, &fpn);
	if (k)
		trimmed(o[sc.key].s, o[sc.key].n, &sc.kp, &sc.kpn);
	sc.same = k && fpn == sc.kpn && !memcmp(fp, sc.kp, fpn);
	fuzzy_probe_init(&sc.probe[0], fp, fpn);
	if (k && !sc.same)
		fuzzy_probe_init(&sc.probe[1], sc.kp, sc.kpn);
	for (long l = first; k && l <= last; l++) {
		/* the line with its ending, trimmed: the ending goes with the trailing whitespace */
		const char *t = f->data + f->line_start[l - 1];
		size_t tn = f->line_start[l] - f->line_start[l - 1];
		utf8_trim(&t, &tn);
		/* a blank line is never the nearest line nor an anchor */
		if (tn)
			scan_line(&sc, s, l, t, tn);
	}
}

/* old's lines without their endings; caller frees. */
static struct oline *old_lines(const char *old, size_t old_len, size_t *k)
{
	struct oline *o = NULL;
	size_t cap = 0;
	*k = 0;
	for (size_t i = 0; i < old_len;) {
		const char *nl = memchr(old + i, '\n', old_len - i);
		size_t e = nl ? (size_t)(nl - old) : old_len, n = e - i;
		if (n && old[e - 1] == '\r')
			n--;
		XGROW(o, cap, *k + 1);
		o[(*k)++] = (struct oline){old + i, n};
		i = nl ? e + 1 : old_len;
	}
	return o;
}

void advice_near_scan(const struct file *f, long first, long last, const char *old, size_t old_len,
		      struct advice_near_set *s)
{
	size_t k;
	struct oline *o = old_lines(old, old_len, &k);
	*s = (struct advice_near_set){0};
	scan(f, first, last, old, old_len, o, k, s);
	for (size_t i = 0; i < s->n; i++)
		s->v[i].score = window_score(f, s->v[i].at, o, k);
	qsort(s->v, s->n, sizeof(*s->v), near_cmp);
	free(o);
}

void advice_nearest(struct buf *b, const struct file *f, const struct advice_near_set *s, const char *old,
		    size_t old_len)
{
	size_t k, n = s->n;
	struct oline *o = old_lines(old, old_len, &k);
	const struct advice_near *v = s->v;
	size_t shown = 0;
	for (size_t i = 0; i < n && shown < NEAR_SHOWN; i++) {
		bool dup = false;
		for (size_t j = 0; j < i; j++)
			dup |= v[j].at == v[i].at;
		if (dup || v[i].score < NEAR_MIN_SCORE)
			continue;
		long z = v[i].at + (long)k - 1;
		size_t line_start = b->len;
		if (z == v[i].at)
			buf_addf(b, "\n  near: line %ld \xC2\xB7 %d%% \xC2\xB7 ", v[i].at, v[i].score);
		else
			buf_addf(b, "\n  near: lines %ld-%ld \xC2\xB7 %d%% \xC2\xB7 ", v[i].at, z,
				 v[i].score);
		size_t mark = b->len;
		window_reason(b, f, v[i].at, o, k);
		if (k == 1 && !strcmp(b->data + mark, "text differs")) {
			/* the nearest: line above already shows it; nothing more to say */
			buf_truncate(b, line_start);
			continue;
		}
		shown++;
	}
	free(o);
}
