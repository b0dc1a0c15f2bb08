/* Top-level items of code, found from the text alone, so a large file can be parsed one item at
 * a time instead of whole (tree-sitter parses ~3 MB/s; a 19k-line file takes ~100 ms).
 *
 * An item starts on a line that begins at column 0 with something other than a closer ("}", ")",
 * "]", "end") and follows a blank line, a line that closes at column 0, or the start of the file;
 * it runs to the next such line. This holds in the chunkable grammars (struct lang.chunkable) for
 * ordinary code; where it does not (a column-0 line inside a multi-line string, a C++ namespace
 * body at column 0) the item usually fails to parse on its own, and callers fall back to the
 * whole file when that happens. All offsets are byte offsets into data[0..len). */
#ifndef LETS_SYMBOLS_CHUNK_H
#define LETS_SYMBOLS_CHUNK_H
#include <stdbool.h>
#include <stddef.h>

/* Start of the line holding byte at. */
size_t chunk_line_start(const char *data, size_t at);
/* Start of the top-level item holding byte at. */
size_t chunk_item_start(const char *data, size_t len, size_t at);
/* End (exclusive) of the top-level item holding byte at: the start of the next item, or len. */
size_t chunk_item_end(const char *data, size_t len, size_t at);

#endif
