# find reads its pattern as Rust's regex does (the spec's "Rust regex syntax"): escapes with
# arguments never leave the argument to be taken for text (the literal prefilter once skipped
# these lines), Rust-only syntax means what it means in Rust, and errors use Rust's words.
# Expected hits are what `rg -n` reports on the same file (rg 13 for all but \< \> \b{…}, which
# came in later Rust regex versions and are checked against Rust's documented meaning).

### \x41B is AB: the hex argument is not text
% printf 'AB\nx41B\nxABy\n' > a.txt
@env LETS_NO_STATS=1
$ lets find '\x41B' a.txt
── a.txt
1:	«AB»
3:	x«AB»y
── 2 hits in 1 file · searched 1 file

### \pLq is a letter then q: the property's name is not text
% printf 'Lq\nxq\n1q\nL\n' > a.txt
@env LETS_NO_STATS=1
$ lets find '\pLq' a.txt
── a.txt
1:	«Lq»
2:	«xq»
── 2 hits in 1 file · searched 1 file

### \u{41}, \u0041 and \U{1F600} are Rust's Unicode escapes
% printf 'AB\n\xf0\x9f\x98\x80 smile\nu0041\n' > a.txt
@env LETS_NO_STATS=1
$ lets find '\u{41}B|\u0041B|\U{1F600}' a.txt
── a.txt
1:	«AB»
2:	«😀» smile
── 2 hits in 1 file · searched 1 file

### class intersection and difference, which PCRE2 alone would read as literal text
% printf 'bat\nbet\nbxt\nq\n&&\n' > a.txt
@env LETS_NO_STATS=1
$ lets find '^b[a-z&&[^aeiou]]t$|^[a-z--b]$' a.txt
── a.txt
3:	«bxt»
4:	«q»
── 2 hits in 1 file · searched 1 file

### \< and \> are word boundaries, not the characters < and >
% printf 'word\nsword\nwords\n<word>\n' > a.txt
@env LETS_NO_STATS=1
$ lets find '\<word\>' a.txt
── a.txt
1:	«word»
4:	<«word»>
── 2 hits in 1 file · searched 1 file

### \b{start} and \b{end} are Rust's word-start and word-end boundaries
% printf 'word\nsword\nwords\n' > a.txt
@env LETS_NO_STATS=1
$ lets find '\b{start}word' a.txt
── a.txt
1:	«word»
3:	«word»s
── 2 hits in 1 file · searched 1 file

### -F: < and > are text (control: no word boundary is read into a fixed string)
% printf '<a>\na\n' > a.txt
@env LETS_NO_STATS=1
$ lets find -F '<a>' a.txt
── a.txt
1:	«<a>»
── 1 hit in 1 file · searched 1 file

### an unclosed group, in Rust's words
$ lets find '(foo' .
? 1
--- stderr
invalid pattern: unclosed group
ERROR_CODE=invalid_pattern

### an unclosed class, in Rust's words
$ lets find '[a-z' .
? 1
--- stderr
invalid pattern: unclosed character class
ERROR_CODE=invalid_pattern

### a repetition with nothing before it, in Rust's words
$ lets find '*a' .
? 1
--- stderr
invalid pattern: repetition operator missing expression
ERROR_CODE=invalid_pattern

### an unknown escape, in Rust's words
$ lets find '\y' .
? 1
--- stderr
invalid pattern: unrecognized escape sequence
ERROR_CODE=invalid_pattern

### a \u{…} that is no Unicode scalar value is refused, never read another way
$ lets find '\u{D800}' .
? 1
--- stderr
invalid pattern: hexadecimal literal is not a Unicode scalar value
ERROR_CODE=invalid_pattern

### an unknown \b{…} is refused
$ lets find '\b{middle}x' .
? 1
--- stderr
invalid pattern: unrecognized special word boundary assertion, valid choices are: start, end, start-half or end-half
ERROR_CODE=invalid_pattern

### a class chaining && past the nest limit is refused in Rust's words (found by fuzz_rxsyntax)
$ lets find "[a$(printf '&&%.0s' $(seq 1 300))b]" .
? 1
--- stderr
invalid pattern: exceed the maximum number of nested parentheses/brackets (250)
ERROR_CODE=invalid_pattern

### control: a few && in a class intersect, as Rust reads them
% printf 'a\nb\n' > ab.txt
$ lets find '[a-z&&a]' ab.txt
── ab.txt
1:	«a»
── 1 hit in 1 file · searched 1 file · ~1 tokens
