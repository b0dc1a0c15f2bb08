/* symbols/lexical: the lines inside multi-line literals, per grammar, and a definition's leading
 * comment lines. Each case gives a text and the expected kind of each of its lines as a string
 * ("C" code, "K" keep, "S" shift), and for comment_above the line asked and the line expected. */
#include <string.h>

#include "alloc.h"
#include "symbols/lexical.h"
#include "unit.h"

struct lcase {
	const char *name, *path, *text;
	const char *kinds; /* one letter per line */
};

static const struct lcase cases[] = {
	{"python triple quotes, closing line included", "a.py", "x = \"\"\"\nhello\n  world\n\"\"\"\ny = 1\n",
	 "CKKKC"},
	{"python one-line string is not multi-line", "a.py", "x = \"a\"\ny = 1\n", "CC"},
	{"python f-string over lines", "a.py", "x = f\"\"\"{a}\n  b\"\"\"\n", "CK"},
	{"go raw string", "a.go", "package x\n\nvar q = `\nSELECT 1\n`\n", "CCCKK"},
	{"go fragment alone", "a.go", "q := `\n  x\n`\n_ = q\n", "CKKC"},
	{"javascript template literal", "a.js", "const s = `a\n    b`;\nf();\n", "CKC"},
	{"typescript template literal", "a.ts", "const s: string = `a\n  ${b}\n`;\n", "CKK"},
	{"rust raw string", "a.rs", "let s = r#\"\nx\n\"#;\n", "CKK"},
	{"rust plain string over lines", "a.rs", "let t = \"a\n  b\";\n", "CK"},
	{"c++ raw string", "a.cpp", "auto s = R\"(\n  x\n)\";\n", "CKK"},
	{"c string continued with a backslash", "a.c", "char *s = \"a\\\n  b\";\n", "CK"},
	{"shell heredoc: body and terminator", "a.sh", "cat <<EOF\nline\n  two\nEOF\necho\n", "CKKKC"},
	{"shell quoted string over lines", "a.sh", "echo \"a\n  b\"\n", "CK"},
	{"ruby squiggly heredoc", "a.rb", "x = <<~EOS\n  a\nEOS\n", "CKK"},
	{"toml multi-line string", "a.toml", "x = \"\"\"\n  raw\n\"\"\"\n", "CKK"},
	{"yaml block scalar shifts", "a.yaml", "- run: |\n    echo a\n      echo b\n  name: x\n", "CSSC"},
	{"yaml plain scalar over lines is code", "a.yaml", "a: one\n  two\nb: 1\n", "CCC"},
	{"markdown fenced code shifts, fence line not", "a.md", "text\n\n```py\nif x:\n    y\n```\n",
	 "CCCSSS"},
	{"markdown indented code block, its first line too", "a.md", "text\n\n    code\n    more\n", "CCSS"},
	{"json strings never span lines", "a.json", "{\n  \"a\": \"b\"\n}\n", "CCC"},
	{"no grammar: nothing", "a.txt", "x = \"\"\"\nhello\n\"\"\"\n", "CCC"},
};

struct ccase {
	const char *name, *path, *text;
	long line, want;
};

static const struct ccase comments[] = {
	{"go doc comment lines", "a.go", "package x\n\n// A.\n// B.\nfunc F() {}\n", 5, 3},
	{"a blank line ends the comment", "a.go", "package x\n\n// A.\n\nfunc F() {}\n", 5, 5},
	{"a trailing comment is no leading comment", "a.go", "package x\n\nvar a = 1 // a\nfunc F() {}\n", 4,
	 4},
	{"a block comment", "a.ts", "class A {\n  /**\n   * Doc.\n   */\n  run() {}\n}\n", 5, 2},
	{"rust doc comments above an attribute", "a.rs", "/// Doc.\n#[inline]\nfn f() {}\n", 2, 1},
	{"python comment at the header's indentation", "a.py",
	 "class A:\n    # c\n    def f(self):\n        pass\n", 3, 2},
	{"python comment at another indentation is not the header's", "a.py",
	 "def a():\n    return 1\n    # end\ndef b():\n    pass\n", 4, 4},
	{"yaml comment above a key", "a.yaml", "a: 1\n# about b\nb: 2\n", 3, 2},
	{"the first line has nothing above", "a.go", "func F() {}\n", 1, 1},
	{"no grammar", "a.txt", "# a\nb\n", 2, 2},
	{"a #! line stays first", "a.py", "#!/usr/bin/env python3\n# Runs.\ndef main():\n    pass\n", 3, 2},
	{"a coding cookie stays on its line", "a.py", "# -*- coding: utf-8 -*-\ndef main():\n    pass\n", 2,
	 2},
};

int main(void)
{
	unit_begin("t_lexical");
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		const struct lcase *c = &cases[i];
		size_t n = strlen(c->kinds);
		struct lex_line *out = xmalloc(n * sizeof *out);
		lexical_lines(c->path, c->text, strlen(c->text), 1, (long)n, out);
		char got[64] = {0};
		for (size_t k = 0; k < n && k < sizeof got - 1; k++)
			got[k] = "CKS"[out[k].kind];
		unit_str(c->name, got, c->kinds);
		free(out);
	}
	for (size_t i = 0; i < sizeof comments / sizeof *comments; i++) {
		const struct ccase *c = &comments[i];
		unit_long(c->name, lexical_comment_above(c->path, c->text, strlen(c->text), c->line),
			  c->want);
	}
	/* the owner of a shifted line is the line its block opens on */
	struct lex_line y[4];
	const char *yaml = "- run: |\n    echo a\n      echo b\n  name: x\n";
	lexical_lines("a.yaml", yaml, strlen(yaml), 1, 4, y);
	unit_long("yaml block scalar lines are owned by the key line", y[1].owner * 10 + y[2].owner, 11);
	/* lines asked in the middle of a text */
	struct lex_line m[2];
	const char *py = "a = 1\nx = \"\"\"\nin\n\"\"\"\nb = 2\n";
	lexical_lines("a.py", py, strlen(py), 3, 4, m);
	unit_long("lines 3-4 of a text: both inside the string opened on line 2",
		  m[0].kind * 100 + m[1].kind * 10 + m[0].owner, LEX_KEEP * 100 + LEX_KEEP * 10 + 2);
	return unit_end();
}
