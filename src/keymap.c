#include "keymap.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"

static size_t key_hash(const void *key, size_t len)
{
	const unsigned char *p = key;
	size_t h = 14695981039346656037u; /* FNV-1a */
	for (size_t i = 0; i < len; i++)
		h = (h ^ p[i]) * 1099511628211u;
	return h;
}

/* The slot holding key, or the empty slot where it goes. */
static struct keymap_slot *slot_for(const struct keymap *m, const void *key, size_t len, size_t h)
{
	size_t k = h & (m->cap - 1);
	while (m->s[k].key && !(m->s[k].hash == h && m->s[k].len == len && !memcmp(m->s[k].key, key, len)))
		k = (k + 1) & (m->cap - 1);
	return &m->s[k];
}

bool keymap_get(const struct keymap *m, const void *key, size_t len, size_t *val)
{
	if (!m->cap)
		return false;
	const struct keymap_slot *s = slot_for(m, key, len, key_hash(key, len));
	if (s->key)
		*val = s->val;
	return s->key != NULL;
}

static void grow(struct keymap *m)
{
	struct keymap_slot *old = m->s;
	size_t old_cap = m->cap;
	m->cap = m->cap ? m->cap * 2 : 64;
	m->s = xcalloc(m->cap, sizeof(*m->s));
	for (size_t i = 0; i < old_cap; i++)
		if (old[i].key)
			*slot_for(m, old[i].key, old[i].len, old[i].hash) = old[i];
	free(old);
}

void keymap_put(struct keymap *m, const void *key, size_t len, size_t val)
{
	if ((m->n + 1) * 2 > m->cap)
		grow(m);
	size_t h = key_hash(key, len);
	struct keymap_slot *s = slot_for(m, key, len, h);
	if (!s->key) {
		s->key = xmalloc(len + 1);
		memcpy(s->key, key, len);
		s->key[len] = 0;
		s->len = len;
		s->hash = h;
		m->n++;
	}
	s->val = val;
}

void keymap_release(struct keymap *m)
{
	for (size_t i = 0; i < m->cap; i++)
		free(m->s[i].key);
	free(m->s);
	memset(m, 0, sizeof(*m));
}

void keymap_id(const struct stat *st, unsigned char out[KEYMAP_ID_LEN])
{
	memcpy(out, &st->st_dev, sizeof(dev_t));
	memcpy(out + sizeof(dev_t), &st->st_ino, sizeof(ino_t));
}
