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

/* An independent reading of Unicode table 3-7: decode each code point and refuse overlongs,
 * surrogates and values past U+10FFFF. The reference utf8_valid's word-at-a-time scan must agree
 * with wherever the sequence falls. */
static bool ref_valid(const unsigned char *s, size_t n)
{
	size_t i = 0;
	while (i < n) {
		unsigned char c = s[i];
		size_t len = c < 0x80             ? 1
			     : (c & 0xE0) == 0xC0 ? 2
			     : (c & 0xF0) == 0xE0 ? 3
			     : (c & 0xF8) == 0xF0 ? 4
						  : 0;
		if (!len || i + len > n)
			return false;
		unsigned long cp = len == 1 ? c : len == 2 ? c & 0x1Fu : len == 3 ? c & 0x0Fu : c & 0x07u;
		for (size_t k = 1; k < len; k++) {
			if ((s[i + k] & 0xC0) != 0x80)
				return false;
			cp = cp << 6 | (s[i + k] & 0x3Fu);
		}
		static const unsigned long least[5] = {0, 0, 0x80, 0x800, 0x10000};
		if (cp < least[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
			return false;
		i += len;
	}
	return true;
}

/* Each sequence at every offset from 0 to 33 inside ASCII (so on, across and after the 16- and
 * 8-byte steps the scan takes, and in the overlapping last word), followed by 0 to 9 ASCII bytes,
 * against ref_valid. */
static void valid_at_every_offset(void)
{
	static const struct {
		const char *name, *s;
		bool valid;
	} seqs[] = {
		{"2-byte", "\xc3\xa9", true},
		{"3-byte", "\xe2\x94\x80", true},
		{"4-byte", "\xf0\x9f\x98\x80", true},
		{"U+10FFFF", "\xf4\x8f\xbf\xbf", true},
		{"U+D7FF, the last before the surrogates", "\xed\x9f\xbf", true},
		{"U+E000, the first after them", "\xee\x80\x80", true},
		{"two 4-byte in a row", "\xf0\x9f\x98\x80\xf0\x9f\x98\x81", true},
		{"lone continuation", "\x80", false},
		{"0xff", "\xff", false},
		{"0xfe", "\xfe", false},
		{"overlong C0 AF", "\xc0\xaf", false},
		{"overlong C1 BF", "\xc1\xbf", false},
		{"overlong E0 80 80", "\xe0\x80\x80", false},
		{"overlong E0 9F BF", "\xe0\x9f\xbf", false},
		{"overlong F0 8F BF BF", "\xf0\x8f\xbf\xbf", false},
		{"surrogate ED A0 80", "\xed\xa0\x80", false},
		{"surrogate ED BF BF", "\xed\xbf\xbf", false},
		{"above U+10FFFF", "\xf4\x90\x80\x80", false},
		{"F5 lead", "\xf5\x80\x80\x80", false},
		{"3-byte missing its last", "\xe2\x94", false},
		{"4-byte missing its last", "\xf0\x9f\x98", false},
		{"2-byte lead then ASCII", "\xc3(", false},
		{"valid then a stray continuation", "\xc3\xa9\xa9", false},
	};
	for (size_t i = 0; i < sizeof(seqs) / sizeof(seqs[0]); i++) {
		size_t len = strlen(seqs[i].s), wrong = 0, first_pre = 0, first_post = 0;
		for (size_t pre = 0; pre <= 33; pre++)
			for (size_t post = 0; post <= 9; post++) {
				char t[64];
				memset(t, 'a', sizeof(t));
				memcpy(t + pre, seqs[i].s, len);
				size_t n = pre + len + post;
				bool ref = ref_valid((const unsigned char *)t, n);
				if (utf8_valid(t, n) != ref || ref != seqs[i].valid) {
					if (!wrong++)
						first_pre = pre, first_post = post;
				}
			}
		unit_check(!wrong, "utf8_valid: %s at every offset (first wrong: %zu before, %zu after)",
			   seqs[i].name, first_pre, first_post);
	}
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
	unit_long("utf8_valid: 16 ASCII bytes", utf8_valid("0123456789abcdef", 16), 1);
	unit_long("utf8_valid: 0x7f is ASCII", utf8_valid("0123456\x7f", 8), 1);
	unit_long("utf8_valid: only the first n bytes count", utf8_valid("01234567\xff", 8), 1);
	valid_at_every_offset();

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
