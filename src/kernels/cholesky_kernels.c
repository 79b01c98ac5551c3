/* Tile kernels of the Cholesky factorization, all through the device
 * interface, so that they run on the host or on an accelerator.  One body for the four
 * precisions (kernels/cholesky_kernels_body.h). */
#include "config.h"

#include "kernels/cholesky_kernels.h"
#include "runtime/team.h"
#include "util/host_blas.h"
#include "kernels/kernel_work.h"
#include "kernels/strip_runs.h"
#include "util/flop_counts.h"
#include "util/precision.h"

#define HS_TEMPLATE_BODY "kernels/cholesky_kernels_body.h"
#include "util/prec_instantiate.h"

int hs_chol_panel_team_d(double *a, int ld, int m, int w)
{
    return chol_panel_team_d(a, ld, m, w);
}

/* potrf's INFO once its work has run: the failing minor's global index. */
static int potrf_status(hs_task *t)
{
    return t->kernel_info ? hs_chol_potrf_args_of(t).col0 + t->kernel_info : 0;
}

/* ---- the task kinds: what the cost model counts of each
 * (kernels/kernel_work.h), then its declaration (runtime/engine.h) */

/* Cholesky (kernels/cholesky_kernels.h).  potrf: POTRF of the diagonal
 * block, TRSM of the tile's rows below it (in a B x b tile of the split
 * layout, the TRSM is the larger part). */
static int chol_potrf(const hs_task *t, int esize, hs_work_parts *p)
{
    (void)esize;
    hs_chol_potrf_args x = hs_chol_potrf_args_of(t);
    int off = x.off, w = x.w, below = hs_chol_tile_rows(t, 0, x.upper) - off - w;
    /* over a team where the host kernel takes that path (on a GPU the
     * device's POTRF and TRSM) */
    int pieces = x.team ? hs_chol_team_pieces(w + below, w) : 0;
    if (pieces) {
        p->team_pieces = pieces;
        p->team_rounds = hs_chol_team_rounds(w);
        return hs_work_one(p, HS_WORK_POTRF_TEAM,
                           hs_flops_potrf(w) + hs_flops_tri(w, below, 0), w);
    }
    p->flops[HS_WORK_TRSM] = hs_flops_tri(w, below, 0);
    return hs_work_one(p, HS_WORK_POTRF, hs_flops_potrf(w), w);
}

const hs_task_kind hs_kind_chol_potrf = {
    .name = "potrf", .nacc = 1, .work = chol_potrf, .kernel = HS_PREC_INSTANCES(potrf_panel),
    .finish = potrf_status,
};

static int chol_trsm(const hs_task *t, int esize, hs_work_parts *p)
{
    (void)esize;
    hs_chol_trsm_args x = hs_chol_trsm_args_of(t);
    return hs_work_trsm(p, x.w, hs_chol_tile_rows(t, 1, x.upper));
}

const hs_task_kind hs_kind_chol_trsm = {
    .name = "trsm", .nacc = 2, .work = chol_trsm, .kernel = HS_PREC_INSTANCES(trsm),
};

/* syrk: HERK on the w x w diagonal block, GEMM on the rows below it.
 * Classed by whichever does more flops: with square tiles there are no
 * rows below (SYRK); under a b-wide panel of B-high tiles (split and
 * hybrid layouts) the GEMM does about 2 (B - b) / b times the HERK's
 * work, so GEMM's rate is the one that sets the task's time. */
static int chol_syrk(const hs_task *t, int esize, hs_work_parts *p)
{
    (void)esize;
    hs_chol_update_args x = hs_chol_update_args_of(t);
    int off = x.off, w = x.w, k = x.k;
    int below = hs_chol_tile_rows(t, 1, x.upper) - off - w;
    p->flops[HS_WORK_GEMM] = hs_flops_gemm(below, w, k);
    return hs_work_one(p, HS_WORK_SYRK, hs_flops_herk(w, k), k);
}

const hs_task_kind hs_kind_chol_syrk = {
    .name = "syrk", .nacc = 2, .work = chol_syrk, .kernel = HS_PREC_INSTANCES(herk_gemm),
};

/* rows x w targets less a k-wide product. */
static int gemm_work(hs_work_parts *p, int rows, int w, int k)
{
    return hs_work_one(p, HS_WORK_GEMM, hs_flops_gemm(rows, w, k), k);
}

static int chol_gemm(const hs_task *t, int esize, hs_work_parts *p)
{
    (void)esize;
    hs_chol_update_args x = hs_chol_update_args_of(t);
    return gemm_work(p, hs_chol_tile_rows(t, 0, x.upper), x.w, x.k);
}

const hs_task_kind hs_kind_chol_gemm = {
    .name = "gemm", .nacc = 1, .work = chol_gemm, .kernel = HS_PREC_INSTANCES(gemm),
};

/* One GEMM over the strip's rows: the algorithm lays its tiles out
 * adjacent in the caller's array (the kernel's runs). */
static int chol_gemm_strip(const hs_task *t, int esize, hs_work_parts *p)
{
    (void)esize;
    hs_chol_strip_args x = hs_chol_strip_args_of(t);
    int rows = 0;
    for (int i = 0; i < x.tiles; i++)
        rows += hs_chol_tile_rows(t, i, x.upper);
    return gemm_work(p, rows, x.w, x.k);
}

const hs_task_kind hs_kind_chol_gemm_strip = {
    .name = "gemm_strip", .nacc = 3, .host_only = 1, .work = chol_gemm_strip,
    .kernel = HS_PREC_INSTANCES(gemm_strip),
};
