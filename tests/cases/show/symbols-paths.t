# Issue 18: a #name holding an apostrophe is diagnosed with its quoted form; "$." writes a path
# from the root of a JSON/YAML/TOML document, and an ambiguity in one lists those paths.

### a heading with an apostrophe, unquoted: not_found naming the quoted form
% printf '# Notes\n\n## Why aren'"'"'t config types deeply structured?\n\nBecause.\n' > faq.md
$ lets show "faq.md#Why aren't config types deeply structured?"
? 1
--- stderr
faq.md#Why aren't config types deeply structured?: no such file · did you mean "faq.md#'Why aren't config types deeply structured?'"
ERROR_CODE=not_found

### the quoted form it names resolves (control)
% printf '# Notes\n\n## Why aren'"'"'t config types deeply structured?\n\nBecause.\n' > faq.md
$ lets show "faq.md#'Why aren't config types deeply structured?'"
── faq.md#'Why aren't config types deeply structured?'  (3-5 of 5 · via tree-sitter) · sha:[..]
3 	## Why aren't config types deeply structured?
4 	
5 	Because.
── showed 1 target · 3 lines · ~[..] tokens

### a JSON path that is a suffix of two: ambiguous, with the path from the root of each
% printf '{\n  "properties": {\n    "default": 1\n  },\n  "x": {\n    "properties": {\n      "default": 2\n    }\n  }\n}\n' > s.json
$ lets show s.json#properties.default
? 2
--- stderr
s.json#properties.default is ambiguous (2 candidates)
  s.json:3	    "default": 1
  s.json:7	      "default": 2
  from the root: #$.properties.default · #$.x.properties.default
ERROR_CODE=ambiguous

### the root form selects the top-level one
% printf '{\n  "properties": {\n    "default": 1\n  },\n  "x": {\n    "properties": {\n      "default": 2\n    }\n  }\n}\n' > s.json
$ lets show 's.json#$.properties.default'
── s.json#$.properties.default  (3-3 of 10 · via tree-sitter) · sha:[..]
3 	    "default": 1
── showed 1 target · 1 line · ~[..] tokens

### a YAML root path
% printf 'properties:\n  default: 1\nx:\n  properties:\n    default: 2\n' > s.yaml
$ lets show 's.yaml#$.x.properties'
── s.yaml#$.x.properties  (4-5 of 5 · via tree-sitter) · sha:[..]
4 	  properties:
5 	    default: 2
── showed 1 target · 2 lines · ~[..] tokens

### an ambiguity in code lists no root paths (control)
% printf 'package a\n\nfunc Open() {}\n\nfunc (s *S) Open() {\n}\n' > s.go
$ lets show s.go#Open
? 2
--- stderr
s.go#Open is ambiguous (2 candidates)
  s.go:3	func Open() {}
  s.go:5	func (s *S) Open() {
  pick line 3: s.go:3
  pick line 5: s.go#S.Open
ERROR_CODE=ambiguous
