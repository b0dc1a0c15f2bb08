# find --def NAME (issue 12): the definitions of a symbol across the tree, each a hit whose target
# is path#Qualified.name with its kind and span, capped and footered like find. The fixture
# findsym holds Go (a method and a function both named Open, two init functions), Python,
# TypeScript, Kotlin (no grammar: the plaintext heuristic), Markdown, a gitignored build/gen.go and
# a hidden .hidden/h.go, each of which defines Open too.

### a method and a function of one name: the method by its receiver, the function by its lines
@fixture findsym
@env LETS_NO_STATS=1
$ lets find --def Open
── docs/guide.md#Guide.Open  (section · lines 3-5)
 3:	## «Open»
── store/store.go#Store.Open  (method · lines 7-10)
 7:	func (s *Store) «Open»(path string) error {
── store/store.go:16-19  (function · lines 16-19)
16:	func «Open»(path string) (*Store, error) {
── 3 definitions in 2 files · searched 6 files · ignored 3 (gitignore 1 · hidden 2)

### control: plain find lists every use, not only the definitions
@fixture findsym
@env LETS_NO_STATS=1
$ lets find -w Open store
── store/store.go
 7:	func (s *Store) «Open»(path string) error {
16:	func «Open»(path string) (*Store, error) {
18:		return s, s.«Open»(path)
── 3 hits in 1 file · searched 2 files

### Outer.inner narrows to the member, as a #target does
@fixture findsym
@env LETS_NO_STATS=1
$ lets find --def Store.Open
── store/store.go#Store.Open  (method · lines 7-10)
7:	func (s *Store) «Open»(path string) error {
── 1 definition in 1 file · searched 6 files · ignored 3 (gitignore 1 · hidden 2)

### the target it prints reads the whole definition
@fixture findsym
@env LETS_NO_STATS=1
$ lets show 'store/store.go#Store.Open'
── store/store.go#Store.Open  (7-10 of 19 · via tree-sitter) · sha:[..]
 7 	func (s *Store) Open(path string) error {
 8 		s.path = path
 9 		return nil
10 	}
── showed 1 target · 4 lines

### Python, TypeScript and a grammar-less Kotlin file (heuristic, said in the header)
@fixture findsym
@env LETS_NO_STATS=1
$ lets find --def open
── kt/Main.kt#open  (function · lines 1-3 · via heuristic (plaintext))
1:	fun «open»(x: Int): Int {
── py/db.py#Store.open  (method · lines 2-3)
2:	    def «open»(self):
── py/db.py:9-10  (function · lines 9-10)
9:	def «open»():
── web/client.ts#Client.open  (method · lines 2-4)
2:	  «open»(url: string) {
── web/client.ts:7-9  (function · lines 7-9)
7:	export function «open»(url: string) {
── 5 definitions in 3 files · searched 6 files · ignored 3 (gitignore 1 · hidden 2)

### two definitions with one qualified name (Go's init) are targeted by their lines
@fixture findsym
@env LETS_NO_STATS=1
$ lets find --def init store
── store/init.go:3-5  (function · lines 3-5)
3:	func «init»() {
── store/init.go:7-9  (function · lines 7-9)
7:	func «init»() {
── 2 definitions in 1 file · searched 2 files

### --json: find's envelope; each block adds its kind and span
@fixture findsym
@env LETS_NO_STATS=1
$ lets find --def Close --json
{"targets":[{"target":"store/store.go#Store.Close","path":"store/store.go","kind":"method","span":[12,14],"lines":[{"number":12,"marker":"hit","text":"func (s *Store) «Close»() error {"}]}],"omitted":[{"ignored":{"gitignore":1,"hidden":2,"other":0}}],"stats":{"lines":1,"bytes":36,"tokens_est":null}}

### --jsonl: one line per definition, then the stats record
@fixture findsym
@env LETS_NO_STATS=1
$ lets find --def Store.Open --jsonl
{"target":"store/store.go#Store.Open","path":"store/store.go","kind":"method","span":[7,10],"lines":[{"number":7,"marker":"hit","text":"func (s *Store) «Open»(path string) error {"}]}
{"stats":{"lines":1,"bytes":46,"tokens_est":null},"omitted":[{"ignored":{"gitignore":1,"hidden":2,"other":0}}]}

### the walk's rules hold: --hidden and --no-ignore bring the other two in; -q keeps the headers
@fixture findsym
@env LETS_NO_STATS=1
$ lets find --def Open --hidden --no-ignore -q
── .hidden/h.go#Open  (function · line 3)
── build/gen.go#Open  (function · line 3)
── docs/guide.md#Guide.Open  (section · lines 3-5)
── store/store.go#Store.Open  (method · lines 7-10)
── store/store.go:16-19  (function · lines 16-19)
── 5 definitions in 4 files · searched 9 files

### over the cap: the busiest files, over_cap; the way out names only what --def accepts (it
# refuses --files): a narrower name or paths, or the --cap that holds every definition
@fixture findsym
@env LETS_NO_STATS=1
$ lets find --def Open --cap 1
? 1
2	store/store.go
1	docs/guide.md
── 3 definitions in 2 files · searched 6 files · ignored 3 (gitignore 1 · hidden 2) · over the 1-hit cap · narrow the name or the paths, or --cap 3 · top 2 files shown
--- stderr
3 definitions in 2 files · over the 1-hit cap · narrow the name or the paths, or --cap 3
ERROR_CODE=over_cap

### the suggested --cap holds them all
@fixture findsym
@env LETS_NO_STATS=1
$ lets find --def Open --cap 3
── docs/guide.md#Guide.Open  (section · lines 3-5)
 3:	## «Open»
── store/store.go#Store.Open  (method · lines 7-10)
 7:	func (s *Store) «Open»(path string) error {
── store/store.go:16-19  (function · lines 16-19)
16:	func «Open»(path string) (*Store, error) {
── 3 definitions in 2 files · searched 6 files · ignored 3 (gitignore 1 · hidden 2)

### a name used but not defined: not_found, naming the files that use it
@fixture findsym
@env LETS_NO_STATS=1
$ lets find --def fetch
? 1
── 0 definitions in 0 files · searched 6 files · ignored 3 (gitignore 1 · hidden 2)
--- stderr
no definition of «fetch» in the 1 file that mentions it · see the uses with lets find -w 'fetch'
ERROR_CODE=not_found

### a name no file mentions
@fixture findsym
@env LETS_NO_STATS=1
$ lets find --def Nowhere
? 1
── 0 definitions in 0 files · searched 6 files · ignored 3 (gitignore 1 · hidden 2)
--- stderr
no definition of «Nowhere»: no file searched mentions it
ERROR_CODE=not_found

### a missing root is named; the others are still searched
@fixture findsym
@env LETS_NO_STATS=1
$ lets find --def Store.Open nope store
? 1
── store/store.go#Store.Open  (method · lines 7-10)
7:	func (s *Store) «Open»(path string) error {
── 1 definition in 1 file · searched 2 files · nope failed (not_found)
--- stderr
nope: No such file or directory (os error 2)
ERROR_CODE=not_found

### --def with --files is a usage error
@fixture findsym
$ lets find --def Open -l
? 64
--- stderr
error: the argument '--def' cannot be used with '--files'

Usage: lets find [OPTIONS] <PATTERN> [PATHS]...

For more information, try '--help'.
ERROR_CODE=usage

### --def with context lines is a usage error, naming show's #name (issue 31 item 1)
@fixture findsym
$ lets find --def Open -C 2
? 64
--- stderr
error: the argument '--def' cannot be used with '-C <CONTEXT>'

  tip: to read a definition whole, lets show '#Open'

Usage: lets find [OPTIONS] <PATTERN> [PATHS]...

For more information, try '--help'.
ERROR_CODE=usage

### --def with -p is a usage error
@fixture findsym
$ lets find --def Open -p
? 64
--- stderr
error: the argument '--def' cannot be used with '--function'

Usage: lets find [OPTIONS] <PATTERN> [PATHS]...

For more information, try '--help'.
ERROR_CODE=usage

### an empty name is a usage error
@fixture findsym
$ lets find --def ''
? 64
--- stderr
error: --def needs a symbol name, e.g. --def Client.Pull

Usage: lets find [OPTIONS] <PATTERN> [PATHS]...

For more information, try '--help'.
ERROR_CODE=usage

### -g narrows the walk as in find
@fixture findsym
@env LETS_NO_STATS=1
$ lets find --def open -g '*.py'
── py/db.py#Store.open  (method · lines 2-3)
2:	    def «open»(self):
── py/db.py:9-10  (function · lines 9-10)
9:	def «open»():
── 2 definitions in 1 file · searched 1 file · ignored 3 (gitignore 1 · hidden 2) · glob *.py

### a member whose line also holds its class's longer name: the name itself is marked
% printf 'class Parser {\n  int Parse();\n};\n\nint Parser::Parse() {\n  return 1;\n}\n' > p.cc
@env LETS_NO_STATS=1
$ lets find --def Parser.Parse p.cc
── p.cc#Parser.Parse  (method · lines 5-7)
5:	int Parser::«Parse»() {
── 1 definition in 1 file · searched 1 file
