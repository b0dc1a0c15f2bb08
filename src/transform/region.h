/* The numbered region a transform shows, built from tf_apply's marks over the new file. */
#ifndef LETS_TRANSFORM_REGION_H
#define LETS_TRANSFORM_REGION_H
#include <stddef.h>

#include "../output.h"
#include "tf.h"

struct file;

/* Appends to r each mark's line with two lines of context either side (a removed line: before
 * the line that now follows it, marked MK_DELETED with the note "(deleted)"); windows that do
 * not touch get a gap line, and its pair goes into the one OM_REGION_GAP of gap. *cut and
 * *lossy grow by the lines shown cut or lossily. f is the new file, indexed. */
void tf_region(struct out_block *r, const struct file *f, const struct tf_mark *m, size_t n,
	       struct omits *gap, long *cut, long *lossy);

#endif
