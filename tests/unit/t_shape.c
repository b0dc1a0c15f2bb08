/* The shape proof of an edit (symbols/shape.h, through syntax_check_edit): code outside the
 * edited lines keeps its blocks, the edit's code enters no block that had closed before it, and
 * what Python or a JavaScript engine would not compile fails; each rule beside a control that
 * passes. Expected verdicts come from issue 26 (A2) and from what python3 and node say of the
 * same text (noted per case). */
#include "buf.h"
#include "symbols/parse.h"
#include "unit.h"

static const char *const kind_names[] = {"ok", "moved", "nested", "compile"};

struct shape_case {
	const char *name, *path, *before, *after;
	struct line_hunk h[2]; /* all zero: the changed bytes decide */
	enum shape_kind want;
	const char *what; /* NULL: not compared */
};

static void run_case(const struct shape_case *c)
{
	struct syntax_delta d;
	size_t nh = c->h[1].b1 ? 2 : c->h[0].b1 ? 1 : 0;
	bool has = syntax_check_edit(c->path, c->before, strlen(c->before), c->after, strlen(c->after),
				     nh ? c->h : NULL, nh, &d);
	unit_check(has && d.after == d.before, "%s: no new parse error", c->name);
	unit_str(c->name, kind_names[d.shape.kind], kind_names[c->want]);
	if (c->what)
		unit_str(c->name, d.shape.what, c->what);
}

static void python(void)
{
	static const struct shape_case cases[] = {
		{"py: a top-level def indented into the class above",
		 "a.py",
		 "class Foo:\n    def a(self):\n        return 1\n\ndef helper():\n    return 2\n",
		 "class Foo:\n    def a(self):\n        return 1\n\n    def helper():\n        return 2\n",
		 {{5, 7, 5, 7}},
		 SHAPE_NESTED,
		 "def helper (line 5) is now nested in Foo \xE2\x80\x94 was top-level"},
		{"py: control, the edit starts inside Foo",
		 "a.py",
		 "class Foo:\n    def a(self):\n        return 1\n\ndef helper():\n    return 2\n",
		 "class Foo:\n    def a(self):\n        return 1\n\n    def helper(self):\n        return 2\n",
		 {{3, 7, 3, 7}},
		 SHAPE_OK,
		 NULL},
		{"py: a line after the edit moved into a new if",
		 "c.py",
		 "if x:\n    a()\n    b()\nc()\n",
		 "if x:\n    a()\nif y:\n    b()\nc()\n",
		 {{2, 3, 2, 4}},
		 SHAPE_MOVED,
		 "'b()' (line 3) is now in 'if y:' (edited line 3) \xE2\x80\x94 was in 'if x:' (line 1)"},
		{"py: control, an insert shifts every line",
		 "c.py",
		 "if x:\n    a()\n    b()\nc()\n",
		 "import os\nif x:\n    a()\n    b()\nc()\n",
		 {{1, 1, 1, 2}},
		 SHAPE_OK,
		 NULL},
		/* python3: IndentationError: unexpected indent */
		{"py: unexpected indent",
		 "c.py",
		 "x = 1\ny = 2\n",
		 "x = 1\n    y = 2\n",
		 {{2, 3, 2, 3}},
		 SHAPE_COMPILE,
		 "line 2: unexpected indent (Python would not compile it)"},
		/* python3: TabError: inconsistent use of tabs and spaces in indentation */
		{"py: a tab where spaces were",
		 "c.py",
		 "if x:\n\ty\n\tz\n",
		 "if x:\n\ty\n        z\n",
		 {{3, 4, 3, 4}},
		 SHAPE_COMPILE,
		 "line 3: inconsistent use of tabs and spaces in indentation (Python would not compile it)"},
		{"py: control, continuation lines and strings keep no indentation",
		 "c.py",
		 "x = 1\n",
		 "x = [1,\n  2]\ns = '''\n  a\n'''\nif x:  \\\n  pass\n",
		 {{1, 2, 1, 8}},
		 SHAPE_OK,
		 NULL},
		/* python3: SyntaxError: 'return' outside function */
		{"py: return in a class body",
		 "c.py",
		 "class A:\n    x = 1\n",
		 "class A:\n    return 1\n",
		 {{2, 3, 2, 3}},
		 SHAPE_COMPILE,
		 NULL},
		/* python3: SyntaxError: 'continue' not properly in loop (the else is not the loop) */
		{"py: continue in a loop's else",
		 "c.py",
		 "for i in x:\n    pass\nelse:\n    pass\n",
		 "for i in x:\n    pass\nelse:\n    continue\n",
		 {{4, 5, 4, 5}},
		 SHAPE_COMPILE,
		 NULL},
		{"py: control, continue in the loop and in a nested try",
		 "c.py",
		 "for i in x:\n    pass\n",
		 "for i in x:\n    try:\n        continue\n    finally:\n        pass\n",
		 {{2, 3, 2, 6}},
		 SHAPE_OK,
		 NULL},
		/* python3: SyntaxError: 'await' outside async function */
		{"py: await in a plain def",
		 "c.py",
		 "def f():\n    g()\n",
		 "def f():\n    await g()\n",
		 {{2, 3, 2, 3}},
		 SHAPE_COMPILE,
		 NULL},
		{"py: control, await in an async def",
		 "c.py",
		 "async def f():\n    g()\n",
		 "async def f():\n    await g()\n",
		 {{2, 3, 2, 3}},
		 SHAPE_OK,
		 NULL},
		/* python3: SyntaxError: keyword argument repeated: a */
		{"py: a repeated keyword argument",
		 "c.py",
		 "f(a=1)\n",
		 "f(a=1, a=2)\n",
		 {{1, 2, 1, 2}},
		 SHAPE_COMPILE,
		 "line 1: keyword argument repeated: a (Python would not compile it)"},
		/* python3: SyntaxError: expected 'except' or 'finally' block */
		{"py: a try with only an else",
		 "c.py",
		 "x = 1\n",
		 "try:\n    a\nelse:\n    b\n",
		 {{1, 2, 1, 5}},
		 SHAPE_COMPILE,
		 NULL},
		/* python3: SyntaxError: no binding for nonlocal 'a' found */
		{"py: a nonlocal whose binding the edit removed",
		 "c.py",
		 "def f():\n    a = 1\n    def g():\n        nonlocal a\n",
		 "def f():\n    b = 1\n    def g():\n        nonlocal a\n",
		 {{2, 3, 2, 3}},
		 SHAPE_COMPILE,
		 "line 4: no binding for nonlocal 'a' found (Python would not compile it)"},
		{"py: control, a nonlocal in a class bound by the function around it",
		 "c.py",
		 "x = 0\n",
		 "def f(a, *b):\n    for e, (h, i) in x:\n        pass\n    from m import n as o\n    class C:\n        nonlocal a, b, e, i, o\n",
		 {{1, 2, 1, 7}},
		 SHAPE_OK,
		 NULL},
		/* python3: SyntaxError: invalid syntax (tree-sitter reads `x: y` across the newline) */
		{"py: a statement running into the next line",
		 "c.py",
		 "y = 1\n\nx = 0\n",
		 "y = 1\n\nClasses:\n    dircmp\n",
		 {{3, 4, 3, 5}},
		 SHAPE_COMPILE,
		 "line 3: invalid syntax (line 4 starts a new statement) (Python would not compile it)"},
		{"py: control, a statement continued by brackets, a backslash and a string",
		 "c.py",
		 "x = 0\n",
		 "x = [1,\n  2]\nz = 1 + \\\n  2\ns = \"\"\"\nq\n\"\"\"\n",
		 {{1, 2, 1, 8}},
		 SHAPE_OK,
		 NULL},
		{"py: control, a file that did not compile is not blamed",
		 "c.py",
		 "return 0\nx = 1\n",
		 "return 0\nx = 2\n",
		 {{2, 3, 2, 3}},
		 SHAPE_OK,
		 NULL},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
		run_case(&cases[i]);
}

static void braces(void)
{
	static const struct shape_case cases[] = {
		{"js: a closing brace moved to the end nests the next function",
		 "a.js",
		 "function a() {\n  x();\n}\n\nfunction b() {\n  y();\n}\n",
		 "function a() {\n  x();\n\nfunction b() {\n  y();\n}\n}\n",
		 {{2, 4, 2, 3}, {6, 8, 5, 8}},
		 SHAPE_MOVED,
		 "function b (line 5) is now nested in a \xE2\x80\x94 was top-level"},
		{"js: control, the same change as one edit",
		 "a.js",
		 "function a() {\n  x();\n}\n\nfunction b() {\n  y();\n}\n",
		 "function a() {\n  x();\n\nfunction b() {\n  y();\n}\n}\n",
		 {{3, 8, 3, 8}},
		 SHAPE_OK,
		 NULL},
		/* tree-sitter reads the block as an object literal, JavaScript as a block whose trailing
		 * comma is an error (node: SyntaxError: Unexpected token '}'): the compile rule decides
		 * before the block's move to an object is looked at */
		{"js: a block read as an object after the edit",
		 "a.js",
		 "function f(a) {\n  if (a) {\n    g();\n  }\n}\n",
		 "function f(a) {\n  if (a) {\n    base64: \"x\",\n  }\n}\n",
		 {{3, 4, 3, 4}},
		 SHAPE_COMPILE,
		 NULL},
		/* node: SyntaxError: Unexpected token ':' (the second key of what JavaScript reads as a block) */
		{"js: an object's pairs left as a statement",
		 "a.js",
		 "function f(x) {\n  const n = {\n    a: 1,\n    b: 2,\n  };\n}\n",
		 "function f(x) {\n  if (x) {\n    a: 1,\n    b: 2,\n  };\n}\n",
		 {{2, 3, 2, 3}},
		 SHAPE_COMPILE,
		 NULL},
		{"js: control, one label in braces is a block JavaScript takes",
		 "a.js",
		 "function f(x) {\n  const n = {\n    a: 1\n  };\n}\n",
		 "function f(x) {\n  if (x) {\n    a: 1\n  };\n}\n",
		 {{2, 3, 2, 3}},
		 SHAPE_OK,
		 NULL},
		/* node: SyntaxError: Lexical declaration cannot appear in a single-statement context */
		{"js: a const as the whole body of an if",
		 "a.js",
		 "function f(s) {\n  if (s)\n    g();\n}\n",
		 "function f(s) {\n  if (s)\n    const t = 1;\n}\n",
		 {{3, 4, 3, 4}},
		 SHAPE_COMPILE,
		 NULL},
		{"js: control, a let as a for loop's initializer and a const in an else block",
		 "a.js",
		 "function f(s) {\n  if (s) g();\n  else {\n    h();\n  }\n}\n",
		 "function f(s) {\n  if (s) g();\n  else {\n    const t = 1;\n    for (let i = 0; i < t; i++) h();\n  }\n}\n",
		 {{4, 5, 4, 6}},
		 SHAPE_OK,
		 NULL},
		/* node: SyntaxError: Identifier 'x' has already been declared */
		{"js: a const declared twice in a block",
		 "a.js",
		 "const x = 1;\nconst y = 2;\n",
		 "const x = 1;\nconst x = 2;\n",
		 {{2, 3, 2, 3}},
		 SHAPE_COMPILE,
		 "line 2: Identifier 'x' has already been declared (JavaScript would not compile it)"},
		{"js: control, the same name in an inner block and a for head",
		 "a.js",
		 "let a;\n",
		 "let a;\n{ let a; }\nfor (let i = 0;;) {}\nfor (let i = 0;;) {}\nvar v; var v;\n",
		 {{1, 2, 1, 6}},
		 SHAPE_OK,
		 NULL},
		/* node: SyntaxError: Illegal break statement */
		{"js: break outside a loop",
		 "a.js",
		 "function f() {\n  g();\n}\n",
		 "function f() {\n  break;\n}\n",
		 {{2, 3, 2, 3}},
		 SHAPE_COMPILE,
		 NULL},
		/* node --input-type=module: SyntaxError: Illegal return statement */
		{"js: a module's top-level return",
		 "a.js",
		 "import a from \"a\";\nx();\n",
		 "import a from \"a\";\nreturn;\n",
		 {{2, 3, 2, 3}},
		 SHAPE_COMPILE,
		 NULL},
		{"js: control, a CommonJS top-level return",
		 "a.js",
		 "const a = require(\"a\");\nx();\n",
		 "const a = require(\"a\");\nreturn;\n",
		 {{2, 3, 2, 3}},
		 SHAPE_OK,
		 NULL},
		/* node: SyntaxError: Duplicate export of 'c' */
		{"js: a name exported twice",
		 "a.mjs",
		 "export { a, b as c } from \"x\";\nconst d = 1;\n",
		 "export { a, b as c } from \"x\";\nexport { c };\n",
		 {{2, 3, 2, 3}},
		 SHAPE_COMPILE,
		 "line 2: Duplicate export of 'c' (JavaScript would not compile it)"},
		/* node: SyntaxError: Export 'd' is not defined in module */
		{"js: an export of a name no longer declared",
		 "a.mjs",
		 "const d = 1;\nexport { d };\n",
		 "let e = 1;\nexport { d };\n",
		 {{1, 2, 1, 2}},
		 SHAPE_COMPILE,
		 "line 2: Export 'd' is not defined in module (JavaScript would not compile it)"},
		/* node: SyntaxError: Undefined label 'L' */
		{"js: a break to a label that is not there",
		 "a.js",
		 "for (;;) {\n  break;\n}\n",
		 "for (;;) {\n  break L;\n}\n",
		 {{2, 3, 2, 3}},
		 SHAPE_COMPILE,
		 NULL},
		{"js: control, labels, imports and types an export may name",
		 "a.ts",
		 "x;\n",
		 "L: for (;;) { if (a) continue L; break L; }\nimport { q } from \"q\";\ninterface T { a: 1 }\nlet a, b;\nexport { q, T, b as c };\n",
		 {{1, 2, 1, 6}},
		 SHAPE_OK,
		 NULL},
		/* node: SyntaxError: 'super' keyword unexpected here */
		{"js: super in a plain function",
		 "a.js",
		 "class A extends B {\n  m() {\n    return 1;\n  }\n}\n",
		 "class A extends B {\n  m() {\n    return function () { return super.m(); };\n  }\n}\n",
		 {{3, 4, 3, 4}},
		 SHAPE_COMPILE,
		 NULL},
		{"js: control, super in methods, arrows, fields and the constructor",
		 "a.js",
		 "x;\n",
		 "class A extends B { constructor() { super(); } m() { return () => super.m(); } n = super.x; }\n",
		 {{1, 2, 1, 2}},
		 SHAPE_OK,
		 NULL},
		/* node: SyntaxError: A class may only have one constructor */
		{"js: two constructors",
		 "a.js",
		 "class A {\n  constructor() {}\n  m() {}\n}\n",
		 "class A {\n  constructor() {}\n  constructor(x) {}\n}\n",
		 {{3, 4, 3, 4}},
		 SHAPE_COMPILE,
		 NULL},
		/* node: SyntaxError: Missing catch or finally after try */
		{"js: a try with neither catch nor finally",
		 "a.js",
		 "try {\n  a();\n} catch (e) {}\n",
		 "try {\n  a();\n}\n",
		 {{3, 4, 3, 4}},
		 SHAPE_COMPILE,
		 NULL},
		/* node: SyntaxError: Unexpected token (the declaration is now part of an expression) */
		{"js: a declaration turned into part of an expression by a comma above",
		 "a.js",
		 "g();\nfunction f() {\n  return 1;\n}\n",
		 "g(),\nfunction f() {\n  return 1;\n}\n",
		 {{1, 2, 1, 2}},
		 SHAPE_MOVED,
		 "function f (line 2) is now part of another construct: the edit changed how the code before it ends"},
		/* tree-sitter cannot read `as null` (valid JavaScript): the rest of the file is judged */
		{"js: a file with a parse error elsewhere is still judged",
		 "a.mjs",
		 "export { _null as null };\nfunction a() {\n  x();\n}\n\nfunction b() {\n  y();\n}\n",
		 "export { _null as null };\nfunction a() {\n  x();\n\nfunction b() {\n  y();\n}\n}\n",
		 {{3, 5, 3, 4}, {7, 9, 6, 9}},
		 SHAPE_MOVED,
		 "function b (line 6) is now nested in a \xE2\x80\x94 was top-level"},
		{"js: control, an edit beside the parse error",
		 "a.mjs",
		 "export { _null as null };\nconst z = 1;\n",
		 "export { _null as null };\nconst z = 2;\n",
		 {{2, 3, 2, 3}},
		 SHAPE_OK,
		 NULL},
		{"js: control, default and named exports once each",
		 "a.mjs",
		 "export const d = 1;\n",
		 "export const d = 1;\nexport default d;\nexport { d as e };\n",
		 {{1, 2, 1, 4}},
		 SHAPE_OK,
		 NULL},
		/* node: SyntaxError: Unexpected token 'export' */
		{"js: an export inside a function",
		 "a.js",
		 "function f() {\n  g();\n}\n",
		 "function f() {\n  export { g };\n}\n",
		 {{2, 3, 2, 3}},
		 SHAPE_COMPILE,
		 NULL},
		/* node: SyntaxError: await is only valid in async functions ... */
		{"js: await in a plain function",
		 "a.js",
		 "function f() {\n  g();\n}\n",
		 "function f() {\n  await g();\n}\n",
		 {{2, 3, 2, 3}},
		 SHAPE_COMPILE,
		 NULL},
		{"js: control, await in async functions and methods",
		 "a.js",
		 "x;\n",
		 "async function f() {\n  await g();\n}\nconst h = async () => { await g(); };\nclass K { async m() { await "
		 "g(); } }\n",
		 {{1, 2, 1, 6}},
		 SHAPE_OK,
		 NULL},
		{"go: a statement moved into an if by a brace moved past it",
		 "m.go",
		 "package main\n\nfunc f(x bool) {\n\tif x {\n\t\ta()\n\t}\n\tb()\n\tc()\n}\n",
		 "package main\n\nfunc f(x bool) {\n\tif x {\n\t\ta()\n\tb()\n\tc()\n\t}\n}\n",
		 {{5, 7, 5, 6}, {8, 9, 7, 9}},
		 SHAPE_MOVED,
		 "'b()' (line 7) is now nested in 'if x {' (line 4) \xE2\x80\x94 was outside it"},
		{"c: the brace move nests void b",
		 "a.c",
		 "void a(void) {\n  x();\n}\n\nvoid b(void) {\n  y();\n}\n",
		 "void a(void) {\n  x();\n\nvoid b(void) {\n  y();\n}\n}\n",
		 {{2, 4, 2, 3}, {6, 8, 5, 8}},
		 SHAPE_MOVED,
		 NULL},
		{"rust: control, an edit inside a function",
		 "a.rs",
		 "fn a() {\n    x();\n}\n",
		 "fn a() {\n    if c {\n        x();\n    }\n}\n",
		 {{2, 3, 2, 5}},
		 SHAPE_OK,
		 NULL},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
		run_case(&cases[i]);
}

/* A map that does not fit the texts (an outside line whose bytes differ) is not trusted: the
 * changed bytes decide, as with no map. */
static void map_fallback(void)
{
	static const struct shape_case cases[] = {
		{"a wrong map falls back to the changed bytes",
		 "c.py",
		 "if x:\n    a()\n    b()\nc()\n",
		 "if x:\n    a()\nif y:\n    b()\nc()\n",
		 {{4, 5, 4, 5}},
		 SHAPE_MOVED,
		 NULL},
		{"no map: the changed bytes",
		 "c.py",
		 "if x:\n    a()\n    b()\nc()\n",
		 "if x:\n    a()\nif y:\n    b()\nc()\n",
		 {{0}},
		 SHAPE_MOVED,
		 NULL},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
		run_case(&cases[i]);
}

/* A large file is parsed around the change only; the proof still sees what moved there. */
static void large(void)
{
	struct buf b = BUF_INIT, a = BUF_INIT;
	for (int i = 0; i < 2000; i++) {
		buf_addf(&b, "def f%d(x):\n    if x:\n        return %d\n    return 0\n\n", i, i);
		buf_addf(&a, "def f%d(x):\n    if x:\n        return %d\n%sreturn 0\n\n", i, i,
			 i == 1000 ? "        " : "    ");
	}
	struct syntax_delta d;
	syntax_check_edit("big.py", b.data, b.len, a.data, a.len, NULL, 0, &d);
	unit_check(d.partial, "large: only the items around the change were parsed");
	unit_str("large: a return indented into the if above", kind_names[d.shape.kind],
		 kind_names[SHAPE_NESTED]);
	buf_truncate(&a, 0);
	buf_truncate(&b, 0);
	/* JavaScript: a new top-level name the text far above also names makes the whole file parsed,
	 * so a declaration the text scan cannot read (destructured) is seen twice */
	const char *heads[] = {"const a = require(\"a\");\n\n", "const {a} = require(\"a\");\n\n"};
	for (int h = 0; h < 2; h++) {
		buf_truncate(&a, 0);
		buf_truncate(&b, 0);
		buf_adds(&b, heads[h]);
		buf_adds(&a, heads[h]);
		for (int i = 0; i < 2000; i++) {
			buf_addf(&b, "function f%d(x) {\n  return x + %d;\n}\n\n", i, i);
			buf_addf(&a, "function f%d(x) {\n  return x + %d;\n}\n\n%s", i, i,
				 i == 1000 ? "const a = 2;\n\n" : "");
		}
		syntax_check_edit("big.js", b.data, b.len, a.data, a.len, NULL, 0, &d);
		unit_check(!d.partial, "large js %d: the whole file is parsed", h);
		unit_str(
			"large js: a const declared again far below", d.shape.what,
			"line 4007: Identifier 'a' has already been declared (JavaScript would not compile it)");
	}
	/* control: a new name the rest of the file never names keeps the partial parse */
	buf_truncate(&a, 0);
	buf_adds(&a, heads[0]);
	for (int i = 0; i < 2000; i++)
		buf_addf(&a, "function f%d(x) {\n  return x + %d;\n}\n\n%s", i, i,
			 i == 1000 ? "const zz = 2;\n\n" : "");
	buf_truncate(&b, 0);
	buf_adds(&b, heads[0]);
	for (int i = 0; i < 2000; i++)
		buf_addf(&b, "function f%d(x) {\n  return x + %d;\n}\n\n", i, i);
	syntax_check_edit("big.js", b.data, b.len, a.data, a.len, NULL, 0, &d);
	unit_check(d.partial && d.shape.kind == SHAPE_OK,
		   "large js: a new name nothing else names: partial, ok");
	buf_release(&a);
	buf_release(&b);
}

int main(void)
{
	unit_begin("t_shape");
	python();
	braces();
	map_fallback();
	large();
	return unit_end();
}
