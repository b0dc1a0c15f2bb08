/* Atomic publish (publish.h) and per-file locks (lock.h): the replace keeps mode and follows a
 * symlink, the identity check refuses a file changed since it was read, creation makes parent
 * directories and refuses a file that appeared, and a held lock makes a second taker wait and
 * then fail as `locked`. Runs in a fresh temporary directory. */
#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"
#include "error.h"
#include "file.h"
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

/* The sha a read of text reports: publish's last look compares the file's bytes with it. */
static const char *sha_of(const char *text)
{
	static char store[16][13];
	static unsigned k;
	char *s = store[k++ % 16];
	sha12(text, strlen(text), s);
	return s;
}

static void replaces(void)
{
	struct buf b = BUF_INIT;
	struct diag d = DIAG_INIT;
	struct stat st, now;
	put("a.txt", "old\n");
	chmod("a.txt", 0640);
	stat("a.txt", &st);
	unit_long("replace: ok", publish("a.txt", "new\n", 4, &st, sha_of("old\n"), NULL, &now, &d), LETS_OK);
	slurp("a.txt", &b);
	unit_bytes("replace: new bytes", b.data, b.len, "new\n");
	struct stat after;
	stat("a.txt", &after);
	unit_long("replace: mode kept", after.st_mode & 07777, 0640);
	unit_check(after.st_ino == now.st_ino, "replace: *now is the new file");
	unit_check(after.st_ino != st.st_ino, "replace: a new inode (renamed into place)");

	/* the file changed since it was read: refused, untouched */
	put("a.txt", "someone else\n");
	unit_long("changed: refused", publish("a.txt", "mine\n", 5, &now, "0123456789ab", NULL, NULL, &d),
		  E_CHANGED);
	slurp("a.txt", &b);
	unit_bytes("changed: file untouched", b.data, b.len, "someone else\n");
	unit_check(d.n == 1 && strstr(d.items[0].message, "a.txt changed since sha:0123456789ab (now sha:") !=
				       NULL,
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
	unit_long("create over an existing file: exists",
		  publish("x/y/z.txt", "again\n", 6, NULL, NULL, NULL, NULL, &d), E_EXISTS);
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
	unit_long("lock: acquire (duplicates once, missing skipped)", lockset_acquire(&a, both, 4, &d),
		  LETS_OK);
	unit_long("lock: two descriptors held", (long)a.n, 2);
	struct timespec t0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	const char *one[] = {"l1.txt"};
	unit_long("lock: a second taker is refused", lockset_acquire(&b, one, 1, &d), E_LOCKED);
	long waited = ms_since(&t0);
	unit_check(waited >= LOCK_WAIT_MS - 50 && waited < LOCK_WAIT_MS + 1000,
		   "lock: after waiting about 2 s (%ld ms)", waited);
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

/* The number of entries in the current directory whose names start with '.', other than . and ..:
 * the temporaries a batch leaves behind. */
static long dot_files(void)
{
	long n = 0;
	DIR *dir = opendir(".");
	for (struct dirent *e; dir && (e = readdir(dir));)
		n += e->d_name[0] == '.' && strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	if (dir)
		closedir(dir);
	return n;
}

static void batch_item(struct publish_item *it, const char *path, const char *old, const char *new_text,
		       const struct stat *st)
{
	memset(it, 0, sizeof(*it));
	it->path = path;
	it->old_data = old;
	it->old_len = strlen(old);
	it->new_data = new_text;
	it->new_len = strlen(new_text);
	it->expected = st;
	it->read_sha = sha_of(old);
	it->new_sha = sha_of(new_text);
}

/* A batch lands every changed file, leaves an unchanged one alone, and reverts what it landed. */
static void batches(void)
{
	struct buf b = BUF_INIT;
	struct diag d = DIAG_INIT;
	struct stat st[3], after;
	put("p.txt", "p old\n");
	put("q.txt", "q same\n");
	put("r.txt", "r old\n");
	stat("p.txt", &st[0]);
	stat("q.txt", &st[1]);
	stat("r.txt", &st[2]);
	struct publish_item it[3];
	batch_item(&it[0], "p.txt", "p old\n", "p new\n", &st[0]);
	batch_item(&it[1], "q.txt", "q same\n", "q same\n", &st[1]);
	batch_item(&it[2], "r.txt", "r old\n", "r new\n", &st[2]);
	size_t failed = 99;
	long landed = -1;
	unit_long("batch: ok", publish_batch(it, 3, NULL, &failed, &landed, &d), LETS_OK);
	unit_long("batch: two landed", landed, 2);
	slurp("p.txt", &b);
	unit_bytes("batch: p new bytes", b.data, b.len, "p new\n");
	slurp("r.txt", &b);
	unit_bytes("batch: r new bytes", b.data, b.len, "r new\n");
	stat("q.txt", &after);
	unit_check(!it[1].landed && after.st_ino == st[1].st_ino,
		   "batch: the unchanged file keeps its inode");
	unit_check(it[0].landed && stat("p.txt", &after) == 0 && after.st_ino == it[0].written.st_ino,
		   "batch: written is the landed file's stat");
	unit_long("batch: no temporaries left", dot_files(), 0);

	unit_long("revert: both put back", publish_revert(it, 3, NULL, &d), 2);
	slurp("p.txt", &b);
	unit_bytes("revert: p old bytes", b.data, b.len, "p old\n");
	slurp("r.txt", &b);
	unit_bytes("revert: r old bytes", b.data, b.len, "r old\n");
	unit_long("revert: no failure", (long)d.n, 0);

	/* r changes behind the batch's back after p landed: partial, naming r */
	stat("p.txt", &st[0]);
	stat("r.txt", &st[2]);
	batch_item(&it[0], "p.txt", "p old\n", "p two\n", &st[0]);
	batch_item(&it[1], "r.txt", "r old\n", "r two\n", &st[2]);
	put("r.txt", "r someone\n");
	unit_long("partial: slug", publish_batch(it, 2, NULL, &failed, &landed, &d), E_PARTIAL_BATCH);
	unit_long("partial: one landed", landed, 1);
	unit_long("partial: the failed item", (long)failed, 1);
	char why[128];
	snprintf(why, sizeof why,
		 "batch partially written: 1 landed, r.txt failed: r.txt changed since sha:%s",
		 sha_of("r old\n"));
	unit_check(d.n == 1 && !strncmp(d.items[0].message, why, strlen(why)),
		   "partial: message names what failed and why");
	slurp("r.txt", &b);
	unit_bytes("partial: r untouched", b.data, b.len, "r someone\n");
	diag_release(&d);

	/* the first item is stale: nothing lands, its own message, no temporary left */
	stat("p.txt", &st[0]);
	stat("r.txt", &st[2]);
	batch_item(&it[0], "r.txt", "r someone\n", "r three\n", &st[2]);
	batch_item(&it[1], "p.txt", "p two\n", "p three\n", &st[0]);
	put("r.txt", "r again\n");
	unit_long("stale first: slug", publish_batch(it, 2, NULL, &failed, &landed, &d), E_CHANGED);
	unit_long("stale first: nothing landed", landed, 0);
	unit_long("stale first: the failed item", (long)failed, 0);
	slurp("p.txt", &b);
	unit_bytes("stale first: p untouched", b.data, b.len, "p two\n");
	unit_long("stale first: no temporaries left", dot_files(), 0);
	diag_release(&d);
	buf_release(&b);
}

/* A batch too large to hold a lock per file: relocked a group at a time, in path order, every
 * lock let go at the end; a file changed since it was read refuses the batch before any rename;
 * a file another process holds locked is waited for, then `locked`, nothing written. */
static void relocks(void)
{
	static const char *const names[] = {"v5.txt", "v4.txt", "v3.txt", "v2.txt", "v1.txt"};
	struct buf b = BUF_INIT;
	struct diag d = DIAG_INIT;
	struct stat st[5];
	struct publish_item it[5];
	int dir = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	for (int k = 0; k < 5; k++) {
		put(names[k], "old\n");
		stat(names[k], &st[k]);
		batch_item(&it[k], names[k], "old\n", "new\n", &st[k]);
		it[k].dir = dir;
		it[k].name = names[k];
	}
	size_t failed = 99;
	long landed = -1;
	unit_long("relock: ok", publish_batch_relock(it, 5, 2, &failed, &landed, &d), LETS_OK);
	unit_long("relock: five landed", landed, 5);
	int all = 1;
	for (int k = 0; k < 5; k++) {
		slurp(names[k], &b);
		all &= b.len == 4 && !memcmp(b.data, "new\n", 4);
		int fd = open(names[k], O_RDONLY);
		all &= flock(fd, LOCK_EX | LOCK_NB) == 0; /* no lock is left held */
		close(fd);
	}
	unit_check(all, "relock: every file new, none left locked");
	unit_long("relock: no temporaries left", dot_files(), 0);

	/* v1 changed behind the batch's back: nothing lands, though v1 sorts first */
	for (int k = 0; k < 5; k++) {
		stat(names[k], &st[k]);
		batch_item(&it[k], names[k], "new\n", "two\n", &st[k]);
		it[k].dir = dir;
		it[k].name = names[k];
	}
	put("v3.txt", "someone\n");
	unit_long("relock stale: slug", publish_batch_relock(it, 5, 2, &failed, &landed, &d), E_CHANGED);
	unit_long("relock stale: nothing landed", landed, 0);
	unit_long("relock stale: the failed item", (long)failed, 2);
	slurp("v1.txt", &b);
	unit_bytes("relock stale: v1 untouched", b.data, b.len, "new\n");
	diag_release(&d);

	/* v1 locked by another holder: waited for, then locked, nothing written */
	put("v3.txt", "new\n");
	stat("v3.txt", &st[2]);
	int holder = open("v1.txt", O_RDONLY);
	flock(holder, LOCK_EX);
	unit_long("relock held: slug", publish_batch_relock(it, 5, 2, &failed, &landed, &d), E_LOCKED);
	unit_long("relock held: nothing landed", landed, 0);
	slurp("v5.txt", &b);
	unit_bytes("relock held: v5 untouched", b.data, b.len, "new\n");
	close(holder);
	unit_long("relock held: no temporaries left", dot_files(), 0);
	diag_release(&d);
	close(dir);
	buf_release(&b);
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
	batches();
	relocks();
	char rm[128];
	snprintf(rm, sizeof(rm), "rm -rf %s", dir);
	if (chdir("/") == 0 && system(rm) != 0)
		perror("t_publish: cleanup");
	return unit_end();
}
