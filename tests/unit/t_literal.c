/* The literal read out of a pattern (literal.h): it must never claim a literal that some match
 * lacks. */
#include <stdio.h>
#include <stdlib.h>

#include "literal.h"
#include "match.h"
#include "unit.h"

static void literals(void)
{
	static const struct {
		const char *pattern;
		unsigned flags;
		const char *lit; /* "" when none */
		bool whole;
	} cases[] = {
		{"needle", 0, "needle", true},
		{"usageCap", 0, "usageCap", true},
		{"foo|bar", 0, "", false},
		{"(foo|bar)baz", 0, "baz", false},
		{"ab?cd", 0, "cd", false},
		{"ab*cdef", 0, "cdef", false},
		{"ab+c", 0, "ab", false},
		{"x{0,3}yz", 0, "yz", false},
		{"xy{2}z", 0, "xy", false},
		{"a{b", 0, "a{b", false},
		{"foo\\.bar", 0, "foo.bar", false},
		{"\\bword\\b", 0, "word", false},
		{"\\d+px", 0, "px", false},
		{"[abc]def", 0, "def", false},
		{"^start", 0, "start", false},
		{"end$", 0, "end", false},
		{"(?i)needle", 0, "", false},
		{"a.b", RX_LITERAL, "a.b", true},
		{"Needle", RX_CASELESS, "needle", true}, /* every byte folds exactly in ASCII */
		{"task", RX_CASELESS, "ta", false}, /* k and s fold to non-ASCII letters too */
		{"mark", RX_CASELESS | RX_LITERAL, "mar", false},
		{"caf\xC3\xA9", 0, "caf\xC3\xA9", true},
		{"caf\xC3\xA9", RX_CASELESS, "caf", false},
		{"needle", RX_WORD, "needle", false},
		/* an escape's argument is never literal text */
		{"\\x41B", 0, "B", false},
		{"\\x{41}BC", 0, "BC", false},
		{"\\pLq", 0, "q", false},
		{"\\p{Greek}xy", 0, "xy", false},
		{"\\cAbc", 0, "bc", false},
		{"\\012ab", 0, "ab", false},
		{"\\0ab", 0, "ab", false},
		{"(a)\\1bc", 0, "bc", false},
		{"(a)\\g1bc", 0, "bc", false},
		{"(a)\\g{-1}bc", 0, "bc", false},
		{"(?<n>a)\\k<n>bc", 0, "bc", false},
		{"\\N{U+41}bc", 0, "bc", false},
		{"\\o{101}bc", 0, "bc", false},
		{"a\\Qb|c\\E", 0, "ab|c", false},
		{"a\\Qbc\\E?", 0, "ab", false},
		{"ab\\E?", 0, "a", false},
		{"ab(?#c)?", 0, "a", false},
		{"[\\Q]\\E]abc", 0, "abc", false},
		{"ab(*ACCEPT)cd", 0, "", false},
		{"x\\\xC3\xA9?y", 0, "x", false},
		{"\\.\\+ab", 0, ".+ab", false},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *lit = NULL;
		bool whole;
		size_t n = literal_required(cases[i].pattern, cases[i].flags, &lit, &whole);
		char name[128];
		snprintf(name, sizeof(name), "literal of %s (flags %u)", cases[i].pattern, cases[i].flags);
		unit_bytes(name, lit ? lit : "", n, cases[i].lit);
		unit_check(whole == cases[i].whole, "%s: whole pattern is %s", name,
			   cases[i].whole ? "yes" : "no");
		free(lit);
	}
}

int main(void)
{
	unit_begin("literal");
	literals();
	return unit_end();
}
