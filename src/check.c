#include "check.h"

#include <jansson.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alloc.h"
#include "buf.h"
#include "opt.h"
#include "proc.h"
#include "quote.h"
#include "symbols/lang.h"
#include "symbols/parse.h"
#include "transform/meaning.h"
#include "worktree.h"

/* The tree-sitter error count before and after; false when path has no grammar. How much of the
 * file is parsed (the items around the change, or the whole file) is syntax_check_change's call.
 * A new file (before NULL) had no errors. With edit, an edit's change (hunks h[0..n)) also gets
 * the shape proof, whose verdict goes to *shape. */
static bool structure_errors(const char *path, const char *before, size_t blen, const char *after,
			     size_t alen, const struct line_hunk *h, size_t n, bool edit, long *eb, long *ea,
			     long *line, struct shape_verdict *shape)
{
	struct syntax_delta d;
	bool has = edit && before ? syntax_check_edit(path, before, blen, after, alen, h, n, &d)
				  : syntax_check_change(path, before ? before : "", before ? blen : 0, after,
							alen, &d);
	if (!has)
		return false;
	*eb = before ? d.before : 0;
	*ea = d.after;
	*line = d.first_line;
	*shape = d.shape;
	return true;
}

enum check_kind check_kind_for(const char *path, const char *data, size_t len, enum format *f,
			       char reason[80])
{
	reason[0] = 0;
	*f = lang_format_for(path, data, len);
	if (*f != FMT_NONE)
		return CHECK_FORMAT;
	if (lang_for_path(path))
		return CHECK_STRUCTURE;
	snprintf(reason, 80, "no grammar for %s", lang_extension(path));
	return CHECK_NONE;
}

/* The note after a line a format's parser rejected. */
static const char *const invalid_note[FMT_COUNT] = {
	[FMT_JSON] = "\xE2\x86\x90 invalid json",
	[FMT_YAML] = "\xE2\x86\x90 invalid yaml",
	[FMT_TOML] = "\xE2\x86\x90 invalid toml",
	[FMT_FRONTMATTER] = "\xE2\x86\x90 invalid frontmatter",
};

const char *check_layer_name(const struct check_result *r)
{
	return r->kind == CHECK_FORMAT      ? format_name(r->format)
	       : r->kind == CHECK_STRUCTURE ? "structure"
					    : "none";
}

const char *check_reject_note(const struct check_result *r)
{
	if (r->meaning_changed)
		return "\xE2\x86\x90 meaning changed";
	return r->kind == CHECK_FORMAT ? invalid_note[r->format] : "\xE2\x86\x90 parse error";
}

const char *check_result_note(const struct check_result *r)
{
	return r->shape.kind != SHAPE_OK ? r->shape.note : check_reject_note(r);
}

const char *check_failed_status(enum check_kind k)
{
	return k == CHECK_STRUCTURE ? "failed" : "invalid";
}

void check_failed_reason(struct buf *b, const struct check_result *r)
{
	long n = r->errors_after - r->errors_before;
	if (r->kind != CHECK_STRUCTURE || n < 1) {
		buf_adds(b, check_failed_status(r->kind));
		return;
	}
	buf_addf(b, "%ld new parse error%s", n, n == 1 ? "" : "s");
	if (r->error_line)
		buf_addf(b, n == 1 ? " at line %ld" : ", the first at line %ld", r->error_line);
}

const char *check_status_word(const struct check_result *r, bool blame_all)
{
	if (r->meaning_changed)
		return "meaning changed";
	if (r->failed || (blame_all && r->errors_after))
		return check_failed_status(r->kind);
	/* a tree-sitter parse that kept its old errors is ok (the count did not grow); a format
	 * parser's verdict is not, so a config file that stays invalid says so */
	return r->kind != CHECK_STRUCTURE && r->errors_after ? "still invalid" : "ok";
}

/* True when before and after hold the same frontmatter block, byte for byte: the change is in the
 * body, which the Markdown grammar checks. */
static bool frontmatter_untouched(const char *before, size_t blen, const char *after, size_t alen)
{
	size_t f, c;
	size_t b_end = format_frontmatter(before, blen, &f, &c),
	       a_end = format_frontmatter(after, alen, &f, &c);
	return b_end && b_end != SIZE_MAX && b_end == a_end && !memcmp(before, after, b_end);
}

/* The one verdict on a data file (format_valid, transform's too); frontmatter may also be
 * absent. */
static bool format_ok(enum format f, const char *path, const char *s, size_t n)
{
	bool has;
	char detail[8];
	if (f == FMT_FRONTMATTER)
		return format_frontmatter_valid(s, n, &has);
	return format_valid(f, path, s, n, detail, sizeof(detail));
}

static void layer1(const char *path, const char *before, size_t blen, const char *after, size_t alen,
		   const struct line_hunk *h, size_t n, bool edit, struct check_result *r)
{
	memset(r, 0, sizeof(*r));
	r->kind = check_kind_for(path, before ? before : after, before ? blen : alen, &r->format, r->reason);
	/* an edit that adds frontmatter to a plain markdown file is checked as frontmatter */
	if (r->kind != CHECK_FORMAT && lang_format_for(path, after, alen) == FMT_FRONTMATTER) {
		r->kind = CHECK_FORMAT;
		r->format = FMT_FRONTMATTER;
		r->reason[0] = 0;
	}
	if (r->format == FMT_FRONTMATTER && before && frontmatter_untouched(before, blen, after, alen) &&
	    parse_has_grammar(path)) {
		r->kind = CHECK_STRUCTURE;
		r->format = FMT_NONE;
	}
	switch (r->kind) {
	case CHECK_NONE: return;
	case CHECK_STRUCTURE:
		if (!structure_errors(path, before, blen, after, alen, h, n, edit, &r->errors_before,
				      &r->errors_after, &r->error_line, &r->shape)) {
			r->kind = CHECK_NONE;
			return;
		}
		break;
	case CHECK_FORMAT:
		r->errors_before = before && !format_ok(r->format, path, before, blen) ? 1 : 0;
		r->errors_after = format_ok(r->format, path, after, alen) ? 0 : 1;
		break;
	}
	r->failed = r->errors_after > r->errors_before || r->shape.kind != SHAPE_OK;
}

void check_layer1(const char *path, const char *before, size_t blen, const char *after, size_t alen,
		  struct check_result *r)
{
	layer1(path, before, blen, after, alen, NULL, 0, false, r);
}

void check_layer1_edit(const char *path, const char *before, size_t blen, const char *after, size_t alen,
		       const struct line_hunk *h, size_t n, struct check_result *r)
{
	layer1(path, before, blen, after, alen, h, n, true, r);
}

bool check_meaning(const char *path, struct check_result *r, const char *before, size_t blen,
		   const char *after, size_t alen, const struct line_hunk *h, size_t n,
		   enum meaning_verb verb, struct buf *why)
{
	bool has = true;
	if (r->kind != CHECK_FORMAT || r->failed || r->errors_before || r->errors_after || !before ||
	    (r->format == FMT_FRONTMATTER && (!format_frontmatter_valid(before, blen, &has) || !has)))
		return true;
	size_t mark = why->len;
	buf_addf(why, "meaning check failed for %s: ", path);
	struct meaning_lines asked = {0};
	if (n)
		asked = (struct meaning_lines){h[0].b1, h[n - 1].b2};
	if (meaning_check(r->format, path, before, blen, after, alen, n ? &asked : NULL, verb, why) !=
	    MEANING_CHANGED) {
		buf_truncate(why, mark);
		return true;
	}
	r->failed = r->meaning_changed = true;
	return false;
}

static void expand(struct buf *out, const char *tmpl, const char *const *paths, size_t n)
{
	for (const char *p = tmpl; *p; p++) {
		if (p[0] == '{' && p[1] == '}') {
			for (size_t i = 0; i < n; i++) {
				if (i)
					buf_addc(out, ' ');
				quote_shell(out, paths[i]);
			}
			p++;
		} else {
			buf_addc(out, *p);
		}
	}
}

/* The directory of the first edited file, absolute. */
static char *start_dir(const char *const *paths, size_t n)
{
	struct buf dir = BUF_INIT;
	const char *p = n ? paths[0] : ".";
	const char *slash = strrchr(p, '/');
	if (slash)
		buf_add(&dir, p, slash == p ? 1 : (size_t)(slash - p));
	else
		buf_adds(&dir, ".");
	char *abs = realpath(dir.data, NULL);
	buf_release(&dir);
	return abs ? abs : xstrdup(".");
}

static bool has_typecheck_script(const char *dir)
{
	struct buf f = BUF_INIT;
	buf_addf(&f, "%s/package.json", dir);
	json_error_t err;
	json_t *root = json_load_file(f.data, 0, &err);
	buf_release(&f);
	bool yes = root && json_is_string(json_object_get(json_object_get(root, "scripts"), "typecheck"));
	json_decref(root);
	return yes;
}

/* The --check presets: each finds the nearest of its manifests above the first edited file. */
static const struct check_preset {
	const char *name;
	const char *const *manifests;
	const char *missing; /* the skip reason when no manifest is found */
} presets[] = {
	{"@auto",
	 (const char *const[]){"Cargo.toml", "go.mod", "tsconfig.json", "pyproject.toml", "setup.py", NULL},
	 "@auto found no manifest"},
	{"@cargo", (const char *const[]){"Cargo.toml", NULL}, "@cargo found no Cargo.toml"},
	{"@go", (const char *const[]){"go.mod", NULL}, "@go found no go.mod"},
	{"@tsc", (const char *const[]){"tsconfig.json", NULL}, "@tsc found no tsconfig.json"},
	{"@py", (const char *const[]){"pyproject.toml", "setup.py", NULL},
	 "@py found no pyproject.toml or setup.py"},
};

static const struct check_preset *preset_lookup(const char *name)
{
	for (size_t i = 0; i < sizeof(presets) / sizeof(presets[0]); i++)
		if (!strcmp(presets[i].name, name))
			return &presets[i];
	return NULL;
}

const char *check_preset_at(size_t i)
{
	return i < sizeof(presets) / sizeof(presets[0]) ? presets[i].name : NULL;
}

void check_preset_names(struct buf *b)
{
	for (size_t i = 0; i < sizeof(presets) / sizeof(presets[0]); i++)
		buf_addf(b, "%s%s", i ? ", " : "", presets[i].name);
}

enum lets_err check_spec_valid(const char *spec, struct diag *d)
{
	if (spec[0] != '@' || preset_lookup(spec))
		return LETS_OK;
	struct buf names = BUF_INIT;
	check_preset_names(&names);
	opt_usage_error(
		d, NULL, false,
		"invalid value '%s' for '--check <CHECK>': unknown preset %s \xC2\xB7 the presets are %s",
		spec, spec, names.data);
	buf_release(&names);
	return E_USAGE;
}

enum lets_err check_cmd_prepare(struct check_cmd *c, const char *spec, const char *const *paths, size_t n,
				long timeout_s, struct diag *d)
{
	memset(c, 0, sizeof(*c));
	c->timeout_s = timeout_s;
	if (spec[0] != '@') {
		struct buf run = BUF_INIT;
		c->shown = xstrdup(spec);
		expand(&run, spec, paths, n);
		c->run = buf_detach(&run);
		return LETS_OK;
	}
	const struct check_preset *p = preset_lookup(spec);
	if (!p)
		return check_spec_valid(spec, d);
	const char *const *names = p->manifests;
	const char *missing = p->missing;
	char *from = start_dir(paths, n);
	const char *which = NULL;
	char *dir = worktree_find_up(from, names, true, &which);
	free(from);
	if (!dir) {
		c->skip = xstrdup(missing);
		return LETS_OK;
	}
	const char *tmpl, *prog;
	bool here = false;
	struct buf tsc_cmd = BUF_INIT;
	if (!strcmp(which, "Cargo.toml")) {
		tmpl = "cargo check --workspace --quiet --all-targets", prog = "cargo";
	} else if (!strcmp(which, "go.mod")) {
		tmpl = "go build ./...", prog = "go";
	} else if (!strcmp(which, "tsconfig.json")) {
		if (has_typecheck_script(dir)) {
			tmpl = "npm run -s typecheck", prog = "npm";
		} else {
			buf_adds(&tsc_cmd, "npx --no-install tsc --noEmit -p ");
			quote_shell(&tsc_cmd, dir);
			tmpl = tsc_cmd.data, prog = "npx";
		}
	} else {
		tmpl = "python3 -m py_compile {}", prog = "python3", here = true;
	}
	c->shown = xstrdup(tmpl);
	if (!proc_on_path(prog)) {
		struct buf why = BUF_INIT;
		buf_addf(&why, "%s absent", tmpl);
		c->skip = buf_detach(&why);
	} else {
		struct buf run = BUF_INIT;
		expand(&run, tmpl, paths, n);
		c->run = buf_detach(&run);
		if (!here)
			c->dir = xstrdup(dir);
	}
	buf_release(&tsc_cmd);
	free(dir);
	return LETS_OK;
}

void check_cmd_before(struct check_cmd *c)
{
	if (c->skip || !c->run)
		return;
	struct proc_result r = PROC_RESULT_INIT;
	proc_run(c->run, c->dir, c->timeout_s, &r);
	c->before_status = r.status;
	c->before_timed_out = r.timed_out;
	if (!r.timed_out && (r.status == 127 || r.status < 0)) {
		struct buf why = BUF_INIT;
		buf_addf(&why, "%s absent", c->shown);
		c->skip = buf_detach(&why);
	}
	proc_result_release(&r);
}

/* The checker's last non-blank output line, for the failure message. */
static char *last_line(const struct buf *out)
{
	size_t end = out->len;
	while (end && (out->data[end - 1] == '\n' || out->data[end - 1] == '\r' || out->data[end - 1] == ' '))
		end--;
	if (!end)
		return NULL;
	size_t start = end;
	while (start && out->data[start - 1] != '\n')
		start--;
	size_t len = end - start > 200 ? 200 : end - start;
	return xstrndup(out->data + start, len);
}

enum check_cmd_verdict check_cmd_after(struct check_cmd *c, char *reason, size_t reason_size, char **detail)
{
	*detail = NULL;
	reason[0] = 0;
	if (c->skip) {
		snprintf(reason, reason_size, "%s", c->skip);
		return CMD_SKIPPED;
	}
	if (!c->run)
		return CMD_OK;
	if (c->before_timed_out) {
		snprintf(reason, reason_size, "timed out");
		return CMD_INCONCLUSIVE;
	}
	struct proc_result r = PROC_RESULT_INIT;
	proc_run(c->run, c->dir, c->timeout_s, &r);
	enum check_cmd_verdict v;
	if (r.timed_out) {
		snprintf(reason, reason_size, "timed out");
		v = CMD_INCONCLUSIVE;
	} else if (r.status == 0) {
		v = CMD_OK;
	} else if (c->before_status == 0) {
		*detail = last_line(&r.output);
		v = CMD_FAILED;
	} else {
		snprintf(reason, reason_size, "failed before and after");
		v = CMD_INCONCLUSIVE;
	}
	proc_result_release(&r);
	return v;
}

void check_cmd_release(struct check_cmd *c)
{
	free(c->shown);
	free(c->run);
	free(c->dir);
	free(c->skip);
	memset(c, 0, sizeof(*c));
}
