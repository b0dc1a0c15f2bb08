# find -p/--function (issue 17 item 5, git grep's name): each hit under its enclosing symbol as a
# target (── path#Qualified.name), resolved with #name's rules so the next call can read or edit
# the whole function; a name #name would find ambiguous is given as the definition's lines, and a
# hit outside every definition (or in a file without a grammar) keeps the plain path header.

### control: without -p, one block per file
@fixture findsym
@env LETS_NO_STATS=1
$ lets find return store/store.go
── store/store.go
 9:		«return» nil
13:		«return» nil
18:		«return» s, s.Open(path)
── 3 hits in 1 file · searched 1 file

### -p: a block per enclosing symbol; the ambiguous Open by its lines
@fixture findsym
@env LETS_NO_STATS=1
$ lets find -p return store/store.go
── store/store.go#Store.Open
 9:		«return» nil
── store/store.go#Store.Close
13:		«return» nil
── store/store.go:16-19
18:		«return» s, s.Open(path)
── 3 hits in 1 file · searched 1 file

### --function across languages; a file without a grammar keeps its path
@fixture findsym
@env LETS_NO_STATS=1
$ lets find --function return kt py web
── kt/Main.kt
 2:	    «return» x
── py/db.py#Store.open
 3:	        «return» self
── py/db.py:9-10
10:	    «return» Store().open()
── web/client.ts#Client.open
 3:	    «return» fetch(url)
── web/client.ts:7-9
 8:	  «return» new Client().open(url)
── 5 hits in 3 files · searched 3 files

### --show-function is git grep's long name
@fixture findsym
@env LETS_NO_STATS=1
$ lets find --show-function 'self\)' py
── py/db.py#Store.open
2:	    def open(«self)»:
── py/db.py#Store.close
5:	    def close(«self)»:
── 2 hits in 1 file · searched 1 file

### context lines stay with their hit's symbol until they pass its end; "--" between groups that
# do not touch, inside a symbol's block as anywhere
@fixture findsym
@env LETS_NO_STATS=1
$ lets find -p -C1 path store/store.go
── store/store.go#Store
 3-	type Store struct {
 4:		«path» string
 5-	}
 6-	
── store/store.go#Store.Open
 7:	func (s *Store) Open(«path» string) error {
 8:		s.«path» = «path»
 9-		return nil
--
15-	
── store/store.go:16-19
16:	func Open(«path» string) (*Store, error) {
17-		s := &Store{}
18:		return s, s.Open(«path»)
19-	}
── 5 hits in 1 file · searched 1 file

### a hit outside every definition keeps the plain path; twin init functions by their lines
@fixture findsym
@env LETS_NO_STATS=1
$ lets find -p 'package|register' store/init.go
── store/init.go
1:	«package» store
── store/init.go:3-5
4:		«register»("a")
── store/init.go:7-9
8:		«register»("b")
── 3 hits in 1 file · searched 1 file

### --json: the symbol is the block's target, the file its path
@fixture findsym
@env LETS_NO_STATS=1
$ lets find -p Client web --json
{"targets":[{"target":"web/client.ts#Client","path":"web/client.ts","lines":[{"number":1,"marker":"hit","text":"export class «Client» {"}]},{"target":"web/client.ts:7-9","path":"web/client.ts","lines":[{"number":8,"marker":"hit","text":"  return new «Client»().open(url)"}]}],"omitted":[],"stats":{"lines":2,"bytes":62,"tokens_est":null}}

### -q keeps the symbol headers
@fixture findsym
@env LETS_NO_STATS=1
$ lets find -p -q return py
── py/db.py#Store.open
── py/db.py:9-10
── 2 hits in 1 file · searched 1 file

### over the cap -p prints the busiest files, over_cap; the way out names only what -p accepts
# (it refuses --files): a narrower pattern or paths, or the --cap that holds every hit
@fixture findsym
@env LETS_NO_STATS=1
$ lets find -p self py --cap 2
? 1
3	py/db.py
── 3 hits in 1 file · searched 1 file · over the 2-hit cap · narrow the pattern or the paths, or --cap 3 · top 1 file shown
--- stderr
3 hits in 1 file · over the 2-hit cap · narrow the pattern or the paths, or --cap 3
ERROR_CODE=over_cap

### no hits: not_found as without -p
@fixture findsym
@env LETS_NO_STATS=1
$ lets find -p nothing_here store
? 1
── 0 hits in 0 files · searched 2 files
--- stderr
no hits for «nothing_here»
ERROR_CODE=not_found

### -p with --files is a usage error
@fixture findsym
$ lets find -p return -l
? 64
--- stderr
error: the argument '--function' cannot be used with '--files'

Usage: lets find [OPTIONS] <PATTERN> [PATHS]...

For more information, try '--help'.
ERROR_CODE=usage

### -p with --count is a usage error
@fixture findsym
$ lets find -p return -c
? 64
--- stderr
error: the argument '--function' cannot be used with '--count'

Usage: lets find [OPTIONS] <PATTERN> [PATHS]...

For more information, try '--help'.
ERROR_CODE=usage

### -p in a file over 256 KiB: read in place from its mapping, only the item around the hit parsed
% { echo 'package big'; echo; for i in $(seq 1 20000); do printf 'func F%d() int {\n\treturn %d\n}\n\n' $i $i; done; printf 'func Target() {\n\tneedle()\n}\n'; } > big.go
@env LETS_NO_STATS=1
$ lets find -p needle big.go
── big.go#Target
80004:		«needle»()
── 1 hit in 1 file · searched 1 file

### -p: a C label at column 0 (out:) is inside its function, not the start of an item
% { for i in $(seq 1 30); do printf 'int f%d(void)\n{\n\treturn %d;\n}\n\n' $i $i; done; printf 'int g(int x)\n{\n\tif (x)\n\t\tgoto out;\n\tx++;\n\nout:\n\treturn needle(x);\n}\n'; } > lab.c
@env LETS_NO_STATS=1
$ lets find -p needle lab.c
── lab.c#g
158:		return «needle»(x);
── 1 hit in 1 file · searched 1 file

### -p: a definition that starts past its line's first byte (the declarator of export const)
% { for i in $(seq 1 30); do printf 'export function f%d(): number {\n  return %d\n}\n\n' $i $i; done; printf 'export const needles = [\n  "a",\n] as const\n'; } > e.ts
@env LETS_NO_STATS=1
$ lets find -p needles e.ts
── e.ts#needles
121:	export const «needles» = [
── 1 hit in 1 file · searched 1 file

### -p on a mapped file truncated while its symbols are read never kills lets
@scratch big.go
% { echo 'package big'; echo; for i in $(seq 1 20000); do printf 'func F%d() int {\n\treturn %d\n}\n\n' $i $i; done; printf 'func Target() {\n\tneedle()\n}\n'; } > src.go
$ (while :; do cp src.go big.go; truncate -s 1000 big.go; done) & for i in $(seq 20); do lets find -p needle big.go >/dev/null 2>&1; s=$?; [ $s -ge 128 ] && echo "killed by signal $((s - 128))"; done; kill $!; wait $! 2>/dev/null; echo done
? 0
done

### -p: a Rust where clause ends its line with ',' inside the impl body, which is no list: the method around the hit is kept whole
# The partial parse leaves out whole statements and list elements without a hit (ranges_elide);
# a ',' ending a line in a body is not a list element's end.
% { printf 'struct Drain;\n\nimpl Drain {\n    fn drive<C>(self, consumer: C) -> C\n    where\n        C: Copy,\n    {\n        consumer\n    }\n\n    fn with_producer<CB>(self, callback: CB) -> CB\n    where\n        CB: Copy,\n    {\n        needle(callback)\n    }\n}\n\n'; for i in $(seq 1 30); do printf 'fn f%d() -> u32 {\n    %d\n}\n\n' $i $i; done; } > d.rs
@env LETS_NO_STATS=1
$ lets find -p needle d.rs
── d.rs#Drain.with_producer
15:	        «needle»(callback)
── 1 hit in 1 file · searched 1 file

### -p: the name also occurs in another function's initializer list; the elements and statements around it are left out of that parse, and the name stays unique
% { printf 'namespace ns {\n\nclass Parser {\n public:\n  void Parse();\n  void Reset();\n};\n\nvoid Parser::Init() {\n  auto *data = get_instance_data_for_the_addon_here();\n  define_class("Parser", {\n    method("reset_first", &Parser::Reset, default_attributes),\n    method("parse", &Parser::Parse, default_attributes),\n    method("reset", &Parser::Reset, default_attributes),\n  });\n  data->constructor = persistent_reference_to(constructor);\n}\n\nvoid Parser::Parse() {\n  needle();\n}\n\n}  // namespace ns\n\n'; for i in $(seq 1 30); do printf 'int f%d(void)\n{\n\treturn %d;\n}\n\n' $i $i; done; } > p.cc
@env LETS_NO_STATS=1
$ lets find -p needle p.cc
── p.cc#ns.Parser.Parse
20:	  «needle»();
── 1 hit in 1 file · searched 1 file

### control: a second definition of ns.Parser.Parse next to Init is still seen, so the hit's is given by its lines
% { printf 'namespace ns {\n\nclass Parser {\n public:\n  void Parse();\n  void Reset();\n};\n\nvoid Parser::Init() {\n  auto *data = get_instance_data_for_the_addon_here();\n  define_class("Parser", {\n    method("reset_first", &Parser::Reset, default_attributes),\n    method("parse", &Parser::Parse, default_attributes),\n    method("reset", &Parser::Reset, default_attributes),\n  });\n  data->constructor = persistent_reference_to(constructor);\n}\n\nvoid Parser::Parse(int n) {\n  reset_all(n);\n}\n\nvoid Parser::Parse() {\n  needle();\n}\n\n}  // namespace ns\n\n'; for i in $(seq 1 30); do printf 'int f%d(void)\n{\n\treturn %d;\n}\n\n' $i $i; done; } > q.cc
@env LETS_NO_STATS=1
$ lets find -p needle q.cc
── q.cc:23-25
24:	  «needle»();
── 1 hit in 1 file · searched 1 file

### control: plain find over the cap keeps the spec's "or --files"
@fixture findsym
@env LETS_NO_STATS=1
$ lets find return --cap 2
? 1
[...]
── 8 hits in 4 files · searched 6 files · ignored 3 (gitignore 1 · hidden 2) · over the 2-hit cap · narrow the pattern or the paths, or --files · top 4 files shown
--- stderr
8 hits in 4 files · over the 2-hit cap · narrow the pattern or the paths, or --files
ERROR_CODE=over_cap
