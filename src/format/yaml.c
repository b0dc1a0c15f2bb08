/* YAML's verdict (format.h): the block scanner (yamlscan.c) vouches for the plain config file,
 * libyaml decides (and words) the rest, with the anchor each alias needs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "../alloc.h"
#include "format.h"
#include "model.h"

/* The anchors of one YAML document: an open-addressing set of names (owned). */
struct anchors {
	char **slot;
	size_t n, cap;
};

static size_t anchor_hash(const char *a)
{
	size_t h = 5381;
	for (; *a; a++)
		h = h * 33 + (unsigned char)*a;
	return h;
}

/* Finds name; adds it when add is set. */
static bool anchors_has(struct anchors *as, const char *name, bool add)
{
	if (add && (as->n + 1) * 2 > as->cap) {
		struct anchors bigger = {xcalloc(as->cap ? as->cap * 2 : 16, sizeof(char *)), 0,
					 as->cap ? as->cap * 2 : 16};
		for (size_t i = 0; i < as->cap; i++)
			if (as->slot[i]) {
				size_t k = anchor_hash(as->slot[i]) & (bigger.cap - 1);
				while (bigger.slot[k])
					k = (k + 1) & (bigger.cap - 1);
				bigger.slot[k] = as->slot[i];
				bigger.n++;
			}
		free(as->slot);
		*as = bigger;
	}
	if (!as->cap)
		return false;
	size_t k = anchor_hash(name) & (as->cap - 1);
	for (; as->slot[k]; k = (k + 1) & (as->cap - 1))
		if (!strcmp(as->slot[k], name))
			return true;
	if (add) {
		as->slot[k] = xstrdup(name);
		as->n++;
	}
	return false;
}

static void anchors_clear(struct anchors *as)
{
	for (size_t i = 0; i < as->cap; i++)
		free(as->slot[i]);
	free(as->slot);
	memset(as, 0, sizeof(*as));
}

/* The anchor an event defines, if any. */
static const unsigned char *event_anchor(const yaml_event_t *ev)
{
	switch (ev->type) {
	case YAML_SCALAR_EVENT: return ev->data.scalar.anchor;
	case YAML_SEQUENCE_START_EVENT: return ev->data.sequence_start.anchor;
	case YAML_MAPPING_START_EVENT: return ev->data.mapping_start.anchor;
	default: return NULL;
	}
}

/* libyaml's complaint about s, with its line; true when it has none. libyaml's parser leaves an
 * alias to an anchor its document never defined to the loader; every loader refuses it. */
bool yaml_valid_libyaml(const char *s, size_t n, char *detail, size_t detail_size)
{
	yaml_parser_t p;
	if (!yaml_parser_initialize(&p))
		return false;
	yaml_parser_set_input_string(&p, (const unsigned char *)s, n);
	bool ok = true;
	struct anchors as = {0};
	int depth = 0;
	for (bool end = false; !end && ok;) {
		yaml_event_t ev;
		if (!yaml_parser_parse(&p, &ev)) {
			snprintf(detail, detail_size, "line %zu: %s", p.problem_mark.line + 1,
				 p.problem ? p.problem : "invalid");
			ok = false;
			break;
		}
		end = ev.type == YAML_STREAM_END_EVENT;
		if (ev.type == YAML_SEQUENCE_START_EVENT || ev.type == YAML_MAPPING_START_EVENT)
			depth++;
		else if (ev.type == YAML_SEQUENCE_END_EVENT || ev.type == YAML_MAPPING_END_EVENT)
			depth--;
		if (depth > YAML_MAX_DEPTH) {
			/* libyaml's scanner walks every open flow level at each token: past this depth
			 * its time grows with the square of the file */
			snprintf(detail, detail_size, "line %zu: nested more than %d levels deep",
				 ev.start_mark.line + 1, YAML_MAX_DEPTH);
			ok = false;
		}
		const unsigned char *a = event_anchor(&ev);
		if (ev.type == YAML_DOCUMENT_START_EVENT)
			anchors_clear(&as);
		else if (a)
			anchors_has(&as, (const char *)a, true);
		else if (ev.type == YAML_ALIAS_EVENT &&
			 !anchors_has(&as, (const char *)ev.data.alias.anchor, false)) {
			snprintf(detail, detail_size, "line %zu: an alias to no anchor (*%s)",
				 ev.start_mark.line + 1, (const char *)ev.data.alias.anchor);
			ok = false;
		}
		yaml_event_delete(&ev);
	}
	anchors_clear(&as);
	yaml_parser_delete(&p);
	return ok;
}

bool yaml_valid(const char *s, size_t n, char *detail, size_t detail_size)
{
	return yaml_fast_valid(s, n) || yaml_valid_libyaml(s, n, detail, detail_size);
}
