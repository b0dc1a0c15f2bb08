#include "batch.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "alloc.h"
#include "buf.h"
#include "keymap.h"
#include "limit.h"
#include "proc.h"
#include "utf8.h"

/* The next line of s: [*ls, *le) without its newline; false at the end. */
static bool next_line(const char *s, size_t n, size_t *pos, long *line, size_t *ls, size_t *le)
{
	if (*pos >= n)
		return false;
	const char *nl = memchr(s + *pos, '\n', n - *pos);
	*ls = *pos;
	*le = nl ? (size_t)(nl - s) : n;
	*pos = nl ? *le + 1 : n;
	(*line)++;
	return true;
}

static struct batch_entry *batch_add(struct batch *b, const char *target, long line)
{
	XGROW(b->v, b->cap, b->n + 1);
	struct batch_entry *e = &b->v[b->n++];
	memset(e, 0, sizeof(*e));
	e->target = xstrdup(target);
	e->all = -1;
	e->word = -1;
	e->substring = -1;
	e->line = line;
	return e;
}

/* Splits an "@@" line's text into its target (head, cut in place) and the insert anchor, if any. */
static char *fence_anchor(char *head, bool *after)
{
	char *kw = strstr(head, " insert-after ");
	char *kw2 = strstr(head, " insert-before ");
	if (!kw && !kw2)
		return NULL;
	*after = kw != NULL;
	char *k = kw ? kw : kw2;
	char *anchor = xstrdup(k + (*after ? 14 : 15));
	*k = 0;
	return anchor;
}

/* One edit's sections after its "@@" line, up to and including ">>>>>>>": sect[0] the old text,
 * sect[1] the new, have[] which were given, *closed whether ">>>>>>>" ended them. Returns false
 * when a section came twice (reported in d); a line outside any section is reported and ends
 * the sections, unclosed. */
static bool fence_sections(const char *s, size_t n, size_t *pos, long *line, const char *head,
			   struct buf sect[2], bool have[2], bool *closed, struct diag *d)
{
	int cur = -1;
	size_t body_start = 0, ls, le;
	while (next_line(s, n, pos, line, &ls, &le)) {
		size_t e2 = le;
		if (e2 > ls && s[e2 - 1] == '\r')
			e2--;
		bool is_old = e2 - ls == 11 && !memcmp(s + ls, "<<<<<<< old", 11);
		bool is_new = e2 - ls == 11 && !memcmp(s + ls, "======= new", 11);
		bool is_end = e2 - ls == 7 && !memcmp(s + ls, ">>>>>>>", 7);
		if ((is_old && have[0]) || (is_new && have[1])) {
			/* a second section of one kind would glue two edits into one: refuse it */
			diag_add(
				d, E_USAGE,
				"line %ld: %s: a second `%.*s` section \xC2\xB7 close the edit with `>>>>>>>` first",
				*line, head, (int)(e2 - ls), s + ls);
			return false;
		}
		if (is_old || is_new || is_end) {
			if (cur >= 0) {
				size_t body_end = ls > body_start ? ls - 1 : body_start;
				if (body_end > body_start && s[body_end - 1] == '\r')
					body_end--;
				buf_add(&sect[cur], s + body_start, body_end - body_start);
			}
			if (is_end) {
				*closed = true;
				return true;
			}
			cur = is_old ? 0 : 1;
			have[cur] = true;
			body_start = *pos;
			continue;
		}
		if (cur < 0) {
			diag_add(d, E_USAGE,
				 "line %ld: %s: expected `<<<<<<< old` or `======= new`, found: %.*s", *line,
				 head, (int)(e2 - ls > 80 ? 80 : e2 - ls), s + ls);
			return true;
		}
	}
	return true;
}

/* The sections an edit must have: a new one, closed, and an old one exactly when it is no insert. */
static bool fence_complete(long head_line, const char *head, const bool have[2], bool closed, bool insert,
			   struct diag *d)
{
	if (!have[1]) {
		diag_add(d, E_USAGE, "line %ld: %s: no `======= new` section", head_line, head);
		return false;
	}
	if (!closed) {
		diag_add(d, E_USAGE, "line %ld: %s: no `>>>>>>>` closing the edit", head_line, head);
		return false;
	}
	if (have[0] == insert) {
		diag_add(
			d, E_USAGE,
			have[0] ? "line %ld: %s: an insert takes no `<<<<<<< old` section"
				: "line %ld: %s: no `<<<<<<< old` section (or insert-after/insert-before on the @@ line)",
			head_line, head);
		return false;
	}
	return true;
}

/* The fence format: "@@ <target>[ insert-after|insert-before <anchor>]", an optional
 * "<<<<<<< old" section, a "======= new" section, ">>>>>>>". Stops at the first malformed edit. */
static void parse_fence(struct batch *b, const char *s, size_t n, struct diag *d)
{
	size_t pos = 0;
	long line = 0;
	size_t ls, le;
	bool ok = true;
	while (ok && next_line(s, n, &pos, &line, &ls, &le)) {
		size_t e = le;
		if (e > ls && s[e - 1] == '\r')
			e--;
		if (utf8_blank(s + ls, e - ls))
			continue;
		if (e - ls < 3 || memcmp(s + ls, "@@ ", 3)) {
			diag_add(d, E_USAGE, "line %ld: expected `@@ <path>` to start an edit, found: %.*s",
				 line, (int)(e - ls > 80 ? 80 : e - ls), s + ls);
			return;
		}
		long head_line = line;
		char *head = xstrndup(s + ls + 3, e - ls - 3);
		bool after = false;
		char *anchor = fence_anchor(head, &after);
		struct buf sect[2] = {BUF_INIT, BUF_INIT};
		bool have[2] = {false, false}, closed = false;
		ok = fence_sections(s, n, &pos, &line, head, sect, have, &closed, d) &&
		     fence_complete(head_line, head, have, closed, anchor != NULL, d);
		if (ok) {
			struct batch_entry *en = batch_add(b, head, head_line);
			if (have[0]) {
				en->old_len = sect[0].len;
				en->old = buf_detach(&sect[0]);
			}
			en->new_len = sect[1].len;
			en->new_text = buf_detach(&sect[1]);
			en->anchor = anchor;
			en->after = after;
			anchor = NULL;
		}
		buf_release(&sect[0]);
		buf_release(&sect[1]);
		free(anchor);
		free(head);
	}
}

/* The optional members' types: "all", "word" and "substring" booleans (not word and substring
 * both), "line_hint" a line number. */
static bool jsonl_valid_flags(json_t *obj, long line, struct diag *d)
{
	bool ok = true;
	static const char *const flags[] = {"all", "word", "substring"};
	for (size_t i = 0; i < sizeof(flags) / sizeof(flags[0]); i++) {
		json_t *v = json_object_get(obj, flags[i]);
		if (v && !json_is_boolean(v)) {
			diag_add(d, E_USAGE, "line %ld: \"%s\" must be true or false", line, flags[i]);
			ok = false;
		}
	}
	json_t *hint = json_object_get(obj, "line_hint");
	if (json_is_true(json_object_get(obj, "word")) && json_is_true(json_object_get(obj, "substring"))) {
		diag_add(d, E_USAGE, "line %ld: \"word\" and \"substring\" cannot both be true", line);
		ok = false;
	}
	if (hint && (!json_is_integer(hint) || json_integer_value(hint) < 1)) {
		diag_add(d, E_USAGE, "line %ld: \"line_hint\" must be a line number (1 or more)", line);
		ok = false;
	}
	return ok;
}

/* "symbol": a name whose whole span "new" replaces, so with no "old" and no insert anchor. */
static bool jsonl_valid_symbol(json_t *sym, int ops, long line, struct diag *d)
{
	if (!json_is_string(sym) || !json_string_length(sym)) {
		diag_add(d, E_USAGE, "line %ld: \"symbol\" must be a name, e.g. \"Store.Open\"", line);
		return false;
	}
	if (ops)
		diag_add(
			d, E_USAGE,
			"line %ld: \"symbol\" is replaced whole, so it takes no \"old\", \"insert_after\" or "
			"\"insert_before\" \xC2\xB7 to match inside it, make \"file\" \"path#name\"",
			line);
	return !ops;
}

/* Every problem with one JSONL object, each reported in d; true when there is none. */
static bool jsonl_valid(json_t *obj, long line, struct diag *d)
{
	static const char *const keys[] = {"file",          "old",    "new",  "insert_after",
					   "insert_before", "all",    "word", "substring",
					   "line_hint",     "symbol", NULL};
	bool ok = true;
	const char *key;
	json_t *val;
	json_object_foreach(obj, key, val)
	{
		bool known = false;
		for (const char *const *k = keys; *k; k++)
			known |= !strcmp(*k, key);
		if (!known) {
			diag_add(d, E_USAGE, "line %ld: unknown key \"%s\"", line, key);
			ok = false;
		}
	}
	json_t *file = json_object_get(obj, "file"), *nw = json_object_get(obj, "new");
	json_t *old = json_object_get(obj, "old"), *ia = json_object_get(obj, "insert_after");
	json_t *ib = json_object_get(obj, "insert_before"), *sym = json_object_get(obj, "symbol");
	if (!file)
		diag_add(d, E_USAGE, "line %ld: no \"file\"", line), ok = false;
	else if (!json_is_string(file))
		diag_add(d, E_USAGE, "line %ld: \"file\" must be a string", line), ok = false;
	if (!nw)
		diag_add(d, E_USAGE, "line %ld: no \"new\"", line), ok = false;
	else if (!json_is_string(nw))
		diag_add(d, E_USAGE, "line %ld: \"new\" must be a string", line), ok = false;
	int ops = !!old + !!ia + !!ib;
	if (sym && !jsonl_valid_symbol(sym, ops, line, d))
		ok = false;
	else if (!sym && ops != 1) {
		struct buf found = BUF_INIT;
		if (old)
			buf_adds(&found, "old");
		if (ia)
			buf_addf(&found, "%sinsert_after", found.len ? ", " : "");
		if (ib)
			buf_addf(&found, "%sinsert_before", found.len ? ", " : "");
		diag_add(
			d, E_USAGE,
			"line %ld: exactly one of \"old\", \"insert_after\" or \"insert_before\" is required \xC2\xB7 found %s",
			line, found.len ? found.data : "none");
		buf_release(&found);
		ok = false;
	}
	json_t *op = old ? old : ia ? ia : ib;
	if (op && !json_is_string(op)) {
		diag_add(d, E_USAGE, "line %ld: \"%s\" must be a string", line,
			 old  ? "old"
			 : ia ? "insert_after"
			      : "insert_before");
		ok = false;
	}
	return jsonl_valid_flags(obj, line, d) && ok;
}

/* The entry of a valid JSONL object. */
static void jsonl_add(struct batch *b, json_t *obj, long line)
{
	json_t *nw = json_object_get(obj, "new"), *old = json_object_get(obj, "old");
	json_t *ia = json_object_get(obj, "insert_after"), *ib = json_object_get(obj, "insert_before");
	json_t *all = json_object_get(obj, "all"), *word = json_object_get(obj, "word");
	json_t *hint = json_object_get(obj, "line_hint"), *sub = json_object_get(obj, "substring");
	json_t *sym = json_object_get(obj, "symbol");
	struct batch_entry *en = batch_add(b, json_string_value(json_object_get(obj, "file")), line);
	if (sym) {
		/* the target file#name, quoted when the name could not be read bare */
		const char *name = json_string_value(sym);
		struct buf t = BUF_INIT;
		buf_addf(&t, strchr(name, '\'') ? "%s#'%s'" : "%s#%s", en->target, name);
		free(en->target);
		en->target = buf_detach(&t);
	}
	en->new_len = json_string_length(nw);
	en->new_text = xmalloc(en->new_len + 1);
	memcpy(en->new_text, json_string_value(nw), en->new_len + 1);
	if (sym) {
		/* neither old nor an anchor: the symbol's span is replaced whole */
	} else if (old) {
		en->old_len = json_string_length(old);
		en->old = xmalloc(en->old_len + 1);
		memcpy(en->old, json_string_value(old), en->old_len + 1);
	} else {
		en->anchor = xstrdup(json_string_value(ia ? ia : ib));
		en->after = ia != NULL;
	}
	if (all)
		en->all = json_is_true(all) ? 1 : 0;
	if (word)
		en->word = json_is_true(word) ? 1 : 0;
	if (sub)
		en->substring = json_is_true(sub) ? 1 : 0;
	if (hint)
		en->line_hint = (long)json_integer_value(hint);
}

/* JSONL: {"file":…,"old":…,"new":…} or {"file":…,"insert_after"|"insert_before":…,"new":…}.
 * Every line is checked, so one call reports every malformed line. */
static void parse_jsonl(struct batch *b, const char *s, size_t n, struct diag *d)
{
	size_t pos = 0, ls, le;
	long line = 0;
	while (next_line(s, n, &pos, &line, &ls, &le)) {
		if (utf8_blank(s + ls, le - ls))
			continue;
		json_error_t jerr;
		json_t *obj = json_loadb(s + ls, le - ls, JSON_REJECT_DUPLICATES, &jerr);
		if (!obj || !json_is_object(obj))
			diag_add(d, E_USAGE, "line %ld: not a JSON object: %s", line,
				 obj ? "another JSON value" : jerr.text);
		else if (jsonl_valid(obj, line, d))
			jsonl_add(b, obj, line);
		json_decref(obj);
	}
}

void batch_parse(struct batch *b, const char *s, size_t n, struct diag *d)
{
	size_t i = 0;
	while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
		i++;
	if (i < n && s[i] == '{')
		parse_jsonl(b, s, n, d);
	else
		parse_fence(b, s, n, d);
}

void batch_release(struct batch *b)
{
	for (size_t i = 0; i < b->n; i++) {
		free(b->v[i].target);
		free(b->v[i].old);
		free(b->v[i].new_text);
		free(b->v[i].anchor);
	}
	free(b->v);
	memset(b, 0, sizeof(*b));
}

/* The directory part of a name as text: "" for a bare name, without "./" steps or doubled
 * slashes, so ./a/x and a//y count as one directory. */
static void dir_text(struct buf *b, const char *name)
{
	const char *slash = strrchr(name, '/');
	buf_truncate(b, 0);
	if (!slash)
		return;
	if (slash == name) {
		buf_addc(b, '/');
		return;
	}
	for (const char *p = name; p < slash;) {
		const char *e = memchr(p, '/', (size_t)(slash - p));
		size_t len = e ? (size_t)(e - p) : (size_t)(slash - p);
		if (p == name && !len)
			buf_addc(b, '/');
		else if (len && !(len == 1 && *p == '.')) {
			if (b->len && b->data[b->len - 1] != '/')
				buf_addc(b, '/');
			buf_add(b, p, len);
		}
		p += len + 1;
	}
}

enum lets_err batch_fd_room(const char *const *named, size_t n, struct diag *d)
{
	/* stdio, the working tree, a check command's pipes: what a call holds besides the batch */
	enum { SPARE = 16 };
	struct keymap dirs = KEYMAP_INIT, files = KEYMAP_INIT;
	struct buf b = BUF_INIT;
	size_t v;
	if (n < 2)
		return LETS_OK; /* one file: whatever the limit, nothing to split */
	for (size_t i = 0; i < n; i++) {
		keymap_put(&files, named[i], strlen(named[i]), 0);
		dir_text(&b, named[i]);
		if (!keymap_get(&dirs, b.data ? b.data : "", b.len, &v))
			keymap_put(&dirs, b.data ? b.data : "", b.len, 0);
	}
	size_t n_dirs = dirs.n, n_files = files.n;
	rlim_t held = n_files < LIMIT_BATCH_HELD ? n_files : LIMIT_BATCH_HELD;
	rlim_t need = (rlim_t)n_dirs + 3 * held + SPARE;
	keymap_release(&dirs);
	keymap_release(&files);
	buf_release(&b);
	struct rlimit rl;
	if (getrlimit(RLIMIT_NOFILE, &rl) < 0 || rl.rlim_cur == RLIM_INFINITY || need <= rl.rlim_cur)
		return LETS_OK;
	if ((rl.rlim_max == RLIM_INFINITY || need <= rl.rlim_max) &&
	    (proc_raise_nofile() || getrlimit(RLIMIT_NOFILE, &rl) < 0))
		return LETS_OK;
	rlim_t lim = rl.rlim_max == RLIM_INFINITY ? rl.rlim_cur : rl.rlim_max;
	struct buf way = BUF_INIT;
	if (lim > 3 * held + SPARE && n_dirs > 1)
		buf_addf(&way, "split the batch into parts of at most %llu directories",
			 (unsigned long long)(lim - 3 * held - SPARE));
	else if (lim > SPARE + 4)
		buf_addf(&way, "split the batch into parts of at most %llu files",
			 (unsigned long long)((lim - SPARE) / 4));
	if (way.len)
		buf_adds(&way, ", or ");
	buf_adds(&way, "raise the limit (ulimit -Hn, as root)");
	diag_add(d, E_IO_ERROR,
		 "batch too large for the open files this process may hold: %zu file%s in %zu director%s "
		 "need about %llu descriptors, and the hard limit is %llu \xC2\xB7 nothing was read or "
		 "written \xC2\xB7 %s",
		 n_files, n_files == 1 ? "" : "s", n_dirs, n_dirs == 1 ? "y" : "ies",
		 (unsigned long long)need, (unsigned long long)lim, way.data);
	buf_release(&way);
	return E_IO_ERROR;
}
