/* hs_host_trsm_d (all 16 side/uplo/trans/diag forms, alpha 1, -0.5 and 0) and
 * hs_host_potrf_d, lower and upper (SPD, and matrices that fail at a known minor)
 * against the BLAS/LAPACK routines they replace.  Exit status: failures. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/blas.h"
#include "util/host_blas.h"

static double unit_random(unsigned *seed)
{
    *seed = *seed * 1103515245u + 12345u;
    return (double)((*seed >> 8) & 0xffff) / 65536.0 - 0.5;
}

/* Relative difference of b and r (m x n) against the size of r. */
static double rel_diff(int m, int n, const double *b, const double *r, int ld)
{
    double d = 0.0, s = 0.0;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++) {
            d = fmax(d, fabs(b[i + (size_t)j * ld] - r[i + (size_t)j * ld]));
            s = fmax(s, fabs(r[i + (size_t)j * ld]));
        }
    return s > 0.0 ? d / s : d;
}

static int check_trsm(int m, int n, unsigned *seed)
{
    static const char sides[] = "LR", uplos[] = "LU", transs[] = "NT", diags[] = "NU";
    static const double alphas[] = { 1.0, -0.5, 0.0 };
    int failures = 0;
    for (int s = 0; s < 2; s++) {
        int na = sides[s] == 'L' ? m : n;
        int lda = na + 3, ldb = m + 5;
        double *a = malloc(sizeof(double) * (size_t)lda * (size_t)(na > 0 ? na : 1));
        double *b = malloc(sizeof(double) * (size_t)ldb * (size_t)(n > 0 ? n : 1));
        double *r = malloc(sizeof(double) * (size_t)ldb * (size_t)(n > 0 ? n : 1));
        /* A well-conditioned triangle: unit-sized diagonal, small rest. */
        for (int j = 0; j < na; j++)
            for (int i = 0; i < lda; i++)
                a[i + (size_t)j * lda] = i == j ? 1.0 + 0.25 * unit_random(seed)
                                                : 0.5 * unit_random(seed) / (na + 1);
        for (int u = 0; u < 2; u++)
            for (int t = 0; t < 2; t++)
                for (int d = 0; d < 2; d++)
                    for (int k = 0; k < 3; k++) {
                        for (size_t i = 0; i < (size_t)ldb * (size_t)n; i++)
                            b[i] = r[i] = unit_random(seed);
                        dtrsm_(&sides[s], &uplos[u], &transs[t], &diags[d], &m, &n,
                               &alphas[k], a, &lda, r, &ldb, 1, 1, 1, 1);
                        hs_host_trsm_d(sides[s], uplos[u], transs[t], diags[d], m, n,
                                      alphas[k], a, lda, b, ldb);
                        double e = rel_diff(m, n, b, r, ldb);
                        /* Rows past m (the padding) must be untouched. */
                        int padding_ok = 1;
                        for (int j = 0; j < n; j++)
                            for (int i = m; i < ldb; i++)
                                padding_ok &= b[i + (size_t)j * ldb] == r[i + (size_t)j * ldb];
                        if (!(e < 1e-12) || !padding_ok) {
                            printf("FAILED trsm %c%c%c%c m=%d n=%d alpha=%g: diff %.2e%s\n",
                                   sides[s], uplos[u], transs[t], diags[d], m, n, alphas[k],
                                   e, padding_ok ? "" : ", padding written");
                            failures++;
                        }
                    }
        free(a);
        free(b);
        free(r);
    }
    return failures;
}

/* SPD matrix of order n (lda = n + 2); with bad >= 0 the leading minor of
 * order bad + 1 is made indefinite. */
static void spd(int n, int lda, double *a, int bad, unsigned *seed)
{
    for (int j = 0; j < n; j++)
        for (int i = 0; i < lda; i++)
            a[i + (size_t)j * lda] = 0.0;
    for (int j = 0; j < n; j++)
        for (int i = j; i < n; i++) {
            double v = unit_random(seed);
            a[i + (size_t)j * lda] = a[j + (size_t)i * lda] = i == j ? n + v : v;
        }
    if (bad >= 0)
        a[bad + (size_t)bad * lda] = -1.0;
}

static int check_potrf(char uplo, int n, int bad, unsigned *seed)
{
    int lda = n + 2;
    double *a = malloc(sizeof(double) * (size_t)lda * (size_t)n);
    double *r = malloc(sizeof(double) * (size_t)lda * (size_t)n);
    spd(n, lda, a, bad, seed);
    memcpy(r, a, sizeof(double) * (size_t)lda * (size_t)n);
    int rinfo = 0;
    dpotrf_(&uplo, &n, r, &lda, &rinfo, 1);
    int info = hs_host_potrf_d(uplo, n, a, lda);
    int failures = 0;
    if (info != rinfo) {
        printf("FAILED potrf %c n=%d: info %d, LAPACK %d\n", uplo, n, info, rinfo);
        failures++;
    } else if (info == 0) {
        double e = rel_diff(n, n, a, r, lda);
        if (!(e < 1e-12)) {
            printf("FAILED potrf %c n=%d: diff %.2e\n", uplo, n, e);
            failures++;
        }
    }
    free(a);
    free(r);
    return failures;
}

int main(void)
{
    static const int sizes[] = { 1, 7, 63, 64, 65, 100, 129, 200, 300 };
    unsigned seed = 12345u;
    int failures = 0, cases = 0;
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++)
        for (size_t j = 0; j < sizeof sizes / sizeof *sizes; j += 2) {
            failures += check_trsm(sizes[i], sizes[j], &seed);
            cases += 48;
        }
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        int n = sizes[i];
        for (const char *uplo = "LU"; *uplo; uplo++) {
            failures += check_potrf(*uplo, n, -1, &seed);
            failures += check_potrf(*uplo, n, n / 2, &seed);
            failures += check_potrf(*uplo, n, n - 1, &seed);
            cases += 3;
        }
    }
    printf("%s: %d host kernel cases, %d failed\n", failures ? "FAILED" : "PASSED", cases,
           failures);
    return failures;
}
