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
	# symbols, then aliases (ts_language_symbol_name reads both); field ids start at 1
	size = name == "ts_symbol_names" ? "SYMBOL_COUNT + ALIAS_COUNT" : "FIELD_COUNT + 1"
	print "static const char *" name "[" size "];"
	print "static void fill_" name "(void) {"
	# volatile: each store stays one store; GCC would merge a run of them into a copy from a
	# template in data, which holds the very relocations this rewrite removes
	print "  const char *volatile *a = (const char *volatile *)" name ";"
	fills = fills "  fill_" name "();\n"
	in_names = 1
	next
}
in_names && /^};$/ { print "}"; in_names = 0; next }
# one entry a line: "  [sym_identifier] = "identifier","  ->  "  a[sym_identifier] = "identifier";",
# the index proved in bounds when it compiles
in_names && /^  \[[^]]+\] = .*,$/ {
	index_expr = $0
	sub(/^  \[/, "", index_expr)
	sub(/\] = .*/, "", index_expr)
	line = $0
	sub(/^  /, "  a", line)
	sub(/,$/, ";", line)
	print line " _Static_assert(" index_expr " < " size ", \"" name " index\");"
	next
}
in_names { fail("a name table entry") }

/^TS_PUBLIC const TSLanguage \*tree_sitter_[A-Za-z0-9_]+\(void\) \{$/ { entry = $0; in_fn = 1; next }
in_fn == 1 && /^  static const TSLanguage language = \{$/ {
	print "static TSLanguage language;"
	print "static void fill_language(void) {"
	print "  volatile TSLanguage *l = &language; /* as a above */"
	printf "%s", fills
	in_fn = 2
	next
}
in_fn == 1 { fail("the language definition") }
# The language's initialiser, one member a line, becomes one assignment a line: an initialiser
# (even a compound literal assigned in code) is what GCC may place in data as a template to copy.
in_fn == 2 && /^  };$/ {
	print "}"
	print entry
	print "  static pthread_once_t once = PTHREAD_ONCE_INIT;"
	print "  pthread_once(&once, fill_language);"
	in_fn = 3
	next
}
in_fn == 2 && nested != "" && /^    },$/ { nested = ""; next }
# .external_scanner = { states, symbol_map, create, destroy, scan, serialize, deserialize }, in
# the order of tree_sitter/parser.h (a parser.h that named them otherwise fails to compile)
in_fn == 2 && nested == "external_scanner" && /^      [^ .].*,$/ {
	if (++position > 7)
		fail("at most 7 external scanner members")
	split("states symbol_map create destroy scan serialize deserialize", scanner_member, " ")
	value = $0
	sub(/^      /, "", value)
	sub(/,$/, "", value)
	print "  l->external_scanner." scanner_member[position] " = " value ";"
	next
}
in_fn == 2 && nested != "" && nested != "external_scanner" && /^      \.[a-z_]+ = .*,$/ {
	line = $0
	sub(/^      \./, "", line)
	sub(/,$/, ";", line)
	print "  l->" nested "." line
	next
}
in_fn == 2 && nested == "" && /^    \.[a-z_]+ = \{$/ {
	nested = $0
	sub(/^    \./, "", nested)
	sub(/ = \{$/, "", nested)
	position = 0
	next
}
in_fn == 2 && nested == "" && /^    \.[a-z_]+ = .*,$/ {
	line = $0
	sub(/^    \./, "", line)
	sub(/,$/, ";", line)
	print "  l->" line
	next
}
in_fn == 2 { fail("a member of the language") }
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
