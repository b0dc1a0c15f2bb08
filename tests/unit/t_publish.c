/* Atomic publish (publish.h) and per-file locks (lock.h): the replace keeps mode and follows a
 * symlink, the identity check refuses a file changed since it was read, creation makes parent
 * directories and refuses a file that appeared, and a held lock makes a second taker wait and
 * then fail as `locked`. Runs in a fresh temporary directory. */
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"
#include "error.h"
#include "lock.h"
#include "publish.h"
#include "unit.h"

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	fputs(text, f);
	fclose(f);
}

static void slurp(const char *path, struct buf *b)
{
	buf_truncate(b, 0);
	FILE *f = fopen(path, "r");
	if (!f)
		return;
	char chunk[4096];
	size_t n;
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		buf_add(b, chunk, n);
	fclose(f);
}

static void replaces(void)
{
	struct buf b = BUF_INIT;
	struct diag d = DIAG_INIT;
	struct stat st, now;
	put("a.txt", "old\n");
	chmod("a.txt", 0640);
	stat("a.txt", &st);
	unit_long("replace: ok", publish("a.txt", "new\n", 4, &st, "sha", NULL, &now, &d), LETS_OK);
	slurp("a.txt", &b);
	unit_bytes("replace: new bytes", b.data, b.len, "new\n");
	struct stat after;
	stat("a.txt", &after);
	unit_long("replace: mode kept", after.st_mode & 07777, 0640);
	unit_check(after.st_ino == now.st_ino, "replace: *now is the new file");
	unit_check(after.st_ino != st.st_ino, "replace: a new inode (renamed into place)");

	/* the file changed since it was read: refused, untouched */
	put("a.txt", "someone else\n");
	unit_long("changed: refused", publish("a.txt", "mine\n", 5, &now, "0123456789ab", NULL, NULL, &d), E_CHANGED);
	slurp("a.txt", &b);
	unit_bytes("changed: file untouched", b.data, b.len, "someone else\n");
	unit_check(d.n == 1 && strstr(d.items[0].message, "a.txt changed since sha:0123456789ab (now sha:") != NULL,
		   "changed: message names both hashes");
	diag_release(&d);

	/* a symlink: its target is replaced, the link stays a link */
	put("target.txt", "t\n");
	symlink("target.txt", "link.txt");
	stat("link.txt", &st);
	unit_long("symlink: ok", publish("link.txt", "T\n", 2, &st, NULL, NULL, NULL, &d), LETS_OK);
	struct stat lst;
	lstat("link.txt", &lst);
	unit_check(S_ISLNK(lst.st_mode), "symlink: still a link");
	slurp("target.txt", &b);
	unit_bytes("symlink: target holds the new bytes", b.data, b.len, "T\n");

	/* nothing left behind */
	unit_check(system("ls -a | grep -q lets-") != 0, "no temporary files left");
	buf_release(&b);
	diag_release(&d);
}

static void creates(void)
{
	struct buf b = BUF_INIT;
	struct diag d = DIAG_INIT;
	unit_long("create: ok", publish("x/y/z.txt", "z\n", 2, NULL, NULL, NULL, NULL, &d), LETS_OK);
	slurp("x/y/z.txt", &b);
	unit_bytes("create: parents made, bytes written", b.data, b.len, "z\n");
	mode_t mask = umask(0);
	umask(mask);
	struct stat st;
	stat("x/y/z.txt", &st);
	unit_long("create: mode 0666 less the umask", st.st_mode & 07777, 0666 & ~mask);
	unit_long("create over an existing file: exists", publish("x/y/z.txt", "again\n", 6, NULL, NULL, NULL, NULL, &d),
		  E_EXISTS);
	slurp("x/y/z.txt", &b);
	unit_bytes("create over an existing file: untouched", b.data, b.len, "z\n");
	buf_release(&b);
	diag_release(&d);
}

static long ms_since(const struct timespec *t0)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (t.tv_sec - t0->tv_sec) * 1000 + (t.tv_nsec - t0->tv_nsec) / 1000000;
}

static void locks(void)
{
	struct diag d = DIAG_INIT;
	struct lockset a = LOCKSET_INIT, b = LOCKSET_INIT;
	put("l1.txt", "1\n");
	put("l2.txt", "2\n");
	const char *both[] = {"l2.txt", "l1.txt", "l2.txt", "missing.txt"};
	unit_long("lock: acquire (duplicates once, missing skipped)", lockset_acquire(&a, both, 4, &d), LETS_OK);
	unit_long("lock: two descriptors held", (long)a.n, 2);
	struct timespec t0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	const char *one[] = {"l1.txt"};
	unit_long("lock: a second taker is refused", lockset_acquire(&b, one, 1, &d), E_LOCKED);
	long waited = ms_since(&t0);
	unit_check(waited >= LOCK_WAIT_MS - 50 && waited < LOCK_WAIT_MS + 1000, "lock: after waiting about 2 s (%ld ms)",
		   waited);
	unit_str("lock: message", d.n ? d.items[0].message : "",
		 "l1.txt is locked by another lets process (waited 2 s) \xC2\xB7 retry the call");
	unit_long("lock: the refused set holds nothing", (long)b.n, 0);
	lockset_release(&a);
	unit_long("lock: free again after release", lockset_acquire(&b, one, 1, &d), LETS_OK);

	/* a publish under the lock keeps the new inode locked: a newcomer waits on it */
	struct lockset c = LOCKSET_INIT;
	struct stat st;
	stat("l2.txt", &st);
	const char *two[] = {"l2.txt"};
	lockset_acquire(&c, two, 1, &d);
	publish("l2.txt", "22\n", 3, &st, NULL, &c, NULL, &d);
	lockset_release(&b);
	struct diag d2 = DIAG_INIT;
	struct lockset e = LOCKSET_INIT;
	unit_long("lock: the published inode is locked too", lockset_acquire(&e, two, 1, &d2), E_LOCKED);
	lockset_release(&c);
	lockset_release(&e);
	diag_release(&d);
	diag_release(&d2);
}

int main(void)
{
	unit_begin("t_publish");
	char dir[] = "/tmp/lets-t_publish.XXXXXX";
	if (!mkdtemp(dir) || chdir(dir) < 0) {
		perror("t_publish: temporary directory");
		return 1;
	}
	replaces();
	creates();
	locks();
	char rm[128];
	snprintf(rm, sizeof(rm), "rm -rf %s", dir);
	if (chdir("/") == 0 && system(rm) != 0)
		perror("t_publish: cleanup");
	return unit_end();
}
