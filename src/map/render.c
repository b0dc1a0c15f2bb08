/* map's answer (see map.h): the outline, the definitions that fit the budget, the footer; one
 * model rendered as text, --json or --jsonl, so the three carry the same facts. */
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"
#include "../file.h"
#include "../json.h"
#include "../opt.h"
#include "../symbols/lang.h"
#include "../symbols/symbols.h"
#include "map.h"

#define MAX_DIRS 24 /* level-1 lines of the outline */
#define MAX_CHILDREN 4 /* level-2 directories named on a level-1 line */
#define MAX_LANGS 3
#define DEFAULT_BUDGET 1000

struct tally {
	const char *name;
	long n;
};

struct dir {
	char *path; /* "api/", or "./" for the files at the top */
	long files, generated;
	bool folded;
	struct tally langs[MAX_LANGS + 1];
	struct tally *all; /* owned while counting */
	size_t n_all;
	struct child {
		char *name;
		long files;
		bool folded;
	} * kids;
	size_t n_kids;
};

struct model {
	struct dir *dirs;
	size_t n_dirs, more_dirs;
	struct tally *langs; /* the whole map's, owned */
	size_t n_langs;
	struct shown {
		uint32_t file, def;
		char *target; /* owned */
	} * shown;
	size_t n_shown, shown_files;
	long lines, bytes;
};

/* A file's language for the outline: its grammar's name, else its extension's letters. */
static const char *lang_word(const struct map_file *f, struct buf *b)
{
	if (f->lang)
		return f->lang;
	const char *ext = lang_extension(f->path);
	if (ext[0] != '.' || !ext[1] || strlen(ext) > 8)
		return NULL;
	buf_truncate(b, 0);
	for (const char *p = ext + 1; *p; p++) {
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || (*p >= 'A' && *p <= 'Z')))
			return NULL;
		buf_addc(b, (char)(*p | (*p >= 'A' && *p <= 'Z' ? 0x20 : 0)));
	}
	return buf_str(b);
}

/* Adds one to name's count in v (names are interned by the caller's strings: compared by text). */
static void tally_add(struct tally **v, size_t *n, const char *name, char ***store, size_t *n_store)
{
	for (size_t i = 0; i < *n; i++)
		if (!strcmp((*v)[i].name, name)) {
			(*v)[i].n++;
			return;
		}
	*v = xrealloc(*v, (*n + 1) * sizeof(**v));
	*store = xrealloc(*store, (*n_store + 1) * sizeof(**store));
	char *s = (*store)[(*n_store)++] = xstrdup(name);
	(*v)[(*n)++] = (struct tally){s, 1};
}

static int tally_cmp(const void *x, const void *y)
{
	const struct tally *a = x, *b = y;
	return a->n != b->n ? (a->n > b->n ? -1 : 1) : strcmp(a->name, b->name);
}

static int kid_cmp(const void *x, const void *y)
{
	const struct child *a = x, *b = y;
	return a->files != b->files ? (a->files > b->files ? -1 : 1) : strcmp(a->name, b->name);
}

/* The part of path after the prefix up to and including its next '/' (0: a file, no part). */
static size_t part_len(const char *p)
{
	const char *slash = strchr(p, '/');
	return slash ? (size_t)(slash - p) + 1 : 0;
}

static void dir_count(struct dir *dir, const struct map_file *f, const char *rest, struct buf *lw,
		      char ***store, size_t *n_store)
{
	dir->files++;
	dir->generated += f->generated;
	const char *w = lang_word(f, lw);
	if (w)
		tally_add(&dir->all, &dir->n_all, w, store, n_store);
	size_t k = part_len(rest);
	if (!k || dir->folded)
		return;
	if (!dir->n_kids || strncmp(dir->kids[dir->n_kids - 1].name, rest, k) ||
	    dir->kids[dir->n_kids - 1].name[k]) {
		dir->kids = xrealloc(dir->kids, (dir->n_kids + 1) * sizeof(*dir->kids));
		dir->kids[dir->n_kids++] =
			(struct child){xstrndup(rest, k), 0, map_vendored_dir(rest, k - 1)};
	}
	dir->kids[dir->n_kids - 1].files++;
}

static void dir_finish(struct dir *dir)
{
	if (dir->n_all) /* qsort's array may not be NULL, even empty */
		qsort(dir->all, dir->n_all, sizeof(*dir->all), tally_cmp);
	for (size_t i = 0; i < dir->n_all && i < MAX_LANGS - 1; i++)
		dir->langs[i] = dir->all[i];
	free(dir->all);
	dir->all = NULL;
	if (dir->n_kids)
		qsort(dir->kids, dir->n_kids, sizeof(*dir->kids), kid_cmp);
}

/* The outline: files are sorted by path, so each level-1 directory's files are contiguous. */
static void outline(const struct map_call *c, struct model *m, char ***store, size_t *n_store)
{
	struct buf lw = BUF_INIT;
	/* the files at the top: of the one root mapped ("src/"), else of the working directory */
	struct dir top = {.path = c->prefix && c->n_files ? xstrndup(c->files[0].path, c->prefix)
							  : xstrdup("./")};
	for (size_t i = 0; i < c->n_files; i++) {
		const struct map_file *f = &c->files[i];
		const char *rest = f->path + (strlen(f->path) > c->prefix ? c->prefix : 0);
		if (rest[0] == '.' && rest[1] == '/')
			rest += 2;
		const char *w = lang_word(f, &lw);
		if (w)
			tally_add(&m->langs, &m->n_langs, w, store, n_store);
		size_t k = part_len(rest);
		if (!k) {
			dir_count(&top, f, "", &lw, store, n_store);
			continue;
		}
		struct dir *last = m->n_dirs ? &m->dirs[m->n_dirs - 1] : NULL;
		size_t pl = (size_t)(rest - f->path) + k;
		if (!last || strlen(last->path) != pl || strncmp(last->path, f->path, pl)) {
			m->dirs = xrealloc(m->dirs, (m->n_dirs + 2) * sizeof(*m->dirs));
			last = &m->dirs[m->n_dirs++];
			*last = (struct dir){.path = xstrndup(f->path, pl),
					     .folded = map_vendored_dir(rest, k - 1)};
		}
		dir_count(last, f, rest + k, &lw, store, n_store);
	}
	if (top.files) {
		m->dirs = xrealloc(m->dirs, (m->n_dirs + 1) * sizeof(*m->dirs));
		memmove(m->dirs + 1, m->dirs, m->n_dirs * sizeof(*m->dirs));
		m->dirs[0] = top;
		m->n_dirs++;
	} else {
		free(top.path);
	}
	for (size_t i = 0; i < m->n_dirs; i++)
		dir_finish(&m->dirs[i]);
	if (m->n_langs)
		qsort(m->langs, m->n_langs, sizeof(*m->langs), tally_cmp);
	if (m->n_dirs > MAX_DIRS)
		m->more_dirs = m->n_dirs - MAX_DIRS;
	buf_release(&lw);
}

static void dir_text(struct buf *b, const struct dir *d)
{
	out_path_text(b, d->path);
	buf_addf(b, "  %ld file%s", d->files, d->files == 1 ? "" : "s");
	for (size_t i = 0; d->langs[i].name; i++)
		buf_addf(b, "%s%s", i ? ", " : OUT_DOT, d->langs[i].name);
	if (d->folded)
		buf_adds(b, OUT_DOT "vendored, folded");
	if (d->generated)
		buf_addf(b, OUT_DOT "%ld generated", d->generated);
	for (size_t i = 0; i < d->n_kids && i < MAX_CHILDREN; i++) {
		buf_adds(b, OUT_DOT);
		out_path_text(b, d->kids[i].name);
		buf_addf(b, " %ld%s", d->kids[i].files, d->kids[i].folded ? " vendored" : "");
	}
	if (d->n_kids > MAX_CHILDREN)
		buf_addf(b, OUT_DOT "+%zu more", d->n_kids - MAX_CHILDREN);
	buf_addc(b, '\n');
}

/* The outline as text, its lines counted in m: the level-1 lines that fit in half of limit (at
 * least one), then how many more there are. */
static void outline_text(struct buf *b, struct model *m, long limit)
{
	size_t shown = m->n_dirs - m->more_dirs;
	for (size_t i = 0; i < shown; i++) {
		size_t at = b->len;
		dir_text(b, &m->dirs[i]);
		if (i && m->bytes + (long)(b->len - at) > limit / 2) {
			buf_truncate(b, at);
			m->more_dirs = m->n_dirs - i;
			break;
		}
		m->lines++;
		m->bytes += (long)(b->len - at);
	}
	if (m->more_dirs) {
		size_t at = b->len;
		buf_addf(b, "+%zu more director%s\n", m->more_dirs, m->more_dirs == 1 ? "y" : "ies");
		m->lines++;
		m->bytes += (long)(b->len - at);
	}
}

/* The target that reads d whole: path#qname when symbols_definitions says it resolves alone (the
 * same answer find --def gives), else path:start-end. f NULL (the file could not be read again):
 * the lines. */
static char *target_of(struct file *f, const char *path, const struct sym_item *d)
{
	struct buf t = BUF_INIT;
	bool alone = false;
	if (f) {
		struct sym_defs sd = SYM_DEFS_INIT;
		symbols_definitions(f, d->qname, &sd);
		for (size_t i = 0; i < sd.n && !alone; i++)
			alone = sd.v[i].line == d->line && sd.v[i].unique && !strcmp(sd.v[i].qname, d->qname);
		sym_defs_release(&sd);
	}
	out_path_text(&t, path);
	if (alone)
		buf_addf(&t, "#%s", d->qname);
	else if (d->start == d->end)
		buf_addf(&t, ":%ld", d->start);
	else
		buf_addf(&t, ":%ld-%ld", d->start, d->end);
	return buf_detach(&t);
}

static size_t def_line_cost(const struct map_file *f, size_t k)
{
	/* the target (path, '#', the name, at most) two spaces, the signature, '\n' */
	return strlen(f->path) + 1 + strlen(f->defs.v[k].qname) + 2 + strlen(f->sigs[k]) + 1;
}

static size_t group_cost(const struct map_file *f)
{
	return strlen(OUT_RULE) + strlen(f->path) + 1;
}

struct keyed {
	uint32_t group, def, file;
};

static int keyed_cmp(const void *x, const void *y)
{
	const struct keyed *a = x, *b = y;
	return a->group != b->group ? (a->group < b->group ? -1 : 1)
				    : (a->def < b->def ? -1 : a->def > b->def);
}

/* The definitions that fit in limit bytes after what the outline took, in c->order; the first
 * always (a focus is always shown). Then grouped: files in the order of their best definition,
 * each file's definitions in document order. */
static void select_defs(const struct map_call *c, struct model *m, long limit)
{
	long used = m->bytes;
	uint32_t *group = xcalloc(c->n_files + 1, sizeof(uint32_t)); /* 1 + the file's group, 0: none */
	struct keyed *k = xcalloc(c->n_order + 1, sizeof(*k));
	for (size_t i = 0; i < c->n_order; i++) {
		const struct map_ref *r = &c->order[i];
		const struct map_file *f = &c->files[r->file];
		long cost = (long)def_line_cost(f, r->def) + (group[r->file] ? 0 : (long)group_cost(f));
		if (m->n_shown && used + cost > limit)
			break;
		used += cost;
		if (!group[r->file])
			group[r->file] = (uint32_t)++m->shown_files;
		k[m->n_shown++] = (struct keyed){group[r->file], r->def, r->file};
	}
	if (m->n_shown)
		qsort(k, m->n_shown, sizeof(*k), keyed_cmp);
	m->shown = xcalloc(m->n_shown + 1, sizeof(*m->shown));
	for (size_t i = 0; i < m->n_shown; i++)
		m->shown[i] = (struct shown){k[i].file, k[i].def, NULL};
	free(k);
	free(group);
}

/* Each shown definition's target, its file read again once. */
static void targets(const struct map_call *c, struct model *m)
{
	const struct opts *o = c->o;
	for (size_t i = 0; i < m->n_shown;) {
		const struct map_file *mf = &c->files[m->shown[i].file];
		struct file f = FILE_INIT;
		struct diag quiet = DIAG_INIT;
		bool ok = file_load(&f, o->allow_outside ? NULL : o->wt, mf->path, o->max_file_bytes,
				    &quiet) == LETS_OK;
		size_t j = i;
		for (; j < m->n_shown && m->shown[j].file == m->shown[i].file; j++)
			m->shown[j].target =
				target_of(ok ? &f : NULL, mf->path, &mf->defs.v[m->shown[j].def]);
		file_release(&f);
		diag_release(&quiet);
		i = j;
	}
}

static void defs_text(struct buf *b, const struct map_call *c, struct model *m)
{
	for (size_t i = 0; i < m->n_shown; i++) {
		const struct shown *s = &m->shown[i];
		const struct map_file *f = &c->files[s->file];
		size_t at = b->len;
		if (!i || m->shown[i - 1].file != s->file) {
			buf_adds(b, OUT_RULE);
			out_path_text(b, f->path);
			buf_addc(b, '\n');
			m->lines++;
		}
		buf_addf(b, "%s  %s\n", s->target, f->sigs[s->def]);
		m->lines++;
		m->bytes += (long)(b->len - at);
	}
}

static void langs_json(struct buf *b, const struct tally *t, size_t n, bool counts)
{
	buf_addc(b, '[');
	for (size_t i = 0; i < n && t[i].name; i++) {
		buf_adds(b, i ? "," : "");
		if (counts) {
			buf_adds(b, "{\"name\":");
			json_cstr(b, t[i].name);
			buf_addf(b, ",\"files\":%ld}", t[i].n);
		} else {
			json_cstr(b, t[i].name);
		}
	}
	buf_addc(b, ']');
}

static void dir_json(struct buf *b, const struct dir *d)
{
	buf_adds(b, "{\"path\":");
	out_path_json(b, d->path);
	buf_addf(b, ",\"files\":%ld,\"languages\":", d->files);
	langs_json(b, d->langs, MAX_LANGS, false);
	buf_addf(b, ",\"generated\":%ld,\"folded\":%s,\"dirs\":[", d->generated,
		 d->folded ? "true" : "false");
	for (size_t i = 0; i < d->n_kids && i < MAX_CHILDREN; i++) {
		buf_adds(b, i ? ",{\"path\":" : "{\"path\":");
		out_path_json(b, d->kids[i].name);
		buf_addf(b, ",\"files\":%ld,\"folded\":%s}", d->kids[i].files,
			 d->kids[i].folded ? "true" : "false");
	}
	buf_addf(b, "],\"more_dirs\":%zu}", d->n_kids > MAX_CHILDREN ? d->n_kids - MAX_CHILDREN : 0);
}

static void def_json(struct buf *b, const struct map_call *c, const struct shown *s)
{
	const struct map_file *f = &c->files[s->file];
	const struct sym_item *d = &f->defs.v[s->def];
	buf_adds(b, "{\"target\":");
	json_cstr(b, s->target);
	buf_adds(b, ",\"path\":");
	out_path_json(b, f->path);
	buf_adds(b, ",\"name\":");
	json_cstr(b, d->qname);
	buf_addf(b, ",\"kind\":\"%s\",\"line\":%ld,\"span\":[%ld,%ld],\"signature\":", d->kind, d->line,
		 d->start, d->end);
	json_cstr(b, f->sigs[s->def]);
	buf_addc(b, '}');
}

/* --json: one object; --jsonl: a line per directory and per definition, then the tally. */
static void map_json(struct buf *b, const struct map_call *c, const struct model *m, bool lines)
{
	size_t nd = m->n_dirs - m->more_dirs;
	if (!lines)
		buf_adds(b, "{\"outline\":[");
	for (size_t i = 0; i < nd; i++) {
		buf_adds(b, i && !lines ? "," : "");
		dir_json(b, &m->dirs[i]);
		buf_adds(b, lines ? "\n" : "");
	}
	if (!lines)
		buf_adds(b, "],\"definitions\":[");
	for (size_t i = 0; i < m->n_shown; i++) {
		buf_adds(b, i && !lines ? "," : "");
		def_json(b, c, &m->shown[i]);
		buf_adds(b, lines ? "\n" : "");
	}
	buf_adds(b, lines ? "{" : "],");
	buf_addf(b, "\"files\":%zu,\"languages\":", c->n_files);
	langs_json(b, m->langs, m->n_langs, true);
	buf_addf(b, ",\"more_dirs\":%zu,\"definitions_ranked\":%zu", m->more_dirs, c->n_order);
	if (lines) {
		buf_adds(b, ",\"stats\":");
		stats_json(b, m->lines, m->bytes);
		buf_adds(b, ",\"omitted\":");
		omits_json(b, &c->om);
		buf_adds(b, "}\n");
	} else {
		response_end_json(b, &c->om, m->lines, m->bytes);
	}
}

/* The budget in bytes: --budget's tokens (1,000 by default) at the token ratio, within --max-bytes. */
static long byte_limit(const struct opts *o)
{
	long probe = 4000000, t = tokens_est(probe), ratio = t > 0 ? probe / t : 4;
	long budget = o->budget == OPT_UNSET ? DEFAULT_BUDGET : o->budget;
	long limit = budget * ratio;
	return o->max_bytes >= 0 && o->max_bytes < limit ? o->max_bytes : limit;
}

static void omissions(struct map_call *c, const struct model *m)
{
	const struct walk_counts *wc = &c->wc;
	if (wc->gitignore + wc->hidden + wc->other)
		omit_ignored(&c->om, wc->gitignore, wc->hidden, wc->other);
	if (c->binary + c->too_large + c->unreadable + wc->unreadable)
		omit_skipped(&c->om, c->binary, c->too_large, c->unreadable + wc->unreadable);
	if (m->n_shown < c->n_order) {
		long files = 0;
		for (size_t i = 0; i < c->n_files; i++)
			files += c->files[i].defs.n > 0;
		long budget = c->o->budget == OPT_UNSET ? DEFAULT_BUDGET : c->o->budget;
		omit_map_budget(&c->om, budget, (long)(c->n_order - m->n_shown),
				files - (long)m->shown_files);
	}
}

static void text_out(struct buf *out, const struct map_call *c, const struct model *m, const struct buf *text)
{
	if (!c->o->quiet)
		buf_add(out, text->data ? text->data : "", text->len);
	struct buf lead = BUF_INIT;
	buf_addf(&lead, "map: %zu file%s", c->n_files, c->n_files == 1 ? "" : "s");
	for (size_t i = 0; i < m->n_langs && i < MAX_LANGS; i++)
		buf_addf(&lead, "%s%s %ld", i ? ", " : OUT_DOT, m->langs[i].name, m->langs[i].n);
	buf_addf(&lead, OUT_DOT "%zu definition%s ranked", c->n_order, c->n_order == 1 ? "" : "s");
	footer_text(out, lead.data, &c->om, tokens_est(m->bytes));
	buf_release(&lead);
}

static void model_release(struct model *m, char **store, size_t n_store)
{
	for (size_t i = 0; i < m->n_dirs; i++) {
		for (size_t k = 0; k < m->dirs[i].n_kids; k++)
			free(m->dirs[i].kids[k].name);
		free(m->dirs[i].kids);
		free(m->dirs[i].path);
	}
	free(m->dirs);
	for (size_t i = 0; i < m->n_shown; i++)
		free(m->shown[i].target);
	free(m->shown);
	free(m->langs);
	for (size_t i = 0; i < n_store; i++)
		free(store[i]);
	free(store);
}

void map_render(struct map_call *c, struct buf *out)
{
	struct model m = {0};
	char **store = NULL;
	size_t n_store = 0;
	long limit = byte_limit(c->o);
	outline(c, &m, &store, &n_store);
	struct buf text = BUF_INIT;
	outline_text(&text, &m, limit);
	select_defs(c, &m, limit);
	targets(c, &m);
	defs_text(&text, c, &m);
	omissions(c, &m);
	enum out_format f = opts_format(c->o);
	if (f == OUT_TEXT)
		text_out(out, c, &m, &text);
	else
		map_json(out, c, &m, f == OUT_JSONL);
	if (c->o->json_twin)
		map_json(c->o->json_twin, c, &m, false);
	buf_release(&text);
	model_release(&m, store, n_store);
}
