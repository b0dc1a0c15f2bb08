/* lets stats: walks a directory for Claude Code transcripts (.jsonl) and reports how much lets
 * and its hook were used (src/hook/transcript.c counts one file). */
#include "verb.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../alloc.h"
#include "../hook/settings.h"
#include "../hook/transcript.h"
#include "../json.h"

struct walk_state {
	struct transcript_counts *c;
	time_t since; /* 0: every file */
};

static void scan_file(struct walk_state *w, int dirfd, const char *name)
{
	int fd = openat(dirfd, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
	struct stat st;
	if (fd < 0 || fstat(fd, &st)) {
		w->c->unreadable_files++;
	} else if (S_ISREG(st.st_mode) && (!w->since || st.st_mtime >= w->since)) {
		if (transcript_scan_fd(fd, w->c))
			w->c->unreadable_files++;
	}
	if (fd >= 0)
		close(fd);
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Visits dirfd's entries in name order: .jsonl files are scanned, directories entered (symlinks
 * are not followed, so a link loop cannot trap the walk). Takes ownership of dirfd. */
static void walk_dir(struct walk_state *w, int dirfd, int depth)
{
	DIR *d = fdopendir(dirfd);
	if (!d) {
		close(dirfd);
		w->c->walk_errors++;
		return;
	}
	char **names = NULL;
	size_t n = 0, cap = 0;
	struct dirent *e;
	while ((errno = 0, e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
			XGROW(names, cap, n + 1);
			names[n++] = xstrdup(e->d_name);
		}
	if (errno)
		w->c->walk_errors++;
	if (n)
		qsort(names, n, sizeof(*names), name_cmp);
	for (size_t i = 0; i < n; i++) {
		struct stat st;
		size_t len = strlen(names[i]);
		if (fstatat(dirfd, names[i], &st, AT_SYMLINK_NOFOLLOW)) {
			w->c->walk_errors++;
		} else if (S_ISDIR(st.st_mode) && depth < 64) {
			int sub = openat(dirfd, names[i], O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
			if (sub < 0)
				w->c->walk_errors++;
			else
				walk_dir(w, sub, depth + 1);
		} else if (S_ISREG(st.st_mode) && len > 6 && !strcmp(names[i] + len - 6, ".jsonl")) {
			scan_file(w, dirfd, names[i]);
		}
		free(names[i]);
	}
	free(names);
	closedir(d);
}

/* --since Nd|Nh as a cutoff time; E_USAGE for anything else. */
static enum lets_err parse_since(const char *v, time_t *cutoff, struct diag *d)
{
	char *end;
	errno = 0;
	long n = v[0] >= '0' && v[0] <= '9' ? strtol(v, &end, 10) : -1;
	if (n < 0 || errno || (strcmp(end, "d") && strcmp(end, "h")) || n > 100000)
		return opt_usage_error(
			d, NULL, false,
			"invalid value '%s' for '--since <SINCE>': --since takes a count and a unit, "
			"d or h, e.g. 7d",
			v);
	*cutoff = time(NULL) - (time_t)n * (*end == 'd' ? 86400 : 3600);
	return LETS_OK;
}

struct row {
	const char *indent, *label;
	long n;
};

static int verb_name_cmp(const void *a, const void *b)
{
	return strcmp(verb_table[*(const size_t *)a].name, verb_table[*(const size_t *)b].name);
}

/* The rows of verb_table with calls counted, alphabetical (the report's order). Returns how
 * many; *rows is owned by the caller. */
static size_t verbs_called(const struct transcript_counts *c, size_t **rows)
{
	size_t n = 0;
	*rows = xcalloc(verb_count, sizeof(**rows));
	for (size_t i = 0; c->lets_calls && i < verb_count; i++)
		if (c->lets_calls[i])
			(*rows)[n++] = i;
	qsort(*rows, n, sizeof(**rows), verb_name_cmp);
	return n;
}

static void render_text(const struct transcript_counts *c, struct buf *out)
{
	size_t *verbs, nv = verbs_called(c, &verbs), nr = 0, w = 0, digits = 1;
	struct row *rows = xcalloc(nv + 8, sizeof(*rows));
	long lets = 0;
	for (size_t i = 0; i < nv; i++)
		lets += c->lets_calls[verbs[i]];
	rows[nr++] = (struct row){"", "sessions", c->sessions};
	rows[nr++] = (struct row){"", "bash calls", c->bash_calls};
	rows[nr++] = (struct row){"", "lets calls", lets};
	for (size_t i = 0; i < nv; i++)
		rows[nr++] = (struct row){"  ", verb_table[verbs[i]].name, c->lets_calls[verbs[i]]};
	rows[nr++] = (struct row){"", "hook blocks", c->hook_blocks};
	rows[nr++] = (struct row){"", "blocks followed", c->blocks_followed};
	rows[nr++] = (struct row){"", "calls saved", c->calls_saved};
	rows[nr++] = (struct row){"", "read calls", c->read_calls};
	rows[nr++] = (struct row){"", "read bytes", c->read_bytes};
	for (size_t i = 0; i < nr; i++) {
		char num[32];
		size_t len = strlen(rows[i].indent) + strlen(rows[i].label);
		size_t nd = (size_t)snprintf(num, sizeof(num), "%ld", rows[i].n);
		w = len > w ? len : w;
		digits = nd > digits ? nd : digits;
	}
	for (size_t i = 0; i < nr; i++)
		buf_addf(out, "%s%-*s  %*ld\n", rows[i].indent, (int)(w - strlen(rows[i].indent)),
			 rows[i].label, (int)digits, rows[i].n);
	free(rows);
	free(verbs);
}

static void render_skipped_text(const struct transcript_counts *c, struct buf *out)
{
	const long n[] = {c->malformed_lines, c->non_utf8_lines, c->unreadable_files, c->walk_errors};
	const char *const what[] = {"malformed line", "non-UTF-8 line", "unreadable file", "walk error"};
	const char *sep = "\xE2\x94\x80\xE2\x94\x80 skipped: ";
	for (size_t i = 0; i < 4; i++)
		if (n[i]) {
			buf_addf(out, "%s%ld %s%s", sep, n[i], what[i], n[i] == 1 ? "" : "s");
			sep = ", ";
		}
	if (strcmp(sep, ", ") == 0)
		buf_addc(out, '\n');
}

static void render_json(const struct transcript_counts *c, struct buf *out)
{
	buf_addf(out, "{\"sessions\":%ld,\"bash_calls\":%ld,\"lets_calls\":{", c->sessions, c->bash_calls);
	const char *sep = "";
	size_t *verbs, nv = verbs_called(c, &verbs);
	for (size_t i = 0; i < nv; i++) {
		buf_addf(out, "%s\"%s\":%ld", sep, verb_table[verbs[i]].name, c->lets_calls[verbs[i]]);
		sep = ",";
	}
	free(verbs);
	buf_addf(out,
		 "},\"hook_blocks\":%ld,\"blocks_followed\":%ld,\"calls_saved\":%ld,\"read_calls\":%ld,"
		 "\"read_bytes\":%ld",
		 c->hook_blocks, c->blocks_followed, c->calls_saved, c->read_calls, c->read_bytes);
	const long n[] = {c->malformed_lines, c->non_utf8_lines, c->unreadable_files, c->walk_errors};
	const char *const key[] = {"malformed_lines", "non_utf8_lines", "unreadable_files", "walk_errors"};
	sep = ",\"skipped\":{";
	for (size_t i = 0; i < 4; i++)
		if (n[i]) {
			buf_addf(out, "%s\"%s\":%ld", sep, key[i], n[i]);
			sep = ",";
		}
	buf_adds(out, strcmp(sep, ",") == 0 ? "}}\n" : "}\n");
}

verb_fn cmd_stats;
enum lets_err cmd_stats(const struct opts *o, struct buf *out, struct diag *d)
{
	struct transcript_counts c = {0};
	struct walk_state w = {.c = &c};
	struct buf dir = BUF_INIT;
	enum lets_err e = LETS_OK;
	if (o->positional.n)
		return opt_usage_error(d, "stats", true, "unexpected argument '%s' found",
				       o->positional.items[0]);
	if (o->since && (e = parse_since(o->since, &w.since, d)))
		return e;
	if (o->dir)
		buf_adds(&dir, o->dir);
	else if ((e = settings_claude_dir(&dir, d)))
		return e;
	else
		buf_adds(&dir, "/projects");
	int fd = open(dir.data, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0)
		walk_dir(&w, fd, 0);
	else /* a missing directory is not an empty one: zeros would read as "lets was never used" */
		e = diag_add(d, errno == ENOENT ? E_NOT_FOUND : E_IO_ERROR, "%s: %s (os error %d)%s",
			     dir.data, strerror(errno), errno,
			     o->dir || errno != ENOENT
				     ? ""
				     : " \xC2\xB7 no Claude Code transcripts here; pass --dir "
				       "with the directory that holds them");
	if (!e) {
		if (o->json || o->jsonl) {
			render_json(&c, out);
		} else {
			render_text(&c, out);
			render_skipped_text(&c, out);
		}
	}
	transcript_counts_release(&c);
	buf_release(&dir);
	return e;
}
