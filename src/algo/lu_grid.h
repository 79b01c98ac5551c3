/* LU with partial pivoting in ScaLAPACK's output format on a 2-D grid of
 * square tiles, as a serial program that inserts tasks (doc/
 * ARCHITECTURE.md section 4; the kernels: kernels/lu_grid_kernels.h).
 * The tiles lie as Cholesky's do, block-cyclically over the process
 * grid, so that no panel goes whole to every process and the caller's
 * blocks can be the tiles.  Besides the matrix tiles: a pivot tile per
 * panel (at its diagonal tile's home), a panel buffer per diagonal grid
 * position (the panels of that position take turns in it), and a piece
 * per column tile and process row (where that process row's rows of the
 * column go to the top tile in each step). */
#ifndef HETSCAL_ALGO_LU_GRID_H
#define HETSCAL_ALGO_LU_GRID_H

#include "algo/lu.h"

/* Global tiles of geo: the matrix tiles, then the pivot tiles, the
 * buffers and the pieces. */
int hs_lu_grid_tile_count(const hs_geometry *geo);
void hs_lu_grid_tile_homes(const hs_geometry *geo, const int *rank_of, hs_tile_home *home);

/* The task-generation function: arg is an hs_lu whose geo has square
 * tiles on a grid of more than one process row. */
void hs_lu_grid_generate(void *arg);

#endif
