/* Recursive DTRSM and lower DPOTRF on the host (see host_blas.h). */
#include "config.h"

#include <ctype.h>
#include <stddef.h>

#include "util/blas.h"
#include "util/host_blas.h"

/* Below this order the triangle goes to the BLAS/LAPACK routine itself. */
enum { LEAF = 64 };

static int split_point(int n)
{
    int n1 = n / 2;
    return (n1 + 7) / 8 * 8 < n ? (n1 + 7) / 8 * 8 : n1;
}

static void scale(int m, int n, double alpha, double *b, int ldb)
{
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++)
            b[i + (size_t)j * ldb] = alpha == 0.0 ? 0.0 : alpha * b[i + (size_t)j * ldb];
}

/* alpha = 1 from here on; all flags upper case. */
static void trsm_rec(char side, char uplo, char trans, char diag, int m, int n,
                     const double *a, int lda, double *b, int ldb)
{
    static const double one = 1.0, minus_one = -1.0;
    int na = side == 'L' ? m : n;
    if (na <= LEAF || m == 0 || n == 0) {
        dtrsm_(&side, &uplo, &trans, &diag, &m, &n, &one, a, &lda, b, &ldb, 1, 1, 1, 1);
        return;
    }
    int n1 = split_point(na), n2 = na - n1;
    const double *a11 = a, *a22 = a + n1 + (size_t)n1 * lda;
    /* The stored off-diagonal block; op() of it couples the two halves. */
    const double *off = uplo == 'L' ? a + n1 : a + (size_t)n1 * lda;
    int op_lower = (uplo == 'L') == (trans == 'N');
    /* Which half of X is solved first: the top one for op(A) X = B with
     * op(A) lower, the right one for X op(A) = B with op(A) lower. */
    int top_first = (side == 'L') == op_lower;
    int nf = top_first ? n1 : n2, ns = top_first ? n2 : n1;
    const double *af = top_first ? a11 : a22, *as = top_first ? a22 : a11;
    size_t step = side == 'L' ? 1 : (size_t)ldb;   /* from a row/column to the next */
    double *bf = top_first ? b : b + n1 * step, *bs = top_first ? b + n1 * step : b;
    char ntr = 'N';

    if (side == 'L') {
        trsm_rec(side, uplo, trans, diag, nf, n, af, lda, bf, ldb);
        dgemm_(&trans, &ntr, &ns, &n, &nf, &minus_one, off, &lda, bf, &ldb, &one, bs, &ldb,
               1, 1);
        trsm_rec(side, uplo, trans, diag, ns, n, as, lda, bs, ldb);
    } else {
        trsm_rec(side, uplo, trans, diag, m, nf, af, lda, bf, ldb);
        dgemm_(&ntr, &trans, &m, &ns, &nf, &minus_one, bf, &ldb, off, &lda, &one, bs, &ldb,
               1, 1);
        trsm_rec(side, uplo, trans, diag, m, ns, as, lda, bs, ldb);
    }
}

void hs_host_dtrsm(char side, char uplo, char transa, char diag, int m, int n,
                   double alpha, const double *a, int lda, double *b, int ldb)
{
    if (m <= 0 || n <= 0)
        return;
    side = (char)toupper((unsigned char)side);
    uplo = (char)toupper((unsigned char)uplo);
    transa = (char)toupper((unsigned char)transa);
    diag = (char)toupper((unsigned char)diag);
    if (transa == 'C')
        transa = 'T';
    if (alpha != 1.0)
        scale(m, n, alpha, b, ldb);
    if (alpha == 0.0)
        return;
    trsm_rec(side, uplo, transa, diag, m, n, a, lda, b, ldb);
}

int hs_host_dpotrf_lower(int n, double *a, int lda)
{
    static const double one = 1.0, minus_one = -1.0;
    int info = 0;
    if (n <= LEAF) {
        if (n > 0)
            dpotrf_("L", &n, a, &lda, &info, 1);
        return info;
    }
    int n1 = split_point(n), n2 = n - n1;
    double *a21 = a + n1, *a22 = a + n1 + (size_t)n1 * lda;
    info = hs_host_dpotrf_lower(n1, a, lda);
    if (info)
        return info;
    trsm_rec('R', 'L', 'T', 'N', n2, n1, a, lda, a21, lda);
    dsyrk_("L", "N", &n2, &n1, &minus_one, a21, &lda, &one, a22, &lda, 1, 1);
    info = hs_host_dpotrf_lower(n2, a22, lda);
    return info ? info + n1 : 0;
}
