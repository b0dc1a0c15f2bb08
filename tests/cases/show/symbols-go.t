# #name in Go (tests/fixtures/symbols/store.go): functions, methods by receiver, types, grouped
# consts, interface methods, generic receivers.
# Spans (decided for lets, stated in src/symbols/ts_rules.c): the whole definition node plus the
# wrappers and decorators/attributes written before it; a leading comment, doc comments included,
# is never part of the span. Expected line ranges were read off the fixture files by hand; sha and
# token counts are not what these cases test.

### the spec's example: a function and a method share a name
@fixture symbols
$ lets show store.go#Open
? 2
--- stderr
store.go#Open is ambiguous (2 candidates)
  store.go:30	func Open(path string) (*Store, error) {
  store.go:38	func (s *Store) Open(ctx context.Context) error {
  pick line 30: store.go:30-35
  pick line 38: store.go#Store.Open
ERROR_CODE=ambiguous

### Store.Open is the method with receiver *Store (control for the one above)
@fixture symbols
$ lets show store.go#Store.Open
── store.go#Store.Open  (38-44 of 62 · via tree-sitter) · sha:[..]
38 	func (s *Store) Open(ctx context.Context) error {
39 		if !s.closed {
40 			return nil
41 		}
42 		s.closed = false
43 		return ctx.Err()
44 	}
── showed 1 target · 7 lines · ~[..] tokens

### a type: the doc comment above it is not part of the span
@fixture symbols
$ lets show store.go#Store
── store.go#Store  (18-21 of 62 · via tree-sitter) · sha:[..]
18 	type Store struct {
19 		path   string
20 		closed bool
21 	}
── showed 1 target · 4 lines · ~[..] tokens

### an interface method and a method share a name
@fixture symbols
$ lets show store.go#Close
? 2
--- stderr
store.go#Close is ambiguous (2 candidates)
  store.go:26		Close() error
  store.go:47	func (s *Store) Close() error {
  pick line 26: store.go#Reader.Close
  pick line 47: store.go#Store.Close
ERROR_CODE=ambiguous

### Reader.Close is the interface method
@fixture symbols
$ lets show store.go#Reader.Close
── store.go#Reader.Close  (26-26 of 62 · via tree-sitter) · sha:[..]
26 		Close() error
── showed 1 target · 1 line · ~[..] tokens

### Store.Close is the method
@fixture symbols
$ lets show store.go#Store.Close
── store.go#Store.Close  (47-53 of 62 · via tree-sitter) · sha:[..]
47 	func (s *Store) Close() error {
48 		if s.closed {
49 			return ErrClosed
50 		}
51 		s.closed = true
52 		return nil
53 	}
── showed 1 target · 7 lines · ~[..] tokens

### a method on a generic receiver is Type.method
@fixture symbols
$ lets show store.go#cache.Get
── store.go#cache.Get  (59-62 of 62 · via tree-sitter) · sha:[..]
59 	func (c *cache[K, V]) Get(k K) (V, bool) {
60 		v, ok := c.items[k]
61 		return v, ok
62 	}
── showed 1 target · 4 lines · ~[..] tokens

### a const inside a const ( ... ) group spans its own spec
@fixture symbols
$ lets show store.go#maxRecords
── store.go#maxRecords  (14-14 of 62 · via tree-sitter) · sha:[..]
14 		maxRecords  = 1 << 20
── showed 1 target · 1 line · ~[..] tokens

### a single var declaration spans the whole line
@fixture symbols
$ lets show store.go#ErrClosed
── store.go#ErrClosed  (10-10 of 62 · via tree-sitter) · sha:[..]
10 	var ErrClosed = errors.New("store: closed")
── showed 1 target · 1 line · ~[..] tokens

### names are case-sensitive
@fixture symbols
$ lets show store.go#open
? 1
--- stderr
#open (try @'open') not found in store.go#open
ERROR_CODE=not_found

### a receiver that does not own the method
@fixture symbols
$ lets show store.go#Reader.Open
? 1
--- stderr
#Reader.Open (try @'Reader.Open') not found in store.go#Reader.Open
ERROR_CODE=not_found
