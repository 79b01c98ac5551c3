/* Tile kernels of the QR factorization (see qr_kernels.h): LAPACK on the
 * host for the panel (local QR, TSQR tree, explicit Q, reconstruction),
 * the device interface for everything GEMM/TRSM-shaped.  One body for the
 * four precisions (kernels/qr_kernels_body.h). */
#include "config.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "include/hetscal.h"
#include "kernels/lu_kernels.h"
#include "kernels/qr_kernels.h"
#include "kernels/kernel_work.h"
#include "kernels/strip_runs.h"
#include "runtime/team.h"
#include "util/flop_counts.h"
#include "util/precision.h"

static int min_int(int a, int b)
{
    return a < b ? a : b;
}

/* Panel in one tile row: ?GEQRT (blocked by HS_PANEL_IB, its T blocks give
 * TAU), then the panel's whole T for the trailing update.  64: a smaller
 * inner block leaves ?GEQRT's updates too thin for the BLAS 3 rate. */
enum { HS_PANEL_IB = 64 };

/* A host panel over a team: LU's pieces (lu_kernels.h), whose rule
 * (at least twice as many rows as columns) QR's panel needs too. */
int hs_qr_team_pieces(int p, int w)
{
    return hs_lu_team_pieces(p, w);
}

/* The rounds of a host panel's team (qr_panel_team_body.h): the first
 * column's squares; per column, v and v^H A, then the rank-1 update; per
 * step, V^H A over the panel, then the block reflector. */
enum { QR_TEAM_NORM, QR_TEAM_DOTS, QR_TEAM_RANK1, QR_TEAM_GRAM, QR_TEAM_APPLY };

#define HS_TEMPLATE_BODY "kernels/qr_kernels_body.h"
#include "util/prec_instantiate.h"

int hs_qr_panel_team_d(double *a, int ld, int p, int w, double *tau, double *v1, int l1,
                       double *tt, int lt)
{
    if (!hs_qr_team_pieces(p, w))
        return HETSCAL_ERR_INTERNAL;
    return qr_panel_team_d(a, ld, p, w, tau, v1, l1, tt, lt);
}

/* ---- the task kinds: what the cost model counts of each
 * (kernels/kernel_work.h), then its declaration (runtime/engine.h) */

/* k reflectors of `rows` rows (the top k x k block triangular) and their
 * T applied to rows x n (?LARFB, ?TPRFB): two GEMMs on the rectangular
 * part, three TRMMs (V's triangle twice, T once). */
static double block_reflector(double rows, double k, double n)
{
    if (k <= 0 || n <= 0)
        return 0;
    return 4 * (rows - k) * k * n + 3 * k * k * n + k * n;
}

/* ?GEQRT (m x n, inner block nb): per block of ib columns, the QR of the
 * block and its T (?GEQRT3), then the block reflector on the columns
 * right of it. */
static double geqrt(int m, int n, int nb)
{
    double f = 0;
    int k = min_int(m, n);
    for (int i = 0; nb > 0 && i < k; i += nb) {
        int ib = min_int(nb, k - i);
        f += hs_flops_geqrf(m - i, ib) + hs_flops_larft(m - i, ib) + block_reflector(m - i, ib, n - i - ib);
    }
    return f;
}

/* ?TPQRT of [R_a; R_b], both w x w upper triangular (l = w): block i's
 * reflectors reach i + ib rows of R_b.  Per block, ?TPQRT2 (the
 * reflectors, 2 i ib^2 + 2 ib^3 / 3, and their T, i ib^2 + ib^3), then
 * ?TPRFB on the columns right of it. */
static double tpqrt_triangles(int w, int nb)
{
    double f = 0;
    for (int i = 0; nb > 0 && i < w; i += nb) {
        double ib = min_int(nb, w - i);
        f += 3.0 * i * ib * ib + 5 * ib * ib * ib / 3 + block_reflector(i + ib, ib, w - i - ib);
    }
    return f;
}

/* ?TPMQRT of those reflectors on [Q_a; Q_b], w x w each. */
static double tpmqrt_triangles(int w, int nb)
{
    double f = 0;
    for (int i = 0; nb > 0 && i < w; i += nb) {
        int ib = min_int(nb, w - i);
        f += block_reflector(i + ib, ib, w);
    }
    return f;
}

/* The QR kernels of the tree and the reconstruction, at their own
 * classes' rates (util/work_class.h). */
static double orhr(int rows, int w)
{
    return rows < w ? 0 : hs_flops_getrf(w, w) + hs_flops_tri(w, rows - w, 0) + hs_flops_tri(w, w, 1);
}

double hs_work_qr_kernel_flops(int c, int rows, int w)
{
    int k = min_int(rows, w);
    switch (c) {
    case HS_WORK_TPQRT:
        return tpqrt_triangles(w, min_int(HS_QR_IB, w));
    case HS_WORK_TPMQRT:
        return tpmqrt_triangles(w, min_int(HS_QR_IB, w));
    case HS_WORK_GEMQRT:   /* the device's ?ORMQR of a leaf or a tree node's stack */
        return hs_flops_apply_reflectors(rows, w, k);
    case HS_WORK_ORHR:
        return orhr(rows, w);
    default:
        return 0;
    }
}

static int qr_kernel(int c, int rows, int w, hs_work_parts *p)
{
    return hs_work_one(p, c, hs_work_qr_kernel_flops(c, rows, w), w);
}

/* QR (kernels/qr_kernels.h): the panel's pieces are p = tile height - off
 * rows high, w wide, with kk = min(p, w) reflectors.  On a device
 * (on_device): the device's ?GEQRF, then T by its ?LARFT. */
static int qr_geqrf(const hs_task *t, int esize, hs_work_parts *p)
{
    (void)esize;
    hs_qr_panel_args x = hs_qr_panel_args_of(t);
    int off = x.off, w = x.w, rows = hs_work_rows(t, 0) - off;
    int kk = min_int(rows, w);
    p->main = HS_WORK_GEQRF;
    p->size = w;
    if (kk <= 0)
        return 0;
    if (x.on_device) {
        p->rows = rows;
        p->flops[HS_WORK_GEQRF] = hs_flops_geqrf(rows, w);
        p->flops[HS_WORK_LARFT] = hs_flops_larft(rows, kk);
        return 0;
    }
    int pieces = x.team ? hs_qr_team_pieces(rows, w) : 0;
    if (pieces) {   /* over a team (qr_panel_team_body.h): Householder, then T from V^H V */
        p->team_pieces = pieces;
        p->team_rounds = hs_qr_team_rounds(w);
        return hs_work_one(p, HS_WORK_GEQRF_TEAM, hs_qr_team_flops(rows, w), w);
    }
    p->flops[HS_WORK_GEQRF] = geqrt(rows, w, min_int(HS_PANEL_IB, kk));
    /* T from the Gram matrix on a tall piece, else ?LARFT. */
    if (rows >= 2 * kk) {
        p->flops[HS_WORK_SYRK] = hs_flops_herk(kk, rows - kk) + hs_flops_herk(kk, kk);
        p->flops[HS_WORK_TRSM] = hs_flops_trtri(kk);
    } else {
        p->flops[HS_WORK_GEQRF] += hs_flops_larft(rows, kk);
    }
    return 0;
}

const hs_task_kind hs_kind_qr_geqrf = {
    .name = "qr_geqrf", .nacc = 1, .work = qr_geqrf, .kernel = HS_PREC_INSTANCES(qr_panel_geqrf),
};

/* The device's ?GEQRF of the piece. */
static int qr_leaf(const hs_task *t, int esize, hs_work_parts *p)
{
    (void)esize;
    hs_qr_piece_args x = hs_qr_piece_args_of(t);
    int off = x.off, w = x.w, rows = hs_work_rows(t, 0) - off;
    p->rows = rows;
    return hs_work_one(p, HS_WORK_GEQRF, hs_flops_geqrf(rows, w), w);
}

const hs_task_kind hs_kind_qr_leaf = {
    .name = "qr_leaf", .nacc = 1, .work = qr_leaf, .kernel = HS_PREC_INSTANCES(qr_leaf),
};

/* Over a team (qr_tree_team_body.h) the blocks' ?TPQRT2 run on the leader
 * alone, at TPQRT's rate; their ?TPRFB, the same block reflectors ?TPMQRT
 * applies, at TPMQRT's, the team dividing it.  The model prices every
 * round as `pieces` equal pieces; the later rounds have fewer columns
 * right of their block, so the team's part takes longer than priced (1.5
 * times at w = 1024 with 12 members: 4 ms more a tree_up, at most 11 s of
 * Keeneland's 100-node PDGEQRF, 733 s, doc/PERFORMANCE.md). */
static int qr_tree_up(const hs_task *t, int esize, hs_work_parts *p)
{
    (void)esize;
    hs_qr_tree_up_args x = hs_qr_tree_up_args_of(t);
    int w = x.w, pieces = x.team ? hs_qr_tree_team_pieces(w) : 0;
    if (!pieces)
        return qr_kernel(HS_WORK_TPQRT, 0, w, p);
    int nb = min_int(HS_QR_IB, w);
    double apply = 0;
    for (int i = 0; i < w; i += nb) {
        int ib = min_int(nb, w - i);
        apply += block_reflector(i + ib, ib, w - i - ib);
    }
    p->team_pieces = pieces;
    p->team_rounds = (w - 1) / nb;
    p->flops[HS_WORK_TPMQRT] = apply;
    return hs_work_one(p, HS_WORK_TPQRT, tpqrt_triangles(w, nb) - apply, w);
}

const hs_task_kind hs_kind_qr_tree_up = {
    .name = "qr_tree_up", .nacc = 0, .work = qr_tree_up, .kernel = HS_PREC_INSTANCES(qr_tree_up),
    .host_only = 1,
};

/* On a device (dev_tree): the device's ?ORMQR of the 2w x w stack
 * (GEMQRT, as a leaf's), then its two w x w halves copied. */
static int qr_tree_down(const hs_task *t, int esize, hs_work_parts *p)
{
    hs_qr_tree_down_args x = hs_qr_tree_down_args_of(t);
    if (x.dev_tree && t->device > 0) {
        p->bytes = 4.0 * x.w * x.w * esize;
        return qr_kernel(HS_WORK_GEMQRT, 2 * x.w, x.w, p);
    }
    p->team_pieces = x.team ? hs_qr_tree_team_pieces(x.w) : 0;
    p->team_rounds = p->team_pieces > 0;   /* one round of column pieces */
    return qr_kernel(HS_WORK_TPMQRT, 0, x.w, p);
}

const hs_task_kind hs_kind_qr_tree_down = {
    .name = "qr_tree_down", .nacc = 0, .work = qr_tree_down,
    .kernel = HS_PREC_INSTANCES(qr_tree_down),
};

static int qr_leaf_q(const hs_task *t, int esize, hs_work_parts *p)
{
    (void)esize;
    hs_qr_piece_args x = hs_qr_piece_args_of(t);
    return qr_kernel(HS_WORK_GEMQRT, hs_work_rows(t, 0) - x.off, x.w, p);
}

const hs_task_kind hs_kind_qr_leaf_q = {
    .name = "qr_leaf_q", .nacc = 1, .work = qr_leaf_q, .kernel = HS_PREC_INSTANCES(qr_leaf_q),
};

/* ?ORHR_COL with one block of w: the LU without pivoting of the top
 * w x w block, the TRSM of the rows below it, and T by a w x w unit TRSM
 * (none when the piece is shorter than w: the kernel refuses it).  Over a
 * team (qr_tree_team_body.h) the LU's panels run on the leader, counted
 * as TRSM (the rate that stands in for ORHR on a machine that does not
 * rate it, util/work_class.h, and no machine file rates it), and the rest
 * is the members' (ORHR, the class the team shares, sim/sim_machine.c):
 * every round priced as the last one's pieces (the LU's rounds have up to
 * w / 64 column pieces, fewer as the blocks go right). */
static int qr_reconstruct(const hs_task *t, int esize, hs_work_parts *p)
{
    (void)esize;
    hs_qr_reconstruct_args x = hs_qr_reconstruct_args_of(t);
    int rows = hs_work_rows(t, 0) - x.off, w = x.w;
    int pieces = x.team && rows >= w ? hs_qr_reconstruct_team_pieces(rows - w, w) : 0;
    if (!pieces)
        return qr_kernel(HS_WORK_ORHR, rows, w, p);
    double panels = 0;
    for (int j = 0; j < w; j += HS_QR_RECON_TEAM_NB) {
        int jb = min_int(HS_QR_RECON_TEAM_NB, w - j);
        panels += hs_flops_getrf(w - j, jb);
    }
    p->team_pieces = pieces;
    p->team_rounds = (w - 1) / HS_QR_RECON_TEAM_NB + 1;
    p->flops[HS_WORK_ORHR] = orhr(rows, w) - panels;
    return hs_work_one(p, HS_WORK_TRSM, panels, w);
}

const hs_task_kind hs_kind_qr_reconstruct = {
    .name = "qr_reconstruct", .nacc = 1, .work = qr_reconstruct,
    .kernel = HS_PREC_INSTANCES(qr_reconstruct), .host_only = 1,
};

static int qr_trsm(const hs_task *t, int esize, hs_work_parts *p)
{
    (void)esize;
    return hs_work_trsm(p, hs_qr_trsm_args_of(t).w, hs_work_rows(t, 0));
}

const hs_task_kind hs_kind_qr_trsm = {
    .name = "qr_trsm", .nacc = 1, .work = qr_trsm, .kernel = HS_PREC_INSTANCES(qr_trsm),
};

/* V^H A, or A -= V W, over `rows` rows of a panel's top tile: the
 * explicit kk x kk unit triangle V1 as a full GEMM, then the rest. */
static double top_gemms(int rows, int wj, int kk)
{
    return hs_flops_gemm(kk, wj, kk) + hs_flops_gemm(rows - kk, wj, kk);
}

/* The GEMMs of qr_vta or qr_update: on a panel's top tile (top) those of
 * its `rows` rows from the panel's offset, else `whole`. */
static int top_or_whole(hs_work_parts *p, int top, int rows, int wj, int kk, double whole)
{
    return hs_work_one(p, HS_WORK_GEMM, top ? top_gemms(rows, wj, kk) : whole, kk);
}

static int qr_vta(const hs_task *t, int esize, hs_work_parts *p)
{
    (void)esize;
    hs_qr_accumulate_args x = hs_qr_accumulate_args_of(t);
    int ld = hs_work_rows(t, 2), wj = hs_work_cols(t, 2);
    return top_or_whole(p, x.top, ld - x.off, wj, x.kk, hs_flops_gemm(x.kk, wj, ld));
}

const hs_task_kind hs_kind_qr_vta = {
    .name = "qr_vta", .nacc = 3, .work = qr_vta, .kernel = HS_PREC_INSTANCES(qr_accumulate),
};

/* In place on the top process row's P (two accesses): a TRMM. */
static int qr_ttp(const hs_task *t, int esize, hs_work_parts *p)
{
    (void)esize;
    hs_qr_apply_t_args x = hs_qr_apply_t_args_of(t);
    int kk = x.kk, wj = x.wj;
    if (t->nacc == 2)
        return hs_work_one(p, HS_WORK_TRSM, hs_flops_tri(kk, wj, 0), kk);
    return hs_work_one(p, HS_WORK_GEMM, hs_flops_gemm(kk, wj, kk), kk);
}

const hs_task_kind hs_kind_qr_ttp = {
    .name = "qr_ttp", .nacc = 1, .work = qr_ttp, .kernel = HS_PREC_INSTANCES(qr_apply_t),
};

static int qr_update(const hs_task *t, int esize, hs_work_parts *p)
{
    (void)esize;
    hs_qr_update_args x = hs_qr_update_args_of(t);
    int ld = hs_work_rows(t, 0), wj = hs_work_cols(t, 0);
    return top_or_whole(p, x.top, ld - x.off, wj, x.kk, hs_flops_gemm(ld, wj, x.kk));
}

const hs_task_kind hs_kind_qr_update = {
    .name = "qr_update", .nacc = 1, .work = qr_update, .kernel = HS_PREC_INSTANCES(qr_update),
};

/* A strip's GEMMs (qr_vta_strip, qr_update_strip): those of its top
 * tile row as qr_vta's, then one over the rest, whose tiles the algorithm
 * lays out together in the caller's array (the kernel's runs).  The sums
 * (P^H = A^H V) are GEMM_SUM's, rated by P^H's rows, the columns' width
 * (one run: a rank's adjacent columns lie side by side there); the
 * updates GEMM's. */
static int strip_gemms(const hs_task *t, hs_work_parts *p, int first_tile, int sum)
{
    hs_qr_strip_args x = hs_qr_strip_args_of(t);
    int wj = 0;
    for (int c = 0; c < x.cols; c++)
        wj += hs_work_cols(t, first_tile + c * x.tiles);
    int rows = hs_work_rows_of(t, first_tile + x.top, x.tiles - x.top);
    double flops = hs_flops_gemm(x.kk, wj, rows);
    if (x.top)
        flops += top_gemms(hs_work_rows(t, first_tile) - x.off, wj, x.kk);
    if (sum)
        return hs_work_one(p, HS_WORK_GEMM_SUM, flops, wj);
    return hs_work_one(p, HS_WORK_GEMM, flops, x.kk);
}

static int qr_vta_strip(const hs_task *t, int esize, hs_work_parts *p)
{
    (void)esize;
    return strip_gemms(t, p, 1, 1);
}

static int qr_update_strip(const hs_task *t, int esize, hs_work_parts *p)
{
    (void)esize;
    return strip_gemms(t, p, 0, 0);
}

const hs_task_kind hs_kind_qr_vta_strip = {
    .name = "qr_vta_strip", .nacc = 3, .host_only = 1, .work = qr_vta_strip,
    .kernel = HS_PREC_INSTANCES(qr_accumulate_strip),
};

const hs_task_kind hs_kind_qr_update_strip = {
    .name = "qr_update_strip", .nacc = 3, .host_only = 1, .work = qr_update_strip,
    .kernel = HS_PREC_INSTANCES(qr_update_strip),
};

/* P = V^H A, P = T^H P (TRMM), A -= V P; over several columns (a host
 * task) the sum as P^H = A^H V, GEMM_SUM's, rated by the columns' width
 * (one run of them side by side, as the caller's array holds a rank's
 * adjacent columns), and the update a GEMM of its own work.  One column
 * may run on a GPU, where its sum is a GEMM too. */
static int qr_column(const hs_task *t, int esize, hs_work_parts *p)
{
    (void)esize;
    hs_qr_column_args x = hs_qr_column_args_of(t);
    int off = x.off, kk = x.kk, rows = hs_work_rows(t, 0) - off, wj = 0;
    for (int c = 0; c < (x.cols > 1 ? x.cols : 1); c++)
        wj += hs_work_cols(t, c);
    p->flops[HS_WORK_TRSM] = hs_flops_tri(kk, wj, 0);
    if (x.cols <= 1)
        return hs_work_one(p, HS_WORK_GEMM, 2 * top_gemms(rows, wj, kk), kk);
    p->flops[HS_WORK_GEMM_SUM] = top_gemms(rows, wj, kk);
    p->part_size[HS_WORK_GEMM_SUM] = wj;
    return hs_work_one(p, HS_WORK_GEMM, top_gemms(rows, wj, kk), kk);
}

const hs_task_kind hs_kind_qr_column = {
    .name = "qr_column", .nacc = 1, .work = qr_column,
    .kernel = HS_PREC_INSTANCES(qr_apply_column),
};
