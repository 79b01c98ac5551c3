/* Tile kernels of the Cholesky factorization: the panel factorization on
 * the host (LAPACK), the updates through the device interface, so that
 * they run on the host or on an accelerator. */
#include "config.h"

#include "kernels/cholesky_kernels.h"
#include "util/blas.h"
#include "util/host_blas.h"

int hs_kernel_potrf_panel(hs_task *t, hs_device *dev)
{
    (void)dev;
    double *a = hs_task_data(t, 0);
    int ld = t->acc[0].handle->m;
    int off = t->iparam[0], w = t->iparam[1], col0 = t->iparam[2];
    int below = ld - off - w;
    double *diag = a + off;

    int info = hs_host_dpotrf_lower(w, diag, ld);
    if (info > 0)
        return col0 + info;
    /* Some LAPACKs take sqrt of a NaN pivot without complaint: the first
     * diagonal entry that is not positive is the failing minor. */
    for (int i = 0; i < w; i++)
        if (!(diag[i + (size_t)i * ld] > 0.0))
            return col0 + i + 1;
    if (below > 0)
        hs_host_dtrsm('R', 'L', 'T', 'N', below, w, 1.0, diag, ld, diag + w, ld);
    return 0;
}

int hs_kernel_trsm(hs_task *t, hs_device *dev)
{
    const double *d = hs_task_data(t, 0);
    double *b = hs_task_data(t, 1);
    int ldd = t->acc[0].handle->m, ldb = t->acc[1].handle->m;
    int off = t->iparam[0], w = t->iparam[1];

    return hs_dev_dtrsm(dev, HS_STREAM_COMPUTE, 'R', 'L', 'T', 'N', ldb, w, 1.0,
                        d + off, ldd, b, ldb);
}

int hs_kernel_syrk_gemm(hs_task *t, hs_device *dev)
{
    const double *a = hs_task_data(t, 0);
    double *c = hs_task_data(t, 1);
    int ld = t->acc[1].handle->m;
    int off = t->iparam[0], w = t->iparam[1], k = t->iparam[2];
    int below = ld - off - w;

    int err = hs_dev_dsyrk(dev, HS_STREAM_COMPUTE, 'L', 'N', w, k, -1.0, a + off, ld,
                           1.0, c + off, ld);
    if (!err && below > 0)
        err = hs_dev_dgemm(dev, HS_STREAM_COMPUTE, 'N', 'T', below, w, k, -1.0,
                           a + off + w, ld, a + off, ld, 1.0, c + off + w, ld);
    return err;
}

int hs_kernel_gemm(hs_task *t, hs_device *dev)
{
    const double *a = hs_task_data(t, 0);
    const double *b = hs_task_data(t, 1);
    double *c = hs_task_data(t, 2);
    int lda = t->acc[0].handle->m, ldb = t->acc[1].handle->m;
    int off = t->iparam[0], w = t->iparam[1], k = t->iparam[2];

    return hs_dev_dgemm(dev, HS_STREAM_COMPUTE, 'N', 'T', lda, w, k, -1.0, a, lda,
                        b + off, ldb, 1.0, c, lda);
}
