/* The one verdict on a data file's bytes (tf_valid, tf.h): edit's and write's layer 1 and
 * transform's. JSON through the strict scanner (jsonscan.c) or jansson, its numbers read as 0 (JSON
 * has no size limit) and its comments blanked, with trailing commas where the file is JSONC; YAML
 * through the block scanner (yamlscan.c) or libyaml, with the anchors an alias needs; TOML through
 * the validator; frontmatter as YAML between its fences. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>
#include <yaml.h>

#include "../alloc.h"
#include "../check.h"
#include "tf_int.h"

/* The end of the JSON number at s[i], or i when no number in JSON's grammar starts there. */
static size_t number_end(const char *s, size_t i, size_t n)
{
	size_t k = i + (s[i] == '-');
	if (k < n && s[k] == '0') {
		k++;
	} else if (k < n && s[k] >= '1' && s[k] <= '9') {
		while (k < n && s[k] >= '0' && s[k] <= '9')
			k++;
	} else {
		return i;
	}
	if (k < n && s[k] == '.') {
		if (++k >= n || s[k] < '0' || s[k] > '9')
			return i;
		while (k < n && s[k] >= '0' && s[k] <= '9')
			k++;
	}
	if (k < n && (s[k] == 'e' || s[k] == 'E')) {
		k += k + 1 < n && (s[k + 1] == '+' || s[k + 1] == '-');
		if (++k >= n || s[k] < '0' || s[k] > '9')
			return i;
		while (k < n && s[k] >= '0' && s[k] <= '9')
			k++;
	}
	return k;
}

/* What jansson reads for the verdict, newlines kept (its line numbers are the file's): every
 * number in JSON's grammar becomes a 0 (JSON has no size limit; jansson refuses what overflows
 * an int64 or a double), comments become spaces (the spec's JSON has them), and in JSONC a comma
 * before a closing bracket does too. */
static char *blank_for_jansson(const char *s, size_t n, bool jsonc)
{
	char *c = xmalloc(n + 1);
	memcpy(c, s, n);
	c[n] = 0;
	char prev = 0; /* the last byte of the last token: a comma after '[', '{' or ',' stays */
	for (size_t i = 0; i < n; i++) {
		if (c[i] == ' ' || c[i] == '\t' || c[i] == '\n' || c[i] == '\r')
			continue;
		if (c[i] == '"') {
			for (i++; i < n && c[i] != '"'; i++)
				if (c[i] == '\\')
					i++;
		} else if (c[i] == '-' || (c[i] >= '0' && c[i] <= '9')) {
			size_t e = number_end(c, i, n);
			/* a malformed number ("012", "1.2.3") is left whole for jansson to word */
			if (e > i && (e == n || !strchr("0123456789.eE+-", c[e]))) {
				c[i] = '0';
				memset(c + i + 1, ' ', e - i - 1);
				i = e - 1;
			}
		} else if (c[i] == '/' && i + 1 < n && (c[i + 1] == '/' || c[i + 1] == '*')) {
			const char *nl = memchr(c + i, '\n', n - i);
			const char *close = memmem(c + i + 2, n - i - 2, "*/", 2);
			if (c[i + 1] == '*' && !close)
				break; /* an unclosed comment: left for jansson to refuse */
			size_t e = c[i + 1] == '*' ? (size_t)(close - c) + 2 : nl ? (size_t)(nl - c) : n;
			for (size_t k = i; k < e; k++)
				if (c[k] != '\n')
					c[k] = ' ';
			i = e ? e - 1 : 0;
			continue;
		} else if (jsonc && c[i] == ',' && prev && !strchr("[{,", prev)) {
			size_t e = skip_blank(c, i + 1, n, TF_JSON);
			if (e < n && (c[e] == '}' || c[e] == ']')) {
				c[i] = ' ';
				continue;
			}
		}
		prev = i < n ? c[i] : 0;
	}
	return c;
}

bool tf_jsonc(const char *path)
{
	static const char *const names[] = {"devcontainer.json", ".devcontainer.json", ".eslintrc.json",
					    "tslint.json",       "turbo.json",         "biome.json",
					    "deno.json"};
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	size_t n = strlen(base), dir = (size_t)(base - path);
	bool json = n >= 5 && !strcasecmp(base + n - 5, ".json");
	if (n >= 6 && !strcasecmp(base + n - 6, ".jsonc"))
		return true;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcasecmp(base, names[i]))
			return true;
	if (json && (!strncasecmp(base, "tsconfig", 8) || !strncasecmp(base, "jsconfig", 8)))
		return true;
	/* the directory holding the file: any .json in .vscode, the settings files in .claude */
	size_t pe = dir ? dir - 1 : 0, pb = pe;
	while (pb && path[pb - 1] != '/')
		pb--;
	if (json && pe - pb == 7 && !strncmp(path + pb, ".vscode", 7))
		return true;
	return pe - pb == 7 && !strncmp(path + pb, ".claude", 7) &&
	       (!strcmp(base, "settings.json") || !strcmp(base, "settings.local.json"));
}

/* libyaml's complaint about s, with its line; true when it has none. */
/* The anchors of one YAML document: an open-addressing set of names (owned). */
struct anchors {
	char **slot;
	size_t n, cap;
};

static size_t anchor_hash(const char *a)
{
	size_t h = 5381;
	for (; *a; a++)
		h = h * 33 + (unsigned char)*a;
	return h;
}

/* Finds name; adds it when add is set. */
static bool anchors_has(struct anchors *as, const char *name, bool add)
{
	if (add && (as->n + 1) * 2 > as->cap) {
		struct anchors bigger = {xcalloc(as->cap ? as->cap * 2 : 16, sizeof(char *)), 0,
					 as->cap ? as->cap * 2 : 16};
		for (size_t i = 0; i < as->cap; i++)
			if (as->slot[i]) {
				size_t k = anchor_hash(as->slot[i]) & (bigger.cap - 1);
				while (bigger.slot[k])
					k = (k + 1) & (bigger.cap - 1);
				bigger.slot[k] = as->slot[i];
				bigger.n++;
			}
		free(as->slot);
		*as = bigger;
	}
	if (!as->cap)
		return false;
	size_t k = anchor_hash(name) & (as->cap - 1);
	for (; as->slot[k]; k = (k + 1) & (as->cap - 1))
		if (!strcmp(as->slot[k], name))
			return true;
	if (add) {
		as->slot[k] = xstrdup(name);
		as->n++;
	}
	return false;
}

static void anchors_clear(struct anchors *as)
{
	for (size_t i = 0; i < as->cap; i++)
		free(as->slot[i]);
	free(as->slot);
	memset(as, 0, sizeof(*as));
}

/* The anchor an event defines, if any. */
static const unsigned char *event_anchor(const yaml_event_t *ev)
{
	switch (ev->type) {
	case YAML_SCALAR_EVENT: return ev->data.scalar.anchor;
	case YAML_SEQUENCE_START_EVENT: return ev->data.sequence_start.anchor;
	case YAML_MAPPING_START_EVENT: return ev->data.mapping_start.anchor;
	default: return NULL;
	}
}

/* libyaml's complaint about s, with its line; true when it has none. libyaml's parser leaves an
 * alias to an anchor its document never defined to the loader; every loader refuses it. */
bool tf_valid_libyaml(const char *s, size_t n, char *detail, size_t detail_size)
{
	yaml_parser_t p;
	if (!yaml_parser_initialize(&p))
		return false;
	yaml_parser_set_input_string(&p, (const unsigned char *)s, n);
	bool ok = true;
	struct anchors as = {0};
	for (bool end = false; !end && ok;) {
		yaml_event_t ev;
		if (!yaml_parser_parse(&p, &ev)) {
			snprintf(detail, detail_size, "line %zu: %s", p.problem_mark.line + 1,
				 p.problem ? p.problem : "invalid");
			ok = false;
			break;
		}
		end = ev.type == YAML_STREAM_END_EVENT;
		const unsigned char *a = event_anchor(&ev);
		if (ev.type == YAML_DOCUMENT_START_EVENT)
			anchors_clear(&as);
		else if (a)
			anchors_has(&as, (const char *)a, true);
		else if (ev.type == YAML_ALIAS_EVENT &&
			 !anchors_has(&as, (const char *)ev.data.alias.anchor, false)) {
			snprintf(detail, detail_size, "line %zu: an alias to no anchor (*%s)",
				 ev.start_mark.line + 1, (const char *)ev.data.alias.anchor);
			ok = false;
		}
		yaml_event_delete(&ev);
	}
	anchors_clear(&as);
	yaml_parser_delete(&p);
	return ok;
}

bool tf_valid_jansson(const char *s, size_t n, bool jsonc, char *detail, size_t detail_size)
{
	char *c = blank_for_jansson(s, n, jsonc);
	json_error_t err;
	json_t *v = json_loadb(c, n, JSON_DECODE_ANY | JSON_ALLOW_NUL, &err);
	bool ok = v != NULL;
	if (!ok)
		snprintf(detail, detail_size, "line %d: %s", err.line, err.text);
	json_decref(v);
	free(c);
	return ok;
}

/* Nothing but whitespace (and in JSONC comments): not a document, but not a broken one either. */
static bool json_blank(const char *s, size_t n)
{
	char *c = blank_for_jansson(s, n, false);
	bool blank = true;
	for (size_t i = 0; i < n && blank; i++)
		blank = c[i] == ' ' || c[i] == '\t' || c[i] == '\n' || c[i] == '\r';
	free(c);
	return blank;
}

bool tf_valid(enum tf_format f, const char *path, const char *data, size_t len, char *detail,
	      size_t detail_size)
{
	bool ok, has = true;
	size_t off = len >= 3 && !memcmp(data, "\xEF\xBB\xBF", 3) ? 3 : 0;
	snprintf(detail, detail_size, "invalid");
	if (f == TF_JSON) {
		/* the scanner vouches for the common case; jansson decides (and words) the rest */
		bool jsonc = !path || tf_jsonc(path);
		ok = json_fast_valid(data + off, len - off, jsonc) ||
		     tf_valid_jansson(data + off, len - off, jsonc, detail, detail_size) ||
		     json_blank(data + off, len - off);
	} else if (f == TF_YAML) {
		ok = yaml_fast_valid(data, len) || tf_valid_libyaml(data, len, detail, detail_size);
	} else if (f == TF_TOML) {
		ok = check_toml(data, len); /* it reads past one byte-order mark itself */
	} else {
		ok = check_frontmatter(data, len, &has) && has;
		if (!ok && !has)
			snprintf(detail, detail_size, "no frontmatter");
		else if (!ok)
			(void)tf_valid_libyaml(data, len, detail, detail_size);
	}
	return ok;
}
