# find -p on shapes met in real code (issue 32), from tests/fixtures/symbols-real/: the symbol
# heading a hit is the definition lets resolves (see tests/cases/show/symbols-real-code.t).

### JavaScript: find -p heads a hit inside it with the function's own name
@fixture symbols-real
$ lets find -p trim compile.js
── compile.js#compile
9:	  const out = src.«trim»();
── 1 hit in 1 file · searched 1 file · ~[..] tokens
