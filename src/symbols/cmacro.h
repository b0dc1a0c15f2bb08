/* C and C++ as system and library headers write them: through macros the grammar cannot expand
 * (PyAPI_FUNC(int) f(...), static void NORETURN PRINTF_STYLE(1, 2) die(...), typedef void
 * (APIENTRYP PFNFOO)(...), f(...) __THROW __nonnull((1)), K&R OF((...)) prototypes, a comment
 * inside a multi-line #define). tree-sitter leaves ERROR nodes there and loses the definition.
 *
 * cmacro_blank returns a copy of the file (or of the ranges to parse) in which that noise is
 * overwritten with spaces: the same length, the same newlines, so every byte and line position
 * still holds and the names left are the file's own bytes. It is a guess from the text (an
 * all-caps word in front of a declaration is taken for a macro), so symbols.c parses the copy
 * only when the file's own parse has errors, and takes the copy's answer only when it stands
 * (a candidate whose node holds no error). */
#ifndef LETS_SYMBOLS_CMACRO_H
#define LETS_SYMBOLS_CMACRO_H
#include <stddef.h>

#include <tree_sitter/api.h>

/* A copy of data[0..len) (NUL-terminated; the caller frees) with the macro noise inside the
 * ranges v[0..n) blanked, or inside the whole file when n is 0. */
char *cmacro_blank(const char *data, size_t len, const TSRange *v, size_t n);

#endif
