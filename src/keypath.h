/* Key paths into JSON, YAML and TOML documents: the one grammar that transform's --set, --delete
 * and --append read (CLI, --from - batches and MCP), that #symbol targets on those files read
 * (show, edit, find --def), and that every header and message prints a key in.
 *
 *   path := key ( '.' key | '[' N ']' | '[' field '=' value ']' )* [ '[]' ]   (transform)
 *   key  := bare | '"' … '"'
 *
 * A bare key runs to the next '.', '[' or '=' (or the end); in it a backslash before one of
 * . [ ] = " \ stands for that byte (helm's my\.dep is the one key "my.dep"), any other backslash
 * for itself. Inside double quotes \" and \\ are the escapes, any other byte is itself. A quoted
 * or escaped key is one literal key; an unquoted a.b is the key b inside the key a.
 *
 * Printing: a key is bare unless it is empty or holds . [ ] = " ' # \ a space or a control
 * byte; then it is double-quoted, with \" and \\. So a printed path reads back as the same keys,
 * and a key named plainly prints as it always did (server.port).
 *
 * The callers refuse an unquoted dotted run that also spells one existing key holding dots
 * (ambiguous, exit 2, naming the quoted form), rather than guess between the two readings. */
#ifndef LETS_KEYPATH_H
#define LETS_KEYPATH_H
#include <stdbool.h>
#include <stddef.h>

struct buf;

/* The grammar as transform --help (its epilogue) and the MCP transform tool state it; the tool
 * leaves out the line on headers, which it has no use for. */
#define KEYPATH_ROWS                                                                                \
	"Key paths (--set, --delete, --append, and the same in --from - batches):\n"                \
	"  a.b[0].c          key c in element 0 of the array b in a\n"                              \
	"  a[name=x].v       key v of the element of a whose name is x\n"                           \
	"  bin[]=VALUE       with --append: a new element at the end of bin\n"                      \
	"  '\"a.b\"=true'      the one key named a.b: a key holding . [ ] = \" ' # or a space is\n" \
	"                    written in double quotes, with \\\" and \\\\ inside\n"                 \
	"  'deps.my\\.dep=2'  an escaped dot: the key \"my.dep\" inside deps\n"
#define KEYPATH_HELP                                                                             \
	KEYPATH_ROWS                                                                             \
	"Headers print keys the same way, and #symbol targets on these files read them. An\n"    \
	"unquoted a.b where the document also has a key named \"a.b\" is refused as ambiguous\n" \
	"(exit 2), naming the quoted path of each reading.\n"
#define KEYPATH_TOOL                                                                     \
	KEYPATH_ROWS                                                                     \
	"An unquoted a.b where the document also has a key named \"a.b\" is refused as " \
	"ambiguous, naming the quoted path of each reading.\n"

/* The keys of a path that holds keys only (a #symbol on a data file). */
struct keypath_keys {
	char **v; /* owned, NUL-terminated, decoded */
	bool *literal; /* quoted or escaped: one key, never part of a dotted run */
	size_t n, cap;
};
#define KEYPATH_KEYS_INIT \
	{                 \
		0         \
	}

/* Reads one key at s: the decoded key into key, literal set when it was quoted or escaped.
 * Returns the bytes read; 0 on an empty bare key or an unclosed quote (*why then says which). */
size_t keypath_key_read(const char *s, struct buf *key, bool *literal, const char **why);
/* Whether key k[0..n) is printed quoted. */
bool keypath_key_needs_quotes(const char *k, size_t n);
/* Appends k[0..n) as the grammar writes it; quote forces the quoted form. */
void keypath_key_print(struct buf *b, const char *k, size_t n, bool quote);
/* Splits s, keys joined by '.', into out; false (out left empty) when s is anything else. */
bool keypath_split(const char *s, struct keypath_keys *out);
void keypath_keys_release(struct keypath_keys *k);
/* Appends path (keys only) with every key quoted: the one spelling of a.b that cannot also read
 * as a key named "a.b". False when path does not split into keys or would not change. */
bool keypath_quote_all(const char *path, struct buf *b);
/* Appends the longest run of key's bytes that a file writes as they are (no quote, backslash or
 * control byte), else its first byte: what a search of the file's bytes for the key looks for. */
void keypath_key_occurs(struct buf *b, const char *key);
/* Appends the text a JSON, YAML or TOML file writes between quote ('"' or '\'') as the key it
 * names: JSON's escapes and TOML's \UXXXXXXXX for '"' (others kept as written), '' for '\''. */
void keypath_unescape(struct buf *b, const char *s, size_t n, char quote);

#endif
