/* A process grid as the layout code sees it: plain values, filled by the
 * API from its BLACS grid (blacs_shim/grid.h), so that this layer does not
 * depend on BLACS. */
#ifndef HETSCAL_LAYOUT_PROC_GRID_H
#define HETSCAL_LAYOUT_PROC_GRID_H

#include <mpi.h>

typedef struct hs_proc_grid {
    MPI_Comm comm;           /* the runtime's communicator of the grid */
    int nprow, npcol, myrow, mycol;
    int rank, size;          /* in comm */
    const int *rank_of;      /* rank_of[prow * npcol + pcol] */
} hs_proc_grid;

static inline int hs_proc_grid_rank(const hs_proc_grid *g, int prow, int pcol)
{
    return g->rank_of[prow * g->npcol + pcol];
}

#endif
