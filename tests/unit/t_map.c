/* map's PageRank (map.h) on graphs whose answer is known by hand, and the vendored-tree names. */
#include <math.h>
#include <string.h>

#include "map/map.h"
#include "unit.h"

static bool near(double a, double b)
{
	return fabs(a - b) < 1e-6;
}

int main(void)
{
	unit_begin("t_map");
	/* a symmetric cycle of three: every node holds a third */
	uint32_t cf[] = {0, 1, 2}, ct[] = {1, 2, 0};
	double cw[] = {1, 1, 1}, t3[] = {1.0 / 3, 1.0 / 3, 1.0 / 3}, r3[3];
	map_pagerank(3, cf, ct, cw, 3, t3, r3);
	unit_check(near(r3[0], 1.0 / 3) && near(r3[1], 1.0 / 3) && near(r3[2], 1.0 / 3),
		   "a cycle is uniform");

	/* a star: 1, 2 and 3 refer to 0, which refers to nothing (its rank teleports back):
	 * r0 = 0.15/4 + 0.85 r0/4 + 0.85 (r1 + r2 + r3), r1 = r2 = r3 = 0.15/4 + 0.85 r0/4 */
	uint32_t sf[] = {1, 2, 3}, st[] = {0, 0, 0};
	double sw[] = {1, 1, 1}, t4[] = {0.25, 0.25, 0.25, 0.25}, r4[4];
	map_pagerank(4, sf, st, sw, 3, t4, r4);
	double leaf = (0.15 / 4 + 0.85 * r4[0] / 4);
	unit_check(r4[0] > r4[1] && near(r4[1], leaf) && near(r4[1], r4[2]) && near(r4[2], r4[3]),
		   "the node everyone refers to ranks first, the rest alike");
	unit_check(near(r4[0] + r4[1] + r4[2] + r4[3], 1), "the ranks sum to 1");

	/* weight, not count: 1 refers to 2 once and to 3 three times as heavily */
	uint32_t wf[] = {1, 1}, wt[] = {2, 3};
	double ww[] = {1, 3}, r4w[4];
	map_pagerank(4, wf, wt, ww, 2, t4, r4w);
	unit_check(r4w[3] > r4w[2] && r4w[2] > r4w[0], "rank follows the weights");

	/* personalised: the teleport on node 1 alone, which refers to 2: 0 and 3 get nothing */
	double tp[] = {0, 1, 0, 0}, rp[4];
	map_pagerank(4, wf, wt, ww, 2, tp, rp);
	unit_check(rp[0] == 0 && rp[1] > 0 && rp[2] > 0 && rp[3] > rp[2],
		   "a focus ranks only what it reaches");

	unit_check(map_vendored_dir("vendor", 6) && map_vendored_dir("node_modules", 12) &&
			   map_vendored_dir("third_party", 11),
		   "vendor, node_modules and third_party are vendored trees");
	unit_check(!map_vendored_dir("vendors", 7) && !map_vendored_dir("src", 3),
		   "control: other names are not");
	return unit_end();
}
