# #name in Rust (cache.rs): impl blocks make Type.f, trait impls, trait members, attributes,
# modules.
# Spans (decided for lets, stated in src/symbols/ts_rules.c): the whole definition node plus the
# wrappers and decorators/attributes written before it; a leading comment, doc comments included,
# is never part of the span. Expected line ranges were read off the fixture files by hand; sha and
# token counts are not what these cases test.

### a struct: its #[derive] is in the span, its /// doc is not
@fixture symbols
$ lets show cache.rs#Cache
── cache.rs#Cache  (9-12 of 46 · via tree-sitter) · sha:[..]
 9 	#[derive(Debug, Default)]
10 	pub struct Cache {
11 	    map: HashMap<String, String>,
12 	}
── showed 1 target · 4 lines · ~[..] tokens

### two functions named new
@fixture symbols
$ lets show cache.rs#new
? 2
--- stderr
cache.rs#new is ambiguous (2 candidates)
  cache.rs:16	    pub fn new() -> Self {
  cache.rs:43	    fn new() {
  pick line 16: cache.rs#Cache.new
  pick line 43: cache.rs#tests.new
ERROR_CODE=ambiguous

### impl Cache { fn new } is Cache.new
@fixture symbols
$ lets show cache.rs#Cache.new
── cache.rs#Cache.new  (16-18 of 46 · via tree-sitter) · sha:[..]
16 	    pub fn new() -> Self {
17 	        Self::default()
18 	    }
── showed 1 target · 3 lines · ~[..] tokens

### a function in a module, with its #[test]
@fixture symbols
$ lets show cache.rs#tests.new
── cache.rs#tests.new  (42-45 of 46 · via tree-sitter) · sha:[..]
42 	    #[test]
43 	    fn new() {
44 	        assert!(super::Cache::new().map.is_empty());
45 	    }
── showed 1 target · 4 lines · ~[..] tokens

### an attribute before a method
@fixture symbols
$ lets show cache.rs#Cache.get
── cache.rs#Cache.get  (20-23 of 46 · via tree-sitter) · sha:[..]
20 	    #[inline]
21 	    pub fn get(&self, k: &str) -> Option<&String> {
22 	        self.map.get(k)
23 	    }
── showed 1 target · 4 lines · ~[..] tokens

### impl Trait for Type { fn f } is Type.f
@fixture symbols
$ lets show cache.rs#Cache.fmt
── cache.rs#Cache.fmt  (27-29 of 46 · via tree-sitter) · sha:[..]
27 	    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
28 	        write!(f, "{} entries", self.map.len())
29 	    }
── showed 1 target · 3 lines · ~[..] tokens

### a trait member
@fixture symbols
$ lets show cache.rs#Evict.evict
── cache.rs#Evict.evict  (33-33 of 46 · via tree-sitter) · sha:[..]
33 	    fn evict(&mut self) -> usize;
── showed 1 target · 1 line · ~[..] tokens

### a const
@fixture symbols
$ lets show cache.rs#MAX
── cache.rs#MAX  (6-6 of 46 · via tree-sitter) · sha:[..]
6 	pub const MAX: usize = 64;
── showed 1 target · 1 line · ~[..] tokens

### an enum
@fixture symbols
$ lets show cache.rs#Policy
── cache.rs#Policy  (36-39 of 46 · via tree-sitter) · sha:[..]
36 	pub enum Policy {
37 	    Lru,
38 	    Fifo,
39 	}
── showed 1 target · 4 lines · ~[..] tokens

### an impl block is not itself a candidate for a name only it has
@fixture symbols
$ lets show cache.rs#Display
? 1
--- stderr
#Display (try @'Display') not found in cache.rs#Display
ERROR_CODE=not_found
