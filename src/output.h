/* The output contract shared by every verb (see ../shared/spec/output-format.md):
 *  - numbered lines: "<num right-aligned to the widest number in the response><marker>\t<text>";
 *  - blocks of lines (show and find share one JSON block shape), and the region of an edit;
 *  - omissions: everything a response left out, recorded in order, rendered both as footer
 *    segments and as the JSON "omitted" array, so text, --json and --jsonl carry the same facts;
 *  - stats (lines, bytes, tokens_est) and the cost segment;
 *  - --budget trimming and the --max-bytes limit;
 *  - the JSON error shape printed when a call fails with nothing else to report;
 *  - the response (struct response), which every verb that reports on files fills (show, find,
 *    edit, transform, write) and response_render renders in all three formats.
 * Verbs build these structures and render them into one buffer that main writes once, in the
 * format their caller passes (the module reads no options). The implementation is src/output/:
 * model.c (blocks, omissions and their constructors, stats settings), text.c and json.c (the two
 * renderers), shape.c (--budget and --max-bytes), region.c (the lines around a change). */
#ifndef LETS_OUTPUT_H
#define LETS_OUTPUT_H
#include <stdbool.h>
#include <stddef.h>

#include "buf.h"
#include "error.h"

struct file;

/* Appends path as text every verb prints and the target grammar reads back: verbatim when it is
 * UTF-8 without control bytes; otherwise as one bash ANSI-C quoted word, $'…', with \n \t \r \\ \'
 * and \xHH for every other control byte and every byte that is not UTF-8. A shell decodes it
 * before lets sees it; target_parse decodes it when it arrives undecoded (an MCP call, a quoted
 * copy). The one escape for paths in output (docs/differences.md). */
void out_path_text(struct buf *b, const char *path);
/* json_cstr of path, exact when path is UTF-8; a path that is not (which JSON cannot carry) is
 * given as its out_path_text form instead of a lossy U+FFFD. */
void out_path_json(struct buf *b, const char *path);

/* The rule that opens a header or footer line, and the separator between its segments. */
#define OUT_RULE "\xE2\x94\x80\xE2\x94\x80 "
#define OUT_DOT " \xC2\xB7 "

enum marker {
	MK_NONE, /* ' '  "none" */
	MK_REPLACED, /* '~'  "replaced" */
	MK_INSERTED, /* '+'  "inserted" */
	MK_DELETED, /* '-'  "deleted" */
	MK_HIT, /* ':'  "hit" */
	MK_CONTEXT, /* '-'  "context" (find) */
	MK_GAP, /* '·'  "gap": text is ":a-b not shown", number column blank */
};

struct out_line {
	long number;
	enum marker marker;
	bool borrowed; /* text is not the line's own: block_add_line_ref, not freed with it */
	const char *text; /* display-ready (lossy, cut); not NUL-terminated necessarily */
	size_t len;
	const char *note; /* static; text form appends 10 spaces + note ("← parse error") */
};

/* One target's lines. Optional fields are off when zero / NULL / false. */
struct out_block {
	char *target; /* owned; as typed */
	char *path; /* owned */
	bool has_range;
	long start, end, total;
	long window; /* the window size when the window cut this block */
	long not_shown_a, not_shown_b; /* 0 when nothing was cut */
	const char *resolver; /* static: "tree-sitter", "heuristic (plaintext)" */
	bool crlf;
	long *lossy_lines; /* owned */
	size_t n_lossy;
	char sha[13]; /* "" when absent */
	/* find --def: the definition's kind (static: "function", "method", …) and its span */
	const char *kind;
	long span_start, span_end;
	struct out_line *lines;
	size_t n_lines, cap_lines;
	char *held; /* owned; NULL or the bytes borrowed lines point into (show: the file's) */
};

/* Appends a line; text is copied. The pointer returned, like every pointer into b->lines, is
 * valid only until the next block_add_line on b, which may move the array. */
struct out_line *block_add_line(struct out_block *b, long number, enum marker m, const char *text,
				size_t len);
/* block_add_line without the copy: text is borrowed and must outlive b's lines (it lies in
 * b->held, which b frees last). Saves a malloc and a copy per line of a large block. */
struct out_line *block_add_line_ref(struct out_block *b, long number, enum marker m, const char *text,
				    size_t len);
void block_release(struct out_block *b);
/* Puts note (static) on b's first replaced or inserted line, where a rejected change shows why. */
void block_note_first_change(struct out_block *b, const char *note);

enum omission_kind {
	OM_HIT_CAP, /* a=hits b=cap s1=the way out (NULL: "narrow the pattern or the paths, or --files") */
	OM_TOP_FILES, /* a=shown */
	OM_CHECK_SKIPPED, /* s1=reason */
	OM_NORMALIZED, /* bare */
	OM_PARTIAL_BATCH, /* list=written paths */
	OM_WINDOW, /* a,b=shown range c=total */
	OM_BUDGET, /* a=budget s1=trimmed target b,c=not shown range (b=0: null) */
	OM_IGNORED, /* a=gitignore b=hidden c=other */
	OM_SKIPPED, /* a=binary b=too large c=unreadable */
	OM_UNRESOLVED, /* s1=target s2=slug */
	OM_CHECK_INCONCLUSIVE, /* s1=layer (the command) s2=reason */
	OM_LONG_LINES_CUT, /* a=lines */
	OM_OUTPUT_TRIMMED, /* a=limit b=lines not shown */
	OM_LOSSY_LINES, /* a=lines */
	OM_SELECTOR_RESOLVED, /* s1=selector s2=resolved */
	OM_GLOB, /* list=patterns */
	OM_GREP_STYLE, /* s1=pattern s2=read as */
	OM_CRLF_MATCHED, /* bare */
	OM_UNREADABLE, /* s1=path */
	OM_XATTRS_DROPPED, /* s1=path */
	OM_REGION_GAP, /* pairs=[a,b]... */
	OM_MATCH_LIMIT, /* a=files whose search stopped at the regex match limit */
	OM_BUDGET_LIST, /* a=budget b=rows (files) not shown */
	OM_WS_FOLDED, /* bare: an edit's --old matched with whitespace folded */
	OM_REINDENTED, /* bare: an edit's --new was re-indented into the file's style */
	OM_PATH_CAP, /* a=cap b=paths not shown (lets paths) */
	OM_ALIASES_REACHED, /* s1=key a=YAML aliases whose anchored node the change reached */
	OM_MAP_BUDGET, /* a=budget (tokens) b=definitions c=files not shown (lets map) */
	OM_KIND_COUNT /* not a kind: how many there are */
};

/* Where each kind keeps its values (the comments above): the renderers read these fields, the
 * typed constructors below fill them, and nothing else writes them. */
struct omission {
	enum omission_kind kind;
	long a, b, c;
	char *s1, *s2; /* owned */
	char **list; /* owned */
	size_t n_list;
	long *pairs; /* owned, 2*n_pairs */
	size_t n_pairs;
};

struct omits {
	struct omission *items;
	size_t n, cap;
};
#define OMITS_INIT \
	{          \
		0  \
	}

/* One constructor per kind: each appends its omission to o, strings and lists copied, so the
 * footer and the "omitted" array say it in the words of output-format.md §11. */
/* over the cap hits; way_out NULL: "narrow the pattern or the paths, or --files" */
void omit_hit_cap(struct omits *o, long hits, long cap, const char *way_out);
void omit_top_files(struct omits *o, long shown);
void omit_check_skipped(struct omits *o, const char *reason);
void omit_normalized(struct omits *o);
/* the paths a batch wrote before it stopped */
void omit_partial_batch(struct omits *o, const char *const *written, size_t n);
/* the window showed lines from-to of total */
void omit_window(struct omits *o, long from, long to, long total);
/* --budget trimmed target's lines from-to (from 0: no range, not_shown is null) */
void omit_budget(struct omits *o, long budget, const char *target, long from, long to);
void omit_ignored(struct omits *o, long gitignore, long hidden, long other);
void omit_skipped(struct omits *o, long binary, long too_large, long unreadable);
/* target failed with the failure's slug */
void omit_unresolved(struct omits *o, const char *target, const char *slug);
/* layer: the --check command as shown */
void omit_check_inconclusive(struct omits *o, const char *layer, const char *reason);
void omit_long_lines_cut(struct omits *o, long lines);
/* --max-bytes limit kept whole lines; lines is how many were not shown */
void omit_output_trimmed(struct omits *o, long limit, long lines);
void omit_lossy_lines(struct omits *o, long lines);
void omit_selector_resolved(struct omits *o, const char *selector, const char *resolved);
/* a transform of key changed an anchored YAML node that aliases more aliases use */
void omit_aliases_reached(struct omits *o, const char *key, long aliases);
void omit_glob(struct omits *o, const char *const *patterns, size_t n);
/* pattern had no hits and matched as grep reads it, read_as */
void omit_grep_style(struct omits *o, const char *pattern, const char *read_as);
void omit_crlf_matched(struct omits *o);
void omit_unreadable(struct omits *o, const char *path);
void omit_xattrs_dropped(struct omits *o, const char *path);
/* Adds lines from-to to o's one region_gap omission (made by the first gap). */
void omit_region_gap(struct omits *o, long from, long to);
/* files whose search stopped at the regex match limit */
void omit_match_limit(struct omits *o, long files);
/* --budget left files rows of a list unshown */
void omit_budget_list(struct omits *o, long budget, long files);
/* an edit's --old matched with whitespace folded */
void omit_whitespace_folded(struct omits *o);
/* an edit's --new was re-indented into the file's style */
void omit_reindented(struct omits *o);
/* lets paths: paths more paths over the cap */
void omit_path_cap(struct omits *o, long cap, long paths);
/* lets map: the budget left definitions in files unshown */
void omit_map_budget(struct omits *o, long budget, long definitions, long files);
/* Appends a deep copy of src (its strings, list and pairs) to o. */
void omit_copy(struct omits *o, const struct omission *src);
void omits_release(struct omits *o);
/* Footer text of one omission ("" when it has nothing to say, e.g. ignored 0). */
void omission_text(struct buf *b, const struct omission *om);
/* The "omitted":[...] value. */
void omits_json(struct buf *b, const struct omits *o);

/* Sets the stats settings from the values of LETS_TOKEN_RATIO (a positive integer, else 4 bytes
 * per token) and LETS_NO_STATS ("1": estimates are null); NULL means unset. main reads the two
 * variables once and calls this before any verb runs; until then the defaults hold. */
void output_stats_config(const char *token_ratio, const char *no_stats);
/* Estimated tokens for bytes, or -1 for null (LETS_NO_STATS=1, or bytes == 0). */
long tokens_est(long bytes);
/* "~38 tokens" / "~2.6k tokens"; nothing for tokens < 0. */
void cost_text(struct buf *b, long tokens);
/* {"lines":L,"bytes":B,"tokens_est":T|null} */
void stats_json(struct buf *b, long lines, long bytes);

/* ,"omitted":[…],"stats":{…}} and '\n': the two keys that close a --json response object (§10). */
void response_end_json(struct buf *b, const struct omits *om, long lines, long bytes);

/* "1 line" / "2 lines". */
void plural(struct buf *b, long n, const char *one, const char *many);

/* Digit width of n (>= 1). */
int num_width(long n);
/* One numbered line + '\n'. width from num_width of the largest number in the response. */
void line_text(struct buf *b, const struct out_line *l, int width, bool numbers);
/* {"number":n,"marker":"…","text":"…"} */
void line_json(struct buf *b, const struct out_line *l);
/* The show/find block object (key order per spec §10). */
void block_json(struct buf *b, const struct out_block *blk);
/* Bytes a line costs in stats: its text plus one '\n'. */
size_t line_cost(const struct out_line *l);

/* One change a region shows: line of the file, marked mk, or, with mk MK_DELETED, a removed line
 * (text and len, its bytes as they were) shown before line, the line that now follows it. */
struct region_mark {
	long line;
	enum marker mk;
	const char *text; /* MK_DELETED only */
	size_t len;
};

/* The region of an edit or a transform (spec §3, §7), one builder for both: each mark's line
 * with 2 lines of context either side (a removed line's window ends on the line after the one
 * that follows it), m sorted by line with removed lines before the line they precede. Windows
 * whose gap is at most bridge lines merge, the gap shown; between two that do not, a gap line
 * (MK_GAP, ":a-b not shown") goes into r and the gap into gap's one OM_REGION_GAP, for the
 * footer. *cut and *lossy grow by the lines line_display cut or showed lossily. */
void region_build(struct out_block *r, const struct file *f, const struct region_mark *m, size_t n,
		  long bridge, struct omits *gap, long *cut, long *lossy);
/* {"start":a,"end":b,"lines":[…]}: a and b are the first and last numbered line, gaps inside. */
void region_json(struct buf *b, const struct out_block *r);

/* "── " + lead + every omission's text + cost, joined by " · ", then '\n'. lead may be "" and
 * tokens < 0 means no cost; nothing is printed when every part is empty. */
void footer_text(struct buf *b, const char *lead, const struct omits *om, long tokens);

/* The one --budget/--max-bytes step. With a budget (>= 0; OPT_UNSET, -1, is none): shapes blocks to about budget
 * tokens by trimming the largest block's tail first, one OM_BUDGET per trimmed block. Else content
 * over max_bytes is refused: over_budget in d (naming the size and the flags that fit) and true,
 * and the verb prints nothing. With d NULL (a verb that has written its change, so cannot refuse)
 * it keeps whole lines up to max_bytes instead, recording OM_OUTPUT_TRIMMED. tool_terms (lets
 * mcp): the refusal names the arguments budget and max_bytes, not the flags. */
bool blocks_shape(struct out_block *blocks, size_t n, long budget, long max_bytes, struct omits *om,
		  struct diag *d, bool tool_terms);

/* The response: everything one call answers, filled by the verb and rendered by response_render
 * as text, --json or --jsonl, so a fact is in all three or in none. The verb writes no JSON.
 *  - items: blocks (show's targets, find's hit lines), or rows (find --files: path only; find
 *    --count: count and path), under list_key ("targets", "files", "counts");
 *  - top: the busiest files of a find over its cap (count and path), top_more how many more;
 *  - om: the omissions; lines and bytes: the stats (tokens are estimated from bytes).
 *  - changes: what an edit, transform or write did to each file (struct out_change), under
 *    list_key ("edits", "transforms"), or with list_key NULL one change that is the response
 *    object itself (a single edit or transform, a write);
 *  - report: the answer of a verb about lets itself rather than files (guide, version, stats,
 *    update, hooks): the members of one JSON object, with no omitted or stats (§10: nothing was
 *    left out, no file was read), which --jsonl prints as --json does; its text is the verb's
 *    words, aligned tally rows, and a footer lead.
 * Every pointer is borrowed: the verb owns blocks, rows, changes and omissions until render
 * returns. */
struct out_row {
	const char *path;
	long count; /* find --count and the top files; unused for find --files */
};

/* A check's verdict on one changed file; layer NULL when no check result shows. */
struct out_check {
	const char *layer; /* "structure", "json", … or the --check command as shown */
	const char *status; /* "ok", "failed", "invalid", "still invalid" */
	long errors_before, errors_after;
};

enum change_kind {
	CHG_REPLACE, /* edit --old/--new or a line range: "replacements" */
	CHG_INSERT, /* edit --insert-after/--insert-before: "inserted" and "anchor" */
	CHG_TRANSFORM, /* transform: "format" and "operations" */
	CHG_WRITE, /* write: "outcome", the file's lines and bytes, one "sha" */
};

/* A transform operation: its verb ("set", "delete", "append") and the key as resolved. */
struct out_op {
	const char *op, *key;
};

/* One changed file (an edit's entry, a transform's file, a write). Fields a kind does not use are
 * zero / NULL; every pointer is borrowed. */
struct out_change {
	enum change_kind kind;
	const char *path;
	long count; /* replacements; lines inserted; write: the content's lines */
	const char *side; /* insert: "after" / "before" */
	const char *anchor; /* insert: the anchor as typed (JSON) */
	const char *anchor_shown; /* insert: the anchor as the text header shows it */
	long anchor_line; /* insert: the anchor's line */
	const char *format; /* transform: "json", "yaml", "toml", "frontmatter" */
	const struct out_op *ops; /* transform: the operations in order */
	size_t n_ops;
	const char *outcome; /* write: "created", "overwritten", "exists" */
	long bytes; /* write: the content's bytes */
	const long *lines; /* the changed lines, ascending (not write) */
	size_t n_lines;
	const char *match; /* edit: how --old matched ("exact", "normalized", …) */
	const char *resolver; /* edit: "span guessed (plaintext heuristic)" or NULL */
	const struct out_block *region; /* NULL or the lines around the change (region_build) */
	struct out_check check;
	const char *sha_before; /* NULL for a created file */
	const char *sha_after; /* after the change; sha_before again when reverted */
	bool reverted; /* a check refused it and the file is as it was */
	bool no_change; /* an edit that left the bytes as they were */
};

/* One member of a report's JSON object: its key (NULL for an element of an array) and its
 * value. Build them with the out_* constructors below; every pointer is borrowed. */
enum out_type { OUT_STRING, OUT_NUMBER, OUT_BOOL, OUT_NULL, OUT_OBJECT, OUT_ARRAY };
struct out_member {
	const char *key;
	enum out_type type;
	const char *string; /* OUT_STRING */
	long number; /* OUT_NUMBER; OUT_BOOL: 0 or 1 */
	const struct out_member *items; /* OUT_OBJECT's members, OUT_ARRAY's elements */
	size_t n_items;
};
struct out_member out_string(const char *key, const char *s);
struct out_member out_number(const char *key, long n);
struct out_member out_bool(const char *key, bool b);
struct out_member out_null(const char *key);
struct out_member out_object(const char *key, const struct out_member *items, size_t n);
struct out_member out_array(const char *key, const struct out_member *items, size_t n);

/* A row of a text table: indent and label, padded to the widest indent and label, two spaces,
 * then count right-aligned to the widest count (stats, output-format.md §9). */
struct out_tally {
	const char *indent, *label;
	long count;
};

/* The stats of changes: their region lines and what they cost as text, with the headers and the
 * rejected-line notes when headers is set (edit), else the region lines alone (transform). */
void changes_stats(const struct out_change *ch, size_t n, bool headers, long *lines, long *bytes);

enum out_format { OUT_TEXT, OUT_JSON, OUT_JSONL };

enum out_header {
	HDR_TARGET, /* show: "── target  (a-b of n · …) · sha:…" */
	HDR_PATH, /* find: "── target" (the path; path#Name under -p; "  (kind · lines a-b)" after --def's) */
};

struct response {
	const char *list_key;
	const struct out_block *blocks;
	size_t n_blocks;
	const struct out_row *rows; /* when blocks is NULL */
	size_t n_rows;
	bool rows_counted; /* rows carry a count ("counts"), else bare paths ("files") */
	const struct out_row *top; /* NULL unless over the cap */
	size_t n_top;
	long top_more;
	const struct out_change *changes; /* when blocks and rows are NULL */
	size_t n_changes;
	bool one_record; /* --jsonl prints the --json object, one record (write) */
	const struct out_member *report; /* when blocks, rows and changes are NULL */
	size_t n_report;
	const struct omits *om;
	long lines, bytes;

	/* text only */
	enum out_header header;
	const char *lead; /* the footer's first segment; NULL with one change: its check and sha */
	bool numbers; /* line numbers (show --no-numbers turns them off) */
	bool quiet; /* -q: only the footer */
	bool cost_first; /* show --all: a cost line before the content */
	bool footer_first; /* find --count: footer, then the rows */
	bool no_cost; /* the footer has no cost segment (find over its cap) */
	bool group_lines; /* find -A/-B/-C: a "--" line between lines of a block that do not touch */
	const struct out_tally *tally; /* a report's rows, before its text */
	size_t n_tally;
	const char *text; /* a report's words, printed as they are (NULL: none) */
};

/* Renders r in format f into b. */
void response_render(struct buf *b, const struct response *r, enum out_format f);
/* Content bytes of --files/--count rows as text (counted: the count column, as wide as the
 * widest count in rows, and two spaces before each path). */
long rows_bytes(const struct out_row *rows, size_t n, bool counted);
/* blocks_shape for rows: *shown gets how many leading rows to print. With budget set, keeps the
 * rows within ~budget tokens and records OM_BUDGET_LIST; else rows over max_bytes are refused as
 * blocks_shape refuses them (over_budget in d, true: print nothing). */
bool rows_shape(const struct out_row *rows, size_t n, bool counted, long budget, long max_bytes,
		struct omits *om, struct diag *d, size_t *shown, bool tool_terms);
/* Renders r into out in format f (the caller's --json/--jsonl) and, when json_twin is not NULL
 * (lets mcp's structuredContent), as --json into it too: one run gives both shapes. */
void response_emit(struct buf *out, const struct response *r, enum out_format f, struct buf *json_twin);
/* The stats of blocks: their lines and content bytes (line_cost each). */
void blocks_stats(const struct out_block *blocks, size_t n, long *lines, long *bytes);

/* {"error":{"slug":…,"message":…},"omitted":[…],"stats":{0,0,null}} + '\n' */
void error_json(struct buf *b, const struct diag *d, const struct omits *om);

#endif
