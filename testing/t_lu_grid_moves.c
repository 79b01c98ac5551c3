/* hs_lu_grid_moves (src/kernels/lu_grid_moves.c) against ?LASWP's
 * interchanges applied one by one to row labels: for random pivots (few
 * distinct targets, many repeats, targets inside and below the top rows,
 * kk from 1 to 300), the top rows' sources, and every row below them that
 * changes (ascending), what it ends with and where its own went, must be
 * what the interchanges give; no other row below may change.  The exit
 * status is the number of failed cases.  Usage: t_lu_grid_moves. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "kernels/lu_grid_kernels.h"

static unsigned next(unsigned *seed)
{
    *seed = *seed * 1103515245u + 12345u;
    return (*seed >> 8) & 0xffffff;
}

/* One case: kk pivots over rows [0, rows) from the diagonal; 0 or 1. */
static int check(unsigned *seed, int kk, int w, int rows, int spread)
{
    int *p = calloc((size_t)hs_lu_grid_piv_size(w), sizeof *p);
    int *label = malloc((size_t)rows * sizeof *label);
    if (!p || !label) {
        free(p);
        free(label);
        return 1;
    }
    for (int t = 0; t < kk; t++) {
        int span = rows - t < spread ? rows - t : spread;
        p[HS_LU_PIV_HEAD + t] = t + 1 + (int)(next(seed) % (unsigned)span);
    }
    for (int r = 0; r < rows; r++)
        label[r] = r;
    for (int t = 0; t < kk; t++) {
        int r = p[HS_LU_PIV_HEAD + t] - 1, x = label[t];
        label[t] = label[r];
        label[r] = x;
    }
    int bad = hs_lu_grid_moves(p, kk, w) != 0;
    const int *src = p + hs_lu_grid_src(w), *row = p + hs_lu_grid_out_row(w);
    const int *from = p + hs_lu_grid_out_from(w), *to = p + hs_lu_grid_out_to(w);
    int nout = p[hs_lu_grid_nout(w)];
    for (int t = 0; !bad && t < kk; t++)
        bad = src[t] != label[t];
    int i = 0;
    for (int r = kk; !bad && r < rows; r++) {
        if (label[r] == r)
            continue;
        bad = i >= nout || row[i] != r || from[i] != label[r] || to[i] < 0 || to[i] >= kk
              || src[to[i]] != r;
        i++;
    }
    bad = bad || i != nout;
    if (bad)
        printf("t_lu_grid_moves: FAILED kk=%d w=%d rows=%d spread=%d\n", kk, w, rows, spread);
    free(p);
    free(label);
    return bad;
}

int main(void)
{
    unsigned seed = 2026;
    int failed = 0, cases = 0;
    const int kks[] = { 1, 2, 3, 7, 16, 64, 255, 300 };
    for (size_t a = 0; a < sizeof kks / sizeof kks[0]; a++)
        for (int spread = 1; spread <= 4096; spread *= 4)
            for (int rep = 0; rep < 8; rep++) {
                int kk = kks[a], w = kk + rep % 2, rows = kk + (int)(next(&seed) % 2000);
                failed += check(&seed, kk, w, rows, spread);
                cases++;
            }
    printf("t_lu_grid_moves: %d cases, %d failed\n", cases, failed);
    return failed;
}
