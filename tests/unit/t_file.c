/* File facts (file.h): the line index (empty file, no trailing newline, CRLF counting, the line
 * holding an offset, one line's display form), binary
 * detection, sha, line_display (lossy UTF-8, the 1000-byte cut on a character boundary), and
 * file_load's refusals with the spec's messages. */
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alloc.h"
#include "buf.h"
#include "error.h"
#include "file.h"
#include "unit.h"

/* Indexes a copy of the bytes, as file_load would after reading them. */
static void index_bytes(struct file *f, const char *data, size_t n)
{
	*f = (struct file)FILE_INIT;
	f->data = xmalloc(n + 1);
	memcpy(f->data, data, n);
	f->data[n] = '\0';
	f->size = n;
	file_index(f);
}

static void line_index(void)
{
	const struct {
		const char *name;
		const char *data;
		size_t n; /* 0: strlen */
		long lines, crlf, lf;
		bool dominant_crlf;
		const char *texts[4];
	} cases[] = {
		{"empty file: zero lines", "", 0, 0, 0, 0, false, {0}},
		{"one line with a newline", "a\n", 0, 1, 0, 1, false, {"a"}},
		{"two lines", "a\nb\n", 0, 2, 0, 2, false, {"a", "b"}},
		{"no trailing newline: the last line still counts",
		 "first\nlast",
		 0,
		 2,
		 0,
		 1,
		 false,
		 {"first", "last"}},
		{"one line without a newline", "x", 0, 1, 0, 0, false, {"x"}},
		{"a lone newline is one empty line", "\n", 0, 1, 0, 1, false, {""}},
		{"empty lines in the middle", "a\n\n\nb\n", 0, 4, 0, 4, false, {"a", "", "", "b"}},
		{"CRLF lines: text without \\r",
		 "alpha\r\nbeta\r\ngamma\r\n",
		 0,
		 3,
		 3,
		 0,
		 true,
		 {"alpha", "beta", "gamma"}},
		{"two CRLF of three: dominant CRLF",
		 "one\r\ntwo\r\nthree\n",
		 0,
		 3,
		 2,
		 1,
		 true,
		 {"one", "two", "three"}},
		{"one CRLF of three: not dominant",
		 "one\r\ntwo\nthree\n",
		 0,
		 3,
		 1,
		 2,
		 false,
		 {"one", "two", "three"}},
		{"a lone \\r stays in the text", "a\rb\n", 0, 1, 0, 1, false, {"a\rb"}},
		{"CRLF last line without a newline", "a\r\nb", 0, 2, 1, 0, true, {"a", "b"}},
		{"a NUL byte does not end a line", "a\0b\n", 4, 1, 0, 1, false, {"a\0b"}},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct file f;
		size_t n = cases[i].n ? cases[i].n : strlen(cases[i].data);
		index_bytes(&f, cases[i].data, n);
		char name[160];
		snprintf(name, sizeof(name), "%s: line count", cases[i].name);
		unit_long(name, (long)f.n_lines, cases[i].lines);
		snprintf(name, sizeof(name), "%s: CRLF and LF counts", cases[i].name);
		if (!unit_check((long)f.crlf_lines == cases[i].crlf && (long)f.lf_lines == cases[i].lf, "%s",
				name))
			printf("  expected %ld crlf %ld lf, got %zu %zu\n", cases[i].crlf, cases[i].lf,
			       f.crlf_lines, f.lf_lines);
		snprintf(name, sizeof(name), "%s: file_crlf", cases[i].name);
		unit_long(name, file_crlf(&f), cases[i].dominant_crlf);
		snprintf(name, sizeof(name), "%s: index bounds", cases[i].name);
		unit_check(f.line_start != NULL && f.line_start[0] == 0 && f.line_start[f.n_lines] == f.size,
			   "%s", name);
		for (size_t l = 1; l <= f.n_lines && l <= 4 && (long)l <= cases[i].lines; l++) {
			const char *text = NULL;
			size_t len = file_line(&f, l, &text);
			const char *want = cases[i].texts[l - 1];
			size_t want_n =
				strcmp(cases[i].name, "a NUL byte does not end a line") ? strlen(want) : 3;
			snprintf(name, sizeof(name), "%s: line %zu", cases[i].name, l);
			bool ok = len == want_n && !memcmp(text, want, want_n);
			if (!unit_check(ok, "%s", name)) {
				fputs("  got ", stdout);
				unit_show(text, len);
				putchar('\n');
			}
		}
		file_release(&f);
	}

	/* A long file: the index holds every line. */
	struct buf b = BUF_INIT;
	for (int i = 1; i <= 212; i++)
		buf_addf(&b, "export const v%d = %d\n", i, i);
	struct file f;
	index_bytes(&f, b.data, b.len);
	unit_long("212-line file: line count", (long)f.n_lines, 212);
	const char *text;
	size_t len = file_line(&f, 150, &text);
	unit_bytes("212-line file: line 150", text, len, "export const v150 = 150");
	file_release(&f);
	buf_release(&b);
}

/* Byte offsets of "ab\ncd\n\nef": a=0 \n=2 c=3 \n=5 \n=6 e=7 f=8, size 9. */
static void line_at(void)
{
	struct file f;
	index_bytes(&f, "ab\ncd\n\nef", 9);
	const long want[][2] = {{0, 1}, {2, 1}, {3, 2}, {5, 2}, {6, 3}, {7, 4}, {8, 4}, {9, 4}, {50, 4}};
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		char name[80];
		snprintf(name, sizeof(name), "file_line_at: offset %ld", want[i][0]);
		unit_long(name, file_line_at(&f, (size_t)want[i][0]), want[i][1]);
	}
	file_release(&f);
	index_bytes(&f, "", 0);
	unit_long("file_line_at: an empty file is line 1", file_line_at(&f, 0), 1);
	file_release(&f);

	index_bytes(&f, "ok\r\nbad \xe9\r\n", 11);
	struct buf b = BUF_INIT;
	bool lossy = false, cut = true;
	file_line_display(&b, &f, 2, &lossy, &cut);
	unit_bytes("file_line_display: line 2 without its CRLF, lossy", b.data, b.len, "bad \xef\xbf\xbd");
	unit_long("file_line_display: lossy reported", lossy, 1);
	unit_long("file_line_display: cut reported", cut, 0);
	buf_truncate(&b, 0);
	file_line_display(&b, &f, 1, NULL, NULL);
	unit_bytes("file_line_display: flags may be NULL", b.data, b.len, "ok");
	buf_release(&b);
	file_release(&f);
}

static void binary(void)
{
	const struct {
		const char *name;
		const char *data;
		size_t n;
		bool want;
	} cases[] = {
		{"plain text is not binary", "hello\n", 6, false},
		{"empty is not binary", "", 0, false},
		{"a NUL byte is binary", "head\0tail\n", 10, true},
		{"a NUL at the end is binary", "abc\0", 4, true},
		{"UTF-16LE BOM is binary", "\xff\xfeh\0i\0", 6, true},
		{"UTF-16BE BOM without NUL is binary", "\xfe\xffhello\n", 8, true},
		{"UTF-8 BOM is text", "\xef\xbb\xbfhello\n", 9, false},
		{"invalid UTF-8 is text", "caf\xe9\n", 5, false},
		{"a lone 0xff is text", "\xff\n", 2, false},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		unit_long(cases[i].name, file_is_binary(cases[i].data, cases[i].n), cases[i].want);
}

static void sha(void)
{
	char out[13];
	sha12("", 0, out);
	unit_str("sha12 of nothing (the spec's empty file)", out, "af1349b9f5f9");
	const char cfg[] = "export const usageCap = 10\nexport const retries = 3\n";
	sha12(cfg, sizeof(cfg) - 1, out);
	unit_str("sha12 of the spec's src/config.ts", out, "4f49d457dfea");

	struct file f;
	index_bytes(&f, cfg, sizeof(cfg) - 1);
	unit_str("file_sha of the spec's src/config.ts", file_sha(&f), "4f49d457dfea");
	unit_str("file_sha a second time", file_sha(&f), "4f49d457dfea");
	file_release(&f);
}

static void display(const char *name, const char *in, size_t n, const char *want, bool want_lossy,
		    bool want_cut)
{
	struct buf b = BUF_INIT;
	bool lossy = !want_lossy, cut = !want_cut;
	line_display(&b, in, n, &lossy, &cut);
	char full[160];
	snprintf(full, sizeof(full), "line_display: %s", name);
	unit_bytes(full, b.data ? b.data : "", b.len, want);
	snprintf(full, sizeof(full), "line_display: %s: lossy flag", name);
	unit_long(full, lossy, want_lossy);
	snprintf(full, sizeof(full), "line_display: %s: cut flag", name);
	unit_long(full, cut, want_cut);
	buf_release(&b);
}

/* Builds "<fill x count><tail>" in a heap string. */
static char *repeat(char fill, size_t count, const char *tail)
{
	size_t t = strlen(tail);
	char *s = xmalloc(count + t + 1);
	memset(s, fill, count);
	memcpy(s + count, tail, t + 1);
	return s;
}

static void displays(void)
{
	display("short ASCII is unchanged", "  const cap = 10", 16, "  const cap = 10", false, false);
	display("empty line", "", 0, "", false, false);
	display("valid UTF-8 is unchanged", "caf\xc3\xa9 \xe2\x94\x80", 9, "caf\xc3\xa9 \xe2\x94\x80", false,
		false);
	display("an invalid byte becomes U+FFFD", "caf\xe9", 4, "caf\xef\xbf\xbd", true, false);
	display("a truncated sequence is one U+FFFD", "x\xe2\x82y", 4, "x\xef\xbf\xbdy", true, false);
	display("an overlong pair is two U+FFFD", "\xc0\xafz", 3, "\xef\xbf\xbd\xef\xbf\xbdz", true, false);
	display("an invalid lead then ASCII", "bad \xc3\x28 7", 8, "bad \xef\xbf\xbd( 7", true, false);

	char *s = repeat('a', 1000, "");
	char *want = repeat('a', 1000, "");
	display("exactly 1000 bytes is not cut", s, 1000, want, false, false);
	free(s);
	free(want);

	s = repeat('a', 1001, "");
	want = repeat('a', 1000, "\xe2\x80\xa6");
	display("1001 ASCII bytes: 1000 bytes then the ellipsis", s, 1001, want, false, true);
	free(s);
	free(want);

	s = repeat('a', 1500, "");
	display("1500 ASCII bytes: 1000 bytes then the ellipsis", s, 1500,
		want = repeat('a', 1000, "\xe2\x80\xa6"), false, true);
	free(s);
	free(want);

	s = repeat('a', 999,
		   "\xc3\xa9"
		   "bbbbbbbbbb");
	want = repeat('a', 999, "\xe2\x80\xa6");
	display("a 2-byte character straddling byte 1000 is dropped whole", s, strlen(s), want, false, true);
	free(s);
	free(want);

	s = repeat('a', 998,
		   "\xc3\xa9"
		   "bbb");
	want = repeat('a', 998, "\xc3\xa9\xe2\x80\xa6");
	display("a 2-byte character ending at byte 1000 is kept", s, strlen(s), want, false, true);
	free(s);
	free(want);

	s = repeat('a', 998,
		   "\xf0\x9f\x98\x80"
		   "b");
	want = repeat('a', 998, "\xe2\x80\xa6");
	display("a 4-byte character straddling byte 1000 is dropped whole", s, strlen(s), want, false, true);
	free(s);
	free(want);

	s = repeat('a', 997,
		   "\xe2\x94\x80"
		   "cc");
	want = repeat('a', 997, "\xe2\x94\x80\xe2\x80\xa6");
	display("a 3-byte character ending exactly at byte 1000 is kept", s, strlen(s), want, false, true);
	free(s);
	free(want);
}

static void write_file(const char *path, const char *data, size_t n)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || write(fd, data, n) != (ssize_t)n) {
		perror(path);
		exit(2);
	}
	close(fd);
}

static void load(const char *name, const char *path, long max, enum lets_err want, const char *message)
{
	struct file f = FILE_INIT;
	struct diag d = DIAG_INIT;
	enum lets_err e = file_load(&f, NULL, path, max, &d);
	char full[160];
	snprintf(full, sizeof(full), "file_load: %s: result", name);
	unit_long(full, e, want);
	snprintf(full, sizeof(full), "file_load: %s: message", name);
	unit_str(full, d.n ? d.items[0].message : "", message);
	file_release(&f);
	diag_release(&d);
}

static void loads(void)
{
	char dir[] = "/tmp/t_file.XXXXXX";
	if (!mkdtemp(dir) || chdir(dir)) {
		perror("mkdtemp");
		exit(2);
	}
	write_file("small.md", "# lets\n\nOne grammar every verb speaks.\n", 38);
	write_file("empty.md", "", 0);
	write_file("bin.dat", "head\0tail\n", 10);
	write_file("utf16.txt", "\xff\xfeh\0i\0", 6);
	write_file("linked.ts", "x\n", 2);
	if (link("linked.ts", "hard.ts") || mkdir("sub", 0755)) {
		perror("setup");
		exit(2);
	}

	load("a readable file", "small.md", 8388608, LETS_OK, "");
	struct file f = FILE_INIT;
	struct diag d = DIAG_INIT;
	if (file_load(&f, NULL, "small.md", 8388608, &d) == LETS_OK) {
		unit_long("file_load: the line index is built", (long)f.n_lines, 3);
		const char *text;
		size_t len = file_line(&f, 3, &text);
		unit_bytes("file_load: line 3", text, len, "One grammar every verb speaks.");
		unit_check(f.data[f.size] == '\0', "file_load: data is NUL-terminated");
	}
	file_release(&f);
	diag_release(&d);

	load("an empty file is a valid target", "empty.md", 8388608, LETS_OK, "");
	f = (struct file)FILE_INIT;
	if (file_load(&f, NULL, "empty.md", 8388608, &d) == LETS_OK) {
		unit_long("file_load: empty file has zero lines", (long)f.n_lines, 0);
		unit_str("file_load: empty file sha", file_sha(&f), "af1349b9f5f9");
	}
	file_release(&f);
	diag_release(&d);

	load("a missing file", "nope.ts", 8388608, E_NOT_FOUND,
	     "nope.ts: No such file or directory (os error 2)");
	load("a directory", "sub", 8388608, E_UNSUPPORTED_FILE,
	     "sub is unsupported: a directory \xC2\xB7 search it with lets find <pattern> sub");
	load("a NUL byte", "bin.dat", 8388608, E_UNSUPPORTED_FILE, "bin.dat is unsupported: binary file");
	load("a UTF-16 BOM", "utf16.txt", 8388608, E_UNSUPPORTED_FILE,
	     "utf16.txt is unsupported: binary file");
	load("a hardlinked file", "hard.ts", 8388608, E_UNSUPPORTED_FILE,
	     "hard.ts is unsupported: hardlinked file");
	load("the other name of a hardlinked file", "linked.ts", 8388608, E_UNSUPPORTED_FILE,
	     "linked.ts is unsupported: hardlinked file");
	load("over --max-file-bytes", "small.md", 37, E_UNSUPPORTED_FILE,
	     "small.md is unsupported: 38 bytes, over the 37-byte limit");
	load("exactly --max-file-bytes", "small.md", 38, LETS_OK, "");

	unlink("small.md");
	unlink("empty.md");
	unlink("bin.dat");
	unlink("utf16.txt");
	unlink("linked.ts");
	unlink("hard.ts");
	rmdir("sub");
	if (chdir("/") == 0)
		rmdir(dir);
}

/* file_count_lines agrees with the line index file_index builds, on every shape of ending. */
static void counts(void)
{
	static const char *const cases[] = {"", "a", "a\n", "a\nb", "a\r\nb\r\n", "\n\n", "x\n\ny"};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct file f = FILE_INIT;
		f.size = strlen(cases[i]);
		f.data = xstrndup(cases[i], f.size);
		file_index(&f);
		unit_long(cases[i], (long)file_count_lines(cases[i], strlen(cases[i])), (long)f.n_lines);
		file_release(&f);
	}
	unit_long("newlines of a\nb", (long)file_count_newlines("a\nb", 3), 1);
}

struct scan_seen {
	int calls;
	size_t size;
	unsigned long sum; /* of the bytes, so every byte was readable */
	bool nul_after;
};

static void scan_cb(void *ctx, const char *data, size_t size)
{
	struct scan_seen *seen = ctx;
	seen->calls++;
	seen->size = size;
	seen->sum = 0;
	for (size_t i = 0; i < size; i++)
		seen->sum += (unsigned char)data[i];
	seen->nul_after = size < FILE_SCAN_MMAP_MIN && data[size] == '\0';
}

static void scan(const char *name, const char *path, bool follow, long max, enum file_scan_status want,
		 size_t want_size)
{
	struct buf scratch = BUF_INIT;
	struct scan_seen seen = {0};
	char full[160];
	snprintf(full, sizeof(full), "file_scan: %s: status", name);
	unit_long(full, file_scan(NULL, path, follow, max, &scratch, scan_cb, &seen), want);
	snprintf(full, sizeof(full), "file_scan: %s: callback calls", name);
	unit_long(full, seen.calls, want == FILE_SCAN_OK);
	if (want == FILE_SCAN_OK) {
		snprintf(full, sizeof(full), "file_scan: %s: size", name);
		unit_long(full, (long)seen.size, (long)want_size);
		snprintf(full, sizeof(full), "file_scan: %s: every byte is 'x'", name);
		unit_check(seen.sum == 'x' * want_size, "%s", full);
		if (want_size < FILE_SCAN_MMAP_MIN) {
			snprintf(full, sizeof(full), "file_scan: %s: read bytes end in NUL", name);
			unit_check(seen.nul_after, "%s", full);
		}
	}
	buf_release(&scratch);
}

/* Small (one probe), medium (probe then reads) and large (mapped) files give the callback every
 * byte; a file over the limit, a symlink found by the walk, a missing file and a fifo do not. */
static void scans(void)
{
	char dir[] = "/tmp/t_file_scan.XXXXXX";
	if (!mkdtemp(dir) || chdir(dir)) {
		perror("mkdtemp");
		exit(2);
	}
	static const size_t sizes[] = {
		0, 10, 32 * 1024, 100000, FILE_SCAN_MMAP_MIN, FILE_SCAN_MMAP_MIN + 4097};
	char *x = xmalloc(FILE_SCAN_MMAP_MIN + 4097);
	memset(x, 'x', FILE_SCAN_MMAP_MIN + 4097);
	for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
		char name[64];
		snprintf(name, sizeof(name), "%zu bytes", sizes[i]);
		write_file("f", x, sizes[i]);
		scan(name, "f", false, 8388608, FILE_SCAN_OK, sizes[i]);
		if (sizes[i]) {
			snprintf(name, sizeof(name), "%zu bytes, one over the limit", sizes[i]);
			scan(name, "f", false, (long)sizes[i] - 1, FILE_SCAN_TOO_LARGE, 0);
			snprintf(name, sizeof(name), "%zu bytes, exactly the limit", sizes[i]);
			scan(name, "f", false, (long)sizes[i], FILE_SCAN_OK, sizes[i]);
		}
	}
	free(x);
	if (symlink("f", "link") || mkfifo("fifo", 0644)) {
		perror("setup");
		exit(2);
	}
	scan("a symlink the walk found", "link", false, 8388608, FILE_SCAN_UNREADABLE, 0);
	scan("a symlink named on the command line", "link", true, 8388608, FILE_SCAN_OK,
	     FILE_SCAN_MMAP_MIN + 4097);
	scan("a missing file", "nope", false, 8388608, FILE_SCAN_UNREADABLE, 0);
	scan("a fifo with no writer reads empty, without blocking", "fifo", true, 8388608, FILE_SCAN_OK, 0);
	unlink("f");
	unlink("link");
	unlink("fifo");
	if (chdir("/") == 0)
		rmdir(dir);
}

/* file_index_lazy answers every question as the full index does, whatever order they come in:
 * random files (short and long lines, with and without a last newline, CRLF) asked about random
 * lines and bytes, near (the line walk), far ahead and far behind (the block counts), and often
 * enough that the walks' budget runs out and the full index is built after all. */
static void lazy_index(void)
{
	unsigned long seed = 12345, disagree = 0, asked = 0, built = 0;
	for (int round = 0; round < 40; round++) {
		struct buf text = BUF_INIT;
		size_t lines = 1 + (size_t)(round * 97 % 3000);
		for (size_t i = 0; i < lines; i++) {
			seed = seed * 6364136223846793005UL + 1442695040888963407UL;
			size_t len = (seed >> 33) % (round % 3 ? 60 : 300);
			for (size_t k = 0; k < len; k++)
				buf_addc(&text, (char)('a' + k % 26));
			buf_adds(&text, round % 5 == 1 ? "\r\n" : "\n");
		}
		if (round % 4 == 3 && text.len)
			buf_truncate(&text, text.len - 1); /* no newline at the end */
		struct file full, lazy;
		index_bytes(&full, text.data, text.len);
		index_bytes(&lazy, text.data, text.len);
		file_index_lazy(&lazy);
		if (!unit_check(lazy.line_start == NULL && lazy.n_lines == full.n_lines,
				"round %d: n_lines %zu of %zu", round, lazy.n_lines, full.n_lines))
			continue;
		for (int q = 0; q < 400; q++) {
			if (q % 4 == 0 && q < 360)
				file_index_lazy(
					&lazy); /* a fresh walk: the budget runs out only at the end */
			seed = seed * 6364136223846793005UL + 1442695040888963407UL;
			size_t r = seed >> 33;
			size_t n = 1 + r % (full.n_lines + 1), b = (r >> 7) % (full.size + 1);
			const char *t1, *t2;
			size_t l1 = n <= full.n_lines ? file_line(&full, n, &t1) : 0;
			size_t l2 = n <= full.n_lines ? file_line(&lazy, n, &t2) : 0;
			asked++;
			if (file_line_offset(&full, n) != file_line_offset(&lazy, n) ||
			    file_row_at(&full, b) != file_row_at(&lazy, b) ||
			    file_line_at(&full, b) != file_line_at(&lazy, b) || l1 != l2 ||
			    (n <= full.n_lines && t1 - full.data != t2 - lazy.data))
				disagree++;
		}
		built += lazy.line_start == NULL && file_line_offset(&lazy, 1) == 0;
		file_release(&full);
		file_release(&lazy);
		buf_release(&text);
	}
	unit_check(disagree == 0, "lazy index: %lu of %lu answers differ from the full index", disagree,
		   asked);
	unit_check(built == 40, "lazy files keep line_start NULL (%lu of 40)", built);
}

/* The index as a line-at-a-time walk finds it (the way file_index worked before it scanned in
 * steps): each line's start, and its ending, CRLF when the '\r' is inside the line. */
static size_t ref_index(const char *d, size_t n, size_t *starts, size_t *crlf, size_t *lf)
{
	size_t lines = 0, p = 0;
	*crlf = *lf = 0;
	while (p < n) {
		starts[lines++] = p;
		const char *nl = memchr(d + p, '\n', n - p);
		if (!nl)
			break;
		size_t k = (size_t)(nl - d);
		if (k > p && d[k - 1] == '\r')
			(*crlf)++;
		else
			(*lf)++;
		p = k + 1;
	}
	starts[lines] = n;
	return lines;
}

/* file_index against ref_index: the index is the same whatever the bytes and wherever the line
 * breaks fall in the scan's 16-byte steps. */
static bool index_agrees(const char *d, size_t n)
{
	size_t want[128], crlf, lf;
	size_t lines = ref_index(d, n, want, &crlf, &lf);
	struct file f;
	index_bytes(&f, d, n);
	bool ok = f.n_lines == lines && f.crlf_lines == crlf && f.lf_lines == lf &&
		  !memcmp(f.line_start, want, (lines + 1) * sizeof(size_t));
	file_release(&f);
	return ok;
}

static void index_at_every_offset(void)
{
	static const char *const breaks[] = {"\n", "\r\n", "\r", "\n\n", "\r\n\r\n", "\n\r\n"};
	for (size_t b = 0; b < sizeof(breaks) / sizeof(breaks[0]); b++) {
		size_t wrong = 0, first = 0;
		for (size_t pre = 0; pre <= 40; pre++)
			for (size_t post = 0; post <= 2; post++) {
				char d[64];
				memset(d, 'a', sizeof(d));
				memcpy(d + pre, breaks[b], strlen(breaks[b]));
				if (!index_agrees(d, pre + strlen(breaks[b]) + post) && !wrong++)
					first = pre;
			}
		unit_check(!wrong, "file_index: break %zu at every offset 0-40 (first wrong at %zu)", b,
			   first);
	}
	/* random bytes of a, '\r' and '\n' (a fixed seed: the same cases every run) */
	unsigned long seed = 12345, wrong = 0;
	for (int t = 0; t < 2000; t++) {
		char d[100];
		size_t n = (size_t)(t % 100);
		for (size_t k = 0; k < n; k++) {
			seed = seed * 6364136223846793005UL + 1442695040888963407UL;
			d[k] = "aa\r\n"[seed >> 62];
		}
		wrong += !index_agrees(d, n);
	}
	unit_check(!wrong, "file_index: 2000 random mixes of a, CR and LF (%lu wrong)", wrong);
}

int main(void)
{
	unit_begin("t_file");
	lazy_index();
	counts();
	index_at_every_offset();
	line_index();
	line_at();
	binary();
	sha();
	displays();
	loads();
	scans();
	return unit_end();
}
