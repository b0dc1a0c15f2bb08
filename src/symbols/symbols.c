/* #name resolution: tree-sitter where a grammar is bundled, the plaintext heuristic elsewhere.
 *
 * Speed: a file is parsed only around where the name occurs (partial.c, whose header says how
 * and when that answer is trusted).
 *
 * A bash file whose tree has errors and no candidate is left to the plaintext heuristic.
 *
 * Matching. "a.b.c" matches a definition named "a.b.c", or one named "c" inside one matching
 * "a.b" (the immediately enclosing definition, virtual containers included); in JSON, YAML and
 * TOML "$.a.b" also requires "a" at the top level. A definition with a body beats a bodiless one
 * (prototype, overload signature); TypeScript overload signatures right before their
 * implementation join its span. Candidates with the same span count once. */
#include "symbols.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../buf.h"
#include "../file.h"
#include "../keypath.h"
#include "../utf8.h"
#include "defs.h"
#include "lang.h"
#include "partial.h"
#include "ranges.h"

#define MAX_LISTED 20
/* Ambiguities of up to this many candidates get a target that picks each one. */
#define PICKS_LISTED 5

int defs_add(struct defs *ds, const struct def *d)
{
	XGROW(ds->v, ds->cap, ds->n + 1);
	ds->v[ds->n] = *d;
	return (int)ds->n++;
}

void defs_release(struct defs *ds)
{
	free(ds->v);
	free(ds->text);
	for (size_t i = 0; i < ds->n_decoded; i++)
		free(ds->decoded[i]);
	free(ds->decoded);
	*ds = (struct defs)DEFS_INIT;
}

#define ROOT_PREFIX "$."

static bool config_lang(const struct lang *lang)
{
	return lang && (lang->id == L_JSON || lang->id == L_YAML || lang->id == L_TOML);
}

/* The name of d is keys[from..to) joined by dots. */
static bool name_is(const struct def *d, const struct keypath_keys *k, size_t from, size_t to)
{
	size_t at = 0;
	for (size_t i = from; i < to; i++) {
		size_t l = strlen(k->v[i]);
		if (i > from && (at >= d->name_len || d->name[at++] != '.'))
			return false;
		if (d->name_len - at < l || memcmp(d->name + at, k->v[i], l))
			return false;
		at += l;
	}
	return at == d->name_len;
}

/* ds->v[i] is what q's first nk keys name: its name is the last key, its parent matches the
 * keys before; with join, a name holding dots may also be a run of unquoted keys ("a.b" for
 * a.b). */
static bool keys_match(const struct defs *ds, int i, const struct query *q, size_t nk, bool join)
{
	const struct def *d = &ds->v[i];
	const struct keypath_keys *k = q->keys;
	for (size_t from = nk; from-- > 0;) {
		if (from + 1 < nk && (!join || k->literal[from] || k->literal[nk - 1]))
			break;
		if (!name_is(d, k, from, nk))
			continue;
		if (from == 0 ? !q->root || d->parent < 0
			      : d->parent >= 0 && keys_match(ds, d->parent, q, from, join))
			return true;
	}
	return false;
}

static bool def_matches(const struct defs *ds, int i, const struct query *q, size_t qlen)
{
	const struct def *d = &ds->v[i];
	if (d->name_len == qlen && !memcmp(d->name, q->s, qlen))
		return !q->root || d->parent < 0;
	if (d->parent < 0 || qlen < d->name_len + 2)
		return false;
	size_t cut = qlen - d->name_len;
	if (q->s[cut - 1] != '.' || memcmp(q->s + cut, d->name, d->name_len))
		return false;
	return def_matches(ds, d->parent, q, cut - 1);
}

static int cand_cmp(const void *a, const void *b)
{
	const struct cand *x = a, *y = b;
	return x->line != y->line ? (x->line < y->line ? -1 : 1)
				  : (x->start < y->start ? -1 : x->start > y->start);
}

/* Widens c over the overload signatures just before the implementation ds->v[i]. */
static void join_overloads(const struct defs *ds, size_t i, struct cand *c)
{
	const struct def *d = &ds->v[i];
	for (size_t j = i; j-- > 0;) {
		const struct def *s = &ds->v[j];
		if (!s->weak || s->parent != d->parent || s->name_len != d->name_len ||
		    memcmp(s->name, d->name, d->name_len))
			break;
		if (s->start < c->start)
			c->start = s->start;
	}
}

/* By span, then by the order they were found in. */
static int span_cmp(const void *a, const void *b)
{
	const struct cand *x = a, *y = b;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->end != y->end)
		return x->end < y->end ? -1 : 1;
	return (x->def > y->def) - (x->def < y->def);
}

/* The candidates for q among ds (every one when q is NULL: the plaintext heuristic matched
 * them already): those with a body, else the bodiless ones; one per span, the first found. A
 * key written thousands of times in a data file has as many candidates, so the spans are told
 * apart by sorting, not by comparing each with all the others. */
size_t select_candidates(const struct defs *ds, const struct query *q, struct cand **out)
{
	struct cand *v = NULL;
	size_t n = 0, cap = 0;
	for (int weak = 0; weak <= 1 && !n; weak++) {
		for (size_t i = 0; i < ds->n; i++) {
			const struct def *d = &ds->v[i];
			bool strict = q && q->keys && keys_match(ds, (int)i, q, q->keys->n, false);
			bool stub = !weak && q && q->stubs && d->overload;
			if (d->virtual_ || (d->weak != (bool)weak && !stub) ||
			    (q && !strict &&
			     !(q->keys ? keys_match(ds, (int)i, q, q->keys->n, true)
				       : def_matches(ds, (int)i, q, q->len))))
				continue;
			struct cand c = {d->start,
					 d->end,
					 d->line,
					 (int)i,
					 d->guessed_end,
					 !q,
					 q && q->keys && !strict};
			if (!weak && q && q->overloads)
				join_overloads(ds, i, &c);
			XGROW(v, cap, n + 1);
			v[n++] = c;
		}
	}
	if (n > 1) {
		qsort(v, n, sizeof *v, span_cmp);
		size_t kept = 1;
		for (size_t k = 1; k < n; k++)
			if (v[k].start != v[kept - 1].start || v[k].end != v[kept - 1].end)
				v[kept++] = v[k];
		n = kept;
		qsort(v, n, sizeof *v, cand_cmp);
	}
	*out = v;
	return n;
}

/* Markdown headings compared without their inline markup ("## The `show` verb" answers to
 * "The show verb"), tried only when no heading matches as written. Repoints the names of ds at
 * stripped copies held in *store (the caller frees it). */
static size_t markdown_loose(struct defs *ds, const struct query *q, struct cand **c, char **store)
{
	size_t total = 0;
	for (size_t i = 0; i < ds->n; i++)
		total += ds->v[i].name_len;
	char *out = *store = xmalloc(total + 1);
	for (size_t i = 0; i < ds->n; i++) {
		struct def *d = &ds->v[i];
		char *start = out;
		for (size_t k = 0; k < d->name_len; k++)
			if (d->name[k] != '`' && d->name[k] != '*')
				*out++ = d->name[k];
		d->name = start;
		d->name_len = (size_t)(out - start);
	}
	return select_candidates(ds, q, c);
}

static bool word_byte(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
	       c >= 0x80;
}

/* t[0..len) holds w as a whole word (an end of w that is not a word byte needs no boundary): a
 * heading named w, or holding "Outer.w", has one. */
static bool holds_word(const char *t, size_t len, const char *w, size_t wl)
{
	bool left = word_byte((unsigned char)w[0]), right = word_byte((unsigned char)w[wl - 1]);
	for (const char *p = t; len >= wl && (p = memmem(p, len - (size_t)(p - t), w, wl)); p++) {
		size_t at = (size_t)(p - t);
		if ((!left || !at || !word_byte((unsigned char)t[at - 1])) &&
		    (!right || at + wl == len || !word_byte((unsigned char)t[at + wl])))
			return true;
		if (at + wl >= len)
			break;
	}
	return false;
}

/* Some heading line, read without backticks and asterisks, holds q's last part as a whole word
 * (or the line scan cannot tell). */
static bool md_heading_holds(const struct file *f, const char *q, size_t qlen)
{
	struct md_head *h;
	size_t nh;
	if (!ranges_md_scan(f, &h, &nh))
		return true;
	const char *seg = memrchr(q, '.', qlen);
	seg = seg && seg + 1 < q + qlen ? seg + 1 : q;
	size_t seg_len = (size_t)(q + qlen - seg);
	struct buf line = BUF_INIT;
	bool found = false;
	for (size_t i = 0; i < nh && !found; i++) {
		const char *t;
		size_t len = file_line(f, h[i].row + 1, &t);
		buf_truncate(&line, 0);
		for (size_t k = 0; k < len; k++)
			if (t[k] != '`' && t[k] != '*')
				buf_addc(&line, t[k]);
		found = line.len && seg_len && holds_word(line.data, line.len, seg, seg_len);
	}
	buf_release(&line);
	free(h);
	return found;
}

/* md_heading_holds, or the file is small enough to parse. */
static bool md_loose_possible(const struct file *f, const char *q, size_t qlen)
{
	return f->size < symbols_partial_min || md_heading_holds(f, q, qlen);
}

/* How a qualified name prints: code names as written; data-file keys by the key-path grammar
 * (keypath.h), or each key quoted (the one spelling that cannot read as a key holding dots). */
enum qn_style { QN_CODE, QN_KEYS, QN_KEYS_QUOTED };

/* The names from the top level down to the definition ds->v[i], as "a.b". */
static void qualified_name(struct buf *b, const struct defs *ds, int i, enum qn_style st)
{
	if (ds->v[i].parent >= 0) {
		qualified_name(b, ds, ds->v[i].parent, st);
		buf_addc(b, '.');
	}
	if (st == QN_CODE)
		buf_add(b, ds->v[i].name, ds->v[i].name_len);
	else
		keypath_key_print(b, ds->v[i].name, ds->v[i].name_len, st == QN_KEYS_QUOTED);
}

/* The path from the root of the definition ds->v[i], as "$.a.b". */
static void root_path(struct buf *b, const struct defs *ds, int i)
{
	buf_adds(b, "$.");
	qualified_name(b, ds, i, QN_KEYS);
}

/* "from the root: #$.a.b · #$.c.b" for the candidates c[0..n) listed, when those paths tell
 * them apart (two items of one sequence have the same path). */
static void add_root_paths(struct buf *b, const struct defs *ds, const struct cand *c, size_t n)
{
	struct buf paths = BUF_INIT, one = BUF_INIT;
	bool distinct = true;
	for (size_t i = 0; i < n && i < MAX_LISTED; i++) {
		buf_truncate(&one, 0);
		root_path(&one, ds, c[i].def);
		buf_addc(&one, '\n');
		distinct = distinct && !memmem(paths.data ? paths.data : "", paths.len, one.data, one.len);
		buf_add(&paths, one.data, one.len);
	}
	for (size_t i = 0, at = 0; distinct && at < paths.len; i++) {
		const char *nl = memchr(paths.data + at, '\n', paths.len - at);
		buf_adds(b, i ? " \xC2\xB7 #" : "\n  from the root: #");
		buf_add(b, paths.data + at, (size_t)(nl - (paths.data + at)));
		at = (size_t)(nl - paths.data) + 1;
	}
	buf_release(&one);
	buf_release(&paths);
}

/* The shortest Outer.name that resolves to ds's definition i alone, in q; false when none does. */
static bool unique_name(const struct defs *ds, int i, struct buf *q)
{
	const struct def *d = &ds->v[i];
	buf_truncate(q, 0);
	buf_add(q, d->name, d->name_len);
	for (int p = d->parent; p >= 0; p = ds->v[p].parent) {
		struct buf up = BUF_INIT;
		buf_add(&up, ds->v[p].name, ds->v[p].name_len);
		buf_addc(&up, '.');
		buf_add(&up, q->data, q->len);
		buf_truncate(q, 0);
		buf_add(q, up.data, up.len);
		buf_release(&up);
		struct cand *c = NULL;
		struct query qq = {.s = q->data, .len = q->len};
		size_t n = select_candidates(ds, &qq, &c);
		free(c);
		if (n == 1)
			return true;
	}
	return false;
}

/* Every candidate as path:line; in a config file (config) the path from the root of each; in
 * code, a target that picks each one (Outer.name, or the line range of one that has no qualified
 * name that resolves alone). */
static enum lets_err report_ambiguous(const struct file *f, const char *target_text, const struct cand *c,
				      size_t n, const struct defs *ds, bool config, struct diag *d)
{
	struct buf b = BUF_INIT, q = BUF_INIT;
	buf_addf(&b, "%s is ambiguous (%zu candidates)", target_text, n);
	for (size_t i = 0; i < n && i < MAX_LISTED; i++) {
		const char *t = "";
		size_t len = c[i].line >= 1 && (size_t)c[i].line <= f->n_lines
				     ? file_line(f, (size_t)c[i].line, &t)
				     : 0;
		bool lossy, cut;
		buf_addf(&b, "\n  %s:%ld\t", f->path, c[i].line);
		line_display(&b, t, len, &lossy, &cut);
	}
	if (n > MAX_LISTED)
		buf_addf(&b, "\n  (+%zu more)", n - MAX_LISTED);
	if (ds && config)
		add_root_paths(&b, ds, c, n);
	bool picks = ds && !config && n <= PICKS_LISTED;
	for (size_t i = 0; picks && i < n; i++) {
		if (unique_name(ds, c[i].def, &q))
			buf_addf(&b, "\n  pick line %ld: %s#%s", c[i].line, f->path, q.data);
		else if (c[i].start == c[i].end)
			buf_addf(&b, "\n  pick line %ld: %s:%ld", c[i].line, f->path, c[i].start);
		else
			buf_addf(&b, "\n  pick line %ld: %s:%ld-%ld", c[i].line, f->path, c[i].start,
				 c[i].end);
	}
	enum lets_err e = diag_add(d, E_AMBIGUOUS, "%s", buf_str(&b));
	buf_release(&q);
	buf_release(&b);
	return e;
}

/* A data file's #a.b where a key holding dots ("a.b") matched a run of unquoted keys: which
 * reading was meant is not guessed. Every candidate is listed with the target that picks it
 * alone: the key-path spelling of its path, every key quoted for one matched key by key. */
static enum lets_err report_dotted(const struct file *f, const char *target_text, const struct cand *c,
				   size_t n, const struct defs *ds, bool root, struct diag *d)
{
	struct buf b = BUF_INIT;
	buf_addf(&b, "%s is ambiguous (%zu candidate%s)", target_text, n, n == 1 ? "" : "s");
	for (size_t i = 0; i < n && i < MAX_LISTED; i++) {
		const char *t = "";
		size_t len = c[i].line >= 1 && (size_t)c[i].line <= f->n_lines
				     ? file_line(f, (size_t)c[i].line, &t)
				     : 0;
		bool lossy, cut;
		buf_addf(&b, "\n  %s:%ld\t", f->path, c[i].line);
		line_display(&b, t, len, &lossy, &cut);
	}
	if (n > MAX_LISTED)
		buf_addf(&b, "\n  (+%zu more)", n - MAX_LISTED);
	buf_adds(&b, "\n  a dot separates keys; quote a key that holds one: ");
	for (size_t i = 0; i < n && i < MAX_LISTED; i++) {
		buf_addf(&b, "%s%s#%s", i ? " \xC2\xB7 " : "", f->path, root ? ROOT_PREFIX : "");
		qualified_name(&b, ds, c[i].def, c[i].joined ? QN_KEYS : QN_KEYS_QUOTED);
	}
	enum lets_err e = diag_add(d, E_AMBIGUOUS, "%s", buf_str(&b));
	buf_release(&b);
	return e;
}

/* A parsed node can end on a blank line (a TOML table runs to the next header); a definition
 * ends at its last line of text. */
static void trim_blank_ends(const struct file *f, struct cand *c, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const char *t;
		while (c[i].end > c[i].start && c[i].end > c[i].line) {
			size_t tl = file_line(f, (size_t)c[i].end, &t), k = 0;
			while (k < tl && (t[k] == ' ' || t[k] == '\t'))
				k++;
			if (k < tl)
				break;
			c[i].end--;
		}
	}
}

/* The tree-sitter candidates for q in f (Markdown also read without inline markup, whose
 * stripped names *loose holds). */
static size_t ts_candidates(const struct lang *lang, struct file *f, const struct query *q, struct defs *ds,
			    struct cand **c, char **loose)
{
	size_t n = 0;
	if (ts_definitions(lang, f, q, ds))
		n = select_candidates(ds, q, c);
	if (!n && lang->id == L_BASH && ds->errors) {
		/* One construct the grammar cannot read ([ \( ... \) ]) hides every function after
		 * it: the names the tree cannot place are left to the heuristic. */
		free(*c);
		ds->n = 0;
		plaintext_collect(f, q->s, q->len, ds);
		return select_candidates(ds, NULL, c);
	}
	if (!n && lang->id == L_MARKDOWN && !ds->n && md_loose_possible(f, q->s, q->len)) {
		/* The prefilter found no occurrence as written; markup may be in between. */
		free(*c);
		*c = NULL;
		ts_definitions_all(lang, f, ds);
	}
	if (!n && lang->id == L_MARKDOWN) {
		free(*c);
		n = markdown_loose(ds, q, c, loose);
	}
	/* A Markdown section keeps its blank lines: it runs to the next heading by definition. */
	if (lang->id != L_MARKDOWN)
		trim_blank_ends(f, *c, n);
	return n;
}

/* q for #name in a file of lang. In JSON, YAML and TOML "$." roots the path, and a path the
 * key-path grammar reads is matched key by key (keys gets them; joined, what the bytes hold of
 * each joined by dots, for the prefilter and the cuts); other names are matched as typed. */
static void query_init(struct query *q, const struct lang *lang, const char *name, struct trees *trees,
		       struct keypath_keys *keys, struct buf *joined)
{
	*q = (struct query){.s = name,
			    .len = strlen(name),
			    .overloads = lang && (lang->id == L_TYPESCRIPT || lang->id == L_TSX),
			    .trees = trees};
	if (!config_lang(lang))
		return;
	if (q->len > strlen(ROOT_PREFIX) && !memcmp(name, ROOT_PREFIX, strlen(ROOT_PREFIX))) {
		q->s += strlen(ROOT_PREFIX);
		q->len -= strlen(ROOT_PREFIX);
		q->root = true;
	}
	if (!keypath_split(q->s, keys))
		return;
	for (size_t i = 0; i < keys->n; i++) {
		if (i)
			buf_addc(joined, '.');
		keypath_key_occurs(joined, keys->v[i]);
	}
	q->s = buf_str(joined);
	q->len = joined->len;
	q->keys = keys;
}

/* The candidates for #name in f, by the rules at the top of this file; lang is f's. trees: the
 * trees of f parsed so far in this call (NULL: none kept). */
static size_t candidates_of(const struct lang *lang, struct file *f, const char *name, struct trees *trees,
			    bool stubs, struct defs *ds, struct cand **c, char **loose)
{
	struct keypath_keys keys = KEYPATH_KEYS_INIT;
	struct buf joined = BUF_INIT;
	struct query q;
	query_init(&q, lang, name, trees, &keys, &joined);
	q.stubs = stubs;
	size_t n = 0;
	if (q.len && lang) {
		n = ts_candidates(lang, f, &q, ds, c, loose);
	} else if (q.len) {
		plaintext_collect(f, q.s, q.len, ds);
		n = select_candidates(ds, NULL, c);
	}
	keypath_keys_release(&keys);
	buf_release(&joined);
	return n;
}

enum lets_err symbols_resolve(struct file *f, const char *name, const char *target_text,
			      struct target_span *out, struct diag *d)
{
	const struct lang *lang = lang_for_path(f->path);
	struct defs ds = DEFS_INIT;
	struct cand *c = NULL;
	char *loose = NULL;
	size_t n = candidates_of(lang, f, name, NULL, false, &ds, &c, &loose);
	enum lets_err e = LETS_OK;
	bool joined = false; /* some reading goes through a key holding dots: report_dotted */
	for (size_t i = 0; i < n; i++)
		joined |= c[i].joined;
	if (n == 1 && !joined) {
		out->start = c[0].start;
		out->end = c[0].end;
		out->resolver = lang && !c[0].plain ? "tree-sitter" : "heuristic (plaintext)";
		out->guessed_end = c[0].guessed_end;
	} else if (joined) {
		e = report_dotted(f, target_text, c, n, &ds, !strncmp(name, ROOT_PREFIX, strlen(ROOT_PREFIX)),
				  d);
	} else if (n > 1) {
		e = report_ambiguous(f, target_text, c, n, lang ? &ds : NULL, config_lang(lang), d);
	} else if (!lang && !utf8_valid(f->data, f->size)) {
		/* Not text the heuristic can read word by word: say what would work instead. */
		e = diag_add(
			d, E_NO_GRAMMAR,
			"%s is unsupported: no grammar for %s \xC2\xB7 use a :line, :a-b or @'regex' target",
			f->path, lang_extension(f->path));
	} else {
		e = diag_add(d, E_NOT_FOUND, "#%s (try @'%s') not found in %s", name, name, target_text);
	}
	free(c);
	free(loose);
	defs_release(&ds);
	return e;
}

void sym_defs_release(struct sym_defs *s)
{
	for (size_t i = 0; s && i < s->n; i++)
		free(s->v[i].qname);
	if (s) {
		free(s->v);
		*s = (struct sym_defs)SYM_DEFS_INIT;
	}
}

const char *defs_code_kind(const struct defs *ds, int i)
{
	const struct def *d = &ds->v[i];
	if (d->kind == K_TYPE)
		return "type";
	if (d->kind == K_VALUE)
		return "value";
	if (d->overload)
		return "overload";
	return d->parent >= 0 && ds->v[d->parent].kind == K_TYPE ? "method" : "function";
}

static const char *kind_name(const struct lang *lang, const struct defs *ds, int i)
{
	if (lang && lang->id == L_MARKDOWN)
		return "section";
	return config_lang(lang) ? "key" : defs_code_kind(ds, i);
}

/* Appends ds->v[i] to out with the span [start, end]; returns its index in out. */
static int sym_add(struct sym_defs *out, const struct lang *lang, const struct defs *ds, int i, long start,
		   long end, bool plain)
{
	struct buf q = BUF_INIT;
	qualified_name(&q, ds, i, config_lang(lang) ? QN_KEYS : QN_CODE);
	XGROW(out->v, out->cap, out->n + 1);
	out->v[out->n] =
		(struct sym_def){buf_detach(&q), kind_name(lang, ds, i),
				 start,          end,
				 ds->v[i].line,  lang && !plain ? "tree-sitter" : "heuristic (plaintext)",
				 false};
	return (int)out->n++;
}

/* #qname resolves to the definition ending at line end alone. */
static bool resolves_alone(const struct lang *lang, struct file *f, struct trees *trees, const char *qname,
			   long end)
{
	struct defs ds = DEFS_INIT;
	struct cand *c = NULL;
	char *loose = NULL;
	size_t n = candidates_of(lang, f, qname, trees, false, &ds, &c, &loose);
	bool alone = n == 1 && !c[0].joined && c[0].end == end;
	free(c);
	free(loose);
	defs_release(&ds);
	return alone;
}

/* Marks each of out[from..] whose #qname resolves to it alone: a second definition of the same
 * qualified name (Go's init functions, a method and a function of one name) makes it ambiguous.
 * A data file's path that also reads as a key holding dots is renamed with its keys quoted. */
static void mark_unique(const struct lang *lang, struct file *f, struct trees *trees, struct sym_defs *out,
			size_t from)
{
	for (size_t i = from; i < out->n; i++) {
		struct sym_def *s = &out->v[i];
		s->unique = resolves_alone(lang, f, trees, s->qname, s->end);
		struct buf q = BUF_INIT;
		if (!s->unique && config_lang(lang) && keypath_quote_all(s->qname, &q) &&
		    resolves_alone(lang, f, trees, q.data, s->end)) {
			free(s->qname);
			s->qname = buf_detach(&q);
			s->unique = true;
		}
		buf_release(&q);
	}
}

/* #qname names one candidate among ds, read one way. */
static bool alone_among(const struct defs *ds, const struct lang *lang, const char *qname)
{
	struct keypath_keys keys = KEYPATH_KEYS_INIT;
	struct buf joined = BUF_INIT;
	struct query q;
	query_init(&q, lang, qname, NULL, &keys, &joined);
	q.overloads = false;
	struct cand *same = NULL;
	bool alone = select_candidates(ds, &q, &same) == 1 && !same[0].joined;
	free(same);
	keypath_keys_release(&keys);
	buf_release(&joined);
	return alone;
}

void symbols_definitions(struct file *f, const char *name, struct sym_defs *out)
{
	const struct lang *lang = lang_for_path(f->path);
	struct defs ds = DEFS_INIT;
	struct cand *c = NULL;
	char *loose = NULL;
	/* a file of prose mentions a name far more often than it heads a section with it */
	if (lang && lang->id == L_MARKDOWN && !md_heading_holds(f, name, strlen(name)))
		return;
	size_t n = candidates_of(lang, f, name, NULL, true, &ds, &c, &loose);
	bool bodies = false; /* an implementation is among them: #qname never reaches a stub */
	for (size_t i = 0; i < n; i++)
		bodies |= !ds.v[c[i].def].weak;
	for (size_t i = 0; i < n; i++) {
		int at = sym_add(out, lang, &ds, c[i].def, c[i].start, c[i].end, c[i].plain);
		struct sym_def *s = &out->v[at];
		/* ds holds every definition of the name's last part and those around them, so it
		 * answers #qname as a fresh lookup would, without a second parse */
		s->unique = !(bodies && ds.v[c[i].def].weak) && alone_among(&ds, lang, s->qname);
		struct buf q = BUF_INIT;
		if (!s->unique && config_lang(lang) && keypath_quote_all(s->qname, &q) &&
		    alone_among(&ds, lang, q.data)) {
			free(s->qname);
			s->qname = buf_detach(&q);
			s->unique = true;
		}
		buf_release(&q);
	}
	free(c);
	free(loose);
	defs_release(&ds);
}

/* The innermost definition of ds whose lines hold line (a real one: not a virtual container,
 * not a bodiless declaration), or -1. */
static int innermost(const struct defs *ds, long line)
{
	int best = -1;
	for (size_t j = 0; j < ds->n; j++) {
		const struct def *d = &ds->v[j];
		if (d->virtual_ || d->weak || d->start > line || d->end < line)
			continue;
		if (best < 0 || d->start > ds->v[best].start ||
		    (d->start == ds->v[best].start && d->end <= ds->v[best].end))
			best = (int)j;
	}
	return best;
}

/* For each line, its innermost definition in ds (or -1) into k; false when one of them holds a
 * parse error (a partial parse's cut may have been wrong there). */
static bool map_lines(const struct defs *ds, const long *lines, size_t n, int *k)
{
	bool clean = true;
	for (size_t i = 0; i < n; i++) {
		k[i] = innermost(ds, lines[i]);
		clean = clean && (k[i] < 0 || !ds->v[k[i]].broken);
	}
	return clean;
}

void symbols_enclosing(struct file *f, const long *lines, size_t n, struct sym_defs *out, int *which)
{
	for (size_t i = 0; i < n; i++)
		which[i] = -1;
	size_t from = out->n;
	const struct lang *lang = lang_for_path(f->path);
	if (!lang || !n || !f->size)
		return;
	struct ranges r = RANGES_INIT;
	r.prelude = php_prelude(lang, f);
	bool chunked = lang->chunkable || r.prelude;
	const struct chunk_lexis *lx = chunked ? lexis_of(lang) : NULL;
	r.lx = lx;
	ranges_lines(f, lines, n, chunked, &r);
	/* Parse only the items holding the lines where the text says items start, as #name does;
	 * that answer stands unless a definition it gives holds a parse error (the cut may have
	 * been wrong there): then the whole file is parsed. */
	struct trees trees = {0};
	if (lx && lang->id == L_CPP)
		ranges_namespaces(f, lx, &r);
	bool partial = lx && r.n && r.bytes * 2 < f->size && symbols_partial_min != SIZE_MAX &&
		       !r.ns_unmatched && cuts_in_code(f, lx, &r, &trees);
	if (partial) {
		ranges_elide(&r, f, lx);
		ranges_wrap_namespaces(&r, f);
	}
	struct defs ds = DEFS_INIT;
	int *k = xmalloc((n + 1) * sizeof *k);
	bool errors = collect(lang, f, f->data, &r, !partial, &trees, &ds);
	if (partial && errors && !map_lines(&ds, lines, n, k)) {
		ds.n = 0;
		partial = false;
		collect(lang, f, f->data, &r, true, &trees, &ds);
	}
	map_lines(&ds, lines, n, k);
	int *seen = xmalloc((ds.n + 1) * sizeof *seen);
	for (size_t j = 0; j < ds.n; j++)
		seen[j] = -1;
	for (size_t i = 0; i < n; i++) {
		if (k[i] >= 0 && seen[k[i]] < 0)
			seen[k[i]] = sym_add(out, lang, &ds, k[i], ds.v[k[i]].start, ds.v[k[i]].end, false);
		which[i] = k[i] >= 0 ? seen[k[i]] : -1;
	}
	free(seen);
	free(k);
	ranges_release(&r);
	defs_release(&ds);
	mark_unique(lang, f, &trees, out, from);
	trees_release(&trees);
}
