/* Rust regex syntax read into PCRE2's (rxsyntax.h): what Rust has and PCRE2 lacks or reads another
 * way is translated, Rust's refusals carry Rust's words, and everything both read alike passes
 * through byte for byte (the control cases). What the translations match is in t_match. */
#include "buf.h"
#include "rxsyntax.h"
#include "unit.h"

static void tr(const char *rust, const char *pcre)
{
	struct buf out = BUF_INIT;
	const char *err = rxsyntax_translate(rust, false, &out);
	char name[256];
	snprintf(name, sizeof(name), "%s reads as %s", rust, pcre);
	if (unit_check(!err, "%s is accepted", rust))
		unit_str(name, buf_str(&out), pcre);
	else
		printf("  refused: %s\n", err);
	buf_release(&out);
}

static void refused(const char *rust, const char *why)
{
	struct buf out = BUF_INIT;
	const char *err = rxsyntax_translate(rust, false, &out);
	char name[256];
	snprintf(name, sizeof(name), "%s is refused", rust);
	unit_str(name, err, why);
	buf_release(&out);
}

int main(void)
{
	unit_begin("t_rxsyntax");
	/* control: the syntax both share is untouched */
	tr("foo(bar|baz)+\\d{2,3}[a-z]\\.x$", "foo(bar|baz)+\\d{2,3}[a-z]\\.x$");
	tr("(?i)a(?P<n>b)\\pL\\p{Greek}[^\\]x]", "(?i)a(?P<n>b)\\pL\\p{Greek}[^\\]x]");
	tr("\\x41\\x{1F600}\\Qa[b\\E", "\\x41\\x{1F600}\\Qa[b\\E");
	tr("[x[:alpha:]_]", "[xA-Za-z_]"); /* Rust's POSIX classes are ASCII; PCRE2's (with UCP) are not */
	tr("[[:^digit:]x]", "(?:[x]|[^0-9])");
	tr("[[:punct:]]", "[!-/:-@\\[-`{-~]");
	tr("caf\xC3\xA9", "caf\xC3\xA9");
	/* Rust reads [:alpha:] [.a.] [=a=] outside a class as their characters; PCRE2 would refuse
	 * them as a POSIX class or collating element, so the first is escaped (found by fuzz_rxsyntax
	 * as the nested operand of [[:punct[[:punct:]]:]]) */
	tr("[:alpha:]", "[\\:alpha:]");
	tr("[.a.][=a=]", "[\\.a.][\\=a=]");
	tr("[[:punct[[:punct:]]:]]", "(?:[\\:punct:]|[!-/:-@\\[-`{-~])");

	/* Unicode escapes PCRE2 refuses */
	tr("\\u{41}B", "\\x{41}B");
	tr("\\u0041B", "\\x{41}B");
	tr("\\U{1F600}", "\\x{1F600}");
	tr("\\U0001F600", "\\x{1F600}");
	tr("[\\u{41}-\\u005A]", "[\\x{41}-\\x{5A}]");
	refused("\\u{D800}", "hexadecimal literal is not a Unicode scalar value");
	refused("\\u{110000}", "hexadecimal literal is not a Unicode scalar value");
	refused("\\u{}", "hexadecimal literal empty");
	refused("\\u{4G}", "invalid hexadecimal digit");
	refused("\\u004", "incomplete escape sequence, reached end of pattern prematurely");
	/* Rust has no \cX; PCRE2's would take a class's ']' as its character (found by fuzz_rxsyntax) */
	refused("\\cA", "unrecognized escape sequence");
	refused("[a[bG\\c]]", "unrecognized escape sequence");

	/* word boundaries PCRE2 would read as literal < and > */
	tr("\\<word\\>", "(?<!\\w)(?=\\w)word(?<=\\w)(?!\\w)");
	tr("\\b{start}w\\b{end}", "(?<!\\w)(?=\\w)w(?<=\\w)(?!\\w)");
	tr("\\b{start-half}w\\b{end-half}", "(?<!\\w)w(?!\\w)");
	tr("[\\<>]", "[\\<>]");
	tr("\\b{2}", "\\b{2}");
	refused("\\b{middle}",
		"unrecognized special word boundary assertion, valid choices are: start, end, start-half or end-half");
	refused("\\b{start",
		"special word boundary assertion is either unclosed or contains an invalid character");

	/* \v is a vertical tab in Rust, vertical space in PCRE2 */
	tr("a\\vb", "a\\x{B}b");

	/* class set operations and nested classes, which PCRE2 reads as literal text */
	tr("[a-z&&[^aeiou]]", "(?:(?=[a-z])[^aeiou])");
	tr("[a-z--q]", "(?:(?![q])[a-z])");
	tr("[a-g~~b-h]", "(?:(?(?=[a-g])(?![b-h])|(?=[b-h]))(?s:.))");
	{ /* a chain of ~~ grows linearly (found by fuzz_rxsyntax: it doubled per operation) */
		struct buf chain = BUF_INIT, out = BUF_INIT;
		buf_addc(&chain, '[');
		for (int i = 0; i < 30; i++)
			buf_adds(&chain, "a~~");
		buf_adds(&chain, "b]");
		unit_check(!rxsyntax_translate(chain.data, false, &out) && out.len < 64 * chain.len,
			   "30 symmetric differences translate to %zu bytes", out.len);
		buf_release(&chain);
		buf_release(&out);
	}
	/* a class as rhs of ~~ is written once, in a DEFINE group (a nesting of them doubled per level;
	 * found by fuzz_rxsyntax); a plain class is still written twice (the control above) */
	tr("[a~~[b~~c]]", "(?:(?(DEFINE)(?<_lets_sd0>(?:(?(?=[b])(?![c])|(?=[c]))(?s:.))))"
			  "(?(?=[a])(?!(?&_lets_sd0))|(?=(?&_lets_sd0)))(?s:.))");
	{
		struct buf nest = BUF_INIT, out = BUF_INIT;
		for (int i = 0; i < 30; i++)
			buf_adds(&nest, "[a~~");
		buf_addc(&nest, 'b');
		for (int i = 0; i < 30; i++)
			buf_addc(&nest, ']');
		unit_check(!rxsyntax_translate(nest.data, false, &out) && out.len < 64 * nest.len,
			   "30 nested symmetric differences translate to %zu bytes", out.len);
		buf_release(&nest);
		buf_release(&out);
	}
	tr("[a[bc]]", "(?:[a]|[bc])");
	tr("[^a[bc]]", "(?:(?!(?:[a]|[bc]))(?s:.))");
	tr("[a-z&&b-y&&c]", "(?:(?=(?:(?=[a-z])[b-y]))[c])");
	tr("[]a]", "[\\]a]");
	tr("[a^]", "[a\\^]");
	tr("[a&b~c-]", "[a&b~c-]");
	refused("[a-z&&[^aeiou]", "unclosed character class");

	/* flags: Rust's R and u mean nothing to PCRE2 here ((?R) would be recursion there) */
	tr("(?R)x", "x");
	tr("(?Ri)x", "(?i)x");
	tr("(?u:x)", "(?:x)");
	tr("(?i-s:x)", "(?i-s:x)");
	refused("(?-u)x", "Unicode-unaware matching (?-u) is not supported");
	refused("(?i-)x", "dangling flag negation operator");

	/* \A and \z in a many-line subject are each line's start and end, as ripgrep reads them */
	{
		struct buf out = BUF_INIT;
		unit_check(!rxsyntax_translate("\\Aab\\z", true, &out), "\\A…\\z over lines is accepted");
		unit_str("\\A…\\z over lines reads as ^…$", buf_str(&out), "^ab$");
		buf_release(&out);
	}
	tr("\\Aab\\z", "\\Aab\\z");

	/* PCRE2's compile errors in Rust's words */
	unit_str("missing ) is an unclosed group", rxsyntax_error_words(114), "unclosed group");
	unit_str("missing ] is an unclosed class", rxsyntax_error_words(106), "unclosed character class");
	unit_str("a quantifier with nothing before it", rxsyntax_error_words(109),
		 "repetition operator missing expression");
	unit_str("an unknown escape", rxsyntax_error_words(103), "unrecognized escape sequence");
	unit_check(rxsyntax_error_words(125) == NULL, "an error Rust has no words for keeps PCRE2's");
	return unit_end();
}
