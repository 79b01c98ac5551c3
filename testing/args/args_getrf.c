/* args_getrf [-precision s|d|c|z] [GRID...]: calls hetscal's p?getrf_
 * and the reference ScaLAPACK's with every case of args_desc_cases.c and
 * args_lu_cases.c on every grid given (e.g. 2x2 1x3); both must return the
 * same INFO on every process, the same INFO on all processes of the grid,
 * make the same PXERBLA calls, leave A and IPIV alone on error, leave A
 * alone on a quick return (M = 0, N = 0, M_A = 1, where the reference sets
 * IPIV(1) = 1 and nothing else), and agree on IPIV, exactly, and on L and
 * U otherwise (a singular sub(A) included: INFO > 0).  This file holds
 * what is P?GETRF's own (base call, test matrix, the call and its
 * checks); the driver is args_driver.c.  Exit status: the number of
 * failed cases. */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "hetscal.h"
#include "args.h"
#include "args_lu.h"

/* Both sides' entry point (no character argument, so no hidden length):
 * A in the precision under test, IPIV integers. */
typedef void getrf_fn HETSCAL_GETRF_ARGS(void);

/* P?GETRF's own fields of a report, after the shared ones. */
enum { R_IPIV_BAD = ARGS_R_COMMON, R_IPIV_STRAY, R_IPIV_REF_TOUCHED,
       R_IPIV_HET_TOUCHED, R_IPIV1_HET, R_INF_KEPT, R_NFIELDS };

/* IPIV(1) as reported when nobody wrote it. */
#define IPIV_UNSET (-77)

static double a_in[ARGS_BUF_DOUBLES], a_ref[ARGS_BUF_DOUBLES],
    a_het[ARGS_BUF_DOUBLES];
static int p_in[ARGS_CAP], p_ref[ARGS_CAP], p_het[ARGS_CAP];

void lu_sub(struct args_call *c, int m, int n, int ia, int ja)
{
    c->m = m;
    c->n = n;
    c->ia = ia;
    c->ja = ja;
}

void lu_base(struct args_call *c, const struct args_grid *g)
{
    args_base_desc(c, g, 13, 11);
    lu_sub(c, 9, 6, 3, 5);
    c->zero_col = 0;
    c->nspecial = 0;
}

void lu_special(struct args_call *c, int i, int j, double value)
{
    c->special[c->nspecial].i = i;
    c->special[c->nspecial].j = j;
    c->special[c->nspecial++].value = value;
}

/* Pseudo-random in (-1, 1), of full rank, relative to sub(A)'s corner (a
 * smooth formula such as sin(a + b i + c j^2) has rank 2 or 3, and the
 * pivots after that would be rounding noise): a 64-bit hash of (i, j,
 * part) on 2^22 levels, exact in single precision.  The levels are fine
 * enough that equal entries, and the exact ties and singular trailing
 * blocks they make, are rare.  (A quadratic formula modulo 1009 repeated
 * values: the fuzzer met a trailing block singular to rounding, and exact
 * ties, which hetscal breaks by global row, as LAPACK's I?AMAX over the
 * whole column does, and the reference's P?AMAX by process row, its
 * combine keeping the lower process row's candidate: other IPIV.  Seeds 2
 * and 5 of fuzz_getrf; the ties are an open difference.)  Column zero_col of sub(A) zero (args_fill writes the special entries
 * over it).  Complex: an imaginary part of its own hash, so that
 * |Re| + |Im| (the pivot searches' size) does not tie. */
static double matrix_entry(const struct args_call *c, int gi, int gj,
                           int part)
{
    int i = gi - (c->ia - 1), j = gj - (c->ja - 1);
    uint64_t z = (uint64_t)(uint32_t)i * 0x9E3779B97F4A7C15u
                 + (uint64_t)(uint32_t)j * 0xD1B54A32D192ED03u
                 + (uint64_t)part * 0x632BE59BD9B4E019u;

    if (c->zero_col > 0 && j == c->zero_col - 1)
        return 0.0;
    /* SplitMix64's finalizer: every input bit reaches every output bit */
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    z ^= z >> 31;
    return ((double)(z >> 42) + 0.5) / 2097152.0 - 1.0;
}

/* Whether a call changed A or its arguments; IPIV apart. */
static int touched(const double *a, const struct args_call *c,
                   const struct args_call *before)
{
    return memcmp(a, a_in, sizeof a_in) != 0
           || memcmp(c, before, sizeof *c) != 0;
}

/* One side's call (ref: the reference's, else hetscal's) with c on its
 * copies of A and IPIV: its INFO; rep gets what PXERBLA saw and whether
 * the call changed A or its arguments, and IPIV. */
static int call(int ref, struct args_call *c, const struct args_call *before,
                int *rep)
{
    getrf_fn *fn = (getrf_fn *)(ref ? args_reference : args_ours);
    double *a = ref ? a_ref : a_het;
    int *p = ref ? p_ref : p_het, info = ref ? 11111 : 22222;

    memcpy(a, a_in, sizeof a_in);
    memcpy(p, p_in, sizeof p_in);
    args_xerbla_start();
    fn(&c->m, &c->n, a, &c->ia, &c->ja, c->desc, p, &info);
    args_xerbla_report(rep + (ref ? R_PX_REF : R_PX_HET));
    rep[ref ? R_REF_TOUCHED : R_HET_TOUCHED] = touched(a, c, before);
    rep[ref ? R_IPIV_REF_TOUCHED : R_IPIV_HET_TOUCHED] =
        memcmp(p, p_in, sizeof p_in) != 0;
    return info;
}

/* Entries (real parts) whose input was infinite and stayed so in the
 * reference's factor, and that hetscal's made NaN: an infinity minus a
 * finite product stays infinite, minus another infinity (an update
 * order of other blocks, or 0 * inf in a blocked product) is NaN, and no
 * contract says which; the judge does not count them as written where
 * the reference left A alone.  Any other value they take is. */
static int infinities_kept_by_ref(void)
{
    int count = 0;
    for (size_t k = 0; k < ARGS_CAP * (size_t)args_prec->parts; k++) {
        double x = args_real_at(a_in, k), r = args_real_at(a_ref, k);
        double h = args_real_at(a_het, k);
        count += isinf(x) && r == x && isnan(h);
    }
    return count;
}

static void run(struct args_call *cp, const struct args_grid *g, int *rep)
{
    struct args_call c = *cp, before;
    int info_ref, info_het;
    size_t k;

    args_fill(a_in, &c, g, matrix_entry);
    for (k = 0; k < ARGS_CAP; k++)
        p_in[k] = -7700 - (int)k;
    before = c;

    info_ref = call(1, &c, &before, rep);
    info_het = call(0, &c, &before, rep);

    rep[R_REF] = info_ref;
    rep[R_HET] = info_het;
    /* the driver's "the reference changed nothing" check counts A only:
     * a quick return (M_A = 1) and one row (M = 1) write IPIV alone */
    rep[R_SIZE] = c.desc[D_M] == 1 || c.m < 2 ? 0 : c.m < c.n ? c.m : c.n;
    rep[R_FACTOR_BAD] = rep[R_HET_STRAY] = 0;
    args_compare(a_in, a_ref, a_het, args_tol(1e-11), &rep[R_FACTOR_BAD],
                 &rep[R_HET_STRAY]);
    rep[R_INF_KEPT] = infinities_kept_by_ref();
    rep[R_HET_STRAY] -= rep[R_INF_KEPT];
    rep[R_IPIV_BAD] = rep[R_IPIV_STRAY] = 0;
    for (k = 0; k < ARGS_CAP; k++) {
        if (p_ref[k] == p_in[k] && p_het[k] != p_in[k])
            rep[R_IPIV_STRAY]++;
        else if (p_ref[k] != p_het[k])
            rep[R_IPIV_BAD]++;
    }
    rep[R_IPIV1_HET] = p_het[0] == p_in[0] ? IPIV_UNSET : p_het[0];
}

static void judge(const struct args_case *tc, const int *r, int p,
                  struct args_why *w)
{
    int error_case = r[R_EXPECT] < 0;

    if (error_case && (r[R_REF_TOUCHED] || r[R_IPIV_REF_TOUCHED]))
        args_why(w, " [rank %d: reference changed A, IPIV or arguments]", p);
    if ((error_case || tc->kind == ARGS_ERROR)
        && (r[R_HET_TOUCHED] || r[R_IPIV_HET_TOUCHED]))
        args_why(w, " [rank %d: hetscal changed A, IPIV or arguments on"
                 " error]", p);
    if (tc->kind == ARGS_UNTOUCHED && r[R_REF_TOUCHED])
        args_why(w, " [rank %d: reference changed A or arguments on a quick"
                 " return]", p);
    if (tc->kind == ARGS_UNTOUCHED && r[R_HET_TOUCHED])
        args_why(w, " [rank %d: hetscal changed A or arguments on a quick"
                 " return]", p);
    if (tc->kind != ARGS_ERROR && r[R_FACTOR_BAD])
        args_why(w, " [rank %d: %d entries of A differ from the reference]",
                 p, r[R_FACTOR_BAD]);
    if (tc->kind != ARGS_ERROR && r[R_IPIV_BAD])
        args_why(w, " [rank %d: %d entries of IPIV differ from the"
                 " reference]", p, r[R_IPIV_BAD]);
    if (tc->kind != ARGS_ERROR && (r[R_HET_STRAY] || r[R_IPIV_STRAY]))
        args_why(w, " [rank %d: hetscal wrote %d entries of A and %d of"
                 " IPIV the reference left alone]", p, r[R_HET_STRAY],
                 r[R_IPIV_STRAY]);
}

static void print(const int *r)
{
    if (r[R_IPIV1_HET] == IPIV_UNSET)
        printf(" IPIV(1) unset");
    else
        printf(" IPIV(1)=%d", r[R_IPIV1_HET]);
}

const struct args_routine args_routine = { ARGS_ROUTINE_FIELDS(getrf, lu) };
