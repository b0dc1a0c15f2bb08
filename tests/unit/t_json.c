/* json_str / json_cstr / json_key: RFC 8259 escaping, invalid UTF-8 as U+FFFD so the output
 * always parses, valid multibyte text passed through as is. */
#include "buf.h"
#include "json.h"
#include "unit.h"

static const struct {
	const char *name;
	const char *in;
	size_t n; /* 0: strlen(in) */
	const char *want;
} cases[] = {
	{"plain text", "plain", 0, "\"plain\""},
	{"empty string", "", 0, "\"\""},
	{"double quote", "say \"hi\"", 0, "\"say \\\"hi\\\"\""},
	{"backslash", "a\\b", 0, "\"a\\\\b\""},
	{"newline", "a\nb", 0, "\"a\\nb\""},
	{"tab", "\tx", 0, "\"\\tx\""},
	{"carriage return", "a\r\n", 0, "\"a\\r\\n\""},
	{"backspace and form feed", "\b\f", 0, "\"\\b\\f\""},
	{"control 0x01 as \\u0001",
	 "\x01"
	 "bell",
	 0, "\"\\u0001bell\""},
	{"control 0x1b as \\u001b", "\x1b[0m", 0, "\"\\u001b[0m\""},
	{"control 0x1f as \\u001f", "\x1f", 0, "\"\\u001f\""},
	{"NUL inside the string", "a\0b", 3, "\"a\\u0000b\""},
	{"DEL passes through", "\x7f", 0, "\"\x7f\""},
	{"slash is not escaped", "a/b", 0, "\"a/b\""},
	{"two-byte UTF-8 passes through", "caf\xc3\xa9", 0, "\"caf\xc3\xa9\""},
	{"three-byte UTF-8 passes through", "\xe2\x94\x80\xe2\x94\x80 \xc2\xb7", 0,
	 "\"\xe2\x94\x80\xe2\x94\x80 \xc2\xb7\""},
	{"four-byte UTF-8 passes through", "\xf0\x9f\x98\x80", 0, "\"\xf0\x9f\x98\x80\""},
	{"a lone invalid byte becomes U+FFFD", "caf\xe9", 0, "\"caf\xef\xbf\xbd\""},
	{"0xff becomes U+FFFD", "\xff", 0, "\"\xef\xbf\xbd\""},
	{"a truncated 3-byte sequence is one U+FFFD",
	 "a\xe2\x82"
	 "b",
	 0,
	 "\"a\xef\xbf\xbd"
	 "b\""},
	{"a truncated 4-byte sequence at the end is one U+FFFD", "x\xf0\x9f\x98", 0, "\"x\xef\xbf\xbd\""},
	{"an overlong encoding is two U+FFFD", "\xc0\xaf", 0, "\"\xef\xbf\xbd\xef\xbf\xbd\""},
	{"a surrogate is three U+FFFD", "\xed\xa0\x80", 0, "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\""},
	{"above U+10FFFF is four U+FFFD", "\xf4\x90\x80\x80", 0,
	 "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\""},
	{"a lone continuation byte is one U+FFFD", "\x80x", 0, "\"\xef\xbf\xbdx\""},
	{"invalid byte then a quote", "\xff\"", 0, "\"\xef\xbf\xbd\\\"\""},
	{"the spec's error message", "--old not found in usage.ts\n  nearest: line 5\t  const cap = 20", 0,
	 "\"--old not found in usage.ts\\n  nearest: line 5\\t  const cap = 20\""},
	{"the regex of a grep-style reading", "count\\|total", 0, "\"count\\\\|total\""},
};

/* Each byte that needs attention at every offset 0-33 of a run of plain text (so at each lane of
 * the 16-byte scan, across two of its steps and in the byte tail after them), with 0-2 plain
 * bytes after it: written as the cases above say, the text around it unchanged. */
static void escapes_at_every_offset(void)
{
	static const struct {
		const char *name, *in, *want;
		size_t n;
	} specials[] = {
		{"a quote", "\"", "\\\"", 1},
		{"a backslash", "\\", "\\\\", 1},
		{"a newline", "\n", "\\n", 1},
		{"NUL", "\0", "\\u0000", 1},
		{"0x1f", "\x1f", "\\u001f", 1},
		{"a space (plain)", " ", " ", 1},
		{"DEL (plain)", "\x7f", "\x7f", 1},
		{"a 2-byte character", "\xc3\xa9", "\xc3\xa9", 2},
		{"a 4-byte character", "\xf0\x9f\x98\x80", "\xf0\x9f\x98\x80", 4},
		{"0x80", "\x80", "\xef\xbf\xbd", 1},
		{"0xff", "\xff", "\xef\xbf\xbd", 1},
	};
	for (size_t i = 0; i < sizeof(specials) / sizeof(specials[0]); i++) {
		size_t wrong = 0, first = 0;
		for (size_t pre = 0; pre <= 33; pre++)
			for (size_t post = 0; post <= 2; post++) {
				char in[48], want[64];
				memset(in, 'x', sizeof(in));
				memcpy(in + pre, specials[i].in, specials[i].n);
				size_t n = pre + specials[i].n + post;
				snprintf(want, sizeof(want), "\"%.*s%s%.*s\"", (int)pre, in, specials[i].want,
					 (int)post, "xx");
				struct buf b = BUF_INIT;
				json_str(&b, in, n);
				if ((b.len != strlen(want) || memcmp(b.data, want, b.len)) && !wrong++)
					first = pre;
				buf_release(&b);
			}
		unit_check(!wrong, "json_str: %s at every offset (first wrong after %zu bytes)",
			   specials[i].name, first);
	}
}

int main(void)
{
	unit_begin("t_json");
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct buf b = BUF_INIT;
		size_t n = cases[i].n ? cases[i].n : strlen(cases[i].in);
		json_str(&b, cases[i].in, n);
		unit_bytes(cases[i].name, b.data ? b.data : "", b.len, cases[i].want);
		buf_release(&b);
	}

	struct buf b = BUF_INIT;
	json_cstr(&b, "tab\there");
	unit_bytes("json_cstr escapes like json_str", b.data, b.len, "\"tab\\there\"");
	buf_release(&b);

	json_key(&b, "tokens_est");
	unit_bytes("json_key writes the key and a colon", b.data, b.len, "\"tokens_est\":");
	buf_release(&b);

	buf_adds(&b, "{");
	json_key(&b, "a");
	json_cstr(&b, "x");
	buf_adds(&b, ",");
	json_key(&b, "b");
	json_cstr(&b, "y");
	buf_adds(&b, "}");
	unit_bytes("appending builds one object", b.data, b.len, "{\"a\":\"x\",\"b\":\"y\"}");
	buf_release(&b);

	/* A long string crosses any internal chunking. */
	char big[5000];
	memset(big, 'q', sizeof(big));
	big[2500] = '"';
	json_str(&b, big, sizeof(big));
	bool ok = b.len == sizeof(big) + 3 && b.data[0] == '"' && b.data[b.len - 1] == '"' &&
		  !memcmp(b.data + 2501, "\\\"", 2);
	unit_check(ok, "a 5000-byte string with a quote in the middle");
	buf_release(&b);
	escapes_at_every_offset();
	return unit_end();
}
