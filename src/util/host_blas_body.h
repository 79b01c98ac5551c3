/* Recursive ?TRSM and ?POTRF of one precision (util/host_blas.h;
 * instantiated by util/host_blas.c through util/prec_instantiate.h). */

/* alpha = 1 from here on; all flags upper case. */
static void HS_SFX(trsm_rec)(char side, char uplo, char trans, char diag, int m, int n,
                             const HS_T *a, int lda, HS_T *b, int ldb)
{
    static const HS_T one = 1, minus_one = -1;
    int na = side == 'L' ? m : n;
    if (na <= HOST_BLAS_LEAF || m == 0 || n == 0) {
        HS_F(trsm)(&side, &uplo, &trans, &diag, &m, &n, &one, a, &lda, b, &ldb, 1, 1, 1, 1);
        return;
    }
    int n1 = split_point(na), n2 = na - n1;
    const HS_T *a11 = a, *a22 = a + n1 + (size_t)n1 * lda;
    /* The stored off-diagonal block; op() of it couples the two halves. */
    const HS_T *off = uplo == 'L' ? a + n1 : a + (size_t)n1 * lda;
    int op_lower = (uplo == 'L') == (trans == 'N');
    /* Which half of X is solved first: the top one for op(A) X = B with
     * op(A) lower, the right one for X op(A) = B with op(A) lower. */
    int top_first = (side == 'L') == op_lower;
    int nf = top_first ? n1 : n2, ns = top_first ? n2 : n1;
    const HS_T *af = top_first ? a11 : a22, *as = top_first ? a22 : a11;
    size_t step = side == 'L' ? 1 : (size_t)ldb;   /* from a row/column to the next */
    HS_T *bf = top_first ? b : b + n1 * step, *bs = top_first ? b + n1 * step : b;
    char ntr = 'N';

    if (side == 'L') {
        HS_SFX(trsm_rec)(side, uplo, trans, diag, nf, n, af, lda, bf, ldb);
        HS_F(gemm)(&trans, &ntr, &ns, &n, &nf, &minus_one, off, &lda, bf, &ldb, &one, bs,
                   &ldb, 1, 1);
        HS_SFX(trsm_rec)(side, uplo, trans, diag, ns, n, as, lda, bs, ldb);
    } else {
        HS_SFX(trsm_rec)(side, uplo, trans, diag, m, nf, af, lda, bf, ldb);
        HS_F(gemm)(&ntr, &trans, &m, &ns, &nf, &minus_one, bf, &ldb, off, &lda, &one, bs,
                   &ldb, 1, 1);
        HS_SFX(trsm_rec)(side, uplo, trans, diag, m, ns, as, lda, bs, ldb);
    }
}

void HS_SFX(hs_host_trsm)(char side, char uplo, char transa, char diag, int m, int n,
                          double alpha, const HS_T *a, int lda, HS_T *b, int ldb)
{
    if (m <= 0 || n <= 0)
        return;
    side = (char)toupper((unsigned char)side);
    uplo = (char)toupper((unsigned char)uplo);
    transa = (char)toupper((unsigned char)transa);
    diag = (char)toupper((unsigned char)diag);
    if (transa == 'C' && !HS_COMPLEX)
        transa = 'T';
    if (alpha != 1.0)
        for (int j = 0; j < n; j++)
            for (int i = 0; i < m; i++)
                b[i + (size_t)j * ldb] = alpha == 0.0 ? 0 : (HS_R)alpha * b[i + (size_t)j * ldb];
    if (alpha == 0.0)
        return;
    HS_SFX(trsm_rec)(side, uplo, transa, diag, m, n, a, lda, b, ldb);
}

int HS_SFX(hs_host_potrf)(char uplo, int n, HS_T *a, int lda)
{
    static const HS_R one = 1, minus_one = -1;
    static const char ct[2] = { HS_CT, 0 };
    int info = 0, upper = uplo == 'U' || uplo == 'u';
    if (n <= HOST_BLAS_LEAF) {
        if (n > 0)
            HS_F(potrf)(upper ? "U" : "L", &n, a, &lda, &info, 1);
        return info;
    }
    int n1 = split_point(n), n2 = n - n1;
    HS_T *a22 = a + n1 + (size_t)n1 * lda;
    info = HS_SFX(hs_host_potrf)(uplo, n1, a, lda);
    if (info)
        return info;
    if (upper) {   /* U12 = U11^-H A12, A22 -= U12^H U12 */
        HS_T *a12 = a + (size_t)n1 * lda;
        HS_SFX(trsm_rec)('L', 'U', HS_CT, 'N', n1, n2, a, lda, a12, lda);
        HS_HERK("U", ct, &n2, &n1, &minus_one, a12, &lda, &one, a22, &lda, 1, 1);
    } else {       /* L21 = A21 L11^-H, A22 -= L21 L21^H */
        HS_T *a21 = a + n1;
        HS_SFX(trsm_rec)('R', 'L', HS_CT, 'N', n2, n1, a, lda, a21, lda);
        HS_HERK("L", "N", &n2, &n1, &minus_one, a21, &lda, &one, a22, &lda, 1, 1);
    }
    info = HS_SFX(hs_host_potrf)(uplo, n2, a22, lda);
    return info ? info + n1 : 0;
}
