# lets transform on TOML: values in place, new keys after a table's last pair, arrays and arrays of
# tables appended in their style, integers held to i64.

### sets and appends in a pyproject: an inline array, a new key, an existing table's keys
@fixture transform
@env LETS_NO_STATS=1
$ lets transform pyproject.toml --append project.dependencies=click --set project.requires-python='>=3.11' --set tool.ruff.line-length=120 && cat pyproject.toml
── pyproject.toml · toml · append project.dependencies, set project.requires-python, tool.ruff.line-length · lines 4, 5, 8
2 	name = "demo"
3 	version = "0.1.0"
4~	dependencies = ["requests>=2", "click"]
5+	requires-python = ">=3.11"
6 	
7 	[tool.ruff]
8~	line-length = 120
── check: toml ok · sha:[..]→[..]
[project]
name = "demo"
version = "0.1.0"
dependencies = ["requests>=2", "click"]
requires-python = ">=3.11"

[tool.ruff]
line-length = 120

### an existing string stays a string; an array value is written as a TOML array
@fixture transform
$ lets transform pyproject.toml --set project.version=0.2 --set 'tool.ruff.select=["E","F"]' -q && cat pyproject.toml
── check: toml ok · sha:[..]→[..] · ~[..] tokens
[project]
name = "demo"
version = "0.2"
dependencies = ["requests>=2"]

[tool.ruff]
line-length = 100
select = ["E", "F"]

### i64::MAX itself is a TOML integer
@fixture transform
$ lets transform pyproject.toml --set tool.ruff.max=9223372036854775807 -q && tail -1 pyproject.toml
── check: toml ok · sha:[..]→[..] · ~[..] tokens
max = 9223372036854775807
--- file pyproject.toml
[project]
name = "demo"
version = "0.1.0"
dependencies = ["requests>=2"]

[tool.ruff]
line-length = 100
max = 9223372036854775807

### one past i64::MAX is a usage error, nothing written
@fixture transform
$ lets transform pyproject.toml --set tool.ruff.max=9223372036854775808; echo "exit $?"; tail -1 pyproject.toml
exit 64
line-length = 100
--- stderr
the value for tool.ruff.max: 9223372036854775808 is out of range for TOML, whose integers are 64-bit signed (-9223372036854775808 to 9223372036854775807)
ERROR_CODE=usage

### a new table at the top of the file becomes a [section] at the end
@fixture transform
@env LETS_NO_STATS=1
$ lets transform Cargo.toml --set dependencies.serde=1.0 && cat Cargo.toml
── Cargo.toml · toml · set dependencies.serde · line 8
5 	name = "a"
6 	path = "src/a.rs"
7+	
8+	[dependencies]
9+	serde = 1.0
── check: toml ok · sha:[..]→[..]
[package]
name = "x"

[[bin]]
name = "a"
path = "src/a.rs"

[dependencies]
serde = 1.0

### deleting a key removes its line; deleting a table removes its section
@fixture transform
$ lets transform pyproject.toml --delete project.version --delete tool.ruff -q && cat -A pyproject.toml
── check: toml ok · sha:[..]→[..] · ~[..] tokens
[project]$
name = "demo"$
dependencies = ["requests>=2"]$
$

### appending a non-object to an array of tables is refused
@fixture transform
$ lets transform Cargo.toml --append bin=x
? 1
--- stderr
a JSON object to append (an array of tables takes only objects) not found in bin
ERROR_CODE=not_found

### deleting a table known only from [tool.ruff] deletes every section under it
@fixture transform
$ lets transform pyproject.toml --delete tool -q && cat -A pyproject.toml
── check: toml ok · sha:[..]→[..] · ~[..] tokens
[project]$
name = "demo"$
version = "0.1.0"$
dependencies = ["requests>=2"]$
$

### a new key in a table known only from [tool.ruff] gets a [tool] header of its own
@fixture transform
@env LETS_NO_STATS=1
$ lets transform pyproject.toml --set tool.black=false && cat pyproject.toml
── pyproject.toml · toml · set tool.black · line 10
 6 	[tool.ruff]
 7 	line-length = 100
 8+	
 9+	[tool]
10+	black = false
── check: toml ok · sha:[..]→[..]
[project]
name = "demo"
version = "0.1.0"
dependencies = ["requests>=2"]

[tool.ruff]
line-length = 100

[tool]
black = false

### set in an empty TOML file writes its first line
# the meaning proof of a file with no values once sorted a null list (UBSan; found by fuzz_transform)
% : > e.toml
$ lets transform e.toml --set a=1
? 0
── e.toml · toml · set a · line 1
1+	a = 1
── check: toml ok · sha:af1349b9f5f9→[..] · ~1 tokens
--- file e.toml
a = 1

### delete a table whose section holds a dotted key: the section goes whole (it aborted: two edits over one line)
% printf '[a]\nx = 1\n\n[tool]\ni.j = 1\n\n[z]\ny = 2\n' > p.toml
$ lets transform p.toml --delete tool
── p.toml · toml · delete tool · line 4
2 	x = 1
3 	
4-	[tool]          (deleted)
4-	i.j = 1          (deleted)
4-	          (deleted)
4 	[z]
5 	y = 2
── check: toml ok · sha:dbcf668c97a2→c00259c7011f · ~8 tokens
--- file p.toml
[a]
x = 1

[z]
y = 2

### the same with the dotted key under a table named only by a deeper header ([tool.r.s])
% printf '[a]\nx = 1\n\n[tool.r.s]\ni.j = 1\nk = 2\n\n[z]\ny = 2\n' > q.toml
$ lets transform q.toml --delete tool -q
── check: toml ok · sha:[..] · ~[..] tokens
--- file q.toml
[a]
x = 1

[z]
y = 2
