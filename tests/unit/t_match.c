/* Regex matching (match.h): the Rust-regex-like reading run on PCRE2 (UTF + UCP, invalid UTF-8 in
 * the subject tolerated, a match limit), the flags find uses, and grep's BRE second reading that
 * show and find fall back to when a pattern has no hit. */
#include "buf.h"
#include "error.h"
#include "match.h"
#include "unit.h"

/* Searches s for pattern; returns 1 on a match (filling the span), 0 on none, -1 on the limit, -2
 * when the pattern does not compile. */
static int search(const char *pattern, unsigned flags, const char *s, size_t n, size_t *a, size_t *b)
{
	struct diag d = DIAG_INIT;
	struct regex *re = regex_new(pattern, flags, &d);
	diag_release(&d);
	if (!re)
		return -2;
	struct rx_state *st = rx_state_new(re);
	int r = (int)regex_search(re, st, s, n, 0, a, b);
	rx_state_free(st);
	regex_free(re);
	return r;
}

static void match(const char *name, const char *pattern, unsigned flags, const char *subject, size_t n,
		  int want, size_t want_a, size_t want_b)
{
	size_t a = 0, b = 0;
	int r = search(pattern, flags, subject, n ? n : strlen(subject), &a, &b);
	if (!unit_check(r == want && (want != 1 || (a == want_a && b == want_b)), "%s", name))
		printf("  expected %d [%zu,%zu), got %d [%zu,%zu)\n", want, want_a, want_b, r, a, b);
}

static void bre(const char *pattern, bool want, const char *reading)
{
	struct buf out = BUF_INIT;
	bool got = bre_reading(pattern, &out);
	char name[160];
	snprintf(name, sizeof(name), "bre_reading(%s)", pattern);
	if (unit_check(got == want, "%s %s", name, want ? "has a reading" : "has none") && want) {
		snprintf(name, sizeof(name), "bre_reading(%s) reads", pattern);
		unit_str(name, out.data, reading);
	}
	buf_release(&out);
}

int main(void)
{
	unit_begin("t_match");
	match("a literal word", "const cap", 0, "  const cap = 10", 0, 1, 2, 11);
	match("no match", "zzz", 0, "  const cap = 10", 0, 0, 0, 0);
	match("case-sensitive by default", "CONST", 0, "const", 0, 0, 0, 0);
	match("RX_CASELESS", "CONST", RX_CASELESS, "x const", 0, 1, 2, 7);
	match("\\s and anchors", "^\\s*if \\(!id\\)", 0, "  if (!id) return", 0, 1, 0, 10);
	match("\\d+", "cap = \\d+", 0, "const cap = 10", 0, 1, 6, 14);
	match("alternation", "count|total", 0, "  return total(id, now)", 0, 1, 9, 14);
	match("inline (?i)", "(?i)RETURN", 0, "  return now", 0, 1, 2, 8);
	match("UCP: \\w matches é", "caf\\w", 0, "caf\xc3\xa9", 0, 1, 0, 5);
	match("UTF: . is one character", "caf.$", 0, "caf\xc3\xa9", 0, 1, 0, 5);
	match("UCP: \\b around a multibyte word", "\\bcaf\xc3\xa9\\b", 0, "un caf\xc3\xa9 noir", 0, 1, 3, 8);
	match("\\p{L} (a Unicode class)", "\\p{L}+", 0, "123 \xc3\xa9t\xc3\xa9", 0, 1, 4, 9);
	match("invalid UTF-8 in the subject is tolerated", "bad", 0, "\xff bad \xc3\x28", 0, 1, 2, 5);
	match("a match after an invalid byte", "\\d", 0, "\xfe 7", 0, 1, 2, 3);
	match("RX_LITERAL: metacharacters are text", "a.b(", RX_LITERAL, "xa.b(y", 0, 1, 1, 5);
	match("RX_LITERAL: . does not match any character", "a.b", RX_LITERAL, "axb", 0, 0, 0, 0);
	match("RX_WORD: whole words only", "cap", RX_WORD, "capital cap", 0, 1, 8, 11);
	match("RX_WORD: no partial word", "cap", RX_WORD, "capital", 0, 0, 0, 0);
	match("RX_LITERAL with RX_CASELESS", "A.B", RX_LITERAL | RX_CASELESS, "xa.b", 0, 1, 1, 4);
	match("RX_LITERAL with RX_MULTILINE (whole-buffer search) compiles", "a.b", RX_LITERAL | RX_MULTILINE,
	      "x\na.b\n", 0, 1, 2, 5);
	match("an unclosed group does not compile", "(", 0, "x", 0, -2, 0, 0);
	match("an unclosed class does not compile", "[a", 0, "x", 0, -2, 0, 0);

	/* The match limit: catastrophic backtracking stops instead of hanging. */
	char patho[3001];
	memset(patho, 'a', 3000);
	patho[3000] = 'b';
	/* (a+)+ grows the DFA's state set with the subject: past its workspace the answer stays the limit */
	match("the match limit stops (a+)+$", "(a+)+$", 0, patho, sizeof(patho), -1, 0, 0);
	match("control: a+b on the same line matches", "a+b$", 0, patho, sizeof(patho), 1, 0, 3001);

	/* The backtracker gives up on (?:a*)*$ over 25 a's and a '!'; the DFA fallback answers: an
	 * empty match at the end, as Rust's regex finds it. */
	match("the DFA fallback answers (?:a*)*$", "(?:a*)*$", 0, "aaaaaaaaaaaaaaaaaaaaaaaaa!", 0, 1, 26, 26);
	match("the DFA fallback finds the leftmost start", "(?:a*)*!", 0, "xaaaaaaaaaaaaaaaaaaaaaaaaa!", 0, 1,
	      1, 27);
	match("the DFA fallback: no match is no match", "(?:a*)*b$", 0, "aaaaaaaaaaaaaaaaaaaaaaaaa!", 0, 0, 0,
	      0);
	{
		struct diag d = DIAG_INIT;
		struct regex *re = regex_new("(?:a*)*$", 0, &d);
		struct rx_state *st = rx_state_new(re);
		size_t a, b;
		const char *s = "aaaaaaaaaaaaaaaaaaaaaaaaa!";
		unit_check(regex_scan(re, st, s, strlen(s), 0, &a, &b) == RX_LIMIT,
			   "control: the backtracker alone hits its limit on (?:a*)*$");
		rx_state_free(st);
		regex_free(re);
		diag_release(&d);
	}

	/* Rust-only syntax means what it means in Rust (t_rxsyntax has the translations) */
	match("\\u{41} is A", "\\u{41}B", 0, "xAB", 0, 1, 1, 3);
	match("\\u0041 is A", "\\u0041", 0, "xAB", 0, 1, 1, 2);
	match("\\U{1F600}", "\\U{1F600}", 0, "a\xF0\x9F\x98\x80", 0, 1, 1, 5);
	match("[a-z&&[^aeiou]] skips vowels", "[a-z&&[^aeiou]]+", 0, "aei bcd", 0, 1, 4, 7);
	/* ~~ with a class as rhs (a DEFINE group, t_rxsyntax): [c-z~~[x]] is c-w, y, z; a-m ~~ that
	 * is a, b, n-w, y, z */
	match("nested ~~ excludes what both sides hold", "[a-m~~[c-z~~[x]]]+", 0, "cdx abnw", 0, 1, 4, 8);
	match("nested ~~ under (?i): the DEFINE group takes the flags", "(?i)[a-m~~[c-z~~[x]]]+", 0,
	      "CDX ABNW", 0, 1, 4, 8);
	match("control: nested ~~ without (?i) is case-sensitive", "[a-m~~[c-z~~[x]]]+", 0, "CDX ABNW", 0, 0,
	      0, 0);
	match("nested ~~ in a lookbehind and a repetition", "(?<=[a~~[b~~[c]]])d(?:[a~~[b~~[c]]])+", 0,
	      "xdb cdbca", 0, 1, 5, 9);
	match("[a-z--q] leaves q out", "[a-z--q]+", 0, "qqabq", 0, 1, 2, 4);
	match("\\< starts a word", "\\<ab", 0, "cab ab", 0, 1, 4, 6);
	match("\\> ends a word", "ab\\>", 0, "abc ab", 0, 1, 4, 6);
	match("control: \\< is not a literal <", "\\<ab", 0, "<ab", 0, 1, 1, 3);
	match("\\b{start}", "\\b{start}ab", 0, "cab ab", 0, 1, 4, 6);
	match("\\b{end}", "ab\\b{end}", 0, "abc ab", 0, 1, 4, 6);
	match("\\v is a vertical tab only", "a\\vb", 0,
	      "a\nb a\x0B"
	      "b",
	      0, 1, 4, 7);
	match("[[:alpha:]] is ASCII, as in Rust", "[[:alpha:]]+", 0, "\xC3\xA9t\xC3\xA9", 0, 1, 2, 3);
	match("-F: < and > are text", "<a>", RX_LITERAL, "x<a>", 0, 1, 1, 4);
	{
		static const struct {
			const char *pattern, *message;
		} errs[] = {
			{"(a", "invalid pattern: unclosed group"},
			{"[a", "invalid pattern: unclosed character class"},
			{"*a", "invalid pattern: repetition operator missing expression"},
			{"\\q", "invalid pattern: unrecognized escape sequence"},
			/* PCRE2 refuses \N in a class in words of its own (found by fuzz_rxsyntax) */
			{"[o\\N]", "invalid pattern: unrecognized escape sequence"},
			{"a)", "invalid pattern: unopened group"},
			{"\\u{D800}", "invalid pattern: hexadecimal literal is not a Unicode scalar value"},
		};
		for (size_t i = 0; i < sizeof(errs) / sizeof(errs[0]); i++) {
			struct diag d = DIAG_INIT;
			struct regex *re = regex_new(errs[i].pattern, 0, &d);
			char name[128];
			snprintf(name, sizeof(name), "the error for %s", errs[i].pattern);
			unit_str(name, !re && d.n ? d.items[0].message : "(compiled)", errs[i].message);
			regex_free(re);
			diag_release(&d);
		}
	}

	/* regex_search from an offset sees the text before it (lookbehind, \b). */
	{
		struct diag d = DIAG_INIT;
		struct regex *re = regex_new("\\bcap", 0, &d);
		struct rx_state *st = re ? rx_state_new(re) : NULL;
		size_t a = 0, b = 0;
		const char *s = "recap cap";
		int r = re ? (int)regex_search(re, st, s, strlen(s), 2, &a, &b) : -2;
		if (!unit_check(r == 1 && a == 6 && b == 9, "a search from offset 2 respects \\b before it"))
			printf("  got %d [%zu,%zu)\n", r, a, b);
		rx_state_free(st);
		regex_free(re);
		diag_release(&d);
	}
	{
		struct diag d = DIAG_INIT;
		struct regex *re = regex_new("(", 0, &d);
		unit_check(re == NULL && diag_first(&d) == E_INVALID_PATTERN,
			   "a bad pattern records invalid_pattern");
		unit_check(d.n == 1 && !strncmp(d.items[0].message, "invalid pattern: ", 17),
			   "its message starts with \"invalid pattern: \"");
		diag_release(&d);
	}

	/* grep's BRE escapes, read as ERE. */
	bre("A\\|B", true, "A|B");
	bre("count\\|total", true, "count|total");
	bre("\\(now\\)", true, "(now)");
	bre("a\\{2\\}", true, "a{2}");
	bre("a\\{2,3\\}", true, "a{2,3}");
	bre("ab\\+", true, "ab+");
	bre("colou\\?r", true, "colou?r");
	bre("\\(id\\)\\{1\\}, now", true, "(id){1}, now");
	bre("\\(a\\|b\\)\\+", true, "(a|b)+");
	bre("plain", false, NULL);
	bre("a|b", false, NULL);
	bre("a\\.b", false, NULL);
	bre("\\d+", false, NULL);
	bre("", false, NULL);
	return unit_end();
}
