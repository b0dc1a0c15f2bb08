/* #name's definitions from as little parsing as can hold the answer, and the trees one call keeps.
 * Apart from symbols.c (matching, candidates, reports, listings) because this is the parse
 * strategy alone: which bytes to hand tree-sitter and when its partial answer is trusted.
 *
 * Speed. A full tree-sitter parse costs ~3 MB/s (a 19k-line Go file: ~100 ms; a 1 MB header
 * full of macros, whose errors make tree-sitter search, several seconds), far over the 20 ms
 * a lookup is allowed. So a file is never parsed beyond what can hold the answer:
 *  1. every definition's name is written in the file, so the name's last dotted part must occur
 *     in the bytes (as a whole word in code): no occurrence is not_found without any parse;
 *  2. JSON is read off the text by one strict scan (jsondefs.c) wherever it is sure how
 *     tree-sitter reads it: included ranges cost every token a walk over them, so a key written
 *     thousands of times made thousands of ranges and a 300 ms parse. Otherwise the
 *     occurrences are widened to the ranges that can hold their definition (ranges.h) and
 *     only those are parsed, in one parse with tree-sitter's included ranges (positions stay
 *     those of the whole file): in code grammars (lang->chunkable, and PHP after its "<?php"
 *     line) each occurrence's top-level item (chunk.h); from symbols_partial_min bytes up, YAML
 *     by indentation, JSON by its brackets, Markdown by headings;
 *  3. that partial answer is trusted when it has a candidate and either the tree is clean, or
 *     the cut is known right and no candidate's own node holds an error: item cuts are checked
 *     by a scan of the strings and comments above them (chunk_in_code: code at column 0 inside
 *     a docstring is text), JSON's follow the brackets. In C and C++ a tree with errors is
 *     parsed again with the macro noise blanked (cmacro.h), and that answer wins when it
 *     stands. Otherwise (a cut the scan rejects, C++ namespaces whose braces the text cannot
 *     match) the whole file is
 *     parsed, with the same second try for C and C++ (over WHOLE_DEMACRO_MAX bytes, the blanked
 *     copy alone). A Markdown cut is trusted when tree-sitter
 *     finds exactly the headings the line scan expected there; YAML's only when clean.
 * For "Outer.inner" an item is kept only if it also holds "Outer": in these grammars every
 * container of a definition is inside its top-level item, except a C++ namespace opened at
 * column 0 (its items start at column 0 too): its header and closing brace are parsed with each
 * item inside it, and its name counts as held (ranges_namespaces). An occurrence on a line
 * that starts with a comment names no definition and brings in no item.
 * Within one symbols_enclosing call (find -p) the trees parsed are kept (struct trees): the
 * lookups that decide whether each name resolves alone walk them again instead of parsing the
 * same items anew, and the cut scan reads the file's strings and comments once.
 * An item longer than CHUNK_MAX (minified code on one line) is parsed as a window of WINDOW bytes
 * either side of the occurrence instead, for at most MAX_WINDOWS occurrences, and that answer
 * stands even with parse errors: resolving what can be resolved beats parsing 5 MB. */
#include "partial.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../file.h"
#include "cmacro.h"
#include "lang.h"

#define WHOLE_DEMACRO_MAX (256 * 1024)

void trees_release(struct trees *t)
{
	for (size_t i = 0; i < t->n; i++) {
		free(t->v[i].ranges);
		ts_tree_delete(t->v[i].tree);
	}
	free(t->v);
	chunk_scan_release(&t->scan);
	*t = (struct trees){0};
}

static bool same_ranges(const struct parsed *p, const TSRange *v, size_t n, bool whole)
{
	if (whole || !p->ranges)
		return whole && !p->ranges;
	if (p->n != n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (p->ranges[i].start_byte != v[i].start_byte || p->ranges[i].end_byte != v[i].end_byte)
			return false;
	return true;
}

/* Every range of v[0..n) (whole items, cut where the text says) lies inside one of p's, and p
 * parsed cleanly: items cut right parse alike alone or with others around them, so a walk of p
 * with v's occurrences finds the definitions a parse of v alone would, plus top-level ones of the
 * other items, which cannot match a name they do not spell. */
static bool within_clean(const struct parsed *p, const TSRange *v, size_t n)
{
	if (!p->clean || !p->ranges)
		return false;
	size_t j = 0;
	for (size_t i = 0; i < n; i++) {
		while (j < p->n && p->ranges[j].end_byte < v[i].end_byte)
			j++;
		if (j == p->n || p->ranges[j].start_byte > v[i].start_byte)
			return false;
	}
	return true;
}

/* A parse's answer for q stands: it has a candidate, and the tree is clean or (relaxed) the
 * errors lie outside every candidate's own node. */
static bool answer_stands(const struct defs *ds, const struct query *q, bool errors, bool relaxed)
{
	struct cand *c;
	size_t n = select_candidates(ds, q, &c);
	bool ok = n > 0 && (!errors || relaxed);
	for (size_t i = 0; ok && errors && i < n; i++)
		ok = !ds->v[c[i].def].broken;
	free(c);
	return ok;
}

/* The tree of text (the file's bytes or a same-length copy) over r's ranges (the whole file when
 * whole is set): the one in trees when an earlier parse of the file's own bytes had those ranges
 * (then *owned is false), else a new parse, kept in trees when they are given; NULL when
 * tree-sitter refuses the ranges. */
static TSTree *parse_ranges(const struct lang *lang, const struct file *f, const char *text,
			    const struct ranges *r, bool whole, struct trees *trees, bool *owned)
{
	bool cacheable = trees && text == f->data;
	for (size_t i = 0; cacheable && i < trees->n; i++)
		if (same_ranges(&trees->v[i], r->v, r->n, whole) ||
		    (!whole && lang->chunkable && within_clean(&trees->v[i], r->v, r->n))) {
			*owned = false;
			return trees->v[i].tree;
		}
	TSParser *parser = ts_parser_new();
	ts_parser_set_language(parser, lang->grammar());
	TSTree *tree = NULL;
	if (ts_parser_set_included_ranges(parser, whole ? NULL : r->v, whole ? 0 : (uint32_t)r->n))
		tree = ts_parser_parse_string(parser, NULL, text, (uint32_t)f->size);
	ts_parser_delete(parser);
	*owned = !(cacheable && tree);
	if (tree && cacheable) {
		XGROW(trees->v, trees->cap, trees->n + 1);
		struct parsed *p = &trees->v[trees->n++];
		*p = (struct parsed){NULL, whole ? 0 : r->n, tree,
				     !ts_node_has_error(ts_tree_root_node(tree))};
		if (!whole) {
			p->ranges = xmalloc((r->n + 1) * sizeof *p->ranges);
			memcpy(p->ranges, r->v, r->n * sizeof *p->ranges);
		}
	}
	return tree;
}

/* A C++ namespace whose node holds a parse error may end where the grammar's recovery closed it
 * (an enum it cannot read: LLVM's ELF.h lost 350 lines of namespace ELF), so ds's from then on
 * take their end from the text, the '}' matching the namespace's '{', where that can be told. */
static void namespace_ends(const struct lang *lang, const struct file *f, const char *text, struct defs *ds,
			   size_t from)
{
	for (size_t i = from; lang->id == L_CPP && i < ds->n; i++) {
		struct def *d = &ds->v[i];
		if (!d->broken || d->virtual_ || d->kind != K_TYPE)
			continue;
		size_t at = (size_t)(d->name - text),
		       close = chunk_namespace_close(f->data, f->size, lexis_of(lang), at, at + d->name_len);
		long end = close == SIZE_MAX ? 0 : (long)file_row_at(f, close) + 1;
		for (size_t j = from; end > d->end && j <= i; j++) /* "namespace a::b": a, then b */
			if (ds->v[j].start == d->start && ds->v[j].end == d->end &&
			    (j == i || ds->v[j].virtual_))
				ds->v[j].end = end;
	}
}

/* Parses text (the file's bytes or a same-length copy) over r's ranges (the whole file when
 * whole is set) and collects the definitions on the way to r's occurrences. Returns whether
 * the tree holds a parse error. */
bool collect(const struct lang *lang, const struct file *f, const char *text, const struct ranges *r,
	     bool whole, struct trees *trees, struct defs *ds)
{
	bool owned, errors = false;
	TSTree *tree = parse_ranges(lang, f, text, r, whole, trees, &owned);
	if (tree) {
		size_t from = ds->n;
		ts_collect(lang, tree, text, (long)f->n_lines, r->occ, r->n_occ, ds);
		errors = ts_node_has_error(ts_tree_root_node(tree));
		ds->errors = ds->errors || errors;
		if (errors)
			namespace_ends(lang, f, text, ds, from);
	}
	if (owned)
		ts_tree_delete(tree);
	return errors;
}

static bool c_family(const struct lang *lang)
{
	return lang->id == L_C || lang->id == L_CPP;
}

/* After a parse of f with errors: parses again with its macro noise blanked (cmacro.h) and
 * puts that answer in ds when it stands. It is preferred to the first parse's, which may have
 * taken a K&R OF((...)) prototype for the definition that follows it. */
static bool collect_demacroed(const struct lang *lang, const struct file *f, const struct ranges *r,
			      bool whole, const struct query *q, bool relaxed, struct defs *ds)
{
	struct defs alt = DEFS_INIT;
	alt.text = cmacro_blank(f->data, f->size, whole ? NULL : r->v, whole ? 0 : r->n);
	bool errors = collect(lang, f, alt.text, r, whole, NULL, &alt);
	bool stands = answer_stands(&alt, q, errors, relaxed);
	if (stands) {
		struct defs t = *ds;
		*ds = alt;
		alt = t;
	}
	defs_release(&alt);
	return stands;
}

/* The string and comment forms of the chunkable grammars whose cuts are checked by a scan
 * (chunk_in_code); NULL where no scan is written (Ruby's heredocs). */
const struct chunk_lexis *lexis_of(const struct lang *lang)
{
	static const struct chunk_lexis c_like = {.slash_comments = true, .single_quotes = true};
	static const struct chunk_lexis go_js = {
		.slash_comments = true, .single_quotes = true, .backticks = true};
	static const struct chunk_lexis python = {
		.hash_comments = true, .single_quotes = true, .triple_quotes = true};
	static const struct chunk_lexis rust = {
		.slash_comments = true, .multiline_dq = true, .char_literals = true};
	switch (lang->id) {
	case L_C:
	case L_CPP:
	case L_CSHARP:
	case L_JAVA:
	case L_SWIFT: return &c_like;
	case L_GO:
	case L_JAVASCRIPT:
	case L_TYPESCRIPT:
	case L_TSX: return &go_js;
	case L_PYTHON: return &python;
	case L_RUST: return &rust;
	default: return NULL;
	}
}

/* Every item of r starts and ends in code, not inside a string or comment that began above: an
 * end is the next item's start, and a cut there inside a raw string would leave the item's
 * definition unclosed, which tree-sitter's recovery can end early without an error node in it. */
bool cuts_in_code(const struct file *f, const struct chunk_lexis *lx, const struct ranges *r,
		  struct trees *trees)
{
	size_t *at = xmalloc((2 * r->n + 1) * sizeof *at), n = 0;
	for (size_t i = 0; i < r->n; i++) {
		at[n++] = r->v[i].start_byte;
		if (r->v[i].end_byte < f->size)
			at[n++] = r->v[i].end_byte;
	}
	bool ok = trees ? chunk_scan_in_code(&trees->scan, f->data, f->size, lx, at, n)
			: chunk_in_code(f->data, f->size, lx, at, n);
	free(at);
	return ok;
}

/* The end of a PHP file's "<?php" line when the rest is PHP alone (no "?>" back to HTML), so
 * its items can be cut as in the chunkable grammars; 0 otherwise. */
size_t php_prelude(const struct lang *lang, const struct file *f)
{
	if (lang->id != L_PHP || f->size < 5 || memcmp(f->data, "<?php", 5) ||
	    memmem(f->data, f->size, "?>", 2))
		return 0;
	const char *nl = memchr(f->data, '\n', f->size);
	return nl ? (size_t)(nl - f->data) + 1 : 0;
}

/* Cuts r by the grammar's structure where that is not items (YAML, Markdown, JSON); false
 * when there is nothing to parse around the name. */
static bool cut_ranges(const struct lang *lang, const struct file *f, const struct query *q, const char *seg,
		       struct ranges *r, size_t *md_expect)
{
	bool big = f->size >= symbols_partial_min;
	if (lang->id == L_YAML && big)
		ranges_yaml(f, q->s, (size_t)(seg - q->s), r);
	else if (lang->id == L_JSON && big)
		ranges_json(f, q->s, (size_t)(seg - q->s), r);
	else if (lang->id == L_MARKDOWN && big)
		return ranges_md(f, q->s, (size_t)(seg - q->s), r, md_expect) && r->n;
	else if (!lang->chunkable && !r->prelude)
		return false;
	return r->n > 0;
}

/* Parses only around the occurrences in r (see the top of this file) and collects into ds.
 * True when that answer is trusted; otherwise ds is left empty. */
static bool partial_definitions(const struct lang *lang, const struct file *f, const struct query *q,
				const char *seg, struct ranges *r, struct defs *ds)
{
	size_t md_expect = 0;
	if (symbols_partial_min == SIZE_MAX || !cut_ranges(lang, f, q, seg, r, &md_expect) ||
	    (symbols_partial_min && !r->windowed && r->bytes * 10 >= f->size * 6))
		return false;
	bool chunked = lang->chunkable || r->prelude;
	const struct chunk_lexis *lx = chunked ? lexis_of(lang) : NULL;
	if (lx && !r->windowed && (r->ns_unmatched || !cuts_in_code(f, lx, r, q->trees)))
		return false;
	if (lx)
		ranges_elide(r, f, lx);
	ranges_wrap_namespaces(r, f);
	/* Errors outside the definition are accepted where the cut is known right: checked by the
	 * scan, or JSON's, which follows the brackets. */
	bool relaxed = lx || lang->id == L_JSON;
	bool errors = collect(lang, f, f->data, r, false, q->trees, ds);
	bool trusted;
	if (r->windowed)
		trusted = true;
	else if (lang->id == L_MARKDOWN)
		trusted = ds->n == md_expect && answer_stands(ds, q, errors, false);
	else if (c_family(lang) && errors && collect_demacroed(lang, f, r, false, q, relaxed, ds))
		trusted = true;
	else
		trusted = answer_stands(ds, q, errors, relaxed);
	if (!trusted) {
		free(ds->text);
		ds->text = NULL;
		ds->n = 0;
	}
	return trusted;
}

/* Collects the definitions that can match q. Returns false when q cannot occur in the file. */
bool ts_definitions(const struct lang *lang, const struct file *f, const struct query *q, struct defs *ds)
{
	const char *seg = memrchr(q->s, '.', q->len);
	seg = seg && seg + 1 < q->s + q->len ? seg + 1 : q->s;
	size_t seg_len = (size_t)(q->s + q->len - seg);
	struct ranges r = RANGES_INIT;
	/* Headings often hold dots ("v1.2.0"), so where the path splits is open: the longest
	 * suffixes are tried before the last part. */
	for (const char *part = q->s; lang->id == L_MARKDOWN && part < seg;) {
		if (ranges_occurrences(f, q->s, part, (size_t)(q->s + q->len - part), false, &r) &&
		    partial_definitions(lang, f, q, part, &r, ds)) {
			ranges_release(&r);
			return true;
		}
		ranges_release(&r);
		part = (const char *)memchr(part, '.', (size_t)(seg - part)) + 1;
	}
	r.prelude = php_prelude(lang, f);
	r.lx = lang->chunkable || r.prelude ? lexis_of(lang) : NULL;
	if (lang->id == L_CPP && r.lx)
		ranges_namespaces(f, r.lx, &r);
	if (!ranges_occurrences(f, q->s, seg, seg_len, lang->chunkable || r.prelude, &r)) {
		ranges_release(&r);
		return false;
	}
	bool done =
		lang->id == L_JSON && symbols_partial_min != SIZE_MAX && json_collect(f, r.occ, r.n_occ, ds);
	done = done || partial_definitions(lang, f, q, seg, &r, ds);
	if (!done && c_family(lang) && f->size > WHOLE_DEMACRO_MAX) {
		/* A large header: one whole parse, of the copy with its macro noise blanked. Its own
		 * errors make tree-sitter search (a generated 1 MB header: 3.3 s whole, 0.9 s
		 * blanked), and a name used everywhere (a type) would pay both for a not_found. */
		ds->text = cmacro_blank(f->data, f->size, NULL, 0);
		collect(lang, f, ds->text, &r, true, NULL, ds);
	} else if (!done && collect(lang, f, f->data, &r, true, q->trees, ds) && c_family(lang) &&
		   !answer_stands(ds, q, true, true)) {
		collect_demacroed(lang, f, &r, true, q, true, ds);
	}
	ranges_release(&r);
	return true;
}

/* Every definition of the file, from one full parse. */
void ts_definitions_all(const struct lang *lang, const struct file *f, struct defs *ds)
{
	struct ranges none = RANGES_INIT;
	collect(lang, f, f->data, &none, true, NULL, ds);
}
