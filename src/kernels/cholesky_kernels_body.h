/* The Cholesky tile kernels of one precision (see cholesky_kernels.h;
 * kernels/cholesky_kernels.c instantiates them through
 * util/prec_instantiate.h). */

#include "kernels/chol_panel_team_body.h"

/* The diagonal block's factor (its status in kernel_info once it has
 * run), then the solve of the tile's rows below it, on whichever device
 * runs the task (on the host over a team of the rank's idle workers when
 * the task says so and the shape allows, chol_panel_team_body.h). */
static int HS_SFX(potrf_panel)(hs_task *t, hs_device *dev)
{
    HS_T *a = hs_task_data(t, 0);
    int m = t->acc[0].handle->m, ld = hs_task_ld(t, 0);
    hs_chol_potrf_args x = hs_chol_potrf_args_of(t);
    int off = x.off, w = x.w, below = m - off - w;
    HS_T *diag = a + off;

    if (dev->kind == HS_DEV_CPU && x.team && hs_chol_team_pieces(m - off, w)) {
        t->kernel_info = HS_SFX(chol_panel_team)(diag, ld, m - off, w);
        return 0;
    }

    int err = hs_dev_potrf(dev, t->stream, HS_P, w, diag, ld, hs_task_info_slot(t));
    if (!err && below > 0)
        err = hs_dev_triangular(dev, t->stream, HS_K_TRSM, HS_P, 'R', 'L', HS_CT, 'N',
                                below, w, 1.0, diag, ld, diag + w, ld);
    return err;
}

static int HS_SFX(trsm)(hs_task *t, hs_device *dev)
{
    const HS_T *d = hs_task_data(t, 0);
    HS_T *b = hs_task_data(t, 1);
    int ldd = hs_task_ld(t, 0), mb = t->acc[1].handle->m, ldb = hs_task_ld(t, 1);
    hs_chol_trsm_args x = hs_chol_trsm_args_of(t);
    int off = x.off, w = x.w;

    return hs_dev_triangular(dev, t->stream, HS_K_TRSM, HS_P, 'R', 'L', HS_CT, 'N', mb,
                             w, 1.0, d + off, ldd, b, ldb);
}

static int HS_SFX(herk_gemm)(hs_task *t, hs_device *dev)
{
    const HS_T *a = hs_task_data(t, 0);
    HS_T *c = hs_task_data(t, 1);
    int m = t->acc[1].handle->m, lda = hs_task_ld(t, 0), ldc = hs_task_ld(t, 1);
    hs_chol_update_args x = hs_chol_update_args_of(t);
    int off = x.off, w = x.w, k = x.k;
    int below = m - off - w;

    int err = hs_dev_herk(dev, t->stream, HS_P, 'L', 'N', w, k, -1.0, a + off, lda, 1.0,
                          c + off, ldc);
    if (!err && below > 0)
        err = hs_dev_gemm(dev, t->stream, HS_P, 'N', HS_CT, below, w, k, -1.0,
                          a + off + w, lda, a + off, lda, 1.0, c + off + w, ldc);
    return err;
}

static int HS_SFX(gemm)(hs_task *t, hs_device *dev)
{
    const HS_T *a = hs_task_data(t, 0);
    const HS_T *b = hs_task_data(t, 1);
    HS_T *c = hs_task_data(t, 2);
    int m = t->acc[0].handle->m, lda = hs_task_ld(t, 0), ldb = hs_task_ld(t, 1);
    int ldc = hs_task_ld(t, 2);
    hs_chol_update_args x = hs_chol_update_args_of(t);
    int off = x.off, w = x.w, k = x.k;

    return hs_dev_gemm(dev, t->stream, HS_P, 'N', HS_CT, m, w, k, -1.0, a, lda,
                       b + off, ldb, 1.0, c, ldc);
}

