# lets map (issue 35): an outline of the tree, then its definitions ranked by PageRank over the
# file graph of references, within a budget. The fixtures' rankings are known by construction:
# map-hub's store/store.go is referred to by api, cmd and worker (everyone imports it), so its
# definitions come first; cmd/main.go and worker/worker.go are referred to by no file, so theirs
# come last, by path. map-control is the control where counting occurrences would disagree:
# helper_fn is spelled 20 times by one file (z.py), core_fn twice each by three files (a, b, c):
# by count helper.py would lead, by PageRank core.py does. api/api.pb.go carries a
# generated-code marker (counted, not ranked); vendor/ is folded into one line.
# spec-silent: map is beyond 0.0.1 (docs/differences.md); the layout of its lines.

### the file everyone imports ranks first; vendored and generated files are counted, not ranked
@fixture map-hub
@env LETS_NO_STATS=1
$ lets map
./  1 file · markdown
api/  2 files · go · 1 generated
cmd/  1 file · go
store/  1 file · go
util/  1 file · go
vendor/  1 file · go · vendored, folded
worker/  1 file · go
── store/store.go
store/store.go#Store  type Store struct {
store/store.go#Open  func Open(path string) (*Store, error) {
store/store.go#Store.Get  func (s *Store) Get(key string) string {
── api/api.go
api/api.go#Serve  func Serve(s *store.Store) string {
── util/strings.go
util/strings.go#Pad  func Pad(s string) string {
── cmd/main.go
cmd/main.go#main  func main() {
── worker/worker.go
worker/worker.go#Run  func Run(s *store.Store) {
── map: 8 files · go 7, markdown 1 · 7 definitions ranked

### control: PageRank, not occurrence counts — three files using core_fn beat one using helper_fn 20 times
@fixture map-control
@env LETS_NO_STATS=1
$ lets map
./  6 files · python
── core.py
core.py#core_fn  def core_fn():
── helper.py
helper.py#helper_fn  def helper_fn():
── a.py
a.py#a_main  def a_main():
── b.py
b.py#b_main  def b_main():
── c.py
c.py#c_main  def c_main():
── z.py
z.py#z_main  def z_main():
── map: 6 files · python 6 · 6 definitions ranked

### --focus a file: it is shown first and what it uses (store) comes next
@fixture map-hub
@env LETS_NO_STATS=1
$ lets map --focus worker/worker.go | grep -v '  [0-9]* files\? ·'
── worker/worker.go
worker/worker.go#Run  func Run(s *store.Store) {
── store/store.go
store/store.go#Store  type Store struct {
store/store.go#Open  func Open(path string) (*Store, error) {
store/store.go#Store.Get  func (s *Store) Get(key string) string {
── api/api.go
api/api.go#Serve  func Serve(s *store.Store) string {
── cmd/main.go
cmd/main.go#main  func main() {
── util/strings.go
util/strings.go#Pad  func Pad(s string) string {
── map: 8 files · go 7, markdown 1 · 7 definitions ranked

### --focus #Name: the definition first, and its neighbour util (Serve calls Pad) pulled above store
@fixture map-hub
@env LETS_NO_STATS=1
$ lets map --focus '#Serve' | grep '^──'
── api/api.go
── util/strings.go
── store/store.go
── cmd/main.go
── worker/worker.go
── map: 8 files · go 7, markdown 1 · 7 definitions ranked

### a focus on a file used by one other pulls that user (api) up, above store
@fixture map-hub
@env LETS_NO_STATS=1
$ lets map --focus util/ | grep '^──'
── util/strings.go
── api/api.go
── store/store.go
── cmd/main.go
── worker/worker.go
── map: 8 files · go 7, markdown 1 · 7 definitions ranked

### the same tree gives byte-identical output, on one thread or several
@fixture map-hub
@env LETS_NO_STATS=1
$ diff <(lets map --json) <(lets map --json) && diff <(lets map) <(taskset -c 0 lets map) && echo identical
identical

### --budget keeps what fits and the footer names what was left out
@fixture map-hub
@env LETS_NO_STATS=1
$ lets map --budget 40
./  1 file · markdown
api/  2 files · go · 1 generated
cmd/  1 file · go
+4 more directories
── store/store.go
store/store.go#Store  type Store struct {
── map: 8 files · go 7, markdown 1 · 7 definitions ranked · budget 40 left out 6 definitions in 4 files · raise --budget or --focus a path or #name

### a path maps that tree only, its outline starting there
@fixture map-hub
@env LETS_NO_STATS=1
$ lets map store/
store/  1 file · go
── store/store.go
store/store.go#Store  type Store struct {
store/store.go#Open  func Open(path string) (*Store, error) {
store/store.go#Store.Get  func (s *Store) Get(key string) string {
── map: 1 file · go 1 · 3 definitions ranked

### --json: the outline, the definitions as targets with kind, lines and signature, then omitted and stats
@fixture map-hub
@env LETS_NO_STATS=1
$ lets map --json store/ util/
{"outline":[{"path":"store/","files":1,"languages":["go"],"generated":0,"folded":false,"dirs":[],"more_dirs":0},{"path":"util/","files":1,"languages":["go"],"generated":0,"folded":false,"dirs":[],"more_dirs":0}],"definitions":[{"target":"store/store.go#Store","path":"store/store.go","name":"Store","kind":"type","line":4,"span":[4,6],"signature":"type Store struct {"},{"target":"store/store.go#Open","path":"store/store.go","name":"Open","kind":"function","line":9,"span":[9,11],"signature":"func Open(path string) (*Store, error) {"},{"target":"store/store.go#Store.Get","path":"store/store.go","name":"Store.Get","kind":"method","line":14,"span":[14,16],"signature":"func (s *Store) Get(key string) string {"},{"target":"util/strings.go#Pad","path":"util/strings.go","name":"Pad","kind":"function","line":4,"span":[4,6],"signature":"func Pad(s string) string {"}],"files":2,"languages":[{"name":"go","files":2}],"more_dirs":0,"definitions_ranked":4,"omitted":[],"stats":{"lines":8,"bytes":[..],"tokens_est":null}}

### --jsonl: a line per directory and per definition, then the tally
@fixture map-hub
@env LETS_NO_STATS=1
$ lets map --jsonl util/
{"path":"util/","files":1,"languages":["go"],"generated":0,"folded":false,"dirs":[],"more_dirs":0}
{"target":"util/strings.go#Pad","path":"util/strings.go","name":"Pad","kind":"function","line":4,"span":[4,6],"signature":"func Pad(s string) string {"}
{"files":1,"languages":[{"name":"go","files":1}],"more_dirs":0,"definitions_ranked":1,"stats":{"lines":3,"bytes":[..],"tokens_est":null},"omitted":[]}

### each target it prints is one show reads
@fixture map-hub
$ lets show store/store.go#Store.Get --no-numbers | sed -n 2,4p
func (s *Store) Get(key string) string {
	return s.items[key]
}

### a missing path: not_found, exit 1
@fixture map-hub
@env LETS_NO_STATS=1
$ lets map nope
? 1
--- stderr
nope: No such file or directory (os error 2)
ERROR_CODE=not_found

### a --focus path nothing is under: not_found, naming the next step
@fixture map-hub
@env LETS_NO_STATS=1
$ lets map --focus nope/
? 1
--- stderr
--focus nope/: no file mapped is nope/ or under it · try lets paths 'nope/' to find it
ERROR_CODE=not_found

### a --focus #Name nothing defines: not_found, naming find --def
@fixture map-hub
@env LETS_NO_STATS=1
$ lets map --focus '#Nope'
? 1
--- stderr
--focus #Nope: no file mapped defines Nope · try lets find --def Nope
ERROR_CODE=not_found

### an empty --focus is a usage error, exit 64
@fixture map-hub
$ lets map --focus ''
? 64
--- stderr
error: --focus is empty: give a path (src/store.go, src/) or #Name

Usage: lets map [OPTIONS] [PATHS]...

For more information, try '--help'.
ERROR_CODE=usage

### a path outside the tree refuses the call
@fixture map-hub
$ lets map /
? 6
--- stderr
/ is outside the working tree
ERROR_CODE=outside_tree

### the MCP tools include map, read-only
--- stdin
{"jsonrpc":"2.0","id":2,"method":"tools/list"}
$ lets mcp | grep -o '{"name":"map".*' | grep -o '"annotations":{[^}]*}' | head -1
"annotations":{"title":"Map a repository","readOnlyHint":true,"openWorldHint":false}
