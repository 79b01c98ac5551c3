/* Host (LAPACK/BLAS) tile kernels of the Cholesky factorization. */
#include "config.h"

#include "kernels/blas.h"
#include "kernels/cholesky_kernels.h"

static const double one = 1.0, minus_one = -1.0;

int hs_kernel_potrf_panel(hs_task *t)
{
    double *a = hs_task_data(t, 0);
    int ld = t->acc[0].handle->m;
    int off = t->iparam[0], w = t->iparam[1], col0 = t->iparam[2];
    int below = ld - off - w, info = 0;
    double *diag = a + off;

    dpotrf_("L", &w, diag, &ld, &info, 1);
    if (info > 0)
        return col0 + info;
    /* Some LAPACKs take sqrt of a NaN pivot without complaint: the first
     * diagonal entry that is not positive is the failing minor. */
    for (int i = 0; i < w; i++)
        if (!(diag[i + (size_t)i * ld] > 0.0))
            return col0 + i + 1;
    if (below > 0)
        dtrsm_("R", "L", "T", "N", &below, &w, &one, diag, &ld, diag + w, &ld, 1, 1, 1, 1);
    return 0;
}

int hs_kernel_trsm(hs_task *t)
{
    const double *d = hs_task_data(t, 0);
    double *b = hs_task_data(t, 1);
    int ldd = t->acc[0].handle->m, ldb = t->acc[1].handle->m;
    int off = t->iparam[0], w = t->iparam[1];

    dtrsm_("R", "L", "T", "N", &ldb, &w, &one, d + off, &ldd, b, &ldb, 1, 1, 1, 1);
    return 0;
}

int hs_kernel_syrk_gemm(hs_task *t)
{
    const double *a = hs_task_data(t, 0);
    double *c = hs_task_data(t, 1);
    int ld = t->acc[1].handle->m;
    int off = t->iparam[0], w = t->iparam[1], k = t->iparam[2];
    int below = ld - off - w;

    dsyrk_("L", "N", &w, &k, &minus_one, a + off, &ld, &one, c + off, &ld, 1, 1);
    if (below > 0)
        dgemm_("N", "T", &below, &w, &k, &minus_one, a + off + w, &ld, a + off, &ld,
               &one, c + off + w, &ld, 1, 1);
    return 0;
}

int hs_kernel_gemm(hs_task *t)
{
    const double *a = hs_task_data(t, 0);
    const double *b = hs_task_data(t, 1);
    double *c = hs_task_data(t, 2);
    int lda = t->acc[0].handle->m, ldb = t->acc[1].handle->m;
    int off = t->iparam[0], w = t->iparam[1], k = t->iparam[2];

    dgemm_("N", "T", &lda, &w, &k, &minus_one, a, &lda, b + off, &ldb, &one, c, &lda, 1, 1);
    return 0;
}
