/* Writing JSON: lets prints every object on one line, keys in a fixed order, so output is built
 * by appending to a buf. Strings are escaped per RFC 8259; invalid UTF-8 becomes U+FFFD so the
 * result always parses. (Reading JSON uses jansson.) */
#ifndef LETS_JSON_H
#define LETS_JSON_H
#include <stddef.h>

struct buf;

void json_str(struct buf *b, const char *s, size_t n);
void json_cstr(struct buf *b, const char *s);
/* Appends "key": (no comma). */
void json_key(struct buf *b, const char *key);

#endif
