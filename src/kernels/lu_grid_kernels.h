/* Tile kernels of LU with partial pivoting on a 2-D grid of square tiles
 * (algo/lu_grid.h).  A panel's tiles live on several process rows, so
 * each step gathers them into one panel buffer on the panel's home,
 * factors it there with ?GETRF (or ScaLAPACK's search where it holds a
 * NaN or an infinity, kernels/lu_pivot_search.h) and scatters the factor
 * back.  Its interchanges then reach every other column tile by tile:
 *   - each tile below the panel's top tile row hands the rows the pivots
 *     take from it to a piece of its process row (lu_grid_visit) and
 *     takes in their place the top rows the pivots send it, read from
 *     the top tile's version before the step;
 *   - the top tile takes its rows from itself and from those pieces
 *     (lu_grid_top), then, right of the panel, is solved with the
 *     panel's unit lower triangle (U12).
 * The trailing update is one GEMM per tile (lu_grid_gemm).  Which rows
 * move where is worked out once, by the panel (hs_lu_grid_moves), and
 * travels in its pivot tile.
 *
 * The pivot tile of a w-wide panel (ints, one per value) holds
 * ?GETRF's INFO and pivots as the single-tile-row LU's (lu_kernels.h,
 * HS_LU_PIV_INFO and HS_LU_PIV_HEAD), then the moves: rows are counted
 * from the panel's diagonal row (off), the top rows are [0, kk). */
#ifndef HETSCAL_KERNELS_LU_GRID_KERNELS_H
#define HETSCAL_KERNELS_LU_GRID_KERNELS_H

#include "kernels/lu_kernels.h"

/* After the kk pivots (at HS_LU_PIV_HEAD, w entries reserved):
 *   src[t], t < w: the row whose content top row t ends with;
 *   nout, then nout entries of each of out_row (ascending), out_from and
 *   out_to: a row below the top rows that the interchanges change ends
 *   with top row out_from's content, and its own goes to top row out_to
 *   (every such row takes a top row's content, and its own ends in the
 *   top rows: nout <= kk). */
static inline int hs_lu_grid_src(int w)
{
    return HS_LU_PIV_HEAD + w;
}
static inline int hs_lu_grid_nout(int w)
{
    return HS_LU_PIV_HEAD + 2 * w;
}
static inline int hs_lu_grid_out_row(int w)
{
    return HS_LU_PIV_HEAD + 2 * w + 1;
}
static inline int hs_lu_grid_out_from(int w)
{
    return HS_LU_PIV_HEAD + 3 * w + 1;
}
static inline int hs_lu_grid_out_to(int w)
{
    return HS_LU_PIV_HEAD + 4 * w + 1;
}
/* Ints of a w-wide panel's pivot tile, and the width of a panel whose
 * pivot tile has that many. */
static inline int hs_lu_grid_piv_size(int w)
{
    return HS_LU_PIV_HEAD + 5 * w + 1;
}
static inline int hs_lu_grid_piv_width(int ints)
{
    return (ints - HS_LU_PIV_HEAD - 1) / 5;
}

/* The moves of the kk interchanges (1-based from the diagonal, as
 * ?GETRF gives them) held in the w-wide panel pivot tile p, written
 * there, applied in order as ?LASWP applies them.  0 or
 * HETSCAL_ERR_NOMEM; O(kk log kk). */
int hs_lu_grid_moves(int *p, int kk, int w);

/* The pieces' layout (lu_grid_visit writes them, lu_grid_top reads
 * them): process row q's piece of a column holds the rows of q's tiles
 * below the top tile that end in top rows, one below the other in the
 * order of those top rows (its leading dimension their count), so that
 * their values are the piece's first and all its message carries (a
 * variable tile, runtime/dist.h): a quarter of the tile on four process
 * rows, where the whole tile went before.  slot[t] (t < kk): top row
 * t's row in q's piece, or -1 where its content comes from elsewhere
 * (src: the moves' sources, H: the tiles' height, the top tile that of
 * process row ptop of nprow); returns the piece's rows. */
static inline int hs_lu_grid_piece_slots(const int *src, int kk, int H, int nprow, int ptop,
                                         int q, int *slot)
{
    int rows = 0;
    for (int t = 0; t < kk; t++)
        slot[t] = src[t] >= H && (ptop + src[t] / H) % nprow == q ? rows++ : -1;
    return rows;
}

/* The kernels' arguments.
 * - panel: the panel's rows from the diagonal, the team flag, and
 *   ScaLAPACK's row distribution (hs_lu_rows) with IA and JA moved by
 *   off, so that the buffer's row 0 is the diagonal's row.
 * - visit: off, the rows of sub(A) from off down, each visited tile's
 *   first row, then H, nprow and ptop as top's, and the visited tiles'
 *   process row q (the piece's).
 * - top: kk, H (the tiles' height), the grid's process rows, the top
 *   tile's process row, the flags, and the process row of each piece
 *   read (tile (k + s / H) holds row off + s).
 * - gemm: kk. */
typedef struct hs_lu_grid_panel_args {
    int rows, team;
    hs_lu_rows dist;
} hs_lu_grid_panel_args;
HS_KERNEL_ARGS_ACCESS(hs_lu_grid_panel_args)
enum { HS_LU_GRID_VISIT_TILES = HS_GROUP_ACCESSES - 3 };
HS_KERNEL_ARGS(hs_lu_grid_visit_args, off, rows, row0[HS_LU_GRID_VISIT_TILES], H, nprow, ptop,
               q)
enum { HS_LU_GRID_TOP_FIRST = 1, HS_LU_GRID_TOP_SOLVE = 2, HS_LU_GRID_TOP_PIECES = 4 };
HS_KERNEL_ARGS(hs_lu_grid_top_args, kk, H, nprow, ptop, flags, prow[HS_LU_GRID_TOP_PIECES])
HS_KERNEL_ARGS(hs_lu_grid_gemm_args, kk)
HS_KERNEL_ARGS(hs_lu_grid_strip_args, kk, tiles, packed, row0)

/* Most trailing tiles of an lu_grid_gemm_strip: with the panel's tiles
 * beside them and the column's top tile; with the panel's rows packed
 * (algo/strip_tasks.h), with the buffer and the top tile. */
enum {
    HS_LU_GRID_STRIP_TILES = (HS_MAX_ACCESSES - 1) / 2,
    HS_LU_GRID_STRIP_PACKED_TILES = HS_MAX_ACCESSES - 2
};
HS_KERNEL_ARGS(hs_lu_grid_moves_args, kk)

/* The kinds (runtime/engine.h):
 * - lu_grid_panel: acc 0 the buffer (RW), 1 the pivot tile (W): the
 *   factorization of the buffer's first `rows` rows, its INFO, pivots
 *   and, on the host, moves; on a GPU (cuSOLVER's answer, as the single
 *   tile row's device panels) INFO and pivots only.
 * - lu_grid_moves: acc 0 the pivot tile of a GPU's panel (RW): its kk
 *   (iparam 0) pivots' moves.  Host.
 * - lu_grid_visit: acc 0..n-1 tiles of one column and process row (RW),
 *   n the column's piece of that process row (RW), n+1 the column's top
 *   tile before the step (R), n+2 the pivot tile (R).
 * - lu_grid_top: acc 0 the top tile (RW), 1 the pivot tile (R), then,
 *   with HS_LU_GRID_TOP_SOLVE, the panel's top tile (R), then the pieces
 *   (R).  FIRST: the rows that come from the top tile itself; each
 *   piece's rows; SOLVE: U12 = L11^-1 A12, and rows of the top tile
 *   below kk (a short panel) updated with L21.
 * - lu_grid_gemm: acc 0 a trailing tile (RW), 1 the panel's tile of its
 *   row (R), 2 the top tile of its column (R): A -= L U over kk (iparam
 *   0).
 * - lu_grid_gemm_strip (host only): lu_grid_gemm on `tiles` (n, at most
 *   HS_LU_GRID_STRIP_TILES) trailing tiles of one column and process row:
 *   acc 0..n-1 those tiles (RW), n..2n-1 the panel's tiles of their rows
 *   (R), 2n the column's top tile (R); one GEMM over each run of tiles
 *   that lie one below the other in the caller's array, with the panel's
 *   beside them (kernels/strip_runs.h), one a tile elsewhere.  Packed (on
 *   another process column than the panel's): acc n is the buffer that
 *   holds the panel's rows from row0, n + 1 the top tile. */
extern const hs_task_kind hs_kind_lu_grid_panel, hs_kind_lu_grid_moves, hs_kind_lu_grid_visit,
    hs_kind_lu_grid_top, hs_kind_lu_grid_gemm, hs_kind_lu_grid_gemm_strip;

#endif
