/* The one verdict (format.h): the dispatch per format, which JSON files are JSONC, and the
 * frontmatter fences. The validators are a file per format: json.c, yaml.c, toml.c. */
#include "format.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "jsonc.h"

const char *format_name(enum format f)
{
	static const char *const names[FMT_COUNT] = {
		[FMT_NONE] = "none",
		[FMT_JSON] = "json",
		[FMT_YAML] = "yaml",
		[FMT_TOML] = "toml",
		[FMT_FRONTMATTER] = "frontmatter",
	};
	return names[f];
}

bool format_jsonc(const char *path)
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

size_t format_frontmatter(const char *s, size_t n, size_t *first, size_t *close)
{
	if (n >= 4 && !memcmp(s, "---\n", 4))
		*first = 4;
	else if (n >= 5 && !memcmp(s, "---\r\n", 5))
		*first = 5;
	else
		return 0;
	for (size_t i = *first; i < n;) {
		const char *nl = memchr(s + i, '\n', n - i);
		size_t end = nl ? (size_t)(nl - s) : n;
		size_t len = end - i;
		if (len && s[i + len - 1] == '\r')
			len--;
		if (len == 3 && (!memcmp(s + i, "---", 3) || !memcmp(s + i, "...", 3))) {
			*close = i;
			return nl ? end + 1 : end;
		}
		i = end + 1;
	}
	return SIZE_MAX;
}

bool format_frontmatter_valid(const char *s, size_t n, bool *has)
{
	size_t first = 0, close = 0, end = format_frontmatter(s, n, &first, &close);
	char detail[8];
	*has = end != 0;
	if (!end)
		return true;
	return end != SIZE_MAX && yaml_valid(s + first, close - first, detail, sizeof(detail));
}

bool format_valid(enum format f, const char *path, const char *data, size_t len, char *detail,
		  size_t detail_size)
{
	bool has = true;
	snprintf(detail, detail_size, "invalid");
	switch (f) {
	case FMT_JSON: return json_valid(data, len, !path || format_jsonc(path), detail, detail_size);
	case FMT_YAML: return yaml_valid(data, len, detail, detail_size);
	case FMT_TOML: return toml_valid(data, len); /* it reads past one byte-order mark itself */
	case FMT_FRONTMATTER:
		if (format_frontmatter_valid(data, len, &has) && has)
			return true;
		if (!has)
			snprintf(detail, detail_size, "no frontmatter");
		else
			(void)yaml_valid_libyaml(data, len, detail, detail_size);
		return false;
	case FMT_NONE:
	case FMT_COUNT: break;
	}
	return true;
}
