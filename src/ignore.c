#include "ignore.h"

#include <ctype.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alloc.h"
#include "buf.h"

/* git's own shortcuts (dir.c), kept because they change results, not only speed: the literal
 * prefix of an anchored pattern is compared before wildmatch sees the rest, so "**" right after
 * that prefix counts as leading. */
enum rule_kind {
	RK_LITERAL, /* no wildcard at all: byte equality */
	RK_SUFFIX, /* "*literal" on a basename */
	RK_GLOB,
};

struct ignore_rule {
	char *pat; /* leading "/" and trailing "/" removed */
	size_t len;
	size_t prefix; /* bytes before the first of * ? [ \ */
	enum rule_kind kind;
	bool negate, dir_only, basename;
};

static bool glob_special(unsigned char c)
{
	return c == '*' || c == '?' || c == '[' || c == '\\';
}

static size_t simple_length(const char *p, size_t n)
{
	size_t i = 0;
	while (i < n && !glob_special((unsigned char)p[i]))
		i++;
	return i;
}

/* git's trim_trailing_spaces: trailing blanks go unless the first of them is escaped. */
static size_t trim_trailing_spaces(const char *s, size_t n)
{
	size_t last_space = (size_t)-1;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == ' ') {
			if (last_space == (size_t)-1)
				last_space = i;
		} else if (s[i] == '\\') {
			i++;
			if (i >= n)
				return n;
			last_space = (size_t)-1;
		} else {
			last_space = (size_t)-1;
		}
	}
	return last_space == (size_t)-1 ? n : last_space;
}

void ignore_list_add_line(struct ignore_list *l, const char *p, size_t n)
{
	if (n && p[n - 1] == '\n')
		n--;
	if (n && p[n - 1] == '\r')
		n--;
	if (!n || p[0] == '#')
		return;
	n = trim_trailing_spaces(p, n);
	if (!n)
		return;
	struct ignore_rule r = {0};
	if (p[0] == '!') {
		r.negate = true;
		p++;
		n--;
	}
	if (n && p[n - 1] == '/') {
		r.dir_only = true;
		n--;
	}
	if (!n)
		return;
	r.basename = memchr(p, '/', n) == NULL;
	if (!r.basename && p[0] == '/') {
		p++;
		n--;
	}
	r.pat = xstrndup(p, n);
	r.len = n;
	r.prefix = simple_length(p, n);
	if (r.prefix == n)
		r.kind = RK_LITERAL;
	else if (r.basename && p[0] == '*' && simple_length(p + 1, n - 1) == n - 1)
		r.kind = RK_SUFFIX;
	else
		r.kind = RK_GLOB;
	XGROW(l->rules, l->cap, l->n + 1);
	l->rules[l->n++] = r;
}

void ignore_list_add_text(struct ignore_list *l, const char *text, size_t len)
{
	const char *end = text + len;
	while (text < end) {
		const char *nl = memchr(text, '\n', (size_t)(end - text));
		size_t n = nl ? (size_t)(nl - text) : (size_t)(end - text);
		ignore_list_add_line(l, text, n);
		text += n + (nl != NULL);
	}
}

bool ignore_list_load(struct ignore_list *l, int dirfd, const char *path)
{
	int fd = openat(dirfd, path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0)
		return false;
	struct stat st;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return false;
	}
	struct buf b = BUF_INIT;
	buf_read_fd(&b, fd); /* a failed read keeps what came before it */
	close(fd);
	ignore_list_add_text(l, b.data, b.len);
	buf_release(&b);
	return true;
}

void ignore_list_release(struct ignore_list *l)
{
	if (!l)
		return;
	for (size_t i = 0; i < l->n; i++)
		free(l->rules[i].pat);
	free(l->rules);
	memset(l, 0, sizeof(*l));
}

bool ignore_list_empty(const struct ignore_list *l)
{
	return !l || !l->n;
}

bool ignore_list_has_plain(const struct ignore_list *l)
{
	for (size_t i = 0; l && i < l->n; i++)
		if (!l->rules[i].negate)
			return true;
	return false;
}

enum { WM_MATCH, WM_NOMATCH, WM_ABORT_ALL, WM_ABORT_TO_STARSTAR };

static bool posix_class(const char *name, size_t n, unsigned char c, bool *known)
{
	static const struct {
		const char *name;
		int (*fn)(int);
	} classes[] = {
		{"alnum", isalnum}, {"alpha", isalpha}, {"blank", isblank}, {"cntrl", iscntrl},
		{"digit", isdigit}, {"graph", isgraph}, {"lower", islower}, {"print", isprint},
		{"punct", ispunct}, {"space", isspace}, {"upper", isupper}, {"xdigit", isxdigit},
	};
	for (size_t i = 0; i < sizeof(classes) / sizeof(classes[0]); i++)
		if (strlen(classes[i].name) == n && !memcmp(classes[i].name, name, n)) {
			*known = true;
			return c < 128 && classes[i].fn(c);
		}
	*known = false;
	return false;
}

/* One match: the fixed ends, and a memo of dowild's answers by (pattern offset, text offset).
 * git's dowild tries every split of the text between consecutive "**" segments, so a pattern
 * with k "**\/" against a path of n components costs C(n, k) calls; each answer depends only on
 * the two offsets, so remembering it bounds the calls by (pattern + 1) * (text + 1). The memo is
 * allocated only once a match has made WM_MEMO_AFTER calls, so ordinary matches stay
 * allocation-free; a pair too large for one (over WM_MEMO_MAX cells, far beyond any real pattern
 * and path) is answered "no match" rather than risk the exponential walk. */
struct wm {
	const unsigned char *ps, *pe, *ts, *te;
	bool pathname;
	unsigned long calls;
	unsigned char *memo; /* answer + 1 per cell, 0 = unknown; NULL until needed */
};

#define WM_MEMO_AFTER 256
#define WM_MEMO_MAX ((size_t)1 << 26)

static int dowild_at(struct wm *w, const unsigned char *p, const unsigned char *t);

/* A memo cell holds two answers for its (pattern, text) offsets: dowild's in the low nibble and
 * star_scan's in the high one, each + 1 (0 = unknown). */
static unsigned char *wm_cell(const struct wm *w, const unsigned char *p, const unsigned char *t)
{
	size_t cols = (size_t)(w->te - w->ts) + 1;
	return &w->memo[(size_t)(p - w->ps) * cols + (size_t)(t - w->ts)];
}

static int dowild(struct wm *w, const unsigned char *p, const unsigned char *t)
{
	size_t cols = (size_t)(w->te - w->ts) + 1, rows = (size_t)(w->pe - w->ps) + 1;
	if (!w->memo && ++w->calls > WM_MEMO_AFTER) {
		if (rows > WM_MEMO_MAX / cols)
			return WM_ABORT_ALL;
		w->memo = xcalloc(rows * cols, 1);
	}
	if (!w->memo)
		return dowild_at(w, p, t);
	unsigned char *cell = wm_cell(w, p, t);
	if (!(*cell & 0x0f))
		*cell |= (unsigned char)(dowild_at(w, p, t) + 1);
	return (*cell & 0x0f) - 1;
}

/* A bracket expression at **pp ('['), against t_ch: WM_MATCH (with *pp on its ']') when t_ch is in
 * it, WM_NOMATCH when not, WM_ABORT_ALL when the expression is unterminated or names an unknown
 * class. */
static int bracket(const unsigned char **pp, const unsigned char *pe, unsigned char t_ch, bool pathname)
{
	const unsigned char *p = *pp;
	if (++p >= pe)
		return WM_ABORT_ALL;
	bool negated = false, matched = false;
	if (*p == '!' || *p == '^') {
		negated = true;
		if (++p >= pe)
			return WM_ABORT_ALL;
	}
	unsigned char prev_ch = 0;
	for (;;) {
		if (p >= pe)
			return WM_ABORT_ALL;
		unsigned char c = *p;
		if (c == '\\') {
			if (++p >= pe)
				return WM_ABORT_ALL;
			c = *p;
			if (t_ch == c)
				matched = true;
		} else if (c == '-' && prev_ch && p + 1 < pe && p[1] != ']') {
			c = *++p;
			if (c == '\\') {
				if (++p >= pe)
					return WM_ABORT_ALL;
				c = *p;
			}
			if (t_ch <= c && t_ch >= prev_ch)
				matched = true;
			c = 0;
		} else if (c == '[' && p + 1 < pe && p[1] == ':') {
			const unsigned char *s = p + 2, *q = s;
			while (q < pe && *q != ']')
				q++;
			if (q >= pe)
				return WM_ABORT_ALL;
			if (q - s < 1 || q[-1] != ':') {
				/* not a class after all: '[' is literal */
				if (t_ch == '[')
					matched = true;
			} else {
				bool known;
				if (posix_class((const char *)s, (size_t)(q - 1 - s), t_ch, &known))
					matched = true;
				if (!known)
					return WM_ABORT_ALL;
				p = q;
				c = 0;
			}
		} else if (t_ch == c) {
			matched = true;
		}
		prev_ch = c;
		if (++p < pe && *p == ']')
			break;
	}
	if (matched == negated || (pathname && t_ch == '/'))
		return WM_NOMATCH;
	*pp = p;
	return WM_MATCH;
}

/* What follows a '*' (match_slash: '**', or no WM_PATHNAME) tried at each text position in turn.
 * Started from any text position between two candidates, the scan meets the same candidates and
 * gives the same answer, so once the memo exists every position the scan passed is given that
 * answer: a pattern of many "**\/" against a path of many components then costs
 * (pattern * text), not (pattern * text * components). */
static int star_scan(struct wm *w, const unsigned char *p, const unsigned char *t, bool match_slash)
{
	const unsigned char *te = w->te, *from = t;
	int m = WM_ABORT_ALL;
	for (; t < te; t++) {
		if (w->memo && (*wm_cell(w, p, t) >> 4)) {
			m = (*wm_cell(w, p, t) >> 4) - 1;
			break;
		}
		unsigned char t_ch = *t;
		if (!glob_special(*p)) {
			unsigned char want = *p;
			while (t < te && (match_slash || *t != '/') && *t != want)
				t++;
			t_ch = t < te ? *t : 0;
			if (t >= te || t_ch != want) {
				m = WM_NOMATCH;
				break;
			}
		}
		m = dowild(w, p, t);
		if (m != WM_NOMATCH) {
			if (!match_slash || m != WM_ABORT_TO_STARSTAR)
				break;
		} else if (!match_slash && t_ch == '/') {
			m = WM_ABORT_TO_STARSTAR;
			break;
		}
		m = WM_ABORT_ALL;
	}
	if (w->memo)
		for (const unsigned char *q = from; q < t && q < te; q++)
			*wm_cell(w, p, q) = (unsigned char)((*wm_cell(w, p, q) & 0x0f) | (m + 1) << 4);
	return m;
}

/* A transcription of git's dowild() (wildmatch.c) with WM_PATHNAME on, over explicit ends. */
static int dowild_at(struct wm *w, const unsigned char *p, const unsigned char *t)
{
	const unsigned char *ps = w->ps, *pe = w->pe, *te = w->te;
	bool pathname = w->pathname;
	for (; p < pe; p++, t++) {
		unsigned char p_ch = *p, t_ch;
		if (t >= te && p_ch != '*')
			return WM_ABORT_ALL;
		t_ch = t < te ? *t : 0;
		switch (p_ch) {
		case '\\':
			if (++p >= pe)
				return WM_NOMATCH;
			if (t_ch != *p)
				return WM_NOMATCH;
			break;
		default:
			if (t_ch != p_ch)
				return WM_NOMATCH;
			break;
		case '?':
			if (pathname && t_ch == '/')
				return WM_NOMATCH;
			break;
		case '*': {
			bool match_slash;
			if (p + 1 < pe && p[1] == '*') {
				const unsigned char *prev = p - 1;
				p++;
				while (p + 1 < pe && p[1] == '*')
					p++;
				p++;
				if ((prev < ps || *prev == '/') &&
				    (p == pe || *p == '/' || (p[0] == '\\' && p + 1 < pe && p[1] == '/'))) {
					if (p < pe && *p == '/' && dowild(w, p + 1, t) == WM_MATCH)
						return WM_MATCH;
					match_slash = true;
				} else {
					match_slash = !pathname;
				}
			} else {
				p++;
				match_slash = !pathname;
			}
			if (p == pe) {
				if (!match_slash && memchr(t, '/', (size_t)(te - t)))
					return WM_NOMATCH;
				return WM_MATCH;
			}
			if (!match_slash && *p == '/') {
				const unsigned char *slash = memchr(t, '/', (size_t)(te - t));
				if (!slash)
					return WM_NOMATCH;
				t = slash;
				break; /* the loop step consumes the slash in both */
			}
			return star_scan(w, p, t, match_slash);
		}
		case '[': {
			int m = bracket(&p, pe, t_ch, pathname);
			if (m != WM_MATCH)
				return m;
			break;
		}
		}
	}
	return t < te ? WM_NOMATCH : WM_MATCH;
}

static bool wildmatch(const char *pat, size_t pn, const char *text, size_t tn, bool pathname)
{
	const unsigned char *p = (const unsigned char *)pat, *t = (const unsigned char *)text;
	struct wm w = {.ps = p, .pe = p + pn, .ts = t, .te = t + tn, .pathname = pathname};
	bool match = dowild(&w, p, t) == WM_MATCH;
	free(w.memo);
	return match;
}

bool ignore_wildmatch(const char *pat, size_t pat_len, const char *text, size_t text_len)
{
	return wildmatch(pat, pat_len, text, text_len, true);
}

static bool rule_matches(const struct ignore_rule *r, const char *rel, size_t rel_len, const char *name,
			 size_t name_len)
{
	if (r->basename) {
		switch (r->kind) {
		case RK_LITERAL: return r->len == name_len && !memcmp(r->pat, name, name_len);
		case RK_SUFFIX:
			return r->len - 1 <= name_len &&
			       !memcmp(r->pat + 1, name + name_len - (r->len - 1), r->len - 1);
		case RK_GLOB: return wildmatch(r->pat, r->len, name, name_len, false);
		}
	}
	if (r->prefix > rel_len || memcmp(r->pat, rel, r->prefix))
		return false;
	if (r->kind == RK_LITERAL)
		return rel_len == r->len;
	return wildmatch(r->pat + r->prefix, r->len - r->prefix, rel + r->prefix, rel_len - r->prefix, true);
}

enum ignore_match ignore_list_match(const struct ignore_list *l, const char *rel, size_t rel_len,
				    const char *name, size_t name_len, bool is_dir)
{
	if (!l)
		return IGN_NONE;
	for (size_t i = l->n; i-- > 0;) {
		const struct ignore_rule *r = &l->rules[i];
		if (r->dir_only && !is_dir)
			continue;
		if (rule_matches(r, rel, rel_len, name, name_len))
			return r->negate ? IGN_WHITELIST : IGN_IGNORE;
	}
	return IGN_NONE;
}

static char *home_path(const char *rest)
{
	const char *home = getenv("HOME");
	if (!home || !*home)
		return NULL;
	struct buf b = BUF_INIT;
	buf_addf(&b, "%s/%s", home, rest);
	return buf_detach(&b);
}

/* The value of core.excludesFile in one git config file, or NULL. A small reader: sections,
 * key = value, quotes and ~/ expansion; enough for the one key git's excludes need. */
static char *config_excludes(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return NULL;
	struct buf b = BUF_INIT;
	buf_read_fd(&b, fd);
	close(fd);
	char *result = NULL;
	bool in_core = false;
	char *save = NULL;
	for (char *line = strtok_r(b.len ? b.data : (char *)"", "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		while (*line == ' ' || *line == '\t')
			line++;
		if (*line == '[') {
			char *end = strchr(line, ']');
			if (end) {
				*end = '\0';
				char *sec = line + 1;
				while (*sec == ' ')
					sec++;
				in_core = !strcasecmp(sec, "core");
			}
			continue;
		}
		if (!in_core || strncasecmp(line, "excludesfile", 12))
			continue;
		char *v = line + 12;
		while (*v == ' ' || *v == '\t')
			v++;
		if (*v != '=')
			continue;
		v++;
		while (*v == ' ' || *v == '\t')
			v++;
		size_t n = strlen(v);
		while (n && (v[n - 1] == ' ' || v[n - 1] == '\t' || v[n - 1] == '\r'))
			n--;
		if (n >= 2 && v[0] == '"' && v[n - 1] == '"') {
			v++;
			n -= 2;
		}
		free(result);
		char *val = xstrndup(v, n);
		if (val[0] == '~' && val[1] == '/') {
			result = home_path(val + 2);
			free(val);
		} else {
			result = val;
		}
	}
	buf_release(&b);
	return result;
}

char *ignore_global_path(void)
{
	const char *xdg = getenv("XDG_CONFIG_HOME");
	char *xdg_dir;
	if (xdg && *xdg) {
		struct buf b = BUF_INIT;
		buf_addf(&b, "%s/git", xdg);
		xdg_dir = buf_detach(&b);
	} else {
		xdg_dir = home_path(".config/git");
	}
	char *result = NULL;
	if (xdg_dir) {
		struct buf b = BUF_INIT;
		buf_addf(&b, "%s/config", xdg_dir);
		result = config_excludes(b.data);
		buf_release(&b);
	}
	char *gitconfig = home_path(".gitconfig");
	if (gitconfig) {
		char *v = config_excludes(gitconfig);
		if (v) {
			free(result);
			result = v;
		}
		free(gitconfig);
	}
	if (!result && xdg_dir) {
		struct buf b = BUF_INIT;
		buf_addf(&b, "%s/ignore", xdg_dir);
		result = buf_detach(&b);
	}
	free(xdg_dir);
	return result;
}
