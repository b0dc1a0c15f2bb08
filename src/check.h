/* The guardrails an edit or a write must pass before it is kept.
 *
 * Layer 1, per file, automatic: JSON (comments allowed, trailing commas in JSONC files), YAML,
 * TOML and markdown frontmatter are decided by the format's verdict (format_valid, transform's
 * too); any other file with a bundled tree-sitter grammar is parsed before and after, and an edit
 * that adds an error or missing node fails. A file with no grammar is named as skipped, never
 * guessed at. Only a *new* failure fails: a file that was already
 * broken before the edit is not blamed on it.
 *
 * An edit (check_layer1_edit) also gets the shape proof on the same trees (symbols/shape.h): code
 * outside the edited lines keeps its blocks, the edit's code enters no block that had closed
 * before it, and what Python's or a JavaScript engine's compiler would refuse fails; what moved
 * (or broke) is named in r->shape.
 *
 * Layer 2, per batch, opt-in: --check CMD or a preset (@auto @cargo @go @tsc @py), run once
 * before any write and once after the batch; the verdict is by exit code only. */
#ifndef LETS_CHECK_H
#define LETS_CHECK_H
#include <stdbool.h>
#include <stddef.h>

#include "error.h"
#include "format/format.h"
#include "symbols/parse.h"
#include "transform/meaning.h"

struct buf;

enum check_kind {
	CHECK_NONE, /* skipped: reason says why */
	CHECK_STRUCTURE, /* tree-sitter's error nodes before and after */
	CHECK_FORMAT, /* a data format's parser (format.h): format says which */
};

struct check_result {
	enum check_kind kind; /* CHECK_NONE: skipped, reason says why */
	enum format format; /* CHECK_FORMAT: the format (FMT_NONE otherwise) */
	char reason[80]; /* "no grammar for .vue", "--no-check" */
	long error_line; /* structure: the line of the first parse error after (in the change if any) */
	long errors_before, errors_after;
	bool failed; /* the new content broke something that held before */
	bool meaning_changed; /* failed the meaning proof (check_meaning): it parses, but means more */
	struct shape_verdict shape; /* check_layer1_edit's shape proof: SHAPE_OK, or what it caught */
};

/* The check path's name and data select: CHECK_FORMAT with *f its format (lang_format_for),
 * CHECK_STRUCTURE for another language with a grammar, else CHECK_NONE with reason filled. */
enum check_kind check_kind_for(const char *path, const char *data, size_t len, enum format *f,
			       char reason[80]);
/* Layer 1 on after (before NULL: a new file). The structural check is syntax_check_change
 * (symbols/parse.h). */
void check_layer1(const char *path, const char *before, size_t blen, const char *after, size_t alen,
		  struct check_result *r);
/* check_layer1 for an edit whose edited lines are h[0..n) (ascending; NULL: the lines from the
 * first changed byte to the last), with the shape proof. */
void check_layer1_edit(const char *path, const char *before, size_t blen, const char *after, size_t alen,
		       const struct line_hunk *h, size_t n, struct check_result *r);
/* The meaning proof (transform/meaning.h) after layer 1 passed on a JSON, YAML, TOML or
 * frontmatter file that parsed before (h[0..n): the lines an edit asked for, which count as
 * changed too; NULL: only the bytes that differ): false when a value outside the change moved, with
 * r marked failed and meaning_changed, and "meaning check failed for <path>: …" (the values, the
 * ready command) appended to why. Edit and transform call it; write replaces the whole content. */
bool check_meaning(const char *path, struct check_result *r, const char *before, size_t blen,
		   const char *after, size_t alen, const struct line_hunk *h, size_t n,
		   enum meaning_verb verb, struct buf *why);
/* The layer r ran, as output names it: "structure", or its format's name ("json", "yaml", "toml",
 * "frontmatter"). */
const char *check_layer_name(const struct check_result *r);
/* The note after a rejected line: "parse error", "invalid json", ..., "meaning changed". */
const char *check_reject_note(const struct check_result *r);
/* The note after a rejected file's first changed line: the shape proof's when it failed the
 * file ("← nested in Foo"), else check_reject_note's. Points into r or static storage. */
const char *check_result_note(const struct check_result *r);
/* What a failed check found, after "structure check failed for <path>: ": "1 new parse error at
 * line 12", "3 new parse errors, the first at line 12"; else check_failed_status's word. */
void check_failed_reason(struct buf *b, const struct check_result *r);
/* The status word of a check that found an error: "failed" (structure) or "invalid" (a format). */
const char *check_failed_status(enum check_kind k);
/* The one place a check's status word is chosen: check_failed_status's word when r failed (or,
 * with blame_all, when any error is left: write never refuses, so it names what the old content
 * had too), "still invalid" for a format file invalid before and after, else "ok". */
const char *check_status_word(const struct check_result *r, bool blame_all);

/* Layer 2. */
enum check_cmd_verdict {
	CMD_OK, /* passed after (whatever before said) */
	CMD_FAILED, /* 0 before, non-zero after: revert the batch */
	CMD_INCONCLUSIVE, /* reason says why: "failed before and after", "timed out" */
	CMD_SKIPPED, /* reason: "@auto found no manifest", "<cmd> absent" */
};

struct check_cmd {
	char *shown; /* the command as given or the preset's template, {} unexpanded; owned */
	char *run; /* {} expanded; owned */
	char *dir; /* where it runs; NULL = current directory; owned */
	char *skip; /* set when there is nothing to run: the skip reason; owned */
	long timeout_s;
	int before_status; /* exit status of the run before the writes */
	bool before_timed_out;
};
#define CHECK_CMD_INIT \
	{              \
		0      \
	}

/* ", "-joined names of the --check presets: "@auto, @cargo, @go, @tsc, @py". */
void check_preset_names(struct buf *b);
/* The i-th preset's name ("@auto" first), NULL past the last: completions enumerate them. */
const char *check_preset_at(size_t i);
/* LETS_OK unless spec names an unknown preset (usage, message in d). */
enum lets_err check_spec_valid(const char *spec, struct diag *d);
/* Resolves --check's value against the edited files. An unknown preset is usage (message in d). */
enum lets_err check_cmd_prepare(struct check_cmd *c, const char *spec, const char *const *paths, size_t n,
				long timeout_s, struct diag *d);
/* Runs the checker before the writes. */
void check_cmd_before(struct check_cmd *c);
/* Runs it after; reason gets the inconclusive/skip reason, detail the checker's last output line. */
enum check_cmd_verdict check_cmd_after(struct check_cmd *c, char *reason, size_t reason_size, char **detail);
void check_cmd_release(struct check_cmd *c);

#endif
