/* The reference PBLAS and ScaLAPACK auxiliaries the residual checks use,
 * for a matrix of any precision: each wrapper looks up p<letter>xxx_ in
 * the reference library (time_reference.c) and passes real scalars as
 * elements of the matrix's precision.  Matrices from (1,1). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "time_scalapack.h"

typedef void laset_fn(const char *, const int *, const int *, const void *,
                      const void *, void *, const int *, const int *,
                      const int *, size_t);
typedef void lacpy_fn(const char *, const int *, const int *, const void *,
                      const int *, const int *, const int *, void *,
                      const int *, const int *, const int *, size_t);
typedef void geadd_fn(const char *, const int *, const int *, const void *,
                      const void *, const int *, const int *, const int *,
                      const void *, void *, const int *, const int *,
                      const int *, size_t);
typedef void gemm_fn(const char *, const char *, const int *, const int *,
                     const int *, const void *, const void *, const int *,
                     const int *, const int *, const void *, const int *,
                     const int *, const int *, const void *, void *,
                     const int *, const int *, const int *, size_t, size_t);
/* P?LANGE is a REAL function in S and C, DOUBLE PRECISION in D and Z. */
typedef float lange_float_fn(const char *, const int *, const int *,
                             const void *, const int *, const int *,
                             const int *, void *, size_t);
typedef double lange_double_fn(const char *, const int *, const int *,
                               const void *, const int *, const int *,
                               const int *, void *, size_t);
typedef void lapiv_fn(const char *, const char *, const char *, const int *,
                      const int *, void *, const int *, const int *,
                      const int *, int *, const int *, const int *,
                      const int *, int *, size_t, size_t, size_t);
typedef void ormqr_fn(const char *, const char *, const int *, const int *,
                      const int *, const void *, const int *, const int *,
                      const int *, const void *, void *, const int *,
                      const int *, const int *, void *, const int *, int *,
                      size_t, size_t);

static const int one = 1;

/* The reference's p<letter>NAME_ for A's precision; NULL when missing
 * (time_reference_symbol has said so on stderr). */
static time_fn *pblas(const struct time_matrix *a, const char *name)
{
    char symbol[32];
    snprintf(symbol, sizeof symbol, "p%c%s_", a->prec->letter, name);
    return time_reference_symbol(symbol);
}

/* A real scalar as an element of A's precision (room for a complex
 * double). */
static const void *scalar(const struct time_matrix *a, double v,
                          double buf[2])
{
    time_set_elem(a->prec, buf, 0, v, 0.0);
    return buf;
}

void time_laset(struct time_matrix *a, const char *uplo, double alpha,
                double beta)
{
    laset_fn *fn = (laset_fn *)pblas(a, "laset");
    double al[2], be[2];
    if (fn != NULL)
        fn(uplo, &a->desc[T_M], &a->desc[T_N], scalar(a, alpha, al),
           scalar(a, beta, be), a->a, &one, &one, a->desc, 1);
}

void time_lacpy(const char *uplo, int m, int n, const struct time_matrix *a,
                struct time_matrix *b)
{
    lacpy_fn *fn = (lacpy_fn *)pblas(a, "lacpy");
    if (fn != NULL)
        fn(uplo, &m, &n, a->a, &one, &one, a->desc, b->a, &one, &one,
           b->desc, 1);
}

void time_geadd(double alpha, const struct time_matrix *a, double beta,
                struct time_matrix *c)
{
    geadd_fn *fn = (geadd_fn *)pblas(a, "geadd");
    double al[2], be[2];
    if (fn != NULL)
        fn("N", &c->desc[T_M], &c->desc[T_N], scalar(a, alpha, al), a->a,
           &one, &one, a->desc, scalar(a, beta, be), c->a, &one, &one,
           c->desc, 1);
}

void time_gemm(const char *ta, const char *tb, int m, int n, int k,
               double alpha, const struct time_matrix *a,
               const struct time_matrix *b, double beta,
               struct time_matrix *c)
{
    gemm_fn *fn = (gemm_fn *)pblas(a, "gemm");
    double al[2], be[2];
    if (fn != NULL)
        fn(ta, tb, &m, &n, &k, scalar(a, alpha, al), a->a, &one, &one,
           a->desc, b->a, &one, &one, b->desc, scalar(a, beta, be), c->a,
           &one, &one, c->desc, 1, 1);
}

double time_norm1(const struct time_matrix *a, int m, int n)
{
    time_fn *fn = pblas(a, "lange");
    const int *d = a->desc;
    /* P?LANGE('1') needs Nq0 reals; more than enough: */
    size_t len = (size_t)a->locr + (size_t)a->locc + 2 * (size_t)d[T_NB]
                 + (size_t)d[T_MB] + 1;
    void *work = malloc(len * sizeof(double));
    double norm = -1.0;

    if (work != NULL && fn != NULL) {
        if (a->prec->real_size == sizeof(float))
            norm = ((lange_float_fn *)fn)("1", &m, &n, a->a, &one, &one, d,
                                          work, 1);
        else
            norm = ((lange_double_fn *)fn)("1", &m, &n, a->a, &one, &one, d,
                                           work, 1);
    }
    free(work);
    return norm;
}

double time_scaled_residual(const struct time_matrix *d, int m, int n,
                            double norm_a, double scale)
{
    double norm_d = time_norm1(d, m, n);
    if (norm_a < 0.0 || norm_d < 0.0)
        return NAN;
    return norm_d / (norm_a * scale * d->prec->eps);
}

int time_apply_q(const struct time_matrix *a, const void *tau, int k,
                 struct time_matrix *c)
{
    ormqr_fn *fn =
        (ormqr_fn *)pblas(a, a->prec->parts == 2 ? "unmqr" : "ormqr");
    const int query = -1;
    double wq[2] = { 0.0, 0.0 };
    int info = 0, lwork;
    void *work;

    if (fn == NULL)
        return -1;
    fn("L", "N", &c->desc[T_M], &c->desc[T_N], &k, a->a, &one, &one, a->desc,
       tau, c->a, &one, &one, c->desc, wq, &query, &info, 1, 1);
    lwork = (int)time_real_at(a->prec, wq, 0) + 1;
    work = malloc((size_t)lwork * time_elem_size(a->prec));
    if (info != 0 || work == NULL) {
        free(work);
        return info != 0 ? info : -1;
    }
    fn("L", "N", &c->desc[T_M], &c->desc[T_N], &k, a->a, &one, &one, a->desc,
       tau, c->a, &one, &one, c->desc, work, &lwork, &info, 1, 1);
    free(work);
    return info;
}

/* P?LAPIV('Forward', 'Row', 'Column'), as ScaLAPACK's PDGETRRV calls it
 * ('Backward'): IPIV distributed over each process column like A's rows,
 * LOCr(M_A) + MB_A entries (the last MB_A its workspace).  P?LAPIV does
 * nothing for one interchange: K = 1 goes in as K = 2 with a copy of IPIV
 * whose second row stays in place. */
int time_apply_pivots(struct time_matrix *a, int *ipiv, int k)
{
    lapiv_fn *fn = (lapiv_fn *)pblas(a, "lapiv");
    const int *d = a->desc;
    int descip[T_DLEN], idum[1] = { 0 }, *one_swap = NULL;

    if (fn == NULL)
        return -1;
    if (k == 1 && d[T_M] > 1) {
        size_t len = (size_t)a->locr + (size_t)d[T_MB];
        int block = 1 / d[T_MB]; /* of global row 2 (0-based 1) */
        if ((one_swap = malloc(len * sizeof *one_swap)) == NULL)
            return -1;
        memcpy(one_swap, ipiv, len * sizeof *one_swap);
        if ((block + d[T_RSRC]) % a->nprow == a->myrow)
            one_swap[block / a->nprow * d[T_MB] + 1 % d[T_MB]] = 2;
        ipiv = one_swap;
        k = 2;
    }
    descip[T_DTYPE] = 1;
    descip[T_CTXT] = d[T_CTXT];
    descip[T_M] = d[T_M] + d[T_MB] * a->nprow;
    descip[T_N] = 1;
    descip[T_MB] = d[T_MB];
    descip[T_NB] = 1;
    descip[T_RSRC] = d[T_RSRC];
    descip[T_CSRC] = a->mycol;
    descip[T_LLD] = numroc_(&d[T_M], &d[T_MB], &a->myrow, &d[T_RSRC],
                            &a->nprow)
                    + d[T_MB];
    fn("F", "R", "C", &k, &d[T_N], a->a, &one, &one, d, ipiv, &one, &one,
       descip, idum, 1, 1, 1);
    free(one_swap);
    return 0;
}
