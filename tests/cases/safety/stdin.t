# Every verb that reads stdin stops one byte past --max-file-bytes: endless input is refused with
# unsupported_file (exit 7), and nothing is written.

### edit --new - over the bound is refused and the file keeps its bytes
% printf 'a\nb\n' > f.txt
$ yes | head -c 5000 | lets edit f.txt --old a --new - --max-file-bytes 1000; echo "exit $?"
exit 7
--- stderr
--new - is unsupported: stdin is over the 1000-byte limit · pass --max-file-bytes to raise it
ERROR_CODE=unsupported_file
--- file f.txt
a
b

### edit --old - over the bound is refused
% printf 'a\nb\n' > f.txt
$ yes | head -c 5000 | lets edit f.txt --old - --new x --max-file-bytes 1000; echo "exit $?"
exit 7
--- stderr
--old - is unsupported: stdin is over the 1000-byte limit · pass --max-file-bytes to raise it
ERROR_CODE=unsupported_file
--- file f.txt
a
b

### edit --expect-all over the bound is refused
% printf 'a\nb\n' > f.txt
$ yes | head -c 5000 | lets edit f.txt:1-2 --expect-all --new x --max-file-bytes 1000; echo "exit $?"
exit 7
--- stderr
--expect-all is unsupported: stdin is over the 1000-byte limit · pass --max-file-bytes to raise it
ERROR_CODE=unsupported_file
--- file f.txt
a
b

### edit --from - over the bound is refused before any entry is parsed
% printf 'a\nb\n' > f.txt
$ { printf '{"target":"f.txt","old":"a","new":"z"}\n'; yes | head -c 5000; } | lets edit --from - --max-file-bytes 1000; echo "exit $?"
exit 7
--- stderr
--from - is unsupported: stdin is over the 1000-byte limit · pass --max-file-bytes to raise it
ERROR_CODE=unsupported_file
--- file f.txt
a
b

### endless stdin (no head) is refused too: the read stops at the bound
% printf 'a\nb\n' > f.txt
$ yes | lets edit --from - --max-file-bytes 1000; echo "exit $?"
exit 7
--- stderr
--from - is unsupported: stdin is over the 1000-byte limit · pass --max-file-bytes to raise it
ERROR_CODE=unsupported_file

### control: edit --new - within the bound is applied
% printf 'a\nb\n' > f.txt
$ printf 'zz\n' | lets edit f.txt --old a --new - --max-file-bytes 1000 >/dev/null; echo "exit $?"
exit 0
--- file f.txt
zz
b

### transform --from - over the bound is refused and the file keeps its bytes
% printf '{"a": 1}\n' > c.json
$ { printf '{"file":"c.json","set":"a=2"}\n'; yes | head -c 5000; } | lets transform --from - --max-file-bytes 1000; echo "exit $?"
exit 7
--- stderr
--from - is unsupported: stdin is over the 1000-byte limit · pass --max-file-bytes to raise it
ERROR_CODE=unsupported_file
--- file c.json
{"a": 1}

### control: transform --from - within the bound is applied
% printf '{"a": 1}\n' > c.json
$ printf '{"file":"c.json","set":"a=2"}\n' | lets transform --from - --max-file-bytes 1000 >/dev/null; echo "exit $?"
exit 0
--- file c.json
{"a": 2}
