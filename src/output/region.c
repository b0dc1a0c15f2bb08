/* The region builder, one for edit and transform: the lines around a change, with gap lines
 * between windows that do not touch (output-format.md §3, §7). */
#include "../file.h"
#include "internal.h"

static long win_lo(const struct region_mark *m)
{
	return m->line - 2 < 1 ? 1 : m->line - 2;
}

/* A removed line shows before the line that now follows it, so one line of context after it is
 * that line and one more. */
static long win_hi(const struct region_mark *m)
{
	return m->mk == MK_DELETED ? m->line + 1 : m->line + 2;
}

static void add_shown(struct out_block *r, long number, enum marker mk, const char *text, size_t len,
		      struct buf *disp, long *cut, long *lossy)
{
	bool was_lossy, was_cut;
	buf_truncate(disp, 0);
	line_display(disp, text, len, &was_lossy, &was_cut);
	struct out_line *l = block_add_line(r, number, mk, disp->data, disp->len);
	if (mk == MK_DELETED)
		l->note = "(deleted)";
	*cut += was_cut;
	*lossy += was_lossy;
}

/* Lines a-z of f with the marks m[i..j) on them, a removed line before the line it precedes. */
static void add_window(struct out_block *r, const struct file *f, long a, long z, const struct region_mark *m,
		       size_t i, size_t j, struct buf *disp, long *cut, long *lossy)
{
	size_t k = i;
	for (long l = a; l <= z; l++) {
		enum marker mk = MK_NONE;
		for (; k < j && m[k].line <= l; k++) {
			if (m[k].mk == MK_DELETED)
				add_shown(r, m[k].line, MK_DELETED, m[k].text, m[k].len, disp, cut, lossy);
			else if (m[k].line == l)
				mk = m[k].mk;
		}
		const char *text;
		size_t len = file_line(f, (size_t)l, &text);
		add_shown(r, l, mk, text, len, disp, cut, lossy);
	}
	for (; k < j; k++) /* removed past the file's last line */
		if (m[k].mk == MK_DELETED)
			add_shown(r, m[k].line, MK_DELETED, m[k].text, m[k].len, disp, cut, lossy);
}

void region_build(struct out_block *r, const struct file *f, const struct region_mark *m, size_t n,
		  long bridge, struct omits *gap, long *cut, long *lossy)
{
	struct buf disp = BUF_INIT;
	long total = (long)f->n_lines, shown_to = 0;
	for (size_t i = 0; i < n;) {
		long a = win_lo(&m[i]), z = win_hi(&m[i]);
		size_t j = i + 1;
		for (; j < n && win_lo(&m[j]) <= z + 1 + bridge; j++)
			z = win_hi(&m[j]) > z ? win_hi(&m[j]) : z;
		if (z > total)
			z = total;
		if (shown_to && a > shown_to + 1) {
			omit_region_gap(gap, shown_to + 1, a - 1);
			buf_truncate(&disp, 0);
			not_shown(&disp, shown_to + 1, a - 1);
			block_add_line(r, shown_to + 1, MK_GAP, disp.data, disp.len);
		}
		add_window(r, f, a, z, m, i, j, &disp, cut, lossy);
		shown_to = z;
		i = j;
	}
	buf_release(&disp);
}
