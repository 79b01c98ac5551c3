/* args_potrf [-precision s|d|c|z] [GRID...]: calls hetscal's p?potrf_ and
 * the reference ScaLAPACK's with every case of args_desc_cases.c and
 * args_cases.c on every grid given (e.g. 2x2 1x3); both must return the
 * same INFO on every process, the same on all processes of the grid, make
 * the same PXERBLA calls, and leave A alone on error.  This file holds
 * what is P?POTRF's own: the base call, the symmetric (Hermitian) positive
 * definite test matrix, the call itself and its checks; the driver is
 * args_driver.c.  Exit status: the number of failed cases. */
#include "config.h"

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

/* Symmetric real part, diagonally dominant; -1 on the diagonal where
 * spd_fail says.  Complex: an imaginary part of opposite signs across the
 * diagonal and none on it, so the matrix is Hermitian. */
static double matrix_entry(const struct args_call *c, int i, int j, int part)
{
    if (part == 1)
        return i == j ? 0.0
                      : (i > j ? 0.1 : -0.1) * (1 + (i + j) % 4)
                            / (2.0 + abs(i - j));
    if (c->spd_fail > 0 && i == j && i == c->ia - 1 + c->spd_fail - 1)
        return -1.0;
    if (i == j)
        return 20.0 + i % 3;
    return (1.0 + 0.1 * ((i + j) % 5)) / (2.0 + abs(i - j));
}

static void run(struct args_call *cp, const struct args_grid *g, int *rep)
{
    ref_potrf_fn *ref = (ref_potrf_fn *)args_reference;
    het_potrf_fn *ours = (het_potrf_fn *)args_ours;
    struct args_call c = *cp, before;
    int info_ref = 11111, info_het = 22222;

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

    rep[R_REF] = info_ref;
    rep[R_HET] = info_het;
    rep[R_SIZE] = c.n;
    rep[R_FACTOR_BAD] = rep[R_HET_STRAY] = 0;
    args_compare(a_in, a_ref, a_het, args_tol(1e-12), &rep[R_FACTOR_BAD],
                 &rep[R_HET_STRAY]);
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
    if (tc->kind != ARGS_ERROR && r[R_HET_STRAY])
        args_why(w, " [rank %d: hetscal wrote %d entries the reference left"
                 " alone]", p, r[R_HET_STRAY]);
}

const struct args_routine args_routine = {
    .name = "potrf",
    .ours = { ARGS_FN(pspotrf_), ARGS_FN(pdpotrf_), ARGS_FN(pcpotrf_),
              ARGS_FN(pzpotrf_) },
    .cases = potrf_cases,
    .nfields = ARGS_R_COMMON,
    .base = potrf_base,
    .run = run,
    .judge = judge,
};
