#include "format.h"

#include <stdint.h>
#include <string.h>

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
