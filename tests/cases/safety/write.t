# lets write on hostile paths and files (issue 11): every escape ends in outside_tree with nothing
# created anywhere, special files are refused before anything is opened, stdin is bounded, and an
# overwrite keeps setuid/setgid, ACLs and the ACL mask. Each case has a control beside it.

### `..` through a missing directory lands outside: refused, and neither the file nor the directory appears
% mkdir -p repo/.git
--- stdin
x
$ cd repo && lets write nope/../../escaped.txt; echo "exit $?"; ls ../escaped.txt 2>&1 | sed 's/.*cannot access.*/absent/'; ls -A
exit 6
absent
.git
--- stderr
nope/../../escaped.txt is outside the working tree
ERROR_CODE=outside_tree

### control: `..` through a missing directory that stays inside creates only the file
% mkdir -p repo/.git
--- stdin
x
$ cd repo && lets write nope/../inside.txt >/dev/null; echo "exit $?"; ls -A; cat inside.txt
exit 0
.git
inside.txt
x

### a missing directory chain is created only once the path is known to be inside
% mkdir -p repo/.git
--- stdin
x
$ cd repo && lets write a/b/c.txt >/dev/null; echo "exit $?"; cat a/b/c.txt; lets write a/x/../../../out.txt < a/b/c.txt; echo "exit $?"; ls -A . a
exit 0
x
exit 6
.:
.git
a

a:
b
--- stderr
a/x/../../../out.txt is outside the working tree
ERROR_CODE=outside_tree

### a symlinked directory pointing out of the tree: refused, nothing written through it
% mkdir -p repo/.git out; ln -s ../out repo/up
--- stdin
x
$ cd repo && lets write up/x.txt; echo "exit $?"; ls -A ../out
exit 6
--- stderr
up/x.txt is outside the working tree
ERROR_CODE=outside_tree

### control: a symlinked directory inside the tree is followed
% mkdir -p repo/.git repo/real; ln -s real repo/alias
--- stdin
x
$ cd repo && lets write alias/x.txt >/dev/null; echo "exit $?"; cat real/x.txt
exit 0
x

### a dangling symlink pointing out of the tree: refused, its target never created
% mkdir -p repo/.git; ln -s ../made.txt repo/dangling
--- stdin
x
$ cd repo && lets write dangling --force; echo "exit $?"; ls ../made.txt 2>&1 | sed 's/.*cannot access.*/absent/'
exit 6
absent
--- stderr
dangling is outside the working tree
ERROR_CODE=outside_tree

### an absolute path outside the tree is refused; one inside is written
% mkdir -p repo/.git
--- stdin
x
$ cd repo && lets write "$PWD/../abs.txt"; echo "exit $?"; lets write "$PWD/in.txt" >/dev/null < /dev/null --empty; echo "exit $?"; ls -A; ls ../abs.txt 2>&1 | sed 's/.*cannot access.*/absent/'
exit 6
exit 0
.git
in.txt
absent
--- stderr
[..]/repo/../abs.txt is outside the working tree
ERROR_CODE=outside_tree
--- file repo/in.txt

### a vanished current directory: a relative path is io_error, an absolute one is outside
% mkdir -p gone
--- stdin
x
$ s=$PWD; cd gone && rmdir ../gone && { lets write rel.txt; echo "exit $?"; lets write "$s/abs.txt" < /dev/null --empty; echo "exit $?"; }; ls "$s/abs.txt" 2>&1 | sed 's/.*cannot access.*/absent/'
exit 7
exit 6
absent
--- stderr
rel.txt: the current directory is gone: No such file or directory (os error 2)
ERROR_CODE=io_error
[..]/abs.txt is outside the working tree
ERROR_CODE=outside_tree

### an empty path is a usage error, and nothing is created
--- stdin
x
$ lets write ''; echo "exit $?"; ls -A | grep -c . 
exit 64
[..]
--- stderr
error: the path is empty · name the file to write

Usage: lets write [OPTIONS] <PATH>

For more information, try '--help'.
ERROR_CODE=usage

### a path ending in '/' names a directory: io_error, and the directory is not created
--- stdin
x
$ lets write newdir/; echo "exit $?"; ls -d newdir 2>&1 | sed 's/.*cannot access.*/absent/'
exit 7
absent
--- stderr
newdir/: Is a directory (os error 21)
ERROR_CODE=io_error

### stdin is read up to --max-file-bytes and no further: endless input is refused, no file appears
$ yes | lets write y.txt --max-file-bytes 1000; echo "exit $?"; ls y.txt 2>&1 | sed 's/.*cannot access.*/absent/'
exit 7
absent
--- stderr
y.txt is unsupported: stdin is over the 1000-byte limit · pass --max-file-bytes to raise it
ERROR_CODE=unsupported_file

### control: stdin exactly at the limit is written
$ head -c 1000 /dev/zero | tr '\0' 'a' | lets write y.txt --max-file-bytes 1000 >/dev/null; echo "exit $?"; wc -c < y.txt
exit 0
1000
--- file y.txt
aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
\ No newline at end of file

### a FIFO is refused as unsupported before anything opens it (opening would block)
% mkfifo pipe
--- stdin
x
$ timeout 5 lets write pipe --force; echo "exit $?"
exit 7
--- stderr
pipe is unsupported: not a regular file
ERROR_CODE=unsupported_file

### a character device is refused as unsupported, never opened or locked
% mknod dev c 1 3 2>/dev/null || mkfifo dev
--- stdin
x
$ lets write dev --force; echo "exit $?"
exit 7
--- stderr
dev is unsupported: not a regular file
ERROR_CODE=unsupported_file

### a 255-byte file name can be overwritten (the temporary's name is short)
% n=$(printf 'n%.0s' $(seq 1 251)).txt; echo old > "$n"
--- stdin
new
$ n=$(printf 'n%.0s' $(seq 1 251)).txt; lets write "$n" --force >/dev/null; echo "exit $?"; cat "$n"; ls -A | grep -c lets- || true
exit 0
new
0

### leftovers of a killed lets (dead pid in the name) are swept by the next write in that directory; a live pid's stay
% echo debris > .lets-2147483646-0000abcd; echo live > .lets-1-0000abcd; echo keep > .lets-notapid
--- stdin
x
$ lets write f.txt >/dev/null; echo "exit $?"; ls -A | grep lets-
exit 0
.lets-1-0000abcd
.lets-notapid
--- file f.txt
x

### setuid and setgid survive an overwrite by their non-root owner (the mode is set after the data)
% mkdir -p t && echo old > t/s.sh && chown -R 65534:65534 t && chmod 6755 t/s.sh
--- stdin
new
$ cd t && if [ "$(id -u)" = 0 ]; then setpriv --reuid=65534 --regid=65534 --clear-groups lets write s.sh --force >/dev/null; else lets write s.sh --force >/dev/null; fi; echo "exit $?"; stat -c %a s.sh; cat s.sh
exit 0
6755
new

### an ACL survives an overwrite, and the group entry is not widened to the mask
% echo old > f.txt && chmod 640 f.txt && setfacl -m u:65534:rw f.txt
--- stdin
new
$ lets write f.txt --force >/dev/null; echo "exit $?"; getfacl -nc f.txt 2>/dev/null; cat f.txt
exit 0
user::rw-
user:65534:rw-
group::r--
mask::rw-
other::---

new
