/* A kernel call of one precision on the host BLAS (device/kernel_host.c
 * instantiates it per precision through util/prec_instantiate.h). */

/* ?GEQRF with its workspace (LAPACK's query) and the taus gathered into
 * it before they go to their row; R copied out when asked for. */
static int HS_SFX(host_geqrf)(const hs_kernel_call *c)
{
    int k = c->m < c->n ? c->m : c->n, query = -1, lwork, info = 0;
    HS_T size;
    if (k == 0)
        return 0;
    HS_F(geqrf)(&c->m, &c->n, c->c, &c->ldc, &size, &size, &query, &info);
    lwork = (int)HS_RE(size) > c->n ? (int)HS_RE(size) : c->n;
    HS_T *work = malloc(sizeof(HS_T) * ((size_t)lwork + (size_t)k));
    if (!work)
        return HETSCAL_ERR_NOMEM;
    HS_T *tau = work + lwork, *a = c->c, *out = c->tau, *r = c->r;
    HS_F(geqrf)(&c->m, &c->n, a, &c->ldc, tau, work, &lwork, &info);
    for (int i = 0; i < k; i++)
        out[(size_t)i * c->inctau] = tau[i];
    free(work);
    for (int j = 0; r && j < c->n; j++)
        for (int i = 0; i < c->n; i++)
            r[i + (size_t)j * c->ldr] = i < k ? a[i + (size_t)j * c->ldc] : (HS_T)0;
    return 0;
}

/* c = Q [b; 0]: the reflectors and their taus copied aside first, since
 * the product is written over them. */
static int HS_SFX(host_ormqr)(const hs_kernel_call *c)
{
    int query = -1, lwork, info = 0, m = c->m, k = c->k;
    HS_T size;
    if (m == 0 || c->n == 0)
        return 0;
    HS_UNMQR("L", "N", &c->m, &c->n, &k, c->c, &c->ldc, c->tau, c->c, &c->ldc, &size, &query,
             &info, 1, 1);
    lwork = (int)HS_RE(size) > c->n ? (int)HS_RE(size) : c->n;
    size_t nv = (size_t)m * (size_t)k;
    HS_T *work = malloc(sizeof(HS_T) * ((size_t)lwork + nv + (size_t)k + 1));
    if (!work)
        return HETSCAL_ERR_NOMEM;
    HS_T *v = work + lwork, *tau = v + nv, *a = c->c;
    const HS_T *b = c->b, *taus = c->tau;
    for (int j = 0; j < k; j++) {
        memcpy(v + (size_t)j * m, a + (size_t)j * c->ldc, sizeof(HS_T) * (size_t)m);
        tau[j] = taus[(size_t)j * c->inctau];
    }
    for (int j = 0; j < c->n; j++)
        for (int i = 0; i < m; i++)
            a[i + (size_t)j * c->ldc] = i < k ? b[i + (size_t)j * c->ldb] : (HS_T)0;
    if (k > 0)
        HS_UNMQR("L", "N", &c->m, &c->n, &k, v, &m, tau, a, &c->ldc, work, &lwork, &info, 1, 1);
    free(work);
    return 0;
}

/* T by LAPACK's ?LARFT; the explicit unit lower triangle to r. */
static int HS_SFX(host_larft)(const hs_kernel_call *c)
{
    if (c->k == 0)
        return 0;
    HS_F(larft)("F", "C", &c->m, &c->k, c->a, &c->lda, c->tau, c->c, &c->ldc, 1, 1);
    const HS_T *a = c->a;
    HS_T *r = c->r;
    for (int j = 0; r && j < c->k; j++)
        for (int i = 0; i < c->k; i++)
            r[i + (size_t)j * c->ldr] = i > j    ? a[i + (size_t)j * c->lda]
                                        : i == j ? (HS_T)1
                                                 : (HS_T)0;
    return 0;
}

/* HS_K_ROWS: through a staging copy of the source rows when a
 * destination is also a source. */
static int HS_SFX(host_rows)(const hs_kernel_call *c)
{
    int staged = hs_kernel_rows_scan(c);
    if (staged < 0)
        return staged;
    HS_T *stage = NULL;
    if (staged && !(stage = malloc((size_t)c->m * (size_t)c->n * sizeof *stage)))
        return HETSCAL_ERR_NOMEM;
    for (int i = 0; stage && i < c->m; i++) {
        const HS_T *from = c->from[i];
        for (int j = 0; j < c->n; j++)
            stage[i + (size_t)j * c->m] = from[(size_t)j * c->lda];
    }
    for (int i = 0; i < c->m; i++) {
        const HS_T *from = stage ? stage + i : c->from[i];
        size_t ld = stage ? (size_t)c->m : (size_t)c->lda;
        HS_T *to = c->to[i];
        for (int j = 0; j < c->n; j++)
            to[(size_t)j * c->ldc] = from[(size_t)j * ld];
    }
    free(stage);
    return 0;
}

static int HS_SFX(kernel_call_host)(const hs_kernel_call *c)
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
        int info = HS_SFX(hs_host_potrf)(c->uplo, c->n, c->c, c->ldc);
        *c->info = hs_first_bad_pivot(c->prec, info, c->c, (size_t)c->ldc + 1, c->n);
        break;
    }
    case HS_K_GEQRF:
        return HS_SFX(host_geqrf)(c);
    case HS_K_ORMQR:
        return HS_SFX(host_ormqr)(c);
    case HS_K_LARFT:
        return HS_SFX(host_larft)(c);
    case HS_K_ROWS:
        return HS_SFX(host_rows)(c);
    case HS_K_IAMAX:
        *c->info = c->n > 0 ? HS_IAMAX(&c->n, c->a, &c->lda) : 0;
        break;
    default:
        break;
    }
    return 0;
}
