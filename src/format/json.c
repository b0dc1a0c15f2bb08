/* JSON's verdict (format.h): the strict scanner (jsonscan.c) vouches for the common case, jansson
 * decides (and words) the rest on the lexer's copy (jsonc_to_json): comments blanked, every number
 * a 0 (JSON has no size limit; jansson refuses what overflows an int64 or a double), and in JSONC
 * its trailing commas blanked too. */
#include <stdio.h>
#include <stdlib.h>

#include <jansson.h>

#include "../alloc.h"
#include "../utf8.h"
#include "format.h"
#include "jsonc.h"
#include "model.h"

/* jansson on s as the lexer copies it (no BOM skipped here). */
static json_t *read_copy(const char *s, size_t n, bool jsonc, size_t flags, char *detail, size_t detail_size)
{
	char *c = xmalloc(n + 1);
	jsonc_to_json(s, n, JSONC_NUMBERS | (jsonc ? JSONC_TRAILING : 0), c);
	c[n] = 0;
	json_error_t err;
	json_t *v = json_loadb(c, n, flags, &err);
	if (!v)
		snprintf(detail, detail_size, "line %d: %s", err.line, err.text);
	free(c);
	return v;
}

json_t *json_read(const char *s, size_t n, bool jsonc, size_t flags, char *detail, size_t detail_size)
{
	size_t off = utf8_bom(s, n);
	return read_copy(s + off, n - off, jsonc, flags, detail, detail_size);
}

bool json_valid_jansson(const char *s, size_t n, bool jsonc, char *detail, size_t detail_size)
{
	json_t *v = read_copy(s, n, jsonc, JSON_DECODE_ANY | JSON_ALLOW_NUL, detail, detail_size);
	json_decref(v);
	return v != NULL;
}

/* Nothing but blanks and comments: not a document, but not a broken one either. */
static bool json_blank(const char *s, size_t n)
{
	bool open = false;
	return jsonc_blank(s, 0, n, &open) == n && !open;
}

bool json_valid(const char *s, size_t n, bool jsonc, char *detail, size_t detail_size)
{
	size_t off = utf8_bom(s, n);
	return json_fast_valid(s + off, n - off, jsonc) ||
	       json_valid_jansson(s + off, n - off, jsonc, detail, detail_size) ||
	       json_blank(s + off, n - off);
}
