/* Tile kernels of LU with partial pivoting (see lu_kernels.h): LAPACK's
 * ?GETRF (ScaLAPACK's pivot search where a panel holds a NaN or an
 * infinity, lu_pivot_search.h) and the left interchanges on the host, the device interface for
 * the trailing update (?LASWP, TRSM, GEMM).  One body for the four precisions
 * (kernels/lu_kernels_body.h). */
#include "config.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "include/hetscal.h"
#include "kernels/lu_kernels.h"
#include "kernels/lu_grid_kernels.h"
#include "kernels/lu_pivot_search.h"
#include "kernels/kernel_work.h"
#include "kernels/row_list.h"
#include "kernels/strip_runs.h"
#include "util/flop_counts.h"
#include "util/precision.h"

#include "runtime/team.h"

/* The rounds of a host panel's team (lu_panel_team_body.h). */
enum { LU_TEAM_SEARCH, LU_TEAM_COLUMN, LU_TEAM_SWAP, LU_TEAM_UPDATE };

#define HS_TEMPLATE_BODY "kernels/lu_kernels_body.h"
#include "util/prec_instantiate.h"

int hs_lu_panel_team_d(double *a, int ld, int m, int w, int *piv)
{
    return lu_panel_team_d(a, ld, m, w, piv);
}

/* ---- the task kinds: what the cost model counts of each
 * (kernels/kernel_work.h), then its declaration (runtime/engine.h) */

/* LU (kernels/lu_kernels.h). */
/* A panel of `rows` rows from its diagonal, w wide: over a team where
 * the host kernel takes that path (a GPU's panel is cuSOLVER's ?getrf:
 * its rate is the device's GETRF). */
static int panel_work(hs_work_parts *p, int rows, int w, int team)
{
    int pieces = team ? hs_lu_team_pieces(rows, w) : 0;
    p->rows = rows;
    if (pieces) {
        p->team_pieces = pieces;
        p->team_rounds = hs_lu_team_rounds(w);
        return hs_work_one(p, HS_WORK_GETRF_TEAM, hs_flops_getrf(rows, w), w);
    }
    return hs_work_one(p, HS_WORK_GETRF, hs_flops_getrf(rows, w), w);
}

static int lu_panel(const hs_task *t, int esize, hs_work_parts *p)
{
    (void)esize;
    hs_lu_panel_args x = hs_lu_panel_args_of(t);
    return panel_work(p, hs_work_rows(t, 0) - x.off, hs_work_cols(t, 0), x.team);
}

const hs_task_kind hs_kind_lu_panel = {
    .name = "lu_panel", .nacc = 1, .work = lu_panel, .kernel = HS_PREC_INSTANCES(lu_panel),
};

/* The interchanges (?LASWP, no flops: each of the kk reads and writes two
 * rows of the wj columns), the unit TRSM of the kk pivot rows and the GEMM
 * of the rows below them; off and kk in its arguments (kk >= 1
 * for every panel that has rows). */
static int lu_column(const hs_task *t, int esize, hs_work_parts *p)
{
    hs_lu_column_args x = hs_lu_column_args_of(t);
    int ld = hs_work_rows(t, 0), wj = hs_work_cols(t, 0), off = x.off, kk = x.kk;
    p->main = HS_WORK_GEMM;
    if (kk <= 0)
        return -1;
    p->bytes = 4.0 * kk * wj * esize;
    p->flops[HS_WORK_TRSM] = hs_flops_tri(kk, wj, 1);
    p->flops[HS_WORK_GEMM] = hs_flops_gemm(ld - off - kk, wj, kk);
    p->size = kk;
    return 0;
}

const hs_task_kind hs_kind_lu_column = {
    .name = "lu_column", .nacc = 3, .work = lu_column, .kernel = HS_PREC_INSTANCES(lu_column),
};

/* Each of a pivot tile's kk interchanges reads and writes two rows of the
 * column tile; each pivot tile's panel offset in its arguments
 * (lu_kernels.h). */
static int lu_swap_left(const hs_task *t, int esize, hs_work_parts *p)
{
    hs_lu_swap_args x = hs_lu_swap_args_of(t);
    int ld = hs_work_rows(t, 0), w = hs_work_cols(t, 0);
    for (int k = 1; k < t->nacc; k++) {
        int kk = hs_lu_pivots(ld, x.off[k - 1], hs_work_rows(t, k) - HS_LU_PIV_HEAD);
        p->bytes += 4.0 * (kk > 0 ? kk : 0) * w * esize;
    }
    p->main = HS_WORK_MEMORY;
    p->size = w;
    return 0;
}

const hs_task_kind hs_kind_lu_swap_left = {
    .name = "lu_swap_left", .nacc = 1, .work = lu_swap_left,
    .kernel = HS_PREC_INSTANCES(lu_swap_left), .host_only = 1,
};

/* The 2-D LU (kernels/lu_grid_kernels.h). */

/* As lu_panel, on the buffer's first `rows` rows (the moves' sort is
 * not counted). */
static int lu_grid_panel(const hs_task *t, int esize, hs_work_parts *p)
{
    (void)esize;
    hs_lu_grid_panel_args x = hs_lu_grid_panel_args_of(t);
    return panel_work(p, x.rows, hs_lu_grid_piv_width(hs_work_rows(t, 1)), x.team);
}

const hs_task_kind hs_kind_lu_grid_panel = {
    .name = "lu_grid_panel", .nacc = 2, .work = lu_grid_panel,
    .kernel = HS_PREC_INSTANCES(lu_grid_panel),
};

/* The pivot tile read and its moves written (the sort, O(kk log kk), is
 * not counted). */
static int lu_grid_moves(const hs_task *t, int esize, hs_work_parts *p)
{
    (void)esize;
    p->bytes = 2.0 * hs_work_rows(t, 0) * sizeof(int);
    p->main = HS_WORK_MEMORY;
    p->size = hs_work_rows(t, 0);
    return 0;
}

const hs_task_kind hs_kind_lu_grid_moves = {
    .name = "lu_grid_moves", .nacc = 1, .work = lu_grid_moves,
    .kernel = HS_PREC_INSTANCES(lu_grid_moves), .host_only = 1,
};

/* Which rows move depends on the values: the model takes the panel's w
 * pivots spread evenly over the rows from its diagonal down, each moved
 * row copied four times (out to the piece, in from the top tile), at the
 * host's memory rate (on a GPU, not costed: sim_machine.c). */
static int lu_grid_visit(const hs_task *t, int esize, hs_work_parts *p)
{
    hs_lu_grid_visit_args x = hs_lu_grid_visit_args_of(t);
    int n = t->nacc - 3, w = hs_lu_grid_piv_width(hs_work_rows(t, n + 2));
    for (int k = 0; k < n && x.rows > 0; k++)
        p->bytes += 4.0 * w * hs_work_rows(t, k) / x.rows * hs_work_cols(t, k) * esize;
    p->main = HS_WORK_MEMORY;
    p->size = hs_work_cols(t, 0);
    return 0;
}

/* The piece a visit fills (lu_grid_kernels.h), as the model takes the
 * pivots: the panel's kk spread evenly over its rows, so process row q's
 * share of them by its rows below the top tile. */
static void lu_grid_visit_simulated(hs_task *t)
{
    hs_lu_grid_visit_args x = hs_lu_grid_visit_args_of(t);
    int n = t->nacc - 3, w = hs_lu_grid_piv_width(t->acc[n + 2].handle->m);
    int kk = x.rows < w ? x.rows : w;
    double rows_q = 0;
    for (int s = 1; (long)s * x.H < x.rows; s++)
        if ((x.ptop + s) % x.nprow == x.q)
            rows_q += x.rows - s * x.H < x.H ? x.rows - s * x.H : x.H;
    hs_handle *piece = t->acc[n].handle;
    int prows = x.rows > 0 ? (int)(kk * rows_q / x.rows + 0.5) : 0;
    hs_handle_set_prefix(piece, hs_value_words(prows, piece->n, piece->esize));
}

const hs_task_kind hs_kind_lu_grid_visit = {
    .name = "lu_grid_visit", .nacc = 4, .work = lu_grid_visit,
    .kernel = HS_PREC_INSTANCES(lu_grid_visit), .simulated = lu_grid_visit_simulated,
};

/* The top tile copied (FIRST), the pieces' rows, the unit TRSM of kk
 * rows and the GEMM of the rows below them (SOLVE). */
static int lu_grid_top(const hs_task *t, int esize, hs_work_parts *p)
{
    hs_lu_grid_top_args x = hs_lu_grid_top_args_of(t);
    int h = hs_work_rows(t, 0), n = hs_work_cols(t, 0), solve = x.flags & HS_LU_GRID_TOP_SOLVE;
    if (x.flags & HS_LU_GRID_TOP_FIRST)
        p->bytes += 3.0 * h * n * esize;
    p->bytes += 2.0 * (t->nacc - (solve ? 3 : 2)) * x.kk * n * esize / x.nprow;
    p->main = solve ? HS_WORK_TRSM : HS_WORK_MEMORY;
    p->size = x.kk;
    if (solve) {
        p->flops[HS_WORK_TRSM] = hs_flops_tri(x.kk, n, 1);
        p->flops[HS_WORK_GEMM] = hs_flops_gemm(h - x.kk, n, x.kk);
    }
    return 0;
}

const hs_task_kind hs_kind_lu_grid_top = {
    .name = "lu_grid_top", .nacc = 2, .work = lu_grid_top,
    .kernel = HS_PREC_INSTANCES(lu_grid_top),
};

static int lu_grid_gemm(const hs_task *t, int esize, hs_work_parts *p)
{
    (void)esize;
    hs_lu_grid_gemm_args x = hs_lu_grid_gemm_args_of(t);
    return hs_work_one(p, HS_WORK_GEMM,
                       hs_flops_gemm(hs_work_rows(t, 0), hs_work_cols(t, 0), x.kk), x.kk);
}

const hs_task_kind hs_kind_lu_grid_gemm = {
    .name = "lu_grid_gemm", .nacc = 3, .work = lu_grid_gemm,
    .kernel = HS_PREC_INSTANCES(lu_grid_gemm),
};

/* One GEMM over the strip's rows: the algorithm lays its tiles out
 * adjacent in the caller's array (the kernel's runs). */
static int lu_grid_gemm_strip(const hs_task *t, int esize, hs_work_parts *p)
{
    (void)esize;
    hs_lu_grid_strip_args x = hs_lu_grid_strip_args_of(t);
    int rows = hs_work_rows_of(t, 0, x.tiles);
    return hs_work_one(p, HS_WORK_GEMM, hs_flops_gemm(rows, hs_work_cols(t, 0), x.kk), x.kk);
}

const hs_task_kind hs_kind_lu_grid_gemm_strip = {
    .name = "lu_grid_gemm_strip", .nacc = 3, .host_only = 1, .work = lu_grid_gemm_strip,
    .kernel = HS_PREC_INSTANCES(lu_grid_gemm_strip),
};
