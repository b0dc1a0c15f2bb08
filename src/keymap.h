/* A map from byte strings to indices, for the batch paths that find "the earlier item with this
 * key" once per line: transform's jobs by real path, edit's files by inode, the directories a
 * batch holds or sweeps by device and inode. Open addressing with the keys copied, so a lookup
 * is O(1) on average and a batch of n lines costs O(n), where a search per line cost O(n²). */
#ifndef LETS_KEYMAP_H
#define LETS_KEYMAP_H
#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

struct keymap_slot {
	char *key; /* owned; NULL: empty */
	size_t len, hash, val;
};

struct keymap {
	struct keymap_slot *s;
	size_t cap, n; /* cap a power of two (or 0), n under cap / 2 */
};
#define KEYMAP_INIT \
	{           \
		0   \
	}

/* The value stored for key[0..len), in *val; false when there is none. */
bool keymap_get(const struct keymap *m, const void *key, size_t len, size_t *val);
/* Stores val for key (replacing an earlier value). */
void keymap_put(struct keymap *m, const void *key, size_t len, size_t val);
void keymap_release(struct keymap *m);

/* The key of a file's identity: its device and inode, as bytes (out holds KEYMAP_ID_LEN). */
#define KEYMAP_ID_LEN (sizeof(dev_t) + sizeof(ino_t))
void keymap_id(const struct stat *st, unsigned char out[KEYMAP_ID_LEN]);

#endif
