/* The 2-D LU's spread panels as tasks (algo/lu_grid.c): each process
 * row that holds rows of panel k packs its tiles of the panel into a
 * buffer of its own, and its part of the panel (lu_spread_part) factors
 * them together with the other process rows' parts
 * (kernels/lu_spread_panel.h), exchanging records through the run's
 * communication loop (runtime/exchange.h); the part on the panel's
 * diagonal tile's home also writes the pivot tile and its moves
 * (lu_grid_kernels.h) for the interchanges of the other columns.  No
 * gather on one rank, no scatter back: the parts' buffers are unpacked
 * into their own tiles. */
#ifndef HETSCAL_KERNELS_LU_SPREAD_PART_H
#define HETSCAL_KERNELS_LU_SPREAD_PART_H

#include "kernels/lu_pivot_search.h"
#include "runtime/engine.h"

/* What every part of a call reads (its task's ctx, alive until the end of
 * the call): where each process's A lies (as lu_grid_panel's ctx, or
 * NULL), the run's rank of each grid position (process row p, column q
 * at p npcol + q), and the caller's distribution of sub(A). */
typedef struct hs_lu_spread_ctx {
    const int *caller;
    const int *rank_of;
    int npcol;
    hs_lu_rows rows;
} hs_lu_spread_ctx;

/* A part's arguments: the panel's first row of sub(A) (off) and rows
 * from it, the tiles' height H, the grid's process rows, the process
 * row of the panel's diagonal tile (ptop) and the panel's process
 * column, the part's process row q, the buffer's row where q's first
 * tile of the panel lies (its tiles follow, whole, in order), and the
 * panel's width. */
HS_KERNEL_ARGS(hs_lu_spread_part_args, off, rows, H, nprow, ptop, pcol, q, row0, w)

/* The parts of a panel of `rows` rows in H-high tiles on nprow process
 * rows. */
static inline int hs_lu_spread_members(int rows, int H, int nprow)
{
    int tiles = (rows + H - 1) / H;
    return tiles < nprow ? tiles : nprow;
}

/* Both run where the part's buffer lies (the host, or the accelerator
 * of the panel's tiles):
 * - lu_spread_ready: acc 0 the part's marker (W), 1 its buffer (R), once
 *   packed: the marker says so to the other parts.
 * - lu_spread_part: acc 0 the part's buffer (RW), then, on the panel's
 *   home (q = ptop), its pivot tile (W, on the host), then the other
 *   parts' markers (R, on the host): it starts only once every part is
 *   packed, so that no part waits in its exchanges for a rank that has
 *   yet to pack.  On an accelerator a driven task (engine.h). */
extern const hs_task_kind hs_kind_lu_spread_ready, hs_kind_lu_spread_part;

#endif
