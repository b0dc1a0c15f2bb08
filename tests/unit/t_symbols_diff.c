/* Differential test of the partial parses behind find -p (symbols_enclosing) and find --def
 * (symbols_definitions): on real source files — the grammar sources and bindings in
 * deps/node_modules (C, C++, JavaScript, TypeScript), the Python standard library, the Rust
 * crates the build installs, the Go files among the test fixtures plus a generated Go file full of
 * the shapes that break a text-only cut — every answer must equal the one the same call gives
 * when every file is parsed whole (symbols_partial_min = SIZE_MAX). A wrong enclosing symbol, a
 * wrong span or a wrong "resolves alone" would show here as a mismatch naming file and line.
 *
 * Run from the repository root (make check does). A language whose files are not installed
 * compares nothing, and its "compared" case fails, so a missing corpus cannot pass silently. */
#include "unit.h"

#include <ftw.h>
#include <glob.h>
#include <stdint.h>

#include "alloc.h"
#include "buf.h"
#include "file.h"
#include "symbols/defs.h"
#include "symbols/symbols.h"
#include "target.h"

#define FILE_MAX (96 * 1024) /* bigger files cost the ASan build seconds each */
#define FILES_PER_LANG 40
#define LINES_PER_FILE 6
#define NAMES_PER_FILE 4
#define SHOWN_MAX 10

struct paths {
	char **v;
	size_t n, cap;
	const char *const *exts; /* NULL-terminated */
};

/* nftw has no context argument: the list being filled, for the walk of one language's tree. */
static struct paths *walking;

static bool has_ext(const char *path, const char *const *exts)
{
	size_t n = strlen(path);
	for (; *exts; exts++) {
		size_t e = strlen(*exts);
		if (n > e && !strcmp(path + n - e, *exts))
			return true;
	}
	return false;
}

static void paths_add(struct paths *p, const char *path)
{
	XGROW(p->v, p->cap, p->n + 1);
	p->v[p->n++] = xstrdup(path);
}

static int on_entry(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)ftw;
	if (type == FTW_F && st->st_size > 0 && st->st_size <= FILE_MAX && has_ext(path, walking->exts) &&
	    !strstr(path, ".min."))
		paths_add(walking, path);
	return 0;
}

/* The root is resolved first: in a git worktree deps/node_modules is a symlink to the shared
 * install, which nftw would not enter with FTW_PHYS. */
static void walk_into(struct paths *p, const char *root)
{
	char *real = realpath(root, NULL);
	walking = p;
	if (real)
		nftw(real, on_entry, 16, FTW_PHYS);
	walking = NULL;
	free(real);
}

static void glob_into(struct paths *p, const char *pattern)
{
	glob_t g;
	if (glob(pattern, 0, NULL, &g))
		return;
	for (size_t i = 0; i < g.gl_pathc; i++) {
		struct stat st;
		if (!stat(g.gl_pathv[i], &st) && S_ISREG(st.st_mode) && st.st_size > 0 &&
		    st.st_size <= FILE_MAX)
			paths_add(p, g.gl_pathv[i]);
	}
	globfree(&g);
}

static int str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* At most FILES_PER_LANG of p, spread evenly over the sorted list (the same ones every run). */
static void paths_thin(struct paths *p)
{
	if (p->n)
		qsort(p->v, p->n, sizeof *p->v, str_cmp);
	size_t keep = p->n < FILES_PER_LANG ? p->n : FILES_PER_LANG;
	for (size_t i = 0; i < keep; i++) {
		size_t from = i * p->n / keep;
		char *t = p->v[i];
		p->v[i] = p->v[from];
		p->v[from] = t;
	}
	for (size_t i = keep; i < p->n; i++)
		free(p->v[i]);
	p->n = keep;
}

static void paths_release(struct paths *p)
{
	for (size_t i = 0; i < p->n; i++)
		free(p->v[i]);
	free(p->v);
}

static bool load(const char *path, struct file *f)
{
	FILE *in = fopen(path, "rb");
	if (!in)
		return false;
	struct buf b = BUF_INIT;
	char chunk[8192];
	size_t got;
	while ((got = fread(chunk, 1, sizeof chunk, in)) > 0)
		buf_add(&b, chunk, got);
	fclose(in);
	*f = (struct file)FILE_INIT;
	f->path = xstrdup(path);
	f->size = b.len;
	f->data = buf_detach(&b);
	if (!f->data)
		f->data = xstrdup("");
	file_index(f);
	return true;
}

/* One definition as the tests compare it. */
static void show_def(struct buf *b, const struct sym_def *s)
{
	buf_addf(b, "%s %s %ld-%ld@%ld %s", s->qname, s->kind, s->start, s->end, s->line,
		 s->unique ? "u" : "a");
}

/* -p's answer for lines[0..n) of f, one line each: "qname kind a-b@line u|a" or "-". */
static void enclosing_answer(struct file *f, const long *lines, size_t n, bool one_by_one, struct buf *out)
{
	for (size_t i = 0; i < n; i++) {
		size_t from = one_by_one ? i : 0, count = one_by_one ? 1 : n;
		struct sym_defs sd = SYM_DEFS_INIT;
		int which[LINES_PER_FILE];
		symbols_enclosing(f, lines + from, count, &sd, which);
		int w = which[one_by_one ? 0 : i];
		buf_addf(out, "%ld: ", lines[i]);
		if (w < 0)
			buf_adds(out, "-");
		else
			show_def(out, &sd.v[w]);
		buf_addc(out, '\n');
		sym_defs_release(&sd);
	}
}

/* Up to LINES_PER_FILE non-blank lines spread over f, ascending. */
static size_t pick_lines(const struct file *f, long *lines)
{
	size_t n = 0;
	for (size_t k = 0; k < LINES_PER_FILE && f->n_lines; k++) {
		size_t l = 1 + (k * 2 + 1) * f->n_lines / (LINES_PER_FILE * 2);
		const char *t;
		while (l <= f->n_lines && file_line(f, l, &t) <= 1)
			l++;
		if (l <= f->n_lines && (!n || (long)l > lines[n - 1]))
			lines[n++] = (long)l;
	}
	return n;
}

/* Up to NAMES_PER_FILE names f defines (qualified, from the whole parse of pick_lines' lines),
 * for --def: each must give the same definitions both ways. */
static size_t pick_names(struct file *f, const long *lines, size_t nl, char names[][128])
{
	struct sym_defs sd = SYM_DEFS_INIT;
	int which[LINES_PER_FILE];
	symbols_enclosing(f, lines, nl, &sd, which);
	size_t n = 0;
	for (size_t i = 0; i < sd.n && n < NAMES_PER_FILE; i++) {
		if (strlen(sd.v[i].qname) >= 128)
			continue;
		snprintf(names[n++], 128, "%s", sd.v[i].qname);
		/* its last part alone too: every definition of that name, members included */
		const char *dot = strrchr(sd.v[i].qname, '.');
		if (dot && dot[1] && n < NAMES_PER_FILE)
			snprintf(names[n++], 128, "%s", dot + 1);
	}
	sym_defs_release(&sd);
	return n;
}

static void definitions_answer(struct file *f, char names[][128], size_t n, struct buf *out)
{
	for (size_t i = 0; i < n; i++) {
		struct sym_defs sd = SYM_DEFS_INIT;
		symbols_definitions(f, names[i], &sd);
		buf_addf(out, "%s:", names[i]);
		for (size_t k = 0; k < sd.n; k++) {
			buf_addc(out, ' ');
			show_def(out, &sd.v[k]);
		}
		buf_addc(out, '\n');
		sym_defs_release(&sd);
	}
}

struct tally {
	long files, lines, names, mismatches;
};

static void compare(const char *what, const char *path, const struct buf *fast, const struct buf *whole,
		    struct tally *t)
{
	if (fast->len == whole->len && (!fast->len || !memcmp(fast->data, whole->data, fast->len)))
		return;
	if (t->mismatches++ < SHOWN_MAX)
		printf("  %s differs in %s\n  partial:\n%s  whole:\n%s", what, path,
		       buf_str((struct buf *)fast), buf_str((struct buf *)whole));
}

static void check_file(const char *path, struct tally *t)
{
	struct file f;
	if (!load(path, &f))
		return;
	long lines[LINES_PER_FILE];
	size_t nl = pick_lines(&f, lines);
	char names[NAMES_PER_FILE][128];
	struct buf fast = BUF_INIT, batch = BUF_INIT, whole = BUF_INIT, fast_d = BUF_INIT, whole_d = BUF_INIT;
	size_t saved = symbols_partial_min;
	symbols_partial_min = SIZE_MAX;
	enclosing_answer(&f, lines, nl, false, &whole);
	size_t nn = pick_names(&f, lines, nl, names);
	definitions_answer(&f, names, nn, &whole_d);
	symbols_partial_min = saved;
	/* one line per call: a call holding all of them would cover most of a file and parse it whole */
	enclosing_answer(&f, lines, nl, true, &fast);
	/* and all in one call, as -p asks: the lookups then reuse the items parsed for the lines */
	enclosing_answer(&f, lines, nl, false, &batch);
	definitions_answer(&f, names, nn, &fast_d);
	compare("enclosing", path, &fast, &whole, t);
	compare("enclosing (one call)", path, &batch, &whole, t);
	compare("definitions", path, &fast_d, &whole_d, t);
	t->files++;
	t->lines += (long)nl;
	t->names += (long)nn;
	buf_release(&fast);
	buf_release(&batch);
	buf_release(&whole);
	buf_release(&fast_d);
	buf_release(&whole_d);
	file_release(&f);
}

static void check_lang(const char *lang, struct paths *p)
{
	paths_thin(p);
	struct tally t = {0};
	for (size_t i = 0; i < p->n; i++)
		check_file(p->v[i], &t);
	unit_check(t.mismatches == 0, "%s: partial parses agree with whole ones (%ld mismatches)", lang,
		   t.mismatches);
	unit_check(t.files >= 3 && t.lines >= 10 && t.names >= 3,
		   "%s: compared (%ld files, %ld lines, %ld names)", lang, t.files, t.lines, t.names);
	paths_release(p);
}

/* check_file on src (owned, freed here) written to a scratch file named name. */
static void check_generated(const char *name, char *src, struct tally *t)
{
	char dir[] = "/tmp/t_symbols_diff.XXXXXX";
	if (mkdtemp(dir)) {
		char path[sizeof dir + 32];
		snprintf(path, sizeof path, "%s/%s", dir, name);
		FILE *out = fopen(path, "wb");
		if (out) {
			fputs(src, out);
			fclose(out);
			check_file(path, t);
			remove(path);
		}
		rmdir(dir);
	}
	free(src);
}

/* A Go file of the shapes a column-0 cut must survive: labels, a raw string holding a column-0
 * "func", methods on one type, a type block, nested closures, comments between items. */
static char *go_source(void)
{
	struct buf b = BUF_INIT;
	buf_adds(&b, "package gen\n\nimport \"fmt\"\n\ntype (\n\tA struct{ n int }\n\tB = A\n)\n\n");
	for (int i = 0; i < 60; i++) {
		buf_addf(&b, "// F%d does things.\nfunc F%d(x int) int {\n\tfor i := 0; i < x; i++ {\n", i,
			 i);
		buf_addf(&b, "\t\tif i == %d {\n\t\t\tgoto done%d\n\t\t}\n\t}\n\n", i, i);
		buf_addf(&b, "done%d:\n\tf := func() int { return x }\n\treturn f()\n}\n\n", i);
		buf_addf(&b, "func (a *A) M%d() string {\n\ts := `raw\n\nfunc fake%d() {\n`\n", i, i);
		buf_addf(&b, "\treturn fmt.Sprint(s, a.n)\n}\n\nvar V%d = F%d(%d)\n\n", i, i, i);
		if (i % 7 == 0)
			buf_addf(&b, "func init() {\n\tV%d++\n}\n\n", i);
	}
	return buf_detach(&b);
}

static void check_go(void)
{
	struct paths p = {.exts = (const char *const[]){".go", NULL}};
	walk_into(&p, "tests/fixtures");
	glob_into(&p, "/usr/share/doc/git/contrib/persistent-https/*.go");
	paths_thin(&p);
	struct tally t = {0};
	for (size_t i = 0; i < p.n; i++)
		check_file(p.v[i], &t);
	check_generated("gen.go", go_source(), &t);
	unit_check(t.mismatches == 0, "go: partial parses agree with whole ones (%ld mismatches)",
		   t.mismatches);
	unit_check(t.files >= 3 && t.lines >= 10 && t.names >= 3,
		   "go: compared (%ld files, %ld lines, %ld names)", t.files, t.lines, t.names);
	paths_release(&p);
}

/* C++ files whose items sit in namespaces opened at column 0 (nested, anonymous, "a::b", the brace
 * on the next line), next to the shapes that must not count: an alias, a "namespace" in a
 * comment, braces in a string, the same function name in two namespaces. */
static char *cpp_source(int variant)
{
	struct buf b = BUF_INIT;
	buf_adds(&b, "// namespace fake { is only a comment\n#include <string>\nnamespace fs = std;\n\n");
	buf_adds(
		&b,
		"namespace outer {\nnamespace inner {\n\nstruct Widget {\n\tint size() const { return n; }\n");
	buf_adds(&b, "\tvoid grow(int by);\n\tint n = 0;\n};\n\n");
	for (int i = 0; i < 3 + variant % 4; i++) {
		buf_addf(&b, "void Widget::grow%d(int by) {\n\tn += by * %d;\n}\n\n", i, i);
		buf_addf(&b, "int helper%d(int x) {\n\tconst char *s = \"{{ not a brace\";\n", i);
		buf_addf(&b, "\treturn x + %d + (s[0] == '{');\n}\n\n", i);
	}
	buf_adds(&b, "}  // namespace inner\n\n");
	for (int i = 0; i < 2 + variant % 3; i++)
		buf_addf(&b, "int helper%d(int x) {\n\treturn x * 2;\n}\n\n", i);
	buf_adds(&b, "}  // namespace outer\n\nnamespace {\n\n");
	for (int i = 0; i < 1 + variant % 2; i++)
		buf_addf(&b, "int hidden%d() {\n\treturn %d;\n}\n\n", i, i);
	buf_adds(&b, "}\n\nnamespace a::b\n{\n\nclass Deep {\n public:\n\tvoid run();\n};\n\n");
	buf_adds(&b, "void Deep::run() {\n\tint k = 0;\n\tk++;\n}\n\n}  // namespace a::b\n\n");
	for (int i = 0; i < 2 + variant % 5; i++)
		buf_addf(&b, "int main_like%d() {\n\treturn outer::helper0(%d);\n}\n\n", i, i);
	return buf_detach(&b);
}

static void check_cpp_namespaces(void)
{
	struct paths p = {.exts = (const char *const[]){".cc", NULL}};
	walk_into(&p, "deps/node_modules/."); /* "/.": the install may be a symlink */
	struct tally t = {0};
	/* every binding with a namespace at column 0, not a thinned sample */
	for (size_t i = 0; i < p.n; i++) {
		struct file f;
		if (!load(p.v[i], &f))
			continue;
		bool ns = memmem(f.data, f.size, "\nnamespace ", 11) != NULL;
		file_release(&f);
		if (ns)
			check_file(p.v[i], &t);
	}
	long real = t.files;
	for (int v = 0; v < 12; v++)
		check_generated("gen.cc", cpp_source(v), &t);
	unit_check(t.mismatches == 0, "c++ namespaces: partial parses agree with whole ones (%ld mismatches)",
		   t.mismatches);
	unit_check(real >= 3 && t.files >= real + 12 && t.lines >= 60,
		   "c++ namespaces: compared (%ld files, %ld of them real, %ld lines, %ld names)", t.files,
		   real, t.lines, t.names);
	paths_release(&p);
}

/* #name's answer for each of names[0..n): the span, or the failure's message. */
static void resolve_answer(struct file *f, char names[][128], size_t n, struct buf *out)
{
	for (size_t i = 0; i < n; i++) {
		struct diag d = DIAG_INIT;
		struct target_span sp = {0};
		enum lets_err e = symbols_resolve(f, names[i], names[i], &sp, &d);
		char *msg = e ? diag_joined(&d) : NULL;
		if (e)
			buf_addf(out, "%s: %s\n", names[i], msg);
		else
			buf_addf(out, "%s: %ld-%ld\n", names[i], sp.start, sp.end);
		free(msg);
		diag_release(&d);
	}
}

/* JSON is read off the text (jsondefs.c) where the scan is sure of it, else parsed: every answer
 * for a file's keys, as found from the lines picked, their last parts and their paths from the
 * root ($.a.b), and for the extra names, must be the whole parse's. */
static void check_json_file(const char *path, const char *const *extra, struct tally *t)
{
	struct file f;
	if (!load(path, &f))
		return;
	long lines[LINES_PER_FILE];
	size_t nl = pick_lines(&f, lines);
	char names[3 * NAMES_PER_FILE + 8][128];
	size_t saved = symbols_partial_min;
	symbols_partial_min = SIZE_MAX;
	size_t nn = pick_names(&f, lines, nl, names);
	symbols_partial_min = saved;
	for (size_t i = 0, k = nn; i < k; i++)
		snprintf(names[nn++], 128, "$.%.120s", names[i]);
	for (; extra && *extra && nn < sizeof names / sizeof *names; extra++)
		snprintf(names[nn++], 128, "%s", *extra);
	struct buf fast = BUF_INIT, whole = BUF_INIT;
	symbols_partial_min = SIZE_MAX;
	definitions_answer(&f, names, nn, &whole);
	resolve_answer(&f, names, nn, &whole);
	symbols_partial_min = saved;
	definitions_answer(&f, names, nn, &fast);
	resolve_answer(&f, names, nn, &fast);
	compare("json answers", path, &fast, &whole, t);
	t->files++;
	t->lines += (long)nl;
	t->names += (long)nn;
	buf_release(&fast);
	buf_release(&whole);
	file_release(&f);
}

/* check_json_file on src written to a scratch file. */
static void check_json_text(const char *src, const char *const *extra, struct tally *t)
{
	char dir[] = "/tmp/t_symbols_diff.XXXXXX";
	if (!mkdtemp(dir))
		return;
	char path[sizeof dir + 32];
	snprintf(path, sizeof path, "%s/gen.json", dir);
	FILE *out = fopen(path, "wb");
	if (out) {
		fputs(src, out);
		fclose(out);
		check_json_file(path, extra, t);
		remove(path);
	}
	rmdir(dir);
}

/* A document of the shapes the scan must read as tree-sitter does, a key repeated at every depth. */
static char *json_source(int variant)
{
	struct buf b = BUF_INIT;
	buf_adds(&b, "{\n  // settings\n  \"name\": \"root\",\n  \"\": {\"name\": 0},\n  \"a\\\"b\": 1,\n");
	buf_adds(&b, "  \"x\\u0041y\": {\"name\": [1, {\"name\": 2e-3}]},\n  /* block\n     comment */\n");
	buf_adds(&b, "  \"items\": [\n");
	for (int i = 0; i < 40 + variant * 30; i++)
		buf_addf(
			&b,
			"    {\"id\": %d, \"name\": \"n%d\", \"tags\": [], \"meta\": {\"name\": {}, \"x\": -0.5}},\n",
			i, i);
	buf_adds(&b, "    {\"name\": null, \"deep\": {\"a\": {\"b\": {\"name\": true}}}}\n  ],\n");
	buf_adds(&b, "  \"name.with.dots\": {\"name\": false},\n  \"last\": {}\n}\n");
	return buf_detach(&b);
}

static void check_json(void)
{
	static const char *const extra[] = {
		"name",      "$.name",         "items.name", "meta.name", "deep.a.b.name", "a\\\"b", "a", "",
		"x\\u0041y", "name.with.dots", "dots.name",  "$.items",   "last",          "nope",   NULL};
	struct paths p = {.exts = (const char *const[]){".json", NULL}};
	walk_into(&p, "deps/node_modules");
	paths_thin(&p);
	struct tally t = {0};
	for (size_t i = 0; i < p.n; i++)
		check_json_file(p.v[i], extra, &t);
	long real = t.files;
	for (int v = 0; v < 3; v++) {
		char *src = json_source(v);
		check_json_text(src, extra, &t);
		free(src);
	}
	/* what the scan declines: the parse answers, as before */
	static const char *const bad[] = {"{\"name\": 1,}\n",
					  "{\"name\": 1e+5}\n",
					  "{\"name\": 1 \"x\": 2}\n",
					  "{\"name\": 1}\n{\"name\": 2}\n",
					  "{\"name\": \"a\nb\"}\n",
					  "{\"name\": tru}\n",
					  "[1, {\"name\": {\"name\": [}]\n",
					  NULL};
	for (const char *const *b = bad; *b; b++)
		check_json_text(*b, extra, &t);
	unit_check(t.mismatches == 0,
		   "json: answers read off the text agree with whole parses (%ld mismatches)", t.mismatches);
	unit_check(real >= 10 && t.names >= 100, "json: compared (%ld files, %ld of them real, %ld names)",
		   t.files, real, t.names);
	paths_release(&p);
}

int main(void)
{
	unit_begin("t_symbols_diff");
	struct paths c = {.exts = (const char *const[]){".c", ".h", ".cc", NULL}};
	walk_into(&c, "deps/node_modules/."); /* "/.": the install may be a symlink */
	check_lang("c/c++", &c);
	struct paths js = {.exts = (const char *const[]){".js", ".mjs", ".cjs", NULL}};
	walk_into(&js, "deps/node_modules/."); /* "/.": the install may be a symlink */
	check_lang("javascript", &js);
	struct paths ts = {.exts = (const char *const[]){".ts", ".mts", ".cts", NULL}};
	walk_into(&ts, "deps/node_modules/."); /* "/.": the install may be a symlink */
	check_lang("typescript", &ts);
	struct paths py = {0};
	glob_into(&py, "/usr/lib/python3*/*.py");
	check_lang("python", &py);
	struct paths rs = {.exts = (const char *const[]){".rs", NULL}};
	walk_into(&rs, "/usr/share/cargo/registry");
	check_lang("rust", &rs);
	check_go();
	check_cpp_namespaces();
	check_json();
	return unit_end();
}
