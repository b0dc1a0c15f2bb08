# -g/--glob/--include narrows the walk; the footer names every glob (reference.md "lets find").

### the spec's glob example
@fixture find-glob
@env LETS_NO_STATS=1
$ lets find -g '*.ts' needle
── a.ts
1:	const «needle» = 1;
── 1 hit in 1 file · searched 1 file · glob *.ts

### the spec's control: no glob
@fixture find-glob
@env LETS_NO_STATS=1
$ lets find needle
── a.ts
1:	const «needle» = 1;
── b.py
1:	«needle» = 1
── 2 hits in 2 files · searched 2 files

### --include is the same flag, and --glob its long form
@fixture find-glob
@env LETS_NO_STATS=1
$ lets find --include '*.py' needle && lets find --glob '*.py' needle
── b.py
1:	«needle» = 1
── 1 hit in 1 file · searched 1 file · glob *.py
── b.py
1:	«needle» = 1
── 1 hit in 1 file · searched 1 file · glob *.py

### several globs add up, and the footer lists them all
@fixture find-glob
@env LETS_NO_STATS=1
$ lets find -g '*.ts' -g '*.py' needle
── a.ts
1:	const «needle» = 1;
── b.py
1:	«needle» = 1
── 2 hits in 2 files · searched 2 files · glob *.ts, *.py

### a "!" glob excludes
@fixture find-glob
@env LETS_NO_STATS=1
$ lets find -g '!*.ts' needle
── b.py
1:	«needle» = 1
── 1 hit in 1 file · searched 1 file · glob !*.ts

### a glob without a slash matches the file name at any depth
% mkdir -p t/src/deep && echo needle > t/src/deep/x.ts && echo needle > t/src/y.js
@env LETS_NO_STATS=1
$ cd t && lets find -g '*.ts' needle
── src/deep/x.ts
1:	«needle»
── 1 hit in 1 file · searched 1 file · glob *.ts

### a glob with a slash is anchored at the searched directory
% mkdir -p t/src/deep t/lib && echo needle > t/src/deep/x.ts && echo needle > t/src/x.ts && echo needle > t/lib/x.ts
@env LETS_NO_STATS=1
$ cd t && lets find -g 'src/*.ts' needle
── src/x.ts
1:	«needle»
── 1 hit in 1 file · searched 1 file · glob src/*.ts

### ** spans directories
% mkdir -p t/src/deep t/lib && echo needle > t/src/deep/x.ts && echo needle > t/src/x.ts && echo needle > t/lib/x.ts
@env LETS_NO_STATS=1
$ cd t && lets find -g 'src/**/*.ts' needle
── src/deep/x.ts
1:	«needle»
── src/x.ts
1:	«needle»
── 2 hits in 2 files · searched 2 files · glob src/**/*.ts

### a glob that matches nothing: no hits, the glob still named
@fixture find-glob
@env LETS_NO_STATS=1
$ lets find -g '*.rs' needle
? 1
── 0 hits in 0 files · searched 0 files · glob *.rs
--- stderr
no hits for «needle»
ERROR_CODE=not_found
