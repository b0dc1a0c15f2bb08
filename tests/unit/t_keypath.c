/* The key-path grammar (keypath.h): what a key reads as, how it prints, and that every printed
 * key reads back as itself, so a header is always a path the next call accepts. */
#include <string.h>

#include "buf.h"
#include "keypath.h"
#include "unit.h"

/* One typed path: its keys joined by '|' with a '!' after a literal one, or "" when it does not
 * split into keys. */
static const struct {
	const char *path, *keys;
} splits[] = {
	{"server.port", "server|port"},
	{"\"a.b\"", "a.b!"},
	{"deps.my\\.dep", "deps|my.dep!"},
	{"deps.\"my.dep\".x", "deps|my.dep!|x"},
	{"\"say \\\"hi\\\"\"", "say \"hi\"!"},
	{"\"C:\\dir\"", "C:\\dir!"}, /* inside quotes only \" and \\ escape */
	{"\"back\\\\slash\"", "back\\slash!"},
	{"a\\b", "a\\b"}, /* a backslash before anything else is itself */
	{"a\\[0\\]", "a[0]!"},
	{"\"\"", "!"},
	{"Client.Pull", "Client|Pull"},
	{"$.a.b", "$|a|b"},
	{"a..b", ""},
	{"a.", ""},
	{"", ""},
	{"\"a.b", ""}, /* unclosed */
	{"\"a\"b", ""}, /* text after the closing quote */
	{"a[0]", ""},
	{"a=1", ""},
};

/* One key and how it prints. */
static const struct {
	const char *key, *printed;
} prints[] = {
	{"port", "port"},
	{"runs-on", "runs-on"},
	{"$schema", "$schema"},
	{"io.containerd.grpc.v1.cri", "\"io.containerd.grpc.v1.cri\""},
	{"my key", "\"my key\""},
	{"a[0]", "\"a[0]\""},
	{"a=b", "\"a=b\""},
	{"#tag", "\"#tag\""},
	{"it's", "\"it's\""},
	{"say \"hi\"", "\"say \\\"hi\\\"\""},
	{"C:\\dir", "\"C:\\\\dir\""},
	{"", "\"\""},
	{"tab\there", "\"tab\there\""},
	{"caf\xc3\xa9", "caf\xc3\xa9"},
};

/* Text between a file's quotes, decoded. */
static const struct {
	const char *raw;
	char quote;
	const char *want;
} unescapes[] = {
	{"say \\\"hi\\\"", '"', "say \"hi\""},
	{"a\\\\b", '"', "a\\b"},
	{"\\u0041\\n", '"', "A\n"},
	{"\\u00e9", '"', "\xc3\xa9"},
	{"\\ud83d\\ude00", '"', "\xf0\x9f\x98\x80"},
	{"\\U0001F600", '"', "\xf0\x9f\x98\x80"},
	{"\\ud83d", '"', "\\ud83d"}, /* a lone surrogate is kept as written */
	{"\\q", '"', "\\q"},
	{"it''s", '\'', "it's"},
	{"a\\b", '\'', "a\\b"},
};

static const struct {
	const char *key, *want;
} occurs[] = {
	{"my.dep", "my.dep"},
	{"say \"hi\"", "say "},
	{"\"", "\""},
	{"a\\bcd", "bcd"},
};

static void split_case(const char *path, const char *want)
{
	struct keypath_keys k = KEYPATH_KEYS_INIT;
	struct buf got = BUF_INIT;
	if (keypath_split(path, &k)) {
		for (size_t i = 0; i < k.n; i++)
			buf_addf(&got, "%s%s%s", i ? "|" : "", k.v[i], k.literal[i] ? "!" : "");
	}
	char name[120];
	snprintf(name, sizeof name, "split %s", path);
	unit_str(name, buf_str(&got), want);
	buf_release(&got);
	keypath_keys_release(&k);
}

/* A printed key reads back as the key, literal exactly when it was quoted. */
static void print_case(const char *key, const char *want)
{
	struct buf p = BUF_INIT, back = BUF_INIT;
	keypath_key_print(&p, key, strlen(key), false);
	char name[120];
	snprintf(name, sizeof name, "print %s", key);
	unit_str(name, buf_str(&p), want);
	bool literal = false;
	const char *why = NULL;
	size_t used = keypath_key_read(buf_str(&p), &back, &literal, &why);
	snprintf(name, sizeof name, "print %s: reads back", key);
	unit_check(used == p.len && !strcmp(buf_str(&back), key) && literal == (p.data[0] == '"'), "%s",
		   name);
	buf_release(&p);
	buf_release(&back);
}

int main(void)
{
	unit_begin("keypath");
	for (size_t i = 0; i < sizeof splits / sizeof *splits; i++)
		split_case(splits[i].path, splits[i].keys);
	for (size_t i = 0; i < sizeof prints / sizeof *prints; i++)
		print_case(prints[i].key, prints[i].printed);
	for (size_t i = 0; i < sizeof unescapes / sizeof *unescapes; i++) {
		struct buf b = BUF_INIT;
		keypath_unescape(&b, unescapes[i].raw, strlen(unescapes[i].raw), unescapes[i].quote);
		char name[120];
		snprintf(name, sizeof name, "unescape %c%s", unescapes[i].quote, unescapes[i].raw);
		unit_str(name, buf_str(&b), unescapes[i].want);
		buf_release(&b);
	}
	for (size_t i = 0; i < sizeof occurs / sizeof *occurs; i++) {
		struct buf b = BUF_INIT;
		keypath_key_occurs(&b, occurs[i].key);
		char name[120];
		snprintf(name, sizeof name, "occurs %s", occurs[i].key);
		unit_str(name, buf_str(&b), occurs[i].want);
		buf_release(&b);
	}
	struct buf all = BUF_INIT;
	unit_check(keypath_quote_all("a.b", &all) && !strcmp(all.data, "\"a\".\"b\""), "quote all: a.b");
	buf_truncate(&all, 0);
	unit_check(!keypath_quote_all("\"a\".\"b\"", &all), "quote all: no change");
	buf_truncate(&all, 0);
	unit_check(!keypath_quote_all("a[0]", &all), "quote all: not keys");
	buf_release(&all);
	struct buf forced = BUF_INIT;
	keypath_key_print(&forced, "name", 4, true);
	unit_str("a forced quote", buf_str(&forced), "\"name\"");
	buf_release(&forced);
	return unit_end();
}
