/* The meaning proof for data files: a change to a JSON, YAML, TOML or frontmatter file that
 * parses keeps every value it did not touch.
 *
 * Both versions are read to the document model (format/model.h). The change is the run of
 * whole lines between the longest common prefix and suffix of the two versions; every other byte
 * is the same in both, shifted. Every scalar (and every empty container) whose bytes lie wholly
 * outside the changed lines must, in the other version, be a value at the same bytes with the same
 * type and decoded text, reached by the same keys, not overridden by a repeated key, through
 * containers that correspond one to one: indexes may shift where whole items were added or
 * removed, but items never split or merge. Checked both ways, so bytes that were part of a string
 * and became structure count too.
 *
 * Linear in the two sizes (and a sort of the values by offset): each container is matched once. */
#ifndef LETS_TRANSFORM_MEANING_H
#define LETS_TRANSFORM_MEANING_H
#include <stdbool.h>
#include <stddef.h>

#include "../format/format.h"

struct buf;

enum meaning_verdict {
	MEANING_KEPT,
	MEANING_CHANGED, /* why holds the message */
	MEANING_UNPROVEN, /* a version lets does not model (it parses, but not to the model) */
};
/* Who made the change: the ready command differs (edit: the transform that does it, or the edit
 * re-indented; transform: re-read and edit). */
enum meaning_verb { MEANING_EDIT, MEANING_TRANSFORM };

/* The lines of before an edit asked for (1-based, half-open [b1, b2)). A value on them that keeps
 * its start and grows into the changed lines was extended by the edit, not moved: a line added to
 * a YAML block scalar whose lines --old named (the bytes that differ are only the added line). */
struct meaning_lines {
	long b1, b2;
};

/* Compares before and after (both valid f); asked: the lines an edit asked for, or NULL. On MEANING_CHANGED appends to why: "<n> value(s)
 * outside the edited lines changed", up to 3 lines "\n  <path>: <was> → <now>", "\n  (+N more)",
 * and the ready command lines ("\n  run: …"). path names the file in commands. */
enum meaning_verdict meaning_check(enum format f, const char *path, const char *before, size_t blen,
				   const char *after, size_t alen, const struct meaning_lines *asked,
				   enum meaning_verb verb, struct buf *why);

#endif
