/* Rust `regex` syntax read into PCRE2 syntax. The spec promises Rust's syntax; PCRE2 runs it. The
 * two agree on most of it, and where they part the translation keeps Rust's meaning:
 *   \u{41} \u0041 \U{1F600} \U0001F600  → \x{…}         (PCRE2 refuses \u and \U)
 *   \< \> \b{start} \b{end}              → lookarounds    (PCRE2 reads \< as a literal <)
 *   \b{start-half} \b{end-half}          → lookarounds
 *   \v                                   → \x{0B}         (PCRE2 reads \v as vertical space)
 *   [a-z&&[^aeiou]] [a-z--q] [a~~b] [a[bc]] → lookarounds (PCRE2 has no set operations or nested
 *                                                          classes and reads them as literal text)
 *   (?R) (?u)                            → dropped        (PCRE2 reads (?R) as recursion)
 *   \A \z, with `lines`                   → ^ $            (ripgrep matches line by line, so the
 *                                                          text's start and end are each line's)
 * What Rust refuses with a message PCRE2 lacks ((?-u), a bad \u{…}, an unknown \b{…}) is refused
 * here; what only PCRE2 accepts (\Q…\E, backreferences, lookaround) passes through as an extension. */
#ifndef LETS_RXSYNTAX_H
#define LETS_RXSYNTAX_H
#include <stdbool.h>

struct buf;

/* Appends the PCRE2 reading of the Rust pattern to out; `lines` when the subject is many lines
 * searched at once (PCRE2_MULTILINE) that ripgrep would search one at a time. Returns NULL, or
 * Rust regex's words for why the pattern is refused (a static string). */
const char *rxsyntax_translate(const char *pattern, bool lines, struct buf *out);

/* Rust regex's words for a PCRE2 compile error code, or NULL when Rust has none to match. */
const char *rxsyntax_error_words(int pcre2_errcode);

#endif
