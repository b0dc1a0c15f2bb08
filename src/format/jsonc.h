/* The JSON(C) lexer: the one reading of JSON text's blanks, comments, strings and numbers that
 * every reader in lets shares — the verdict (format.h), the fast scanners and the model, the
 * value typed on transform's command line, transform's splices, the settings merge of hooks
 * install, and the JSON cuts of symbols/. What it answers:
 *  - blanks are space, tab, LF and CR (RFC 8259);
 *  - any JSON file may hold comments (the spec's config.json does): "//" up to the line break (an
 *    LF, or the CR of a CRLF; a lone CR does not end it, as tree-sitter-json reads it), and "/" "*"
 *    through the next "*" "/"; one that never closes is an error to every reader;
 *  - a UTF-8 byte-order mark before the first byte is not content;
 *  - a trailing comma (after a value, before a closing bracket: not "[,]" or "{"a":,}") is
 *    allowed only in a JSONC file (format_jsonc), and only jsonc_to_json's copy drops it.
 * The skipping functions are lenient: on text a validator accepted they find every token; on
 * other text they never read past n. jsonc_string_strict is the strict one the scanners use to
 * vouch for a string. */
#ifndef LETS_FORMAT_JSONC_H
#define LETS_FORMAT_JSONC_H
#include <stdbool.h>
#include <stddef.h>

struct buf;

/* Past blanks (no comments) from i. */
size_t jsonc_space(const char *s, size_t i, size_t n);
/* Past the comment that starts at i, or i when none does: a line comment ends before its line
 * break, a block comment after its close; one that never closes runs to n and sets *open (open
 * may be NULL). */
size_t jsonc_comment(const char *s, size_t i, size_t n, bool *open);
/* Past blanks and comments from i; *open as jsonc_comment's (may be NULL). */
size_t jsonc_blank(const char *s, size_t i, size_t n, bool *open);
/* The offset where a block comment opens and never closes, outside strings; n when none does. */
size_t jsonc_unclosed(const char *s, size_t n);

/* Past the string whose opening quote is at i (a backslash escapes the next byte), or n when it
 * never closes. */
size_t jsonc_string(const char *s, size_t i, size_t n);
/* Past the string at i when every reader in lets reads it alike (jansson, tree-sitter-json and
 * jsonc_decode): on one line, no control byte, valid UTF-8, only RFC 8259's escapes, no \u0000
 * and no surrogate escape. i otherwise: it may still be JSON, and the caller asks a parser. */
size_t jsonc_string_strict(const char *s, size_t i, size_t n);
/* Decodes the string whose opening quote is at *i into out and moves *i past its close; false
 * (out partly filled) when it is not a JSON string, holds a \u0000 or a lone surrogate. */
bool jsonc_decode(const char *s, size_t n, size_t *i, struct buf *out);
/* A hex digit's value, or -1. */
int jsonc_hexval(char c);
/* The end of the number in JSON's grammar at i, or i when none starts there. */
size_t jsonc_number(const char *s, size_t i, size_t n);
/* Past the value at i, lenient: a string, a container through its closing bracket (n when it
 * never closes), else the bytes up to a delimiter, a blank or a comment. */
size_t jsonc_value(const char *s, size_t i, size_t n);

enum {
	JSONC_TRAILING = 1, /* a trailing comma becomes a space too */
	JSONC_NUMBERS = 2, /* every number in JSON's grammar becomes a 0 padded with spaces */
};
/* Copies s[0..n) into out[0..n) as JSON jansson reads with the file's line numbers: every byte
 * of a comment but its LFs becomes a space, and flags (JSONC_*) say what else does. A number left
 * as typed keeps a malformed one ("012", "1.2.3") whole, for jansson to word. Returns n, or the
 * offset of a block comment that never closes (copied as it is from there). */
size_t jsonc_to_json(const char *s, size_t n, unsigned flags, char *out);

#endif
