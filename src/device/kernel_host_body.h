/* A kernel call of one precision on the host BLAS (device/kernel_host.c
 * instantiates it per precision through util/prec_instantiate.h). */

static void HS_SFX(kernel_call_host)(const hs_kernel_call *c)
{
    const HS_T alpha = (HS_R)c->alpha, beta = (HS_R)c->beta;
    const HS_R ralpha = (HS_R)c->alpha, rbeta = (HS_R)c->beta;
    /* 'C' is the transpose for real precisions. */
    char ta = !HS_COMPLEX && (c->transa == 'C' || c->transa == 'c') ? 'T' : c->transa;
    char tb = !HS_COMPLEX && (c->transb == 'C' || c->transb == 'c') ? 'T' : c->transb;
    switch (c->op) {
    case HS_K_GEMM:
        HS_F(gemm)(&ta, &tb, &c->m, &c->n, &c->k, &alpha, c->a, &c->lda, c->b, &c->ldb, &beta,
                   c->c, &c->ldc, 1, 1);
        break;
    case HS_K_HERK:
        HS_HERK(&c->uplo, &ta, &c->n, &c->k, &ralpha, c->a, &c->lda, &rbeta, c->c, &c->ldc, 1,
                1);
        break;
    case HS_K_TRSM:
        HS_SFX(hs_host_trsm)(c->side, c->uplo, ta, c->diag, c->m, c->n, c->alpha, c->a, c->lda,
                             c->c, c->ldc);
        break;
    case HS_K_TRMM:
        HS_F(trmm)(&c->side, &c->uplo, &ta, &c->diag, &c->m, &c->n, &alpha, c->a, &c->lda,
                   c->c, &c->ldc, 1, 1, 1, 1);
        break;
    case HS_K_LASWP: {
        int one = 1;
        if (c->k > 0 && c->n > 0)
            HS_F(laswp)(&c->n, c->c, &c->ldc, &one, &c->k, c->a, &one);
        break;
    }
    case HS_K_GETRF: {
        int info = 0;
        if (c->m > 0 && c->n > 0)
            HS_F(getrf)(&c->m, &c->n, c->c, &c->ldc, c->d + 1, &info);
        c->d[0] = info;
        break;
    }
    case HS_K_POTRF: {
        int info = HS_SFX(hs_host_potrf_lower)(c->n, c->c, c->ldc);
        *c->info = hs_first_bad_pivot(c->prec, info, c->c, (size_t)c->ldc + 1, c->n);
        break;
    }
    default:
        break;
    }
}
