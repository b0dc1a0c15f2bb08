# find -p with context (issue 31 item 7): a line under a "── path#Symbol" heading is a line of
# that definition or of none. A context line goes with the hit before it while it lies in that
# hit's definition, else with the next hit's when it lies in that one's; a line of another
# definition holding neither hit gets that definition's heading; any other line (blank, a comment
# between definitions) goes with the hit before it, or before the first hit with the next.
# spec-silent: -p is beyond 0.0.1.

### the lines before a hit that end the function above stay under that function's heading
@env LETS_NO_STATS=1
% printf 'package s\n\n// A does a.\nfunc A() int {\n\treturn 1\n}\n\n// B does b.\n// more.\nfunc B() int {\n\treturn 2\n}\n' > r.go
$ lets find -p -B 6 'return 2' r.go
── r.go#A
 5-		return 1
 6-	}
── r.go#B
 7-	
 8-	// B does b.
 9-	// more.
10-	func B() int {
11:		«return 2»
── 1 hit in 1 file · searched 1 file

### the lines after a hit that reach into a function without a hit get that function's heading
@env LETS_NO_STATS=1
% printf 'package s\n\n// A does a.\nfunc A() int {\n\treturn 1\n}\n\n// B does b.\n// more.\nfunc B() int {\n\treturn 2\n}\n' > r.go
$ lets find -p -A 6 'return 1' r.go
── r.go#A
 5:		«return 1»
 6-	}
 7-	
 8-	// B does b.
 9-	// more.
── r.go#B
10-	func B() int {
11-		return 2
── 1 hit in 1 file · searched 1 file

### control: context between two hits splits where the definitions do, as before
@env LETS_NO_STATS=1
% printf 'package s\n\n// A does a.\nfunc A() int {\n\treturn 1\n}\n\n// B does b.\n// more.\nfunc B() int {\n\treturn 2\n}\n' > r.go
$ lets find -p -C 4 'return' r.go
── r.go#A
 1-	package s
 2-	
 3-	// A does a.
 4-	func A() int {
 5:		«return» 1
 6-	}
 7-	
 8-	// B does b.
 9-	// more.
── r.go#B
10-	func B() int {
11:		«return» 2
12-	}
── 2 hits in 1 file · searched 1 file

### control: context inside a hit's enclosing function, past a closure, stays with the hit
@env LETS_NO_STATS=1
% printf 'package s\n\nfunc F() {\n\tg := func() int {\n\t\treturn 1\n\t}\n\t_ = g\n}\n' > c.go
$ lets find -p -A 3 'return 1' c.go
── c.go#F
5:			«return 1»
6-		}
7-		_ = g
8-	}
── 1 hit in 1 file · searched 1 file
