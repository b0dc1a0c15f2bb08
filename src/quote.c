#include "quote.h"

#include <string.h>

#include "buf.h"

void quote_shell(struct buf *b, const char *s)
{
	if (*s && strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./+=:,@%") ==
			  strlen(s)) {
		buf_adds(b, s);
		return;
	}
	buf_addc(b, '\'');
	for (; *s; s++) {
		if (*s == '\'')
			buf_adds(b, "'\\''");
		else
			buf_addc(b, *s);
	}
	buf_addc(b, '\'');
}
