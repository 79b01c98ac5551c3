/* Tile kernels of the QR factorization (TSQR + Householder reconstruction
 * per panel, doc/ARCHITECTURE.md section 4).  Each takes the task's
 * accesses in the order the algorithm inserted them and its arguments, and
 * returns 0 or a negative hetscal_status to record on its outputs.
 *
 * A panel piece is the part of a panel tile from row `off` down (off > 0
 * only in the panel's top tile); its height p is the tile's height - off.
 * Small auxiliary tiles of a panel of width w (ld = their handle's m):
 *   RT   (at least w + 1 rows) R in the upper triangle of rows 0..w-1
 *        (zero rows below a short piece's rank; what lies below the
 *        diagonal is not read), and in row w the taus of the piece's
 *        local reflectors;
 *   VTQ  first the reflectors of a tree node, then that node's w x w
 *        block of the panel's explicit Q (rows 0..w-1).  The host's
 *        form (at least w + min(HS_QR_IB, w) rows): ?TPQRT's upper V in
 *        rows 0..w-1, its T below.  The devices' form (dev_tree, at least
 *        2 w + 1 + min(HS_QR_IB, w) rows): the node's reflectors as a
 *        ?GEQRF of the 2w x w stack [R_a; R_b] leaves them, below the
 *        diagonal of rows 0..2w-1 (explicit zeros under the diagonal of
 *        rows 0..w-1, ?TPQRT's upper V in rows w..2w-1), their taus in
 *        row 2w and ?TPQRT's T below, so that one ?ORMQR on a device
 *        applies them;
 *   V1   kk x kk: the unit lower triangle of the top piece's reflectors,
 *        explicit (ones, zeros above), so updates are plain GEMMs;
 *   U    w x w upper: the reconstruction's U (V = Q U^-1 below the top);
 *   T    kk x kk upper, explicit zeros below: the panel's block reflector,
 *        Q = I - V T V^H;
 *   TAU  1 x w: LAPACK's tau of the panel's kk reflectors;
 *   P    kk x wj: sum V^H A_j (partial, per process row); the top process
 *        row's becomes W = T^H sum_p P.
 * kk = min(rows of the panel, w) is the number of reflectors.
 * The tree's up pass and the reconstruction are host-only LAPACK kernels;
 * the down pass runs on a device with dev_tree; the
 * one-tile panel runs on its column's device; the leaves (the device's ?GEQRF and ?ORMQR), qr_trsm,
 * qr_accumulate, qr_apply_t, qr_update and qr_apply_column work through
 * dev->ops->kernel (any device). */
#ifndef HETSCAL_KERNELS_QR_KERNELS_H
#define HETSCAL_KERNELS_QR_KERNELS_H

#include "runtime/engine.h"
#include "util/flop_counts.h"

/* Inner block size of the LAPACK kernels (rows of the stored T factors). */
enum { HS_QR_IB = 32 };

/* Rows of a VTQ tile for width w: the host's form or the devices'. */
static inline int hs_qr_vtq_rows(int w, int dev_tree)
{
    int ib = w < HS_QR_IB ? w : HS_QR_IB;
    return dev_tree ? 2 * w + 1 + ib : w + ib;
}

/* The kernels' arguments (engine.h HS_KERNEL_ARGS), named as the kinds'
 * comments below use them.  on_device: the algorithm placed the one-tile
 * panel on a device (the cost model's hint; the kernel follows the device
 * it is given).  team: a host panel runs over the rank's idle workers
 * where its shape allows (hs_qr_team_pieces), and so do the tree's
 * kernels (hs_qr_tree_team_pieces). */
HS_KERNEL_ARGS(hs_qr_panel_args, off, w, on_device, team)
HS_KERNEL_ARGS(hs_qr_piece_args, off, w)
HS_KERNEL_ARGS(hs_qr_tree_up_args, w, team, dev_tree, root)
HS_KERNEL_ARGS(hs_qr_tree_down_args, w, init, team, dev_tree)
HS_KERNEL_ARGS(hs_qr_reconstruct_args, off, w, single_row_last, team)
HS_KERNEL_ARGS(hs_qr_trsm_args, w)
HS_KERNEL_ARGS(hs_qr_accumulate_args, off, kk, first, top)
HS_KERNEL_ARGS(hs_qr_apply_t_args, kk, wj, trans)
HS_KERNEL_ARGS(hs_qr_update_args, off, kk, top)
HS_KERNEL_ARGS(hs_qr_column_args, off, kk, cols)
HS_KERNEL_ARGS(hs_qr_strip_args, off, kk, first, top, tiles, cols, packed, row0, wcol)

/* The most tile rows of a strip (qr_vta_strip, qr_update_strip) over
 * `cols` columns: its trailing tiles, the panel's beside them, and P or
 * W and V1; with the panel's rows packed (algo/strip_tasks.h), its
 * trailing tiles, the buffer, P or W and V1. */
static inline int hs_qr_strip_rows(int cols, int packed)
{
    return packed ? (HS_MAX_ACCESSES - 3) / cols : (HS_MAX_ACCESSES - 2) / (cols + 1);
}

/* The kinds of their tasks (runtime/engine.h): their kernels in the four
 * precisions, with what the cost model counts of each.
 * - qr_geqrf: a panel held in one tile: LAPACK's own factorization
 *   (?GEQRT + ?LARFT on the host, or over a team when team is set and
 *   the shape allows, kernels/qr_panel_team_body.h; the device's ?GEQRF
 *   and ?LARFT on a GPU).  acc 0: panel tile (RW), 1: V1 (W), 2: T (W),
 *   3: TAU (W).  Arguments hs_qr_panel_args.
 * - qr_leaf: TSQR leaf: QR of a piece in place (local reflectors below
 *   its diagonal), R and the local taus into RT.  acc 0: panel tile (RW),
 *   1: RT (W).  Arguments hs_qr_piece_args.
 * - qr_tree_up (host only): node a absorbs node b, [R_a; R_b] = Q_ab R_a'
 *   (?TPQRT; over a team: its blocks' ?TPQRT2 on the leader, each block
 *   reflector's ?TPRFB on the columns right of it in column pieces).
 *   acc 0: RT_a (RW), 1: RT_b (R), 2: VTQ_b (W, the reflectors of Q_ab,
 *   in the devices' form when dev_tree), and with root (the tree's last
 *   step, dev_tree only) 3: VTQ_a (W: the identity, the root's Q block
 *   that the down pass starts from).  Arguments hs_qr_tree_up_args.
 * - qr_tree_down: [Q_a; Q_b] = Q_ab [Q_a; 0] (Q_a = I first when init;
 *   on the host ?TPMQRT, over a team on column pieces; on a device, with
 *   dev_tree, the device's ?ORMQR on VTQ_b's stack, then its two halves
 *   copied to Q_a and to Q_b's place).  acc 0: VTQ_a (RW), 1: VTQ_b (RW:
 *   reflectors in, Q_b out).  Arguments hs_qr_tree_down_args.
 * - qr_leaf_q: explicit Q of a leaf: piece = Q_local [Q_node(0:kl, :); 0].
 *   acc 0: panel tile (RW), 1: RT (R), 2: VTQ (R).  Arguments
 *   hs_qr_piece_args.
 * - qr_reconstruct (host only): Householder reconstruction at the top
 *   piece (?ORHR_COL / ?UNHR_COL): V and U in the piece, then R = S R_tsqr
 *   on and above its diagonal, V1, U, T, TAU.  When single_row_last is set
 *   the panel has exactly w rows and its last reflector acts on one row:
 *   LAPACK's tau = 0 is returned (the row of R un-negated, T's last column
 *   zero).  acc 0: panel tile (RW), 1: RT of the root (R), 2: V1 (W),
 *   3: U (W), 4: T (W), 5: TAU (W).  Arguments hs_qr_reconstruct_args;
 *   with team set, over a team (hs_qr_reconstruct_team_pieces).
 * - qr_trsm: V = Q U^-1 on a piece below the top.  acc 0: panel tile (RW),
 *   1: U (R).  Arguments hs_qr_trsm_args.
 * - qr_vta: P (+)= V^H A for one tile of a trailing column.  acc 0: P (RW,
 *   or W when first), 1: panel tile (R), 2: trailing tile in the same tile
 *   row (R), 3 (top tile only): V1 (R).  Arguments hs_qr_accumulate_args.
 * - qr_ttp: W += T^H P on W's first wj columns.  acc 0: W (RW), 1: T (R),
 *   2: P (R); or, with two accesses, W = T^H W in place (?TRMM: W is the
 *   top process row's P).  With trans, W and P hold their conjugate
 *   transposes (the strips'), W^H += P^H T on W^H's first wj rows.
 *   Arguments hs_qr_apply_t_args.
 * - qr_update: A -= V W for one tile of a trailing column.  acc 0:
 *   trailing tile (RW), 1: panel tile (R), 2: W (R), 3 (top tile only):
 *   V1 (R).  Arguments hs_qr_update_args.
 * - qr_column: a panel in one tile row: its whole Q^H on one trailing tile
 *   in one task, P = V^H A, P = T^H P (?TRMM: half the flops of qr_ttp's
 *   GEMM, which several tile rows need to sum their parts first),
 *   A -= V P.  acc 0: trailing tile (RW), 1: panel tile (R), 2: P (W,
 *   scratch), 3: V1 (R), 4: T (R).  With cols > 1 (host only: tiles in
 *   the caller's array), the same on `cols` trailing tiles of one tile
 *   row, accesses 0..cols - 1, the others after them, through P^H = A^H V
 *   over each run of them side by side.  Arguments hs_qr_column_args.
 * - qr_vta_strip, qr_update_strip (host only): qr_vta and qr_update over
 *   `tiles` tile rows (at most hs_qr_strip_rows) of one rank's part of
 *   `cols` trailing columns of one process column, one GEMM over each
 *   rectangle of tiles that lie together in the caller's array (in-place
 *   tiles: a rank's rows of a column are adjacent there, and so are its
 *   columns), with the panel's tiles beside them one below the other,
 *   one GEMM per tile elsewhere.  P and W hold the columns' parts one
 *   below the other, in the columns' order, as their conjugate transposes P^H =
 *   A^H V and W^H (rows from wcol on for qr_update_strip's first
 *   column).  With n = tiles and c = cols,
 *   qr_vta_strip: acc 0: P (RW, or W when first), 1..n c: trailing tiles
 *   column by column (R), then the n panel tiles (R), then (top: the
 *   first row is the panel's top tile row) V1 (R); qr_update_strip: 0..n
 *   c - 1: trailing tiles (RW), then the n panel tiles (R), W (R), and
 *   (top) V1 (R).  Packed (on another process column than the panel's):
 *   the n panel tiles' accesses are one, the buffer that holds their rows
 *   from row0 (kernels/strip_runs.h), and the later accesses move up.
 *   Arguments hs_qr_strip_args (off: the top tile's, as qr_vta's). */
extern const hs_task_kind hs_kind_qr_geqrf, hs_kind_qr_leaf, hs_kind_qr_tree_up,
    hs_kind_qr_tree_down, hs_kind_qr_leaf_q, hs_kind_qr_reconstruct, hs_kind_qr_trsm,
    hs_kind_qr_vta, hs_kind_qr_ttp, hs_kind_qr_update, hs_kind_qr_column,
    hs_kind_qr_vta_strip, hs_kind_qr_update_strip;

/* A host panel over a team (runtime/team.h, kernels/qr_panel_team_body.h):
 * its p rows from the diagonal down in LU's pieces (hs_lu_team_pieces:
 * from the shape alone, at least twice as many rows as columns), blocked
 * in HS_QR_TEAM_NB-wide blocks of HS_QR_TEAM_IB-wide steps; 0 pieces: one
 * ?GEQRT. */
enum { HS_QR_TEAM_IB = 16, HS_QR_TEAM_NB = 64 };

int hs_qr_team_pieces(int p, int w);

/* The tree's kernels over a team (qr_tree_up, qr_tree_down): their w
 * columns in pieces of HS_QR_TREE_TEAM_COLS, each applying the block
 * reflectors to its own columns (a ?GEMM-shaped width for one member);
 * 0 (one core runs the kernel) when that makes fewer than 2. */
enum { HS_QR_TREE_TEAM_COLS = 64 };

static inline int hs_qr_tree_team_pieces(int w)
{
    int pieces = (w + HS_QR_TREE_TEAM_COLS - 1) / HS_QR_TREE_TEAM_COLS;
    return pieces >= 2 ? pieces : 0;
}

/* The reconstruction over a team (qr_reconstruct): ?ORHR_COL's steps
 * with the rank's idle workers.  Its LU without pivoting of the top w x w
 * block in blocks of HS_QR_RECON_TEAM_NB columns, each block's panel on
 * the leader (LAPACK's own recursive kernel, which chooses the signs S as
 * it goes), its row of U and the trailing update in rounds of column
 * pieces of HS_QR_TREE_TEAM_COLS; then one round of pieces of
 * HS_QR_RECON_TEAM_ROWS rows: the `below` rows under the top block
 * (V = Q U^-1) and T's w rows (T V1^H = -U S).  0 pieces (one core runs
 * ?ORHR_COL) unless w makes two blocks or `below` two pieces; else the
 * last round's pieces. */
enum { HS_QR_RECON_TEAM_NB = 64, HS_QR_RECON_TEAM_ROWS = 64 };

static inline int hs_qr_reconstruct_team_pieces(int below, int w)
{
    if (below < 2 * HS_QR_RECON_TEAM_ROWS && w < 2 * HS_QR_RECON_TEAM_NB)
        return 0;
    return (below + HS_QR_RECON_TEAM_ROWS - 1) / HS_QR_RECON_TEAM_ROWS
           + (w + HS_QR_RECON_TEAM_ROWS - 1) / HS_QR_RECON_TEAM_ROWS;
}

/* The team's factorization of a p x w panel a (ld), double precision, as
 * the host panel task runs it: R and V in a, the taus in tau, V1 (w x w,
 * ld l1) and T (w x w, ld lt) as qr_geqrf writes them; for timing the
 * kernel's rate.  0, HETSCAL_ERR_NOMEM, or HETSCAL_ERR_INTERNAL when
 * the shape takes no team (hs_qr_team_pieces). */
int hs_qr_panel_team_d(double *a, int ld, int p, int w, double *tau, double *v1, int l1,
                       double *tt, int lt);

/* The flops the cost model counts for the team's panel of p x w (p >=
 * 2 w): the Householder QR and the Gram matrix V^H V that T comes from;
 * what a probe of the GEQRF_TEAM class divides by its time. */
static inline double hs_qr_team_flops(int p, int w)
{
    return hs_flops_geqrf(p, w) + hs_flops_herk(w, p);
}

/* The team's rounds for a w-wide panel: the first column's squares, two
 * per column but the last of each step (v^H A, the rank-1 update), per
 * step V^H A over its block and, but for a block's last step, the block
 * reflector on the rest of the block; per block of a panel wider than one
 * block, V^H A over the panel and, but for the last block, the block
 * reflector on the columns right of it.  (A column whose tau is 0 skips
 * its v^H A round.) */
static inline int hs_qr_team_rounds(int w)
{
    int blocks = (w + HS_QR_TEAM_NB - 1) / HS_QR_TEAM_NB;
    return w > HS_QR_TEAM_NB ? 2 * w + blocks : 2 * w;
}

#endif
