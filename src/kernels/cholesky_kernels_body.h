/* The Cholesky tile kernels of one precision (see cholesky_kernels.h;
 * kernels/cholesky_kernels.c instantiates them through
 * util/prec_instantiate.h).  Each has a lower form, on m x w tiles, and an
 * upper one, on tiles stored as their conjugate transposes (w x m): there
 * the lower factor's L := L D^-H is U := D^-H U with D the upper factor
 * of the diagonal block, and its C -= A B^H is C -= B^H A. */

#include "kernels/chol_panel_team_body.h"

/* The diagonal block's factor (its status in kernel_info once it has
 * run), then the solve of the tile's rows below it, on whichever device
 * runs the task (on the host over a team of the rank's idle workers when
 * the task says so and the shape allows, chol_panel_team_body.h). */
static int HS_SFX(potrf_panel)(hs_task *t, hs_device *dev)
{
    HS_T *a = hs_task_data(t, 0);
    hs_chol_potrf_args x = hs_chol_potrf_args_of(t);
    int m = hs_chol_tile_rows(t, 0, x.upper), ld = hs_task_ld(t, 0);
    int off = x.off, w = x.w, below = m - off - w;

    if (x.upper) {
        HS_T *diag = a + (size_t)off * ld;
        int err = hs_dev_potrf(dev, t->stream, HS_P, 'U', w, diag, ld, hs_task_info_slot(t));
        if (!err && below > 0)
            err = hs_dev_triangular(dev, t->stream, HS_K_TRSM, HS_P, 'L', 'U', HS_CT, 'N', w,
                                    below, 1.0, diag, ld, diag + (size_t)w * ld, ld);
        return err;
    }

    HS_T *diag = a + off;
    if (dev->kind == HS_DEV_CPU && x.team && hs_chol_team_pieces(m - off, w)) {
        t->kernel_info = HS_SFX(chol_panel_team)(diag, ld, m - off, w);
        return 0;
    }

    int err = hs_dev_potrf(dev, t->stream, HS_P, 'L', w, diag, ld, hs_task_info_slot(t));
    if (!err && below > 0)
        err = hs_dev_triangular(dev, t->stream, HS_K_TRSM, HS_P, 'R', 'L', HS_CT, 'N',
                                below, w, 1.0, diag, ld, diag + w, ld);
    return err;
}

static int HS_SFX(trsm)(hs_task *t, hs_device *dev)
{
    const HS_T *d = hs_task_data(t, 0);
    HS_T *b = hs_task_data(t, 1);
    hs_chol_trsm_args x = hs_chol_trsm_args_of(t);
    int ldd = hs_task_ld(t, 0), mb = hs_chol_tile_rows(t, 1, x.upper), ldb = hs_task_ld(t, 1);
    int off = x.off, w = x.w;

    if (x.upper)
        return hs_dev_triangular(dev, t->stream, HS_K_TRSM, HS_P, 'L', 'U', HS_CT, 'N', w, mb,
                                 1.0, d + (size_t)off * ldd, ldd, b, ldb);
    return hs_dev_triangular(dev, t->stream, HS_K_TRSM, HS_P, 'R', 'L', HS_CT, 'N', mb,
                             w, 1.0, d + off, ldd, b, ldb);
}

static int HS_SFX(herk_gemm)(hs_task *t, hs_device *dev)
{
    const HS_T *a = hs_task_data(t, 0);
    HS_T *c = hs_task_data(t, 1);
    hs_chol_update_args x = hs_chol_update_args_of(t);
    int m = hs_chol_tile_rows(t, 1, x.upper), lda = hs_task_ld(t, 0), ldc = hs_task_ld(t, 1);
    int off = x.off, w = x.w, k = x.k;
    int below = m - off - w;

    if (x.upper) {
        const HS_T *ad = a + (size_t)off * lda;
        HS_T *cd = c + (size_t)off * ldc;
        int err = hs_dev_herk(dev, t->stream, HS_P, 'U', HS_CT, w, k, -1.0, ad, lda, 1.0, cd,
                              ldc);
        if (!err && below > 0)
            err = hs_dev_gemm(dev, t->stream, HS_P, HS_CT, 'N', w, below, k, -1.0, ad, lda,
                              ad + (size_t)w * lda, lda, 1.0, cd + (size_t)w * ldc, ldc);
        return err;
    }

    int err = hs_dev_herk(dev, t->stream, HS_P, 'L', 'N', w, k, -1.0, a + off, lda, 1.0,
                          c + off, ldc);
    if (!err && below > 0)
        err = hs_dev_gemm(dev, t->stream, HS_P, 'N', HS_CT, below, w, k, -1.0,
                          a + off + w, lda, a + off, lda, 1.0, c + off + w, ldc);
    return err;
}

static int HS_SFX(gemm_strip)(hs_task *t, hs_device *dev)
{
    hs_chol_strip_args x = hs_chol_strip_args_of(t);
    int n = x.tiles, bi = n + (x.packed ? 1 : n), err = 0, lda;
    const HS_T *b = hs_task_data(t, bi);
    int ldb = hs_task_ld(t, bi);
    hs_strip_panel panel = { .p0 = n, .packed = x.packed, .row0 = x.row0 };
    for (int i = 0; !err && i < n;) {
        int len, e = hs_strip_run(t, 0, hs_strip_run_p0(panel), n, i, x.upper, &len);
        const HS_T *a = hs_strip_panel_rows(t, panel, 0, i, &lda);
        HS_T *c = hs_task_data(t, i);
        int ldc = hs_task_ld(t, i);
        if (x.upper)   /* the transposed tiles' columns, as gemm's upper form */
            err = hs_dev_gemm(dev, t->stream, HS_P, HS_CT, 'N', x.w, len, x.k, -1.0,
                              b + (size_t)x.off * ldb, ldb, a, lda, 1.0, c, ldc);
        else
            err = hs_dev_gemm(dev, t->stream, HS_P, 'N', HS_CT, len, x.w, x.k, -1.0, a, lda,
                              b + x.off, ldb, 1.0, c, ldc);
        i = e;
    }
    return err;
}

static int HS_SFX(gemm)(hs_task *t, hs_device *dev)
{
    const HS_T *a = hs_task_data(t, 0);
    const HS_T *b = hs_task_data(t, 1);
    HS_T *c = hs_task_data(t, 2);
    hs_chol_update_args x = hs_chol_update_args_of(t);
    int m = hs_chol_tile_rows(t, 0, x.upper), lda = hs_task_ld(t, 0), ldb = hs_task_ld(t, 1);
    int ldc = hs_task_ld(t, 2);
    int off = x.off, w = x.w, k = x.k;

    if (x.upper)
        return hs_dev_gemm(dev, t->stream, HS_P, HS_CT, 'N', w, m, k, -1.0,
                           b + (size_t)off * ldb, ldb, a, lda, 1.0, c, ldc);
    return hs_dev_gemm(dev, t->stream, HS_P, 'N', HS_CT, m, w, k, -1.0, a, lda,
                       b + off, ldb, 1.0, c, ldc);
}
