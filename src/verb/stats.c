/* lets stats: walks a directory for Claude Code transcripts (.jsonl) and reports how much lets
 * and its hook were used (src/hook/transcript.c counts one file). */
#include "verb.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../alloc.h"
#include "../hook/settings.h"
#include "../hook/transcript.h"

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

/* A count of the report: its text label and its JSON key (output-format.md §9, §10). */
struct count {
	const char *label, *key;
	size_t offset; /* of the long in struct transcript_counts */
};
#define AT(field) offsetof(struct transcript_counts, field)

/* The counts in the report's order; "lets calls" and a row per verb come after the first two. */
static const struct count counts[] = {
	{"sessions", "sessions", AT(sessions)},
	{"bash calls", "bash_calls", AT(bash_calls)},
	{"hook blocks", "hook_blocks", AT(hook_blocks)},
	{"blocks followed", "blocks_followed", AT(blocks_followed)},
	{"calls saved", "calls_saved", AT(calls_saved)},
	{"read calls", "read_calls", AT(read_calls)},
	{"read bytes", "read_bytes", AT(read_bytes)},
};
#define LETS_CALLS_AT 2

/* What was skipped, named only when it happened: "N malformed line(s)" and "malformed_lines". */
static const struct count skips[] = {
	{"malformed line", "malformed_lines", AT(malformed_lines)},
	{"non-UTF-8 line", "non_utf8_lines", AT(non_utf8_lines)},
	{"unreadable file", "unreadable_files", AT(unreadable_files)},
	{"walk error", "walk_errors", AT(walk_errors)},
};
#undef AT
#define N_COUNTS (sizeof(counts) / sizeof(counts[0]))
#define N_SKIPS (sizeof(skips) / sizeof(skips[0]))

static long count_of(const struct transcript_counts *c, const struct count *k)
{
	return *(const long *)((const char *)c + k->offset);
}

/* The report's parts, each array sized from the table it serves. Owned; report_release. */
struct report {
	struct out_member *members, *calls, *skipped;
	struct out_tally *rows;
	size_t n_members, n_rows;
	struct buf lead; /* "skipped: 1 malformed line, 2 walk errors" */
};

static void report_release(struct report *rp)
{
	free(rp->members);
	free(rp->calls);
	free(rp->skipped);
	free(rp->rows);
	buf_release(&rp->lead);
}

/* The skipped object and footer lead: the non-zero counts of skips, in order. */
static struct out_member report_skipped(const struct transcript_counts *c, struct report *rp)
{
	size_t n = 0;
	rp->skipped = xcalloc(N_SKIPS, sizeof(*rp->skipped));
	for (size_t i = 0; i < N_SKIPS; i++) {
		long v = count_of(c, &skips[i]);
		if (!v)
			continue;
		rp->skipped[n++] = out_number(skips[i].key, v);
		buf_addf(&rp->lead, "%s%ld %s%s", n > 1 ? ", " : "skipped: ", v, skips[i].label,
			 v == 1 ? "" : "s");
	}
	return out_object("skipped", rp->skipped, n);
}

static void report_build(const struct transcript_counts *c, struct report *rp)
{
	size_t *verbs, nv = verbs_called(c, &verbs);
	long lets = 0;
	rp->calls = xcalloc(nv + 1, sizeof(*rp->calls));
	for (size_t i = 0; i < nv; i++) {
		lets += c->lets_calls[verbs[i]];
		rp->calls[i] = out_number(verb_table[verbs[i]].name, c->lets_calls[verbs[i]]);
	}
	/* the counts, then lets_calls and skipped; the rows: the counts, lets calls, one per verb */
	rp->members = xcalloc(N_COUNTS + 2, sizeof(*rp->members));
	rp->rows = xcalloc(N_COUNTS + 1 + nv, sizeof(*rp->rows));
	for (size_t i = 0; i < N_COUNTS; i++) {
		if (i == LETS_CALLS_AT) {
			rp->members[rp->n_members++] = out_object("lets_calls", rp->calls, nv);
			rp->rows[rp->n_rows++] = (struct out_tally){"", "lets calls", lets};
			for (size_t k = 0; k < nv; k++)
				rp->rows[rp->n_rows++] = (struct out_tally){"  ", verb_table[verbs[k]].name,
									    c->lets_calls[verbs[k]]};
		}
		rp->members[rp->n_members++] = out_number(counts[i].key, count_of(c, &counts[i]));
		rp->rows[rp->n_rows++] = (struct out_tally){"", counts[i].label, count_of(c, &counts[i])};
	}
	struct out_member skipped = report_skipped(c, rp);
	if (skipped.n_items)
		rp->members[rp->n_members++] = skipped;
	free(verbs);
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
		struct report rp = {0};
		report_build(&c, &rp);
		struct response r = {.report = rp.members,
				     .n_report = rp.n_members,
				     .tally = rp.rows,
				     .n_tally = rp.n_rows,
				     .lead = buf_str(&rp.lead)};
		response_emit(out, &r, opts_format(o), o->json_twin);
		report_release(&rp);
	}
	transcript_counts_release(&c);
	buf_release(&dir);
	return e;
}
