#include "symbols.h"

#include <string.h>

#include "../file.h"
#include "../target.h"

/* Until symbol resolution lands (its own issue), every #name fails cleanly rather than guessing. */
enum lets_err symbols_resolve(struct file *f, const char *name, const char *target_text, struct span *out,
			      struct diag *d)
{
	(void)name;
	(void)target_text;
	(void)out;
	const char *slash = strrchr(f->path, '/');
	const char *base = slash ? slash + 1 : f->path;
	const char *dot = strrchr(base, '.');
	return diag_add(d, E_NO_GRAMMAR, "%s is unsupported: no grammar for %s \xC2\xB7 use a :line, :a-b or @'regex' target",
			f->path, dot ? dot : base);
}
