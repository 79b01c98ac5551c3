/* Tile kernels of LU with partial pivoting (doc/ARCHITECTURE.md section
 * 4), on a single tile row: every panel is one tile holding whole columns
 * of sub(A), so a panel's pivot search is one LAPACK ?GETRF on its home.
 * Each kernel takes the task's accesses in the order the algorithm
 * inserted them and its iparam, and returns 0 or a negative
 * hetscal_status.  A zero pivot is not a failure (the factorization goes
 * on, as LAPACK's): the panel records it in its pivot tile.
 *
 * A pivot tile of a panel of width w holds HS_LU_PIV_HEAD + w ints:
 * ?GETRF's INFO (0, or the first zero pivot, 1-based within the panel),
 * then its kk = min(rows from the diagonal, w) pivots (1-based within the
 * rows from the diagonal down, as ?GETRF returns them), all written by
 * the device's ?GETRF (HS_K_GETRF) wherever the panel runs.  The row of
 * the panel's diagonal in its tile (off) and kk travel in the tasks'
 * iparam, since only a device's kernels read its memory. */
#ifndef HETSCAL_KERNELS_LU_KERNELS_H
#define HETSCAL_KERNELS_LU_KERNELS_H

enum { HS_LU_PIV_INFO = 0, HS_LU_PIV_HEAD };

#include "kernels/lu_pivot_search.h"
#include "runtime/engine.h"

/* The kernels' arguments (engine.h HS_KERNEL_ARGS): the panel's first row
 * off (its diagonal), with the caller's row distribution for the panel,
 * its kk pivots for a column update, and for swap_left the off of each
 * pivot tile's panel, in the order of the pivot tiles. */
typedef struct hs_lu_panel_args {
    int off;
    hs_lu_rows rows;
    int team;        /* a host panel runs over the rank's idle workers where
                        its shape allows (hs_lu_team_pieces) */
} hs_lu_panel_args;
HS_KERNEL_ARGS_ACCESS(hs_lu_panel_args)
HS_KERNEL_ARGS(hs_lu_column_args, off, kk)
HS_KERNEL_ARGS(hs_lu_swap_args, off[HS_GROUP_ACCESSES - 1])

/* The kinds of its tasks (runtime/engine.h): their kernels in the four
 * precisions, with what the cost model counts of each.
 * - lu_panel: ?GETRF of the panel from row off down, on the host or a
 *   GPU; on the host, ScaLAPACK's pivot search when the panel holds a
 *   NaN or an infinity (kernels/lu_pivot_search.h).  acc 0: panel tile
 *   (RW), 1: pivot tile (W).  Arguments hs_lu_panel_args; ctx (when
 *   known): CSRC_A, then for every grid process where its A lies
 *   (hs_lu_caller's proc).
 * - lu_column: one trailing column tile through a panel: its rows from
 *   off down interchanged as the panel's pivots say (?LASWP), the kk rows
 *   at off solved with the panel's unit lower triangle (U12), and the rows
 *   below them updated (A22 -= L21 U12).  acc 0: trailing tile (RW), 1:
 *   panel tile (R), 2: pivot tile (R).  Arguments hs_lu_column_args.
 *   Host or GPU.
 * - lu_swap_left: the interchanges of later panels applied to a factored
 *   column (the rows of L left of them, as LAPACK's ?GETRF does at each
 *   step).  acc 0: column tile (RW), 1..nacc-1: pivot tiles (R), in panel
 *   order.  Arguments hs_lu_swap_args (off[i - 1]: pivot tile i's).
 *   Host only. */
extern const hs_task_kind hs_kind_lu_panel, hs_kind_lu_column, hs_kind_lu_swap_left;

/* At most this many pivot tiles per swap_left task (a task's accesses). */
enum { HS_LU_SWAPS_PER_TASK = HS_GROUP_ACCESSES - 1 };

/* The pivots of a panel whose diagonal is row off of m-high tiles, w
 * wide: min(m - off, w). */
static inline int hs_lu_pivots(int m, int off, int w)
{
    return m - off < w ? m - off : w;
}

/* A host panel over a team (runtime/team.h, kernels/lu_panel_team_body.h):
 * its m rows from the diagonal down in pieces of hs_lu_team_piece_rows
 * (at least HS_LU_TEAM_MIN_ROWS, at most HS_LU_TEAM_MAX_PIECES of them),
 * blocked in HS_LU_TEAM_IB-wide steps.  The pieces follow from the shape
 * alone, so the factor does not depend on how many workers joined.  A
 * panel with fewer than two pieces, or fewer rows than twice its width,
 * is one ?GETRF. */
enum { HS_LU_TEAM_MIN_ROWS = 128, HS_LU_TEAM_MAX_PIECES = 64, HS_LU_TEAM_IB = 16 };

static inline int hs_lu_team_piece_rows(int m)
{
    int rows = (m + HS_LU_TEAM_MAX_PIECES - 1) / HS_LU_TEAM_MAX_PIECES;
    rows = (rows + 7) / 8 * 8;
    return rows > HS_LU_TEAM_MIN_ROWS ? rows : HS_LU_TEAM_MIN_ROWS;
}

/* The pieces of an m x w panel from its diagonal down, or 0: one ?GETRF. */
static inline int hs_lu_team_pieces(int m, int w)
{
    int rows = hs_lu_team_piece_rows(m), pieces = (m + rows - 1) / rows;
    return pieces >= 2 && m >= 2 * w ? pieces : 0;
}

/* The team's ?GETRF of an m x w panel a (ld), double precision, as the
 * host panel task runs it (piv: INFO, then the pivots): for
 * timing/predict's measurement of the kernel's rate.  0, or
 * HETSCAL_ERR_NOMEM. */
int hs_lu_panel_team_d(double *a, int ld, int m, int w, int *piv);

/* The team's rounds for a w-wide panel: a search, one per column, the
 * interchanges of each step, the update after each step but the last. */
static inline int hs_lu_team_rounds(int w)
{
    int steps = (w + HS_LU_TEAM_IB - 1) / HS_LU_TEAM_IB;
    return 1 + w + steps + steps - 1;
}

#endif
