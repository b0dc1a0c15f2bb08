# Rewrites a tree-sitter generated parser.c (stdin or the file named) so that its initialised data
# holds no pointer: the symbol and field name tables and the TSLanguage are filled by code on the
# first call of tree_sitter_NAME(), once (pthread_once), where the generated file initialises them
# statically. In a static-pie binary every pointer in initialised data is relocated by the start-up
# code of every process, which writes, and so copies, each page holding one: 15 page copies for the
# 20 grammars, about 60 us of every `lets` call on a VM, for tables most calls never read.
# Nothing else changes (the parse tables hold no pointers); any line this does not expect stops
# the build rather than guessing. Used by the Makefile's grammar rules.
BEGIN { print "#include <pthread.h>" }

# static const char * const ts_symbol_names[] = {   (and ts_field_names)
/^static const char \* const ts_(symbol|field)_names\[\] = \{$/ {
	name = $0
	sub(/^static const char \* const /, "", name)
	sub(/\[\] = \{$/, "", name)
	print "static const char *" name "[" (name == "ts_symbol_names" ? "SYMBOL_COUNT" : "FIELD_COUNT + 1") "];"
	print "static void fill_" name "(void) {"
	print "  const char **a = " name ";"
	fills = fills "  fill_" name "();\n"
	in_names = 1
	next
}
in_names && /^};$/ { print "}"; in_names = 0; next }
# one entry a line: "  [sym_identifier] = "identifier","  ->  "  a[sym_identifier] = "identifier";"
in_names && /^  \[[^]]+\] = .*,$/ { line = $0; sub(/^  /, "  a", line); sub(/,$/, ";", line); print line; next }
in_names { fail("a name table entry") }

/^TS_PUBLIC const TSLanguage \*tree_sitter_[A-Za-z0-9_]+\(void\) \{$/ { entry = $0; in_fn = 1; next }
in_fn == 1 && /^  static const TSLanguage language = \{$/ {
	print "static TSLanguage language;"
	print "static void fill_language(void) {"
	printf "%s", fills
	print "  language = (TSLanguage){"
	in_fn = 2
	next
}
in_fn == 1 { fail("the language definition") }
in_fn == 2 && /^  };$/ {
	print "  };"
	print "}"
	print entry
	print "  static pthread_once_t once = PTHREAD_ONCE_INIT;"
	print "  pthread_once(&once, fill_language);"
	in_fn = 3
	next
}
{ print }

function fail(what) {
	printf "grammar-unrelocated.awk: %s:%d: expected %s, read: %s\n", FILENAME, FNR, what, $0 > "/dev/stderr"
	failed = 1
	exit 1
}
END {
	if (!failed && in_fn != 3) {
		printf "grammar-unrelocated.awk: %s: no tree_sitter_ entry point with a static language\n", FILENAME > "/dev/stderr"
		exit 1
	}
}
