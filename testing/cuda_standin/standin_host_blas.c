/* The four precisions of cuBLAS as rows of one table (element size, the
 * host BLAS routines of that precision) and the execution of a queued
 * cuBLAS call with its row's routines, on the stream's thread. */
#include <string.h>

#include "standin.h"

/* The BLAS the project links, by address as Fortran takes them. */
standin_gemm_fn sgemm_, dgemm_, cgemm_, zgemm_;
standin_rank_k_fn ssyrk_, dsyrk_, csyrk_, zsyrk_, cherk_, zherk_;
standin_triangle_fn strsm_, dtrsm_, ctrsm_, ztrsm_, strmm_, dtrmm_, ctrmm_, ztrmm_;
standin_laswp_fn slaswp_, dlaswp_, claswp_, zlaswp_;
standin_potrf_fn spotrf_, dpotrf_, cpotrf_, zpotrf_;
standin_getrf_fn sgetrf_, dgetrf_, cgetrf_, zgetrf_;
standin_geqrf_fn sgeqrf_, dgeqrf_, cgeqrf_, zgeqrf_;
standin_unmqr_fn sormqr_, dormqr_, cunmqr_, zunmqr_;
standin_larft_fn slarft_, dlarft_, clarft_, zlarft_;
standin_iamax_fn isamax_, idamax_, icamax_, izamax_;
standin_scal_fn sscal_, dscal_, cscal_, zscal_;
standin_ger_fn sger_, dger_, cgeru_, zgeru_;

const standin_precision standin_precisions[STANDIN_PRECISIONS] = {
    [STANDIN_S] = { sizeof(float), sizeof(float), 0, sgemm_, ssyrk_, NULL, strsm_, strmm_,
                    slaswp_, spotrf_, sgetrf_, sgeqrf_, sormqr_, slarft_, isamax_, sscal_,
                    sger_ },
    [STANDIN_D] = { sizeof(double), sizeof(double), 0, dgemm_, dsyrk_, NULL, dtrsm_, dtrmm_,
                    dlaswp_, dpotrf_, dgetrf_, dgeqrf_, dormqr_, dlarft_, idamax_, dscal_,
                    dger_ },
    [STANDIN_C] = { 2 * sizeof(float), sizeof(float), 1, cgemm_, csyrk_, cherk_, ctrsm_, ctrmm_,
                    claswp_, cpotrf_, cgetrf_, cgeqrf_, cunmqr_, clarft_, icamax_, cscal_,
                    cgeru_ },
    [STANDIN_Z] = { 2 * sizeof(double), sizeof(double), 1, zgemm_, zsyrk_, zherk_, ztrsm_,
                    ztrmm_, zlaswp_, zpotrf_, zgetrf_, zgeqrf_, zunmqr_, zlarft_, izamax_,
                    zscal_, zgeru_ },
};

void standin_run_blas(standin_op *op)
{
    const standin_blas *b = &op->u.blas;
    const standin_precision *p = b->prec;
    char side = b->side, uplo = b->uplo, ta = b->transa, tb = b->transb, diag = b->diag;
    int m = b->m, n = b->n, k = b->k;
    switch (b->op) {
    case 'g':
        p->gemm(&ta, &tb, &m, &n, &k, &b->alpha, b->a, &b->lda, b->b, &b->ldb, &b->beta, b->c,
                &b->ldc, 1, 1);
        break;
    case 's':
    case 'h':
        (b->op == 's' ? p->syrk : p->herk)(&uplo, &ta, &n, &k, &b->alpha, b->a, &b->lda,
                                            &b->beta, b->c, &b->ldc, 1, 1);
        break;
    case 't':
        p->trsm(&side, &uplo, &ta, &diag, &m, &n, &b->alpha, b->a, &b->lda, b->c, &b->ldc, 1, 1,
                1, 1);
        break;
    case 'm':   /* out of place: C = B first, then the BLAS in-place form on C */
        if (b->b != b->c)
            for (int j = 0; j < n; j++)
                memcpy((char *)b->c + (size_t)j * (size_t)b->ldc * p->size,
                       (const char *)b->b + (size_t)j * (size_t)b->ldb * p->size,
                       (size_t)m * p->size);
        p->trmm(&side, &uplo, &ta, &diag, &m, &n, &b->alpha, b->a, &b->lda, b->c, &b->ldc, 1, 1,
                1, 1);
        break;
    case 'S':
        p->scal(&n, &b->alpha, b->c, &b->incx);
        break;
    case 'G':
        p->ger(&m, &n, &b->alpha, b->a, &b->incx, b->b, &b->incy, b->c, &b->ldc);
        break;
    default:
        break;
    }
}
