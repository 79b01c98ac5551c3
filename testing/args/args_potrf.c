/* args_potrf [-precision s|d|c|z] [GRID...]: calls hetscal's p?potrf_ and
 * the reference ScaLAPACK's with every case of args_desc_cases.c and
 * args_cases.c on every grid given (e.g. 2x2 1x3); both must return the
 * same INFO on every process, the same on all processes of the grid, make
 * the same PXERBLA calls, and leave A alone on error; a NaN pivot is
 * INFO = K where the reference goes on (SCALAPACK_CONTRACT.md).  This
 * file holds
 * what is P?POTRF's own: the base call, the symmetric (Hermitian) positive
 * definite test matrix, the call itself and its checks; the driver is
 * args_driver.c.  Exit status: the number of failed cases. */
#include "config.h"

#include <limits.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hetscal.h"
#include "args.h"
#include "args_potrf.h"

/* hetscal's entry point as hetscal.h declares it (any precision: A is
 * passed as it is), and the reference's, which takes UPLO's hidden length
 * as gfortran compiles it. */
typedef void het_potrf_fn HETSCAL_POTRF_ARGS(void);
typedef void ref_potrf_fn(const char *, const int *, void *, const int *,
                          const int *, const int *, int *, size_t);

/* P?POTRF's own field of a report, after the shared ones: 1 where the
 * reference's INFO was replaced by the pivot that was not a number. */
enum { R_NAN_PIVOT = ARGS_R_COMMON, R_STRAY_OUTSIDE, R_NFIELDS };

static double a_in[ARGS_BUF_DOUBLES], a_ref[ARGS_BUF_DOUBLES],
    a_het[ARGS_BUF_DOUBLES];

/* 11 x 11 matrix in 2 x 2 blocks, sub(A) = A(3:10, 3:10), lower. */
void potrf_base(struct args_call *c, const struct args_grid *g)
{
    c->uplo = 'L';
    c->n = 8;
    c->ia = 3;
    c->ja = 3;
    c->spd_fail = 0;
    args_base_desc(c, g, 11, 11);
}

/* Symmetric real part, diagonally dominant, relative to sub(A)'s corner
 * (so that sub(A) is positive definite with IA != JA too); -1 on the
 * diagonal where spd_fail says.  Complex: an imaginary part of opposite
 * signs across the diagonal and none on it, so the matrix is Hermitian. */
static double matrix_entry(const struct args_call *c, int gi, int gj,
                           int part)
{
    int i = gi - (c->ia - 1), j = gj - (c->ja - 1);

    if (part == 1)
        return i == j ? 0.0
                      : (i > j ? 0.1 : -0.1) * (1 + (i + j) % 4)
                            / (2.0 + abs(i - j));
    if (c->spd_fail > 0 && i == j && i == c->spd_fail - 1)
        return -1.0;
    if (i == j)
        return 20.0 + abs(i) % 3;
    return (1.0 + 0.1 * ((i + j) % 5)) / (2.0 + abs(i - j));
}

/* The first K (1-based in sub(A)) whose diagonal entry this process holds
 * in the reference's result and is not a number, or INT_MAX: the
 * reference's PDPOTF2 tests AJJ <= 0 only and goes on past a NaN pivot,
 * which SCALAPACK_CONTRACT.md makes INFO = K on purpose (LAPACK's DPOTRF2
 * tests DISNAN too).  Only for a call the reference accepted. */
static int first_nan_pivot(const struct args_call *c, const struct args_grid *g)
{
    const int *d = c->desc, parts = args_prec->parts;

    for (int k = 0; k < c->n; k++) {
        int gi = c->ia - 1 + k, gj = c->ja - 1 + k;
        size_t li, lj, e;
        if ((d[D_RSRC] + gi / d[D_MB]) % g->nprow != g->myrow
            || (d[D_CSRC] + gj / d[D_NB]) % g->npcol != g->mycol)
            continue;
        li = (size_t)d[D_MB] * (size_t)(gi / (d[D_MB] * g->nprow))
             + (size_t)(gi % d[D_MB]);
        lj = (size_t)d[D_NB] * (size_t)(gj / (d[D_NB] * g->npcol))
             + (size_t)(gj % d[D_NB]);
        e = li + lj * (size_t)d[D_LLD];
        if (e < ARGS_CAP && (isnan(args_real_at(a_ref, e * (size_t)parts))
                             || isnan(args_real_at(a_ref, (e + 1) * (size_t)parts - 1))))
            return k + 1;
    }
    return INT_MAX;
}

static void run(struct args_call *cp, const struct args_grid *g, int *rep)
{
    ref_potrf_fn *ref = (ref_potrf_fn *)args_reference;
    het_potrf_fn *ours = (het_potrf_fn *)args_ours;
    struct args_call c = *cp, before;
    int info_ref = 11111, info_het = 22222, nan_pivot;

    args_fill(a_in, &c, g, matrix_entry);
    before = c;

    memcpy(a_ref, a_in, sizeof a_in);
    args_xerbla_start();
    ref(&c.uplo, &c.n, a_ref, &c.ia, &c.ja, c.desc, &info_ref, 1);
    args_xerbla_report(rep + R_PX_REF);
    rep[R_REF_TOUCHED] = memcmp(a_ref, a_in, sizeof a_in) != 0
                         || memcmp(&c, &before, sizeof c) != 0;

    memcpy(a_het, a_in, sizeof a_in);
    args_xerbla_start();
    ours(&c.uplo, &c.n, a_het, &c.ia, &c.ja, c.desc, &info_het);
    args_xerbla_report(rep + R_PX_HET);
    rep[R_HET_TOUCHED] = memcmp(a_het, a_in, sizeof a_in) != 0
                         || memcmp(&c, &before, sizeof c) != 0;

    /* Every process takes part (the grid's minimum), also where the
     * call was an error. */
    nan_pivot = g->in && info_ref >= 0 && c.n > 0 ? first_nan_pivot(&c, g)
                                                  : INT_MAX;
    MPI_Allreduce(MPI_IN_PLACE, &nan_pivot, 1, MPI_INT, MPI_MIN,
                  MPI_COMM_WORLD);
    rep[R_NAN_PIVOT] = g->in && info_ref >= 0 && nan_pivot != INT_MAX
                       && (info_ref == 0 || nan_pivot < info_ref);
    rep[R_REF] = rep[R_NAN_PIVOT] ? nan_pivot : info_ref;
    rep[R_HET] = info_het;
    rep[R_SIZE] = c.n;
    rep[R_FACTOR_BAD] = rep[R_HET_STRAY] = 0;
    args_compare(a_in, a_ref, a_het, args_tol(1e-12), &rep[R_FACTOR_BAD],
                 &rep[R_HET_STRAY]);
    rep[R_STRAY_OUTSIDE] = args_stray_outside(&c, g, c.n, c.n,
                                              (c.uplo | 0x20) == 'l' ? 'L'
                                                                     : 'U',
                                              a_in, a_ref, a_het);
}

static void judge(const struct args_case *tc, const int *r, int p,
                  struct args_why *w)
{
    int error_case = r[R_EXPECT] < 0;

    if (error_case && r[R_REF_TOUCHED])
        args_why(w, " [rank %d: reference changed A or arguments]", p);
    if ((error_case || tc->kind == ARGS_ERROR) && r[R_HET_TOUCHED])
        args_why(w, " [rank %d: hetscal changed A or arguments on error]", p);
    if (tc->kind == ARGS_VALID && r[R_FACTOR_BAD])
        args_why(w, " [rank %d: %d entries differ from the reference factor]",
                 p, r[R_FACTOR_BAD]);
    /* Past a failed minor the reference's PDPOTRF has stopped inside its
     * block column and hetscal's tiles have gone on as far as their
     * inputs allowed: ScaLAPACK leaves that part undefined.  Outside
     * sub(A)'s triangle nothing may change. */
    if (tc->kind == ARGS_VALID && r[R_HET_STRAY])
        args_why(w, " [rank %d: hetscal wrote %d entries the reference left"
                 " alone]", p, r[R_HET_STRAY]);
    if (tc->kind != ARGS_ERROR && r[R_STRAY_OUTSIDE])
        args_why(w, " [rank %d: hetscal wrote %d entries outside sub(A)'s"
                 " triangle]", p, r[R_STRAY_OUTSIDE]);
}

static void print(const int *r)
{
    if (r[R_NAN_PIVOT])
        printf(" (the reference's INFO read as its first NaN pivot)");
}

const struct args_routine args_routine = { ARGS_ROUTINE_FIELDS(potrf, potrf) };
