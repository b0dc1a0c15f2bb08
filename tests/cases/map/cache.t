# lets map's parse cache (issue 35 item 4): under $XDG_CACHE_HOME/lets/map/ (else
# ~/.cache/lets/map/), keyed by each file's identity, safe to delete and never needed for the
# answer: the output is the same bytes with it, without it, and with it damaged. A file whose
# timestamps are under two seconds old is not stored (its identity could hide a change), so
# the cases wait for the fixture to settle first, and keep the cache outside the tree mapped. The expected map is map.t's first case.
# spec-silent: map is beyond 0.0.1 (docs/differences.md); the cache's place and mode.

### the second call answers from the cache (mode 600, one file), byte for byte the first's
@fixture map-hub
@env LETS_NO_STATS=1
% sleep 3
$ export XDG_CACHE_HOME=$PWD/../cache; lets map >../one && lets map >../two && cmp ../one ../two && cat ../two && find ../cache -type f -printf '%m %P\n' | sed 's/[0-9a-f]\{16\}$/HASH/'
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
600 lets/map/HASH

### without XDG_CACHE_HOME the cache is under HOME's .cache
@fixture map-hub
@env LETS_NO_STATS=1
@scratch ../home/.cache/lets/map/*
% sleep 3
$ unset XDG_CACHE_HOME; lets map >/dev/null && lets map | tail -1 && find ../home/.cache -type f -printf '%P\n' | sed 's/[0-9a-f]\{16\}$/HASH/'
── map: 8 files · go 7, markdown 1 · 7 definitions ranked
lets/map/HASH

### a file edited between the calls is read again: its new signature shows
@fixture map-hub
@env LETS_NO_STATS=1
% sleep 3
$ export XDG_CACHE_HOME=$PWD/../cache; lets map >/dev/null && sed -i 's/func Pad(s string)/func Pad(s, t string)/' util/strings.go && lets map | grep '#Pad'
util/strings.go#Pad  func Pad(s, t string) string {
--- file util/strings.go
package util

// Pad pads s for display.
func Pad(s, t string) string {
	return " " + s
}

### control: a file replaced by one of the same size is read again, not taken from the cache
@fixture map-hub
@env LETS_NO_STATS=1
% sleep 3
$ export XDG_CACHE_HOME=$PWD/../cache; lets map >/dev/null && sed 's/func Pad(/func Pud(/' util/strings.go >x && mv x util/strings.go && lets map | grep 'strings.go#'
util/strings.go#Pud  func Pud(s string) string {
--- file util/strings.go
package util

// Pad pads s for display.
func Pud(s string) string {
	return " " + s
}

### a damaged cache (cut short, overwritten with random bytes, emptied, another version's) is no cache: the same answer
@fixture map-hub
@env LETS_NO_STATS=1
% sleep 3
$ export XDG_CACHE_HOME=$PWD/../cache; lets map >../one && c=$(echo ../cache/lets/map/*) && for damage in 'truncate -s 100 $c' 'dd if=/dev/urandom of=$c bs=1 seek=200 count=64 conv=notrunc status=none' 'head -c 4096 /dev/urandom >$c' ': >$c' 'sed -i s/0.0.1/9.9.9/ $c' 'lets map >/dev/null && sed -i s/func/fanc/ $c'; do eval "$damage"; lets map | cmp ../one - || echo "differs after: $damage"; done; cat ../one | tail -1
── map: 8 files · go 7, markdown 1 · 7 definitions ranked

### control: a cache that cannot be written (XDG_CACHE_HOME a file, HOME unset) changes nothing; a relative XDG_CACHE_HOME is ignored (the XDG rule), HOME's .cache taken
@fixture map-hub
@env LETS_NO_STATS=1
@scratch ../home/.cache/lets/map/*
% sleep 3
% echo not a directory >../cachefile
$ XDG_CACHE_HOME=$PWD/../cachefile lets map >../one && (unset HOME XDG_CACHE_HOME; lets map) | cmp ../one - && XDG_CACHE_HOME=relative lets map | cmp ../one - && tail -1 ../one && find ../home -type f -printf '%P\n' | sed 's/[0-9a-f]\{16\}$/HASH/' && { test -e relative || echo 'no ./relative'; }
── map: 8 files · go 7, markdown 1 · 7 definitions ranked
.cache/lets/map/HASH
no ./relative

### control: a cache directory inside the tree mapped is not used (it would be mapped too and change the next answer)
@fixture map-hub
@env LETS_NO_STATS=1
% sleep 3
$ export XDG_CACHE_HOME=$PWD/cache; lets map >../one && lets map | cmp ../one - && tail -1 ../one && { test -e cache || echo 'no ./cache'; }
── map: 8 files · go 7, markdown 1 · 7 definitions ranked
no ./cache
