#include "chunk.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../alloc.h"

static bool word_byte(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
	       c >= 0x80;
}

static bool starts_end(const char *s, size_t n)
{
	return n >= 3 && !memcmp(s, "end", 3) && (n == 3 || !word_byte((unsigned char)s[3]));
}

static size_t line_end(const char *data, size_t len, size_t start)
{
	const char *nl = memchr(data + start, '\n', len - start);
	return nl ? (size_t)(nl - data) : len;
}

size_t chunk_line_start(const char *data, size_t at)
{
	while (at > 0 && data[at - 1] != '\n')
		at--;
	return at;
}

/* data[s..e) is a lone word and a colon ("exit:", "else:", "public:"): a C or Go label at
 * column 0, a Python clause, a C++ access specifier — the inside of an item, never its start
 * ("Outer::f" is not one). */
static bool label_line(const char *data, size_t s, size_t e)
{
	size_t i = s;
	while (i < e && word_byte((unsigned char)data[i]))
		i++;
	if (i == s)
		return false;
	while (i < e && (data[i] == ' ' || data[i] == '\t'))
		i++;
	return i < e && data[i] == ':' && (i + 1 == e || data[i + 1] != ':');
}

/* The line starting at byte s begins at column 0 with something that can start an item. */
static bool opens_item(const char *data, size_t len, size_t s)
{
	size_t e = line_end(data, len, s);
	char c = s < e ? data[s] : '\n';
	return !(c == '\n' || c == ' ' || c == '\t' || c == '\r' || c == '}' || c == ')' || c == ']' ||
		 starts_end(data + s, e - s) || label_line(data, s, e));
}

/* The line starting at byte s can start an item. Under a lexis (lx, else NULL), a line of
 * comment alone does only when the first line of code after it can: a column-0 comment above
 * an indented line (Python's "##" over a function's next statement) is inside the body around
 * it, and a cut there would end that body early and hand its rest to the item before. */
static bool boundary(const char *data, size_t len, size_t s, const struct chunk_lexis *lx)
{
	if (!opens_item(data, len, s))
		return false;
	if (s > 0) {
		size_t ps = chunk_line_start(data, s - 1), pe = s - 1;
		bool closer = ps < pe && (data[ps] == '}' || data[ps] == ')' || data[ps] == ']' ||
					  starts_end(data + ps, pe - ps));
		if (!closer && !chunk_blank(data + ps, pe - ps))
			return false;
	}
	if (!lx)
		return true;
	size_t code = chunk_code_start(data, s, len, lx);
	return code == s || code >= len || opens_item(data, len, code);
}

size_t chunk_item_start(const char *data, size_t len, size_t at)
{
	return chunk_item_start_lx(data, len, at, NULL);
}

size_t chunk_item_end(const char *data, size_t len, size_t at)
{
	return chunk_item_end_lx(data, len, at, NULL);
}

size_t chunk_item_start_lx(const char *data, size_t len, size_t at, const struct chunk_lexis *lx)
{
	size_t s = chunk_line_start(data, at < len ? at : len);
	while (s > 0 && !boundary(data, len, s, lx))
		s = chunk_line_start(data, s - 1);
	return s;
}

size_t chunk_item_end_lx(const char *data, size_t len, size_t at, const struct chunk_lexis *lx)
{
	size_t s = chunk_line_start(data, at < len ? at : len);
	for (;;) {
		size_t e = line_end(data, len, s);
		if (e >= len)
			return len;
		s = e + 1;
		if (s >= len || boundary(data, len, s, lx))
			return s;
	}
}

/* Past a character literal at i ('x', '\n', '\u{1F600}', a UTF-8 character), or i for a
 * lifetime ('a): only a closing quote within a few bytes makes a character. */
static size_t char_literal_end(const char *d, size_t len, size_t i)
{
	size_t max = d[i + 1 < len ? i + 1 : i] == '\\' ? 12 : 5;
	for (size_t j = i + 2; j < len && j <= i + max; j++) {
		if (d[j] == '\'')
			return j + 1;
		if (d[j] == '\n')
			break;
	}
	return i;
}

/* The end (exclusive) of the string or comment opening at i, or i when none opens there. A
 * quote that cannot span lines ends at the end of the line, so a stray one (an apostrophe in a
 * preprocessor line) costs at most that line. */
static size_t skip_literal(const char *d, size_t len, size_t i, const struct chunk_lexis *lx)
{
	char c = d[i];
	const char *end;
	if (lx->slash_comments && c == '/' && i + 1 < len && (d[i + 1] == '/' || d[i + 1] == '*')) {
		if (d[i + 1] == '/')
			return (end = memchr(d + i, '\n', len - i)) ? (size_t)(end - d) : len;
		return (end = memmem(d + i + 2, len - i - 2, "*/", 2)) ? (size_t)(end - d) + 2 : len;
	}
	if (lx->hash_comments && c == '#')
		return (end = memchr(d + i, '\n', len - i)) ? (size_t)(end - d) : len;
	if (lx->triple_quotes && (c == '"' || c == '\'') && i + 2 < len && d[i + 1] == c && d[i + 2] == c) {
		for (size_t j = i + 3; j + 2 < len; j++) {
			if (d[j] == '\\')
				j++;
			else if (d[j] == c && d[j + 1] == c && d[j + 2] == c)
				return j + 3;
		}
		return len;
	}
	if (c == '\'' && lx->char_literals)
		return char_literal_end(d, len, i);
	bool multi = (c == '`' && lx->backticks) || (c == '"' && lx->multiline_dq);
	if (!multi && c != '"' && !(c == '\'' && lx->single_quotes))
		return i;
	if (c == '`' && !lx->backticks)
		return i;
	size_t j = i + 1;
	for (; j < len && d[j] != c && (multi || d[j] != '\n'); j++)
		if (d[j] == '\\')
			j++;
	return j < len ? j + 1 : len;
}

/* The bytes skip_literal can open something at, under lx. */
static void opener_table(bool opens[256], const struct chunk_lexis *lx)
{
	memset(opens, 0, 256 * sizeof *opens);
	opens['"'] = opens['\''] = opens['`'] = true;
	opens['/'] = lx->slash_comments;
	opens['#'] = lx->hash_comments;
}

/* The first byte in d[i..stop) that can open a literal (opens), or stop. Most bytes of code open
 * nothing, and the scan reads up to a whole large file for every -p and #name lookup, so 16 bytes
 * are compared at a time against the five openers. */
static size_t next_opener(const char *d, size_t i, size_t stop, const bool opens[256])
{
#if defined(__SSE2__)
	const __m128i dq = _mm_set1_epi8('"'), sq = _mm_set1_epi8('\''), bt = _mm_set1_epi8('`'),
		      sl = _mm_set1_epi8(opens['/'] ? '/' : '"'), hs = _mm_set1_epi8(opens['#'] ? '#' : '"');
	for (; i + 16 <= stop; i += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(d + i));
		__m128i m = _mm_or_si128(
			_mm_or_si128(_mm_cmpeq_epi8(v, dq), _mm_cmpeq_epi8(v, sq)),
			_mm_or_si128(_mm_cmpeq_epi8(v, bt),
				     _mm_or_si128(_mm_cmpeq_epi8(v, sl), _mm_cmpeq_epi8(v, hs))));
		unsigned mask = (unsigned)_mm_movemask_epi8(m);
		if (mask)
			return i + (unsigned)__builtin_ctz(mask);
	}
#endif
	while (i < stop && !opens[(unsigned char)d[i]])
		i++;
	return i;
}

/* Scans on from s->to until at least to (or len), recording each literal that spans a newline:
 * the offsets asked about are line starts, and only such a literal can hold one. */
static void scan_to(struct chunk_scan *s, const char *data, size_t len, const struct chunk_lexis *lx,
		    size_t to)
{
	bool opens[256];
	opener_table(opens, lx);
	size_t i = s->to, stop = to < len ? to : len;
	while (i < stop) {
		i = next_opener(data, i, stop, opens);
		if (i == stop)
			break;
		size_t e = skip_literal(data, len, i, lx);
		if (e > i + 1 && memchr(data + i, '\n', e - 1 - i)) {
			if (s->n + 2 > s->cap) {
				s->cap = s->cap ? 2 * s->cap : 64;
				s->lit = xrealloc(s->lit, s->cap * sizeof *s->lit);
			}
			s->lit[s->n++] = i;
			s->lit[s->n++] = e;
		}
		i = e > i ? e : i + 1;
	}
	s->to = i;
}

/* chunk_match_braces' scan, from byte from (in code, at or before opens[0]). */
static bool match_braces_from(const char *data, size_t len, const struct chunk_lexis *lx, size_t from,
			      const size_t *opens, size_t n, size_t *closes)
{
	bool special[256];
	opener_table(special, lx);
	special['{'] = special['}'] = true;
	size_t *stack = NULL, depth = 0, cap = 0, found = 0;
	bool ok = true;
	for (size_t k = 0; k < n; k++)
		closes[k] = len;
	for (size_t i = n ? from : len; i < len && ok; i++) {
		if (!special[(unsigned char)data[i]])
			continue;
		if (data[i] == '{') {
			XGROW(stack, cap, depth + 1);
			stack[depth++] = i;
		} else if (data[i] == '}') {
			if (!depth)
				ok = false;
			else if (--depth, found < n) {
				/* opens ascending: the one closed here, if asked for, is found by bisection */
				size_t lo = 0, hi = n;
				while (lo < hi) {
					size_t mid = lo + (hi - lo) / 2;
					if (opens[mid] < stack[depth])
						lo = mid + 1;
					else
						hi = mid;
				}
				if (lo < n && opens[lo] == stack[depth])
					closes[lo] = i, found++;
			}
		} else {
			size_t e = skip_literal(data, len, i, lx);
			if (e > i + 1)
				i = e - 1;
		}
	}
	free(stack);
	/* a brace left open or a namespace never closed: the text cannot say where its items lie */
	return ok && !depth && found == n;
}

bool chunk_match_braces(const char *data, size_t len, const struct chunk_lexis *lx, const size_t *opens,
			size_t n, size_t *closes)
{
	return match_braces_from(data, len, lx, n ? opens[0] : len, opens, n, closes);
}

size_t chunk_namespace_close(const char *data, size_t len, const struct chunk_lexis *lx, size_t name,
			     size_t name_end)
{
	static const char kw[] = "namespace";
	const size_t kl = sizeof kw - 1;
	size_t p = name; /* back over "a::" qualifiers and blanks to the keyword */
	while (p > 0 && (word_byte((unsigned char)data[p - 1]) || data[p - 1] == ':' || data[p - 1] == ' ' ||
			 data[p - 1] == '\t' || data[p - 1] == '\n' || data[p - 1] == '\r'))
		p--;
	while (p < name && !word_byte((unsigned char)data[p]))
		p++;
	if (name - p < kl || memcmp(data + p, kw, kl) || word_byte((unsigned char)data[p + kl]))
		return SIZE_MAX;
	size_t open = name_end;
	while (open < len && strchr(" \t\r\n", data[open]))
		open++;
	size_t close;
	/* the whole file's braces must balance, as a namespace nested in another closes before it */
	if (open >= len || data[open] != '{' || !match_braces_from(data, len, lx, 0, &open, 1, &close))
		return SIZE_MAX;
	return close;
}

bool chunk_blank(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
			return false;
	return true;
}

size_t chunk_code_start(const char *data, size_t a, size_t b, const struct chunk_lexis *lx)
{
	size_t p = a;
	while (p < b) {
		size_t e = line_end(data, b, p), q = p;
		while (q < e && (data[q] == ' ' || data[q] == '\t' || data[q] == '\r'))
			q++;
		bool line_comment = q + 1 < e && lx->slash_comments && data[q] == '/' && data[q + 1] == '/';
		if (q < e && lx->hash_comments && data[q] == '#')
			line_comment = true;
		if (q == e || line_comment) {
			p = e < b ? e + 1 : b;
			continue;
		}
		if (!lx->slash_comments || q + 1 >= e || data[q] != '/' || data[q + 1] != '*')
			return p;
		/* a block comment counts only when nothing but blanks follows it on its last line */
		const char *close = memmem(data + q + 2, b - q - 2, "*/", 2);
		if (!close)
			return p;
		size_t t = (size_t)(close - data) + 2;
		while (t < b && (data[t] == ' ' || data[t] == '\t' || data[t] == '\r'))
			t++;
		if (t < b && data[t] != '\n')
			return p;
		p = t < b ? t + 1 : b;
	}
	return b;
}

static char opener_of(char close)
{
	return close == '}' ? '{' : close == ')' ? '(' : '[';
}

/* Ends the line s is building at end and starts the next at end + 1, inside the brackets open[0..
 * depth) (list: which hold a list). */
static void next_line(struct chunk_shape *s, size_t *cap, struct chunk_line *cur, size_t end, bool in_literal,
		      const char *open, const bool *list, size_t depth)
{
	cur->end = end;
	cur->ends_in_literal = in_literal;
	XGROW(s->lines, *cap, s->n_lines + 1);
	s->lines[s->n_lines++] = *cur;
	*cur = (struct chunk_line){.start = end + 1,
				   .depth = depth,
				   .low = depth,
				   .inner = depth ? open[depth - 1] : 0,
				   .in_list = depth && list[depth - 1]};
}

bool chunk_shape(const char *data, size_t a, size_t b, const struct chunk_lexis *lx, struct chunk_shape *s)
{
	bool special[256];
	opener_table(special, lx);
	special['\n'] = special['{'] = special['}'] = special['('] = special[')'] = special['['] =
		special[']'] = true;
	*s = (struct chunk_shape){0};
	/* the open brackets, whether each holds a list, and for each '{' its entry in s->blocks */
	char *open = NULL;
	bool *list = NULL;
	size_t *block_of = NULL, depth = 0, cap_open = 0, cap_list = 0, cap_block_of = 0, cap_lines = 0,
	       cap_blocks = 0;
	struct chunk_line cur = {.start = a};
	char prev = 0; /* the last byte of code before i, on any line */
	bool ok = true;
	for (size_t i = a; i < b && ok; i++) {
		char c = data[i];
		if (!special[(unsigned char)c]) {
			if (c != ' ' && c != '\t' && c != '\r')
				cur.last = prev = c;
			continue;
		}
		if (c == '\n') {
			next_line(s, &cap_lines, &cur, i, false, open, list, depth);
		} else if (c == '{' || c == '(' || c == '[') {
			XGROW(open, cap_open, depth + 1);
			XGROW(list, cap_list, depth + 1);
			XGROW(block_of, cap_block_of, depth + 1);
			if (c == '{') {
				XGROW(s->blocks, cap_blocks, s->n_blocks + 1);
				s->blocks[s->n_blocks] = (struct chunk_block){i, b};
				block_of[depth] = s->n_blocks++;
			}
			list[depth] = c != '{' || prev == ',' || prev == '(' || prev == '[';
			open[depth++] = c;
			cur.last = prev = c;
		} else if (c == '}' || c == ')' || c == ']') {
			ok = depth && open[depth - 1] == opener_of(c);
			if (ok && c == '}')
				s->blocks[block_of[depth - 1]].close = i;
			depth -= ok;
			cur.low = depth < cur.low ? depth : cur.low;
			cur.last = prev = c;
		} else {
			size_t e = skip_literal(data, b, i, lx);
			if (e == i) {
				cur.last = prev = c;
				continue;
			}
			/* a string or comment: its newlines end lines inside it */
			for (size_t k = i; k < e; k++)
				if (data[k] == '\n') {
					next_line(s, &cap_lines, &cur, k, true, open, list, depth);
					cur.starts_in_literal = k + 1 < e;
				}
			bool comment = c == '/' || c == '#';
			if (!comment && data[e - 1] != '\n')
				cur.last = prev = data[e - 1];
			i = e - 1;
		}
	}
	if (ok && cur.start < b)
		next_line(s, &cap_lines, &cur, b, false, open, list, depth);
	free(open);
	free(list);
	free(block_of);
	if (!ok || depth) {
		chunk_shape_release(s);
		return false;
	}
	return true;
}

void chunk_shape_release(struct chunk_shape *s)
{
	free(s->lines);
	free(s->blocks);
	*s = (struct chunk_shape){0};
}

bool chunk_scan_in_code(struct chunk_scan *s, const char *data, size_t len, const struct chunk_lexis *lx,
			const size_t *at, size_t n)
{
	if (n && at[n - 1] > s->to)
		scan_to(s, data, len, lx, at[n - 1]);
	for (size_t k = 0; k < n; k++) {
		/* the last literal opened before at[k] holds it when it ends past it */
		size_t lo = 0, hi = s->n / 2;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (s->lit[2 * mid] < at[k])
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo > 0 && s->lit[2 * (lo - 1) + 1] > at[k])
			return false;
	}
	return true;
}

void chunk_scan_release(struct chunk_scan *s)
{
	free(s->lit);
	*s = (struct chunk_scan){0};
}

bool chunk_in_code(const char *data, size_t len, const struct chunk_lexis *lx, const size_t *at, size_t n)
{
	struct chunk_scan s = {0};
	bool ok = chunk_scan_in_code(&s, data, len, lx, at, n);
	chunk_scan_release(&s);
	return ok;
}
