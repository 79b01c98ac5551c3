/* Real flop counts of the BLAS kernels, the LAPACK factorizations and of
 * applying reflectors, shared by the cost model (kernels/kernel_work.c) and the
 * timed emulated GPU (device/emu/emu_timing.c), so that a kernel costs
 * the same on both.  POTRF, GETRF and GEQRF are LAPACK Working Note 41's
 * counts, lower-order terms included; a dimension <= 0 counts nothing. */
#ifndef HETSCAL_UTIL_FLOP_COUNTS_H
#define HETSCAL_UTIL_FLOP_COUNTS_H

static inline double hs_flops_gemm(double m, double n, double k)
{
    return m > 0 && n > 0 && k > 0 ? 2 * m * n * k : 0;
}

/* C (n x n, one triangle) += A A^T, A n x k. */
static inline double hs_flops_herk(double n, double k)
{
    return n > 0 && k > 0 ? k * n * (n + 1) : 0;
}

/* A triangle of order t solved (or multiplied) into rhs right-hand sides,
 * either side: rhs t^2; a unit diagonal saves the rhs t divisions. */
static inline double hs_flops_tri(double t, double rhs, int unit)
{
    return t > 0 && rhs > 0 ? rhs * t * (unit ? t - 1 : t) : 0;
}

static inline double hs_flops_trtri(double n)
{
    return n > 0 ? n * n * n / 3 + 2 * n / 3 : 0;
}

static inline double hs_flops_potrf(double n)
{
    return n > 0 ? n * n * n / 3 + n * n / 2 + n / 6 : 0;
}

static inline double hs_flops_getrf(double m, double n)
{
    if (m <= 0 || n <= 0)
        return 0;
    if (m < n)
        return n * m * m - m * m * m / 3 - m * m / 2 + 5 * m / 6;
    return m * n * n - n * n * n / 3 - n * n / 2 + 5 * n / 6;
}

static inline double hs_flops_geqrf(double m, double n)
{
    if (m <= 0 || n <= 0)
        return 0;
    if (m < n)
        return 2 * n * m * m - 2 * m * m * m / 3 + 3 * n * m - m * m + 14 * m / 3;
    return 2 * m * n * n - 2 * n * n * n / 3 + m * n + n * n + 14 * n / 3;
}

/* k reflectors of an m-row QR (reflector i reaches m - i + 1 rows)
 * applied to an m x n matrix, as ?ORMQR/?UNMQR (side L): a product with
 * the reflector and a rank-1 update per reflector and column, 4 (m - i + 1) n
 * flops each; the blocked form does the same work in GEMMs. */
static inline double hs_flops_apply_reflectors(double m, double n, double k)
{
    return m > 0 && n > 0 && k > 0 ? 4 * n * k * (m - (k - 1) / 2) : 0;
}

/* The triangular factor T of k reflectors of m rows (?LARFT): per column
 * a product with the reflectors before it and a triangular product, the
 * leading terms. */
static inline double hs_flops_larft(double m, double k)
{
    return m > 0 && k > 0 ? m * k * k - k * k * k / 3 : 0;
}

#endif
