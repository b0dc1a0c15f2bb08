/* Identifiers by a file's language, for -w and for the --all refusal of an --old that is one
 * identifier: an identifier character is PCRE2's Unicode \w (letters, digits, _ and the
 * connector punctuation), and also $ where a name may hold it — JavaScript, TypeScript, Java
 * and PHP ($el is not el there; in a shell script $el is the variable el). */
#ifndef LETS_EDIT_WORDS_H
#define LETS_EDIT_WORDS_H
#include <stdbool.h>
#include <stddef.h>

struct regex;
struct rx_state;

struct words {
	struct regex *re; /* one identifier character at \G */
	struct rx_state *st;
};
#define WORDS_INIT \
	{          \
		0  \
	}

/* The identifier characters of the language path's extension names. */
void words_init(struct words *w, const char *path);
void words_release(struct words *w);
/* Whether bytes [start, end) of s[0..n) cut through an identifier: the first character is an
 * identifier character and so is the one before it, or the last is and so is the one after.
 * A match that starts or ends with another character ("$el" in a shell script) cuts nothing. */
bool words_splits(const struct words *w, const char *s, size_t n, size_t start, size_t end);
/* Whether s[0..n) is one identifier: not empty, and every character an identifier character. */
bool words_identifier(const struct words *w, const char *s, size_t n);

#endif
