/* UTF-8 facts (utf8.h): sequence lengths, the span one invalid sequence covers (one U+FFFD each,
 * as Rust's from_utf8_lossy), validity, lossy appending, cutting on a character boundary, and
 * blank and trimmed text. */
#include "buf.h"
#include "utf8.h"
#include "unit.h"

static void lossy(const char *name, const char *in, size_t n, const char *want)
{
	struct buf b = BUF_INIT;
	utf8_add_lossy(&b, in, n);
	unit_bytes(name, b.data ? b.data : "", b.len, want);
	buf_release(&b);
}

int main(void)
{
	unit_begin("t_utf8");
	const struct {
		const char *name;
		const char *s;
		size_t n;
		size_t seq, span;
	} seqs[] = {
		{"ASCII", "a", 1, 1, 0},
		{"2-byte é", "\xc3\xa9", 2, 2, 0},
		{"3-byte ─", "\xe2\x94\x80", 3, 3, 0},
		{"4-byte 😀", "\xf0\x9f\x98\x80", 4, 4, 0},
		{"lone continuation", "\x80", 1, 0, 1},
		{"0xff", "\xff", 1, 0, 1},
		{"overlong C0", "\xc0\xaf", 2, 0, 1},
		{"truncated 3-byte",
		 "\xe2\x82"
		 "x",
		 3, 0, 2},
		{"truncated 4-byte at the end", "\xf0\x9f\x98", 3, 0, 3},
		{"surrogate ED A0", "\xed\xa0\x80", 3, 0, 1},
		{"above U+10FFFF", "\xf4\x90\x80\x80", 4, 0, 1},
		{"2-byte cut short by the end", "\xc3", 1, 0, 1},
	};
	for (size_t i = 0; i < sizeof(seqs) / sizeof(seqs[0]); i++) {
		char name[120];
		snprintf(name, sizeof(name), "utf8_seq_len: %s", seqs[i].name);
		unit_long(name, (long)utf8_seq_len((const unsigned char *)seqs[i].s, seqs[i].n),
			  (long)seqs[i].seq);
		if (!seqs[i].seq) {
			snprintf(name, sizeof(name), "utf8_invalid_span: %s", seqs[i].name);
			unit_long(name, (long)utf8_invalid_span((const unsigned char *)seqs[i].s, seqs[i].n),
				  (long)seqs[i].span);
		}
	}

	unit_long("utf8_valid: empty", utf8_valid("", 0), 1);
	unit_long("utf8_valid: ASCII and multibyte", utf8_valid("caf\xc3\xa9 \xe2\x94\x80", 9), 1);
	unit_long("utf8_valid: a lone 0xe9", utf8_valid("caf\xe9", 4), 0);
	unit_long("utf8_valid: a sequence cut by the length", utf8_valid("\xc3\xa9", 1), 0);
	unit_long("utf8_valid: NUL is valid UTF-8", utf8_valid("a\0b", 3), 1);

	lossy("lossy: valid text unchanged", "caf\xc3\xa9", 5, "caf\xc3\xa9");
	lossy("lossy: one invalid byte", "caf\xe9", 4, "caf\xef\xbf\xbd");
	lossy("lossy: a truncated sequence is one U+FFFD", "x\xe2\x82y", 4, "x\xef\xbf\xbdy");
	lossy("lossy: overlong is two", "\xc0\xaf", 2, "\xef\xbf\xbd\xef\xbf\xbd");
	lossy("lossy: surrogate is three", "\xed\xa0\x80", 3, "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
	lossy("lossy: above U+10FFFF is four", "\xf4\x90\x80\x80", 4,
	      "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
	lossy("lossy: invalid then ASCII (\\xc3 then '(')", "bad \xc3\x28 7", 8, "bad \xef\xbf\xbd( 7");
	lossy("lossy: truncated at the end", "ok\xf0\x9f\x98", 5, "ok\xef\xbf\xbd");

	const char *s = "ab\xc3\xa9"
			"cd\xe2\x94\x80";
	size_t n = strlen(s); /* a b é(2) c d ─(3) = 9 bytes */
	const long floors[][2] = {{0, 0}, {2, 2}, {3, 2}, {4, 4}, {6, 6}, {7, 6}, {8, 6}, {9, 9}, {50, 9}};
	for (size_t i = 0; i < sizeof(floors) / sizeof(floors[0]); i++) {
		char name[80];
		snprintf(name, sizeof(name), "utf8_floor(max %ld)", floors[i][0]);
		unit_long(name, (long)utf8_floor(s, n, (size_t)floors[i][0]), floors[i][1]);
	}

	unit_long("utf8_blank: empty", utf8_blank("", 0), 1);
	unit_long("utf8_blank: space, tab, CR, LF", utf8_blank(" \t\r\n", 4), 1);
	unit_long("utf8_blank: one letter among spaces", utf8_blank("  x ", 4), 0);
	unit_long("utf8_blank: a vertical tab is not blank", utf8_blank("\v", 1), 0);
	unit_long("utf8_blank: a non-breaking space is not blank", utf8_blank("\xc2\xa0", 2), 0);
	unit_long("utf8_blank: only the first n bytes count", utf8_blank("  x", 2), 1);
	const struct {
		const char *name, *in, *want;
	} trims[] = {
		{"both ends", " \t a b \r\n", "a b"},
		{"inner whitespace kept", "a \t b", "a \t b"},
		{"all blank", " \n ", ""},
		{"nothing to trim", "x", "x"},
		{"a non-breaking space stays", "\xc2\xa0x ", "\xc2\xa0x"},
	};
	for (size_t i = 0; i < sizeof(trims) / sizeof(trims[0]); i++) {
		char name[80];
		const char *t = trims[i].in;
		size_t tn = strlen(t);
		utf8_trim(&t, &tn);
		snprintf(name, sizeof(name), "utf8_trim: %s", trims[i].name);
		unit_bytes(name, t, tn, trims[i].want);
	}
	return unit_end();
}
