/* The region of a transform: each marked line of the new file with two lines of context either
 * side, removed lines shown where they were (before the line that now follows them), and a gap
 * line between windows that do not touch, as edit's region has. */
#include "../file.h"
#include "region.h"

static long win_lo(const struct tf_mark *m)
{
	return m->line - 2 < 1 ? 1 : m->line - 2;
}

static long win_hi(const struct tf_mark *m)
{
	return m->mk == MK_DELETED ? m->line + 1 : m->line + 2;
}

static void add_deleted(struct out_block *r, const struct tf_mark *m, struct buf *disp, long *cut,
			long *lossy)
{
	bool was_lossy, was_cut;
	buf_truncate(disp, 0);
	line_display(disp, m->text, m->len, &was_lossy, &was_cut);
	block_add_line(r, m->line, MK_DELETED, disp->data, disp->len)->note = "(deleted)";
	*cut += was_cut;
	*lossy += was_lossy;
}

void tf_region(struct out_block *r, const struct file *f, const struct tf_mark *m, size_t n,
	       struct omits *gap, long *cut, long *lossy)
{
	struct buf disp = BUF_INIT;
	long total = (long)f->n_lines, shown_to = 0;
	for (size_t i = 0; i < n;) {
		long a = win_lo(&m[i]), z = win_hi(&m[i]);
		size_t j = i + 1;
		for (; j < n && win_lo(&m[j]) <= z + 1; j++)
			z = win_hi(&m[j]) > z ? win_hi(&m[j]) : z;
		if (z > total)
			z = total;
		if (shown_to && a > shown_to + 1) {
			omit_region_gap(gap, shown_to + 1, a - 1);
			buf_truncate(&disp, 0);
			buf_addf(&disp, ":%ld-%ld not shown", shown_to + 1, a - 1);
			block_add_line(r, shown_to + 1, MK_GAP, disp.data, disp.len);
		}
		size_t k = i;
		for (long l = a; l <= z; l++) {
			enum marker mk = MK_NONE;
			for (; k < j && m[k].line <= l; k++) {
				if (m[k].mk == MK_DELETED)
					add_deleted(r, &m[k], &disp, cut, lossy);
				else if (m[k].line == l)
					mk = m[k].mk;
			}
			bool was_lossy, was_cut;
			buf_truncate(&disp, 0);
			file_line_display(&disp, f, (size_t)l, &was_lossy, &was_cut);
			block_add_line(r, l, mk, disp.data, disp.len);
			*cut += was_cut;
			*lossy += was_lossy;
		}
		for (; k < j; k++)
			if (m[k].mk == MK_DELETED)
				add_deleted(r, &m[k], &disp, cut, lossy);
		shown_to = z;
		i = j;
	}
	buf_release(&disp);
}
