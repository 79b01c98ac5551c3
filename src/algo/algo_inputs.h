/* What every task-inserting algorithm (cholesky.h, lu.h, qr.h) is given,
 * the first members of its struct: the tile geometry of sub(A), the
 * distributed runtime its tasks go to (which knows the tiles' precision,
 * and so the kernel of each task's kind), and whether its panels are
 * factored on the host (each algorithm says which tasks that keeps
 * there). */
#ifndef HETSCAL_ALGO_ALGO_INPUTS_H
#define HETSCAL_ALGO_ALGO_INPUTS_H

#include "layout/tile_geometry.h"
#include "runtime/dist.h"

#define HS_ALGO_INPUTS \
    const hs_geometry *geo; \
    hs_dist *dist; \
    int host_panels

#endif
