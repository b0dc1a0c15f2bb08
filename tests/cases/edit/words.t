# Words are words (issue 26 item 6): an --old that is one identifier, replaced with --all, is
# refused when some of its matches sit inside longer identifiers (`ref` in `pullSpanPrefix`),
# with the two commands that say which was meant: -w (whole words) and --substring. -w uses the
# language's identifier characters: `$` is one in JavaScript, TypeScript, Java and PHP.
# spec-silent: -w and --substring are beyond 0.0.1 (docs/beyond.md, docs/differences.md).

### --all of an identifier that also sits inside longer identifiers is refused, naming -w and --substring
% printf 'package p\n\nfunc f(ref string) string {\n\tpullSpanPrefix := ref\n\treturn pullSpanPrefix + ref\n}\n' > a.go
$ lets edit a.go --old ref --new imageRef --all
? 2
--- stderr
a.go is ambiguous (2 of the 5 matches of --old sit inside longer identifiers)
  a.go:4		pullSpanPrefix := ref
  a.go:5		return pullSpanPrefix + ref
  whole words only (3): lets edit a.go --old 'ref' --new 'imageRef' --all -w
  inside identifiers too (5): lets edit a.go --old 'ref' --new 'imageRef' --all --substring
ERROR_CODE=ambiguous
--- file a.go
package p

func f(ref string) string {
	pullSpanPrefix := ref
	return pullSpanPrefix + ref
}

### the -w command it names renames the whole words only
@env LETS_NO_STATS=1
% printf 'package p\n\nfunc f(ref string) string {\n\tpullSpanPrefix := ref\n\treturn pullSpanPrefix + ref\n}\n' > a.go
$ lets edit a.go --old 'ref' --new 'imageRef' --all -w
── a.go · 3 replacements · lines 3-5 · exact
1 	package p
2 	
3~	func f(imageRef string) string {
4~		pullSpanPrefix := imageRef
5~		return pullSpanPrefix + imageRef
6 	}
── check: structure ok · sha:[..]→[..]
--- file a.go
package p

func f(imageRef string) string {
	pullSpanPrefix := imageRef
	return pullSpanPrefix + imageRef
}

### the --substring command it names replaces inside identifiers too, as asked
@env LETS_NO_STATS=1
% printf 'package p\n\nfunc f(ref string) string {\n\tpullSpanPrefix := ref\n\treturn pullSpanPrefix + ref\n}\n' > a.go
$ lets edit a.go --old 'ref' --new 'imageRef' --all --substring -q
── check: structure ok · sha:[..]→[..]
--- file a.go
package p

func f(imageRef string) string {
	pullSpanPimageRefix := imageRef
	return pullSpanPimageRefix + imageRef
}

### control: --all where every match is a whole word still applies
@env LETS_NO_STATS=1
% printf 'package p\n\nfunc f(ref string) string {\n\treturn ref + ref\n}\n' > a.go
$ lets edit a.go --old ref --new imageRef --all -q
── check: structure ok · sha:[..]→[..]
--- file a.go
package p

func f(imageRef string) string {
	return imageRef + imageRef
}

### control: an --old that is not one identifier is not refused, even inside longer names
@env LETS_NO_STATS=1
% printf 'package p\n\nfunc f() {\n\tfoo(1)\n\tbarfoo(2)\n}\n' > a.go
$ lets edit a.go --old 'foo(' --new 'baz(' --all -q
── check: structure ok · sha:[..]→[..]
--- file a.go
package p

func f() {
	baz(1)
	barbaz(2)
}

### control: without --all, one match inside a longer identifier is the one match, replaced
@env LETS_NO_STATS=1
% printf 'package p\n\nvar pullSpanPrefix = 1\n' > a.go
$ lets edit a.go --old Prefix --new Suffix -q
── check: structure ok · sha:[..]→[..]
--- file a.go
package p

var pullSpanSuffix = 1

### every match inside longer identifiers: refused, and -w would find none, so only --substring is named
% printf 'prefix = 1\nreferee = 2\n' > r.txt
$ lets edit r.txt --old ref --new REF --all
? 2
--- stderr
r.txt is ambiguous (2 of the 2 matches of --old sit inside longer identifiers)
  r.txt:1	prefix = 1
  r.txt:2	referee = 2
  inside identifiers too (2): lets edit r.txt --old 'ref' --new 'REF' --all --substring
ERROR_CODE=ambiguous
--- file r.txt
prefix = 1
referee = 2

### JSONL batch: the refusal names "word" and "substring" for the batch line
% printf 'prefix = 1\nref = 2\n' > r.txt
--- stdin
{"file":"src/config.ts","old":"retries","new":"attempts"}
{"file":"r.txt","old":"ref","new":"REF","all":true}
$ lets edit --from -
? 2
── 0 of 2 applied · nothing written · fix r.txt and re-run
--- stderr
r.txt is ambiguous (1 of the 2 matches of --old sit inside longer identifiers)
  r.txt:1	prefix = 1
  whole words only (1): add "word": true to batch line 2
  inside identifiers too (2): add "substring": true to batch line 2
ERROR_CODE=ambiguous
--- file src/config.ts
export const usageCap = 10
export const retries = 3
--- file r.txt
prefix = 1
ref = 2

### JSONL batch: "substring": true replaces inside identifiers too
@env LETS_NO_STATS=1
% printf 'prefix = 1\nref = 2\n' > r.txt
--- stdin
{"file":"r.txt","old":"ref","new":"REF","all":true,"substring":true}
$ lets edit --from - -q
── 1 file · 1 edit · all applied · check: skipped (r.txt: no grammar for .txt)
--- file r.txt
pREFix = 1
REF = 2

### JSONL batch: "substring" is a boolean, and cannot be combined with "word"
--- stdin
{"file":"r.txt","old":"ref","new":"REF","substring":1}
{"file":"r.txt","old":"ref","new":"REF","substring":true,"word":true}
$ lets edit --from -
? 64
--- stderr
line 1: "substring" must be true or false
line 2: "word" and "substring" cannot both be true
ERROR_CODE=usage

### -w and --substring cannot be given together
$ lets edit a.txt --old a --new b --all -w --substring
? 64
--- stderr
error: the argument '--word' cannot be used with '--substring'

Usage: lets edit [OPTIONS] [TARGET] [MORE_TARGETS]...

For more information, try '--help'.
ERROR_CODE=usage

### lets edit --help names --substring
$ lets edit --help | grep -E -- '--substring'
      --substring              with --all, replace an identifier --old inside longer identifiers too

### JavaScript: -w --all el renames neither $el nor el$, whose $ is part of the name
@env LETS_NO_STATS=1
% printf 'const $el = 1;\nconst el = 2;\nconst el$ = 3;\nuse(el, $el, el$);\n' > a.js
$ lets edit a.js --old el --new item --all -w -q
── check: structure ok · sha:[..]→[..]
--- file a.js
const $el = 1;
const item = 2;
const el$ = 3;
use(item, $el, el$);

### JavaScript: -w --old '$el' finds $el, and not a$el
@env LETS_NO_STATS=1
% printf 'const $el = 1;\nconst a$el = 2;\nuse($el, a$el);\n' > a.js
$ lets edit a.js --old '$el' --new '$item' --all -w -q
── check: structure ok · sha:[..]→[..]
--- file a.js
const $item = 1;
const a$el = 2;
use($item, a$el);

### JavaScript: --all of el is refused when $el and el$ hold it, and lists them
% printf 'const $el = 1;\nconst el = 2;\nuse(el, el$);\n' > a.js
$ lets edit a.js --old el --new item --all
? 2
--- stderr
a.js is ambiguous (2 of the 4 matches of --old sit inside longer identifiers)
  a.js:1	const $el = 1;
  a.js:3	use(el, el$);
  whole words only (2): lets edit a.js --old 'el' --new 'item' --all -w
  inside identifiers too (4): lets edit a.js --old 'el' --new 'item' --all --substring
ERROR_CODE=ambiguous
--- file a.js
const $el = 1;
const el = 2;
use(el, el$);

### control: in a shell script $el is the variable el, so -w --all el renames it there
@env LETS_NO_STATS=1
% printf 'el=1\necho "$el" ${el}\n' > a.sh
$ lets edit a.sh --old el --new item --all -w -q
── check: structure ok · sha:[..]→[..]
--- file a.sh
item=1
echo "$item" ${item}

### control: in a shell script -w --old '$el' still finds $el, though $ is no identifier character there
@env LETS_NO_STATS=1
% printf 'el=1\necho "$el" $elx\n' > a.sh
$ lets edit a.sh --old '$el' --new '$item' -w -q
── check: structure ok · sha:[..]→[..]
--- file a.sh
el=1
echo "$item" $elx
