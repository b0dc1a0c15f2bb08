/* lets paths: file names, not contents. find's walk (the same roots, ignore and hidden rules)
 * hands every kept file's path to a worker thread, which keeps it when the pattern matches; the
 * kept paths are sorted as find sorts them and printed up to --cap, the footer counting the rest.
 * A pattern that spells a hidden name (".golangci*") walks hidden entries as --hidden does; a
 * miss that skipped hidden entries walks them too, for the message to say what --hidden finds.
 *
 * The pattern is read as a glob when it holds "*", "?" or "[" and nothing only a regex has ("\",
 * "(", ")", "|", "+", "^", "$", ".*"): a glob matches as find -g's do (gitignore syntax: without
 * a "/" it matches the file name at any depth, with one the path from the root named). Anything
 * else is a regex searched anywhere in the path as printed. -i folds ASCII case for a glob and
 * matches caselessly for a regex. */
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../ignore.h"
#include "../match.h"
#include "../output.h"
#include "../find/roots.h"
#include "../walk.h"
#include "../worktree.h"
#include "verb.h"

struct pworker {
	struct rx_state *st;
	struct buf low; /* the path in ASCII lower case, for a caseless glob */
	char **paths; /* owned */
	size_t n, cap;
	long walked;
};

struct pathfinder {
	const struct regex *re; /* NULL when the pattern is a glob */
	const struct ignore_list *glob;
	bool fold;
	struct pworker *w;
};

static bool glob_reading(const char *p)
{
	return strpbrk(p, "*?[") && !strpbrk(p, "\\()|+^$") && !strstr(p, ".*");
}

static bool name_byte(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
	       c == '-';
}

/* The pattern spells a hidden name: a path part that starts with a dot and a name character
 * (".golangci*", ".github/x"; in a regex also "\.golangci" or "^\.env", after "/" too). Such a
 * pattern asks for hidden entries, which the walk would otherwise skip. */
static bool names_dotfile(const char *p, bool glob)
{
	for (const char *s = p; *s; s++) {
		bool part = s == p || s[-1] == '/' || (!glob && s[-1] == '^' && s - 1 == p);
		if (!part)
			continue;
		if (*s == '.' && name_byte(s[1]))
			return true;
		if (!glob && s[0] == '\\' && s[1] == '.' && name_byte(s[2]))
			return true;
	}
	return false;
}

static bool glob_matches(const struct pathfinder *pf, struct pworker *w, const char *path, size_t len)
{
	if (len >= 2 && path[0] == '.' && path[1] == '/') {
		path += 2;
		len -= 2;
	}
	if (pf->fold) {
		buf_truncate(&w->low, 0);
		for (size_t i = 0; i < len; i++)
			buf_addc(&w->low,
				 path[i] >= 'A' && path[i] <= 'Z' ? (char)(path[i] - 'A' + 'a') : path[i]);
		path = w->low.data;
	}
	const char *slash = memrchr(path, '/', len);
	const char *name = slash ? slash + 1 : path;
	return ignore_list_match(pf->glob, path, len, name, (size_t)(path + len - name), false) == IGN_IGNORE;
}

static void on_path(void *ctx, unsigned worker, const char *path, size_t len)
{
	struct pathfinder *pf = ctx;
	struct pworker *w = &pf->w[worker];
	size_t ms, me;
	w->walked++;
	bool hit = pf->re ? regex_search(pf->re, w->st, path, len, 0, &ms, &me) == RX_MATCH
			  : glob_matches(pf, w, path, len);
	if (!hit)
		return;
	XGROW(w->paths, w->cap, w->n + 1);
	w->paths[w->n++] = xstrndup(path, len);
}

static void on_walked(void *ctx, unsigned worker, const struct walk_file *wf)
{
	on_path(ctx, worker, wf->path, wf->len);
}

static int str_path_cmp(const void *a, const void *b)
{
	return roots_path_cmp(*(char *const *)a, *(char *const *)b);
}

/* Every path under rs that matches, sorted, into *out (owned, each string too). */
static size_t walk_paths(const struct opts *o, const struct worktree *wt, struct pathfinder *pf,
			 const struct roots *rs, bool hidden, char ***out, long *walked,
			 struct walk_counts *wc)
{
	struct walk_opts wo = {.hidden = hidden,
			       .no_ignore = o->no_ignore,
			       .wt = o->allow_outside ? NULL : wt,
			       .cancel = o->cancel};
	unsigned nw = walk_threads(&wo);
	pf->w = xcalloc(nw, sizeof(*pf->w));
	for (unsigned i = 0; i < nw; i++)
		pf->w[i].st = pf->re ? rx_state_new(pf->re) : NULL;
	for (size_t i = 0; i < rs->n_files; i++)
		on_path(pf, 0, rs->files[i], strlen(rs->files[i]));
	if (rs->n_dirs)
		walk_run(rs->dirs, rs->n_dirs, &wo, on_walked, pf, wc);
	char **v = NULL;
	size_t n = 0, cap = 0;
	for (unsigned i = 0; i < nw; i++) {
		struct pworker *w = &pf->w[i];
		XGROW(v, cap, n + w->n + 1);
		if (w->n)
			memcpy(v + n, w->paths, w->n * sizeof(*v));
		n += w->n;
		*walked += w->walked;
		free(w->paths);
		buf_release(&w->low);
		rx_state_free(w->st);
	}
	free(pf->w);
	pf->w = NULL;
	qsort(v, n, sizeof(*v), str_path_cmp);
	*out = v;
	return n;
}

/* The paths up to --cap (then --budget / --max-bytes), the walk's omissions, the footer. */
static void render_paths(const struct opts *o, char **paths, size_t n, long walked,
			 const struct walk_counts *wc, const struct omits *failed, bool glob, struct buf *out,
			 struct diag *d)
{
	struct omits om = OMITS_INIT;
	if (wc->gitignore + wc->hidden + wc->other)
		omit_ignored(&om, wc->gitignore, wc->hidden, wc->other);
	if (wc->unreadable)
		omit_skipped(&om, 0, 0, wc->unreadable);
	if (glob)
		omit_glob(&om, o->positional.items, 1);
	for (size_t i = 0; i < failed->n; i++)
		omit_copy(&om, &failed->items[i]);
	size_t capped = (long)n > o->cap ? (size_t)o->cap : n;
	if (capped < n)
		omit_path_cap(&om, o->cap, (long)(n - capped));
	struct out_row *rows = xcalloc(capped + 1, sizeof(*rows));
	for (size_t i = 0; i < capped; i++)
		rows[i].path = paths[i];
	size_t shown;
	/* over --max-bytes with no --budget: refused, nothing printed */
	if (!rows_shape(rows, capped, false, o->budget, o->max_bytes, &om, d, &shown, o->tool_terms)) {
		struct buf lead = BUF_INIT;
		plural(&lead, (long)n, "path", "paths");
		buf_adds(&lead, OUT_DOT "walked ");
		plural(&lead, walked, "file", "files");
		struct response r = {.list_key = "files",
				     .rows = rows,
				     .n_rows = shown,
				     .om = &om,
				     .quiet = o->quiet,
				     .lines = (long)shown,
				     .lead = lead.data};
		r.bytes = rows_bytes(rows, shown, false);
		response_emit(out, &r, opts_format(o), o->json_twin);
		buf_release(&lead);
	}
	free(rows);
	omits_release(&om);
}

/* No path matched. When hidden entries were skipped, they are walked too, and the message names
 * --hidden with what it would list (up to three paths). */
static void not_found(const struct opts *o, const struct worktree *wt, struct pathfinder *pf,
		      const struct roots *rs, const char *pattern, long hidden, struct diag *d)
{
	char **paths = NULL;
	long walked = 0;
	struct walk_counts wc = {0};
	size_t n = hidden ? walk_paths(o, wt, pf, rs, true, &paths, &walked, &wc) : 0;
	struct buf m = BUF_INIT;
	buf_addf(&m, "no path matches \xC2\xAB%s\xC2\xBB", pattern);
	if (hidden && n) {
		buf_addf(&m,
			 " \xC2\xB7 %ld hidden entr%s skipped, and with --hidden it matches %zu: ", hidden,
			 hidden == 1 ? "y was" : "ies were", n);
		for (size_t i = 0; i < n && i < 3; i++)
			buf_addf(&m, "%s%s", i ? ", " : "", paths[i]);
		if (n > 3)
			buf_addf(&m, " and %zu more", n - 3);
	} else if (hidden) {
		buf_addf(&m, ", nor among the %ld hidden entr%s skipped (--hidden)", hidden,
			 hidden == 1 ? "y" : "ies");
	}
	diag_add(d, E_NOT_FOUND, "%s", m.data);
	buf_release(&m);
	for (size_t i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
}

verb_fn cmd_paths;
enum lets_err cmd_paths(const struct opts *o, struct buf *out, struct diag *d)
{
	const char *pattern = o->positional.items[0];
	bool glob = glob_reading(pattern);
	const struct worktree *wt = o->wt;
	struct roots rs = ROOTS_INIT;
	struct omits failed = OMITS_INIT;
	struct ignore_list gl = IGNORE_LIST_INIT;
	struct buf low = BUF_INIT;
	struct regex *re = NULL;
	char **paths = NULL;
	size_t n = 0;
	long walked = 0;
	struct walk_counts wc = {0};
	if (glob) {
		for (const char *p = pattern; *p; p++)
			buf_addc(&low,
				 o->ignore_case && *p >= 'A' && *p <= 'Z' ? (char)(*p - 'A' + 'a') : *p);
		ignore_list_add_line(&gl, low.data, low.len);
	} else if (!*pattern || !(re = regex_new(pattern, o->ignore_case ? RX_CASELESS : 0, d))) {
		if (!*pattern)
			opt_usage_error(
				d, "paths", true,
				"the pattern is empty: give a glob ('*.go') or a regex ('_test\\.go$')");
		goto out;
	}
	if (roots_collect(o, wt, &rs, &failed, d) == E_OUTSIDE_TREE)
		goto out;
	struct pathfinder pf = {.re = re, .glob = &gl, .fold = glob && o->ignore_case};
	n = walk_paths(o, wt, &pf, &rs, o->hidden || names_dotfile(pattern, glob), &paths, &walked, &wc);
	wc.other += rs.other;
	render_paths(o, paths, n, walked, &wc, &failed, glob, out, d);
	if (!n && (rs.n_dirs || rs.n_files || !failed.n))
		not_found(o, wt, &pf, &rs, pattern, wc.hidden, d);
out:
	for (size_t i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
	regex_free(re);
	ignore_list_release(&gl);
	buf_release(&low);
	omits_release(&failed);
	roots_release(&rs);
	return diag_first(d);
}
