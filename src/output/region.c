/* The region builder: the lines around a change, with gap lines between windows that do not
 * touch (output-format.md §3, §7). */
#include "../file.h"
#include "internal.h"

void region_build(struct out_block *r, const struct file *f, const long *changed, size_t n, enum marker mk,
		  struct omits *gap, long *cut, long *lossy)
{
	struct buf disp = BUF_INIT;
	size_t i = 0;
	long shown_to = 0;
	long total = (long)f->n_lines;
	while (i < n) {
		long a = changed[i] - 2 < 1 ? 1 : changed[i] - 2;
		long z = changed[i] + 2;
		size_t j = i + 1;
		while (j < n && changed[j] - 2 <= z + 2) { /* a one-line gap costs more than the line */
			z = changed[j] + 2;
			j++;
		}
		if (z > total)
			z = total;
		if (shown_to && a > shown_to + 1) {
			omit_region_gap(gap, shown_to + 1, a - 1);
			buf_truncate(&disp, 0);
			not_shown(&disp, shown_to + 1, a - 1);
			block_add_line(r, shown_to + 1, MK_GAP, disp.data, disp.len);
		}
		size_t k = i;
		for (long l = a; l <= z; l++) {
			while (k < j && changed[k] < l)
				k++;
			bool was_lossy, was_cut;
			buf_truncate(&disp, 0);
			file_line_display(&disp, f, (size_t)l, &was_lossy, &was_cut);
			block_add_line(r, l, k < j && changed[k] == l ? mk : MK_NONE, disp.data, disp.len);
			*cut += was_cut;
			*lossy += was_lossy;
		}
		shown_to = z;
		i = j;
	}
	buf_release(&disp);
}
