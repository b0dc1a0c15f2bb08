/* #name resolution: tree-sitter where a grammar is bundled, the plaintext heuristic elsewhere.
 *
 * Speed. A full tree-sitter parse costs ~3 MB/s (a 19k-line Go file: ~100 ms), far over the
 * 15 ms this lookup is allowed. So a file is never parsed beyond what can hold the answer:
 *  1. every definition's name is written in the file, so the name's last dotted part must occur
 *     in the bytes (as a whole word in code): no occurrence is not_found without any parse;
 *  2. in code grammars (lang->chunkable) each occurrence is widened to its top-level item
 *     (chunk.h) and only those items are parsed, in one parse with tree-sitter's included
 *     ranges (positions stay those of the whole file);
 *  3. that partial parse is trusted only when it is clean and found a candidate; otherwise (a
 *     multi-line string or a C++ namespace cut the item wrong) the whole file is parsed. The
 *     shortcut changes an answer only where a wrong cut still parses cleanly and differently
 *     (code-like text at column 0 inside a multi-line string, after a blank line).
 * For "Outer.inner" an item is kept only if it also holds "Outer": in these grammars every
 * container of a definition is inside its top-level item (a C++ namespace written at column 0
 * is the exception, and falls back to the full parse through step 3).
 * YAML from symbols_partial_min bytes up is cut by indentation instead (indent_ranges): the block under
 * each occurrence plus the one line of each enclosing key, with the same trust rule.
 * Markdown from that size up is cut by headings (md_ranges): the section of each heading that
 * holds the name, the heading that ends it, and the heading line of each enclosing section —
 * trusted when tree-sitter finds exactly the headings the line scan expected there.
 * An item longer than CHUNK_MAX (minified code on one line) is parsed as a window of WINDOW bytes
 * either side of the occurrence instead, for at most MAX_WINDOWS occurrences, and that answer
 * stands even with parse errors: resolving what can be resolved beats parsing 5 MB.
 *
 * Matching. "a.b.c" matches a definition named "a.b.c", or one named "c" inside one matching
 * "a.b" (the immediately enclosing definition, virtual containers included). A definition with
 * a body beats a bodiless one (prototype, overload signature); overload signatures right before
 * their implementation join its span. Candidates with the same span count once. */
#include "symbols.h"

#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../buf.h"
#include "../file.h"
#include "../target.h"
#include "../utf8.h"
#include "chunk.h"
#include "defs.h"
#include "lang.h"
#include "ranges.h"

#define MAX_LISTED 20

int defs_add(struct defs *ds, const struct def *d)
{
	XGROW(ds->v, ds->cap, ds->n + 1);
	ds->v[ds->n] = *d;
	return (int)ds->n++;
}

void defs_release(struct defs *ds)
{
	free(ds->v);
	*ds = (struct defs)DEFS_INIT;
}


static bool def_matches(const struct defs *ds, int i, const char *q, size_t qlen)
{
	const struct def *d = &ds->v[i];
	if (d->name_len == qlen && !memcmp(d->name, q, qlen))
		return true;
	if (d->parent < 0 || qlen < d->name_len + 2)
		return false;
	size_t cut = qlen - d->name_len;
	if (q[cut - 1] != '.' || memcmp(q + cut, d->name, d->name_len))
		return false;
	return def_matches(ds, d->parent, q, cut - 1);
}

struct cand {
	long start, end, line;
	bool guessed_end;
};

static int cand_cmp(const void *a, const void *b)
{
	const struct cand *x = a, *y = b;
	return x->line != y->line ? (x->line < y->line ? -1 : 1) : (x->start < y->start ? -1 : x->start > y->start);
}

/* The candidates for q among ds: those with a body, else the bodiless ones; one per span. */
static size_t select_candidates(const struct defs *ds, const char *q, size_t qlen, bool plaintext, struct cand **out)
{
	struct cand *v = NULL;
	size_t n = 0, cap = 0;
	for (int weak = 0; weak <= 1 && !n; weak++) {
		for (size_t i = 0; i < ds->n; i++) {
			const struct def *d = &ds->v[i];
			if (d->virtual_ || d->weak != (bool)weak || (!plaintext && !def_matches(ds, (int)i, q, qlen)))
				continue;
			struct cand c = {d->start, d->end, d->line, d->guessed_end};
			/* Overload signatures just before the implementation are part of it. */
			for (size_t j = i; !weak && j-- > 0;) {
				const struct def *s = &ds->v[j];
				if (!s->weak || s->parent != d->parent || s->name_len != d->name_len ||
				    memcmp(s->name, d->name, d->name_len))
					break;
				if (s->start < c.start)
					c.start = s->start;
			}
			bool dup = false;
			for (size_t k = 0; k < n && !dup; k++)
				dup = v[k].start == c.start && v[k].end == c.end;
			if (dup)
				continue;
			XGROW(v, cap, n + 1);
			v[n++] = c;
		}
	}
	if (n > 1)
		qsort(v, n, sizeof *v, cand_cmp);
	*out = v;
	return n;
}

static TSTree *parse_ranges(TSParser *parser, const struct file *f, const struct ranges *r)
{
	if (!ts_parser_set_included_ranges(parser, r ? r->v : NULL, r ? (uint32_t)r->n : 0))
		return NULL;
	return ts_parser_parse_string(parser, NULL, f->data, (uint32_t)f->size);
}

/* Parses only around the occurrences in r (see the top of this file) and collects into ds.
 * True when that answer is trusted; otherwise ds is left empty. */
static bool partial_definitions(const struct lang *lang, const struct file *f, const char *q, size_t qlen,
				const char *seg, struct ranges *r, struct defs *ds)
{
	bool by_lines = false;
	size_t md_expect = 0;
	if (lang->id == L_YAML && f->size >= symbols_partial_min) {
		ranges_yaml(f, q, (size_t)(seg - q), r);
		by_lines = true;
	} else if (lang->id == L_MARKDOWN && f->size >= symbols_partial_min) {
		by_lines = ranges_md(f, q, (size_t)(seg - q), r, &md_expect);
	}
	if (!(lang->chunkable || by_lines) || !r->n || (!r->windowed && r->bytes * 10 >= f->size * 6))
		return false;
	TSParser *parser = ts_parser_new();
	ts_parser_set_language(parser, lang->grammar());
	TSTree *tree = parse_ranges(parser, f, r);
	bool trusted = false;
	if (tree) {
		ts_collect(lang, tree, f->data, (long)f->n_lines, r->occ, r->n_occ, ds);
		trusted = r->windowed;
		if (lang->id == L_MARKDOWN && ds->n != md_expect) {
			trusted = false; /* the line scan and the grammar disagree on what is a heading */
		} else if (!trusted && !ts_node_has_error(ts_tree_root_node(tree))) {
			struct cand *c;
			trusted = select_candidates(ds, q, qlen, false, &c) > 0;
			free(c);
		}
		ts_tree_delete(tree);
	}
	ts_parser_delete(parser);
	if (!trusted)
		ds->n = 0;
	return trusted;
}


/* Collects the definitions that can match q. Returns false when q cannot occur in the file. */
static bool ts_definitions(const struct lang *lang, const struct file *f, const char *q, size_t qlen,
			   struct defs *ds)
{
	const char *seg = memrchr(q, '.', qlen);
	seg = seg && seg + 1 < q + qlen ? seg + 1 : q;
	size_t seg_len = (size_t)(q + qlen - seg);
	struct ranges r = {0};
	/* Headings often hold dots ("v1.2.0"), so where the path splits is open: the longest
	 * suffixes are tried before the last part. */
	for (const char *part = q; lang->id == L_MARKDOWN && part < seg;) {
		if (ranges_occurrences(f, q, part, (size_t)(q + qlen - part), false, &r) &&
		    partial_definitions(lang, f, q, qlen, part, &r, ds)) {
			ranges_release(&r);
			return true;
		}
		ranges_release(&r);
		part = (const char *)memchr(part, '.', (size_t)(seg - part)) + 1;
	}
	if (!ranges_occurrences(f, q, seg, seg_len, lang->chunkable, &r)) {
		ranges_release(&r);
		return false;
	}
	if (!partial_definitions(lang, f, q, qlen, seg, &r, ds)) {
		TSParser *parser = ts_parser_new();
		ts_parser_set_language(parser, lang->grammar());
		TSTree *tree = parse_ranges(parser, f, NULL);
		if (tree)
			ts_collect(lang, tree, f->data, (long)f->n_lines, r.occ, r.n_occ, ds);
		ts_tree_delete(tree);
		ts_parser_delete(parser);
	}
	ranges_release(&r);
	return true;
}

/* Markdown headings compared without their inline markup ("## The `show` verb" answers to
 * "The show verb"), tried only when no heading matches as written. Repoints the names of ds at
 * stripped copies held in *store (the caller frees it). */
static size_t markdown_loose(struct defs *ds, const char *q, size_t qlen, struct cand **c, char **store)
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
	return select_candidates(ds, q, qlen, false, c);
}

/* Some heading line, read without backticks and asterisks, holds q's last part (or the line
 * scan cannot tell, or the file is small enough to parse). */
static bool md_loose_possible(const struct file *f, const char *q, size_t qlen)
{
	struct md_head *h;
	size_t nh;
	if (f->size < symbols_partial_min || !ranges_md_scan(f, &h, &nh))
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
		found = memmem(line.data, line.len, seg, seg_len) != NULL;
	}
	buf_release(&line);
	free(h);
	return found;
}

/* Every definition of the file, from one full parse. */
static void ts_definitions_all(const struct lang *lang, const struct file *f, struct defs *ds)
{
	TSParser *parser = ts_parser_new();
	ts_parser_set_language(parser, lang->grammar());
	TSTree *tree = parse_ranges(parser, f, NULL);
	if (tree)
		ts_collect(lang, tree, f->data, (long)f->n_lines, NULL, 0, ds);
	ts_tree_delete(tree);
	ts_parser_delete(parser);
}

static enum lets_err report_ambiguous(const struct file *f, const char *target_text, const struct cand *c, size_t n,
				      struct diag *d)
{
	struct buf b = BUF_INIT;
	buf_addf(&b, "%s is ambiguous (%zu candidates)", target_text, n);
	for (size_t i = 0; i < n && i < MAX_LISTED; i++) {
		const char *t = "";
		size_t len = c[i].line >= 1 && (size_t)c[i].line <= f->n_lines ? file_line(f, (size_t)c[i].line, &t) : 0;
		bool lossy, cut;
		buf_addf(&b, "\n  %s:%ld\t", f->path, c[i].line);
		line_display(&b, t, len, &lossy, &cut);
	}
	if (n > MAX_LISTED)
		buf_addf(&b, "\n  (+%zu more)", n - MAX_LISTED);
	enum lets_err e = diag_add(d, E_AMBIGUOUS, "%s", buf_str(&b));
	buf_release(&b);
	return e;
}

enum lets_err symbols_resolve(struct file *f, const char *name, const char *target_text, struct span *out,
			      struct diag *d)
{
	size_t len = strlen(name);
	const struct lang *lang = lang_for_path(f->path);
	struct defs ds = DEFS_INIT;
	struct cand *c = NULL;
	char *loose = NULL;
	size_t n = 0;
	if (len && lang) {
		if (ts_definitions(lang, f, name, len, &ds))
			n = select_candidates(&ds, name, len, false, &c);
		if (!n && lang->id == L_MARKDOWN && !ds.n && md_loose_possible(f, name, len)) {
			/* The prefilter found no occurrence as written; markup may be in between. */
			free(c);
			c = NULL;
			ts_definitions_all(lang, f, &ds);
		}
		if (!n && lang->id == L_MARKDOWN) {
			free(c);
			n = markdown_loose(&ds, name, len, &c, &loose);
		}
	} else if (len) {
		plaintext_collect(f, name, len, &ds);
		n = select_candidates(&ds, name, len, true, &c);
	}
	/* A parsed node can end on a blank line (a TOML table runs to the next header); a
	 * definition ends at its last line of text. A Markdown section keeps them: it runs to the
	 * next heading by definition. */
	for (size_t i = 0; lang && lang->id != L_MARKDOWN && i < n; i++) {
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
	enum lets_err e = LETS_OK;
	if (n == 1) {
		out->start = c[0].start;
		out->end = c[0].end;
		out->resolver = lang ? "tree-sitter" : "heuristic (plaintext)";
		out->guessed_end = c[0].guessed_end;
	} else if (n > 1) {
		e = report_ambiguous(f, target_text, c, n, d);
	} else if (!lang && !utf8_valid(f->data, f->size)) {
		/* Not text the heuristic can read word by word: say what would work instead. */
		e = diag_add(d, E_NO_GRAMMAR, "%s is unsupported: no grammar for %s \xC2\xB7 use a :line, :a-b or @'regex' target",
			     f->path, lang_extension(f->path));
	} else {
		e = diag_add(d, E_NOT_FOUND, "#%s (try @'%s') not found in %s", name, name, target_text);
	}
	free(c);
	free(loose);
	defs_release(&ds);
	return e;
}
