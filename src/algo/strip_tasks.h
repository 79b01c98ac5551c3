/* The accesses of a strip task (kernels/strip_runs.h): a rank's tiles of
 * a trailing column, every nprow-th tile row, and the panel's tiles in
 * the same rows, for the updates of tiles in the caller's array
 * (algo/qr.c, algo/lu_grid.c, algo/cholesky.c). */
#ifndef HETSCAL_ALGO_STRIP_TASKS_H
#define HETSCAL_ALGO_STRIP_TASKS_H

#include "layout/tile_geometry.h"
#include "runtime/dist.h"

/* Appends to spec's accesses column j's tiles from tile row *r down, one
 * process row's (every nprow-th), at most `most` and to the matrix's end,
 * with target_mode, then column k's tiles of the same rows (R); moves *r
 * past them and returns their count. */
static inline int hs_strip_add_tiles(hs_task_spec *spec, const hs_geometry *g, int j, int k,
                                     int *r, int most, int target_mode)
{
    int n = 0;
    for (int i = *r; n < most && i < g->mt; n++, i += g->nprow)
        hs_task_spec_add(spec, hs_tile_id(g, i, j), target_mode);
    for (int m = 0; m < n; m++, *r += g->nprow)
        hs_task_spec_add(spec, hs_tile_id(g, *r, k), HS_R);
    return n;
}

#endif
