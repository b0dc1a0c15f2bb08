/* Quoting for a POSIX shell: the words lets prints for an agent to run (a ready command, a hook
 * command) and the --check commands it runs itself. */
#ifndef LETS_QUOTE_H
#define LETS_QUOTE_H

struct buf;

/* Appends s as one shell word: bare when every byte is plain (letters, digits and _-./+=:,@%),
 * else in single quotes, a quote inside written '\''. */
void quote_shell(struct buf *b, const char *s);

#endif
