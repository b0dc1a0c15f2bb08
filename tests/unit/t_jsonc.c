/* The JSON(C) lexer (format/jsonc.h): the one answer every JSON reader in lets gives on blanks,
 * comments (where a line comment ends, CRLF and a lone CR; one left open), a byte-order mark,
 * trailing commas, strings (lenient and strict), numbers, values, and the copy jansson reads. */
#include "buf.h"
#include "format/jsonc.h"
#include "unit.h"
#include "utf8.h"

/* Offsets in a NUL-terminated literal. */
static size_t len(const char *s)
{
	return strlen(s);
}

static void comments(void)
{
	bool open = false;
	const char *s = "// note\n1";
	unit_long("a line comment ends before its LF", (long)jsonc_comment(s, 0, len(s), &open), 7);
	s = "// note\r\n1";
	unit_long("a line comment ends before the CR of a CRLF", (long)jsonc_comment(s, 0, len(s), &open), 7);
	s = "// a\rb\n1";
	unit_long("a lone CR does not end a line comment (tree-sitter-json's reading)",
		  (long)jsonc_comment(s, 0, len(s), &open), 6);
	s = "// at the end";
	unit_long("a line comment at the end runs to it", (long)jsonc_comment(s, 0, len(s), &open),
		  (long)len(s));
	s = "/* a\nb */1";
	unit_long("a block comment ends after its close", (long)jsonc_comment(s, 0, len(s), &open), 9);
	unit_check(!open, "a closed block comment is not open");
	s = "/*/ 1";
	unit_long("\"/*/\" opens a comment that never closes", (long)jsonc_comment(s, 0, len(s), &open),
		  (long)len(s));
	unit_check(open, "it is open");
	s = "/ 1";
	unit_long("a lone slash is no comment", (long)jsonc_comment(s, 0, len(s), NULL), 0);
	s = " \t\r\n// x\n /* y */ 1";
	unit_long("blanks and comments are skipped together", (long)jsonc_blank(s, 0, len(s), NULL), 18);
	unit_long("jsonc_space skips no comment", (long)jsonc_space("  // x", 0, 6), 2);
	s = "{\"a\": \"/* not a comment\"} /* open";
	unit_long("jsonc_unclosed: the comment left open, outside strings", (long)jsonc_unclosed(s, len(s)),
		  26);
	s = "{\"a\": \"/* not a comment\"} /* closed */";
	unit_long("jsonc_unclosed: none", (long)jsonc_unclosed(s, len(s)), (long)len(s));
	unit_long("a BOM is not content", (long)utf8_bom("\xEF\xBB\xBF{}", 5), 3);
	unit_long("no BOM", (long)utf8_bom("{}", 2), 0);
}

static void strings(void)
{
	const char *s = "\"a\\\"b\" x";
	unit_long("jsonc_string: an escaped quote stays inside", (long)jsonc_string(s, 0, len(s)), 6);
	unit_long("jsonc_string: never closed runs to n", (long)jsonc_string("\"ab", 0, 3), 3);
	unit_long("strict: a plain string", (long)jsonc_string_strict(s, 0, len(s)), 6);
	s = "\"caf\xC3\xA9 \\u00e9 \\ud83d\"";
	unit_long("strict: a lone surrogate escape is not vouched for",
		  (long)jsonc_string_strict(s, 0, len(s)), 0);
	s = "\"caf\xC3\xA9 \\u00e9\"";
	unit_long("strict: UTF-8 and a \\u escape", (long)jsonc_string_strict(s, 0, len(s)), (long)len(s));
	unit_long("strict: a tab inside", (long)jsonc_string_strict("\"a\tb\"", 0, 5), 0);
	unit_long("strict: invalid UTF-8", (long)jsonc_string_strict("\"\xC3\"", 0, 3), 0);
	unit_long("strict: \\u0000", (long)jsonc_string_strict("\"\\u0000\"", 0, 8), 0);
	unit_long("strict: an unknown escape", (long)jsonc_string_strict("\"\\x\"", 0, 4), 0);
	unit_long("strict: never closed", (long)jsonc_string_strict("\"ab", 0, 3), 0);

	struct buf b = BUF_INIT;
	size_t i = 0;
	s = "\"a\\n\\u00e9\\ud83d\\ude00\" ";
	unit_check(jsonc_decode(s, len(s), &i, &b) && i == len(s) - 1, "decode: escapes and a pair");
	unit_bytes("decode: the text", b.data, b.len, "a\n\xC3\xA9\xF0\x9F\x98\x80");
	buf_release(&b);
	i = 0;
	unit_check(!jsonc_decode("\"\\u0000\"", 8, &i, &b), "decode: \\u0000 refused");
	buf_release(&b);
	i = 0;
	unit_check(!jsonc_decode("\"\\udc00\"", 8, &i, &b), "decode: a lone low surrogate refused");
	buf_release(&b);
	i = 0;
	unit_check(!jsonc_decode("\"\\\0\"", 4, &i, &b),
		   "decode: a backslash before a NUL byte is no escape");
	buf_release(&b);
}

static void numbers_values(void)
{
	const struct {
		const char *s;
		size_t end;
	} nums[] = {
		{"0", 1},  {"-12.5e+3,", 8}, {"1e400]", 5}, {"01", 1}, {"-", 0},
		{"1.", 0}, {"1e", 0},        {".5", 0},     {"x", 0},
	};
	for (size_t k = 0; k < sizeof(nums) / sizeof(nums[0]); k++)
		unit_long(nums[k].s, (long)jsonc_number(nums[k].s, 0, len(nums[k].s)), (long)nums[k].end);
	const char *s = "{\"a\": [1, \"]\", /* } */ 2]} , x";
	unit_long("value: a container through its close", (long)jsonc_value(s, 0, len(s)), 26);
	s = "true// c";
	unit_long("value: a scalar stops at a comment", (long)jsonc_value(s, 0, len(s)), 4);
	s = "12 ,";
	unit_long("value: a scalar stops at a blank", (long)jsonc_value(s, 0, len(s)), 2);
}

static void copy(const char *name, const char *in, unsigned flags, const char *want, size_t want_ret)
{
	size_t n = len(in);
	char out[128];
	size_t r = jsonc_to_json(in, n, flags, out);
	char what[160];
	unit_bytes(name, out, n, want);
	snprintf(what, sizeof(what), "%s: what it returns", name);
	unit_long(what, (long)r, (long)want_ret);
}

static void to_json(void)
{
	copy("comments become spaces, LFs kept", "[1, // x\r\n/* a\nb */ 2]", 0, "[1,     \r\n    \n     2]",
	     22);
	copy("a trailing comma stays without JSONC_TRAILING", "[1,]", 0, "[1,]", 4);
	copy("a trailing comma goes with it", "{\"a\": 1, /* c */ }", JSONC_TRAILING, "{\"a\": 1          }",
	     18);
	copy("a comma after '[' or ':' is no trailing comma", "[,] {\"a\":,}", JSONC_TRAILING,
	     "[,] {\"a\":,}", 11);
	copy("numbers become 0", "[12345, -1.5e400, \"9\"]", JSONC_NUMBERS, "[0    , 0       , \"9\"]", 22);
	copy("a leading zero ends a number: the digits after it are one more, for jansson to refuse", "[012]",
	     JSONC_NUMBERS, "[00 ]", 5);
	copy("a comment left open: its offset, the rest as it was", "[1] /* x", 0, "[1] /* x", 4);
	copy("a comment in a string is text", "[\"// x\"]", 0, "[\"// x\"]", 8);
}

int main(void)
{
	unit_begin("jsonc");
	comments();
	strings();
	numbers_values();
	to_json();
	return unit_end();
}
