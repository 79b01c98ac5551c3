/* BLACS context -> hetscal grid: a private duplicate of the grid's MPI
 * communicator, the grid shape, this rank's coordinates and the rank of
 * every (prow, pcol).  Cached per context, freed at MPI_Finalize. */
#ifndef HETSCAL_GRID_H
#define HETSCAL_GRID_H

#include <mpi.h>

typedef struct hetscal_grid {
    int ctxt;
    int nprow, npcol, myrow, mycol;
    int rank, size;          /* in comm */
    MPI_Comm comm;           /* private duplicate: runtime traffic only */
    MPI_Comm sys_comm;       /* BLACS's own communicator (cache key) */
    int *rank_of;            /* rank_of[prow * npcol + pcol] */
    int local_ranks;         /* ranks of this grid sharing this node */
    int local_index;         /* this rank's index among them */
    int node_cpus;           /* CPUs they may run on (the union of their
                                affinity masks); 0: not known */
    /* The GPUs this rank opens if a call on this grid is the first to open
     * devices: agreed among the grid's ranks on the node when the grid is
     * built (the build hook, api/gpu_placement.c).  count < 0: none agreed
     * (the local rank's share of the visible GPUs then). */
    int gpu_count;
    int gpu_ordinals[16];
    struct hetscal_grid *next;
} hetscal_grid;

/* Grid shape and coordinates of ctxt; all -1 when this process is not in
 * the grid or ctxt is not valid.  Local, no communication. */
void hetscal_grid_info(int ctxt, int *nprow, int *npcol, int *myrow, int *mycol);

/* The grid of ctxt, created on first use and cached; collective over the
 * grid (one small allreduce decides on reuse).  Returns NULL on failure
 * (reported in *err). */
const hetscal_grid *hetscal_grid_get(int ctxt, int *err);

static inline int hetscal_grid_rank(const hetscal_grid *g, int prow, int pcol)
{
    return g->rank_of[prow * g->npcol + pcol];
}

/* Called at the end of every grid's collective set-up, on every rank of
 * the grid, with the communicator of the grid's ranks on this node (freed
 * after): the layer above fills the grid's GPU placement there.  Set once,
 * before the first grid is built. */
void hetscal_grid_set_build_hook(void (*hook)(hetscal_grid *g, MPI_Comm node));

/* Frees every cached grid (MPI must still be usable). */
void hetscal_grid_free_all(void);

/* The communicators hetscal holds: duplicates made and not yet freed
 * (tests: flat over a long run).  Internal: not exported. */
int hetscal_grid_comm_count(void);

#endif
