/* Tile kernels of the Cholesky factorization (lower, L L^H, on hybrid
 * tiles).  Each takes the task's accesses in the order the algorithm
 * inserted them and its iparam; they return 0 or the INFO to record on
 * their output.  All run on the host or an accelerator; potrf's INFO
 * comes from its finish once it has run. */
#ifndef HETSCAL_KERNELS_CHOLESKY_KERNELS_H
#define HETSCAL_KERNELS_CHOLESKY_KERNELS_H

#include "runtime/engine.h"

/* The kernels' arguments (engine.h HS_KERNEL_ARGS): the diagonal block's
 * row offset in its tile and the panel's width; potrf also the
 * panel's first column (0-based in sub(A), for INFO) and whether on the
 * host it runs over the rank's idle workers where its shape allows
 * (hs_chol_team_pieces); the updates the width k of the panel they
 * apply.  upper: the tiles are kept as their conjugate transposes
 * (hs_geometry.transposed: a w-wide panel's m x w tile is stored w x m,
 * the upper factor's block), and each kernel runs its upper form (no
 * team then). */
HS_KERNEL_ARGS(hs_chol_potrf_args, off, w, col0, team, upper)
HS_KERNEL_ARGS(hs_chol_trsm_args, off, w, upper)
HS_KERNEL_ARGS(hs_chol_update_args, off, w, k, upper)
HS_KERNEL_ARGS(hs_chol_strip_args, off, w, k, upper, tiles, packed, row0)

/* Most target tiles of a gemm_strip: with the panel's beside them and
 * the panel's tile in the targets' column's diagonal row; with the
 * panel's rows packed (algo/strip_tasks.h), with the buffer and that
 * tile. */
enum {
    HS_CHOL_STRIP_TILES = (HS_MAX_ACCESSES - 1) / 2,
    HS_CHOL_STRIP_PACKED_TILES = HS_MAX_ACCESSES - 2
};

/* The rows of the tile of a task's access k, as the lower factor counts
 * them (stored transposed, its columns). */
static inline int hs_chol_tile_rows(const hs_task *t, int k, int upper)
{
    return upper ? t->acc[k].handle->n : t->acc[k].handle->m;
}

/* The kinds of its tasks (runtime/engine.h): their kernels in the four
 * precisions, with what the cost model counts of each.  Accesses in the
 * order the algorithm inserts them:
 * - potrf: acc 0, the diagonal tile (RW); arguments hs_chol_potrf_args.
 *   Factors the diagonal block and solves the tile's rows below it; its
 *   INFO, once it has run, is the global index of the failing minor
 *   (the kind's finish).
 * - trsm: acc 0, the diagonal tile (R), 1, a tile below it (RW);
 *   arguments hs_chol_trsm_args.
 * - syrk: acc 0, the panel tile in the target's tile row (R), 1, the
 *   target tile on the diagonal (RW); arguments hs_chol_update_args (the
 *   target's diagonal offset and width).  HERK (SYRK) on the diagonal
 *   block, GEMM on the rows below it.
 * - gemm: acc 0, the panel tile in the target's tile row (R), 1, the
 *   panel tile in the target panel's diagonal tile row (R), 2, the target
 *   (RW); arguments as syrk's.
 * - gemm_strip (host only): gemm on `tiles` (n, at most
 *   HS_CHOL_STRIP_TILES) targets of one column and process row: acc
 *   0..n-1 the targets (RW), n..2n-1 the panel's tiles in their rows (R),
 *   2n the panel's tile in the targets' diagonal row (R); one GEMM over
 *   each run of targets that lie one below the other in the caller's
 *   array with the panel's beside them (with upper, tiles kept
 *   transposed: side by side; kernels/strip_runs.h), one a tile
 *   elsewhere.  Packed (the lower factor on another process column than
 *   the panel's): acc n is the buffer that holds the panel's rows from
 *   row0, n + 1 the diagonal row's tile.  Arguments hs_chol_strip_args. */
extern const hs_task_kind hs_kind_chol_potrf, hs_kind_chol_trsm, hs_kind_chol_syrk,
    hs_kind_chol_gemm, hs_kind_chol_gemm_strip;

/* A potrf task over a team (runtime/team.h, kernels/chol_panel_team_body.h):
 * its m rows from the diagonal down in pieces of hs_chol_team_piece_rows
 * (at least HS_CHOL_TEAM_MIN_ROWS, at most HS_CHOL_TEAM_MAX_PIECES of
 * them), blocked in HS_CHOL_TEAM_IB-wide steps, for diagonal blocks of
 * at least HS_CHOL_TEAM_MIN_WIDTH: a GPU column's, factored on the host
 * while the GPUs wait (a host tile's POTRF is short, and the workers are
 * busy with its column's updates then).  The pieces follow from the
 * shape alone, so the factor does not depend on how many workers
 * joined. */
enum {
    HS_CHOL_TEAM_MIN_ROWS = 128, HS_CHOL_TEAM_MAX_PIECES = 64, HS_CHOL_TEAM_IB = 128,
    HS_CHOL_TEAM_MIN_WIDTH = 1024
};

static inline int hs_chol_team_piece_rows(int m)
{
    int rows = (m + HS_CHOL_TEAM_MAX_PIECES - 1) / HS_CHOL_TEAM_MAX_PIECES;
    rows = (rows + 7) / 8 * 8;
    return rows > HS_CHOL_TEAM_MIN_ROWS ? rows : HS_CHOL_TEAM_MIN_ROWS;
}

/* The pieces of the m x w column of a potrf task, or 0: one ?POTRF. */
static inline int hs_chol_team_pieces(int m, int w)
{
    int rows = hs_chol_team_piece_rows(m);
    return w >= HS_CHOL_TEAM_MIN_WIDTH && m >= w ? (m + rows - 1) / rows : 0;
}

/* The team's rounds for a w-wide block: a solve per step, an update per
 * step but the last. */
static inline int hs_chol_team_rounds(int w)
{
    int steps = (w + HS_CHOL_TEAM_IB - 1) / HS_CHOL_TEAM_IB;
    return 2 * steps - 1;
}

/* The team's factorization of an m x w column a (ld), double precision,
 * as the host potrf task runs it; its INFO.  For timing/predict's
 * measurement of the kernel's rate. */
int hs_chol_panel_team_d(double *a, int ld, int m, int w);

#endif
