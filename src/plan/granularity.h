/* The host tile of a factorization, chosen from the machine: when the
 * ranks' shares do not fit in the last-level cache, the kernel rates of
 * the grid's ranks (util/kernel_rates.h, averaged over the grid) go into
 * the tile model (layout/tile_model.h); otherwise, or when nothing can be
 * measured, the size rule (hs_default_tile_size).  HETSCAL_NB_SMALL
 * overrides both. */
#ifndef HETSCAL_API_GRANULARITY_H
#define HETSCAL_API_GRANULARITY_H

#include "blacs_shim/grid.h"
#include "util/config.h"

/* The share a process above which the layouts keep the caller's blocks
 * as tiles, for memory: P?GETRF's and P?GEQRF's caller's-grid layouts
 * (api/lu_call.c, api/qr_call.c) and PDPOTRF's wider slack for them
 * (hs_granularity_cholesky_tile). */
#define HS_GRID_SHARE_BYTES (64.0 * 1024 * 1024)

/* Past that share, the caller's blocks from this size up may be the tiles
 * below half the chosen tile too (hs_caller_blocks_sized's small_from):
 * in place, their updates run in strips over several blocks
 * (kernels/strip_runs.h), as fast as the larger tiles' in 128-blocks. */
enum { HS_SMALL_BLOCKS_FROM = 128 };

/* The size rule for the caller's b x b blocks as tiles of an order-n
 * sub(A) where the chosen tile is `tile`: blocks from half to twice it
 * (from small_from, where that is not 0 and smaller than half), or sub(A)
 * inside one block of at most two tiles' order (hs_call_caller_tiles;
 * the granularity's explanation says when it refuses blocks the model
 * would take). */
static inline int hs_caller_blocks_sized(int n, int b, int tile, int small_from)
{
    int large_enough = 2 * b >= tile || (small_from > 0 && b >= small_from);
    return n <= b ? n <= 2 * tile : large_enough && b <= 2 * tile;
}

/* Collective over the grid when the model applies (one MPI_Allreduce of
 * the rates); the same answer on every rank.  With cfg->verbose, rank 0
 * of the grid says what it chose and why.  caller_b: the caller's block
 * size, which the call may take as its tile instead (no repartition);
 * *caller_ok is 0 when the model predicts those blocks more than a few %
 * slower than the chosen tile, or a fifth where the shares exceed 64 MiB
 * (1 where the model does not apply).  The blocks in place update in
 * strips (algo/cholesky.c): the lower factor's on every process column,
 * the upper's (`upper`) on the panel's only. */
int hs_granularity_cholesky_tile(const hetscal_grid *grid, const hs_config *cfg, int n,
                                 int caller_b, int upper, int *caller_ok);

#endif
