# Inputs that crashed lets under the sanitizers (issue 11, items 7 and 8). make check runs these
# against the ASan+UBSan build too, where the old code aborted.

### an empty match on an empty line (find '^$') is a hit, not a null pointer
% printf 'a\n\nb\n' > e.txt
@env LETS_NO_STATS=1
$ lets find '^$' e.txt
── e.txt
2:	
── 1 hit in 1 file · searched 1 file

### control: a non-empty match on the same file
% printf 'a\n\nb\n' > e.txt
@env LETS_NO_STATS=1
$ lets find '^b$' e.txt
── e.txt
3:	«b»
── 1 hit in 1 file · searched 1 file

### an empty path to write is a usage error under the sanitizers too, nothing created
--- stdin
x
$ lets write '' 2>/dev/null; echo "exit $?"; ls -A | grep -c . || true
exit 64
[..]
