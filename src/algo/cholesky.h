/* Tile Cholesky (lower, L L^H) as a serial program that inserts tasks. */
#ifndef HETSCAL_ALGO_CHOLESKY_H
#define HETSCAL_ALGO_CHOLESKY_H

#include "algo/algo_inputs.h"

/* host_panels: every diagonal block is factored on the host; team: on
 * the host over teams of idle workers where wide (hs_chol_potrf_args). */
typedef struct hs_cholesky {
    HS_ALGO_INPUTS;
    int team;
    int strips;   /* the matrix tiles are in the caller's array: trailing
                     columns on the panel's process column are updated
                     in strips (algo/cholesky.c) */
} hs_cholesky;

/* Where each tile of the lower triangle lives (home[tile id]). */
/* The tiles: the matrix's, then the strips' pack buffers. */
int hs_cholesky_tile_count(const hs_geometry *geo);

void hs_cholesky_tile_homes(const hs_geometry *geo, const int *rank_of,
                            hs_tile_home *home);

/* The task-generation function: arg is an hs_cholesky. */
void hs_cholesky_generate(void *arg);

#endif
